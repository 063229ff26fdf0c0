//! The span map itself (docs/measurement.md#span): the device opened
//! read-only (or the run's test file created and filled in a directory),
//! every sample read in offset order, then the random reads, the test
//! file removed whatever happens. A signal or a stop ends it with the
//! samples measured so far; a read error ends it with them and a
//! sentence.

use super::plan::SpanPlan;
use super::reader::{Accessed, Reader, Slots};
use crate::engine::registry::WithEngine;
use crate::engine::{Engine, ThreadSetup};
use crate::run::testfile::{FileOptions, TestFile};
use crate::run::worker::{Clock, WorkerError};
use crate::run::{Event, RunError, RunOutput, SpanStep, Step, StopReason, StopToken, TestFileInfo};
use crate::stats::span::{AccessTimes, SpanResult, SpanSample};
use crate::workload::DataKind;
use crate::workload::access::Rng;

impl crate::run::shell::ModePlan for SpanPlan {
    const MODE: &'static str = "span";
    const WHAT: &'static str = "a span map";
    const GRID_ROWS: bool = false;
    type Error = RunError;

    fn settings(&self) -> &crate::config::Settings {
        self.run().settings()
    }

    fn target(&self) -> &crate::target::TargetInfo {
        self.run().target()
    }

    fn notes(&self) -> Vec<String> {
        crate::run::shell::with_caveats(SpanPlan::notes(self), self.run().target())
    }

