//! The sustained write itself (docs/measurement.md#sustained-write): the
//! run's test file created, T writers filling it from the start to the
//! planned size behind one gate, the coordinator sampling them every
//! interval and watching signals, the file removed whatever happens.

use super::margin::MarginGuard;
use super::plan::FillPlan;
use super::sampler::{LatencyBuckets, Sampler, Temps, throttling_note};
use super::writer::{self, WriterParams};
use crate::engine::registry::WithEngine;
use crate::engine::{Engine, ThreadSetup};
use crate::run::testfile::{FileOptions, TestFile};
use crate::run::worker::{self as run_worker, Clock, Gate, Padded, WorkerError};
use crate::run::{Event, FillStep, RunError, RunOutput, Step, StopReason, StopToken, TestFileInfo};
use crate::stats::sustained::{SustainedResult, SustainedSample, summarize};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// Longest sleep between two looks at the writers and the signals.
const TICK: Duration = Duration::from_millis(100);
/// The same while the writers drain their last I/Os.
const DRAIN_TICK: Duration = Duration::from_millis(2);

impl crate::run::shell::ModePlan for FillPlan {
    const MODE: &'static str = "sustained";
    const WHAT: &'static str = "a sustained write";
    const GRID_ROWS: bool = false;
    type Error = RunError;

    fn settings(&self) -> &crate::config::Settings {
        self.run().settings()
    }

    fn target(&self) -> &crate::target::TargetInfo {
        self.run().target()
    }

    fn notes(&self) -> Vec<String> {
        crate::run::shell::with_caveats(FillPlan::notes(self).to_vec(), self.run().target())
    }

    /// What it will do, said before it starts: `sustained write of
    /// 12.00 GB, SEQ1M Q8T1, in /mnt/ssd`.
    fn sentence(&self) -> String {
        format!(
            "sustained write of {:.2} GB, {}, in {}",
            self.bytes() as f64 / 1e9,
            self.run().tests()[0].applied(),
            crate::escape::path(&self.run().target().path)
        )
    }

    fn execute(
        &self,
        stop: &StopToken,
        observer: &mut dyn FnMut(&Event),
    ) -> Result<RunOutput, RunError> {
        run(self, stop, observer)
    }
}

/// Writes the plan's bytes into a new test file, telling `observer` how
/// far it is about every tick, and removes the file. A signal or `stop`
/// ends it early with what was sampled and `interrupted` set; a full
/// filesystem ends it with what was sampled and the sentence in
/// `ended_early`.
pub fn run(
    plan: &FillPlan,
    stop: &StopToken,
    observer: &mut dyn FnMut(&Event),
) -> Result<RunOutput, RunError> {
    crate::run::shell::enter()?;
    let run = plan.run();
    let settings = run.settings();
    let mut out = RunOutput::begin(plan.notes().to_vec());
    let Some(kind) = settings.engine.native() else {
        return Err(RunError::Refused(
            "a sustained write runs on diskmark's own engines".into(),
        ));
    };
    let test = run.tests()[0].applied();
    settings.engine.prepare_process((test.q * test.t) as usize);
    if let Some(reason) = stop.reason() {
        out.interrupted = Some(reason);
        return Ok(out);
    }
    let mut file = create_file(plan)?;
    out.test_file = TestFileInfo {
        raw_device: false,
        size: plan.bytes(),
        dio_align: file.dio_align().map(|a| a.1),
        nocow: None,
        prefill_ns: 0,
    };
    let filled = kind.with(Fill {
        plan,
        file: &file,
        stop,
        observer: &mut *observer,
    });
    // Removed here, not at drop, so that a file that cannot be removed is
    // named in the report, and told at once.
    if let Err(e) = file.remove() {
        observer(&Event::warning(e.to_string(), true));
        out.notes.push(e.to_string());
    }
    let filled = filled?;
    out.interrupted = filled.interrupted;
    let test = &run.tests()[0].requested;
    let held_back = filled.held_back.as_ref();
    let ended_early = ended_early(&file, test, filled.error, filled.sync_error)?
        .or_else(|| held_back.and_then(|g| g.sentence(filled.written)));
    (out.notes).extend(held_back.and_then(|g| g.note(filled.written, plan.bytes())));
    let elapsed_s = filled.elapsed_ns as f64 / 1e9;
    let warning_c = run.target().sensor().and_then(|s| s.warning_c());
    (out.notes).extend(throttling_note(
        &test.to_string(),
        warning_c,
        &filled.series,
    ));
    out.sustained = Some(SustainedResult {
        test: run.tests()[0].applied().to_string(),
        planned_bytes: plan.bytes(),
        bytes_written: filled.written,
        sample_interval_s: plan.sample_interval().as_secs_f64(),
        summary: summarize(&filled.series, filled.written, elapsed_s),
        series: filled.series,
        ended_early,
    });
    Ok(out)
}

