//! The window's state and what changes it: the settings of the top row,
//! the grid's cells filled from the run's [`Event`]s, the status bar, the
//! notes, and the automation flags. The run itself is on
//! [`crate::bench`]'s thread; while it runs a 10 Hz tick drains its
//! channel, and no tick exists when nothing runs (no redraw when idle).

use crate::actions_state::{Actions, ActionsMsg};
use crate::args::Automation;
use crate::bench::{Bench, Failure, LastRun, Update};
use crate::form::{Form, SettingsMsg};
use crate::strings;
pub use crate::unit::{SizeChoice, Unit, size_presets};
pub use crate::watch::TICK;
use crate::watch::Watch;
use diskmark::config::{Choices, Settings};
use diskmark::export::{ExportManager, Message as ExportMessage};
use diskmark::host::HostInfo;
use diskmark::report::Report;
use diskmark::run::{Event, Step};
use diskmark::stats::DirSummary;
use diskmark::target::TargetInfo;
use diskmark::workload::{Direction, Mode, TestSpec};
use iced::{Task, window};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Duration;

/// Where the run is.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    /// Nothing has run.
    Ready,
    /// A run is going; its last event.
    Running(Option<Event>),
    /// Stop was asked.
    Stopping,
    /// The run finished.
    Finished,
    /// The run was stopped; the finished tests stay.
    Stopped,
    /// The run failed: the CLI's sentence.
    Error(String),
    /// A result file is shown (its name, escaped), not a run.
    Shown(String),
}

/// What changes the window.
#[derive(Debug, Clone)]
pub enum Message {
    /// Run every test.
    All,
    /// Stop the run.
    Stop,
    /// Loops per test.
    Loops(u32),
    /// Test file size.
    Size(SizeChoice),
    /// Target directory.
    Target(String),
    /// The grid's unit.
    Unit(Unit),
    /// Time to look at the running benchmark.
    Tick,
    /// The window is being closed.
    CloseRequested(window::Id),
    /// The window, taken for `--screenshot`.
    Screenshot(window::Screenshot),
    /// A signal that would end the process arrived (its number).
    Signal(i32),
    /// A frame was drawn.
    Frame,
    /// The settings panel or the target picker.
    Settings(SettingsMsg),
    /// Run the test of this row alone.
    Row(usize),
    /// The actions after a run: copy, save, open ([`crate::actions`]).
    Actions(ActionsMsg),
}

impl From<Watch> for Message {
    fn from(w: Watch) -> Message {
        match w {
            Watch::Tick => Message::Tick,
            Watch::Signal(sig) => Message::Signal(sig),
        }
    }
}

/// What the window starts with.
#[derive(Debug)]
pub struct Start {
    /// The settings the command line made, as choices to edit.
    pub choices: Choices,
    /// The outputs the command line asked for.
    pub export: ExportManager,
    /// The automation flags.
    pub automation: Automation,
    /// The targets to offer (`diskmark targets`).
    pub targets: Vec<TargetInfo>,
    /// Where the exit code is left for `main`.
    pub exit_code: Arc<AtomicU8>,
}

/// The window.
#[derive(Debug)]
pub struct App {
    /// The settings as they are now.
    pub choices: Choices,
    pub(crate) export: ExportManager,
    pub(crate) automation: Automation,
    targets: Vec<String>,
    /// The grid's unit.
    pub unit: Unit,
    pub(crate) cells: HashMap<(usize, usize), DirSummary>,
    pub(crate) bench: Option<Bench>,
    /// Where the run is.
    pub status: Status,
    /// The notes of the last run.
    pub notes: Vec<String>,
    /// What the delivery of the outputs said.
    pub message: Option<String>,
    pub(crate) exit_code: Arc<AtomicU8>,
    pub(crate) last: Option<LastRun>,
    /// The actions' path row and the result file shown.
    pub(crate) actions: Actions,
    pub(crate) signalled: bool,
    pub(crate) shot_pending: bool,
    /// The settings panel's and the target picker's state.
    pub form: Form,
    /// The row a single-test run fills (its one test is the run's test 0).
    pub(crate) run_row: Option<usize>,
}

/// The column of a direction: Read 0, Write 1, Mix 2.
pub fn column(d: Direction) -> usize {
    match d {
        Direction::Read => 0,
        Direction::Write => 1,
        Direction::Mix { .. } => 2,
    }
}

