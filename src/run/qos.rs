//! `--qos`, latency under load (docs/measurement.md#latency-under-load):
//! RND4K Q1T1 reads of the test file alone, then the same reads while a
//! background writer (SEQ1M Q8T1, same engine) writes a second test file
//! of its own. Both read windows are ordinary loops: their percentiles
//! come from the histograms every read thread filled, merged.
//!
//! The writer's file is a [`TestFile`] like the first: created, locked and
//! marked as diskmark's, and removed by identity when this returns, on an
//! error or a signal too (its drop removes it while the run unwinds).

use super::RunError;
use super::event::{LoopTick, Phase};
use super::stop::{StopToken, TICK};
use super::testfile::{FileOptions, TestFile};
use super::window::{LoopArgs, LoopContext};
use crate::config::Settings;
use crate::plan::{PlannedTest, plan};
use crate::stats::LoopResult;
use crate::target::TargetInfo;
use crate::units::{KIB, MIB};
use crate::workload::{Direction, Pattern, TestSpec};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The reads measured: RND4K Q1T1.
pub const READS: TestSpec = TestSpec::new(Pattern::Rnd, 4 * KIB, 1, 1);
/// The background writer: SEQ1M Q8T1.
pub const WRITER: TestSpec = TestSpec::new(Pattern::Seq, MIB, 8, 1);
/// How much longer the writer's window is than the loaded reads' warm-up
/// and window: the reads start once the writer is in its window (seen
/// within a tick) and must end inside it, after their threads' set-up.
const WRITER_MARGIN: Duration = Duration::from_millis(500);
/// Longest wait for the writer's window to open after its warm-up.
const WRITER_START: Duration = Duration::from_secs(30);

/// The two tests of `--qos`, planned for the run's engine, and the
/// writer's settings (its window covers the loaded reads).
#[derive(Debug, Clone)]
pub struct QosPlan {
    /// RND4K Q1T1 as it runs.
    pub reads: PlannedTest,
    /// SEQ1M Q8T1 as it runs.
    pub writer: PlannedTest,
    /// The run's settings with the writer's longer window.
    writer_settings: Settings,
}

/// What `--qos` measured.
#[derive(Debug, Clone, PartialEq)]
pub struct QosResult {
    /// RND4K Q1T1 as it ran.
    pub reads: PlannedTest,
    /// SEQ1M Q8T1 as it ran.
    pub writer: PlannedTest,
    /// The reads alone.
    pub unloaded: LoopResult,
    /// The reads while the writer wrote.
    pub loaded: LoopResult,
    /// The writer's own window.
    pub writer_loop: LoopResult,
}

impl QosPlan {
    /// Plans `--qos` for `settings` (none without it); `--strict` refuses
    /// an adapted test here as it does the others.
    pub fn new(settings: &Settings) -> Result<Option<QosPlan>, RunError> {
        if !settings.qos {
            return Ok(None);
        }
        let (engine, caps) = (settings.engine.name(), settings.engine.capabilities());
        let one = |t: TestSpec| -> Result<PlannedTest, RunError> {
            let p = plan(t, &engine, &caps).map_err(RunError::Plan)?;
            if settings.strict && p.adapted() {
                return Err(RunError::Strict {
                    reason: format!("--qos: {}", p.notes.join("; ")),
                });
            }
            Ok(p)
        };
        let (reads, writer) = (one(READS)?, one(WRITER)?);
        let mut c = settings.choices().clone();
        c.measure = settings.warmup + settings.measure + WRITER_MARGIN;
        c.steady = None;
        let writer_settings = Settings::validate(c)
            .map_err(|e| RunError::Refused(format!("--qos: the writer's window: {e}")))?;
        Ok(Some(QosPlan {
            reads,
            writer,
            writer_settings,
        }))
    }

    /// I/Os in flight at once: the reads and the writer together.
    pub fn in_flight(&self) -> usize {
        (self.reads.q * self.reads.t + self.writer.q * self.writer.t) as usize
    }

    /// What `--qos` takes besides the writer file's pre-fill: two read
    /// loops and the writer's warm-up.
    pub fn fixed_time(&self, settings: &Settings) -> Duration {
        (settings.warmup + settings.measure) * 2 + settings.warmup
    }
}

/// Where `--qos` runs and whom it tells.
pub(crate) struct QosRun<'a> {
    /// The run's settings.
    pub(crate) settings: &'a Settings,
    /// The target directory.
    pub(crate) target: &'a TargetInfo,
    /// The run's (pre-filled) test file, which the reads read.
    pub(crate) file: &'a TestFile,
    /// The run's stop.
    pub(crate) stop: &'a StopToken,
    /// The index the reads take after the run's tests (their seeds).
    pub(crate) test_index: usize,
    /// Whether the writer's file gets NOCOW (as the first file).
    pub(crate) nocow: bool,
}

