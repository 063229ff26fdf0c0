//! One worker thread: keeps its Q slots busy from the start gate until the
//! end of the window, counts what completes inside the window, then drains.
//!
//! The hot loop (per batch: prepare free slots, one clock read, submit,
//! reap, one clock read, count) allocates nothing, takes no lock and makes
//! no syscall but the engine's own.

use crate::engine::{Completion, Engine, EngineError, Op, ThreadSetup};
use crate::stats::DirStats;
use crate::workload::access::{MixChooser, Offsets, Rng, WRITE_MAGIC, stamp_pages};
use crate::workload::{DataKind, Direction};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Instant;

/// The run's monotonic clock, in nanoseconds since its base.
#[derive(Debug, Clone, Copy)]
pub struct Clock {
    base: Instant,
}

impl Clock {
    /// A clock starting now.
    pub fn new() -> Self {
        Clock {
            base: Instant::now(),
        }
    }

    /// Nanoseconds since the base (CLOCK_MONOTONIC through the vDSO: no
    /// syscall).
    #[inline]
    pub fn now_ns(&self) -> u64 {
        self.base.elapsed().as_nanos() as u64
    }
}

impl Default for Clock {
    fn default() -> Self {
        Self::new()
    }
}

/// An atomic on its own cache line, so that threads updating their own
/// counters do not slow each other down.
#[derive(Debug, Default)]
#[repr(align(64))]
pub struct Padded(pub AtomicU64);

/// Where the workers wait until all are set up, and learn the window.
#[derive(Debug, Default)]
pub struct Gate {
    state: Mutex<GateState>,
    cv: Condvar,
}

#[derive(Debug, Default)]
struct GateState {
    ready: u32,
    open: bool,
    aborted: bool,
    t0: u64,
    t_end: u64,
}

impl Gate {
    /// A closed gate.
    pub fn new() -> Self {
        Self::default()
    }

    /// Called by a worker once set up: waits for the window. `None` if the
    /// run was aborted before it opened.
    pub fn arrive(&self) -> Option<(u64, u64)> {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.ready += 1;
        self.cv.notify_all();
        while !s.open && !s.aborted {
            s = self.cv.wait(s).unwrap_or_else(|e| e.into_inner());
        }
        (!s.aborted).then_some((s.t0, s.t_end))
    }

    /// Called by the coordinator: waits until `n` workers have arrived, then
    /// asks `window` for (t0, t_end) and lets them go.
    pub fn open_when_ready(&self, n: u32, window: impl FnOnce() -> (u64, u64)) -> (u64, u64) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        while s.ready < n {
            s = self.cv.wait(s).unwrap_or_else(|e| e.into_inner());
        }
        let (t0, t_end) = window();
        s.t0 = t0;
        s.t_end = t_end;
        s.open = true;
        self.cv.notify_all();
        (t0, t_end)
    }

    /// Releases every waiting worker without a window.
    pub fn abort(&self) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.aborted = true;
        self.cv.notify_all();
    }
}

/// Everything one worker needs.
pub struct WorkerParams<'a> {
    /// Engine setup: file, depth, block size.
    pub setup: ThreadSetup<'a>,
    /// Read, write or mix.
    pub direction: Direction,
    /// Offset generator (shared cursor for SEQ).
    pub offsets: Offsets<'a>,
    /// This thread's generator seed.
    pub seed: u64,
    /// Write data kind: random data is stamped per write, zeros is not.
    pub data: DataKind,
    /// Unique number of this worker in the run; high bits of its stamps'
    /// sequence numbers.
    pub stamp_id: u64,
    /// The start gate.
    pub gate: &'a Gate,
    /// Set by anyone who wants the loop to end now (error, signal).
    pub stop: &'a AtomicBool,
    /// Bytes this worker has moved so far (warm-up included), for progress.
    pub progress: &'a Padded,
    /// The run's clock.
    pub clock: Clock,
}

/// What a worker counted inside the window.
#[derive(Debug, Default)]
pub struct WorkerOutput {
    /// Reads completed inside the window.
    pub read: DirStats,
    /// Writes completed inside the window.
    pub write: DirStats,
    /// How the engine set itself up.
    pub facts: crate::engine::EngineFacts,
}