/// The run's test file, empty, in the target directory (NOCOW on a
/// copy-on-write filesystem unless `--cow`, as a run's).
fn create_file(plan: &FillPlan) -> Result<TestFile, RunError> {
    let (settings, target) = (plan.run().settings(), plan.run().target());
    let cow_fs = target
        .caveats
        .iter()
        .any(|c| matches!(c, crate::target::caveats::Caveat::CopyOnWrite { .. }));
    TestFile::create_with(
        &target.path,
        plan.bytes(),
        &FileOptions {
            direct: settings.direct,
            dsync: settings.dsync,
            nocow: cow_fs && !settings.cow,
        },
    )
}

/// Why the fill ended early (a full filesystem, a file-size limit), or
/// the run's error for any other failure of a writer or the final fsync.
fn ended_early(
    file: &TestFile,
    test: &crate::workload::TestSpec,
    error: Option<WorkerError>,
    sync_error: Option<std::io::Error>,
) -> Result<Option<String>, RunError> {
    match (error, sync_error) {
        (Some(e), _) => full_or_fail(file, test, e).map(Some),
        (None, Some(source)) => {
            let during = format!("sustained write ({test})");
            match RunError::full(file.path(), &during, &source) {
                Some(full) => Ok(Some(full.to_string())),
                None => Err(RunError::Os {
                    what: "fsync of buffered writes",
                    source,
                }),
            }
        }
        (None, None) => Ok(None),
    }
}

/// A writer's failure: the sentence of a full filesystem (or of the
/// file-size limit), which ends the fill with what it sampled; any other
/// failure is the run's error.
fn full_or_fail(
    file: &TestFile,
    test: &crate::workload::TestSpec,
    e: WorkerError,
) -> Result<String, RunError> {
    let during = format!("sustained write ({test})");
    let errno = match &e {
        // An O_DIRECT write across RLIMIT_FSIZE (lowered while the fill
        // runs) is cut to an unaligned length: EINVAL, which is the limit.
        WorkerError::Io { source, offset, .. }
            if source.raw_os_error() == Some(libc::EINVAL)
                && crate::run::past_fsize_limit(*offset, test.block_size) =>
        {
            Some(libc::EFBIG)
        }
        WorkerError::Io { source, .. } => source.raw_os_error(),
        // A write cut short on a regular file is the file-size limit or
        // the disk filling up: the errno would only come with the next
        // write.
        WorkerError::Short { offset, want, .. } => {
            Some(if crate::run::past_fsize_limit(*offset, *want) {
                libc::EFBIG
            } else {
                libc::ENOSPC
            })
        }
        _ => None,
    };
    if let Some(full) = errno
        .and_then(|n| RunError::full(file.path(), &during, &std::io::Error::from_raw_os_error(n)))
    {
        return Ok(full.to_string());
    }
    Err(match e {
        WorkerError::Panic(message) => RunError::WorkerPanic {
            test: test.to_string(),
            message,
        },
        WorkerError::Engine(source) => RunError::Engine {
            test: test.to_string(),
            source,
        },
        source => RunError::Io {
            test: test.to_string(),
            direction: "write",
            source,
        },
    })
}

