//! How much a sustained write writes (docs/measurement.md#sustained-write):
//! never past a margin of free space, the larger of 10 % of the filesystem
//! and 2 GiB; by default everything up to that margin, and at least 1 GiB.

use crate::units::{GIB, MIB, human_bytes};

/// Free space always left: at least this much.
pub const MIN_MARGIN: u64 = 2 * GIB;
/// Free space always left: at least this share of the filesystem, percent.
pub const MARGIN_PERCENT: u64 = 10;
/// The default size refuses to write less than this.
pub const MIN_DEFAULT: u64 = GIB;
/// An explicit `--size` may be this small (tests, quick looks).
pub const MIN_EXPLICIT: u64 = 64 * MIB;

/// The space a sustained write may use on one filesystem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Space {
    /// Size of the filesystem, bytes.
    pub total: u64,
    /// Free to this user, bytes.
    pub available: u64,
}

impl Space {
    /// The margin kept free.
    pub fn margin(&self) -> u64 {
        (self.total / 100 * MARGIN_PERCENT).max(MIN_MARGIN)
    }

    /// What may be written without eating into the margin.
    pub fn writable(&self) -> u64 {
        self.available.saturating_sub(self.margin())
    }

    /// The filesystem of `dir`, now (after stale test files were removed).
    pub fn of(dir: &std::path::Path) -> std::io::Result<Space> {
        let st = rustix::fs::statvfs(dir)?;
        Ok(Space {
            total: st.f_blocks.saturating_mul(st.f_frsize),
            available: st.f_bavail.saturating_mul(st.f_frsize),
        })
    }
}

/// Bytes to write: `asked` (an explicit `--size`) or the default, a whole
/// number of `block`s; or the sentence that refuses, before any file
/// exists.
pub fn bytes_to_write(space: Space, asked: Option<u64>, block: u64) -> Result<u64, String> {
    let writable = space.writable();
    let keep = format!(
        "{} free of {}, and diskmark keeps {} free (the larger of {MARGIN_PERCENT} % of the filesystem and {})",
        human_bytes(space.available),
        human_bytes(space.total),
        human_bytes(space.margin()),
        human_bytes(MIN_MARGIN)
    );
    let bytes = match asked {
        Some(n) if n > writable => {
            // Never suggest a size that would itself be refused: below the
            // smallest explicit --size, no --size fits (issue 26 §7).
            let most = writable / block.max(1) * block.max(1);
            let fix = if most >= MIN_EXPLICIT {
                format!(
                    "give a --size of at most {} or free some space",
                    human_bytes(most)
                )
            } else {
                format!(
                    "no --size fits (the smallest is {}): free some space or test another filesystem",
                    human_bytes(MIN_EXPLICIT)
                )
            };
            return Err(format!(
                "--size {} would fill the filesystem past its margin: it has {keep}; {fix}",
                human_bytes(n)
            ));
        }
        Some(n) => n,
        None if writable < MIN_DEFAULT => {
            return Err(format!(
                "a sustained write here would write only {}, less than {}: the filesystem has {keep}; free some space or test another filesystem",
                human_bytes(writable),
                human_bytes(MIN_DEFAULT)
            ));
        }
        None => writable,
    };
    let bytes = bytes / block.max(1) * block.max(1);
    if bytes == 0 {
        return Err(format!(
            "--size {} holds no whole block of {}; give a larger --size",
            human_bytes(asked.unwrap_or(0)),
            human_bytes(block)
        ));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_margin_is_the_larger_of_a_tenth_and_two_gib() {
        let small = Space {
            total: 10 * GIB,
            available: 8 * GIB,
        };
        assert_eq!(small.margin(), 2 * GIB);
        assert_eq!(bytes_to_write(small, None, MIB), Ok(6 * GIB));
        let big = Space {
            total: 1000 * GIB,
            available: 500 * GIB,
        };
        assert_eq!(big.margin(), 100 * GIB);
        assert_eq!(bytes_to_write(big, None, MIB), Ok(400 * GIB));
    }

    #[test]
    fn too_little_room_is_refused_in_one_sentence() {
        let full = Space {
            total: 10 * GIB,
            available: 2 * GIB + 512 * MIB,
        };
        let e = bytes_to_write(full, None, MIB).unwrap_err();
        assert!(
            e.starts_with("a sustained write here would write only 512.00 MiB, less than 1.00 GiB"),
            "{e}"
        );
        // An explicit size may be small, but never past the margin.
        assert_eq!(bytes_to_write(full, Some(256 * MIB), MIB), Ok(256 * MIB));
        let e = bytes_to_write(full, Some(GIB), MIB).unwrap_err();
        assert!(
            e.contains("past its margin") && e.contains("at most 512.00 MiB"),
            "{e}"
        );
        // Below the margin already: no --size fits, and none is offered
        // (never "at most 0 Bytes").
        let under = Space {
            total: 10 * GIB,
            available: GIB,
        };
        let e = bytes_to_write(under, Some(64 * MIB), MIB).unwrap_err();
        assert!(
            e.contains("no --size fits (the smallest is 64.00 MiB)") && !e.contains("at most"),
            "{e}"
        );
        let tight = Space {
            total: 10 * GIB,
            available: 2 * GIB + 32 * MIB,
        };
        let e = bytes_to_write(tight, Some(64 * MIB), MIB).unwrap_err();
        assert!(e.contains("no --size fits"), "{e}");
        // Whole blocks only.
        assert_eq!(
            bytes_to_write(full, Some(100 * MIB + 5), MIB),
            Ok(100 * MIB)
        );
    }
}
