//! The file-size limit before the test file exists (docs/measurement.md#limits).
//! Under RLIMIT_FSIZE (`ulimit -f`, `prlimit --fsize`) a write past the
//! limit fails (SIGXFSZ is ignored, see [`super::signals`]); an O_DIRECT
//! write across it is cut by the kernel to an unaligned length and fails
//! with EINVAL, which reads like a filesystem without O_DIRECT. So a test
//! file that cannot fit under the limit is refused before it is created,
//! naming the limit, whatever its value.

use super::error::{RunError, fsize_limit};
use crate::units::{MIB, human_bytes};

/// Refuses a test file of `size` bytes that cannot fit under RLIMIT_FSIZE.
/// `smallest` is the smallest `--size` the command takes: a limit below it
/// leaves no `--size` to suggest, and the sentence says so.
pub(crate) fn check(size: u64, smallest: u64) -> Result<(), RunError> {
    match fsize_limit() {
        Some(limit) => check_against(size, smallest, limit),
        None => Ok(()),
    }
}

/// [`check`] under a limit of `limit` bytes.
fn check_against(size: u64, smallest: u64, limit: u64) -> Result<(), RunError> {
    if size <= limit {
        return Ok(());
    }
    // Whole MiB, as a --size is usually given.
    let most = limit / MIB * MIB;
    let fix = if most >= smallest {
        format!(
            "raise it (`ulimit -f unlimited`) or give a --size of at most {}",
            human_bytes(most)
        )
    } else {
        format!(
            "no --size fits under it (the smallest is {}): raise it (`ulimit -f unlimited`)",
            human_bytes(smallest)
        )
    };
    Err(RunError::Refused(format!(
        "a test file of {} cannot fit under this process's file-size limit of {} ({limit} bytes; RLIMIT_FSIZE, set by `ulimit -f` or `prlimit --fsize`); {fix}",
        human_bytes(size),
        human_bytes(limit)
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_past_the_limit_is_refused_naming_it_and_a_size_that_fits() {
        assert!(check_against(64 * MIB, 16 * MIB, 64 * MIB).is_ok());
        let e = check_against(200 * MIB, 16 * MIB, 100_000_000)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("file-size limit of 95.37 MiB (100000000 bytes; RLIMIT_FSIZE")
                && e.contains("at most 95.00 MiB"),
            "{e}"
        );
        // A limit below the smallest size: no size is suggested.
        let e = check_against(16 * MIB, 16 * MIB, 1_000_000)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("no --size fits under it (the smallest is 16.00 MiB)")
                && !e.contains("at most"),
            "{e}"
        );
    }
}
