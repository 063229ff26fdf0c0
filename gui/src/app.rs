//! The window's state and what changes it: the settings of the top row,
//! the grid's cells filled from the run's [`Event`]s, the status bar, the
//! notes, and the automation flags. The run itself is on
//! [`crate::bench`]'s thread; while it runs a 5 Hz tick drains its
//! channel, and no tick exists when nothing runs (no redraw when idle).

use crate::actions_state::{Actions, ActionsMsg};
use crate::args::Automation;
use crate::form::{Form, SettingsMsg};
use crate::strings;
use crate::style::Look;
pub use crate::unit::Unit;
pub use crate::watch::TICK;
use crate::watch::Watch;
use diskmark::config::{Choices, Settings};
use diskmark::export::ExportManager;
use diskmark::front::{CellAt, Failure, Grid, LastRun, LiveCell, RunHandle, Update};
use diskmark::host::HostInfo;
use diskmark::report::Report;
use diskmark::run::{Event, Step};
use diskmark::stats::DirSummary;
use diskmark::target::TargetInfo;
use diskmark::workload::{Direction, Mode, TestSpec};
use iced::{Task, window};
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
    /// The comment typed under the grid (the result's label).
    Comment(String),
    /// Another look, at once, even mid-run.
    Look(Look),
    /// The desktop's look, asked again.
    SystemLook,
    /// Another language, at once (`None`: the environment's), remembered.
    Language(Option<usize>),
    /// The menu bar.
    Menu(crate::overlay::MenuMsg),
    /// A menu's entry chosen: the menu closes, then its message is said.
    Chosen(Box<Message>),
    /// Open a dialog, or close the open one (`None`).
    Dialog(Option<crate::overlay::Dialog>),
    /// A preset of the library's (by position).
    Preset(usize),
    /// One parameter of one row's test.
    TestParam(usize, diskmark::front::Param),
    /// CrystalDiskMark's own tests back.
    ResetTests,
    /// A key no widget took.
    Key(iced::keyboard::Event),
    /// Quit: a run is stopped first, as closing the window does.
    Quit,
    /// Show another page.
    Page(crate::overlay::Page),
    /// Start the open page's run.
    StartPage,
    /// The device typed on the span page.
    SpanDevice(String),
    /// What the sustained page writes (`None`: up to the free space).
    SustainedSize(Option<u64>),
    /// A run of the history chosen (or given up) to compare.
    HistoryChoose(usize),
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
    /// The look it starts with.
    pub look: Look,
    /// The page it opens on (`--page`).
    pub page: crate::overlay::Page,
    /// Its language: an index into [`diskmark::i18n::languages`].
    pub language: usize,
    /// Where the Language menu's choice is remembered; `None` remembers
    /// nothing (the tests' windows).
    pub language_file: Option<std::path::PathBuf>,
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
    /// The cells, the live cell and the notes, fed by the run's events.
    pub(crate) grid: Grid,
    pub(crate) bench: Option<RunHandle>,
    /// Where the run is.
    pub status: Status,
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
    /// The look the window is drawn in.
    pub look: Look,
    /// The comment under the grid, as typed.
    pub comment: String,
    /// The open menu.
    pub menu: crate::overlay::MenuState,
    /// The open dialog.
    pub dialog: Option<crate::overlay::Dialog>,
    /// The open page.
    pub page: crate::overlay::Page,
    /// The sustained write's or span map's live series.
    pub trace: diskmark::front::Trace,
    /// What a sustained write writes: `None` up to the free space less a
    /// margin; with `--page sustained`, `--size`.
    pub sustained_size: Option<u64>,
    /// The device the span page maps (empty: the target folder's file).
    pub span_device: String,
    /// The history page.
    pub history: crate::history_state::HistoryView,
    /// The model of the last run or of the result file shown, built
    /// once, for the pages' sections.
    pub(crate) model: Option<diskmark::report::model::Run>,
    /// Where the Language menu's choice is remembered (`None`: nowhere).
    pub(crate) language_file: Option<std::path::PathBuf>,
}

