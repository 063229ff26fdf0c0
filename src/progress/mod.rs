//! The CLI's progress on standard error (docs/report.md#progress): on a
//! terminal one line, redrawn in place and cut to the terminal's width
//! (test i/N, time left, loop, phase, current MB/s); elsewhere one plain
//! line per finished test, so that a CI log shows the run going. With
//! `--progress jsonl[=PATH]`, the same events as JSON lines (`jsonl`).

pub mod agent;
pub mod display;
pub mod jsonl;
pub mod modes;

use crate::run::estimate::duration_words;
use crate::run::{Estimate, Event, Finished, Live, Phase, RunOutput, Step};
use crate::workload::Direction;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// One status line on standard error, redrawn in place at most every
/// [`REDRAW`], cut to the terminal's width (it never wraps), and cleared
/// when done or dropped; silent when disabled. The run's, a span map's
/// and a sustained write's lines draw through it.
pub struct StatusLine {
    bar: Option<ProgressBar>,
    last: Option<Instant>,
}

/// Shortest time between two redraws.
const REDRAW: Duration = Duration::from_millis(100);

/// Redraws per second indicatif allows: above ours, so that a forced draw
/// (the drain) right after a throttled one still shows.
const MAX_HZ: u8 = 20;

impl StatusLine {
    /// A line that draws only when `enabled` (and standard error is a
    /// terminal: indicatif draws nothing elsewhere).
    pub fn new(enabled: bool) -> Self {
        let bar = enabled.then(|| {
            let bar =
                ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(MAX_HZ));
            // `{wide_msg}` is the message cut to the width left on the
            // line; the template is a constant that parses, the default
            // is only there to need no unwrap.
            let style = ProgressStyle::with_template("{wide_msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner());
            bar.set_style(style);
            bar
        });
        StatusLine { bar, last: None }
    }

    /// Draws what `text` gives (nothing for `None`), unless the last
    /// redraw was under [`REDRAW`] ago and `force` is false.
    pub fn draw(&mut self, force: bool, text: impl FnOnce() -> Option<String>) {
        let Some(bar) = &self.bar else {
            return;
        };
        let now = Instant::now();
        if !force && self.last.is_some_and(|l| now - l < REDRAW) {
            return;
        }
        if let Some(text) = text() {
            self.last = Some(now);
            // One line: every control escaped, the line break too.
            bar.set_message(crate::escape::escaped(&text));
        }
    }

    /// Clears the line.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Drop for StatusLine {
    fn drop(&mut self) {
        self.finish();
    }
}

/// What the run's progress shows on standard error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Show {
    /// Nothing (`--quiet`).
    Nothing,
    /// The line redrawn in place, on a terminal.
    Line,
    /// One plain line per finished test, when standard error is not a
    /// terminal.
    Plain,
}

impl Show {
    /// What suits standard error as it is now, `quiet` silencing all.
    pub fn for_stderr(quiet: bool) -> Show {
        match (quiet, std::io::stderr().is_terminal()) {
            (true, _) => Show::Nothing,
            (false, true) => Show::Line,
            (false, false) => Show::Plain,
        }
    }
}

/// Where a run's cells are: their numbers in run order (each test in
/// each direction), the `i/N` a line shows.
#[derive(Debug, Clone, PartialEq)]
struct Cells {
    tests: usize,
    directions: Vec<Direction>,
}

impl Cells {
    /// The cells of the run `estimate` describes.
    fn of(estimate: &Estimate) -> Cells {
        Cells {
            tests: estimate.tests,
            directions: estimate.directions.clone(),
        }
    }

    fn total(&self) -> usize {
        self.tests * self.directions.len()
    }

    /// The cell's number from 1, as the run orders them: every test read,
    /// then every test written, then Mix; `None` for what is no cell
    /// (`--qos` after the tests).
    fn number(&self, test_index: usize, direction: Direction) -> Option<usize> {
        let d = self.directions.iter().position(|x| *x == direction)?;
        (test_index < self.tests).then_some(d * self.tests + test_index + 1)
    }

    /// `[3/8]`, or `[qos]` past the cells.
    fn tag(&self, test_index: usize, direction: Direction) -> String {
        match self.number(test_index, direction) {
            Some(n) => format!("[{n}/{}]", self.total()),
            None => "[qos]".to_string(),
        }
    }
}

