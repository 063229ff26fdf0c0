//! What a run tells its front-end: one owned [`Event`] per step, the same
//! for the CLI's progress line, the TUI and a GUI. Each carries where the
//! run is, what it measures right now, and the planned total time with the
//! time left (counted by the run's timeline).

use crate::plan::PlannedTest;
use crate::stats::LoopStat;
use crate::stats::{DirStats, DirSummary, LoopResult, select};
use crate::workload::{Direction, TestSpec};
use std::sync::Arc;
use std::time::Duration;

/// Phase of a loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Running, not counted yet.
    Warmup,
    /// Inside the measure window.
    Measure,
    /// Waiting for in-flight I/Os after the window (and the final fsync).
    Drain,
}

impl Phase {
    /// `warm-up`, `measure`, `drain`.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Warmup => "warm-up",
            Phase::Measure => "measure",
            Phase::Drain => "drain",
        }
    }
}

/// Which loop of which test the run is at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// The test's index in the plan (its row in a grid).
    pub test_index: usize,
    /// The test as asked.
    pub requested: TestSpec,
    /// The test as it runs (Q and T adapted to the engine).
    pub applied: TestSpec,
    /// Read, Write or Mix.
    pub direction: Direction,
    /// Loop number, from 0.
    pub loop_index: u32,
    /// Loops in all.
    pub loops: u32,
}

impl Position {
    /// Loop `loop_index` of `test` (the `test_index`th) in `direction`.
    pub(crate) fn new(
        test_index: usize,
        test: &PlannedTest,
        direction: Direction,
        loop_index: u32,
        loops: u32,
    ) -> Position {
        Position {
            test_index,
            requested: test.requested,
            applied: test.applied(),
            direction,
            loop_index,
            loops,
        }
    }
}

/// A loop running.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Live {
    /// Which loop.
    pub at: Position,
    /// Which phase.
    pub phase: Phase,
    /// Time left in this phase.
    pub remaining: Duration,
    /// Throughput over the last tick, 10^6 bytes/s, when known (fio runs
    /// do not say while they run).
    pub mbps: Option<f64>,
    /// I/Os per second over the last tick, when known.
    pub iops: Option<f64>,
}

/// A loop finished: what it measured, and its test's cell so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Finished {
    /// Which loop.
    pub at: Position,
    /// Everything it counted.
    pub result: Arc<LoopResult>,
    /// Its headline figures: its direction's own, both for Mix.
    pub headline: DirSummary,
    /// The cell: the test's loops so far in this direction, summarised by
    /// the run's loop statistic.
    pub cell: DirSummary,
}

/// What is happening.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// Pre-filling the test file.
    Prefill {
        /// Bytes written so far.
        done: u64,
        /// File size.
        total: u64,
    },
    /// Pausing between tests.
    Interval {
        /// Time left in the pause.
        remaining: Duration,
    },
    /// A loop is running.
    Running(Live),
    /// A loop finished.
    LoopDone(Box<Finished>),
    /// Something the report will say, known from now on.
    Warning(Warning),
    /// How far a sustained write is (`diskmark sustained`).
    Fill(FillStep),
    /// How far a span map is (`diskmark span`).
    Span(SpanStep),
    /// A step of a run on many hosts (`--host`), in words.
    Host(HostStep),
}

/// Where a sustained write is (docs/measurement.md#sustained-write).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FillStep {
    /// Bytes written (completed).
    pub written: u64,
    /// Bytes to write.
    pub total: u64,
    /// The last sample's throughput, MB/s; `None` before the first.
    pub mbps: Option<f64>,
    /// Time left at that rate; `None` before a rate is known.
    pub left: Option<Duration>,
}

/// Where a span map is (docs/measurement.md#span).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SpanStep {
    /// Filling the test file (a directory target): bytes written of total.
    Fill {
        /// Bytes written.
        done: u64,
        /// Bytes to write.
        total: u64,
    },
    /// Samples read of planned, and the last one's MB/s.
    Samples {
        /// Samples measured.
        done: usize,
        /// Samples planned.
        total: usize,
        /// The last sample's MB/s; `None` when it read nothing.
        mbps: Option<f64>,
    },
    /// Random reads timed of planned.
    Access {
        /// Reads timed.
        done: u64,
        /// Reads planned.
        total: u64,
    },
}

/// A step of a run on many hosts (docs/hosts.md): probing, a test sent,
/// the clean-up.
#[derive(Debug, Clone, PartialEq)]
pub struct HostStep {
    /// What happens, in words (`probing 3 hosts`). Host names in it are
    /// the user's text: a front-end escapes it as any other.
    pub sentence: String,
}

