//! One loop of one test: T worker threads started behind a gate, the
//! coordinator watching the window (progress, signals, errors, device and
//! CPU counters), the drain, the merge of what the threads counted.

use super::error::io_error;
use super::event::{LoopTick, Phase};
use super::memory::WORKER_STACK;
use super::stop::{StopReason, StopToken, TICK};
use super::testfile::TestFile;
use super::verify::VerifyMap;
use super::worker::{self, Clock, Gate, Padded, WorkerError, WorkerOutput, WorkerParams};
use super::{RunError, devstats};
use crate::backend::Backend;
use crate::config::Settings;
use crate::engine::registry::WithEngine;
use crate::engine::{Engine, EngineFacts, ThreadSetup};
use crate::fio::{FioEngine, FioJob};
use crate::plan::PlannedTest;
use crate::stats::{CpuView, DeviceView, LoopResult, Sample};
use crate::workload::access::{Offsets, SeqCursor, thread_seed};
use crate::workload::{Direction, Pattern};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Which loop of a run to run.
pub(crate) struct LoopArgs<'v> {
    /// The test as planned.
    pub(crate) planned: &'v PlannedTest,
    /// Its index in the run (part of every thread's seed).
    pub(crate) test_index: usize,
    /// Read, write or mix.
    pub(crate) direction: Direction,
    /// Loop number, from 0.
    pub(crate) loop_index: u32,
    /// `--verify`'s map of sealed writes, for a write test under it.
    pub(crate) verify: Option<&'v VerifyMap>,
}

/// What one loop produced: its figures, and beside them what the backend
/// said about itself (which the figures know nothing of).
#[derive(Debug, Clone)]
pub struct LoopRun {
    /// What the window measured.
    pub result: LoopResult,
    /// How the native engine set itself up (default for fio).
    pub facts: EngineFacts,
    /// What fio printed besides its result (notes, warnings).
    pub fio_notes: Vec<String>,
}

/// What every loop of a run shares.
pub(crate) struct LoopContext<'a> {
    settings: &'a Settings,
    file: &'a TestFile,
    device_dir: Option<&'a std::path::Path>,
    stop: &'a StopToken,
    /// The drive's temperature, read beside the throughput samples.
    thermal: Option<&'a super::thermal_sampler::ThermalSampler>,
    clock: Clock,
    /// Hands each worker of the run a distinct number for its stamps.
    stamp_ids: AtomicU64,
}

/// What one native loop's threads share, made before they start.
struct Shared {
    cursor: SeqCursor,
    gate: Gate,
    stop: AtomicBool,
    /// Bytes each thread has moved so far.
    progress: Vec<Padded>,
}

/// Each thread's result, or its panic.
type Joined = Vec<std::thread::Result<Result<WorkerOutput, WorkerError>>>;

/// A native loop, for the registry's dispatch to run with the engine type.
struct NativeLoop<'c, 'a, 'o> {
    ctx: &'c LoopContext<'a>,
    args: &'c LoopArgs<'c>,
    observer: &'o mut dyn FnMut(LoopTick),
}

impl WithEngine for NativeLoop<'_, '_, '_> {
    type Output = Result<LoopRun, RunError>;

    fn run<E: Engine>(self) -> Self::Output {
        self.ctx.run_loop_with::<E>(self.args, self.observer)
    }
}

impl<'a> LoopContext<'a> {
    /// The shared state of a run's loops.
    pub(crate) fn new(
        settings: &'a Settings,
        file: &'a TestFile,
        device_dir: Option<&'a std::path::Path>,
        stop: &'a StopToken,
    ) -> Self {
        LoopContext {
            settings,
            file,
            device_dir,
            stop,
            thermal: None,
            clock: Clock::new(),
            stamp_ids: AtomicU64::new(0),
        }
    }

    /// The same, with the temperature read beside the throughput samples
    /// (docs/measurement.md#temperature).
    pub(crate) fn with_thermal(
        self,
        thermal: Option<&'a super::thermal_sampler::ThermalSampler>,
    ) -> Self {
        LoopContext { thermal, ..self }
    }
}

