//! fio as a child that can never hold diskmark: it runs in a process group
//! of its own, under a deadline; its pipes are read on threads that are
//! never waited for without a deadline (a grandchild may keep them open);
//! and on a stop, at the deadline or when fio itself ends, the whole group
//! is killed, so nothing fio started outlives it.

use rustix::process::{Pid, Signal, WaitId, WaitIdOptions, kill_process_group, waitid};
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How often the child is looked at: the runner's tick, so that a signal
/// to diskmark is acted on well within its 100 ms.
const POLL: Duration = Duration::from_millis(20);

/// A wait between two looks at the child this much longer than [`POLL`]
/// means diskmark was not running; the deadline moves by as much.
const STALL: Duration = Duration::from_secs(1);

/// Between SIGTERM and SIGKILL to the group: long enough for a healthy fio
/// to stop its jobs, short enough that a signal to diskmark still ends the
/// run well within a second.
const TERM_GRACE: Duration = Duration::from_millis(250);

/// After SIGKILL, how long the leader may take to be reaped, and the pipes
/// to close. A process in uninterruptible sleep (a dead device) cannot die
/// until its I/O returns; diskmark stops waiting for it rather than hang.
const REAP_GRACE: Duration = Duration::from_secs(2);

/// How one run of the child ended.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// It ended by itself.
    Exited {
        /// Its status.
        status: ExitStatus,
        /// What it printed.
        output: Output,
    },
    /// `tick` asked it to stop; the group was killed.
    Stopped,
    /// The deadline passed; the group was killed.
    TimedOut {
        /// What it printed before.
        output: Output,
    },
}

/// What the child printed, each stream cut at the limit.
#[derive(Debug, Default)]
pub(crate) struct Output {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Whether a stream printed more than the limit.
    pub overflowed: bool,
}

/// One pipe's bytes so far, shared with the thread that reads it.
#[derive(Default)]
struct Pipe {
    bytes: Vec<u8>,
    overflowed: bool,
    closed: bool,
}

type Shared = Arc<Mutex<Pipe>>;

/// Runs `cmd` in its own process group until it ends, `tick` (called
/// every [`POLL`] with the time since launch) returns `false`, or
/// `deadline` passes. Each output stream keeps at most `limit` bytes.
pub(crate) fn run(
    mut cmd: Command,
    deadline: Duration,
    limit: usize,
    tick: &mut dyn FnMut(Duration) -> bool,
) -> std::io::Result<Outcome> {
    allow_waiting();
    let parent = rustix::process::getpid();
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // Its own group: a terminal's Ctrl-C reaches diskmark alone, which
        // then ends fio and everything fio started, as one.
        .process_group(0);
    // SAFETY: the closure runs in the forked child before exec and calls
    // only prctl and getppid, which are async-signal-safe system calls (no
    // allocation, no lock).
    unsafe {
        cmd.pre_exec(move || {
            // diskmark killed outright (SIGKILL) takes fio with it.
            rustix::process::set_parent_process_death_signal(Some(Signal::KILL))?;
            if rustix::process::getppid() != Some(parent) {
                // The parent died before the line above took effect.
                return Err(std::io::Error::from_raw_os_error(libc::ESRCH));
            }
            Ok(())
        });
    }
    let mut child = cmd.spawn()?;
    // A spawned child's id is a valid, positive pid.
    let pid = Pid::from_raw(child.id() as i32).ok_or(std::io::ErrorKind::InvalidData)?;
    let out = read_on_thread(child.stdout.take(), limit);
    let err = read_on_thread(child.stderr.take(), limit);
    let start = Instant::now();
    let (mut deadline, mut last) = (deadline, start);
    loop {
        let now = Instant::now();
        let gap = now.duration_since(last);
        if gap > STALL {
            // diskmark itself did not run (SIGSTOP, a frozen cgroup): that
            // time is not fio's lateness, and fio was likely frozen too.
            deadline += gap;
        }
        last = now;
        if exited(pid) {
            // Anything fio left in its group is killed before the leader
            // is reaped: until then the group's id cannot be reused.
            let _ = kill_process_group(pid, Signal::KILL);
            let status = reap(&mut child)?.ok_or(std::io::ErrorKind::TimedOut)?;
            return Ok(Outcome::Exited {
                status,
                output: collect(&out, &err),
            });
        }
        let elapsed = start.elapsed();
        if elapsed >= deadline {
            end_group(&mut child, pid);
            return Ok(Outcome::TimedOut {
                output: collect(&out, &err),
            });
        }
        if !tick(elapsed) {
            end_group(&mut child, pid);
            return Ok(Outcome::Stopped);
        }
        std::thread::sleep(POLL.min(deadline - elapsed));
    }
}