/// What the writers did.
#[derive(Default)]
struct Filled {
    series: Vec<SustainedSample>,
    written: u64,
    /// First write issued to last one completed.
    elapsed_ns: u64,
    interrupted: Option<StopReason>,
    /// The first writer's failure.
    error: Option<WorkerError>,
    /// The final fsync's failure (buffered writes).
    sync_error: Option<std::io::Error>,
    /// The margin's guard, when it held the fill back (another writer).
    held_back: Option<MarginGuard>,
}

/// The fill, for the registry's dispatch to run with the engine type.
struct Fill<'a, 'o> {
    plan: &'a FillPlan,
    file: &'a TestFile,
    stop: &'a StopToken,
    observer: &'o mut dyn FnMut(&Event),
}

/// What the writers share, made before they start.
struct Shared {
    cursor: AtomicU64,
    /// Blocks the writers may claim (lowered by the margin's guard).
    limit: AtomicU64,
    gate: Gate,
    stop: AtomicBool,
    progress: Vec<Padded>,
    latencies: Vec<LatencyBuckets>,
    clock: Clock,
}

impl WithEngine for Fill<'_, '_> {
    type Output = Result<Filled, RunError>;

    fn run<E: Engine>(mut self) -> Self::Output {
        let test = self.plan.run().tests()[0].applied();
        let (plan, file) = (self.plan, self.file);
        let threads = test.t.max(1) as usize;
        let shared = Shared {
            cursor: AtomicU64::new(0),
            limit: AtomicU64::new(plan.bytes() / test.block_size),
            gate: Gate::new(),
            stop: AtomicBool::new(false),
            progress: (0..threads).map(|_| Padded::default()).collect(),
            latencies: (0..threads).map(|_| LatencyBuckets::default()).collect(),
            clock: Clock::new(),
        };
        std::thread::scope(|scope| {
            let mut handles = Vec::with_capacity(threads);
            for t in 0..threads {
                let params = params(plan, file, &shared, t);
                let spawned = std::thread::Builder::new()
                    .name(format!("{}{t}", run_worker::THREAD_PREFIX))
                    .spawn_scoped(scope, move || writer::run::<E>(params));
                match spawned {
                    Ok(h) => handles.push(h),
                    Err(source) => {
                        shared.gate.abort();
                        handles.into_iter().for_each(|h| drop(h.join()));
                        return Err(RunError::Threads {
                            test: self.plan.run().tests()[0].requested.to_string(),
                            threads: threads as u32,
                            source,
                        });
                    }
                }
            }
            let mut filled = self.watch(&shared, &handles, threads);
            for h in handles {
                let error = match h.join() {
                    Ok(Ok(())) => None,
                    Ok(Err(e)) => Some(e),
                    Err(_) => Some(WorkerError::Panic("no message".into())),
                };
                if filled.error.is_none() {
                    filled.error = error;
                }
            }
            Ok(filled)
        })
    }
}

/// What writer `t` is given.
fn params<'s>(
    plan: &'s FillPlan,
    file: &'s TestFile,
    shared: &'s Shared,
    t: usize,
) -> WriterParams<'s> {
    let settings = plan.run().settings();
    let test = plan.run().tests()[0].applied();
    WriterParams {
        setup: ThreadSetup {
            file: file.file(),
            depth: test.q,
            block_size: test.block_size as usize,
            hipri: settings.hipri,
            sqpoll: settings.sqpoll,
        },
        cursor: &shared.cursor,
        blocks: &shared.limit,
        seed: crate::workload::access::thread_seed(settings.seed, 0, 0, t as u32),
        data: settings.data,
        stamp_id: t as u64,
        gate: &shared.gate,
        stop: &shared.stop,
        progress: &shared.progress[t],
        latencies: &shared.latencies[t],
        clock: shared.clock,
    }
}

