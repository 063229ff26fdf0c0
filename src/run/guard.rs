//! The front-end's side of the guardian (docs/measurement.md#the-guardian):
//! a second process that removes this process's test files when it ends
//! without running its own clean-up: SIGKILL, Xlib's `exit()` when the X
//! server goes away, a lost Wayland compositor, a panic that ends the
//! process. Destructors run in none of these; the kernel still closes
//! every descriptor.
//!
//! [`start`] spawns this program again (`/proc/self/exe`: the same binary
//! even if the file on disk was replaced meanwhile) with [`ARG`] and this
//! process's pid; the front-end hands that argument to
//! [`super::guardian::serve`] first thing in `main`. The guardian's stdin
//! is a pipe whose only write end this process holds (close-on-exec, so no
//! child inherits it), so it reads EOF however this process ends. Before a
//! test file is created, [`watch`] writes its directory on the pipe: the
//! guardian knows where to look before there is anything to find.
//! [`start`] returns once the guardian has said, with one byte on its
//! stdout, that it knows its parent: a front-end that ends at once (no
//! display) is then an ended parent to it, not a stranger's pid.

use std::io::{self, Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Mutex, OnceLock, PoisonError};

/// The hidden argument that makes a front-end a guardian: `ARG PID`.
pub const ARG: &str = "--guard-parent";

/// How long the guardian may take to know its parent: a process start,
/// even on a loaded machine.
const READY_WITHIN: std::time::Duration = std::time::Duration::from_secs(20);

/// The byte the guardian writes on its stdout once it knows its parent.
pub const READY: u8 = b'+';

/// This process's guardian, once started.
static GUARDIAN: OnceLock<Mutex<Guardian>> = OnceLock::new();

/// The guardian as its parent holds it.
#[derive(Debug)]
struct Guardian {
    child: Child,
    /// The write end of its stdin.
    stdin: ChildStdin,
    /// The directories already written, each once.
    watched: Vec<PathBuf>,
}

/// Starts this process's guardian; once per process (a second call does
/// nothing). Call it before the first test file is created.
pub fn start() -> io::Result<()> {
    if GUARDIAN.get().is_some() {
        return Ok(());
    }
    let name = std::env::args_os()
        .next()
        .unwrap_or_else(|| "diskmark".into());
    let mut child = Command::new("/proc/self/exe")
        .arg0(name)
        .arg(ARG)
        .arg(std::process::id().to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        // Its working directory never keeps a filesystem from unmounting;
        // the directories it is sent are absolute.
        .current_dir("/")
        .spawn()?;
    let (Some(stdin), Some(said)) = (child.stdin.take(), child.stdout.take()) else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(io::Error::other("the guardian has no stdin"));
    };
    if let Err(e) = ready(said) {
        let _ = child.kill();
        let _ = child.wait();
        return Err(e);
    }
    let guardian = Guardian {
        child,
        stdin,
        watched: Vec::new(),
    };
    // Only the front-end's main thread starts it, once; a lost race would
    // drop the second guardian's pipe, and that guardian ends at once.
    let _ = GUARDIAN.set(Mutex::new(guardian));
    Ok(())
}

/// Waits, at most [`READY_WITHIN`], for the guardian's [`READY`] byte.
fn ready(mut said: std::process::ChildStdout) -> io::Result<()> {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let within = Timespec {
        tv_sec: READY_WITHIN.as_secs() as i64,
        tv_nsec: 0,
    };
    let mut fds = [PollFd::new(&said, PollFlags::IN)];
    let n = loop {
        match poll(&mut fds, Some(&within)) {
            Err(rustix::io::Errno::INTR) => continue,
            other => break other?,
        }
    };
    if n == 0 {
        return Err(io::Error::other(format!(
            "it did not start within {} s",
            READY_WITHIN.as_secs()
        )));
    }
    let mut byte = [0u8; 1];
    match said.read(&mut byte)? {
        1 if byte[0] == READY => Ok(()),
        _ => Err(io::Error::other("it ended at once")),
    }
}

/// Tells this process's guardian, if it has one, that a test file is about
/// to be created in `dir`. Without a guardian it does nothing. An error
/// means the guardian has ended: a file created now would have nobody to
/// remove it should this process die, so the caller creates none.
pub(crate) fn watch(dir: &Path) -> io::Result<()> {
    let Some(guardian) = GUARDIAN.get() else {
        return Ok(());
    };
    // A panic while this lock was held left nothing half-written that
    // matters: at worst a directory is written twice.
    let mut g = guardian.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(status) = g.child.try_wait()? {
        return Err(io::Error::other(format!("it ended ({status})")));
    }
    let dir = std::path::absolute(dir)?;
    if g.watched.contains(&dir) {
        return Ok(());
    }
    // NUL-terminated: the one byte no path holds.
    let mut line = dir.as_os_str().as_bytes().to_vec();
    line.push(0);
    g.stdin.write_all(&line)?;
    g.watched.push(dir);
    Ok(())
}