    /// What it will do, said before it starts: `span map of 256.00 GB
    /// in /dev/sdb: 200 samples of 1 GiB, 1000 random reads`.
    fn sentence(&self) -> String {
        format!(
            "span map of {:.2} GB in {}: {} samples of {}, {} random reads",
            self.bytes() as f64 / 1e9,
            crate::escape::path(&self.run().target().path),
            self.offsets().len(),
            crate::units::file_size_label(self.request().sample_size),
            self.request().access
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

/// Maps the plan's span, telling `observer` how far it is after every
/// sample and every few random reads, and removes its test file if it
/// made one. A signal or `stop` ends it early with what was measured and
/// `interrupted` set; a read error ends it with what was measured and the
/// sentence in the span's `ended_early`.
pub fn run(
    plan: &SpanPlan,
    stop: &StopToken,
    observer: &mut dyn FnMut(&Event),
) -> Result<RunOutput, RunError> {
    crate::run::shell::enter()?;
    let run = plan.run();
    let settings = run.settings();
    let kind = settings
        .engine
        .native()
        .ok_or_else(|| RunError::Refused("a span map runs on diskmark's own engines".into()))?;
    let test = run.tests()[0].applied();
    settings.engine.prepare_process(test.q.max(1) as usize);
    let mut output = RunOutput::begin(plan.notes());
    output.notes.extend(target_note(plan));
    let mut span = empty_result(plan);
    if let Some(reason) = stop.reason() {
        output.interrupted = Some(reason);
        output.span = Some(span);
        return Ok(output);
    }
    let mut file = open(plan, stop, observer, &mut output)?;
    let mapped = match output.interrupted {
        Some(_) => Ok(Mapped::default()),
        None => kind.with(Map {
            plan,
            file: &file,
            stop,
            observer: &mut *observer,
        }),
    };
    // Removed here, not at drop, so that a file that cannot be removed is
    // named in the report, and told at once. A device is never removed.
    if let Err(e) = file.remove() {
        observer(&Event::warning(e.to_string(), true));
        output.notes.push(e.to_string());
    }
    let mapped = mapped?;
    output.interrupted = output.interrupted.or(mapped.interrupted);
    span.samples = mapped.samples;
    span.access = mapped.access;
    span.access_points = mapped.points;
    span.ended_early = mapped.error;
    output.span = Some(span);
    Ok(output)
}

/// The result before anything is measured.
fn empty_result(plan: &SpanPlan) -> SpanResult {
    let run = plan.run();
    SpanResult {
        device_bytes: plan.bytes(),
        test_file: !run.target().is_device(),
        sample_size: plan.request().sample_size,
        sample_test: sample_test(plan).to_string(),
        engine: run.settings().engine.name(),
        samples_planned: plan.offsets().len(),
        samples: Vec::new(),
        access_planned: plan.request().access,
        access_block: plan.access_block(),
        access: None,
        access_points: Vec::new(),
        ended_early: None,
    }
}

/// The sample's test as it runs: the planned one, at most Q in flight and
/// one thread (a synchronous engine runs it at Q1).
fn sample_test(plan: &SpanPlan) -> crate::workload::TestSpec {
    let mut t = plan.run().tests()[0].applied();
    if t.t > 1 {
        t.q = 1;
    }
    t.t = 1;
    t
}

/// What the target means for the figures.
fn target_note(plan: &SpanPlan) -> Option<String> {
    let t = plan.run().target();
    let path = crate::escape::path(&t.path);
    if !t.is_device() {
        return Some(
            "the map is of diskmark's test file: its offsets are in the file, and where the filesystem put its blocks on the device is the filesystem's choice".into(),
        );
    }
    let mounted = mounted_on(t);
    let first = mounted.first()?;
    let more = match mounted.len() {
        1 => String::new(),
        n => format!(" and {} other places", n - 1),
    };
    Some(format!(
        "{path} (or a partition of it) is mounted at {}{more}: diskmark only reads it, but the filesystem's own I/O may disturb the figures",
        crate::escape::path(first)
    ))
}

/// Where the device or one of its partitions is mounted (a partition's
/// sysfs directory is inside its disk's).
fn mounted_on(t: &crate::target::TargetInfo) -> Vec<std::path::PathBuf> {
    let sys = |d: (u32, u32)| std::fs::canonicalize(format!("/sys/dev/block/{}:{}", d.0, d.1)).ok();
    let disk = sys(t.dev);
    crate::target::mountinfo::all()
        .into_iter()
        .filter(|m| {
            m.dev == t.dev
                || disk
                    .as_ref()
                    .is_some_and(|d| sys(m.dev).is_some_and(|p| p.parent() == Some(d.as_path())))
        })
        .map(|m| m.mount_point)
        .collect()
}

/// The device opened read-only with O_DIRECT, or the test file created
/// and filled with incompressible data (a stop during the fill sets
/// `interrupted`, and the file is removed by the caller).
fn open(
    plan: &SpanPlan,
    stop: &StopToken,
    observer: &mut dyn FnMut(&Event),
    out: &mut RunOutput,
) -> Result<TestFile, RunError> {
    let (settings, target) = (plan.run().settings(), plan.run().target());
    if target.is_device() {
        let file = TestFile::open_device(&target.path, plan.bytes(), true)?;
        out.test_file = TestFileInfo {
            raw_device: true,
            size: file.size(),
            dio_align: file.dio_align().map(|a| a.1),
            nocow: None,
            prefill_ns: 0,
        };
        return Ok(file);
    }
    let cow_fs = target
        .caveats
        .iter()
        .any(|c| matches!(c, crate::target::caveats::Caveat::CopyOnWrite { .. }));
    let opts = FileOptions {
        direct: true,
        dsync: false,
        nocow: cow_fs && !settings.cow,
    };
    let file = TestFile::create_with(&target.path, plan.bytes(), &opts)?;
    let total = plan.bytes();
    let started = std::time::Instant::now();
    let filled = file.prefill(DataKind::Random, settings.seed, |done| {
        observer(&Event::untimed(Step::Span(SpanStep::Fill { done, total })));
        match stop.reason() {
            Some(reason) => Err(RunError::Interrupted(reason)),
            None => Ok(()),
        }
    });
    out.test_file = TestFileInfo {
        raw_device: false,
        size: file.size(),
        dio_align: file.dio_align().map(|a| a.1),
        nocow: None,
        prefill_ns: started.elapsed().as_nanos() as u64,
    };
    match filled {
        Ok(()) => Ok(file),
        Err(RunError::Interrupted(reason)) => {
            out.interrupted = Some(reason);
            Ok(file)
        }
        // The file goes with `file`'s drop, which says so if it cannot.
        Err(e) => Err(e),
    }
}

/// What the engine measured.
#[derive(Debug, Default)]
struct Mapped {
    samples: Vec<SpanSample>,
    access: Option<AccessTimes>,
    points: Vec<crate::stats::span::AccessPoint>,
    interrupted: Option<StopReason>,
    error: Option<String>,
}

/// The map, for the registry's dispatch to run with the engine type.
struct Map<'a, 'o> {
    plan: &'a SpanPlan,
    file: &'a TestFile,
    stop: &'a StopToken,
    observer: &'o mut dyn FnMut(&Event),
}

impl WithEngine for Map<'_, '_> {
    type Output = Result<Mapped, RunError>;

    fn run<E: Engine>(self) -> Self::Output {
        let mut mapped = Mapped::default();
        let clock = Clock::new();
        let test = sample_test(self.plan);
        let mut slots = Slots::new();
        let mut reader = Reader {
            engine: E::open(&self.setup(test.q, test.block_size))
                .map_err(|e| engine_error(&test, e))?,
            block: test.block_size,
            depth: (test.q.max(1) as usize).min(super::reader::MAX_DEPTH),
            clock,
            stop: self.stop,
        };
        let total = self.plan.offsets().len();
        mapped.samples.reserve(total);
        // The engine's first reads pay for its set-up (the buffers' first
        // touch, the first submissions), and a device that was idle may
        // answer the first ones in a burst (a rate limit's unspent
        // budget): one sample's bytes are read untimed first, so that the
        // first sample is the device's steady figure.
        let sample = self.plan.request().sample_size;
        let warm = sample;
        if let Err(e) = reader.sample(
            &mut slots,
            warm_offset(self.plan.offsets(), sample, warm),
            warm,
        ) {
            return self.failed(mapped, e, &test);
        }
        for &offset in self.plan.offsets() {
            let bytes = sample;
            match reader.sample(&mut slots, offset, bytes) {
                Ok(Some(elapsed_ns)) => mapped.samples.push(SpanSample {
                    offset,
                    bytes,
                    elapsed_ns,
                }),
                Ok(None) => break,
                Err(e) => return self.failed(mapped, e, &test),
            }
            (self.observer)(&Event::untimed(Step::Span(SpanStep::Samples {
                done: mapped.samples.len(),
                total,
                mbps: mapped.samples.last().map(SpanSample::mbps),
            })));
        }
        drop(reader);
        mapped.interrupted = self.stop.reason();
        if mapped.interrupted.is_some() || self.plan.request().access == 0 {
            return Ok(mapped);
        }
        self.access::<E>(mapped, &mut slots, clock)
    }
}

impl Map<'_, '_> {
    /// One engine instance's set-up over the map's file.
    fn setup(&self, depth: u32, block: u64) -> ThreadSetup<'_> {
        ThreadSetup {
            file: self.file.file(),
            depth: depth.max(1),
            block_size: block as usize,
            hipri: false,
            sqpoll: false,
        }
    }

    /// The random reads at Q1, uniform over the whole span, each timed.
    fn access<E: Engine>(
        self,
        mut mapped: Mapped,
        slots: &mut Slots,
        clock: Clock,
    ) -> Result<Mapped, RunError> {
        let block = self.plan.access_block();
        let test = crate::workload::TestSpec::new(crate::workload::Pattern::Rnd, block, 1, 1);
        let mut reader = Reader {
            engine: E::open(&self.setup(1, block)).map_err(|e| engine_error(&test, e))?,
            block,
            depth: 1,
            clock,
            stop: self.stop,
        };
        let n = self.plan.request().access;
        let positions = (self.plan.bytes() / block).max(1);
        let seed = self.plan.run().settings().seed;
        let mut rng = Rng::new(crate::workload::access::thread_seed(seed, 1, 0, 0));
        // Drawn before the first read: the timed loop only reads.
        let offsets: Vec<u64> = (0..n).map(|_| rng.below(positions) * block).collect();
        let mut timed = Accessed::with_room(offsets.len());
        for (i, &offset) in offsets.iter().enumerate() {
            if self.stop.stopped() {
                break;
            }
            match reader.access(slots, offset) {
                Ok(ns) => timed.record(offset, ns),
                Err(e) => {
                    mapped.access =
                        AccessTimes::of(&timed.hist, timed.min_ns, timed.max_ns, timed.sum_ns);
                    mapped.points = timed.points;
                    return self.failed(mapped, e, &test);
                }
            }
            // Between two reads, outside either one's time.
            if i % 64 == 63 {
                (self.observer)(&Event::untimed(Step::Span(SpanStep::Access {
                    done: i as u64 + 1,
                    total: n,
                })));
            }
        }
        mapped.access = AccessTimes::of(&timed.hist, timed.min_ns, timed.max_ns, timed.sum_ns);
        mapped.points = timed.points;
        mapped.interrupted = self.stop.reason();
        Ok(mapped)
    }

    /// A read that failed: the map ends with what it measured and the
    /// sentence; an engine that failed as a whole is the run's error.
    fn failed(
        &self,
        mut mapped: Mapped,
        e: WorkerError,
        test: &crate::workload::TestSpec,
    ) -> Result<Mapped, RunError> {
        match e {
            WorkerError::Engine(source) => Err(engine_error(test, source)),
            e => {
                mapped.error = Some(format!(
                    "reading {} ({test}) failed: {e}; the map stops there",
                    crate::escape::path(self.file.path())
                ));
                mapped.interrupted = self.stop.reason();
                Ok(mapped)
            }
        }
    }
}

/// Where the untimed warm-up read goes: just past the first sample, when
/// it fits before the second (the device's read-ahead runs forward, so
/// it gives the first sample nothing); else at the start.
fn warm_offset(offsets: &[u64], sample: u64, warm: u64) -> u64 {
    match offsets {
        [_, second, ..] if sample + warm <= *second => sample,
        _ => 0,
    }
}

/// An engine that could not be set up or failed as a whole.
fn engine_error(test: &crate::workload::TestSpec, source: crate::engine::EngineError) -> RunError {
    RunError::Engine {
        test: test.to_string(),
        source,
    }
}