/// Takes the default SIGCHLD back if it is ignored (inherited through exec
/// from a parent that ignores it): then the kernel reaps children as they
/// end, their status can never be read, and every fio run would fail with
/// ECHILD. diskmark installs no SIGCHLD handler of its own.
fn allow_waiting() {
    // SAFETY: `old` is a zeroed sigaction owned here; sigaction with a null
    // new action only reads the current one into it. signal(SIG_DFL)
    // installs no handler, and only replaces SIG_IGN.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        if libc::sigaction(libc::SIGCHLD, std::ptr::null(), &mut old) == 0
            && old.sa_sigaction == libc::SIG_IGN
        {
            libc::signal(libc::SIGCHLD, libc::SIG_DFL);
        }
    }
}

/// Whether the leader has ended, leaving it unreaped (a zombie still holds
/// the group's id).
fn exited(pid: Pid) -> bool {
    let opts = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
    match waitid(WaitId::Pid(pid), opts) {
        Ok(status) => status.is_some(),
        // ECHILD: already reaped, which only `reap` does; treat as ended.
        Err(_) => true,
    }
}

/// SIGTERM to the whole group, SIGKILL after [`TERM_GRACE`], then the
/// leader reaped (within [`REAP_GRACE`]).
fn end_group(child: &mut Child, pid: Pid) {
    let _ = kill_process_group(pid, Signal::TERM);
    let until = Instant::now() + TERM_GRACE;
    while Instant::now() < until && !exited(pid) {
        std::thread::sleep(Duration::from_millis(5));
    }
    // Also when the leader went at SIGTERM: what it started may not have.
    let _ = kill_process_group(pid, Signal::KILL);
    let _ = reap(child);
}

/// Reaps the leader, waiting at most [`REAP_GRACE`]; `None` if it would not
/// die (uninterruptible sleep).
fn reap(child: &mut Child) -> std::io::Result<Option<ExitStatus>> {
    let until = Instant::now() + REAP_GRACE;
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        if Instant::now() >= until {
            return Ok(None);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Reads `pipe` to its end on a detached thread into a shared buffer.
fn read_on_thread(pipe: Option<impl Read + Send + 'static>, limit: usize) -> Shared {
    let shared = Shared::default();
    let Some(mut pipe) = pipe else {
        lock(&shared).closed = true;
        return shared;
    };
    let s = Arc::clone(&shared);
    let spawned = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let mut buf = vec![0u8; 64 * 1024];
            loop {
                match pipe.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        let mut p = lock(&s);
                        let room = limit.saturating_sub(p.bytes.len());
                        p.overflowed |= n > room;
                        p.bytes.extend_from_slice(&buf[..n.min(room)]);
                    }
                }
            }
            lock(&s).closed = true;
        });
    if spawned.is_err() {
        // No thread (RLIMIT_AS, RLIMIT_NPROC): the pipe is dropped with the
        // closure, fio's writes to it fail, and its result reads as none.
        lock(&shared).closed = true;
    }
    shared
}

/// The buffer, also after a reader thread panicked (it holds plain bytes).
fn lock(p: &Shared) -> std::sync::MutexGuard<'_, Pipe> {
    p.lock().unwrap_or_else(|e| e.into_inner())
}

/// Both streams, once closed or after [`REAP_GRACE`]: the group is gone by
/// now, so only a process that left it (setsid) can still hold a pipe, and
/// it is not waited for.
fn collect(out: &Shared, err: &Shared) -> Output {
    let until = Instant::now() + REAP_GRACE;
    while !(lock(out).closed && lock(err).closed) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(5));
    }
    let (o, e) = (lock(out), lock(err));
    Output {
        stdout: String::from_utf8_lossy(&o.bytes).into_owned(),
        stderr: String::from_utf8_lossy(&e.bytes).into_owned(),
        overflowed: o.overflowed || e.overflowed,
    }
}

