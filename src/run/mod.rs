//! The runner (docs/measurement.md#timing): test file lifecycle, per test and loop the cache
//! drop, warm-up, measure window and drain across worker threads, the
//! interval between tests, and clean ending on errors and signals.
//!
//! A front-end validates its settings, resolves the target, makes a
//! [`RunPlan`] (every refusal happens there), and hands it to [`run`] with
//! a [`StopToken`] and an observer of [`Event`]s.

pub mod barrier;
pub mod cpu_note;
pub mod devstats;
mod error;
pub mod estimate;
mod event;
pub mod flags;
pub(crate) mod fsize;
pub mod guard;
pub mod guardian;
mod marker;
mod memory;
mod notes;
mod output;
mod prepare;
pub mod qos;
pub mod shell;
pub mod signals;
pub mod stale;
mod steady;
mod stop;
pub mod testfile;
pub mod thermal_note;
pub mod thermal_sampler;
mod timeline;
pub mod verify;
mod window;
pub mod worker;

pub use cpu_note::CpuNote;
pub use error::RunError;
pub(crate) use error::past_fsize_limit;
pub use estimate::Estimate;
pub use event::{
    Event, FillStep, Finished, HostStep, Live, Phase, Position, SpanStep, Step, TimeLeft, Warning,
};
pub use notes::{cpu, flags, observations, run_notes};
pub use output::{Counted, HostLoops, RunOutput, TestFileInfo, TestResult, WindowSpan};
pub use prepare::{RunPlan, TEST_SKIP_SPACE_CHECK, plan_all, plan_with};
pub use stop::{StopReason, StopToken, TICK};
pub use thermal_sampler::ThermalSampler;

use crate::config::Settings;
use crate::plan::{PlannedTest, plan};
use crate::stats::LoopResult;
use crate::target::TargetInfo;
use crate::workload::Direction;
use event::LoopTick;
use notes::add_note;
use std::time::{Duration, Instant};
use testfile::TestFile;
use timeline::Timeline;
use window::{LoopArgs, LoopContext};

/// Environment variable that makes the verify pass wait this many
/// milliseconds first, saying so on stderr: lets a test change the file
/// between the writes and the check. For tests only.
pub const TEST_VERIFY_PAUSE: &str = "DISKMARK_TEST_VERIFY_PAUSE_MS";

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

/// The stop asked for, as the error that unwinds the run.
fn check_stop(stop: &StopToken) -> Result<(), RunError> {
    match stop.reason() {
        Some(reason) => Err(RunError::Interrupted(reason)),
        None => Ok(()),
    }
}

/// Runs one loop of `test` in `direction` on an existing, pre-filled test
/// `file` (opened with `settings.direct`): for comparing engines, native
/// and fio, on one and the same file. The page cache is dropped first for
/// reads, as in a full run. A signal stops it.
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
    let stop = StopToken::new();
    let ctx = LoopContext::new(settings, file, device_dir.as_deref(), &stop);
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

/// Runs every test of `plan`, telling `observer` what happens. A signal or
/// the `stop` token ends the run early with the finished tests and
/// `interrupted` set; the test file is removed in every case.
pub fn run(
    plan: &RunPlan,
    stop: &StopToken,
    observer: &mut dyn FnMut(&Event),
) -> Result<RunOutput, RunError> {
    shell::enter()?;
    let began = std::time::Instant::now();
    let settings = plan.settings();
    let plans = plan.tests();
    let most = plans.iter().map(|p| (p.q * p.t) as usize).max();
    settings.engine.prepare_process(most.unwrap_or(1));
    let mut out = RunOutput::begin(plan.notes().to_vec());
    let mut runner = Runner {
        plan,
        settings,
        stop,
        observer,
        timeline: plan.timeline().clone(),
        left: plan.timeline().planned(),
        told: 0,
    };
    let result = runner.run_tests(&mut out);
    out.elapsed = Some(began.elapsed());
    match result {
        Ok(()) => Ok(out),
        Err(RunError::Interrupted(reason)) => {
            out.interrupted = Some(reason);
            Ok(out)
        }
        Err(e) => Err(e),
    }
}

