//! A created test file known by identity: the directory it was created in
//! (held open), its name there and its (device, inode). Creation makes it
//! locked and marked before any other process can see it; removal unlinks
//! through the directory descriptor only a name that still refers to it.

use crate::run::marker;
use crate::workload::access::splitmix64;
use rustix::fs::{AtFlags, FlockOperation, Mode, OFlags};
use rustix::io::Errno;
use std::fs::File;
use std::io;
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::path::Path;
use std::time::Duration;

/// Prefix of every test file name; a later run recognises leftovers by it.
pub const FILE_PREFIX: &str = ".diskmark-";
/// Suffix of every test file name.
pub const FILE_SUFFIX: &str = ".tmp";

/// How often a fresh file's lock is tried before giving up: only a process
/// of the same user that opens a file it did not create can hold it.
const LOCK_TRIES: u32 = 100;
/// Pause between two lock tries.
const LOCK_PAUSE: Duration = Duration::from_millis(10);

/// The test file's own identity and lock.
#[derive(Debug)]
pub(super) struct Owned {
    /// The target directory, opened before the file was created.
    dir: OwnedFd,
    /// The file's name in it.
    name: String,
    /// (st_dev, st_ino) of the file.
    id: (u64, u64),
    /// The descriptor that created the file and holds its lock.
    lock: File,
    /// Removed or kept: nothing left to do.
    done: bool,
}

/// Why the test file is still on disk, in one sentence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the test file {path} ({size}) could not be removed: {why}; find it and remove it by hand")]
pub struct NotRemoved {
    /// Where it was created.
    pub path: String,
    /// Its size, human readable.
    pub size: String,
    /// What went wrong.
    pub why: String,
}

impl Owned {
    /// Creates a new test file in `dir`: with O_TMPFILE, locked and marked
    /// while it has no name, then linked into place; where the filesystem
    /// has no O_TMPFILE, created with O_EXCL and locked before it is marked
    /// (a scan only ever touches marked files).
    pub(super) fn create(dir: &Path) -> io::Result<Owned> {
        let dirfd = open_dir(dir)?;
        let (name, lock) = match create_tmpfile(&dirfd)? {
            Some(made) => made,
            None => create_named(&dirfd)?,
        };
        let st = rustix::fs::fstat(&lock)?;
        Ok(Owned {
            dir: dirfd,
            name,
            id: (st.st_dev, st.st_ino),
            lock,
            done: false,
        })
    }

    /// Its name in the target directory.
    pub(super) fn name(&self) -> &str {
        &self.name
    }

    /// The descriptor holding the lock.
    pub(super) fn lock(&self) -> &File {
        &self.lock
    }

    /// Whether it is already removed or kept.
    pub(super) fn done(&self) -> bool {
        self.done
    }

    /// Leaves the file to the user: unmarked, so that no later run takes
    /// it for a leftover. The lock goes with the descriptor.
    pub(super) fn keep(&mut self) -> io::Result<()> {
        self.done = true;
        marker::unmark(&self.lock)
    }

    /// Removes the file: its name if that still refers to it, else any
    /// other name it has in its directory (renamed there during the run).
    /// A file someone else already removed is fine; one moved elsewhere,
    /// or one that cannot be unlinked, is a [`NotRemoved`] naming `path`.
    pub(super) fn remove(&mut self, path: &Path, size: u64) -> Result<(), NotRemoved> {
        if self.done {
            return Ok(());
        }
        self.done = true;
        let fail = |why: String| NotRemoved {
            path: crate::escape::path(path),
            size: crate::units::human_bytes(size),
            why,
        };
        let name = if self.is(&self.name) {
            Some(self.name.clone())
        } else {
            self.find_by_inode()
        };
        match name {
            Some(n) => rustix::fs::unlinkat(&self.dir, n.as_str(), AtFlags::empty())
                .map_err(|e| fail(io::Error::from(e).to_string())),
            None => match rustix::fs::fstat(&self.lock) {
                // Unlinked by someone else: its blocks go with our last
                // descriptor.
                Ok(st) if st.st_nlink == 0 => Ok(()),
                Ok(_) => Err(fail(
                    "it was moved out of its directory during the run".into(),
                )),
                Err(e) => Err(fail(io::Error::from(e).to_string())),
            },
        }
    }

    /// Whether `name` in the directory is this file (never following a
    /// symlink).
    fn is(&self, name: &str) -> bool {
        rustix::fs::statat(&self.dir, name, AtFlags::SYMLINK_NOFOLLOW)
            .is_ok_and(|st| (st.st_dev, st.st_ino) == self.id)
    }

    /// A name of this file in its directory, found by inode.
    fn find_by_inode(&self) -> Option<String> {
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
        let fd = rustix::fs::openat(&self.dir, ".", flags, Mode::empty()).ok()?;
        let entries = rustix::fs::Dir::new(fd).ok()?;
        entries
            .filter_map(Result::ok)
            .filter(|e| e.ino() == self.id.1)
            .filter_map(|e| e.file_name().to_str().ok().map(str::to_string))
            .find(|n| self.is(n))
    }
}

/// The target directory: readable where it may be (to find a renamed file
/// by its inode), else only as a path anchor.
fn open_dir(dir: &Path) -> io::Result<OwnedFd> {
    let base = OFlags::DIRECTORY | OFlags::CLOEXEC;
    match rustix::fs::open(dir, base | OFlags::RDONLY, Mode::empty()) {
        Err(Errno::ACCESS) => Ok(rustix::fs::open(dir, base | OFlags::PATH, Mode::empty())?),
        r => Ok(r?),
    }
}

