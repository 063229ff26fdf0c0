//! The runner (DESIGN §3): test file lifecycle, per test and loop the cache
//! drop, warm-up, measure window and drain across worker threads, the
//! interval between tests, and clean ending on errors and signals.

pub mod devstats;
pub mod signals;
pub mod testfile;
pub mod worker;

use crate::config::Settings;
use crate::engine::probe::probe;
use crate::engine::{
    Capabilities, Engine, EngineFacts, EngineKind, ThreadSetup, io_uring::IoUringEngine,
    libaio::Libaio, null::Null, posixaio::PosixAio, psync::Psync,
};
use crate::plan::{PlannedTest, plan};
use crate::stats::{LoopResult, Selected, select};
use crate::target::TargetInfo;
use crate::workload::access::{Offsets, SeqCursor, thread_seed};
use crate::workload::{Direction, Pattern};
use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use testfile::TestFile;
use worker::{Clock, Gate, Padded, WorkerError, WorkerParams};

/// Longest sleep between two looks at signals, errors and progress.
const TICK: Duration = Duration::from_millis(100);
/// Stack of a worker thread: its state lives on the heap.
const WORKER_STACK: usize = 256 * 1024;

/// Why a run failed. Each message is one sentence naming the problem and,
/// where there is one, the fix.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The target is unusable.
    #[error(transparent)]
    Target(#[from] crate::target::TargetError),
    /// Not enough free space for the test file.
    #[error(
        "not enough free space in {path}: the test file needs {need} but only {available} is available; use a smaller --size or another target"
    )]
    NoSpace {
        /// Target directory.
        path: PathBuf,
        /// Test file size, human readable.
        need: String,
        /// Free space, human readable.
        available: String,
    },
    /// Space ran out while writing.
    #[error(
        "the disk filled up during the {during} ({path} could not be written); free some space or use a smaller --size"
    )]
    DiskFull {
        /// Test file.
        path: PathBuf,
        /// Which step.
        during: String,
    },
    /// The filesystem refuses O_DIRECT.
    #[error("the filesystem of {path} does not support O_DIRECT; run with --buffered")]
    DirectUnsupported {
        /// Target directory.
        path: PathBuf,
    },
    /// The target refused the creation of the test file.
    #[error("cannot create the test file in {path}: {source}")]
    Create {
        /// Target directory.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// The pre-fill failed for another reason.
    #[error("pre-filling the test file {path} failed: {source}")]
    Prefill {
        /// Test file.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// An I/O of a test failed or was short.
    #[error("{test} {direction}: {source}")]
    Io {
        /// Test name.
        test: String,
        /// Read, write or mix.
        direction: &'static str,
        /// What failed.
        source: WorkerError,
    },
    /// Worker threads could not be started.
    #[error("cannot start {threads} worker threads for {test}: {source}")]
    Threads {
        /// Test name.
        test: String,
        /// Threads asked for.
        threads: u32,
        /// The cause.
        source: io::Error,
    },
    /// Something else the OS refused between tests.
    #[error("{what} failed: {source}")]
    Os {
        /// Which step.
        what: &'static str,
        /// The cause.
        source: io::Error,
    },
    /// A worker thread panicked (a bug).
    #[error("a worker thread of {test} panicked; this is a bug in diskmark")]
    WorkerPanic {
        /// Test name.
        test: String,
    },
    /// The test cannot run on this engine at all.
    #[error(transparent)]
    Plan(crate::plan::PlanError),
    /// `--strict` and the engine would have to change a test.
    #[error("--strict: {reason}; drop --strict to let diskmark adapt, or choose another --engine")]
    Strict {
        /// The adaptations that would have been made.
        reason: String,
    },
    /// `--hipri` on a device that cannot poll.
    #[error("--hipri: polled completions are not possible here: {reason}")]
    Hipri {
        /// Why.
        reason: String,
    },
    /// An engine could not be set up for a test.
    #[error("{test}: {source}")]
    Engine {
        /// Test name.
        test: String,
        /// What failed.
        source: crate::engine::EngineError,
    },
    /// A signal asked the run to end. Handled by [`run`], which returns the
    /// finished results instead.
    #[error("interrupted by signal {0}")]
    Interrupted(i32),
}

impl RunError {
    fn create(dir: &std::path::Path, e: io::Error) -> RunError {
        match e.raw_os_error() {
            Some(libc::EROFS) => crate::target::TargetError::ReadOnly(dir.to_path_buf()).into(),
            Some(libc::EACCES) | Some(libc::EPERM) => {
                crate::target::TargetError::NotWritable(dir.to_path_buf()).into()
            }
            Some(libc::ENOSPC) | Some(libc::EDQUOT) => RunError::DiskFull {
                path: dir.to_path_buf(),
                during: "creation of the test file".into(),
            },
            _ => RunError::Create {
                path: dir.to_path_buf(),
                source: e,
            },
        }
    }

    /// Whether the user's input is at fault (exit 2) rather than the run
    /// (exit 1).
    pub fn is_usage(&self) -> bool {
        match self {
            RunError::Target(t) => t.is_usage(),
            RunError::Plan(_) | RunError::Strict { .. } | RunError::Hipri { .. } => true,
            _ => false,
        }
    }
}

/// Phase of a loop, for progress displays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Running, not counted yet.
    Warmup,
    /// Inside the measure window.
    Measure,
    /// Waiting for in-flight I/Os after the window (and the final fsync).
    Drain,
}

