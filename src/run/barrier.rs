//! A wait before each measure window, for a run whose windows start
//! together with other hosts' (docs/hosts.md#windows-that-start-together):
//! a host of a run over ssh is told by its coordinator when to begin. The
//! front-end that knows how to wait (the CLI's `--host-agent`, which reads
//! the coordinator's word on standard input) hands the run one through its
//! [`StopToken`](super::StopToken); the run calls it once each loop's
//! workers are set up, before the warm-up.

use crate::workload::Direction;

/// Which loop is about to begin.
#[derive(Debug, Clone, Copy)]
pub struct BarrierAt<'a> {
    /// The test's index in the plan, from 0.
    pub test_index: usize,
    /// The test as asked (`RND4K Q32T1`).
    pub requested: &'a str,
    /// Read, write or mix.
    pub direction: Direction,
    /// The loop, from 0.
    pub loop_index: u32,
    /// The test file, for a coordinator to name if this host never
    /// answers again.
    pub file: &'a std::path::Path,
}

/// What a run waits on before each window.
pub trait WindowBarrier: Send + Sync {
    /// Returns when the loop at `at` may begin, or `false` when the run is
    /// to stop instead (the coordinator is gone, or said so). Must return
    /// within its own deadline.
    fn wait(&self, at: &BarrierAt<'_>) -> bool;
}

/// This host's clock, ns since the Unix epoch.
pub fn wall_ns() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
