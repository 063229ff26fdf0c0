//! The margin of free space held while the fill runs
//! (docs/measurement.md#sustained-write). The size was chosen to leave the
//! margin at the start; another writer on the same filesystem can eat into
//! it while the fill goes on. So the coordinator reads the free space at
//! every look (at least once per sample) and lowers the blocks the writers
//! may still claim to what the free space above the margin holds: the fill
//! stops before the free space falls below the margin (by at most the
//! writes it already had in flight), with a sentence and what it measured.

use crate::units::{MIB, human_bytes};
use std::path::{Path, PathBuf};

/// Space the fill's own writes may take beyond their data (extents, the
/// journal) before a shortfall is put down to another writer: 1/64 of
/// the planned bytes and 4 MiB.
fn slack(planned: u64) -> u64 {
    planned / 64 + 4 * MIB
}

/// The coordinator's watch on the free space of the fill's filesystem.
#[derive(Debug)]
pub struct MarginGuard {
    dir: PathBuf,
    margin: u64,
    block: u64,
    planned_blocks: u64,
    /// Free space when the fill began.
    free0: Option<u64>,
    /// The first look at which the rest no longer fitted.
    cut: Option<Cut>,
}

/// What the guard saw when it first held the fill back.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Cut {
    free: u64,
    others: u64,
}

impl MarginGuard {
    /// A guard of the filesystem of `dir`, keeping `margin` bytes free,
    /// for a fill of `planned_blocks` blocks of `block` bytes.
    pub fn new(dir: &Path, margin: u64, block: u64, planned_blocks: u64) -> MarginGuard {
        MarginGuard {
            dir: dir.to_path_buf(),
            margin,
            block: block.max(1),
            planned_blocks,
            free0: free_space(dir),
            cut: None,
        }
    }

    /// Reads the free space now; returns the blocks the writers may claim
    /// from now on when that is fewer than planned (`claimed` is the
    /// shared cursor), `None` while the rest fits.
    pub fn look(&mut self, claimed: u64) -> Option<u64> {
        let free = free_space(&self.dir)?;
        self.judge(claimed, free)
    }

    /// [`MarginGuard::look`] with the free space given.
    fn judge(&mut self, claimed: u64, free: u64) -> Option<u64> {
        let claimed = claimed.min(self.planned_blocks);
        let rest = (self.planned_blocks - claimed) * self.block;
        let room = free.saturating_sub(self.margin);
        if room >= rest {
            return None;
        }
        // What went beyond the fill's own claims since it began. Within
        // the slack it is the fill's own metadata: no one else writes.
        let taken = self.free0?.saturating_sub(free);
        let others = taken.saturating_sub(claimed * self.block);
        if self.cut.is_none() && others <= slack(self.planned_blocks * self.block) {
            return None;
        }
        self.cut.get_or_insert(Cut { free, others });
        Some(claimed + room / self.block)
    }

    /// The sentence that ends a fill the guard held back, with what it had
    /// written; `None` when it never did.
    pub fn sentence(&self, written: u64) -> Option<String> {
        let cut = self.cut?;
        Some(format!(
            "something else is writing to this filesystem: {} of it was written by others during the sustained write, and its free space fell to {}, so diskmark stopped after {} to keep its margin of {} free; the samples up to then are reported",
            human_bytes(cut.others),
            human_bytes(cut.free),
            human_bytes(written),
            human_bytes(self.margin)
        ))
    }

    /// The report's note on a fill the guard held back.
    pub fn note(&self, written: u64, planned: u64) -> Option<String> {
        self.cut?;
        Some(format!(
            "the sustained write stopped after {} of {} because another writer was filling the filesystem: its figures are over what was written",
            human_bytes(written),
            human_bytes(planned)
        ))
    }
}

/// Bytes free for this user on the filesystem of `dir`, now.
fn free_space(dir: &Path) -> Option<u64> {
    let st = rustix::fs::statvfs(dir).ok()?;
    Some(st.f_bavail.saturating_mul(st.f_frsize))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::GIB;

    fn guard(free0: u64) -> MarginGuard {
        MarginGuard {
            dir: PathBuf::from("/"),
            margin: 2 * GIB,
            block: MIB,
            planned_blocks: 512,
            free0: Some(free0),
            cut: None,
        }
    }

    #[test]
    fn the_fill_is_held_to_the_free_space_above_the_margin_only_when_others_write() {
        let start = 2 * GIB + 512 * MIB;
        // Alone: the free space falls by what the fill claimed (and a
        // little metadata); the rest always fits.
        let mut g = guard(start);
        assert_eq!(g.judge(100, start - 100 * MIB), None);
        assert_eq!(g.judge(511, start - 513 * MIB), None);
        assert_eq!(g.sentence(GIB), None);
        // Another writer took 300 MiB after 100 MiB: 112 MiB above the
        // margin remain, the rest (412 MiB) does not fit.
        let mut g = guard(start);
        assert_eq!(g.judge(100, start - 400 * MIB), Some(212));
        // Below the margin: no more claims at all.
        assert_eq!(g.judge(150, 2 * GIB - MIB), Some(150));
        let s = g.sentence(150 * MIB).unwrap();
        assert!(
            s.starts_with("something else is writing to this filesystem: 300.00 MiB")
                && s.contains("fell to 2.11 GiB")
                && s.contains("after 150.00 MiB")
                && s.contains("margin of 2.00 GiB"),
            "{s}"
        );
        assert!(
            g.note(150 * MIB, 512 * MIB)
                .unwrap()
                .contains("150.00 MiB of 512.00 MiB")
        );
    }
}
