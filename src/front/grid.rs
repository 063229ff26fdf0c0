//! The grid an interface draws, fed by the run's [`Event`]s: each cell's
//! figures so far (the run's loop statistic over its loops: the report's
//! figure once the test is over), the cell running now with its live
//! MB/s and IOPS, the running row, and the notes as the run tells them.
//! The TUI and the window both hold one, so that they cannot disagree
//! (docs/architecture.md#events-and-stopping).

use crate::run::{Event, Phase, Step};
use crate::stats::{DirSummary, Spread};
use crate::workload::{Direction, TestSpec};
use std::collections::HashMap;

/// A cell: a row (a test) in a column (a direction).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CellAt {
    /// The test's row.
    pub row: usize,
    /// Its column: 0 read, 1 write, 2 mix ([`column`]).
    pub col: usize,
}

/// The cell running now.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LiveCell {
    /// Which cell.
    pub at: CellAt,
    /// Its loop's phase.
    pub phase: Phase,
    /// MB/s over the last tick, when the backend says (fio does not).
    pub mbps: Option<f64>,
    /// IOPS over the last tick, when known.
    pub iops: Option<f64>,
}

/// What a cell knows beside its figures, for a front-end's second line
/// and its hover: the Q/T that ran when the run adapted the test
/// (docs/measurement.md#engines-and-adaptation), and how much its loops disagree
/// (docs/measurement.md#repeatability).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CellDetail {
    /// The test as it ran, when that is not as asked.
    pub ran: Option<TestSpec>,
    /// The spread of its loops' MB/s so far; `None` before a loop with
    /// figures.
    pub spread: Option<Spread>,
}

/// A cell's state: its figures, its detail, and each loop's MB/s (the
/// spread's values).
#[derive(Debug, Clone)]
struct Cell {
    figures: DirSummary,
    detail: CellDetail,
    loop_mbps: Vec<f64>,
}

/// The column of `direction`: 0 read, 1 write, 2 mix.
pub fn column(direction: Direction) -> usize {
    match direction {
        Direction::Read => 0,
        Direction::Write => 1,
        Direction::Mix { .. } => 2,
    }
}

/// The grid's state.
#[derive(Debug, Clone, Default)]
pub struct Grid {
    cells: HashMap<CellAt, Cell>,
    live: Option<LiveCell>,
    notes: Vec<String>,
    /// The row a run of one test fills (its events say test 0).
    run_row: Option<usize>,
}

impl Grid {
    /// A run starts: of every row (`None`, the grid cleared) or of `row`
    /// alone (the other rows keep their figures). The notes are the run's
    /// from now on.
    pub fn start(&mut self, row: Option<usize>) {
        match row {
            None => self.cells.clear(),
            Some(r) => self.cells.retain(|at, _| at.row != r),
        }
        self.run_row = row;
        self.live = None;
        self.notes.clear();
    }

    /// Empties the grid (the settings changed, or a file is shown).
    pub fn clear(&mut self) {
        *self = Grid::default();
    }

    /// Applies one event: a loop done fills its cell; a tick makes its
    /// cell the live one; a warning is a note (once).
    pub fn apply(&mut self, e: &Event) {
        match &e.step {
            Step::LoopDone(f) => {
                let at = self.at(f.at.test_index, f.at.direction);
                // A cell restarts with its test's first loop.
                let mut loop_mbps = match self.cells.remove(&at) {
                    Some(c) if f.at.loop_index > 0 => c.loop_mbps,
                    _ => Vec::new(),
                };
                if f.headline.completed() {
                    loop_mbps.push(f.headline.mbps);
                }
                let detail = CellDetail {
                    ran: (f.at.applied != f.at.requested).then_some(f.at.applied),
                    spread: Spread::of(&loop_mbps),
                };
                let figures = f.cell.clone();
                self.cells.insert(
                    at,
                    Cell {
                        figures,
                        detail,
                        loop_mbps,
                    },
                );
                self.live = None;
            }
            Step::Running(l) => {
                self.live = Some(LiveCell {
                    at: self.at(l.at.test_index, l.at.direction),
                    phase: l.phase,
                    mbps: l.mbps,
                    iops: l.iops,
                });
            }
            Step::Warning(w) => self.note(w.sentence.clone()),
            Step::Prefill { .. } | Step::Interval { .. } => self.live = None,
            Step::Fill(_) | Step::Span(_) | Step::Host(_) => {}
        }
    }

    /// The run ended: nothing runs any more.
    pub fn end(&mut self) {
        self.live = None;
    }

    /// Sets a cell (a result read back from a file).
    pub fn set(&mut self, at: CellAt, figures: DirSummary, detail: CellDetail) {
        let loop_mbps = Vec::new();
        let cell = Cell {
            figures,
            detail,
            loop_mbps,
        };
        self.cells.insert(at, cell);
    }

    /// Adds a note unless it is there already.
    pub fn note(&mut self, sentence: String) {
        if !self.notes.contains(&sentence) {
            self.notes.push(sentence);
        }
    }

    /// Replaces the notes (the report's, once the run is over).
    pub fn set_notes(&mut self, notes: Vec<String>) {
        self.notes = notes;
    }

    /// A cell's figures so far, when a loop of it finished.
    pub fn cell(&self, at: CellAt) -> Option<&DirSummary> {
        self.cells.get(&at).map(|c| &c.figures)
    }