impl Fill<'_, '_> {
    /// Tells the observer how far the fill is, at the rate of the `last`
    /// sample.
    fn tell(&mut self, shared: &Shared, last: Option<&SustainedSample>, total: u64) {
        let written = Sampler::completed(&shared.progress);
        let mbps = last.map(|s| s.mbps);
        (self.observer)(&Event::untimed(Step::Fill(FillStep {
            written,
            total,
            mbps,
            left: mbps
                .filter(|r| *r > 0.0)
                .map(|r| Duration::from_secs_f64(total.saturating_sub(written) as f64 / (r * 1e6))),
        })));
    }

    /// The guard of the margin of free space, for this fill.
    fn guard(&self) -> MarginGuard {
        let block = self.plan.run().tests()[0].applied().block_size;
        MarginGuard::new(
            &self.plan.run().target().path,
            self.plan.margin(),
            block,
            self.plan.bytes() / block,
        )
    }

    /// Opens the gate when every writer is set up, then samples them every
    /// interval and looks at signals every tick until all have ended.
    fn watch<T>(
        &mut self,
        shared: &Shared,
        handles: &[std::thread::ScopedJoinHandle<'_, T>],
        threads: usize,
    ) -> Filled {
        let mut filled = Filled::default();
        let total = self.plan.bytes();
        // Before the gate: its free space is the fill's start.
        let mut guard = self.guard();
        let opened = shared.gate.open_when_ready(
            threads as u32,
            || Some((shared.clock.now_ns(), u64::MAX)),
            TICK,
            || self.stop.stopped(),
        );
        let Some((t0, _)) = opened else {
            shared.stop.store(true, Ordering::Relaxed);
            filled.interrupted = self.stop.reason();
            return filled;
        };
        let interval = self.plan.sample_interval().as_nanos() as u64;
        let mut sampler = Sampler::new(threads, t0);
        let mut temp = Temps::start(self.plan.run().target().sensor().cloned());
        while !handles.iter().all(|h| h.is_finished()) {
            if filled.interrupted.is_none()
                && let Some(reason) = self.stop.reason()
            {
                shared.stop.store(true, Ordering::Relaxed);
                filled.interrupted = Some(reason);
            }
            let now = shared.clock.now_ns();
            if sampler.since_last(now) >= interval
                && let Some(s) = sampler.take(now, &shared.progress, &shared.latencies)
            {
                filled.series.push(temp.tag(s));
            }
            // The margin, at every look (at least once per sample): held
            // against whatever else writes to this filesystem.
            if let Some(limit) = guard.look(shared.cursor.load(Ordering::Relaxed)) {
                shared.limit.fetch_min(limit, Ordering::Relaxed);
            }
            self.tell(shared, filled.series.last(), total);
            let next = interval.saturating_sub(sampler.since_last(shared.clock.now_ns()));
            // Once every block is claimed the writers are draining: look
            // often, so that the time taken ends close to the last write.
            let draining =
                shared.cursor.load(Ordering::Relaxed) >= shared.limit.load(Ordering::Relaxed);
            let nap = if draining { DRAIN_TICK } else { TICK };
            std::thread::sleep(Duration::from_nanos(next.max(1_000_000)).min(nap));
        }
        // Buffered writes are not on the device yet: their fsync belongs
        // to the fill (and to its last sample), as to a run's window.
        if !self.plan.run().settings().direct
            && let Err(e) = self.file.file().sync_all()
        {
            filled.sync_error = Some(e);
        }
        // The writers have ended: what they completed since the last
        // sample is the last one, unless it is too short to mean a rate
        // (and there are others).
        let end = shared.clock.now_ns();
        if (sampler.since_last(end) >= interval / 4 || filled.series.is_empty())
            && let Some(s) = sampler.take(end, &shared.progress, &shared.latencies)
        {
            filled.series.push(temp.tag(s));
        }
        filled.written = Sampler::completed(&shared.progress);
        filled.elapsed_ns = end.saturating_sub(t0).max(1);
        if guard.sentence(filled.written).is_some() {
            filled.held_back = Some(guard);
        }
        filled
    }
}