impl LoopContext<'_> {
    /// Runs one loop with the run's backend.
    pub(crate) fn run_loop(
        &self,
        args: &LoopArgs<'_>,
        observer: &mut dyn FnMut(LoopTick),
    ) -> Result<LoopRun, RunError> {
        match &self.settings.engine {
            Backend::Native(kind) => kind.with(NativeLoop {
                ctx: self,
                args,
                observer,
            }),
            Backend::Fio(fio) => self.run_fio_loop(fio, args, observer),
        }
    }

    /// One loop: start T workers, open the gate, watch the window, join,
    /// merge. Monomorphised per engine so the hot loop has no indirection.
    fn run_loop_with<E: Engine>(
        &self,
        a: &LoopArgs<'_>,
        observer: &mut dyn FnMut(LoopTick),
    ) -> Result<LoopRun, RunError> {
        let test_name = a.planned.requested.to_string();
        let shared = Shared {
            cursor: SeqCursor::new(),
            gate: Gate::new(),
            stop: AtomicBool::new(false),
            progress: (0..a.planned.t).map(|_| Padded::default()).collect(),
        };
        let mut report = |phase, remaining, mbps| {
            observer(LoopTick {
                phase,
                remaining,
                mbps,
            })
        };
        let (outputs, watched) = self.run_workers::<E>(a, &shared, &test_name, &mut report)?;
        if let Some(sig) = watched.interrupted {
            return Err(RunError::Interrupted(sig));
        }
        // The most bytes the test's I/Os can have in flight at once.
        let in_flight =
            u64::from(a.planned.q * a.planned.t).saturating_mul(a.planned.requested.block_size);
        let (mut result, facts) = self.merge(outputs, a.direction, test_name.clone(), in_flight)?;
        self.close_window(&mut result, watched, a.direction, &test_name)?;
        Ok(LoopRun {
            result,
            facts,
            fio_notes: Vec::new(),
        })
    }

    /// What thread `thread` of the loop is given.
    fn worker_params<'s>(
        &'s self,
        a: &LoopArgs<'s>,
        shared: &'s Shared,
        thread: u32,
    ) -> WorkerParams<'s> {
        let s = self.settings;
        let spec = a.planned.applied();
        let (bs, blocks) = (spec.block_size, self.file.size() / spec.block_size);
        WorkerParams {
            setup: ThreadSetup {
                file: self.file.file(),
                depth: spec.q,
                block_size: bs as usize,
                hipri: s.hipri,
                sqpoll: s.sqpoll,
            },
            direction: a.direction,
            offsets: match spec.pattern {
                Pattern::Seq => Offsets::Seq {
                    cursor: &shared.cursor,
                    blocks,
                    block_size: bs,
                },
                Pattern::Rnd => Offsets::Rnd {
                    blocks,
                    block_size: bs,
                },
            },
            seed: thread_seed(s.seed, a.test_index, a.loop_index, thread),
            data: s.data,
            stamp_id: self.stamp_ids.fetch_add(1, Ordering::Relaxed),
            gate: &shared.gate,
            stop: &shared.stop,
            progress: &shared.progress[thread as usize],
            clock: self.clock,
            verify: a.verify,
            cpu: s.cpus.for_thread(thread),
        }
    }

    /// Starts the T workers behind the gate, opens it when all are set up,
    /// watches the window and joins them.
    fn run_workers<E: Engine>(
        &self,
        a: &LoopArgs<'_>,
        shared: &Shared,
        test_name: &str,
        report: &mut dyn FnMut(Phase, Duration, Option<f64>),
    ) -> Result<(Joined, Watched), RunError> {
        let threads = a.planned.t;
        let warmup_ns = self.settings.warmup.as_nanos() as u64;
        let measure_ns = self.settings.measure.as_nanos() as u64;
        std::thread::scope(|scope| {
            let mut handles = Vec::with_capacity(threads as usize);
            for thread in 0..threads {
                let params = self.worker_params(a, shared, thread);
                let spawned = std::thread::Builder::new()
                    .name(format!("{}{thread}", worker::THREAD_PREFIX))
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(scope, move || worker::run::<E>(params));
                match spawned {
                    Ok(h) => handles.push(h),
                    Err(source) => {
                        // Release those already waiting, then give up.
                        shared.gate.abort();
                        handles.into_iter().for_each(|h| drop(h.join()));
                        return Err(RunError::Threads {
                            test: test_name.to_string(),
                            threads,
                            source,
                        });
                    }
                }
            }
            // A signal while the workers set up (buffers, rings) is acted
            // on within a tick, as in the window. A host of a run on many
            // hosts then waits for its coordinator's word.
            let at = super::barrier::BarrierAt {
                test_index: a.test_index,
                requested: test_name,
                direction: a.direction,
                loop_index: a.loop_index,
                file: self.file.path(),
            };
            let opened = shared.gate.open_when_ready(
                threads,
                || {
                    if let Some(barrier) = self.stop.barrier()
                        && !barrier.wait(&at)
                    {
                        return None;
                    }
                    let now = self.clock.now_ns();
                    Some((now + warmup_ns, now + warmup_ns + measure_ns))
                },
                TICK,
                || self.stop.stopped(),
            );
            let Some((t0, t_end)) = opened else {
                shared.stop.store(true, Ordering::Relaxed);
                handles.into_iter().for_each(|h| drop(h.join()));
                return Err(RunError::Interrupted(
                    self.stop.reason().unwrap_or(StopReason::User),
                ));
            };
            let block_size = a.planned.requested.block_size;
            let watched = self.watch(
                t0,
                t_end,
                &shared.stop,
                &shared.progress,
                block_size,
                report,
            );
            report(Phase::Drain, Duration::ZERO, None);
            let outputs: Joined = handles.into_iter().map(|h| h.join()).collect();
            Ok((outputs, watched))
        })
    }

    /// What the threads counted, added up, and how their engines set
    /// themselves up; or the first error one of them ended with.
    fn merge(
        &self,
        outputs: Joined,
        direction: Direction,
        test_name: String,
        in_flight: u64,
    ) -> Result<(LoopResult, EngineFacts), RunError> {
        let mut result = LoopResult::empty(self.settings.measure.as_nanos() as u64);
        let mut facts = EngineFacts::default();
        let mut first_error = None;
        for r in outputs {
            match r {
                Ok(Ok(o)) => {
                    result.read.merge(&o.read);
                    result.write.merge(&o.write);
                    // Threads set up alike; where one fell back, say so.
                    // Their calls and I/Os add up.
                    let (calls, ios) = (facts.calls, facts.ios);
                    if facts == EngineFacts::default() || o.facts.fallback.is_some() {
                        facts = o.facts.clone();
                    }
                    facts.calls = sum(calls, o.facts.calls);
                    facts.ios = sum(ios, o.facts.ios);
                }
                Ok(Err(e)) => {
                    first_error.get_or_insert(e);
                }
                Err(_) => {
                    return Err(RunError::WorkerPanic {
                        test: test_name,
                        message: "no message".into(),
                    });
                }
            }
        }
        match first_error {
            Some(e) => Err(io_error(
                test_name,
                direction,
                self.file.path(),
                e,
                in_flight,
            )),
            None => Ok((result, facts)),
        }
    }

    /// Ends the window: the final fsync of buffered writes (which belongs
    /// to it), the time diskmark did not run, the device's and the CPU's
    /// view, the samples.
    fn close_window(
        &self,
        result: &mut LoopResult,
        watched: Watched,
        direction: Direction,
        test_name: &str,
    ) -> Result<(), RunError> {
        let mut after = watched.after;
        if direction.writes() && !self.settings.direct {
            // Buffered writes are not on the device yet: the final fsync
            // belongs to the window (KDiskMark's end_fsync=1).
            let t = Instant::now();
            self.file.file().sync_all().map_err(|source| {
                let during = format!("{test_name} write test");
                RunError::full(self.file.path(), &during, &source).unwrap_or(RunError::Os {
                    what: "fsync of buffered writes",
                    source,
                })
            })?;
            result.fsync_ns = t.elapsed().as_nanos() as u64;
            result.window_ns += result.fsync_ns;
            if watched.before.is_some() {
                after = Some(Snapshot::take(self.device_dir, self.clock.now_ns()));
            }
        }
        result.stopped_ns = watched.stalled_ns;
        if let (Some(b), Some(a)) = (watched.before, after) {
            (result.device, result.cpu) = b.views(&a);
            result.stopped_ns += b.suspended_ns(&a);
        }
        result.samples = watched.samples;
        Ok(())
    }

    /// The fio job equivalent to loop `a`, on the test file at `io_path`.
    fn fio_job<'p>(&self, a: &LoopArgs<'_>, io_path: &'p std::path::Path) -> FioJob<'p> {
        let s = self.settings;
        FioJob {
            file: io_path,
            file_size: self.file.size(),
            test: a.planned.applied(),
            direction: a.direction,
            measure: s.measure,
            warmup: s.warmup,
            direct: s.direct,
            data: s.data,
            drop_cache: !s.keep_cache && a.direction.reads(),
            dsync: s.dsync,
            raw: self.file.is_raw(),
        }
    }

    /// One loop through fio: one fio run on the test file, watched for
    /// signals, with the device and CPU counters read at the times its
    /// window should start and end.
    fn run_fio_loop(
        &self,
        fio: &FioEngine,
        a: &LoopArgs<'_>,
        observer: &mut dyn FnMut(LoopTick),
    ) -> Result<LoopRun, RunError> {
        // Through the descriptor, never the name: fio must not write to a
        // file put in the test file's place.
        let io_path = self.file.io_path();
        let job = self.fio_job(a, &io_path);
        let mut report = |phase, remaining| {
            observer(LoopTick {
                phase,
                remaining,
                mbps: None,
            })
        };
        let mut w = FioWatch::default();
        let run = fio.run(&fio.args(&job), job.window(), |elapsed| {
            self.fio_tick(&mut w, elapsed, &mut report)
        });
        if let Some(sig) = w.interrupted {
            return Err(RunError::Interrupted(sig));
        }
        let result = run
            .map_err(|source| RunError::Fio {
                test: format!("{} {}", a.planned.requested, a.direction.name()),
                source,
            })?
            // Only a tick can stop fio, and every tick that does sets
            // `interrupted`, handled above.
            .ok_or(RunError::Interrupted(StopReason::Signal(libc::SIGINT)))?;
        let mut l = result.to_loop(a.planned.applied().block_size);
        l.stopped_ns = w.stalled_ns;
        if let (Some(b), Some(after)) = (w.before, w.after) {
            (l.device, l.cpu) = b.views(&after);
            l.stopped_ns += b.suspended_ns(&after);
        }
        // diskmark only waited: the CPU that counts is fio's.
        if let Some(c) = l.cpu.as_mut() {
            c.process_user_s = result.cpu_user_s;
            c.process_system_s = result.cpu_system_s;
        }
        Ok(LoopRun {
            result: l,
            facts: EngineFacts::default(),
            fio_notes: result.text,
        })
    }

    /// One look at a running fio, about every 20 ms: signals, stalls, the
    /// counters at the start and end of its window, progress. `false`
    /// stops fio.
    fn fio_tick(
        &self,
        w: &mut FioWatch,
        elapsed: Duration,
        report: &mut dyn FnMut(Phase, Duration),
    ) -> bool {
        if let Some(reason) = self.stop.reason() {
            w.interrupted = Some(reason);
            return false;
        }
        let (warmup, measure) = (self.settings.warmup, self.settings.measure);
        // diskmark and fio stop together (one process group, one
        // cgroup): a gap in the ticks is a stall of fio's window too.
        let (t0, t_end) = (
            warmup.as_nanos() as u64,
            (warmup + measure).as_nanos() as u64,
        );
        let now = elapsed.as_nanos() as u64;
        w.stalled_ns += stalled_in_window(w.prev.as_nanos() as u64, now, t0, t_end);
        w.prev = elapsed;
        let (phase, remaining) = if elapsed < warmup {
            (Phase::Warmup, warmup - elapsed)
        } else if elapsed < warmup + measure {
            (Phase::Measure, warmup + measure - elapsed)
        } else {
            (Phase::Drain, Duration::ZERO)
        };
        if phase != Phase::Warmup && w.before.is_none() {
            w.before = Some(Snapshot::take(self.device_dir, self.clock.now_ns()));
        }
        if phase == Phase::Drain && w.after.is_none() {
            w.after = Some(Snapshot::take(self.device_dir, self.clock.now_ns()));
        }
        report(phase, remaining);
        true
    }

    /// The coordinator's side of a window: wakes at least every tick to
    /// report progress and look at signals and errors, reads the device
    /// and CPU counters at t0 and t_end, and returns when the window is
    /// over or the loop must stop.
    fn watch(
        &self,
        t0: u64,
        t_end: u64,
        stop: &AtomicBool,
        progress: &[Padded],
        block_size: u64,
        report: &mut dyn FnMut(Phase, Duration, Option<f64>),
    ) -> Watched {
        let mut w = Watched {
            before: None,
            after: None,
            interrupted: None,
            samples: Vec::new(),
            stalled_ns: 0,
        };
        let (mut last_bytes, mut last_t, mut mbps) = (0u64, self.clock.now_ns(), 0.0);
        // Throughput over time: about every tick inside the window.
        let mut sample_from: Option<(u64, u64)> = None;
        let mut temp_seen = 0;
        let (start, mut prev, mut prev_moved) = (last_t, last_t, 0u64);
        loop {
            let now = self.clock.now_ns();
            let moved: u64 = progress.iter().map(|p| p.0.load(Ordering::Relaxed)).sum();
            let stall = stalled_in_window(prev, now, t0, t_end);
            // Workers that moved data through the gap at their usual rate
            // ran: only this thread waited for a CPU. Stopped, frozen or
            // suspended, they moved (next to) nothing. Without a usual
            // rate yet (the gap began with the window) nothing shows that
            // they ran.
            let usual = moved_at_rate(prev_moved, prev - start, now - prev);
            if stall > 0 && (usual == 0 || moved.saturating_sub(prev_moved) < usual / 2) {
                w.stalled_ns += stall;
            }
            (prev, prev_moved) = (now, moved);
            if w.before.is_none() && now >= t0 {
                w.before = Some(Snapshot::take(self.device_dir, now));
                sample_from = Some((now, moved));
                temp_seen = self.thermal.map_or(0, |s| s.count());
            }
            if let Some((t, b)) = sample_from
                && now > t
                && (now - t >= TICK.as_nanos() as u64 || now >= t_end)
            {
                let temp_c = self.thermal.and_then(|s| s.newer(&mut temp_seen));
                let end = now.saturating_sub(t0);
                let slice = sample(now - t, moved.saturating_sub(b), end, block_size, temp_c);
                w.samples.push(slice);
                sample_from = Some((now, moved));
            }
            if now >= t_end || stop.load(Ordering::Relaxed) {
                break;
            }
            if let Some(reason) = self.stop.reason() {
                stop.store(true, Ordering::Relaxed);
                w.interrupted = Some(reason);
                return w;
            }
            // Throughput over at least half a tick, so that the first
            // look right after the gate does not divide by almost nothing.
            if now - last_t >= TICK.as_nanos() as u64 / 2 {
                mbps =
                    moved.saturating_sub(last_bytes) as f64 / ((now - last_t) as f64 / 1e9) / 1e6;
                (last_bytes, last_t) = (moved, now);
            }
            let (phase, until) = if now < t0 {
                (Phase::Warmup, t0)
            } else {
                (Phase::Measure, t_end)
            };
            report(phase, Duration::from_nanos(until - now), Some(mbps));
            std::thread::sleep(Duration::from_nanos(until - now).min(TICK));
        }
        if w.before.is_some() {
            w.after = Some(Snapshot::take(self.device_dir, self.clock.now_ns()));
        }
        w
    }
}

