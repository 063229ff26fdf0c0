//! Standard output as a destination that can fail: a report that could
//! not be written is an error, never a silent exit 0.

use super::error::ExportError;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set when diskmark started with stdout closed.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Run first thing: notes whether diskmark started with stdout closed.
/// Rust's runtime puts /dev/null, opened read-write, in place of a closed
/// standard descriptor (so that no later file takes descriptor 1); a
/// shell's `>/dev/null` opens it write-only. So stdout that is /dev/null
/// opened read-write was closed, and printing to it then fails instead of
/// losing the report without a word.
pub fn guard_std_fds() {
    let is_null =
        std::fs::read_link("/proc/self/fd/1").is_ok_and(|p| p == std::path::Path::new("/dev/null"));
    let read_write = std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
        info.lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
            .is_some_and(|flags| flags & libc::O_ACCMODE as u32 == libc::O_RDWR as u32)
    });
    STDOUT_CLOSED.store(is_null && read_write, Ordering::Relaxed);
}

/// Fails when diskmark started with stdout closed (see [`guard_std_fds`]):
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