/// Shows a run's events as [`Show`] says.
pub struct ProgressLine {
    line: StatusLine,
    show: Show,
    cells: Cells,
    /// The last loop that finished, while its test may still run rounds
    /// (`--steady-state`): its line is printed when the test is over.
    pending: Option<Box<Finished>>,
    /// The cell seen last (from 1), for the interval's `[i/N]`.
    last_cell: usize,
    /// What will run and how long it takes, said with the first event:
    /// a run that fails before its first step (the test file cannot be
    /// made) says only why.
    sentence: Option<String>,
}

impl ProgressLine {
    /// Progress for the run `estimate` describes; unless `show` is
    /// [`Show::Nothing`], says first (as the run takes its first step)
    /// what will run and about how long it takes.
    pub fn start(estimate: &Estimate, show: Show) -> ProgressLine {
        ProgressLine {
            sentence: (show != Show::Nothing).then(|| estimate.sentence()),
            line: StatusLine::new(show == Show::Line),
            show,
            cells: Cells::of(estimate),
            pending: None,
            last_cell: 0,
        }
    }

    /// Progress for a mode beyond the grid (a sustained write, a span map,
    /// many hosts), which says `sentence` first on a terminal; elsewhere
    /// these modes print nothing but their report and errors.
    pub fn mode(sentence: String, show: Show) -> ProgressLine {
        ProgressLine {
            sentence: (show == Show::Line).then_some(sentence),
            line: StatusLine::new(show == Show::Line),
            show,
            cells: Cells {
                tests: 0,
                directions: Vec::new(),
            },
            pending: None,
            last_cell: 0,
        }
    }

    /// Shows `event`: the terminal line (throttled, but the drain always
    /// shows), or a plain line when a test is over. An urgent warning (a
    /// test file not removed) is said at once, even under `--quiet`.
    pub fn update(&mut self, event: &Event) {
        if let Some(s) = self.sentence.take() {
            crate::escape::say(format_args!("{s}"));
        }
        if let Step::Warning(w) = &event.step
            && w.urgent
        {
            crate::escape::say(format_args!("warning: {}", w.sentence));
        }
        match self.show {
            Show::Nothing => {}
            Show::Line => {
                if let Some(n) = self.cell_of(event) {
                    self.last_cell = n;
                }
                let drain = matches!(&event.step, Step::Running(l) if l.phase == Phase::Drain);
                let (cells, last) = (&self.cells, self.last_cell);
                self.line.draw(drain, || describe(cells, last, event));
            }
            Show::Plain => {
                if let Some(line) = self.plain(event) {
                    crate::escape::say(format_args!("{line}"));
                }
            }
        }
    }

    /// Clears the terminal line at the end of the run that gave `output`,
    /// and prints the line of a test whose rounds stopped early
    /// (`--steady-state`) if `output` holds it.
    pub fn finish(&mut self, output: &RunOutput) {
        if let Some(line) = self.end(output.tests.len()) {
            crate::escape::say(format_args!("{line}"));
        }
        self.line.finish();
    }

    fn cell_of(&self, event: &Event) -> Option<usize> {
        match &event.step {
            Step::Running(l) => self.cells.number(l.at.test_index, l.at.direction),
            Step::LoopDone(f) => self.cells.number(f.at.test_index, f.at.direction),
            _ => None,
        }
    }

    /// The plain line `event` completes: a test's once its last loop is
    /// done; under `--steady-state` (which may stop early) once the next
    /// thing starts.
    fn plain(&mut self, event: &Event) -> Option<String> {
        match &event.step {
            Step::LoopDone(f) => {
                self.pending = Some(f.clone());
                (f.at.loop_index + 1 >= f.at.loops)
                    .then(|| self.pending_line())
                    .flatten()
            }
            Step::Running(l) => {
                let same = |f: &Finished| {
                    f.at.test_index == l.at.test_index && f.at.direction == l.at.direction
                };
                match self.pending.as_deref().is_some_and(same) {
                    true => None,
                    false => self.pending_line(),
                }
            }
            Step::Prefill { .. } | Step::Interval { .. } => self.pending_line(),
            // The report says the notes, once; the modes beyond the grid
            // draw only on a terminal.
            Step::Warning(_) | Step::Fill(_) | Step::Span(_) | Step::Host(_) => None,
        }
    }

    /// The line still pending once `tests_done` tests are in the report: a
    /// test that a stop cut short is not, and gets no line either.
    fn end(&mut self, tests_done: usize) -> Option<String> {
        let f = self.pending.as_ref()?;
        let n = self.cells.number(f.at.test_index, f.at.direction)?;
        match tests_done >= n {
            true => self.pending_line(),
            false => {
                self.pending = None;
                None
            }
        }
    }

