//! The runner (DESIGN §3): test file lifecycle, per test and loop the cache
//! drop, warm-up, measure window and drain across worker threads, the
//! interval between tests, and clean ending on errors and signals.

pub mod devstats;
mod error;
mod marker;
mod memory;
mod notes;
pub mod signals;
pub mod stale;
pub mod testfile;
pub mod verify;
mod window;
pub mod worker;

pub use error::RunError;
pub use notes::{observations, run_notes};

use crate::config::Settings;
use crate::engine::{Capabilities, EngineFacts};
use crate::plan::{PlannedTest, plan};
use crate::stats::{LoopResult, Selected, select};
use crate::target::TargetInfo;
use crate::workload::Direction;
use notes::add_note;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use testfile::TestFile;
use window::{LoopArgs, LoopContext};

/// Longest sleep between two looks at signals, errors and progress.
const TICK: Duration = Duration::from_millis(100);
/// Stack of a worker thread: its state lives on the heap.
const WORKER_STACK: usize = 256 * 1024;

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
        /// Throughput over the last tick, 10^6 bytes/s, when known (fio
        /// runs do not say while they run).
        mbps: Option<f64>,
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
    /// Under --verify: written blocks read back and found intact.
    pub verified: Option<u64>,
    /// How the engine set itself up (its first loop's; the same for
    /// every loop; default for fio).
    pub facts: EngineFacts,
}

impl TestResult {
    /// The loops summarised by `stat`.
    pub fn selected(&self, stat: crate::stats::LoopStat) -> Option<Selected> {
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
    /// How the test file (or raw device) was set up.
    pub test_file: TestFileInfo,
}

/// How the test file was set up, for the JSON.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct TestFileInfo {
    /// A raw block device was read instead of a test file.
    pub raw_device: bool,
    /// Bytes tested.
    pub size: u64,
    /// The kernel's direct-I/O offset alignment for it (STATX_DIOALIGN).
    pub dio_align: Option<u32>,
    /// NOCOW on a copy-on-write filesystem: set (true), refused (false),
    /// or not asked (null).
    pub nocow: Option<bool>,
    /// Time the pre-fill took, writes and final fsync, ns (0: none).
    pub prefill_ns: u64,
}

/// Plans every test of `settings` for its engine's capabilities here;
/// with `--strict`, any change is a refusal.
pub fn plan_all(settings: &Settings) -> Result<Vec<PlannedTest>, RunError> {
    plan_with(settings, &settings.engine.capabilities())
}