/// One test in one direction: the `number`th cell of the run.
#[derive(Debug, Clone, Copy)]
struct Cell {
    number: usize,
    test_index: usize,
    direction: Direction,
}

/// One run going: its plan, how to stop it, whom to tell, and the time
/// left as it is refined.
struct Runner<'a> {
    plan: &'a RunPlan,
    settings: &'a Settings,
    stop: &'a StopToken,
    observer: &'a mut dyn FnMut(&Event),
    timeline: Timeline,
    /// The time left as last told.
    left: Duration,
    /// How many of the run's notes were told as warnings.
    told: usize,
}

impl Runner<'_> {
    /// Tells the observer `step`, with `left` of the run.
    fn emit(&mut self, step: Step, left: Duration) {
        self.left = left;
        let time = Some(TimeLeft {
            planned: self.timeline.planned(),
            left,
        });
        (self.observer)(&Event { step, time });
    }

    /// Tells the observer each of `sentences` as a warning about `at`.
    fn warn<'s>(
        &mut self,
        at: Option<Position>,
        sentences: impl IntoIterator<Item = &'s String>,
        urgent: bool,
    ) {
        for sentence in sentences {
            let warning = Warning {
                at,
                sentence: sentence.clone(),
                urgent,
            };
            self.emit(Step::Warning(warning), self.left);
        }
    }

    /// Tells the observer the run's notes it has not told yet (notes are
    /// only ever added at the end: [`add_note`]).
    fn tell_notes(&mut self, notes: &[String]) {
        self.tell_notes_as(notes, false);
    }

    /// The same, `urgent` as [`Warning::urgent`] says.
    fn tell_notes_as(&mut self, notes: &[String], urgent: bool) {
        let new = notes.get(self.told..).unwrap_or_default();
        self.warn(None, new, urgent);
        self.told = notes.len();
    }

    /// Makes the test file (or opens the device), runs everything on it,
    /// and removes it (or keeps it, as asked).
    fn run_tests(&mut self, out: &mut RunOutput) -> Result<(), RunError> {
        check_stop(self.stop)?;
        let mut file = self.open_file(out)?;
        let result = self.run_on_file(out, &file);
        if result.is_ok() && self.settings.keep_file && !file.is_raw() {
            out.kept_file = Some(file.keep()?);
            return Ok(());
        }
        // Removed here, not at drop, so that a file that cannot be removed
        // is named in the report, and told at once as urgent.
        if let Err(e) = file.remove() {
            self.tell_notes(&out.notes);
            add_note(&mut out.notes, e.to_string());
            self.tell_notes_as(&out.notes, true);
        }
        self.tell_notes(&out.notes);
        result
    }

    /// The raw device, or a new test file in the target directory.
    fn open_file(&self, out: &mut RunOutput) -> Result<TestFile, RunError> {
        let (settings, target) = (self.settings, self.plan.target());
        if target.is_device() {
            let f = TestFile::open_device(&target.path, settings.size, settings.direct)?;
            if f.size() < settings.size {
                add_note(
                    &mut out.notes,
                    format!(
                        "{} holds only {}: the whole device was tested instead of --size {}",
                        crate::escape::path(&target.path),
                        crate::units::human_bytes(f.size()),
                        crate::units::file_size_label(settings.size)
                    ),
                );
            }
            return Ok(f);
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
        )
    }

    /// Everything done with the test file once it exists: the checks only
    /// the file can answer, the pre-fill, every test.
    fn run_on_file(&mut self, out: &mut RunOutput, file: &TestFile) -> Result<(), RunError> {
        let settings = self.settings;
        if let Some((mem, offset)) = file.dio_align() {
            if mem as usize > crate::engine::buffer::BUFFER_ALIGN && settings.direct {
                return Err(RunError::Refused(format!(
                    "this filesystem needs I/O buffers aligned to {mem} bytes for O_DIRECT, more than diskmark's {}; use --buffered",
                    crate::engine::buffer::BUFFER_ALIGN
                )));
            }
            prepare::check_alignment(settings, self.plan.tests(), offset)?;
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
        for n in notes::file_notes(settings, self.plan.target(), file) {
            add_note(&mut out.notes, n);
        }
        self.tell_notes(&out.notes);
        out.test_file.prefill_ns = self.prefill(file)?;
        self.run_cells(out, file)
    }

    /// Writes the whole test file once (a device is read as it is, the
    /// null engine needs only the length); returns the time it took, ns.
    fn prefill(&mut self, file: &TestFile) -> Result<u64, RunError> {
        let settings = self.settings;
        if file.is_raw() {
            return Ok(0);
        }
        if !settings.engine.does_io() {
            file.set_len()?;
            return Ok(0);
        }
        let total = settings.size;
        let t = Instant::now();
        let stop = self.stop;
        file.prefill(settings.data, settings.seed, |done| {
            self.timeline.prefill_progress(done, t.elapsed());
            let left = self.timeline.left_in_prefill(done);
            self.emit(Step::Prefill { done, total }, left);
            check_stop(stop)
        })?;
        self.timeline.prefill_done(t.elapsed());
        Ok(t.elapsed().as_nanos() as u64)
    }

    /// Every test in every direction, with the interval between them.
    fn run_cells(&mut self, out: &mut RunOutput, file: &TestFile) -> Result<(), RunError> {
        let (settings, plan) = (self.settings, self.plan);
        let device_dir = plan.target().device.as_ref().map(|d| d.sys_dir.clone());
        let sensor = plan.target().sensor();
        let thermal = sensor.cloned().and_then(ThermalSampler::start);
        let ctx = LoopContext::new(settings, file, device_dir.as_deref(), self.stop)
            .with_thermal(thermal.as_ref());
        // The CPUs the workers may use: `--cpus` places them on its list's.
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        let cpus = match settings.cpus.cpus().len() {
            0 => cpus,
            listed => cpus.min(listed),
        };
        let mut number = 0;
        for direction in settings.directions() {
            for test_index in 0..plan.tests().len() {
                if number > 0 {
                    self.pause(number)?;
                }
                let cell = Cell {
                    number,
                    test_index,
                    direction,
                };
                let mut result = self.run_cell(&ctx, file, out, cell)?;
                result.flags = flags(settings, &result, plan.target().link());
                result.cpu = cpu(&result, cpus);
                result.observations = observations(settings, &result, device_dir.as_deref());
                result
                    .observations
                    .extend(thermal_note::throttling_note(&result, sensor));
                let last = Position::new(
                    test_index,
                    &plan.tests()[test_index],
                    direction,
                    (result.loops.len() as u32).saturating_sub(1),
                    settings.rounds(),
                );
                self.warn(Some(last), &result.observations, false);
                self.tell_notes(&out.notes);
                out.tests.push(result);
                number += 1;
            }
        }
        if let Some(q) = plan.qos() {
            out.qos = Some(self.run_qos(q, file, out)?);
        }
        Ok(())
    }

    /// `--qos` after every test, on the same file, with the writer's own.
    fn run_qos(
        &mut self,
        q: &qos::QosPlan,
        file: &TestFile,
        out: &mut RunOutput,
    ) -> Result<qos::QosResult, RunError> {
        let (settings, target) = (self.settings, self.plan.target());
        settings.engine.prepare_process(q.in_flight());
        let run = qos::QosRun {
            settings,
            target,
            file,
            stop: self.stop,
            test_index: self.plan.tests().len(),
            nocow: file.nocow() != &testfile::Nocow::NotAsked,
        };
        let reads = Position::new(run.test_index, &q.reads, Direction::Read, 0, 2);
        let mut steps = QosSteps {
            runner: self,
            file,
            at: reads,
            not_removed: Vec::new(),
        };
        let result = run.measure(q, &mut steps);
        // The writer's file that could not be removed: in the report, and
        // told at once.
        let not_removed = std::mem::take(&mut steps.not_removed);
        if !not_removed.is_empty() {
            self.tell_notes(&out.notes);
            not_removed
                .into_iter()
                .for_each(|n| add_note(&mut out.notes, n));
            self.tell_notes_as(&out.notes, true);
        }
        result
    }

    /// The loops of one test in one direction, and under --verify the read
    /// pass after them.
    fn run_cell(
        &mut self,
        ctx: &LoopContext<'_>,
        file: &TestFile,
        out: &mut RunOutput,
        cell: Cell,
    ) -> Result<TestResult, RunError> {
        let (settings, plan) = (self.settings, self.plan);
        let planned = &plan.tests()[cell.test_index];
        let direction = cell.direction;
        let mut result = TestResult::empty(planned.clone(), direction);
        let mut rounds = steady::Rounds::start(settings);
        let bs = planned.requested.block_size;
        let verify_map = (settings.verify && direction.writes())
            .then(|| verify::VerifyMap::new(file.size() / bs, bs));
        for loop_index in 0..settings.rounds() {
            check_stop(self.stop)?;
            if direction.reads() && !settings.keep_cache {
                drop_cache(settings, file)?;
            }
            let at = Position::new(
                cell.test_index,
                planned,
                direction,
                loop_index,
                settings.rounds(),
            );
            let args = LoopArgs {
                planned,
                test_index: cell.test_index,
                direction,
                loop_index,
                verify: verify_map.as_ref(),
            };
            let l = ctx.run_loop(&args, &mut |tick: LoopTick| {
                let left = (self.timeline).left_in_loop(
                    cell.number,
                    loop_index,
                    tick.phase,
                    tick.remaining,
                );
                self.emit(Step::Running(Live::new(at, tick)), left);
            })?;
            if let Some(f) = &l.facts.fallback {
                add_note(&mut out.notes, format!("{}: {f}", settings.engine));
            }
            for n in &l.fio_notes {
                add_note(&mut out.notes, format!("fio said: {n}"));
            }
            if loop_index == 0 {
                result.facts = l.facts;
            }
            let stop_early = rounds.stop_after(direction, &l.result);
            result.loops.push(l.result);
            self.loop_done(cell.number, at, &result.loops, stop_early);
            if stop_early {
                break;
            }
        }
        let test = format!("{} {}", planned.requested, direction.name());
        result.steady = rounds.finish(&test, &mut out.notes);
        if let Some(map) = &verify_map {
            result.verified = Some(verify_pass(&result, map, file, self.stop)?);
        }
        Ok(result)
    }

    /// Tells the observer a loop is done; rounds that stopped early
    /// (`--steady-state`) leave none of their cell's planned time.
    fn loop_done(&mut self, cell: usize, at: Position, loops: &[LoopResult], early: bool) {
        if let Some(done) = Finished::new(at, loops, self.settings.loop_stat) {
            let last = if early {
                self.settings.rounds() - 1
            } else {
                at.loop_index
            };
            let left = self.timeline.after_loop(cell, last);
            self.emit(Step::LoopDone(Box::new(done)), left);
        }
    }

    /// Sleeps the interval before `cell`, looking at the stop every tick.
    fn pause(&mut self, cell: usize) -> Result<(), RunError> {
        let end = Instant::now() + self.settings.interval;
        loop {
            check_stop(self.stop)?;
            let now = Instant::now();
            if now >= end {
                return Ok(());
            }
            let remaining = end - now;
            let left = self.timeline.left_in_interval(cell, remaining);
            self.emit(Step::Interval { remaining }, left);
            std::thread::sleep(remaining.min(TICK));
        }
    }
}