    fn pending_line(&mut self) -> Option<String> {
        let f = self.pending.take()?;
        Some(finished_line(&self.cells, &f))
    }
}

/// `[3/8] RND4K Q32T1 read  247.612 MB/s  60452.3 IOPS  528.91 us`: the
/// test's figures so far by the run's loop statistic, as the text report
/// prints them (docs/report.md#the-text-report).
fn finished_line(cells: &Cells, f: &Finished) -> String {
    let at = &f.at;
    let head = format!(
        "{} {} {}",
        cells.tag(at.test_index, at.direction),
        ran(at),
        direction_words(at.direction)
    );
    let c = &f.cell;
    match c.lat.as_ref().filter(|_| c.completed()) {
        Some(lat) => format!(
            "{head}  {:.3} MB/s  {:.1} IOPS  {:.2} us",
            c.mbps, c.iops, lat.mean_us
        ),
        None => format!("{head}  {}", crate::stats::NO_IO),
    }
}

/// The test with the Q/T that ran, and the one asked for when the engine
/// changed it: `SEQ1M Q8T1 → ran Q1T8` (docs/report.md#images).
fn ran(at: &crate::run::Position) -> String {
    crate::workload::ran_label(&at.requested.to_string(), &at.applied.to_string())
}

/// `read`, `write`, `mix 70/30`.
fn direction_words(d: Direction) -> String {
    match d {
        Direction::Mix { read_pct } => format!("mix {read_pct}/{}", 100 - read_pct),
        d => d.name().to_string(),
    }
}

/// The terminal line for one event; `None` for events that do not redraw.
fn describe(cells: &Cells, last_cell: usize, event: &Event) -> Option<String> {
    let left = match event.time {
        Some(t) => format!("{} left", duration_words(t.left)),
        None => "time left unknown".to_string(),
    };
    Some(match &event.step {
        Step::Prefill { done, total } => format!(
            "pre-fill {:>3}%  {left}  ({} of {} MiB)",
            done * 100 / (*total).max(1),
            done >> 20,
            total >> 20
        ),
        Step::Interval { remaining } => format!(
            "[{}/{}] {left}  interval: next test in {:.1} s",
            (last_cell + 1).min(cells.total()),
            cells.total(),
            remaining.as_secs_f64()
        ),
        Step::Running(live) => running(cells, &left, live),
        Step::Fill(p) => modes::fill_line(p),
        Step::Span(p) => modes::span_line(p),
        Step::Host(h) => h.sentence.clone(),
        Step::LoopDone(_) | Step::Warning(_) => return None,
    })
}

