//! Clean-up of test files that a killed run left behind. Only a file that
//! is certainly diskmark's and certainly abandoned is removed: a regular
//! file with a test file's name, owned by this user, carrying diskmark's
//! mark (so never a kept file, never a look-alike), whose creating run is
//! gone, and on which nobody holds a flock or fcntl lock. The guardian
//! (docs/measurement.md#the-guardian) removes its parent's files with the
//! same checks, by the mark's owner instead of "gone".

use super::marker;
use super::testfile::parse_name;
use rustix::fs::{AtFlags, FileType, FlockOperation, Mode, OFlags};
use std::os::fd::OwnedFd;
use std::path::Path;
use std::time::{Duration, Instant};

/// A leftover that was removed.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Removed {
    /// Its name in the target directory.
    pub name: String,
    /// Its size in bytes.
    pub size: u64,
}

/// What [`remove_left_by`] found in one directory.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LeftBy {
    /// The files removed.
    pub removed: Vec<Removed>,
    /// The names of the owner's files still locked at the deadline: in
    /// use, so left alone.
    pub locked: Vec<String>,
}

/// What one look at a candidate found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Look {
    /// Removed; its size.
    Removed(u64),
    /// The owner's file, but someone holds a lock on it.
    Locked,
    /// Not a file to take (not a marked regular file of ours, the wrong
    /// owner, replaced meanwhile, or gone).
    NotOurs,
}

/// How often a still-locked file of a dead owner is looked at again.
const LOCK_RETRY: Duration = Duration::from_millis(20);

/// Removes the test files that killed runs left in `dir` (see the module
/// comment for what counts). Returns what was removed, by name.
pub fn remove_stale(dir: &Path) -> Vec<Removed> {
    let Some((dirfd, names)) = candidates(dir) else {
        return Vec::new();
    };
    let mut removed: Vec<Removed> = names
        .into_iter()
        .filter_map(|name| match look(&dirfd, &name, &|o| !o.alive()) {
            Look::Removed(size) => Some(Removed { name, size }),
            _ => None,
        })
        .collect();
    removed.sort();
    removed
}

/// Removes from `dir` the test files that `owner` marked, on which nobody
/// holds a lock. A file still locked is looked at again until `deadline`:
/// a process that has just ended drops its locks as the kernel closes its
/// descriptors, a moment after its pipe's end is closed. A file still
/// locked then is in use, and is left alone.
pub(crate) fn remove_left_by(dir: &Path, owner: &marker::Owner, deadline: Instant) -> LeftBy {
    let mut out = LeftBy::default();
    let Some((dirfd, mut names)) = candidates(dir) else {
        return out;
    };
    let mine = |o: &marker::Owner| o == owner;
    loop {
        names.retain(|name| match look(&dirfd, name, &mine) {
            Look::Removed(size) => {
                out.removed.push(Removed {
                    name: name.clone(),
                    size,
                });
                false
            }
            Look::Locked => true,
            Look::NotOurs => false,
        });
        if names.is_empty() || Instant::now() >= deadline {
            break;
        }
        std::thread::sleep(LOCK_RETRY);
    }
    out.removed.sort();
    out.locked = names;
    out
}

/// `dir`, opened, and the names in it that are test files' names.
fn candidates(dir: &Path) -> Option<(OwnedFd, Vec<String>)> {
    let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
    let dirfd = rustix::fs::open(dir, flags, Mode::empty()).ok()?;
    let entries = rustix::fs::Dir::read_from(&dirfd).ok()?;
    let names = entries
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str().ok().map(str::to_string))
        .filter(|name| parse_name(name).is_some())
        .collect();
    Some((dirfd, names))
}