/// What the runner does around `--qos`'s steps.
struct QosSteps<'r, 'a> {
    runner: &'r mut Runner<'a>,
    file: &'r TestFile,
    at: Position,
    /// The writer's test file, when it could not be removed: why.
    not_removed: Vec<String>,
}

impl qos::QosObserver for QosSteps<'_, '_> {
    fn prefill(&mut self, done: u64, total: u64) -> Result<(), RunError> {
        let s = self.runner.settings;
        let then = s.warmup + (s.warmup + s.measure);
        let left = (self.runner.timeline).left_in_tail(total.saturating_sub(done), then);
        self.runner.emit(Step::Prefill { done, total }, left);
        check_stop(self.runner.stop)
    }

    fn not_removed(&mut self, sentence: String) {
        self.not_removed.push(sentence);
    }

    fn before_reads(&mut self) -> Result<(), RunError> {
        check_stop(self.runner.stop)?;
        let s = self.runner.settings;
        if !s.keep_cache {
            drop_cache(s, self.file)?;
        }
        Ok(())
    }

    fn tick(&mut self, loop_index: u32, tick: LoopTick) {
        let s = self.runner.settings;
        let rest = match tick.phase {
            Phase::Warmup => tick.remaining + s.measure,
            Phase::Measure => tick.remaining,
            Phase::Drain => Duration::ZERO,
        };
        // The first (unloaded) read loop has the writer's pre-fill and
        // warm-up and the loaded loop after it.
        let (bytes, then) = match loop_index {
            0 => (s.size, rest + s.warmup + (s.warmup + s.measure)),
            _ => (0, rest),
        };
        let left = self.runner.timeline.left_in_tail(bytes, then);
        let at = Position {
            loop_index,
            ..self.at
        };
        self.runner.emit(Step::Running(Live::new(at, tick)), left);
    }
}

