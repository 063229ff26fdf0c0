//! Clean-up of test files that a killed run left behind. Only a file that
//! is certainly diskmark's and certainly abandoned is removed: a regular
//! file with a test file's name, owned by this user, carrying diskmark's
//! mark (so never a kept file, never a look-alike), whose creating run is
//! gone, and on which nobody holds a flock or fcntl lock.

use super::marker;
use super::testfile::parse_name;
use rustix::fs::{AtFlags, FileType, FlockOperation, Mode, OFlags};
use std::os::fd::OwnedFd;
use std::path::Path;

/// A leftover that was removed.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Removed {
    /// Its name in the target directory.
    pub name: String,
    /// Its size in bytes.
    pub size: u64,
}

/// Removes the test files that killed runs left in `dir` (see the module
/// comment for what counts). Returns what was removed, by name.
pub fn remove_stale(dir: &Path) -> Vec<Removed> {
    let mut removed = Vec::new();
    let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
    let Ok(dirfd) = rustix::fs::open(dir, flags, Mode::empty()) else {
        return removed;
    };
    let Ok(entries) = rustix::fs::Dir::read_from(&dirfd) else {
        return removed;
    };
    for entry in entries.filter_map(Result::ok) {
        let Ok(name) = entry.file_name().to_str() else {
            continue;
        };
        if parse_name(name).is_none() {
            continue;
        }
        if let Some(size) = remove_if_abandoned(&dirfd, name) {
            removed.push(Removed {
                name: name.to_string(),
                size,
            });
        }
    }
    removed.sort();
    removed
}

/// Removes `name` from `dirfd` if it is an abandoned diskmark test file;
/// returns its size then.
fn remove_if_abandoned(dirfd: &OwnedFd, name: &str) -> Option<u64> {
    let me = rustix::process::geteuid().as_raw();
    let st = rustix::fs::statat(dirfd, name, AtFlags::SYMLINK_NOFOLLOW).ok()?;
    if FileType::from_raw_mode(st.st_mode) != FileType::RegularFile || st.st_uid != me {
        return None;
    }
    // Read-write, so that an fcntl write lock can be tried; never through
    // a symlink, never blocking on a FIFO swapped in meanwhile.
    let fd = rustix::fs::openat(
        dirfd,
        name,
        OFlags::RDWR | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .ok()?;
    let now = rustix::fs::fstat(&fd).ok()?;
    if (now.st_dev, now.st_ino) != (st.st_dev, st.st_ino) {
        return None;
    }
    // Unmarked (a kept file, or not diskmark's) or its run still alive:
    // not ours to take. The creator takes its lock before it marks, so a
    // probe below never meets a live run's file before its lock.
    let owner = marker::owner(&fd)?;
    if owner.alive() {
        return None;
    }
    // Anyone's flock or fcntl lock means someone is using it.
    rustix::fs::flock(&fd, FlockOperation::NonBlockingLockExclusive).ok()?;
    rustix::fs::fcntl_lock(&fd, FlockOperation::NonBlockingLockExclusive).ok()?;
    // Still the same file under that name (not replaced meanwhile).
    let again = rustix::fs::statat(dirfd, name, AtFlags::SYMLINK_NOFOLLOW).ok()?;
    if (again.st_dev, again.st_ino) != (st.st_dev, st.st_ino) {
        return None;
    }
    rustix::fs::unlinkat(dirfd, name, AtFlags::empty()).ok()?;
    Some(now.st_size as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::testfile::TestFile;

    /// A test file abandoned by a "killed run": marked by a process that
    /// is gone (a pid that cannot exist), unlocked.
    fn abandoned(dir: &Path, name: &str) -> Option<std::path::PathBuf> {
        let path = dir.join(name);
        let f = std::fs::File::create(&path).unwrap();
        f.set_len(4096).unwrap();
        let mut owner = marker::Owner::me().unwrap();
        owner.pid = 999_999_999;
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
}
