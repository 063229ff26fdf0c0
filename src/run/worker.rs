//! One worker thread: keeps its Q slots busy from the start gate until the
//! end of the window, counts what completes inside the window, then drains.
//!
//! The hot loop works in batches (docs/measurement.md#batches): one engine
//! call waits for completions, every completion it returns is counted
//! against one clock read, and each freed slot is refilled, stamped and
//! issued: all in one call where the device completes I/Os inside the call
//! that submits them, else each at once. So an I/O costs at most two clock
//! reads, and the loop allocates nothing, takes no lock and makes no
//! syscall but the engine's own.

use crate::engine::{Completion, Engine, EngineError, Op, ThreadSetup};
use crate::stats::DirStats;
use crate::workload::access::{MixChooser, Offsets, Rng};
use crate::workload::stamp::{WRITE_MAGIC, stamp_pages};
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

    /// Called for a worker that ends (fails or panics) before it arrived:
    /// counts it, so the coordinator is not left waiting for it.
    pub fn leave(&self) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.ready += 1;
        self.cv.notify_all();
    }

    /// Called by the coordinator: waits until `n` workers have arrived (or
    /// left), then asks `window` for (t0, t_end) and lets them go; `window`
    /// may wait first (the barrier of a run on many hosts) or say `None`:
    /// then the gate is aborted. Looks at `give_up` at least every `tick`
    /// while it waits: when that says so, aborts the gate and returns `None`.
    pub fn open_when_ready(
        &self,
        n: u32,
        window: impl FnOnce() -> Option<(u64, u64)>,
        tick: std::time::Duration,
        give_up: impl Fn() -> bool,
    ) -> Option<(u64, u64)> {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        while s.ready < n {
            if give_up() {
                s.aborted = true;
                self.cv.notify_all();
                return None;
            }
            s = self
                .cv
                .wait_timeout(s, tick)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        let Some((t0, t_end)) = window() else {
            s.aborted = true;
            self.cv.notify_all();
            return None;
        };
        s.t0 = t0;
        s.t_end = t_end;
        s.open = true;
        self.cv.notify_all();
        Some((t0, t_end))
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
    /// `--verify`: sealed writes, blocks claimed while in flight.
    pub verify: Option<&'a super::verify::VerifyMap>,
    /// `--cpus`: the CPU this worker runs on.
    pub cpu: Option<u32>,
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
    /// `--cpus`: the worker could not be placed on its CPU.
    #[error("a worker could not run on CPU {cpu} (--cpus): {source}")]
    Placement {
        /// The CPU asked for.
        cpu: u32,
        /// What sched_setaffinity said.
        source: std::io::Error,
    },
    /// The worker panicked (a bug); what the panic said.
    #[error("the worker panicked: {0}")]
    Panic(String),
}

/// Runs one worker with engine `E`. Returns what it counted, or the first
/// error (after which the other workers are told to stop). A panic is
/// caught and returned as an error too, after passing the gate, so that
/// neither the coordinator nor the other workers wait for this one.
pub fn run<E: Engine>(p: WorkerParams<'_>) -> Result<WorkerOutput, WorkerError> {
    let mut arrival = Arrival {
        gate: p.gate,
        arrived: false,
    };
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        run_inner::<E>(&p, &mut arrival)
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
        if !arrival.arrived {
            p.gate.leave();
        }
    }
    result
}

/// A worker's passage through the gate, remembered so that a worker that
/// fails first is still counted.
struct Arrival<'g> {
    gate: &'g Gate,
    arrived: bool,
}

impl Arrival<'_> {
    fn arrive(&mut self) -> Option<(u64, u64)> {
        self.arrived = true;
        self.gate.arrive()
    }
}

/// Name prefix of worker threads: their panics are reported as the run's
/// error, not by the panic hook.
pub const THREAD_PREFIX: &str = "diskmark-w";

/// Makes a worker's panic silent (once per process): [`run`] turns it into
/// one sentence; the default hook would add its own lines, and under
/// RUST_BACKTRACE=1 a backtrace. Other threads keep the previous hook.
pub fn quiet_worker_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let worker = std::thread::current()
                .name()
                .is_some_and(|n| n.starts_with(THREAD_PREFIX));
            if !worker {
                previous(info);
            }
        }));
    });
}

/// Environment variable that makes every worker panic, at `setup` (before
/// the start gate) or in the `window`: lets a test check that a panicking
/// worker ends the run cleanly. For tests only.
pub const TEST_WORKER_PANIC: &str = "DISKMARK_TEST_WORKER_PANIC";

/// Where [`TEST_WORKER_PANIC`] asks for a panic (read once).
fn test_panic_at() -> Option<&'static str> {
    static AT: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    AT.get_or_init(|| crate::testing::var(TEST_WORKER_PANIC))
        .as_deref()
}