/// Removes `name` from `dirfd` if it is a marked test file of ours whose
/// owner `take` accepts and on which nobody holds a lock.
fn look(dirfd: &OwnedFd, name: &str, take: &dyn Fn(&marker::Owner) -> bool) -> Look {
    let me = rustix::process::geteuid().as_raw();
    let Ok(st) = rustix::fs::statat(dirfd, name, AtFlags::SYMLINK_NOFOLLOW) else {
        return Look::NotOurs;
    };
    if FileType::from_raw_mode(st.st_mode) != FileType::RegularFile || st.st_uid != me {
        return Look::NotOurs;
    }
    // Read-write, so that an fcntl write lock can be tried; never through
    // a symlink, never blocking on a FIFO swapped in meanwhile.
    let Ok(fd) = rustix::fs::openat(
        dirfd,
        name,
        OFlags::RDWR | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC,
        Mode::empty(),
    ) else {
        return Look::NotOurs;
    };
    let same = |a: &rustix::fs::Stat| (a.st_dev, a.st_ino) == (st.st_dev, st.st_ino);
    let Ok(now) = rustix::fs::fstat(&fd) else {
        return Look::NotOurs;
    };
    // Unmarked (a kept file, or not diskmark's) or not the owner asked
    // for: not ours to take. The creator takes its lock before it marks,
    // so a probe below never meets a live run's file before its lock.
    if !same(&now) || !marker::owner(&fd).is_some_and(|o| take(&o)) {
        return Look::NotOurs;
    }
    // Anyone's flock or fcntl lock means someone is using it.
    let free = rustix::fs::flock(&fd, FlockOperation::NonBlockingLockExclusive).is_ok()
        && rustix::fs::fcntl_lock(&fd, FlockOperation::NonBlockingLockExclusive).is_ok();
    if !free {
        return Look::Locked;
    }
    // Still the same file under that name (not replaced meanwhile).
    let again = rustix::fs::statat(dirfd, name, AtFlags::SYMLINK_NOFOLLOW);
    if !again.is_ok_and(|a| same(&a)) {
        return Look::NotOurs;
    }
    match rustix::fs::unlinkat(dirfd, name, AtFlags::empty()) {
        Ok(()) => Look::Removed(now.st_size as u64),
        Err(_) => Look::NotOurs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::testfile::TestFile;

    /// A test file abandoned by a "killed run": marked by a process that
    /// is gone (a pid that cannot exist), unlocked.
    fn abandoned(dir: &Path, name: &str) -> Option<std::path::PathBuf> {
        marked_by(dir, name, &gone(999_999_999))
    }

    /// An owner that is gone: pid `pid`, this boot.
    fn gone(pid: u32) -> marker::Owner {
        marker::Owner {
            pid,
            ..marker::Owner::me().unwrap()
        }
    }

    /// A 4 KiB file `name` marked by `owner`, unlocked; `None` without
    /// user xattrs.
    fn marked_by(dir: &Path, name: &str, owner: &marker::Owner) -> Option<std::path::PathBuf> {
        let path = dir.join(name);
        let f = std::fs::File::create(&path).unwrap();
        f.set_len(4096).unwrap();
        let v = format!(
            "diskmark-testfile 1 pid={} boot={} start={}",
            owner.pid, owner.boot, owner.start
        );
        rustix::fs::fsetxattr(
            &f,
            marker::XATTR,
            v.as_bytes(),
            rustix::fs::XattrFlags::empty(),
        )
        .ok()?;
        Some(path)
    }

    #[test]
    fn only_abandoned_marked_files_go() {
        let dir = tempfile::tempdir().unwrap();
        let Some(stale) = abandoned(dir.path(), ".diskmark-999999999-0badf00d.tmp") else {
            eprintln!("SKIPPED only_abandoned_marked_files_go: no user xattrs here");
            return;
        };
        // A live one: ours, locked, marked by this (living) process.
        let live = TestFile::create(dir.path(), 1 << 20, false).unwrap();
        // Look-alikes: the right name without a mark, a similar name, a
        // symlink with a test file's name.
        let unmarked = dir.path().join(".diskmark-999999999-00000001.tmp");
        std::fs::write(&unmarked, b"keep").unwrap();
        let other = dir.path().join(".diskmark-notes.tmp");
        std::fs::write(&other, b"keep").unwrap();
        let link = dir.path().join(".diskmark-1-00000000.tmp");
        std::os::unix::fs::symlink(&stale, &link).unwrap();
        // Abandoned but locked by someone: in use.
        let locked = abandoned(dir.path(), ".diskmark-999999999-00000002.tmp").unwrap();
        let holder = std::fs::File::open(&locked).unwrap();
        rustix::fs::flock(&holder, FlockOperation::NonBlockingLockShared).unwrap();

        let removed = remove_stale(dir.path());
        assert_eq!(
            removed,
            [Removed {
                name: ".diskmark-999999999-0badf00d.tmp".into(),
                size: 4096
            }]
        );
        assert!(!stale.exists());
        assert!(live.path().exists() && unmarked.exists() && other.exists());
        assert!(link.symlink_metadata().is_ok() && locked.exists());
    }

    /// The guardian's clean-up: only the named owner's files, once
    /// unlocked; a lock released before the deadline is waited for, one
    /// held past it is left alone.
    #[test]
    fn left_by_takes_only_that_owners_unlocked_files() {
        let dir = tempfile::tempdir().unwrap();
        let parent = gone(999_999_990);
        let Some(left) = marked_by(dir.path(), ".diskmark-999999990-0000000a.tmp", &parent) else {
            eprintln!("SKIPPED left_by_takes_only_that_owners_unlocked_files: no user xattrs");
            return;
        };
        // Another run's files: dead, or alive (this process's, locked).
        let other = abandoned(dir.path(), ".diskmark-999999999-0000000b.tmp").unwrap();
        let live = TestFile::create(dir.path(), 1 << 20, false).unwrap();
        // The owner's, locked until a moment later, and locked for good.
        let soon = marked_by(dir.path(), ".diskmark-999999990-0000000c.tmp", &parent).unwrap();
        let held = marked_by(dir.path(), ".diskmark-999999990-0000000d.tmp", &parent).unwrap();
        let lock = |p: &Path| {
            let f = std::fs::File::open(p).unwrap();
            rustix::fs::flock(&f, FlockOperation::NonBlockingLockShared).unwrap();
            f
        };
        let (soon_lock, held_lock) = (lock(&soon), lock(&held));
        let releaser = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            drop(soon_lock);
        });
        let deadline = Instant::now() + Duration::from_secs(3);
        let out = remove_left_by(dir.path(), &parent, deadline);
        releaser.join().unwrap();
        let names: Vec<&str> = out.removed.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(
            names,
            [
                ".diskmark-999999990-0000000a.tmp",
                ".diskmark-999999990-0000000c.tmp"
            ]
        );
        assert_eq!(out.locked, [".diskmark-999999990-0000000d.tmp"]);
        assert!(!left.exists() && !soon.exists());
        assert!(held.exists() && other.exists() && live.path().exists());
        drop(held_lock);
    }
}