/// One throughput sample: `bytes` moved over `span_ns` that ended `end_ns`
/// after the window's start, with the temperature read with it, if one was.
fn sample(span_ns: u64, bytes: u64, end_ns: u64, block_size: u64, temp_c: Option<f64>) -> Sample {
    let (secs, bytes) = (span_ns as f64 / 1e9, bytes as f64);
    Sample {
        t_s: end_ns as f64 / 1e9,
        mbps: bytes / secs / 1e6,
        iops: bytes / block_size as f64 / secs,
        temp_c,
    }
}

/// What the coordinator saw of a window.
struct Watched {
    /// Throughput over time.
    samples: Vec<Sample>,
    before: Option<Snapshot>,
    after: Option<Snapshot>,
    interrupted: Option<StopReason>,
    /// Time of the window in which the coordinator did not run, ns.
    stalled_ns: u64,
}

/// What the coordinator saw of a fio run, tick by tick.
#[derive(Default)]
struct FioWatch {
    before: Option<Snapshot>,
    after: Option<Snapshot>,
    interrupted: Option<StopReason>,
    /// Time of the last tick since fio's launch.
    prev: Duration,
    /// Time of fio's window in which diskmark did not run, ns.
    stalled_ns: u64,
}

/// Device and CPU counters at one instant.
#[derive(Debug, Clone, Copy)]
struct Snapshot {
    at_ns: u64,
    disk: Option<devstats::DiskCounters>,
    cpu: Option<devstats::CpuCounters>,
}

