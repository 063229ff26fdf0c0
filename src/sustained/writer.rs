//! One writer thread of a sustained write: keeps its Q slots busy with the
//! next blocks of the shared cursor until the file has its size, counting
//! each completion's bytes and latency where the coordinator can read
//! them (docs/measurement.md#sustained-write).
//!
//! The hot loop (per I/O: reap one completion, one clock read, count;
//! claim the next block, stamp it, one clock read, submit) allocates
//! nothing, takes no lock and makes no syscall but the engine's own.

use super::sampler::LatencyBuckets;
use crate::engine::{Completion, Engine, Op, ThreadSetup};
use crate::run::worker::{Clock, Gate, Padded, WorkerError};
use crate::workload::DataKind;
use crate::workload::access::Rng;
use crate::workload::stamp::{WRITE_MAGIC, stamp_pages};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Everything one writer needs.
pub struct WriterParams<'a> {
    /// Engine setup: file, depth, block size.
    pub setup: ThreadSetup<'a>,
    /// The next block to write, shared by every writer: one sequential
    /// stream whatever Q and T are.
    pub cursor: &'a AtomicU64,
    /// Blocks the writers may claim: the file's, lowered by the
    /// coordinator when another writer eats into the margin of free space
    /// (see [`super::margin`]).
    pub blocks: &'a AtomicU64,
    /// This writer's seed, for its data.
    pub seed: u64,
    /// Random data is stamped per write, zeros are not.
    pub data: DataKind,
    /// Distinct per writer: the high bits of its stamps' sequence numbers.
    pub stamp_id: u64,
    /// The start gate.
    pub gate: &'a Gate,
    /// Set by anyone who wants the fill to end now (error, signal).
    pub stop: &'a AtomicBool,
    /// Bytes this writer has completed.
    pub progress: &'a Padded,
    /// This writer's latencies.
    pub latencies: &'a LatencyBuckets,
    /// The fill's clock.
    pub clock: Clock,
}

/// Runs one writer with engine `E` until the file is full or the fill is
/// stopped; the first error ends it (and tells the others to stop). A
/// panic becomes an error, after the gate, so nobody waits for this one.
pub fn run<E: Engine>(p: WriterParams<'_>) -> Result<(), WorkerError> {
    let mut arrived = false;
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        run_inner::<E>(&p, &mut arrived)
    }));
    let result = caught.unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "no message".into());
        Err(WorkerError::Panic(message))
    });
    if result.is_err() {
        p.stop.store(true, Ordering::Relaxed);
        if !arrived {
            p.gate.leave();
        }
    }
    result
}

fn run_inner<E: Engine>(p: &WriterParams<'_>, arrived: &mut bool) -> Result<(), WorkerError> {
    let mut engine = E::open(&p.setup)?;
    let depth = p.setup.depth.max(1);
    let mut rng = Rng::new(p.seed);
    if p.data == DataKind::Random {
        // Filled once before the gate, never in the timed path.
        for slot in 0..depth {
            rng.fill(engine.buffer(slot));
        }
    }
    *arrived = true;
    if p.gate.arrive().is_none() || p.stop.load(Ordering::Relaxed) {
        return Ok(());
    }
    keep_writing(&mut engine, p)
}

/// Per slot: where its write went and when it was issued.
struct Slots {
    offset: [u64; MAX_DEPTH],
    issued: [u64; MAX_DEPTH],
    seq: u64,
}

/// Deepest queue a writer keeps (the planner caps Q far below it).
const MAX_DEPTH: usize = 1024;

impl Slots {
    /// Claims the next block and issues its write in `slot`: `false` when
    /// the file has all its blocks.
    #[inline]
    fn issue<E: Engine>(
        &mut self,
        engine: &mut E,
        p: &WriterParams<'_>,
        slot: u32,
    ) -> Result<bool, WorkerError> {
        let block = p.cursor.fetch_add(1, Ordering::Relaxed);
        if block >= p.blocks.load(Ordering::Relaxed) {
            return Ok(false);
        }
        let offset = block * p.setup.block_size as u64;
        if p.data == DataKind::Random {
            stamp_pages(engine.buffer(slot), &WRITE_MAGIC, offset, self.seq);
            self.seq += 1;
        }
        engine.prepare(slot, Op::Write, offset);
        self.offset[slot as usize] = offset;
        self.issued[slot as usize] = p.clock.now_ns();
        engine.submit()?;
        Ok(true)
    }
}

/// Fills every slot, then refills each as it completes, until no block is
/// left or the fill is stopped; then drains.
fn keep_writing<E: Engine>(engine: &mut E, p: &WriterParams<'_>) -> Result<(), WorkerError> {
    let bs = p.setup.block_size as u64;
    let depth = (p.setup.depth.max(1) as usize).min(MAX_DEPTH);
    let mut slots = Slots {
        offset: [0; MAX_DEPTH],
        issued: [0; MAX_DEPTH],
        // Never 0, as the run's own writes.
        seq: (p.stamp_id << 40) + 1,
    };
    let mut in_flight = 0usize;
    for slot in 0..depth as u32 {
        if !slots.issue(engine, p, slot)? {
            break;
        }
        in_flight += 1;
    }
    let mut done = [Completion::default(); 1];
    let (mut moved, mut more) = (0u64, true);
    while in_flight > 0 {
        if engine.reap(&mut done)? == 0 {
            break;
        }
        let now = p.clock.now_ns();
        let c = done[0];
        let slot = c.slot as usize;
        in_flight -= 1;
        if c.result != bs as i64 {
            return Err(failed(slots.offset[slot], c.result, bs));
        }
        p.latencies.record(now.saturating_sub(slots.issued[slot]));
        moved += bs;
        p.progress.0.store(moved, Ordering::Relaxed);
        if more && p.stop.load(Ordering::Relaxed) {
            more = false;
        }
        if more {
            more = slots.issue(engine, p, c.slot)?;
            in_flight += usize::from(more);
        }
    }
    Ok(())
}

/// Why a write that did not move the whole block ends the writer.
#[cold]
fn failed(offset: u64, result: i64, want: u64) -> WorkerError {
    if result < 0 {
        WorkerError::Io {
            op: Op::Write,
            offset,
            source: std::io::Error::from_raw_os_error((-result) as i32),
        }
    } else {
        WorkerError::Short {
            op: Op::Write,
            offset,
            got: result,
            want,
        }
    }
}