/// What the runner tells its observer (progress line, TUI).
#[derive(Debug, Clone, Copy)]
pub enum Event<'a> {
    /// Pre-filling the test file.
    Prefill {
        /// Bytes written so far.
        done: u64,
        /// File size.
        total: u64,
    },
    /// Pausing between tests.
    Interval {
        /// Time left.
        remaining: Duration,
    },
    /// A loop is running.
    Running {
        /// The test.
        test: &'a PlannedTest,
        /// Its direction.
        direction: Direction,
        /// Loop number, from 0.
        loop_index: u32,
        /// Loops in all.
        loops: u32,
        /// Which phase.
        phase: Phase,
        /// Time left in this phase.
        remaining: Duration,
        /// Throughput over the last tick, 10^6 bytes/s.
        mbps: f64,
    },
    /// A loop finished.
    LoopDone {
        /// The test.
        test: &'a PlannedTest,
        /// Its direction.
        direction: Direction,
        /// Loop number, from 0.
        loop_index: u32,
        /// What it measured.
        result: &'a LoopResult,
    },
}

/// All loops of one test in one direction.
#[derive(Debug, Clone, PartialEq)]
pub struct TestResult {
    /// The test as planned (requested and applied Q/T, notes).
    pub plan: PlannedTest,
    /// Read, Write or Mix.
    pub direction: Direction,
    /// Every loop, in order.
    pub loops: Vec<LoopResult>,
    /// What the device's and the CPU's view say about the figures.
    pub observations: Vec<String>,
}

impl TestResult {
    /// The loops summarised by `stat`.
    pub fn selected(&self, stat: crate::workload::LoopStat) -> Option<Selected> {
        select(&self.loops, stat)
    }
}

/// What a run produced.
#[derive(Debug, Clone, PartialEq)]
pub struct RunOutput {
    /// When it started (local time).
    pub started: chrono::DateTime<chrono::Local>,
    /// Finished tests, in the order they ran.
    pub tests: Vec<TestResult>,
    /// Notes about the whole run (adaptations, caveats), deduplicated.
    pub notes: Vec<String>,
    /// The signal that ended the run early, if one did.
    pub interrupted: Option<i32>,
    /// The test file, when `--keep-file` left it in place.
    pub kept_file: Option<PathBuf>,
}

/// Plans every test of `settings` for its engine's capabilities here;
/// with `--strict`, any change is a refusal.
pub fn plan_all(settings: &Settings) -> Result<Vec<PlannedTest>, RunError> {
    plan_with(settings, &probe(settings.engine).caps)
}

