//! Standard output as a destination that can fail: a report that could
//! not be written is an error, never a silent exit 0.

use super::error::ExportError;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set when diskmark started with stdout closed.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Records whether diskmark started with stdout closed. The binary asks
/// before `main`, when a closed descriptor is still closed: Rust's runtime
/// then puts /dev/null, opened read-write, in its place (so that no later
/// file takes descriptor 1), and from then on a closed stdout looks like
/// any /dev/null, which Python's `subprocess.DEVNULL` and systemd also
/// give a process. Printing to a stdout that was closed fails instead of
/// losing the report without a word.
pub fn started_closed(closed: bool) {
    STDOUT_CLOSED.store(closed, Ordering::Relaxed);
}

/// Fails when diskmark started with stdout closed (see [`started_closed`]):
/// checked before a run whose report goes there, so that minutes of
/// measuring are not lost.
pub fn stdout_open() -> Result<(), ExportError> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Err(ExportError::Output {
            path: "stdout".into(),
            source: std::io::Error::new(
                std::io::ErrorKind::NotConnected,
                "stdout is closed; redirect it to a file or use -o FILE",
            ),
        });
    }
    Ok(())
}

/// Writes `text` to stdout, or fails (a full disk, a closed stdout, a
/// reader that went away).
pub fn print(text: &str) -> Result<(), ExportError> {
    stdout_open()?;
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush())
        .map_err(|source| ExportError::Output {
            path: "stdout".into(),
            source,
        })
}