/// `[3/8] 4 min 12 s left  RND4K Q32T1 → ran Q1T32 read  loop 2/5  measure 3.2 s  123.46 MB/s`.
fn running(cells: &Cells, left: &str, live: &Live) -> String {
    let at = &live.at;
    let head = format!(
        "{} {left}  {} {}  loop {}/{}",
        cells.tag(at.test_index, at.direction),
        ran(at),
        direction_words(at.direction),
        at.loop_index + 1,
        at.loops
    );
    if live.phase == Phase::Drain {
        return format!("{head}  drain");
    }
    let speed = live
        .mbps
        .map(|m| format!("  {m:.2} MB/s"))
        .unwrap_or_default();
    format!(
        "{head}  {} {:.1} s{speed}",
        live.phase.name(),
        live.remaining.as_secs_f64()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::{Position, TimeLeft};
    use crate::stats::{LoopResult, LoopStat};
    use crate::workload::parse_test;

    fn event(step: Step) -> Event {
        Event {
            step,
            time: Some(TimeLeft {
                planned: Duration::from_secs(600),
                left: Duration::from_secs(252),
            }),
        }
    }

    fn cells() -> Cells {
        Cells {
            tests: 4,
            directions: vec![Direction::Read, Direction::Write],
        }
    }

    fn at(test_index: usize, direction: Direction) -> Position {
        Position {
            test_index,
            requested: parse_test("RND4K Q32T1").unwrap(),
            applied: parse_test("RND4K Q1T32").unwrap(),
            direction,
            loop_index: 1,
            loops: 5,
        }
    }

    #[test]
    fn cells_are_numbered_in_run_order() {
        let c = cells();
        assert_eq!(c.number(0, Direction::Read), Some(1));
        assert_eq!(c.number(2, Direction::Write), Some(7));
        assert_eq!(c.number(4, Direction::Read), None);
        assert_eq!(c.tag(3, Direction::Write), "[8/8]");
        assert_eq!(c.tag(4, Direction::Read), "[qos]");
    }

    #[test]
    fn terminal_lines_say_cell_time_left_loop_phase_and_speed() {
        let live = |phase, mbps| {
            event(Step::Running(Live {
                at: at(2, Direction::Read),
                phase,
                remaining: Duration::from_millis(3200),
                mbps,
                iops: None,
            }))
        };
        let s = describe(&cells(), 3, &live(Phase::Measure, Some(123.456))).unwrap();
        assert_eq!(
            s,
            "[3/8] 4 min 12 s left  RND4K Q32T1 → ran Q1T32 read  loop 2/5  measure 3.2 s  123.46 MB/s"
        );
        let s = describe(&cells(), 3, &live(Phase::Drain, None)).unwrap();
        assert_eq!(
            s,
            "[3/8] 4 min 12 s left  RND4K Q32T1 → ran Q1T32 read  loop 2/5  drain"
        );
        let s = describe(
            &cells(),
            0,
            &event(Step::Prefill {
                done: 512 << 20,
                total: 1 << 30,
            }),
        )
        .unwrap();
        assert_eq!(s, "pre-fill  50%  4 min 12 s left  (512 of 1024 MiB)");
        let pause = event(Step::Interval {
            remaining: Duration::from_millis(1500),
        });
        let s = describe(&cells(), 3, &pause).unwrap();
        assert_eq!(s, "[4/8] 4 min 12 s left  interval: next test in 1.5 s");
    }

    fn done(test_index: usize, loop_index: u32, loops: u32) -> Event {
        let mut l = LoopResult::empty(1_000_000_000);
        l.read.record(1000, 4096);
        let at = Position {
            loop_index,
            loops,
            ..at(test_index, Direction::Read)
        };
        event(Step::LoopDone(Box::new(
            Finished::new(at, &[l], LoopStat::Mean).unwrap(),
        )))
    }

    #[test]
    fn plain_lines_follow_each_test_once_and_never_a_cut_one() {
        let mut p = ProgressLine {
            line: StatusLine::new(false),
            show: Show::Plain,
            cells: cells(),
            pending: None,
            last_cell: 0,
            sentence: None,
        };
        assert_eq!(p.plain(&done(0, 0, 5)), None);
        let line = p.plain(&done(0, 4, 5)).unwrap();
        assert!(
            line.starts_with("[1/8] RND4K Q32T1 → ran Q1T32 read  "),
            "{line}"
        );
        // Rounds that stopped early: the line when the next test starts.
        assert_eq!(p.plain(&done(1, 2, 25)), None);
        let pause = event(Step::Interval {
            remaining: Duration::from_secs(1),
        });
        assert!(p.plain(&pause).unwrap().starts_with("[2/8] "));
        assert_eq!(p.plain(&pause), None);
        // ...or at the end, when the report holds it.
        assert_eq!(p.plain(&done(2, 3, 25)), None);
        assert!(p.end(3).unwrap().starts_with("[3/8] "));
        // A test a stop cut short is not in the report: no line.
        assert_eq!(p.plain(&done(3, 1, 5)), None);
        assert_eq!(p.end(3), None);
        assert_eq!(p.end(4), None);
    }

    #[test]
    fn a_finished_test_in_the_text_reports_numbers() {
        let mut l = LoopResult::empty(1_000_000_000);
        for _ in 0..4 {
            l.read.record(528_910, 4096);
        }
        let f = Finished::new(at(2, Direction::Read), &[l], LoopStat::Mean).unwrap();
        assert_eq!(
            finished_line(&cells(), &f),
            "[3/8] RND4K Q32T1 → ran Q1T32 read  0.016 MB/s  4.0 IOPS  528.91 us"
        );
        let empty = LoopResult::empty(1_000_000_000);
        let mut at = at(0, Direction::Mix { read_pct: 70 });
        at.test_index = 0;
        let c = Cells {
            tests: 1,
            directions: vec![Direction::Mix { read_pct: 70 }],
        };
        let f = Finished::new(at, &[empty], LoopStat::Mean).unwrap();
        assert_eq!(
            finished_line(&c, &f),
            format!(
                "[1/1] RND4K Q32T1 → ran Q1T32 mix 70/30  {}",
                crate::stats::NO_IO
            )
        );
    }
}
