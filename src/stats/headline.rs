//! The figures a result line shows for a test.

use super::{DirStats, LoopResult};
use crate::workload::Direction;

/// The figures a result line shows for a test: its direction's own
/// counts, or for Mix reads and writes together.
pub fn headline(direction: Direction, l: &LoopResult) -> DirStats {
    match direction {
        Direction::Read => l.read.clone(),
        Direction::Write => l.write.clone(),
        Direction::Mix { .. } => l.total(),
    }
}
