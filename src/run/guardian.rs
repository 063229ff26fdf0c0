//! The guardian process (docs/measurement.md#the-guardian): started by a
//! front-end with [`super::guard::ARG`] and its pid, it reads the
//! directories its parent will create test files in from stdin until EOF,
//! which the kernel delivers when the parent ends, however it ends. Then,
//! once the parent is gone, it removes in each directory the test files
//! that the parent marked and on which no lock is held any more
//! ([`super::stale::remove_left_by`]: the same checks as a later run's
//! clean-up, by inode, never by name alone). A file of any other run, a
//! live one or a dead one, is never touched.

use super::marker::Owner;
use super::stale::{self, LeftBy};
use super::testfile::NotRemoved;
use std::ffi::OsStr;
use std::io::{self, BufRead};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How long the parent may take to be gone after its end of the pipe is
/// closed: the kernel closes a dying process's descriptors, then hands its
/// children to a new parent, within moments even under load.
const PARENT_END: Duration = Duration::from_secs(20);
/// How long a file of the parent's may stay locked once the parent is
/// gone: its locks go as the kernel releases its last descriptors, which
/// may come after the pipe's end. A lock held after that belongs to
/// someone else, who is using the file.
const UNLOCK: Duration = Duration::from_secs(20);
/// How often the parent is looked for while it ends.
const POLL: Duration = Duration::from_millis(10);

/// Why this process cannot be a guardian.
#[derive(Debug, thiserror::Error)]
pub enum GuardError {
    /// The argument is not the pid of the process that started this one.
    #[error(
        "{0} is diskmark's own: it takes the pid of the process that started this one, and only that; run diskmark without it"
    )]
    NotParent(&'static str),
    /// The handlers that keep a terminal's signals from ending it.
    #[error("installing the guardian's signal handlers failed: {0}")]
    Signals(#[source] io::Error),
}

/// What the guardian did once its parent was gone.
#[derive(Debug, Default)]
pub struct Guarded {
    /// Whether the parent ended (else it closed the pipe and lives on, and
    /// its files are its own to remove).
    pub parent_ended: bool,
    /// The test files removed: full path and size in bytes.
    pub removed: Vec<(PathBuf, u64)>,
    /// The parent's test files still locked, in one sentence each (the
    /// directory is the parent's text: escape it before a terminal).
    pub left: Vec<NotRemoved>,
}

/// Guards the parent named by `pid` (the argument after
/// [`super::guard::ARG`]), reading its directories from `input` (stdin)
/// until EOF, then removes what it left. Once it knows its parent, it says
/// so on `ready` (stdout: [`super::guard::start`] waits for it). Returns
/// what it did; the front-end says it.
pub fn serve(
    pid: &str,
    input: impl BufRead,
    mut ready: impl io::Write,
) -> Result<Guarded, GuardError> {
    // First: every signal that would end a process only sets a flag
    // nobody reads. Ctrl-C in the terminal and SIGHUP of a closed one reach
    // the whole process group, and must not end the guardian before its
    // work.
    super::signals::install().map_err(GuardError::Signals)?;
    let owner = parent_owner(pid)?;
    let pid = owner.pid;
    // A parent that stopped waiting (it never does, but for its deadline)
    // leaves nobody to read: nothing to do about it here.
    let _ = ready
        .write_all(&[super::guard::READY])
        .and_then(|()| ready.flush());
    drop(ready);
    let dirs = read_dirs(input);
    let mut out = Guarded::default();
    let deadline = Instant::now() + PARENT_END;
    while parent() == Some(pid) && Instant::now() < deadline {
        std::thread::sleep(POLL);
    }
    out.parent_ended = parent() != Some(pid);
    if !out.parent_ended {
        return Ok(out);
    }
    let deadline = Instant::now() + UNLOCK;
    for dir in dirs {
        let LeftBy { removed, locked } = stale::remove_left_by(&dir, &owner, deadline);
        out.removed
            .extend(removed.into_iter().map(|r| (dir.join(r.name), r.size)));
        out.left
            .extend(locked.into_iter().map(|name| still_locked(&dir, &name)));
    }
    Ok(out)
}

/// The mark of the parent named by `pid`, as it would write it, read
/// while it is certainly the parent (before and after the read): a pid
/// alone could be reused.
fn parent_owner(pid: &str) -> Result<Owner, GuardError> {
    let not_parent = || GuardError::NotParent(super::guard::ARG);
    let pid: u32 = pid.parse().map_err(|_| not_parent())?;
    (parent() == Some(pid))
        .then(|| Owner::of(pid))
        .flatten()
        .filter(|_| parent() == Some(pid))
        .ok_or_else(not_parent)
}

/// This process's parent's pid (`None` for none: pid 0's children).
fn parent() -> Option<u32> {
    rustix::process::getppid().map(|p| p.as_raw_nonzero().get() as u32)
}

/// The directories on `input`, each NUL-terminated, until EOF (or an
/// error reading, which ends the pipe as well); each once.
fn read_dirs(mut input: impl BufRead) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = Vec::new();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(0, &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // A piece without its NUL is the rest of a write cut short by the
        // parent's death: not a directory it finished naming.
        let Some(path) = buf.strip_suffix(&[0]) else {
            break;
        };
        let dir = PathBuf::from(OsStr::from_bytes(path));
        if dir.is_absolute() && !dirs.contains(&dir) {
            dirs.push(dir);
        }
    }
    dirs
}

/// The sentence for a file of the parent's that someone still holds
/// locked.
fn still_locked(dir: &std::path::Path, name: &str) -> NotRemoved {
    let path = dir.join(name);
    let size = std::fs::symlink_metadata(&path).map_or(0, |m| m.len());
    NotRemoved {
        path: path.display().to_string(),
        size: crate::units::human_bytes(size),
        why: "its program ended, but another process holds a lock on it".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directories_are_read_until_eof_each_once() {
        let input: &[u8] = b"/a/b\0relative\0/a/b\0/c d\0/cut";
        let dirs = read_dirs(input);
        assert_eq!(dirs, [PathBuf::from("/a/b"), PathBuf::from("/c d")]);
        assert!(read_dirs(&b""[..]).is_empty());
    }

    #[test]
    fn only_the_parents_pid_is_guarded() {
        for bad in ["x", "1", "\x1b[2J", ""] {
            let e = parent_owner(bad).unwrap_err().to_string();
            assert!(
                e.contains("takes the pid of the process that started"),
                "{e}"
            );
        }
        let me = parent().unwrap().to_string();
        assert_eq!(
            parent_owner(&me).unwrap(),
            Owner::of(parent().unwrap()).unwrap()
        );
    }
}