/// A signal's name (`SIGKILL`), or its number.
pub fn signal_name(sig: i32) -> String {
    const NAMES: [(i32, &str); 22] = [
        (libc::SIGHUP, "SIGHUP"),
        (libc::SIGINT, "SIGINT"),
        (libc::SIGQUIT, "SIGQUIT"),
        (libc::SIGILL, "SIGILL"),
        (libc::SIGTRAP, "SIGTRAP"),
        (libc::SIGABRT, "SIGABRT"),
        (libc::SIGBUS, "SIGBUS"),
        (libc::SIGFPE, "SIGFPE"),
        (libc::SIGKILL, "SIGKILL"),
        (libc::SIGUSR1, "SIGUSR1"),
        (libc::SIGSEGV, "SIGSEGV"),
        (libc::SIGUSR2, "SIGUSR2"),
        (libc::SIGPIPE, "SIGPIPE"),
        (libc::SIGALRM, "SIGALRM"),
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGSTKFLT, "SIGSTKFLT"),
        (libc::SIGXCPU, "SIGXCPU"),
        (libc::SIGXFSZ, "SIGXFSZ"),
        (libc::SIGVTALRM, "SIGVTALRM"),
        (libc::SIGPROF, "SIGPROF"),
        (libc::SIGIO, "SIGIO"),
        (libc::SIGSYS, "SIGSYS"),
    ];
    NAMES
        .iter()
        .find(|(n, _)| *n == sig)
        .map_or_else(|| format!("signal {sig}"), |(_, name)| (*name).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Command {
        let mut c = Command::new("sh");
        c.args(["-c", script]);
        c
    }

    #[test]
    fn output_and_status_of_a_child_that_ends() {
        let r = run(
            sh("echo out; echo err >&2; exit 3"),
            Duration::from_secs(5),
            1 << 20,
            &mut |_| true,
        )
        .unwrap();
        let Outcome::Exited { status, output } = r else {
            panic!("{r:?}")
        };
        assert_eq!(status.code(), Some(3));
        assert_eq!(output.stdout, "out\n");
        assert_eq!(output.stderr, "err\n");
        assert!(!output.overflowed);
    }

    #[test]
    fn a_grandchild_holding_the_pipes_does_not_hold_the_caller() {
        let start = Instant::now();
        let r = run(
            sh("sleep 1000 & echo done"),
            Duration::from_secs(30),
            1 << 20,
            &mut |_| true,
        )
        .unwrap();
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "{:?}",
            start.elapsed()
        );
        assert!(
            matches!(&r, Outcome::Exited { output, .. } if output.stdout == "done\n"),
            "{r:?}"
        );
    }

    #[test]
    fn the_deadline_kills_a_child_that_ignores_sigterm() {
        let start = Instant::now();
        let r = run(
            sh("trap '' TERM; echo started; while :; do sleep 1; done"),
            Duration::from_millis(300),
            1 << 20,
            &mut |_| true,
        )
        .unwrap();
        let took = start.elapsed();
        assert!(took < Duration::from_secs(2), "{took:?}");
        assert!(
            matches!(&r, Outcome::TimedOut { output } if output.stdout == "started\n"),
            "{r:?}"
        );
    }

    #[test]
    fn a_stop_ends_the_child_at_once() {
        let start = Instant::now();
        let r = run(
            sh("sleep 1000"),
            Duration::from_secs(30),
            1 << 20,
            &mut |t| t < Duration::from_millis(100),
        )
        .unwrap();
        assert!(matches!(r, Outcome::Stopped), "{r:?}");
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "{:?}",
            start.elapsed()
        );
    }

    #[test]
    fn output_past_the_limit_is_cut_and_said() {
        let r = run(
            sh("head -c 100000 /dev/zero"),
            Duration::from_secs(5),
            1000,
            &mut |_| true,
        )
        .unwrap();
        let Outcome::Exited { output, .. } = r else {
            panic!("{r:?}")
        };
        assert_eq!(output.stdout.len(), 1000);
        assert!(output.overflowed);
    }

    #[test]
    fn signals_by_name() {
        assert_eq!(signal_name(libc::SIGKILL), "SIGKILL");
        assert_eq!(signal_name(libc::SIGSEGV), "SIGSEGV");
        assert_eq!(signal_name(99), "signal 99");
    }
}