/// A note of the report as soon as the run knows it
/// (docs/report.md#progress-stream): an adaptation or a caveat of the
/// target and its test file, once the file exists; a test's own (no I/O,
/// a flag, the depth the device saw, a CPU bound) once its loops are done;
/// a fallback or a file not removed, when it happens. The report's notes
/// are these, in the same words.
#[derive(Debug, Clone, PartialEq)]
pub struct Warning {
    /// The test it is about, at its last loop; `None` for the run's.
    pub at: Option<Position>,
    /// The note, as the report says it.
    pub sentence: String,
    /// Whether it is news a person must see at once, not only in the
    /// report (a test file that could not be removed): the CLI says it on
    /// standard error as it happens.
    pub urgent: bool,
}

/// The run's time: planned in all, and left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeLeft {
    /// The whole run as planned, refined by the measured pre-fill rate.
    pub planned: Duration,
    /// What is left of it from here.
    pub left: Duration,
}

/// One step of a run, for a front-end.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// What is happening.
    pub step: Step,
    /// Planned total and time left; `None` for a mode whose time is not
    /// planned (a sustained write says its own, span and hosts none).
    pub time: Option<TimeLeft>,
}

impl Event {
    /// `step`, with no planned time.
    pub fn untimed(step: Step) -> Event {
        Event { step, time: None }
    }

    /// A warning of the run (not of one test).
    pub fn warning(sentence: String, urgent: bool) -> Event {
        Event::untimed(Step::Warning(Warning {
            at: None,
            sentence,
            urgent,
        }))
    }
}

/// What a loop reports each tick: its phase, the time left in it, and the
/// throughput over the last tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct LoopTick {
    /// Which phase.
    pub phase: Phase,
    /// Time left in it.
    pub remaining: Duration,
    /// 10^6 bytes/s over the last tick, when known.
    pub mbps: Option<f64>,
}

/// The counts a cell's figures come from: its direction's own, both for
/// Mix. (The report's headline is the same rule; run must not import
/// report.)
pub(crate) fn headline_stats(direction: Direction, l: &LoopResult) -> DirStats {
    match direction {
        Direction::Read => l.read.clone(),
        Direction::Write => l.write.clone(),
        Direction::Mix { .. } => l.total(),
    }
}

/// The figures a cell shows for `l`.
fn headline(direction: Direction, l: &LoopResult) -> DirSummary {
    headline_stats(direction, l).summary(l.window_ns)
}

impl Finished {
    /// Loop `at`, which measured the last of `loops`.
    pub(crate) fn new(at: Position, loops: &[LoopResult], stat: LoopStat) -> Option<Finished> {
        let last = loops.last()?;
        let cell = select(loops, stat)?;
        Some(Finished {
            at,
            result: Arc::new(last.clone()),
            headline: headline(at.direction, last),
            cell: headline(at.direction, &cell.result),
        })
    }
}

impl Live {
    /// A tick of loop `at`; IOPS follow from the throughput and the block.
    pub(crate) fn new(at: Position, tick: LoopTick) -> Live {
        Live {
            at,
            phase: tick.phase,
            remaining: tick.remaining,
            mbps: tick.mbps,
            iops: tick
                .mbps
                .map(|m| m * 1e6 / at.applied.block_size.max(1) as f64),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a front-end on another thread (the TUI's, a GUI's) needs.
    fn owned_and_sendable<T: Clone + Send + Sync + 'static>() {}

    #[test]
    fn events_travel_between_threads() {
        owned_and_sendable::<Event>();
        owned_and_sendable::<super::super::StopToken>();
        fn sendable<T: Send + 'static>() {}
        sendable::<super::super::RunPlan>();
    }

    #[test]
    fn a_finished_loop_carries_its_cell_so_far() {
        let t = crate::workload::parse_test("RND4K Q1T1").unwrap();
        let at = Position {
            test_index: 0,
            requested: t,
            applied: t,
            direction: Direction::Write,
            loop_index: 1,
            loops: 2,
        };
        let mut a = LoopResult::empty(1_000_000_000);
        a.write.record(1000, 4096);
        let mut b = LoopResult::empty(1_000_000_000);
        for _ in 0..3 {
            b.write.record(1000, 4096);
        }
        let f = Finished::new(at, &[a, b], LoopStat::Mean).unwrap();
        // This loop: 3 I/Os in 1 s; the two loops pooled: 4 in 2 s.
        assert_eq!(f.headline.ios, 3);
        assert_eq!((f.cell.ios, f.cell.iops), (4, 2.0));
        let best = Finished::new(at, std::slice::from_ref(&*f.result), LoopStat::Best).unwrap();
        assert_eq!(best.cell, f.headline);
        assert!(Finished::new(at, &[], LoopStat::Mean).is_none());
    }
}