    /// A cell's detail, when a loop of it finished.
    pub fn detail(&self, at: CellAt) -> Option<&CellDetail> {
        self.cells.get(&at).map(|c| &c.detail)
    }

    /// The cell running now, with its live figures.
    pub fn live(&self) -> Option<&LiveCell> {
        self.live.as_ref()
    }

    /// The row running now.
    pub fn running_row(&self) -> Option<usize> {
        self.live.map(|l| l.at.row)
    }

    /// The notes so far: the run's caveats and adaptations as it tells
    /// them, then the report's.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Whether no cell has figures.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    fn at(&self, test_index: usize, direction: Direction) -> CellAt {
        CellAt {
            row: self.run_row.unwrap_or(test_index),
            col: column(direction),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::{Finished, Live, Position, TimeLeft, Warning};
    use crate::stats::{LoopResult, LoopStat};
    use std::time::Duration;

    fn at(test_index: usize, direction: Direction) -> Position {
        let t = crate::workload::parse_test("RND4K Q1T1").unwrap();
        Position {
            test_index,
            requested: t,
            applied: t,
            direction,
            loop_index: 0,
            loops: 1,
        }
    }

    fn event(step: Step) -> Event {
        Event {
            step,
            time: Some(TimeLeft {
                planned: Duration::from_secs(10),
                left: Duration::from_secs(5),
            }),
        }
    }

    fn tick(test_index: usize, mbps: f64) -> Event {
        event(Step::Running(Live {
            at: at(test_index, Direction::Write),
            phase: Phase::Measure,
            remaining: Duration::from_secs(1),
            mbps: Some(mbps),
            iops: Some(mbps * 244.0),
        }))
    }

    fn done(test_index: usize) -> Event {
        let mut l = LoopResult::empty(1_000_000_000);
        l.write.record(1000, 4096);
        let f = Finished::new(at(test_index, Direction::Write), &[l], LoopStat::Mean).unwrap();
        event(Step::LoopDone(Box::new(f)))
    }

    #[test]
    fn ticks_make_the_live_cell_and_a_finished_loop_fills_it() {
        let mut g = Grid::default();
        g.start(None);
        g.apply(&tick(1, 123.0));
        let w = CellAt { row: 1, col: 1 };
        assert_eq!(g.live().map(|l| (l.at, l.mbps)), Some((w, Some(123.0))));
        assert_eq!(g.running_row(), Some(1));
        assert!(g.cell(w).is_none());
        g.apply(&done(1));
        assert_eq!(g.cell(w).map(|c| c.ios), Some(1));
        assert_eq!(g.running_row(), None);
    }

    /// The second line's facts: the Q/T that ran when adapted, and the
    /// spread of the loops so far, restarted by a new run of the cell.
    #[test]
    fn a_cell_keeps_the_qt_that_ran_and_its_loops_spread() {
        let finished = |loop_index: u32, ios: u64, applied: &str| {
            let mut p = at(0, Direction::Read);
            p.applied = crate::workload::parse_test(applied).unwrap();
            p.loop_index = loop_index;
            let mut l = LoopResult::empty(1_000_000_000);
            for _ in 0..ios {
                l.read.record(1000, 4096);
            }
            let f = Finished::new(p, &[l], LoopStat::Mean).unwrap();
            event(Step::LoopDone(Box::new(f)))
        };
        let r = CellAt { row: 0, col: 0 };
        let mut g = Grid::default();
        g.apply(&finished(0, 1000, "RND4K Q1T1"));
        assert_eq!(g.detail(r).unwrap().ran, None, "not adapted");
        g.apply(&finished(1, 3000, "RND4K Q1T1"));
        let s = g.detail(r).unwrap().spread.unwrap();
        assert_eq!(s.n, 2);
        assert!(
            (s.min - 4.096).abs() < 1e-9 && (s.max - 12.288).abs() < 1e-9,
            "{s:?}"
        );
        // A new run of the cell starts its spread again.
        g.apply(&finished(0, 2000, "RND4K Q1T4"));
        let d = g.detail(r).unwrap();
        assert_eq!(d.spread.unwrap().n, 1);
        assert_eq!(d.ran.map(|t| t.to_string()).as_deref(), Some("RND4K Q1T4"));
    }

    #[test]
    fn a_run_of_one_row_fills_that_row_and_keeps_the_others() {
        let mut g = Grid::default();
        g.apply(&done(0));
        g.apply(&done(2));
        g.start(Some(2));
        assert!(g.cell(CellAt { row: 2, col: 1 }).is_none());
        // Its events say test 0: the row it runs is 2.
        g.apply(&tick(0, 5.0));
        assert_eq!(g.running_row(), Some(2));
        g.apply(&done(0));
        assert!(g.cell(CellAt { row: 0, col: 1 }).is_some());
        assert!(g.cell(CellAt { row: 2, col: 1 }).is_some());
    }

    #[test]
    fn warnings_are_notes_once() {
        let mut g = Grid::default();
        let w = || {
            event(Step::Warning(Warning {
                at: None,
                sentence: "psync is synchronous: Q8T1 ran as Q1T8".into(),
                urgent: false,
            }))
        };
        g.apply(&w());
        g.apply(&w());
        assert_eq!(g.notes().len(), 1);
        g.start(None);
        assert!(g.notes().is_empty());
    }
}