/// What the run does around `--qos`'s steps: tell its observer, look at
/// its stop, drop the cache as before any read loop.
pub(crate) trait QosObserver {
    /// The writer's file has `done` of `total` bytes pre-filled; an error
    /// (a stop) ends the pre-fill.
    fn prefill(&mut self, done: u64, total: u64) -> Result<(), RunError>;
    /// The writer's test file could not be removed: why.
    fn not_removed(&mut self, sentence: String);
    /// Before a read loop: the stop looked at, the cache dropped.
    fn before_reads(&mut self) -> Result<(), RunError>;
    /// A tick of read loop `loop_index` (0 alone, 1 loaded).
    fn tick(&mut self, loop_index: u32, tick: LoopTick);
}

/// The stop asked for, as the error that unwinds the run.
fn check_stop(stop: &StopToken) -> Result<(), RunError> {
    match stop.reason() {
        Some(reason) => Err(RunError::Interrupted(reason)),
        None => Ok(()),
    }
}

impl QosRun<'_> {
    /// The reads alone, then under the writer.
    pub(crate) fn measure(
        &self,
        plan: &QosPlan,
        obs: &mut dyn QosObserver,
    ) -> Result<QosResult, RunError> {
        let device_dir = self.target.device.as_ref().map(|d| d.sys_dir.as_path());
        let ctx = LoopContext::new(self.settings, self.file, device_dir, self.stop);
        let unloaded = self.reads(&ctx, plan, 0, obs)?;
        let mut wfile = TestFile::create_with(
            &self.target.path,
            self.settings.size,
            &FileOptions {
                direct: self.settings.direct,
                dsync: self.settings.dsync,
                nocow: self.nocow,
            },
        )?;
        let result = self.loaded(&ctx, plan, &wfile, obs);
        if let Err(e) = wfile.remove() {
            obs.not_removed(e.to_string());
        }
        let (loaded, writer_loop) = result?;
        Ok(QosResult {
            reads: plan.reads.clone(),
            writer: plan.writer.clone(),
            unloaded,
            loaded,
            writer_loop,
        })
    }

    /// One read loop of the test file, its cache dropped first.
    fn reads(
        &self,
        ctx: &LoopContext<'_>,
        plan: &QosPlan,
        loop_index: u32,
        obs: &mut dyn QosObserver,
    ) -> Result<LoopResult, RunError> {
        obs.before_reads()?;
        let args = LoopArgs {
            planned: &plan.reads,
            test_index: self.test_index,
            direction: Direction::Read,
            loop_index,
            verify: None,
        };
        let l = ctx.run_loop(&args, &mut |tick| obs.tick(loop_index, tick))?;
        Ok(l.result)
    }

    /// The writer's file pre-filled, the writer started on it, and once
    /// its window is open the reads again; both loops' results.
    fn loaded(
        &self,
        ctx: &LoopContext<'_>,
        plan: &QosPlan,
        wfile: &TestFile,
        obs: &mut dyn QosObserver,
    ) -> Result<(LoopResult, LoopResult), RunError> {
        let total = wfile.size();
        wfile.prefill(self.settings.data, self.settings.seed ^ 1, |done| {
            obs.prefill(done, total)
        })?;
        let device_dir = self.target.device.as_ref().map(|d| d.sys_dir.as_path());
        let wctx = LoopContext::new(&plan.writer_settings, wfile, device_dir, self.stop);
        let args = LoopArgs {
            planned: &plan.writer,
            test_index: self.test_index + 1,
            direction: Direction::Write,
            loop_index: 0,
            verify: None,
        };
        let open = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let writer = scope.spawn(|| {
                wctx.run_loop(&args, &mut |t: LoopTick| {
                    if t.phase != Phase::Warmup {
                        open.store(true, Ordering::Release);
                    }
                })
            });
            let deadline = Instant::now() + self.settings.warmup + WRITER_START;
            while !open.load(Ordering::Acquire) {
                if writer.is_finished() {
                    // It ended before writing: its error says why.
                    join(writer, plan)??;
                    return Err(RunError::Refused(
                        "--qos: the background writer ended before its window".into(),
                    ));
                }
                check_stop(self.stop)?;
                if Instant::now() > deadline {
                    return Err(RunError::Refused(format!(
                        "--qos: the background writer did not start writing within {} s",
                        WRITER_START.as_secs()
                    )));
                }
                std::thread::sleep(TICK / 10);
            }
            let loaded = self.reads(ctx, plan, 1, obs);
            let written = join(writer, plan)??;
            Ok((loaded?, written.result))
        })
    }
}

/// The writer thread's result; a panic as the run's worker panic.
fn join(
    writer: std::thread::ScopedJoinHandle<'_, Result<super::window::LoopRun, RunError>>,
    plan: &QosPlan,
) -> Result<Result<super::window::LoopRun, RunError>, RunError> {
    writer.join().map_err(|_| RunError::WorkerPanic {
        test: plan.writer.requested.to_string(),
        message: "no message".into(),
    })
}