/// [`plan_all`] with given capabilities.
pub fn plan_with(settings: &Settings, caps: &Capabilities) -> Result<Vec<PlannedTest>, RunError> {
    let engine = settings.engine.name();
    let mut plans = Vec::with_capacity(settings.tests.len());
    for t in &settings.tests {
        let p = plan(*t, engine, caps).map_err(RunError::Plan)?;
        if settings.strict && p.adapted() {
            return Err(RunError::Strict {
                reason: p.notes.join("; "),
            });
        }
        plans.push(p);
    }
    Ok(plans)
}

/// The run-level notes: every adaptation, and what is inside the windows.
pub fn run_notes(settings: &Settings, plans: &[PlannedTest]) -> Vec<String> {
    let mut notes: Vec<String> = Vec::new();
    for n in plans.iter().flat_map(|p| p.notes.iter()) {
        if !notes.contains(n) {
            notes.push(n.clone());
        }
    }
    let writes = settings.directions().iter().any(|d| d.writes());
    if !settings.direct && writes {
        notes.push(
            "buffered writes: each write window ends with an fsync, whose time counts".into(),
        );
    }
    if !settings.direct && !settings.keep_cache && settings.directions().iter().any(|d| d.reads()) {
        notes.push(
            "buffered reads: the file's cached pages are dropped before each read loop".into(),
        );
    }
    if settings.keep_cache {
        notes.push("--keep-cache: reads may be served from the page cache".into());
    }
    if !settings.engine.does_io() {
        notes.push("null engine: no I/O was done; the figures are diskmark's own overhead".into());
    }
    if settings.engine == EngineKind::Libaio && !settings.direct {
        notes.push(
            "libaio without O_DIRECT: io_submit does each I/O synchronously, so the device sees depth 1"
                .into(),
        );
    }
    if settings.engine == EngineKind::Posixaio {
        let most = plans.iter().map(|p| p.q * p.t).max().unwrap_or(1);
        notes.push(format!(
            "posixaio: each request in flight has its own descriptor (glibc serialises per descriptor) and glibc's helper threads were raised to {}",
            (most as usize).max(20)
        ));
    }
    if settings.hipri {
        notes.push("--hipri: completions are polled (IORING_SETUP_IOPOLL)".into());
    }
    notes
}

/// Adds `note` to `notes` unless it is there already.
fn add_note(notes: &mut Vec<String>, note: String) {
    if !notes.contains(&note) {
        notes.push(note);
    }
}

/// What the device's and the CPU's view of a test say about its figures
/// (DESIGN §3): an engine, filesystem or cache that serialised the I/Os,
/// or a test limited by the CPU rather than the device.
pub fn observations(settings: &Settings, test: &TestResult, cpus: usize) -> Vec<String> {
    let mut notes = Vec::new();
    let Some(sel) = test.selected(crate::workload::LoopStat::Mean) else {
        return notes;
    };
    let l = &sel.result;
    let name = format!("{} {}", test.plan.requested, test.direction.name());
    let in_flight = f64::from(test.plan.q * test.plan.t);
    if let Some(d) = l.device
        && settings.direct
        && settings.engine.does_io()
        && in_flight >= 4.0
        && d.avg_queue_depth < in_flight / 8.0
    {
        notes.push(format!(
            "{name}: the device saw an average queue depth of {:.1} while {} I/Os were in flight",
            d.avg_queue_depth, in_flight
        ));
    }
    if let Some(c) = l.cpu
        && l.window_ns > 0
    {
        // Threads that could keep a CPU busy: the workers, or for posixaio
        // glibc's helper threads.
        let workers = if settings.engine == EngineKind::Posixaio {
            test.plan.q * test.plan.t
        } else {
            test.plan.t
        };
        let usable = (workers as usize).min(cpus).max(1) as f64;
        let secs = l.window_ns as f64 / 1e9;
        let used = (c.process_user_s + c.process_system_s) / secs;
        // The machine as a whole: kernel threads (a loop device's worker,
        // io-wq) do part of the I/O work outside diskmark's own time.
        let busy = (c.user_s + c.system_s + c.steal_s) / secs;
        if used >= 0.9 * usable {
            notes.push(format!(
                "{name}: CPU-bound (diskmark used {used:.2} of the {usable} CPUs its threads could use): the figure may be this machine's limit, not the device's"
            ));
        } else if busy >= 0.9 * cpus as f64 {
            notes.push(format!(
                "{name}: CPU-bound (the machine's {cpus} CPUs were {:.0}% busy): the figure may be this machine's limit, not the device's",
                busy / cpus as f64 * 100.0
            ));
        }
    }
    notes
}

