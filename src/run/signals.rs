//! SIGINT, SIGTERM and SIGHUP only set a flag; the runner polls it between
//! steps and at least every 100 ms, removes the test file and returns what
//! finished. No work happens inside the handler. An interface (the TUI) can
//! ask for the same clean stop without a signal.

use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

static PENDING: OnceLock<Arc<AtomicUsize>> = OnceLock::new();
static STOP: AtomicBool = AtomicBool::new(false);

/// The signals that end a run cleanly.
pub const HANDLED: [i32; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// Installs the handlers (once per process).
pub fn install() -> std::io::Result<()> {
    if PENDING.get().is_some() {
        return Ok(());
    }
    let flag = Arc::new(AtomicUsize::new(0));
    for sig in HANDLED {
        signal_hook::flag::register_usize(sig, Arc::clone(&flag), sig as usize)?;
    }
    // A racing second install would register twice; both set the same
    // kind of flag, and only the stored one is read.
    let _ = PENDING.set(flag);
    Ok(())
}

/// The signal that asked the run to end, if any; `Some(0)` when an
/// interface asked with [`request_stop`].
pub fn pending() -> Option<i32> {
    let sig = PENDING.get().map_or(0, |p| p.load(Ordering::Relaxed));
    if sig != 0 {
        return Some(sig as i32);
    }
    STOP.load(Ordering::Relaxed).then_some(0)
}

/// The signal received, if any (not a requested stop).
pub fn received() -> Option<i32> {
    pending().filter(|&s| s != 0)
}

/// Asks the running benchmark to stop as a signal would, without one.
pub fn request_stop() {
    STOP.store(true, Ordering::Relaxed);
}

/// Clears a requested stop, before the next run.
pub fn clear_stop() {
    STOP.store(false, Ordering::Relaxed);
}
