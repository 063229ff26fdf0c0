//! SIGINT, SIGTERM and SIGHUP only set a flag; the runner polls it between
//! steps and at least every 100 ms, removes the test file and returns what
//! finished. No work happens inside the handler.

use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

static PENDING: OnceLock<Arc<AtomicUsize>> = OnceLock::new();

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

/// The signal that asked the run to end, if any.
pub fn pending() -> Option<i32> {
    let v = PENDING.get()?.load(Ordering::Relaxed);
    (v != 0).then_some(v as i32)
}
