//! The reads of a span map with one engine instance
//! (docs/measurement.md#span): a sample is a fixed byte count read
//! sequentially with Q requests in flight, timed by two clock reads, its
//! first submission to its last completion; an access is one random read
//! at Q1, timed from its submission to its completion.
//!
//! Per I/O the loops allocate nothing, take no lock and make no syscall
//! but the engine's own; a sample reads no clock between its two ends,
//! and an access reads it twice. The only other thing they look at per
//! completion is the stop token (two atomic loads).

use crate::engine::{Completion, Engine, Op};
use crate::run::StopToken;
use crate::run::worker::{Clock, WorkerError};
use crate::stats::histogram::Histogram;
use crate::stats::span::AccessPoint;

/// Deepest queue a sample keeps (the planner caps Q far below it).
pub const MAX_DEPTH: usize = 1024;

/// One engine instance reading blocks of `block` bytes, `depth` in flight.
pub struct Reader<'a, E: Engine> {
    /// The engine, opened for `depth` slots of `block` bytes.
    pub engine: E,
    /// Bytes per read.
    pub block: u64,
    /// Slots in use (at most [`MAX_DEPTH`]).
    pub depth: usize,
    /// The map's clock.
    pub clock: Clock,
    /// Looked at after every completion.
    pub stop: &'a StopToken,
}

/// Where each slot's read went, and the completions' room: made once, so
/// that a sample allocates nothing.
pub struct Slots {
    offset: [u64; MAX_DEPTH],
    done: [Completion; MAX_DEPTH],
}

impl Slots {
    /// Room for [`MAX_DEPTH`] slots, on the heap (it is large).
    pub fn new() -> Box<Slots> {
        Box::new(Slots {
            offset: [0; MAX_DEPTH],
            done: [Completion::default(); MAX_DEPTH],
        })
    }
}

impl<E: Engine> Reader<'_, E> {
    /// Stages and issues the read of `offset` in `slot`.
    #[inline]
    fn issue(&mut self, slots: &mut Slots, slot: u32, offset: u64) -> Result<(), WorkerError> {
        self.engine.prepare(slot, Op::Read, offset);
        slots.offset[slot as usize] = offset;
        self.engine.submit()?;
        Ok(())
    }

    /// Reads `bytes` (whole blocks) from `start` on: the sample's elapsed
    /// ns, or `None` when the stop token was set before it ended (its
    /// reads in flight are drained, and it is not a measured sample).
    pub fn sample(
        &mut self,
        slots: &mut Slots,
        start: u64,
        bytes: u64,
    ) -> Result<Option<u64>, WorkerError> {
        let blocks = bytes / self.block;
        let (mut next, mut in_flight) = (0u64, 0usize);
        let mut stopped = false;
        let t0 = self.clock.now_ns();
        while next < blocks && in_flight < self.depth {
            self.issue(slots, in_flight as u32, start + next * self.block)?;
            next += 1;
            in_flight += 1;
        }
        while in_flight > 0 {
            let n = self.engine.reap(&mut slots.done[..self.depth])?;
            if n == 0 {
                return Err(WorkerError::Io {
                    op: Op::Read,
                    offset: start,
                    source: std::io::Error::other("the engine completed nothing"),
                });
            }
            for k in 0..n {
                let c = slots.done[k];
                in_flight -= 1;
                if c.result != self.block as i64 {
                    return Err(failed(slots.offset[c.slot as usize], c.result, self.block));
                }
                stopped = stopped || self.stop.stopped();
                if !stopped && next < blocks {
                    self.issue(slots, c.slot, start + next * self.block)?;
                    next += 1;
                    in_flight += 1;
                }
            }
        }
        let t1 = self.clock.now_ns();
        Ok((!stopped).then_some(t1.saturating_sub(t0).max(1)))
    }

    /// One random read at `offset`, alone in flight: its issue to
    /// completion, ns.
    #[inline]
    pub fn access(&mut self, slots: &mut Slots, offset: u64) -> Result<u64, WorkerError> {
        let t0 = self.clock.now_ns();
        self.issue(slots, 0, offset)?;
        let n = self.engine.reap(&mut slots.done[..1])?;
        let t1 = self.clock.now_ns();
        let c = slots.done[0];
        if n == 0 || c.result != self.block as i64 {
            return Err(failed(
                offset,
                if n == 0 { 0 } else { c.result },
                self.block,
            ));
        }
        Ok(t1.saturating_sub(t0))
    }
}

/// What the access phase timed.
pub struct Accessed {
    /// Every time, ns.
    pub hist: Histogram,
    /// The exact extremes, ns.
    pub min_ns: u64,
    /// The slowest, ns.
    pub max_ns: u64,
    /// Every time added up, ns.
    pub sum_ns: u64,
    /// Each read with its place, for the chart (room made beforehand).
    pub points: Vec<AccessPoint>,
}

impl Accessed {
    /// Empty, with room for `n` reads.
    pub fn with_room(n: usize) -> Accessed {
        Accessed {
            hist: Histogram::new(),
            min_ns: u64::MAX,
            max_ns: 0,
            sum_ns: 0,
            points: Vec::with_capacity(n),
        }
    }

    /// Counts one read of `ns` at `offset`: O(1), and no allocation while
    /// the room made lasts.
    #[inline]
    pub fn record(&mut self, offset: u64, ns: u64) {
        self.hist.record(ns);
        self.min_ns = self.min_ns.min(ns);
        self.max_ns = self.max_ns.max(ns);
        self.sum_ns = self.sum_ns.saturating_add(ns);
        if self.points.len() < self.points.capacity() {
            self.points.push(AccessPoint {
                offset,
                us: ns as f64 / 1e3,
            });
        }
    }
}

/// Why a read that did not move the whole block ends the map.
#[cold]
fn failed(offset: u64, result: i64, want: u64) -> WorkerError {
    if result < 0 {
        WorkerError::Io {
            op: Op::Read,
            offset,
            source: std::io::Error::from_raw_os_error((-result) as i32),
        }
    } else {
        WorkerError::Short {
            op: Op::Read,
            offset,
            got: result,
            want,
        }
    }
}