/// Per-slot bookkeeping and the generators: everything needed to issue one
/// I/O, allocated before the gate.
struct Issuer<'p, 'a> {
    p: &'p WorkerParams<'a>,
    rng: Rng,
    mix: Option<MixChooser>,
    fixed_op: Op,
    stamp_writes: bool,
    seq: u64,
    slot_op: Vec<Op>,
    slot_off: Vec<u64>,
    slot_issued: Vec<u64>,
    /// Sequence of each slot's write (for --verify).
    slot_seq: Vec<u64>,
    /// Room for a whole batch of completions.
    done: Vec<Completion>,
    /// The slots staged since the last submission, stamped together.
    staged: Vec<u32>,
}

impl<'p, 'a> Issuer<'p, 'a> {
    /// The issuer of worker `p`, its buffers filled for random writes.
    fn new<E: Engine>(p: &'p WorkerParams<'a>, engine: &mut E) -> Self {
        let depth = p.setup.depth.max(1) as usize;
        let mut rng = Rng::new(p.seed);
        let stamp_writes = p.direction.writes() && p.data == DataKind::Random;
        if stamp_writes {
            // Fill once, before the gate: never inside the timed path.
            for slot in 0..depth as u32 {
                rng.fill(engine.buffer(slot));
            }
        }
        Issuer {
            p,
            rng,
            mix: match p.direction {
                Direction::Mix { read_pct } => Some(MixChooser::new(read_pct)),
                _ => None,
            },
            fixed_op: match p.direction {
                Direction::Write => Op::Write,
                _ => Op::Read,
            },
            stamp_writes,
            // Never 0: a verify map reads 0 as "never written".
            seq: (p.stamp_id << 40) + 1,
            slot_op: vec![Op::Read; depth],
            slot_off: vec![0u64; depth],
            slot_issued: vec![0u64; depth],
            slot_seq: vec![0u64; depth],
            done: vec![Completion::default(); depth],
            staged: Vec::with_capacity(depth),
        }
    }

    /// Stages the next I/O in `slot` with the engine; it is issued, and
    /// stamped, with the rest of the batch ([`Issuer::stamp`]).
    #[inline]
    fn stage<E: Engine>(&mut self, engine: &mut E, slot: u32) {
        let op = match self.mix {
            Some(m) if !m.is_read(&mut self.rng) => Op::Write,
            Some(_) => Op::Read,
            None => self.fixed_op,
        };
        let mut offset = self.p.offsets.next(&mut self.rng);
        let s = slot as usize;
        if let Some(v) = self.p.verify {
            // Never two I/Os on one block at once (planned so that fewer
            // I/Os are in flight than the file has blocks).
            while !v.try_claim(offset) {
                offset = self.p.offsets.next(&mut self.rng);
            }
            if op == Op::Write {
                let buf = engine.buffer(slot);
                if self.stamp_writes {
                    stamp_pages(buf, &WRITE_MAGIC, offset, self.seq);
                }
                super::verify::seal(buf, offset, self.seq);
                self.slot_seq[s] = self.seq;
                self.seq += 1;
            }
        } else if op == Op::Write && self.stamp_writes {
            stamp_pages(engine.buffer(slot), &WRITE_MAGIC, offset, self.seq);
            self.seq += 1;
        }
        engine.prepare(slot, op, offset);
        self.slot_op[s] = op;
        self.slot_off[s] = offset;
        self.staged.push(slot);
    }

    /// Takes the issue time of every staged slot, just before the engine
    /// call that issues them: one clock read for the batch. Returns how
    /// many were staged.
    #[inline]
    fn stamp(&mut self) -> usize {
        let now = self.p.clock.now_ns();
        for &slot in &self.staged {
            self.slot_issued[slot as usize] = now;
        }
        let n = self.staged.len();
        self.staged.clear();
        n
    }
}

/// Why a completion that did not move the whole block ends the worker.
#[cold]
fn failed(op: Op, offset: u64, result: i64, want: u64) -> WorkerError {
    if result < 0 {
        WorkerError::Io {
            op,
            offset,
            source: std::io::Error::from_raw_os_error((-result) as i32),
        }
    } else {
        WorkerError::Short {
            op,
            offset,
            got: result,
            want,
        }
    }
}

fn run_inner<E: Engine>(
    p: &WorkerParams<'_>,
    arrival: &mut Arrival<'_>,
) -> Result<WorkerOutput, WorkerError> {
    if test_panic_at() == Some("setup") {
        panic!("{TEST_WORKER_PANIC}=setup");
    }
    // On failure, [`run`] passes the gate for this worker. Placed before
    // the engine is set up, so that its ring and buffers are this CPU's.
    if let Some(cpu) = p.cpu {
        crate::host::pin_current_thread(cpu)
            .map_err(|source| WorkerError::Placement { cpu, source })?;
    }
    let mut engine = E::open(&p.setup)?;
    let mut io = Issuer::new(p, &mut engine);
    let mut out = WorkerOutput {
        facts: engine.facts(),
        ..WorkerOutput::default()
    };
    let Some((t0, t_end)) = arrival.arrive() else {
        return Ok(out);
    };
    if p.stop.load(Ordering::Relaxed) {
        return Ok(out);
    }
    if test_panic_at() == Some("window") {
        panic!("{TEST_WORKER_PANIC}=window");
    }
    let completed = keep_slots_full(&mut engine, &mut io, t0, t_end, &mut out)?;
    out.facts.calls = engine.calls();
    out.facts.ios = out.facts.calls.map(|_| completed);
    Ok(out)
}