/// Why a worker ended early.
#[derive(Debug, thiserror::Error)]
pub enum WorkerError {
    /// An I/O failed.
    #[error("{op} at offset {offset} failed: {source}")]
    Io {
        /// Read or write.
        op: Op,
        /// File offset.
        offset: u64,
        /// errno.
        source: std::io::Error,
    },
    /// An I/O moved fewer bytes than asked.
    #[error("short {op} at offset {offset}: {got} of {want} bytes")]
    Short {
        /// Read or write.
        op: Op,
        /// File offset.
        offset: u64,
        /// Bytes moved.
        got: i64,
        /// Bytes asked.
        want: u64,
    },
    /// The engine failed as a whole.
    #[error(transparent)]
    Engine(#[from] EngineError),
}

/// Runs one worker with engine `E`. Returns what it counted, or the first
/// error (after which the other workers are told to stop).
pub fn run<E: Engine>(p: WorkerParams<'_>) -> Result<WorkerOutput, WorkerError> {
    let result = run_inner::<E>(&p);
    if result.is_err() {
        p.stop.store(true, Ordering::Relaxed);
    }
    result
}

fn run_inner<E: Engine>(p: &WorkerParams<'_>) -> Result<WorkerOutput, WorkerError> {
    let depth = p.setup.depth.max(1) as usize;
    let bs = p.setup.block_size as u64;
    let mut engine = match E::open(&p.setup) {
        Ok(e) => e,
        Err(e) => {
            // Still pass the gate, so the coordinator is not left waiting.
            p.stop.store(true, Ordering::Relaxed);
            p.gate.arrive();
            return Err(e.into());
        }
    };
    let mut rng = Rng::new(p.seed);
    let writes = p.direction.writes();
    let stamp_writes = writes && p.data == DataKind::Random;
    if stamp_writes {
        // Fill once, before the gate: never inside the timed path.
        for slot in 0..depth as u32 {
            rng.fill(engine.buffer(slot));
        }
    }
    let mix = match p.direction {
        Direction::Mix { read_pct } => Some(MixChooser::new(read_pct)),
        _ => None,
    };
    let fixed_op = match p.direction {
        Direction::Write => Op::Write,
        _ => Op::Read,
    };

    // All per-I/O state, allocated before the gate.
    let mut free: Vec<u32> = (0..depth as u32).rev().collect();
    let mut staged: Vec<u32> = Vec::with_capacity(depth);
    let mut slot_op = vec![Op::Read; depth];
    let mut slot_off = vec![0u64; depth];
    let mut slot_issued = vec![0u64; depth];
    let mut done = vec![Completion::default(); depth];
    let mut out = WorkerOutput {
        facts: engine.facts(),
        ..WorkerOutput::default()
    };
    let mut seq: u64 = p.stamp_id << 40;
    let mut moved: u64 = 0;
    let mut in_flight = 0usize;

    let Some((t0, t_end)) = p.gate.arrive() else {
        return Ok(out);
    };
    let mut stopping = p.stop.load(Ordering::Relaxed);

    loop {
        if !stopping && !free.is_empty() {
            staged.clear();
            while let Some(slot) = free.pop() {
                let op = match mix {
                    Some(m) if !m.is_read(&mut rng) => Op::Write,
                    Some(_) => Op::Read,
                    None => fixed_op,
                };
                let offset = p.offsets.next(&mut rng);
                if op == Op::Write && stamp_writes {
                    stamp_pages(engine.buffer(slot), &WRITE_MAGIC, offset, seq);
                    seq += 1;
                }
                engine.prepare(slot, op, offset);
                slot_op[slot as usize] = op;
                slot_off[slot as usize] = offset;
                staged.push(slot);
            }
            let issued = p.clock.now_ns();
            for &slot in &staged {
                slot_issued[slot as usize] = issued;
            }
            in_flight += staged.len();
            engine.submit()?;
        }
        if in_flight == 0 {
            break;
        }
        let n = engine.reap(&mut done)?;
        let now = p.clock.now_ns();
        let in_window = now >= t0 && now < t_end;
        for c in &done[..n] {
            let slot = c.slot as usize;
            let op = slot_op[slot];
            in_flight -= 1;
            free.push(c.slot);
            if c.result != bs as i64 {
                return Err(if c.result < 0 {
                    WorkerError::Io {
                        op,
                        offset: slot_off[slot],
                        source: std::io::Error::from_raw_os_error((-c.result) as i32),
                    }
                } else {
                    WorkerError::Short {
                        op,
                        offset: slot_off[slot],
                        got: c.result,
                        want: bs,
                    }
                });
            }
            if in_window {
                let lat = now.saturating_sub(slot_issued[slot]);
                match op {
                    Op::Read => out.read.record(lat, bs),
                    Op::Write => out.write.record(lat, bs),
                }
            }
        }
        moved += n as u64 * bs;
        p.progress.0.store(moved, Ordering::Relaxed);
        if now >= t_end || p.stop.load(Ordering::Relaxed) {
            stopping = true;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::null::Null;
    use crate::workload::access::SeqCursor;

    fn params<'a>(
        file: &'a std::fs::File,
        gate: &'a Gate,
        stop: &'a AtomicBool,
        progress: &'a Padded,
        cursor: &'a SeqCursor,
        direction: Direction,
        depth: u32,
    ) -> WorkerParams<'a> {
        WorkerParams {
            setup: ThreadSetup {
                file,
                depth,
                block_size: 4096,
                hipri: false,
            },
            direction,
            offsets: Offsets::Seq {
                cursor,
                blocks: 16,
                block_size: 4096,
            },
            seed: 1,
            data: DataKind::Random,
            stamp_id: 0,
            gate,
            stop,
            progress,
            clock: Clock::new(),
        }
    }

    #[test]
    fn counts_only_inside_the_window_and_drains() {
        let f = tempfile::tempfile().unwrap();
        let (gate, stop, progress, cursor) = (
            Gate::new(),
            AtomicBool::new(false),
            Padded::default(),
            SeqCursor::new(),
        );
        let p = params(
            &f,
            &gate,
            &stop,
            &progress,
            &cursor,
            Direction::Mix { read_pct: 50 },
            8,
        );
        let clock = p.clock;
        let out = std::thread::scope(|s| {
            let h = s.spawn(|| run::<Null>(p));
            gate.open_when_ready(1, || {
                let now = clock.now_ns();
                (now + 20_000_000, now + 70_000_000)
            });
            h.join().unwrap().unwrap()
        });
        // Null completes instantly: tens of thousands of I/Os in 50 ms,
        // split about evenly, each latency tiny.
        assert!(out.read.ios > 1000 && out.write.ios > 1000, "{out:?}");
        let ratio = out.read.ios as f64 / out.write.ios as f64;
        assert!((0.8..1.25).contains(&ratio), "{ratio}");
        // Everything moved (warm-up included) exceeds what was counted.
        assert!(progress.0.load(Ordering::Relaxed) > (out.read.bytes + out.write.bytes));
    }

    #[test]
    fn an_aborted_gate_ends_the_worker_without_counting() {
        let f = tempfile::tempfile().unwrap();
        let (gate, stop, progress, cursor) = (
            Gate::new(),
            AtomicBool::new(false),
            Padded::default(),
            SeqCursor::new(),
        );
        let p = params(&f, &gate, &stop, &progress, &cursor, Direction::Read, 1);
        let out = std::thread::scope(|s| {
            let h = s.spawn(|| run::<Null>(p));
            gate.abort();
            h.join().unwrap().unwrap()
        });
        assert_eq!(out.read.ios + out.write.ios, 0);
    }

    #[test]
    fn io_errors_carry_op_and_offset() {
        // A read-only descriptor: the first write fails with EBADF.
        let tmp = tempfile::NamedTempFile::new().unwrap();
        let f = std::fs::File::open(tmp.path()).unwrap();
        let (gate, stop, progress, cursor) = (
            Gate::new(),
            AtomicBool::new(false),
            Padded::default(),
            SeqCursor::new(),
        );
        let p = params(&f, &gate, &stop, &progress, &cursor, Direction::Write, 1);
        let clock = p.clock;
        let err = std::thread::scope(|s| {
            let h = s.spawn(|| run::<crate::engine::psync::Psync>(p));
            gate.open_when_ready(1, || {
                let now = clock.now_ns();
                (now, now + 1_000_000_000)
            });
            h.join().unwrap().unwrap_err()
        });
        assert!(
            matches!(
                err,
                WorkerError::Io {
                    op: Op::Write,
                    offset: 0,
                    ..
                }
            ),
            "{err}"
        );
        assert!(stop.load(Ordering::Relaxed));
    }

    #[test]
    fn short_transfers_end_the_worker() {
        // An empty file: the first read returns 0 bytes of 4096.
        let f = tempfile::tempfile().unwrap();
        let (gate, stop, progress, cursor) = (
            Gate::new(),
            AtomicBool::new(false),
            Padded::default(),
            SeqCursor::new(),
        );
        let p = params(&f, &gate, &stop, &progress, &cursor, Direction::Read, 1);
        let clock = p.clock;
        let err = std::thread::scope(|s| {
            let h = s.spawn(|| run::<crate::engine::psync::Psync>(p));
            gate.open_when_ready(1, || {
                let now = clock.now_ns();
                (now, now + 1_000_000_000)
            });
            h.join().unwrap().unwrap_err()
        });
        assert_eq!(err.to_string(), "short read at offset 0: 0 of 4096 bytes");
    }
}