impl Snapshot {
    fn take(device_dir: Option<&std::path::Path>, at_ns: u64) -> Snapshot {
        Snapshot {
            at_ns,
            disk: device_dir.and_then(devstats::read_disk),
            cpu: devstats::read_cpu(),
        }
    }

    /// The device's and the CPU's view from this reading to `later`.
    fn views(&self, later: &Snapshot) -> (Option<DeviceView>, Option<CpuView>) {
        let span = later.at_ns.saturating_sub(self.at_ns);
        let device = match (self.disk, later.disk) {
            (Some(d0), Some(d1)) => Some(d0.delta(&d1, span)),
            _ => None,
        };
        let cpu = match (self.cpu, later.cpu) {
            (Some(c0), Some(c1)) => Some(c0.delta(&c1, span)),
            _ => None,
        };
        (device, cpu)
    }

    /// How long the machine was suspended between this reading and
    /// `later`, ns.
    fn suspended_ns(&self, later: &Snapshot) -> u64 {
        match (self.cpu, later.cpu) {
            (Some(c0), Some(c1)) => c0.suspended_ns(&c1, later.at_ns.saturating_sub(self.at_ns)),
            _ => 0,
        }
    }
}

/// A gap between two of the coordinator's looks at the clock longer than
/// this (it looks every tick) means the process did not run: stopped
/// (SIGSTOP, a frozen cgroup) or not scheduled at all.
const STALL_NS: u64 = 4 * TICK.as_nanos() as u64;