impl App {
    /// The window at launch, and `All` when `--start` asked for it.
    pub fn new(start: Start) -> (App, Task<Message>) {
        let mut targets: Vec<String> = (start.targets.iter())
            .map(|t| t.path.display().to_string())
            .collect();
        let current = start.choices.target.display().to_string();
        if !targets.contains(&current) {
            targets.insert(0, current);
        }
        let task = match start.automation.start {
            true => Task::done(Message::All),
            false => Task::none(),
        };
        let form = Form::new(&start.choices, start.targets);
        let app = App {
            form,
            run_row: None,
            choices: start.choices,
            export: start.export,
            automation: start.automation,
            targets,
            unit: Unit::MBps,
            cells: HashMap::new(),
            bench: None,
            status: Status::Ready,
            notes: Vec::new(),
            message: None,
            exit_code: start.exit_code,
            last: None,
            actions: Actions::default(),
            signalled: false,
            shot_pending: false,
        };
        (app, task)
    }

    /// Whether a run is going.
    pub fn running(&self) -> bool {
        self.bench.is_some()
    }

    /// The targets offered.
    pub fn targets(&self) -> &[String] {
        &self.targets
    }

    /// The grid's columns: Read, Write, and Mix when it runs (or when
    /// the result file shown has it).
    pub fn columns(&self) -> Vec<Direction> {
        if let Some(s) = &self.actions.shown {
            return s.columns.clone();
        }
        let mut c = vec![Direction::Read, Direction::Write];
        if self.choices.mix || self.choices.mode == Mode::Mix {
            c.push(Direction::Mix {
                read_pct: self.choices.mix_read,
            });
        }
        c
    }

    /// The grid's rows: the tests of the settings, or of the result file
    /// shown.
    pub fn rows(&self) -> &[TestSpec] {
        match &self.actions.shown {
            Some(s) => &s.rows,
            None => &self.choices.tests,
        }
    }

    /// The file whose figures the grid shows, when one was opened.
    pub fn showing(&self) -> Option<&crate::actions_state::Shown> {
        self.actions.shown.as_ref()
    }

    /// The cell of test `row` in direction `col` so far.
    pub fn cell(&self, row: usize, col: usize) -> Option<&DirSummary> {
        self.cells.get(&(row, col))
    }

    /// The last run that ended with a report.
    pub fn last(&self) -> Option<&LastRun> {
        self.last.as_ref()
    }

    /// The exit code the window would end with now.
    pub fn exit_code(&self) -> u8 {
        self.exit_code.load(Ordering::Relaxed)
    }

    /// Validates the settings and starts the run of every test, or of the
    /// test of `row` alone (the other rows' figures stay); a refusal is
    /// the CLI's sentence in the status bar.
    pub(crate) fn start(&mut self, row: Option<usize>) -> Task<Message> {
        if self.running() {
            return Task::none();
        }
        let mut choices = self.choices.clone();
        if self.actions.shown.is_some() {
            // The cells are an opened file's, not this settings' rows.
            self.cells.clear();
        }
        match row.and_then(|i| self.choices.tests.get(i)) {
            Some(t) => {
                choices.tests = vec![*t];
                self.cells.retain(|(r, _), _| Some(*r) != row);
            }
            None if row.is_some() => return Task::none(),
            None => self.cells.clear(),
        }
        self.run_row = row;
        self.notes.clear();
        self.message = None;
        self.last = None;
        self.actions = Actions::default();
        match Settings::validate(choices) {
            Ok(s) => {
                self.bench = Some(Bench::start(s));
                self.status = Status::Running(None);
                Task::none()
            }
            Err(e) => {
                let e = diskmark::Error::from(e);
                self.failed(Failure::from(e))
            }
        }
    }

    /// Applies what the benchmark said since the last tick.
    pub(crate) fn pump(&mut self) -> Task<Message> {
        let updates = match &mut self.bench {
            Some(b) => b.drain(),
            None => return Task::none(),
        };
        let mut task = Task::none();
        for u in updates {
            task = self.apply(u);
        }
        task
    }

    /// Applies one update of the benchmark.
    pub fn apply(&mut self, u: Update) -> Task<Message> {
        match u {
            Update::Event(e) => {
                if let Step::LoopDone(f) = &e.step {
                    let row = self.run_row.unwrap_or(f.at.test_index);
                    (self.cells).insert((row, column(f.at.direction)), f.cell.clone());
                }
                // A note as soon as the run knows it, beside the caveats;
                // not a status. The report's notes replace them at the end.
                if let Step::Warning(w) = &e.step {
                    if !self.notes.contains(&w.sentence) {
                        self.notes.push(w.sentence.clone());
                    }
                    return Task::none();
                }
                if matches!(self.status, Status::Running(_)) {
                    self.status = Status::Running(Some(e));
                }
                Task::none()
            }
            Update::Prepared(notes) => {
                // The caveats known before the run, shown while it runs;
                // the report's notes replace them at the end.
                self.notes = notes;
                Task::none()
            }
            Update::Done(r) => {
                self.bench = None;
                match *r {
                    Ok(last) => self.finished(last),
                    Err(f) => self.failed(f),
                }
            }
        }
    }

