//! Every signal whose default action would end the process only sets a
//! flag; the runner polls it between steps and at least every 100 ms,
//! removes the test file and returns what finished. No work happens inside
//! the handler. An interface (the TUI) asks for the same clean stop through
//! its [`super::StopToken`], which also reads this flag.
//!
//! SIGXFSZ is caught and dropped, so that a write past RLIMIT_FSIZE fails
//! with EFBIG (and a sentence) instead of killing the process with its test
//! file in place. The synchronous fault signals (SIGSEGV, SIGBUS, SIGILL,
//! SIGFPE, SIGTRAP, SIGSYS) keep their default: returning from a handler
//! would only repeat the fault.

use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

static PENDING: OnceLock<Arc<AtomicUsize>> = OnceLock::new();

/// The signals that end a run cleanly, by name, besides the real-time
/// signals (SIGRTMIN..=SIGRTMAX), which end it too.
pub const HANDLED: [(i32, &str); 14] = [
    (libc::SIGINT, "SIGINT"),
    (libc::SIGTERM, "SIGTERM"),
    (libc::SIGHUP, "SIGHUP"),
    (libc::SIGQUIT, "SIGQUIT"),
    (libc::SIGUSR1, "SIGUSR1"),
    (libc::SIGUSR2, "SIGUSR2"),
    (libc::SIGALRM, "SIGALRM"),
    (libc::SIGXCPU, "SIGXCPU"),
    (libc::SIGVTALRM, "SIGVTALRM"),
    (libc::SIGPROF, "SIGPROF"),
    (libc::SIGPWR, "SIGPWR"),
    (libc::SIGIO, "SIGIO"),
    (libc::SIGSTKFLT, "SIGSTKFLT"),
    // Sent by someone else, a clean stop; raised by abort() itself, the
    // handler returns and glibc's abort() ends the process anyway.
    (libc::SIGABRT, "SIGABRT"),
];

/// Every signal that ends a run cleanly.
pub fn handled() -> impl Iterator<Item = i32> {
    HANDLED
        .iter()
        .map(|&(s, _)| s)
        .chain(libc::SIGRTMIN()..=libc::SIGRTMAX())
}

/// Installs the handlers (once per process).
pub fn install() -> std::io::Result<()> {
    if PENDING.get().is_some() {
        return Ok(());
    }
    let flag = Arc::new(AtomicUsize::new(0));
    for sig in handled() {
        signal_hook::flag::register_usize(sig, Arc::clone(&flag), sig as usize)?;
    }
    // A handler that does nothing is "ignored" for the kernel's file-size
    // check: the write returns EFBIG.
    signal_hook::flag::register(libc::SIGXFSZ, Arc::new(AtomicBool::new(false)))?;
    // A racing second install would register twice; both set the same
    // kind of flag, and only the stored one is read.
    let _ = PENDING.set(flag);
    Ok(())
}

/// `SIGINT`, `SIGRTMIN+3`, or `signal N` for one diskmark does not handle.
pub fn name(sig: i32) -> String {
    if let Some((_, n)) = HANDLED.iter().find(|&&(s, _)| s == sig) {
        return (*n).to_string();
    }
    let (min, max) = (libc::SIGRTMIN(), libc::SIGRTMAX());
    match sig {
        s if s == min => "SIGRTMIN".into(),
        s if s > min && s <= max => format!("SIGRTMIN+{}", s - min),
        libc::SIGKILL => "SIGKILL".into(),
        n => format!("signal {n}"),
    }
}

/// The signal received, if any.
pub fn received() -> Option<i32> {
    let sig = PENDING.get().map_or(0, |p| p.load(Ordering::Relaxed));
    (sig != 0).then_some(sig as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_handled_signal_has_a_name() {
        for sig in handled() {
            assert!(name(sig).starts_with("SIG"), "{sig}: {}", name(sig));
        }
        assert_eq!(name(libc::SIGQUIT), "SIGQUIT");
        assert_eq!(name(libc::SIGRTMIN() + 2), "SIGRTMIN+2");
        assert_eq!(name(libc::SIGSEGV), "signal 11");
    }
}