/// A fresh random test file name.
fn new_name(entropy: &mut u64) -> String {
    format!(
        "{FILE_PREFIX}{}-{:08x}{FILE_SUFFIX}",
        std::process::id(),
        splitmix64(entropy) as u32
    )
}

fn entropy() -> u64 {
    u64::from(std::process::id())
        ^ std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
}

/// O_TMPFILE: locked and marked while nameless, then linked. `None` where
/// the filesystem (or kernel) has no O_TMPFILE or the link cannot be made.
fn create_tmpfile(dirfd: &OwnedFd) -> io::Result<Option<(String, File)>> {
    let flags = OFlags::TMPFILE | OFlags::RDWR | OFlags::CLOEXEC;
    let fd = match rustix::fs::openat(dirfd, ".", flags, Mode::from_raw_mode(0o600)) {
        Ok(fd) => fd,
        Err(Errno::OPNOTSUPP | Errno::ISDIR | Errno::INVAL | Errno::NOENT) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let file = File::from(fd);
    // Nobody else can see it yet: this cannot be contended.
    rustix::fs::flock(&file, FlockOperation::NonBlockingLockExclusive)?;
    // Without user xattrs the file stays unmarked: a later run will never
    // remove it, which is the safe side.
    let _ = marker::mark(&file);
    let proc_path = format!("/proc/self/fd/{}", file.as_raw_fd());
    let mut entropy = entropy();
    for _ in 0..16 {
        let name = new_name(&mut entropy);
        let linked = rustix::fs::linkat(
            rustix::fs::CWD,
            proc_path.as_str(),
            dirfd,
            name.as_str(),
            AtFlags::SYMLINK_FOLLOW,
        )
        .or_else(|e| match e {
            // No /proc: AT_EMPTY_PATH, which needs CAP_DAC_READ_SEARCH.
            Errno::NOENT => {
                rustix::fs::linkat(file.as_fd(), "", dirfd, name.as_str(), AtFlags::EMPTY_PATH)
            }
            e => Err(e),
        });
        match linked {
            Ok(()) => return Ok(Some((name, file))),
            Err(Errno::EXIST) => continue,
            Err(Errno::NOENT | Errno::PERM | Errno::XDEV) => return Ok(None),
            Err(e) => return Err(e.into()),
        }
    }
    Err(io::Error::from(io::ErrorKind::AlreadyExists))
}

/// O_EXCL (never through a symlink, never over an existing file), then the
/// lock, then the mark.
fn create_named(dirfd: &OwnedFd) -> io::Result<(String, File)> {
    let flags = OFlags::CREATE
        | OFlags::EXCL
        | OFlags::RDWR
        | OFlags::NOFOLLOW
        | OFlags::CLOEXEC
        | OFlags::NOCTTY;
    let mut entropy = entropy();
    let mut tries = 0;
    let (name, file) = loop {
        let name = new_name(&mut entropy);
        match rustix::fs::openat(dirfd, name.as_str(), flags, Mode::from_raw_mode(0o600)) {
            Ok(fd) => break (name, File::from(fd)),
            Err(Errno::EXIST) if tries < 16 => tries += 1,
            Err(e) => return Err(e.into()),
        }
    };
    let mut tries = 0;
    loop {
        match rustix::fs::flock(&file, FlockOperation::NonBlockingLockExclusive) {
            Ok(()) => break,
            Err(Errno::WOULDBLOCK) if tries < LOCK_TRIES => {
                tries += 1;
                std::thread::sleep(LOCK_PAUSE);
            }
            Err(e) => {
                // Only while the name is still the file just made.
                let mine = rustix::fs::fstat(&file).ok().map(|s| (s.st_dev, s.st_ino));
                let there = rustix::fs::statat(dirfd, name.as_str(), AtFlags::SYMLINK_NOFOLLOW)
                    .ok()
                    .map(|s| (s.st_dev, s.st_ino));
                if mine.is_some() && mine == there {
                    let _ = rustix::fs::unlinkat(dirfd, name.as_str(), AtFlags::empty());
                }
                return Err(e.into());
            }
        }
    }
    let _ = marker::mark(&file);
    Ok((name, file))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both ways of creating: the file is locked and marked when creation
    /// returns (O_TMPFILE: before it has a name), under a test file's name.
    #[test]
    fn created_files_are_locked_and_marked() {
        let dir = tempfile::tempdir().unwrap();
        let dirfd = open_dir(dir.path()).unwrap();
        let tmp = create_tmpfile(&dirfd)
            .unwrap()
            .expect("O_TMPFILE on this disk");
        let named = create_named(&dirfd).unwrap();
        let xattrs = marker::mark(&File::create(dir.path().join("probe")).unwrap()).is_ok();
        for (name, _held) in [&tmp, &named] {
            assert!(super::super::parse_name(name).is_some(), "{name}");
            let other = File::open(dir.path().join(name)).unwrap();
            assert_eq!(
                rustix::fs::flock(&other, FlockOperation::NonBlockingLockExclusive),
                Err(Errno::WOULDBLOCK),
                "{name} is not locked"
            );
            if xattrs {
                let me = marker::Owner::me();
                assert_eq!(marker::owner(&other), me, "{name} is not marked");
            }
        }
    }
}