/// [`plan_all`] with given capabilities.
pub fn plan_with(settings: &Settings, caps: &Capabilities) -> Result<Vec<PlannedTest>, RunError> {
    let engine = settings.engine.name();
    let engine = engine.as_str();
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

/// With O_DIRECT, every block must be a multiple of the direct-I/O
/// alignment; refused before anything is written otherwise.
fn check_alignment(settings: &Settings, plans: &[PlannedTest], align: u32) -> Result<(), RunError> {
    if !settings.direct || align <= 1 {
        return Ok(());
    }
    match plans
        .iter()
        .find(|p| !p.requested.block_size.is_multiple_of(u64::from(align)))
    {
        Some(p) => Err(RunError::Refused(format!(
            "{}: with O_DIRECT the block size must be a multiple of {align} bytes here (the direct-I/O alignment of this target); use a larger block or --buffered",
            p.requested
        ))),
        None => Ok(()),
    }
}

/// Before a read loop: the test file's cached pages dropped (fdatasync +
/// posix_fadvise DONTNEED, no root needed), and with --drop-caches the
/// whole page cache too.
fn drop_cache(settings: &Settings, file: &TestFile) -> Result<(), RunError> {
    file.drop_cache().map_err(|source| RunError::Os {
        what: "dropping the test file's cached pages",
        source,
    })?;
    if settings.drop_caches {
        rustix::fs::sync();
        std::fs::write("/proc/sys/vm/drop_caches", "1").map_err(|source| RunError::Os {
            what: "writing /proc/sys/vm/drop_caches",
            source,
        })?;
    }
    Ok(())
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

/// Runs one loop of `test` in `direction` on an existing, pre-filled test
/// `file` (opened with `settings.direct`): for comparing engines, native
/// and fio, on one and the same file. The page cache is dropped first for
/// reads, as in a full run.
pub fn run_one_loop(
    settings: &Settings,
    target: &TargetInfo,
    file: &TestFile,
    test: crate::workload::TestSpec,
    direction: Direction,
) -> Result<(PlannedTest, LoopResult), RunError> {
    let planned = plan(
        test,
        &settings.engine.name(),
        &settings.engine.capabilities(),
    )
    .map_err(RunError::Plan)?;
    settings
        .engine
        .prepare_process((planned.q * planned.t) as usize);
    if direction.reads() && !settings.keep_cache {
        drop_cache(settings, file)?;
    }
    let device_dir = target.device.as_ref().map(|d| d.sys_dir.clone());
    let ctx = LoopContext::new(settings, file, device_dir.as_deref());
    let args = LoopArgs {
        planned: &planned,
        test_index: 0,
        direction,
        loop_index: 0,
        verify: None,
    };
    let l = ctx.run_loop(&args, &mut |_| {})?;
    Ok((planned, l.result))
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
    worker::quiet_worker_panics();
    let plans = plan_all(settings)?;
    check_hipri(settings, target)?;
    let most = plans.iter().map(|p| (p.q * p.t) as usize).max();
    settings.engine.prepare_process(most.unwrap_or(1));
    let mut out = RunOutput {
        started: chrono::Local::now(),
        tests: Vec::new(),
        notes: run_notes(settings, &plans),
        interrupted: None,
        kept_file: None,
        test_file: TestFileInfo::default(),
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
    check_alignment(settings, plans, target.dio_alignment())?;
    if settings.verify
        && let Some(p) = plans
            .iter()
            .find(|p| settings.size / p.requested.block_size <= u64::from(p.q * p.t))
    {
        return Err(RunError::Refused(format!(
            "--verify: {} keeps {} I/Os in flight but a {} file has only {} blocks of that size, and two writes must never share a block; use a larger --size",
            p.applied(),
            p.q * p.t,
            crate::units::file_size_label(settings.size),
            settings.size / p.requested.block_size
        )));
    }
    let mut file = if target.is_device() {
        if settings.directions().iter().any(|d| d.writes()) {
            return Err(RunError::Refused(format!(
                "{} is a block device: diskmark only reads a device, it never writes to one; run with --mode read and without --mix, or give a directory",
                target.path.display()
            )));
        }
        let f = TestFile::open_device(&target.path, settings.size, settings.direct)?;
        if f.size() < settings.size {
            add_note(
                &mut out.notes,
                format!(
                    "{} holds only {}: the whole device was tested instead of --size {}",
                    target.path.display(),
                    crate::units::human_bytes(f.size()),
                    crate::units::file_size_label(settings.size)
                ),
            );
        }
        f
    } else {
        for stale::Removed { name, size } in stale::remove_stale(&target.path) {
            add_note(
                &mut out.notes,
                format!(
                    "removed {name} ({}), a test file left by a diskmark run that was killed",
                    crate::units::human_bytes(size)
                ),
            );
        }
        memory::check(memory::need(plans, settings.size, settings.verify))?;
        let available = crate::target::available_space_settled(&target.path, settings.size)
            .map_err(|source| RunError::Os {
                what: "reading the free space",
                source,
            })?;
        // A documented test-only switch: lets a test reach ENOSPC during
        // the pre-fill deterministically.
        let skip_check = std::env::var_os(TEST_SKIP_SPACE_CHECK).is_some();
        if let Some(available) = available
            && available < settings.size
            && !skip_check
        {
            return Err(RunError::NoSpace {
                path: target.path.clone(),
                need: crate::units::human_bytes(settings.size),
                available: crate::units::human_bytes(available),
            });
        }
        let cow_fs = target
            .caveats
            .iter()
            .any(|c| matches!(c, crate::target::caveats::Caveat::CopyOnWrite { .. }));
        TestFile::create_with(
            &target.path,
            settings.size,
            &testfile::FileOptions {
                direct: settings.direct,
                dsync: settings.dsync,
                nocow: cow_fs && !settings.cow,
            },
        )?
    };
    let result = run_on_file(settings, target, plans, out, observer, &file);
    if result.is_ok() && settings.keep_file && !file.is_raw() {
        out.kept_file = Some(file.keep()?);
        return Ok(());
    }
    // Removed here, not at drop, so that a file that cannot be removed is
    // named in the report as well as on stderr.
    if let Err(e) = file.remove() {
        eprintln!("warning: {e}");
        add_note(&mut out.notes, e.to_string());
    }
    result
}

/// Everything done with the test file once it exists: checks of what the
/// file says about the target, the pre-fill, every test.
fn run_on_file(
    settings: &Settings,
    target: &TargetInfo,
    plans: &[PlannedTest],
    out: &mut RunOutput,
    observer: &mut dyn FnMut(&Event<'_>),
    file: &TestFile,
) -> Result<(), RunError> {
    if let Some((mem, offset)) = file.dio_align() {
        if mem as usize > crate::engine::buffer::BUFFER_ALIGN && settings.direct {
            return Err(RunError::Refused(format!(
                "this filesystem needs I/O buffers aligned to {mem} bytes for O_DIRECT, more than diskmark's {}; use --buffered",
                crate::engine::buffer::BUFFER_ALIGN
            )));
        }
        check_alignment(settings, plans, offset)?;
    }
    out.test_file = TestFileInfo {
        raw_device: file.is_raw(),
        size: file.size(),
        dio_align: file.dio_align().map(|a| a.1),
        nocow: match file.nocow() {
            testfile::Nocow::NotAsked => None,
            testfile::Nocow::Set => Some(true),
            testfile::Nocow::Failed(_) => Some(false),
        },
        prefill_ns: 0,
    };
    for n in notes::file_notes(settings, target, file) {
        add_note(&mut out.notes, n);
    }
    if file.is_raw() {
        // A device is read as it is: nothing to write first.
    } else if settings.engine.does_io() {
        let total = settings.size;
        let t = Instant::now();
        file.prefill(settings.data, settings.seed, |done| {
            observer(&Event::Prefill { done, total });
            check_signal()
        })?;
        out.test_file.prefill_ns = t.elapsed().as_nanos() as u64;
    } else {
        file.set_len()?;
    }
    let device_dir = target.device.as_ref().map(|d| d.sys_dir.clone());
    let ctx = LoopContext::new(settings, file, device_dir.as_deref());
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
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
                verified: None,
                facts: EngineFacts::default(),
            };
            let bs = planned.requested.block_size;
            let verify_map = (settings.verify && direction.writes())
                .then(|| verify::VerifyMap::new(file.size() / bs, bs));
            for loop_index in 0..settings.loops {
                check_signal()?;
                if direction.reads() && !settings.keep_cache {
                    drop_cache(settings, file)?;
                }
                let args = LoopArgs {
                    planned,
                    test_index: index,
                    direction,
                    loop_index,
                    verify: verify_map.as_ref(),
                };
                let l = ctx.run_loop(&args, observer)?;
                observer(&Event::LoopDone {
                    test: planned,
                    direction,
                    loop_index,
                    result: &l.result,
                });
                if let Some(f) = &l.facts.fallback {
                    add_note(&mut out.notes, format!("{}: {f}", settings.engine));
                }
                for n in &l.fio_notes {
                    add_note(&mut out.notes, format!("fio said: {n}"));
                }
                if loop_index == 0 {
                    result.facts = l.facts;
                }
                result.loops.push(l.result);
            }
            result.observations = observations(settings, &result, cpus, device_dir.as_deref());
            if let Some(map) = &verify_map {
                result.verified = Some(verify_pass(&result, map, file)?);
            }
            out.tests.push(result);
        }
    }
    Ok(())
}

/// Environment variable that skips the up-front free-space check, so that
/// a test can run into ENOSPC during the pre-fill. For tests only.
pub const TEST_SKIP_SPACE_CHECK: &str = "DISKMARK_TEST_SKIP_SPACE_CHECK";

/// Environment variable that makes the verify pass wait this many
/// milliseconds first, saying so on stderr: lets a test change the file
/// between the writes and the check. For tests only.
pub const TEST_VERIFY_PAUSE: &str = "DISKMARK_TEST_VERIFY_PAUSE_MS";

/// The read pass of --verify after a write test: every written block read
/// back and checked; any mismatch fails the run.
fn verify_pass(
    result: &TestResult,
    map: &verify::VerifyMap,
    file: &TestFile,
) -> Result<u64, RunError> {
    if let Some(ms) = std::env::var(TEST_VERIFY_PAUSE)
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    {
        eprintln!("verify: pausing {ms} ms before the read pass (test hook)");
        std::thread::sleep(Duration::from_millis(ms));
    }
    check_signal()?;
    let report = map.check(file.file()).map_err(|source| RunError::Os {
        what: "the --verify read pass",
        source,
    })?;
    if report.bad > 0 {
        return Err(RunError::Verify {
            test: format!("{} {}", result.plan.requested, result.direction.name()),
            checked: report.checked,
            bad: report.bad,
            first: report
                .first
                .iter()
                .map(|(o, m)| format!("offset {o} ({m})"))
                .collect::<Vec<_>>()
                .join(", "),
        });
    }
    Ok(report.checked)
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