/// The read pass of --verify after a write test: every written block read
/// back and checked; any mismatch fails the run.
fn verify_pass(
    result: &TestResult,
    map: &verify::VerifyMap,
    file: &TestFile,
    stop: &StopToken,
) -> Result<u64, RunError> {
    if let Some(ms) = crate::testing::var(TEST_VERIFY_PAUSE).and_then(|v| v.parse::<u64>().ok()) {
        crate::escape::say(format_args!(
            "verify: pausing {ms} ms before the read pass (test hook)"
        ));
        std::thread::sleep(Duration::from_millis(ms));
    }
    check_stop(stop)?;
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

/// The grid (and `--qos`, which runs after it).
impl shell::ModePlan for RunPlan {
    const MODE: &'static str = "grid";
    const WHAT: &'static str = "the grid";
    const GRID_ROWS: bool = true;
    type Error = RunError;

    fn settings(&self) -> &crate::config::Settings {
        RunPlan::settings(self)
    }

    fn target(&self) -> &crate::target::TargetInfo {
        RunPlan::target(self)
    }

    fn notes(&self) -> Vec<String> {
        shell::with_caveats(RunPlan::notes(self).to_vec(), RunPlan::target(self))
    }

    /// `Default: 8 tests (4 × read, write) × 5 loops, about 4 min 35 s`.
    fn sentence(&self) -> String {
        self.estimate().sentence()
    }

    fn execute(
        &self,
        stop: &StopToken,
        observer: &mut dyn FnMut(&Event),
    ) -> Result<RunOutput, RunError> {
        run(self, stop, observer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Choices;
    use crate::engine::EngineKind;

    /// A real tiny run: two tests, read and write, two loops each.
    fn tiny(dir: &std::path::Path) -> RunPlan {
        let mut c = Choices::defaults(dir.to_path_buf());
        c.tests = vec![
            crate::workload::parse_test("SEQ1M Q1T1").unwrap(),
            crate::workload::parse_test("RND4K Q1T1").unwrap(),
        ];
        c.size = 16 << 20;
        c.loops = 2;
        c.measure = Duration::from_millis(100);
        c.warmup = Duration::from_millis(50);
        c.interval = Duration::from_millis(100);
        // Any filesystem the tests run on, tmpfs too.
        c.direct = false;
        c.engine = EngineKind::Psync.into();
        let settings = Settings::validate(c).unwrap();
        let target = crate::target::resolve(dir).unwrap();
        RunPlan::prepare(settings, target).unwrap()
    }

    #[test]
    fn time_left_runs_down_to_zero_in_a_real_run() {
        let dir = tempfile::tempdir().unwrap();
        let plan = tiny(dir.path());
        // 4 cells × 2 loops × 150 ms + 3 intervals × 100 ms + the pre-fill.
        let fixed = Duration::from_millis(1500);
        assert!(plan.planned_total() > fixed, "{:?}", plan.planned_total());
        assert!(plan.planned_total() < fixed + Duration::from_millis(100));
        let mut events = Vec::new();
        let out = run(&plan, &StopToken::new(), &mut |e| events.push(e.clone())).unwrap();
        assert_eq!(out.tests.len(), 4);
        assert!(out.interrupted.is_none());
        // The run's warnings come before the pre-fill (docs/report.md#progress-stream).
        let prefill_end = (events.iter())
            .rposition(|e| matches!(e.step, Step::Prefill { .. }))
            .map_or(0, |i| i + 1);
        let after_prefill: Vec<&Event> = events[prefill_end..].iter().collect();
        assert!(after_prefill.len() > 10, "{} events", after_prefill.len());
        // Once the pre-fill has measured its rate, the plan holds still
        // and the time left only goes down.
        let planned = after_prefill[0].time.unwrap().planned;
        for w in after_prefill.windows(2) {
            assert_eq!(w[1].time.unwrap().planned, planned);
            assert!(
                w[1].time.unwrap().left <= w[0].time.unwrap().left,
                "{:?}",
                (w[0], w[1])
            );
        }
        assert!(after_prefill[0].time.unwrap().left <= fixed);
        // A test's warnings come after its last loop, with its time left.
        let last = (after_prefill.iter())
            .rfind(|e| !matches!(e.step, Step::Warning(_)))
            .unwrap();
        assert!(matches!(last.step, Step::LoopDone(_)), "{last:?}");
        assert_eq!(last.time.unwrap().left, Duration::ZERO);
        // Every loop's cell is in the stream, in run order.
        let done: Vec<(usize, Direction, u32)> = events
            .iter()
            .filter_map(|e| match &e.step {
                Step::LoopDone(f) => Some((f.at.test_index, f.at.direction, f.at.loop_index)),
                _ => None,
            })
            .collect();
        assert_eq!(done.len(), 8);
        assert_eq!(done[0], (0, Direction::Read, 0));
        assert_eq!(done[7], (1, Direction::Write, 1));
    }

    #[test]
    fn a_user_stop_ends_the_run_with_its_reason_and_no_file() {
        let dir = tempfile::tempdir().unwrap();
        let plan = tiny(dir.path());
        let stop = StopToken::new();
        let mut seen = 0;
        let out = run(&plan, &stop, &mut |e| {
            if matches!(e.step, Step::Running(_)) {
                seen += 1;
                stop.stop();
            }
        })
        .unwrap();
        assert_eq!(out.interrupted, Some(StopReason::User));
        assert!(seen >= 1 && out.tests.is_empty());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn steady_rounds_and_qos_keep_their_books_and_time() {
        let dir = tempfile::tempdir().unwrap();
        let mut c = Choices::defaults(dir.path().to_path_buf());
        c.tests = vec![crate::workload::parse_test("RND4K Q1T1").unwrap()];
        c.mode = crate::workload::Mode::Read;
        c.size = 16 << 20;
        c.measure = Duration::from_millis(100);
        c.warmup = Duration::from_millis(20);
        c.interval = Duration::ZERO;
        c.direct = false;
        c.engine = EngineKind::Psync.into();
        c.steady = Some(crate::stats::steady::SteadyGoal::parse("iops:100%").unwrap());
        c.max_rounds = 6;
        c.qos = true;
        let settings = Settings::validate(c).unwrap();
        let target = crate::target::resolve(dir.path()).unwrap();
        let plan = RunPlan::prepare(settings, target).unwrap();
        let mut events = Vec::new();
        let out = run(&plan, &StopToken::new(), &mut |e| events.push(e.clone())).unwrap();
        let t = &out.tests[0];
        let o = t.steady.as_ref().unwrap();
        assert!((5..=6).contains(&o.rounds), "{o:?}");
        assert_eq!(t.loops.len(), o.rounds as usize);
        assert_eq!(o.round_values.len(), t.loops.len());
        assert_eq!(o.reached, o.value().is_some());
        let q = out.qos.as_ref().unwrap();
        for l in [&q.unloaded, &q.loaded] {
            assert!(l.read.ios > 0);
            assert_eq!(l.read.hist.count(), l.read.ios);
        }
        assert!(q.writer_loop.write.ios > 0);
        // Once the pre-fill has measured its rate, the time left only goes
        // down, through the rounds and --qos, to zero.
        let after: Vec<&Event> = events
            .iter()
            .skip_while(|e| e.time.unwrap().planned != events.last().unwrap().time.unwrap().planned)
            .collect();
        for w in after.windows(2) {
            assert!(
                w[1].time.unwrap().left <= w[0].time.unwrap().left,
                "{:?}",
                (w[0], w[1])
            );
        }
        assert_eq!(events.last().unwrap().time.unwrap().left, Duration::ZERO);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