/// `--hipri` needs a device whose driver polls (`queue/io_poll` = 1).
fn check_hipri(settings: &Settings, target: &TargetInfo) -> Result<(), RunError> {
    if !settings.hipri {
        return Ok(());
    }
    let reason = match &target.device {
        None => "the target is not on a block device".to_string(),
        Some(d) => match d.io_poll {
            Some(true) => return Ok(()),
            Some(false) => format!(
                "{}'s queue/io_poll is 0 (its driver has no poll queues; for NVMe, load the driver with poll_queues > 0)",
                d.disk
            ),
            None => format!(
                "{} does not say whether it can poll (no queue/io_poll)",
                d.disk
            ),
        },
    };
    Err(RunError::Hipri { reason })
}

/// Checks the signal flag.
fn check_signal() -> Result<(), RunError> {
    match signals::pending() {
        Some(sig) => Err(RunError::Interrupted(sig)),
        None => Ok(()),
    }
}

/// Runs every test of `settings` on `target`, telling `observer` what
/// happens. A signal ends the run early with the finished tests and
/// `interrupted` set; the test file is removed in every case.
pub fn run(
    settings: &Settings,
    target: &TargetInfo,
    observer: &mut dyn FnMut(&Event<'_>),
) -> Result<RunOutput, RunError> {
    signals::install().map_err(|source| RunError::Os {
        what: "installing signal handlers",
        source,
    })?;
    let plans = plan_all(settings)?;
    check_hipri(settings, target)?;
    if settings.engine == EngineKind::Posixaio {
        let most = plans
            .iter()
            .map(|p| (p.q * p.t) as usize)
            .max()
            .unwrap_or(1);
        crate::engine::posixaio::init_process(most);
    }
    let mut out = RunOutput {
        started: chrono::Local::now(),
        tests: Vec::new(),
        notes: run_notes(settings, &plans),
        interrupted: None,
        kept_file: None,
    };
    match run_tests(settings, target, &plans, &mut out, observer) {
        Ok(()) => Ok(out),
        Err(RunError::Interrupted(sig)) => {
            out.interrupted = Some(sig);
            Ok(out)
        }
        Err(e) => Err(e),
    }
}

fn run_tests(
    settings: &Settings,
    target: &TargetInfo,
    plans: &[PlannedTest],
    out: &mut RunOutput,
    observer: &mut dyn FnMut(&Event<'_>),
) -> Result<(), RunError> {
    check_signal()?;
    let available =
        crate::target::available_space_settled(&target.path, settings.size).map_err(|source| {
            RunError::Os {
                what: "reading the free space",
                source,
            }
        })?;
    if let Some(available) = available
        && available < settings.size
    {
        return Err(RunError::NoSpace {
            path: target.path.clone(),
            need: crate::units::human_bytes(settings.size),
            available: crate::units::human_bytes(available),
        });
    }
    let file = TestFile::create(&target.path, settings.size, settings.direct)?;
    if settings.engine.does_io() {
        let total = settings.size;
        file.prefill(settings.data, settings.seed, |done| {
            observer(&Event::Prefill { done, total });
            check_signal()
        })?;
    } else {
        file.set_len().map_err(|source| RunError::Prefill {
            path: file.path().to_path_buf(),
            source,
        })?;
    }
    let device_dir = target.device.as_ref().map(|d| d.sys_dir.clone());
    let ctx = LoopContext {
        settings,
        file: &file,
        device_dir: device_dir.as_deref(),
        clock: Clock::new(),
        stamp_ids: AtomicU64::new(0),
        cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let mut first = true;
    for direction in settings.directions() {
        for (index, planned) in plans.iter().enumerate() {
            if !first {
                pause(settings.interval, observer)?;
            }
            first = false;
            let mut result = TestResult {
                plan: planned.clone(),
                direction,
                loops: Vec::new(),
                observations: Vec::new(),
            };
            for loop_index in 0..settings.loops {
                check_signal()?;
                if direction.reads() && !settings.keep_cache {
                    file.drop_cache().map_err(|source| RunError::Os {
                        what: "dropping the test file's cached pages",
                        source,
                    })?;
                }
                let l = ctx.run_loop(planned, index, direction, loop_index, observer)?;
                observer(&Event::LoopDone {
                    test: planned,
                    direction,
                    loop_index,
                    result: &l,
                });
                if let Some(f) = &l.facts.fallback {
                    add_note(&mut out.notes, format!("{}: {f}", settings.engine));
                }
                result.loops.push(l);
            }
            result.observations = observations(settings, &result, ctx.cpus);
            out.tests.push(result);
        }
    }
    if settings.keep_file {
        out.kept_file = Some(file.keep());
    }
    Ok(())
}

/// Sleeps `d` between tests, looking at signals every tick.
fn pause(d: Duration, observer: &mut dyn FnMut(&Event<'_>)) -> Result<(), RunError> {
    let end = Instant::now() + d;
    loop {
        check_signal()?;
        let now = Instant::now();
        if now >= end {
            return Ok(());
        }
        observer(&Event::Interval {
            remaining: end - now,
        });
        std::thread::sleep((end - now).min(TICK));
    }
}

/// What every loop of a run shares.
struct LoopContext<'a> {
    settings: &'a Settings,
    file: &'a TestFile,
    device_dir: Option<&'a std::path::Path>,
    clock: Clock,
    /// Hands each worker of the run a distinct number for its stamps.
    stamp_ids: AtomicU64,
    /// CPUs of this machine, for the CPU-bound observation.
    cpus: usize,
}

impl LoopContext<'_> {
    fn run_loop(
        &self,
        planned: &PlannedTest,
        test_index: usize,
        direction: Direction,
        loop_index: u32,
        observer: &mut dyn FnMut(&Event<'_>),
    ) -> Result<LoopResult, RunError> {
        let args = (planned, test_index, direction, loop_index);
        match self.settings.engine {
            EngineKind::IoUring => self.run_loop_with::<IoUringEngine>(args, observer),
            EngineKind::Libaio => self.run_loop_with::<Libaio>(args, observer),
            EngineKind::Posixaio => self.run_loop_with::<PosixAio>(args, observer),
            EngineKind::Psync => self.run_loop_with::<Psync>(args, observer),
            EngineKind::Null => self.run_loop_with::<Null>(args, observer),
        }
    }

    /// One loop: start T workers, open the gate, watch the window, join,
    /// merge. Monomorphised per engine so the hot loop has no indirection.
    fn run_loop_with<E: Engine>(
        &self,
        (planned, test_index, direction, loop_index): (&PlannedTest, usize, Direction, u32),
        observer: &mut dyn FnMut(&Event<'_>),
    ) -> Result<LoopResult, RunError> {
        let s = self.settings;
        let spec = planned.applied();
        let test_name = planned.requested.to_string();
        let bs = spec.block_size;
        let blocks = self.file.size() / bs;
        let cursor = SeqCursor::new();
        let gate = Gate::new();
        let stop = AtomicBool::new(false);
        let progress: Vec<Padded> = (0..spec.t).map(|_| Padded::default()).collect();
        let warmup_ns = s.warmup.as_nanos() as u64;
        let measure_ns = s.measure.as_nanos() as u64;
        let mut report = |phase, remaining, mbps| {
            observer(&Event::Running {
                test: planned,
                direction,
                loop_index,
                loops: s.loops,
                phase,
                remaining,
                mbps,
            })
        };

        let (outputs, watched) = std::thread::scope(|scope| {
            let mut handles = Vec::with_capacity(spec.t as usize);
            for thread in 0..spec.t {
                let params = WorkerParams {
                    setup: ThreadSetup {
                        file: self.file.file(),
                        depth: spec.q,
                        block_size: bs as usize,
                        hipri: s.hipri,
                    },
                    direction,
                    offsets: match spec.pattern {
                        Pattern::Seq => Offsets::Seq {
                            cursor: &cursor,
                            blocks,
                            block_size: bs,
                        },
                        Pattern::Rnd => Offsets::Rnd {
                            blocks,
                            block_size: bs,
                        },
                    },
                    seed: thread_seed(s.seed, test_index, loop_index, thread),
                    data: s.data,
                    stamp_id: self.stamp_ids.fetch_add(1, Ordering::Relaxed),
                    gate: &gate,
                    stop: &stop,
                    progress: &progress[thread as usize],
                    clock: self.clock,
                };
                let spawned = std::thread::Builder::new()
                    .name(format!("diskmark-w{thread}"))
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(scope, move || worker::run::<E>(params));
                match spawned {
                    Ok(h) => handles.push(h),
                    Err(source) => {
                        // Release those already waiting, then give up.
                        gate.abort();
                        handles.into_iter().for_each(|h| drop(h.join()));
                        return Err(RunError::Threads {
                            test: test_name.clone(),
                            threads: spec.t,
                            source,
                        });
                    }
                }
            }
            let (t0, t_end) = gate.open_when_ready(spec.t, || {
                let now = self.clock.now_ns();
                (now + warmup_ns, now + warmup_ns + measure_ns)
            });
            let watched = self.watch(t0, t_end, &stop, &progress, &mut report);
            report(Phase::Drain, Duration::ZERO, 0.0);
            let outputs: Vec<_> = handles.into_iter().map(|h| h.join()).collect();
            Ok((outputs, watched))
        })?;
        if let Some(sig) = watched.interrupted {
            return Err(RunError::Interrupted(sig));
        }

        let mut result = LoopResult::empty(measure_ns);
        let mut first_error = None;
        for r in outputs {
            match r {
                Ok(Ok(o)) => {
                    result.read.merge(&o.read);
                    result.write.merge(&o.write);
                    // Threads set up alike; where one fell back, say so.
                    if result.facts == EngineFacts::default() || o.facts.fallback.is_some() {
                        result.facts = o.facts;
                    }
                }
                Ok(Err(e)) => {
                    first_error.get_or_insert(e);
                }
                Err(_) => return Err(RunError::WorkerPanic { test: test_name }),
            }
        }
        if let Some(e) = first_error {
            return Err(io_error(test_name, direction, self.file.path(), e));
        }
        let mut after = watched.after;
        if direction.writes() && !s.direct {
            // Buffered writes are not on the device yet: the final fsync
            // belongs to the window (KDiskMark's end_fsync=1).
            let t = Instant::now();
            self.file
                .file()
                .sync_all()
                .map_err(|source| match source.raw_os_error() {
                    Some(libc::ENOSPC) | Some(libc::EDQUOT) => RunError::DiskFull {
                        path: self.file.path().to_path_buf(),
                        during: format!("{test_name} write test"),
                    },
                    _ => RunError::Os {
                        what: "fsync of buffered writes",
                        source,
                    },
                })?;
            result.fsync_ns = t.elapsed().as_nanos() as u64;
            result.window_ns += result.fsync_ns;
            if watched.before.is_some() {
                after = Some(Snapshot::take(self.device_dir, self.clock.now_ns()));
            }
        }
        if let (Some(b), Some(a)) = (watched.before, after) {
            let span = a.at_ns.saturating_sub(b.at_ns);
            if let (Some(d0), Some(d1)) = (b.disk, a.disk) {
                result.device = Some(d0.delta(&d1, span));
            }
            if let (Some(c0), Some(c1)) = (b.cpu, a.cpu) {
                result.cpu = Some(c0.delta(&c1));
            }
        }
        Ok(result)
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
        report: &mut dyn FnMut(Phase, Duration, f64),
    ) -> Watched {
        let mut w = Watched {
            before: None,
            after: None,
            interrupted: None,
        };
        let (mut last_bytes, mut last_t, mut mbps) = (0u64, self.clock.now_ns(), 0.0);
        loop {
            let now = self.clock.now_ns();
            if w.before.is_none() && now >= t0 {
                w.before = Some(Snapshot::take(self.device_dir, now));
            }
            if now >= t_end || stop.load(Ordering::Relaxed) {
                break;
            }
            if let Some(sig) = signals::pending() {
                stop.store(true, Ordering::Relaxed);
                w.interrupted = Some(sig);
                return w;
            }
            // Throughput over at least half a tick, so that the first
            // look right after the gate does not divide by almost nothing.
            if now - last_t >= TICK.as_nanos() as u64 / 2 {
                let bytes: u64 = progress.iter().map(|p| p.0.load(Ordering::Relaxed)).sum();
                mbps = (bytes - last_bytes) as f64 / ((now - last_t) as f64 / 1e9) / 1e6;
                (last_bytes, last_t) = (bytes, now);
            }
            let (phase, until) = if now < t0 {
                (Phase::Warmup, t0)
            } else {
                (Phase::Measure, t_end)
            };
            report(phase, Duration::from_nanos(until - now), mbps);
            std::thread::sleep(Duration::from_nanos(until - now).min(TICK));
        }
        if w.before.is_some() {
            w.after = Some(Snapshot::take(self.device_dir, self.clock.now_ns()));
        }
        w
    }
}

/// What the coordinator saw of a window.
struct Watched {
    before: Option<Snapshot>,
    after: Option<Snapshot>,
    interrupted: Option<i32>,
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
}

fn io_error(
    test: String,
    direction: Direction,
    path: &std::path::Path,
    e: WorkerError,
) -> RunError {
    if let WorkerError::Engine(source) = e {
        return RunError::Engine { test, source };
    }
    if let WorkerError::Io { source, .. } = &e
        && matches!(
            source.raw_os_error(),
            Some(libc::ENOSPC) | Some(libc::EDQUOT)
        )
    {
        return RunError::DiskFull {
            path: path.to_path_buf(),
            during: format!("{test} {} test", direction.name()),
        };
    }
    RunError::Io {
        test,
        direction: direction.name(),
        source: e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Op;

    #[test]
    fn io_errors_name_test_offset_and_errno() {
        let e = io_error(
            "RND4K Q1T1".into(),
            Direction::Write,
            std::path::Path::new("/x/.diskmark-1.tmp"),
            WorkerError::Io {
                op: Op::Write,
                offset: 8192,
                source: io::Error::from_raw_os_error(libc::EIO),
            },
        );
        let msg = e.to_string();
        assert!(
            msg.starts_with("RND4K Q1T1 write: write at offset 8192 failed: Input/output error"),
            "{msg}"
        );
        assert!(msg.contains("os error 5"), "{msg}");
        let full = io_error(
            "SEQ1M Q8T1".into(),
            Direction::Write,
            std::path::Path::new("/x/.diskmark-1.tmp"),
            WorkerError::Io {
                op: Op::Write,
                offset: 0,
                source: io::Error::from_raw_os_error(libc::ENOSPC),
            },
        );
        assert!(matches!(full, RunError::DiskFull { .. }), "{full}");
        assert!(
            full.to_string()
                .contains("disk filled up during the SEQ1M Q8T1 write test")
        );
    }

    #[test]
    fn notes_name_every_adaptation_once_and_the_window_contents() {
        let mut s = Settings::defaults(PathBuf::from("."));
        s.tests = vec![
            crate::workload::parse_test("SEQ1M Q8T1").unwrap(),
            crate::workload::parse_test("SEQ128K Q8T1").unwrap(),
        ];
        s.direct = false;
        s.engine = EngineKind::Psync;
        let notes = run_notes(&s, &plan_all(&s).unwrap());
        assert_eq!(
            notes,
            [
                "psync is synchronous: Q8T1 ran as Q1T8",
                "buffered writes: each write window ends with an fsync, whose time counts",
                "buffered reads: the file's cached pages are dropped before each read loop",
            ]
        );
    }
}