/// What `moved` units over `elapsed` ns come to over `gap` ns at the same
/// rate.
fn moved_at_rate(moved: u64, elapsed: u64, gap: u64) -> u64 {
    if elapsed == 0 {
        return 0;
    }
    (moved as u128 * gap as u128 / elapsed as u128).min(u64::MAX as u128) as u64
}

/// Time of `[t0, t_end)` that the gap `[prev, now]` covers, when the gap is
/// a stall; else 0.
fn stalled_in_window(prev: u64, now: u64, t0: u64, t_end: u64) -> u64 {
    if now.saturating_sub(prev) <= STALL_NS {
        return 0;
    }
    now.min(t_end).saturating_sub(prev.max(t0))
}

/// Two counts that may be missing, added: missing only if both are.
fn sum(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    match (a, b) {
        (None, None) => None,
        _ => Some(a.unwrap_or(0) + b.unwrap_or(0)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stalls_are_gaps_far_beyond_a_tick_counted_inside_the_window() {
        let ms = 1_000_000u64;
        // Ticks of 100 ms are no stall.
        assert_eq!(stalled_in_window(1000 * ms, 1100 * ms, 0, 5000 * ms), 0);
        // A 1.2 s gap inside the window counts whole.
        assert_eq!(
            stalled_in_window(1000 * ms, 2200 * ms, 0, 5000 * ms),
            1200 * ms
        );
        // Only the part inside [t0, t_end).
        assert_eq!(
            stalled_in_window(500 * ms, 2000 * ms, 1000 * ms, 5000 * ms),
            1000 * ms
        );
        assert_eq!(
            stalled_in_window(4500 * ms, 6000 * ms, 0, 5000 * ms),
            500 * ms
        );
        assert_eq!(stalled_in_window(6000 * ms, 7000 * ms, 0, 5000 * ms), 0);
        // 10 MB over 1 s comes to 5 MB over 0.5 s.
        assert_eq!(moved_at_rate(10_000_000, 1000 * ms, 500 * ms), 5_000_000);
        assert_eq!(moved_at_rate(10, 0, 500 * ms), 0);
    }
}
