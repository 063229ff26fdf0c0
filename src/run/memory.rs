//! Address space before the test file exists. Under RLIMIT_AS or
//! RLIMIT_DATA (`ulimit -v`, `prlimit --as`), a heap allocation that fails
//! aborts the process, and an abort cannot remove the test file. So the
//! run's own needs (I/O buffers, worker stacks, a margin for the heap) are
//! checked against what the limits leave, and a run that would not fit is
//! refused before anything is created.

use super::error::RunError;
use crate::plan::PlannedTest;
use crate::units::MIB;
use rustix::process::{Resource, getrlimit};

/// Stack of a worker thread: its state lives on the heap.
pub(crate) const WORKER_STACK: usize = 256 * 1024;

/// Room for everything not counted per test: the heap's arenas and
/// growth, the report, io_uring rings, glibc's aio helpers.
const MARGIN: u64 = 24 * MIB;
/// Per worker thread beyond its stack: its guard page, signal stack, heap.
const PER_THREAD: u64 = MIB / 2;
/// The pre-fill's buffer.
const PREFILL: u64 = 4 * MIB;

/// Bytes of address space the largest test of `plans` needs on `file_size`.
pub(crate) fn need(plans: &[PlannedTest], file_size: u64, verify: bool) -> u64 {
    let most = plans
        .iter()
        .map(|p| {
            let bs = p.requested.block_size;
            let threads = u64::from(p.t);
            let buffers = u64::from(p.q) * threads * bs;
            let stacks = threads * (WORKER_STACK as u64 + PER_THREAD);
            // --verify: a sequence and a claim bit per block.
            let map = if verify { file_size / bs * 9 } else { 0 };
            buffers + stacks + map
        })
        .max()
        .unwrap_or(0);
    most.max(PREFILL) + MARGIN
}

/// Refuses the run when RLIMIT_AS or RLIMIT_DATA leave less than `need`.
pub(crate) fn check(need: u64) -> Result<(), RunError> {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let used = |key: &str| -> Option<u64> {
        let line = status.lines().find(|l| l.starts_with(key))?;
        let kib: u64 = line[key.len()..]
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()?;
        Some(kib * 1024)
    };
    for (resource, key, name) in [
        (Resource::As, "VmSize:", "RLIMIT_AS, `ulimit -v`"),
        (Resource::Data, "VmData:", "RLIMIT_DATA, `ulimit -d`"),
    ] {
        let (Some(limit), Some(used)) = (getrlimit(resource).current, used(key)) else {
            continue;
        };
        let free = limit.saturating_sub(used);
        if free < need {
            return Err(RunError::AddressSpace {
                limit: format!("{} ({name})", crate::units::human_bytes(limit)),
                free: crate::units::human_bytes(free),
                need: crate::units::human_bytes(need),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_test_sets_the_need() {
        let plan = |s: &str, q, t| PlannedTest {
            requested: crate::workload::notation::parse_test(s).unwrap(),
            q,
            t,
            notes: Vec::new(),
        };
        let small = plan("RND4K Q1T1", 1, 1);
        let big = plan("SEQ1M Q8T4", 8, 4);
        assert_eq!(
            need(std::slice::from_ref(&small), 1 << 30, false),
            PREFILL + MARGIN
        );
        let n = need(&[small, big], 1 << 30, false);
        assert_eq!(
            n,
            32 * MIB + 4 * (WORKER_STACK as u64 + PER_THREAD) + MARGIN
        );
        // Without a limit there is nothing to refuse.
        if getrlimit(Resource::As).current.is_none() {
            check(n).unwrap();
        }
    }
}