/// The hot loop, from the gate to the drain: counts in `out` what
/// completes inside `[t0, t_end)`, and returns how many I/Os completed
/// in all.
///
/// Fill every slot, then keep them full: one engine call waits for at
/// least one completion (and issues what is staged: one io_uring_enter
/// where the engine allows), the completions it returns are taken against
/// one clock read, and each freed slot is refilled at once, in one batch
/// when the whole queue came back, as t/io_uring does. A completion that
/// waits while earlier ones are handled is still in flight, so Q I/Os are
/// in flight but for the time it takes to refill, and Little's law holds
/// (docs/measurement.md#batches).
fn keep_slots_full<E: Engine>(
    engine: &mut E,
    io: &mut Issuer<'_, '_>,
    t0: u64,
    t_end: u64,
    out: &mut WorkerOutput,
) -> Result<u64, WorkerError> {
    let p = io.p;
    let bs = p.setup.block_size as u64;
    let depth = p.setup.depth.max(1) as usize;
    let mut done = std::mem::take(&mut io.done);
    let mut moved: u64 = 0;
    for slot in 0..depth as u32 {
        io.stage(engine, slot);
    }
    let mut in_flight = io.stamp();
    let mut stopping = false;
    while in_flight > 0 {
        let n = engine.submit_and_reap(&mut done)?;
        if n == 0 {
            // Nothing in flight after all: an engine bookkeeping slip, not
            // worth hanging for.
            break;
        }
        let now = p.clock.now_ns();
        stopping = stopping || now >= t_end || p.stop.load(Ordering::Relaxed);
        // Every I/O in flight came back in one call: the device completes
        // them inside the call that submits them (a RAM device), the
        // worker is what they wait for, and one call for the batch saves
        // a call per I/O. Otherwise the device is what they wait for, and
        // each refill goes to it at once, stamped on its own: on a virtio
        // disk, refills handed over together gave 10 % fewer IOPS
        // (docs/measurement.md#batches).
        let together = n == in_flight;
        for c in &done[..n] {
            let slot = c.slot as usize;
            let op = io.slot_op[slot];
            if let Some(v) = p.verify {
                let ok = c.result == bs as i64;
                v.complete(
                    io.slot_off[slot],
                    (op == Op::Write && ok).then_some(io.slot_seq[slot]),
                );
            }
            if c.result != bs as i64 {
                return Err(failed(op, io.slot_off[slot], c.result, bs));
            }
            if now >= t0 && now < t_end {
                let lat = now.saturating_sub(io.slot_issued[slot]);
                match op {
                    Op::Read => out.read.record(lat, bs),
                    Op::Write => out.write.record(lat, bs),
                }
            }
            if !stopping {
                io.stage(engine, c.slot);
                if !together {
                    in_flight += io.stamp();
                    engine.submit()?;
                }
            }
        }
        in_flight -= n;
        moved += n as u64 * bs;
        p.progress.0.store(moved, Ordering::Relaxed);
        in_flight += io.stamp();
    }
    Ok(moved / bs.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::null::Null;
    use crate::workload::access::SeqCursor;
    const TICK: std::time::Duration = std::time::Duration::from_millis(100);

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
                sqpoll: false,
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
            verify: None,
            cpu: None,
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
            gate.open_when_ready(
                1,
                || {
                    let now = clock.now_ns();
                    Some((now + 20_000_000, now + 70_000_000))
                },
                TICK,
                || false,
            );
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

    /// Runs one psync worker of depth 1 on `f` with a one-second window
    /// and returns the error it must end with, and whether it raised the
    /// stop flag for the other threads.
    fn psync_failure(f: &std::fs::File, direction: Direction) -> (WorkerError, bool) {
        let (gate, stop, progress, cursor) = (
            Gate::new(),
            AtomicBool::new(false),
            Padded::default(),
            SeqCursor::new(),
        );
        let p = params(f, &gate, &stop, &progress, &cursor, direction, 1);
        let clock = p.clock;
        let err = std::thread::scope(|s| {
            let h = s.spawn(|| run::<crate::engine::psync::Psync>(p));
            gate.open_when_ready(
                1,
                || {
                    let now = clock.now_ns();
                    Some((now, now + 1_000_000_000))
                },
                TICK,
                || false,
            );
            h.join().unwrap().unwrap_err()
        });
        (err, stop.load(Ordering::Relaxed))
    }

    #[test]
    fn io_errors_carry_op_and_offset() {
        // A read-only descriptor: the first write fails with EBADF.
        let tmp = tempfile::NamedTempFile::new().unwrap();
        let f = std::fs::File::open(tmp.path()).unwrap();
        let (err, stopped) = psync_failure(&f, Direction::Write);
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
        assert!(stopped);
    }

    #[test]
    fn short_transfers_end_the_worker() {
        // An empty file: the first read returns 0 bytes of 4096.
        let f = tempfile::tempfile().unwrap();
        let (err, _) = psync_failure(&f, Direction::Read);
        assert_eq!(err.to_string(), "short read at offset 0: 0 of 4096 bytes");
    }
}