    /// Waits at most `timeout` for the benchmark's next update and applies
    /// it: for tests, which have no event loop; `false` when none came.
    pub fn wait(&mut self, timeout: Duration) -> bool {
        let Some(u) = self.bench.as_mut().and_then(|b| b.wait(timeout)) else {
            return false;
        };
        let _ = self.apply(u);
        true
    }

    /// Stops the run (the window's own stop, not a signal) and waits for
    /// it; for the close request and tests.
    pub fn stop_and_wait(&mut self) {
        if let Some(b) = &mut self.bench {
            self.status = Status::Stopping;
            if !b.stop_and_join() {
                let target = diskmark::escape::path(&self.choices.target);
                diskmark::escape::say(format_args!(
                    "{}",
                    strings::stuck(crate::bench::STOP_DEADLINE.as_secs(), &target)
                ));
                self.bench = None;
                self.exit_code.store(1, Ordering::Relaxed);
                return;
            }
            let _ = self.pump();
        }
    }

    /// Closing the window mid-run stops it as the Stop button does: the
    /// test file is removed, the finished tests are delivered, exit 0.
    pub(crate) fn close(&mut self) -> Task<Message> {
        self.stop_and_wait();
        iced::exit()
    }

    /// A run that failed: its sentence, its exit code.
    fn failed(&mut self, f: Failure) -> Task<Message> {
        self.status = Status::Error(f.sentence);
        self.exit_code.store(f.exit_code, Ordering::Relaxed);
        self.quit_if_done()
    }

    /// A run that ended with a report: its notes, its outputs, its exit
    /// code (the CLI's rules).
    fn finished(&mut self, last: LastRun) -> Task<Message> {
        let host = HostInfo::current();
        let report = Report {
            settings: &last.settings,
            target: &last.target,
            host: &host,
            output: &last.output,
        };
        self.notes = report.notes();
        let mut code = self.deliver(&report);
        if last.output.interrupted.is_none() && report.measured_nothing() && code == 0 {
            (self.notes).push(strings::measured_nothing(
                last.settings.measure.as_secs_f64(),
            ));
            code = 1;
        }
        if let Some(sig) = last.output.interrupted.and_then(|r| r.signal()) {
            code = 128 + sig as u8;
        }
        self.status = match last.output.interrupted {
            Some(_) => Status::Stopped,
            None => Status::Finished,
        };
        self.exit_code.store(code, Ordering::Relaxed);
        self.last = Some(last);
        self.quit_if_done()
    }

    /// The report to the outputs the command line asked for, through the
    /// one output path; what happened goes to the message line. Returns
    /// the exit code of the delivery.
    fn deliver(&mut self, report: &Report<'_>) -> u8 {
        let o = self.export.outputs();
        if o.files.is_empty() && o.chart.is_none() && o.save.is_none() {
            return 0;
        }
        let names: Vec<String> = (o.files.iter().map(|f| &f.path))
            .chain(&o.chart)
            .map(|p| p.shown.file_name().unwrap_or(p.shown.as_os_str()))
            .map(|n| n.to_string_lossy().into_owned())
            .collect();
        let (delivered, failed) = match self.export.deliver(report) {
            Ok(d) => (d, None),
            Err(u) => (u.delivered, Some(u.error)),
        };
        let mut said: Vec<String> = Vec::new();
        let mut code = 0;
        if let Some(e) = failed {
            let e = diskmark::Error::from(e);
            code = e.exit_code();
            said.push(strings::error(&e.to_string()));
        }
        for m in delivered.messages {
            said.push(match m {
                ExportMessage::Note(n) => n,
                ExportMessage::Failure(e) => strings::error(&e.to_string()),
            });
        }
        if code == 0 && !names.is_empty() {
            said.insert(0, strings::written(&names));
        }
        self.message = Some(said.join("; "));
        code
    }

    /// With `--quit-when-done`: the screenshot, then the exit.
    fn quit_if_done(&mut self) -> Task<Message> {
        if !self.automation.quit_when_done && !self.signalled {
            return Task::none();
        }
        match self.automation.screenshot {
            Some(_) => {
                self.shot_pending = true;
                Task::none()
            }
            None => iced::exit(),
        }
    }
}