pub use diskmark::front::column;

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
        // The page is opened as a click opens it (the history read), then
        // its run started with --start.
        let open = Task::done(Message::Page(start.page));
        let task = match start.automation.start {
            true => open.chain(Task::done(Message::StartPage)),
            false => open,
        };
        let sustained_size =
            (start.page == crate::overlay::Page::Sustained).then_some(start.choices.size);
        let form = Form::new(&start.choices, start.targets);
        let comment = start.choices.label.clone().unwrap_or_default();
        // The window draws on this thread: its language is this thread's
        // (docs/i18n.md#choosing).
        diskmark::i18n::choose(start.language);
        crate::theme::load_fallback_fonts();
        let app = App {
            form,
            choices: start.choices,
            export: start.export,
            automation: start.automation,
            targets,
            unit: Unit::MBps,
            grid: Grid::default(),
            bench: None,
            status: Status::Ready,
            message: None,
            exit_code: start.exit_code,
            last: None,
            actions: Actions::default(),
            signalled: false,
            shot_pending: false,
            look: start.look,
            comment,
            menu: crate::overlay::MenuState::default(),
            dialog: None,
            page: start.page,
            trace: diskmark::front::Trace::default(),
            sustained_size,
            span_device: String::new(),
            history: crate::history_state::HistoryView::default(),
            model: None,
            language_file: start.language_file,
        };
        (app, task)
    }

    /// Whether a run is going.
    pub fn running(&self) -> bool {
        self.bench.is_some()
    }

    /// The drive under the grid: the target's model and link, its
    /// filesystem and usage, escaped (they are anyone's text).
    pub fn drive_line(&self) -> String {
        let e = diskmark::report::escape::escaped;
        let info = match self.form.current_target(&self.choices) {
            Some(crate::form::TargetEntry::Listed(_, Some(info))) => info,
            _ => return strings::drive(None, None, None),
        };
        let model = diskmark::target::link::describe(info.model(), info.link()).map(|m| e(&m));
        strings::drive(
            model.as_deref(),
            Some(&e(&info.fs_type)),
            Some(&info.usage.text()),
        )
    }

    /// The comment typed: the result's label, cut at the label's longest
    /// and without control characters, so that the run never refuses it.
    pub(crate) fn set_comment(&mut self, typed: String) {
        let clean: String = (typed.chars())
            .filter(|c| !c.is_control())
            .take(diskmark::config::MAX_LABEL)
            .collect();
        self.choices.label = (!clean.trim().is_empty()).then(|| clean.clone());
        self.comment = clean;
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
        self.grid.cell(CellAt { row, col })
    }

    /// The cell running now, with its live figures.
    pub fn live(&self) -> Option<&LiveCell> {
        self.grid.live()
    }

    /// The notes: the run's as it tells them, then the report's.
    pub fn notes(&self) -> &[String] {
        self.grid.notes()
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
            self.grid.clear();
        }
        match row.and_then(|i| self.choices.tests.get(i)) {
            Some(t) => choices.tests = vec![*t],
            None if row.is_some() => return Task::none(),
            None => {}
        }
        self.grid.start(row);
        match Settings::validate(choices) {
            Ok(s) => self.run(s, diskmark::modes::Request::Grid),
            Err(e) => {
                let e = diskmark::Error::from(e);
                self.failed(Failure::from(e))
            }
        }
    }

    /// Starts `request` with `settings` on the run's thread: the last
    /// run's figures and actions are gone, the status is running.
    pub(crate) fn run(
        &mut self,
        settings: Settings,
        request: diskmark::modes::Request,
    ) -> Task<Message> {
        self.message = None;
        self.last = None;
        self.model = None;
        self.actions = Actions::default();
        self.trace = diskmark::front::Trace::default();
        self.bench = Some(RunHandle::start(settings, request));
        self.status = Status::Running(None);
        Task::none()
    }

    /// The model of the last run or of the result file shown.
    pub fn page_model(&self) -> Option<&diskmark::report::model::Run> {
        match &self.actions.shown {
            Some(s) => Some(&s.run),
            None => self.model.as_ref(),
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
                self.grid.apply(&e);
                self.trace.apply(&e);
                // A note as soon as the run knows it, beside the caveats;
                // not a status. The report's notes replace them at the end.
                if let Step::Warning(_) = &e.step {
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
                notes.into_iter().for_each(|n| self.grid.note(n));
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
                    strings::stuck(diskmark::front::handle::STOP_DEADLINE.as_secs(), &target)
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
    /// code (the one policy of every front-end: `ExportManager::finish`).
    fn finished(&mut self, last: LastRun) -> Task<Message> {
        let host = HostInfo::current();
        let report = Report {
            settings: &last.settings,
            target: &last.target,
            host: &host,
            output: &last.output,
        };
        self.grid.end();
        self.grid.set_notes(report.notes());
        let outcome = self.export.finish(&report);
        self.message = outcome.line();
        self.status = match last.output.interrupted {
            Some(_) => Status::Stopped,
            None => Status::Finished,
        };
        self.exit_code.store(outcome.code, Ordering::Relaxed);
        self.model = Some(diskmark::report::model::Run::build(&report));
        self.last = Some(last);
        self.quit_if_done()
    }

    /// With `--quit-when-done`: the screenshot, then the exit.
    pub(crate) fn quit_if_done(&mut self) -> Task<Message> {
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
