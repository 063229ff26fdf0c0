//! The interface's state and what each key does: no terminal, no I/O, so
//! that every key can be tested.

use super::fill::FillPage;
use super::history::HistoryPage;
pub use super::page::Page;
use super::prompt::Answer;
use crate::backend::Backend;
use crate::config::{Choices, Settings};
use crate::engine::EngineKind;
use crate::engine::registry::Probe;
use crate::fl;
use crate::front::{CellAt, Grid, SETTINGS, Setting};
use crate::modes::Asked;
use crate::run::{Event, Step};
use crate::target::TargetInfo;
use crate::workload::{Direction, Mode, TestSpec};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// How cells show results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// 10^6 bytes/s.
    MBps,
    /// 10^9 bytes/s.
    GBps,
    /// I/Os per second.
    Iops,
    /// Mean latency, µs.
    Latency,
}

impl Unit {
    /// The header's name.
    pub fn name(self) -> &'static str {
        match self {
            Unit::MBps => "MB/s",
            Unit::GBps => "GB/s",
            Unit::Iops => "IOPS",
            Unit::Latency => "µs",
        }
    }

    fn next(self, forward: bool) -> Unit {
        let all = [Unit::MBps, Unit::GBps, Unit::Iops, Unit::Latency];
        cycle(&all, self, forward)
    }
}

/// One of the lines of settings the interface edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// Where the test file goes.
    Target,
    /// A setting of the library's table ([`SETTINGS`]).
    Setting(&'static Setting),
    /// I/O engine (the engines probed here).
    Engine,
    /// Display unit.
    Unit,
}

/// Every field, in screen order: the target, the library's settings,
/// the engine and the unit.
pub fn fields() -> Vec<Field> {
    std::iter::once(Field::Target)
        .chain(SETTINGS.iter().map(Field::Setting))
        .chain([Field::Engine, Field::Unit])
        .collect()
}

impl Field {
    /// Its label.
    pub fn label(self) -> String {
        match self {
            Field::Target => fl!("target"),
            Field::Setting(s) => s.title(),
            Field::Engine => fl!("engine"),
            Field::Unit => fl!("unit"),
        }
    }
}

/// What has the cursor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Focus {
    /// The Start (All) button.
    All,
    /// A test row's button (runs that test alone).
    Row(usize),
    /// A setting.
    Field(usize),
}

/// What the benchmark is doing.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    /// Nothing ran yet, or settings changed.
    Idle,
    /// Start was pressed; the run prepares.
    Starting,
    /// The run's last step: pre-fill, a loop, an interval.
    Run(Event),
    /// Esc was pressed; waiting for the run to end.
    Stopping,
    /// The run finished.
    Finished,
    /// The run was stopped.
    Stopped,
    /// The run failed.
    Error(String),
}

/// A finished (or stopped) run, for s / J / c.
pub use crate::front::LastRun;

/// A message to the interface thread.
#[derive(Debug)]
pub enum Msg {
    /// What the run is doing.
    Run(Event),
    /// The run is prepared: the notes known before it starts.
    Prepared(Vec<String>),
    /// The run ended.
    Done(Box<Result<LastRun, String>>),
    /// The target was resolved (or could not be).
    Target(Box<Result<TargetInfo, String>>),
}

/// What the event loop must do after a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Nothing beyond redrawing.
    None,
    /// Start the run: every test, or one row.
    Start(Option<usize>),
    /// Start a sustained write (the sustained-write page).
    StartFill,
    /// Read the history database again (the history page).
    LoadHistory,
    /// Stop the running benchmark.
    Stop,
    /// Leave (stopping first if running).
    Quit,
    /// Save the last report as text.
    SaveText,
    /// Save the last report as JSON.
    SaveJson,
    /// Copy the last report to the clipboard (OSC 52).
    Copy,
    /// The target changed: resolve it again.
    TargetChanged,
}

/// One choice of target in the list.
#[derive(Debug, Clone, PartialEq)]
pub struct TargetChoice {
    /// The directory (or device).
    pub path: std::path::PathBuf,
}

/// The whole interface state.
#[derive(Debug)]
pub struct App {
    /// What the next run uses (validated at Start).
    pub choices: Choices,
    /// Targets to cycle through (`diskmark targets`, plus the initial one).
    pub targets: Vec<TargetChoice>,
    /// The resolved target, for the model / filesystem / usage line.
    pub target_info: Option<Result<TargetInfo, String>>,
    /// Every engine, with why it does not work where it does not.
    pub engines: Vec<Probe>,
    /// Cursor.
    pub focus: Focus,
    /// Display unit.
    pub unit: Unit,
    /// What is going on.
    pub status: Status,
    /// The cells, the live cell and the notes, fed by the run's events.
    pub grid: Grid,
    /// The key help is shown.
    pub help: bool,
    /// A path being typed for the target.
    pub input: Option<super::prompt::Prompt>,
    /// A line for the user (saved to..., errors of keys).
    pub message: Option<String>,
    /// The last finished (or stopped) run, for s / J / c.
    pub last: Option<LastRun>,
    /// Whether a benchmark runs.
    pub running: bool,
    /// NO_COLOR.
    pub no_color: bool,
    /// The page shown.
    pub page: Page,
    /// The page whose run is going, or ran last: its events go there.
    pub ran: Page,
    /// The sustained-write page.
    pub fill: FillPage,
    /// The history page.
    pub history: HistoryPage,
}

fn cycle<T: PartialEq + Copy>(all: &[T], now: T, forward: bool) -> T {
    let i = all.iter().position(|x| *x == now).unwrap_or(0);
    let n = all.len();
    all[if forward {
        (i + 1) % n
    } else {
        (i + n - 1) % n
    }]
}

impl App {
    /// A fresh interface over `choices`.
    pub fn new(choices: Choices, targets: Vec<TargetChoice>, engines: Vec<Probe>) -> App {
        let mut targets = targets;
        if !targets.iter().any(|t| t.path == choices.target) {
            targets.insert(
                0,
                TargetChoice {
                    path: choices.target.clone(),
                },
            );
        }
        App {
            choices,
            targets,
            target_info: None,
            engines,
            focus: Focus::All,
            unit: Unit::MBps,
            status: Status::Idle,
            grid: Grid::default(),
            help: false,
            input: None,
            message: None,
            last: None,
            running: false,
            no_color: false,
            page: Page::Grid,
            ran: Page::Grid,
            fill: FillPage::default(),
            // The default database until the command line names one.
            history: HistoryPage::new(crate::history::default_path().map_err(|e| e.to_string())),
        }
    }

    /// The tests shown as rows.
    pub fn rows(&self) -> &[TestSpec] {
        &self.choices.tests
    }

    /// The columns: read, write, and mix when on.
    pub fn columns(&self) -> Vec<(usize, Direction)> {
        let mut c = vec![(0, Direction::Read), (1, Direction::Write)];
        if self.choices.mix || self.choices.mode == Mode::Mix {
            c.push((
                2,
                Direction::Mix {
                    read_pct: self.choices.mix_read,
                },
            ));
        }
        c
    }

    /// The figures of a cell so far: (MB/s, IOPS, mean µs), by the run's
    /// loop statistic.
    pub fn cell(&self, row: usize, col: usize) -> Option<(f64, f64, f64)> {
        let s = self.grid.cell(CellAt { row, col })?;
        Some((s.mbps, s.iops, s.lat.as_ref().map_or(0.0, |l| l.mean_us)))
    }

    /// The text of a setting's value.
    pub fn value(&self, f: Field) -> String {
        let s = &self.choices;
        match f {
            Field::Target => s.target.display().to_string(),
            Field::Setting(setting) => setting.value(s),
            Field::Engine => {
                let name = s.engine.name();
                match self
                    .engines
                    .iter()
                    .find(|p| Some(p.kind) == s.engine.native())
                    .and_then(|p| p.status.clone().err())
                {
                    Some(why) => fl!("engine-unavailable", name = name, why = why),
                    None => name,
                }
            }
            Field::Unit => self.unit.name().into(),
        }
    }

    /// The target prompt, holding the current path.
    fn target_prompt(&self) -> super::prompt::Prompt {
        super::prompt::Prompt::new(&self.choices.target.display().to_string())
    }

    /// Handles one key.
    pub fn on_key(&mut self, key: KeyEvent) -> Action {
        self.message = None;
        if let Some(input) = self.input.as_mut() {
            match input.key(key) {
                Answer::Editing => {}
                Answer::Cancelled => self.input = None,
                Answer::Accepted(text) => {
                    self.input = None;
                    let path = std::path::PathBuf::from(text.trim());
                    if !path.as_os_str().is_empty() {
                        self.choices.target = path.clone();
                        if !self.targets.iter().any(|t| t.path == path) {
                            self.targets.push(TargetChoice { path });
                        }
                        self.reset_results();
                        return Action::TargetChanged;
                    }
                }
            }
            return Action::None;
        }
        if self.help {
            self.help = false;
            return Action::None;
        }
        if let Some(action) = self.page_key(key) {
            return action;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('c') if ctrl => return Action::Quit,
            KeyCode::Char('q') => return Action::Quit,
            KeyCode::Char('?') => self.help = true,
            KeyCode::Esc if self.running => return Action::Stop,
            KeyCode::Up | KeyCode::Char('k') => self.move_focus(false),
            KeyCode::Down | KeyCode::Char('j') => self.move_focus(true),
            KeyCode::Left | KeyCode::Char('h') => return self.change(false),
            KeyCode::Right | KeyCode::Char('l') => return self.change(true),
            KeyCode::Enter | KeyCode::Char(' ') => return self.activate(),
            KeyCode::Char('s') => return Action::SaveText,
            KeyCode::Char('J') => return Action::SaveJson,
            KeyCode::Char('c') => return Action::Copy,
            KeyCode::Char('u') => self.unit = self.unit.next(true),
            KeyCode::Char('t') if !self.running => self.input = Some(self.target_prompt()),
            _ => {}
        }
        Action::None
    }

    /// The keys that switch pages, and those of the pages besides the
    /// grid; `None` for the keys every page shares.
    fn page_key(&mut self, key: KeyEvent) -> Option<Action> {
        let plain = !key.modifiers.contains(KeyModifiers::CONTROL);
        let to = match key.code {
            KeyCode::Tab => Page::ALL
                .into_iter()
                .cycle()
                .skip_while(|p| *p != self.page)
                .nth(1),
            KeyCode::Char(c) if plain => Page::ALL.into_iter().find(|p| p.key() == c),
            _ => None,
        };
        if let Some(to) = to {
            return Some(self.switch(to));
        }
        let code = key.code;
        let up = matches!(code, KeyCode::Up | KeyCode::Char('k'));
        let down = matches!(code, KeyCode::Down | KeyCode::Char('j'));
        let forward = matches!(code, KeyCode::Right | KeyCode::Char('l'));
        let sideways = forward || matches!(code, KeyCode::Left | KeyCode::Char('h'));
        let press = matches!(code, KeyCode::Enter | KeyCode::Char(' '));
        match self.page {
            Page::Grid => None,
            Page::Fill if press && self.running => Some(Action::Stop),
            Page::Fill if press => Some(Action::StartFill),
            Page::Fill if sideways && self.running => {
                self.message = Some(fl!("tui-stop-to-size"));
                Some(Action::None)
            }
            Page::Fill if sideways => {
                self.fill.step_size(forward);
                Some(Action::None)
            }
            Page::History if up || down => {
                self.history.scroll(if up { -1 } else { 1 });
                Some(Action::None)
            }
            Page::History if code == KeyCode::Char('r') => Some(Action::LoadHistory),
            // The grid's cursor and settings are not on these pages.
            _ if up || down || sideways || press => Some(Action::None),
            _ => None,
        }
    }

    /// Shows page `to`, unless a run is going (its page shows it).
    fn switch(&mut self, to: Page) -> Action {
        if to == self.page {
            return Action::None;
        }
        if self.running {
            self.message = Some(fl!("tui-stop-to-switch", page = to.name()));
            return Action::None;
        }
        self.page = to;
        match to {
            Page::History => Action::LoadHistory,
            Page::Grid | Page::Fill => Action::None,
        }
    }

    fn move_focus(&mut self, down: bool) {
        let rows = self.rows().len();
        let order: Vec<Focus> = std::iter::once(Focus::All)
            .chain((0..rows).map(Focus::Row))
            .chain((0..fields().len()).map(Focus::Field))
            .collect();
        self.focus = cycle(&order, self.focus, down);
    }

    fn activate(&mut self) -> Action {
        match self.focus {
            Focus::All if self.running => Action::Stop,
            Focus::All => Action::Start(None),
            Focus::Row(_) if self.running => Action::Stop,
            Focus::Row(i) => Action::Start(Some(i)),
            Focus::Field(i) => match fields()[i] {
                Field::Target if !self.running => {
                    self.input = Some(self.target_prompt());
                    Action::None
                }
                _ => self.change(true),
            },
        }
    }

    /// Changes the focused setting by one step.
    fn change(&mut self, forward: bool) -> Action {
        let Focus::Field(i) = self.focus else {
            return Action::None;
        };
        let field = fields()[i];
        if self.running && field != Field::Unit {
            self.message = Some(fl!("tui-stop-to-change"));
            return Action::None;
        }
        let s = &mut self.choices;
        match field {
            Field::Target => {
                let paths: Vec<std::path::PathBuf> =
                    self.targets.iter().map(|t| t.path.clone()).collect();
                let i = paths.iter().position(|p| *p == s.target).unwrap_or(0);
                let n = paths.len();
                s.target = paths[if forward {
                    (i + 1) % n
                } else {
                    (i + n - 1) % n
                }]
                .clone();
                self.reset_results();
                return Action::TargetChanged;
            }
            Field::Setting(setting) => {
                setting.step(s, forward);
                if setting.clears_results {
                    self.reset_results();
                }
            }
            Field::Engine => {
                let kinds: Vec<EngineKind> = self.engines.iter().map(|p| p.kind).collect();
                if let (Some(now), false) = (s.engine.native(), kinds.is_empty()) {
                    s.engine = Backend::Native(cycle(&kinds, now, forward));
                }
            }
            Field::Unit => self.unit = self.unit.next(forward),
        }
        Action::None
    }

    /// Clears the grid (tests or target changed).
    pub fn reset_results(&mut self) {
        self.grid.clear();
        if !self.running {
            self.status = Status::Idle;
        }
    }

    /// The settings a Start would run with, or why it cannot start:
    /// the choices validated as the command line's are.
    pub fn start_settings(&self, row: Option<usize>) -> Result<Settings, String> {
        let mut c = self.choices.clone();
        if let Some(i) = row {
            c.tests = vec![*self.rows().get(i).ok_or("no such test")?];
        }
        Settings::validate(c).map_err(|e| e.to_string())
    }

    /// A run starts: the grid (of the rows it runs) is cleared.
    pub fn on_start(&mut self, row: Option<usize>) {
        self.grid.start(row);
        self.running = true;
        self.status = Status::Starting;
        self.ran = Page::Grid;
    }

    /// The settings and request of a sustained write from the current
    /// choices and the page's size (the library's one definition, as
    /// `diskmark sustained`'s), or why it cannot start.
    pub fn fill_settings(&self) -> Result<Asked, String> {
        Asked::sustained(&self.choices, &self.fill.ask()).map_err(|e| e.to_string())
    }

    /// A sustained write starts: the page's last one is cleared.
    pub fn on_fill_start(&mut self) {
        self.fill.start();
        self.running = true;
        self.status = Status::Starting;
        self.ran = Page::Fill;
    }

    /// The row of the test running now, if one is.
    pub fn running_row(&self) -> Option<usize> {
        self.grid.running_row().filter(|_| self.running)
    }

    /// A message from the benchmark.
    pub fn on_msg(&mut self, msg: Msg) {
        match msg {
            Msg::Run(e) => {
                match (self.ran, &e.step) {
                    (Page::Fill, Step::Fill(p)) => self.fill.on_step(p),
                    (Page::Fill, Step::Warning(w)) => self.fill.notes.push(w.sentence.clone()),
                    (Page::Fill, _) => {}
                    _ => self.grid.apply(&e),
                }
                // A finished loop fills its cell and a note is for the
                // notes: neither is a status.
                let status = !matches!(e.step, Step::LoopDone(_) | Step::Warning(_));
                if status && self.status != Status::Stopping {
                    self.status = Status::Run(e);
                }
            }
            Msg::Prepared(notes) if self.ran == Page::Fill => self.fill.notes.extend(notes),
            Msg::Prepared(notes) => notes.into_iter().for_each(|n| self.grid.note(n)),
            Msg::Target(r) => self.target_info = Some(*r),
            Msg::Done(r) => {
                self.running = false;
                self.grid.end();
                match *r {
                    Ok(last) => {
                        self.status = if last.output.interrupted.is_some() {
                            Status::Stopped
                        } else {
                            Status::Finished
                        };
                        self.target_info = Some(Ok(last.target.clone()));
                        if let (Page::Fill, Some(s)) = (self.ran, &last.output.sustained) {
                            self.fill.on_result(s);
                        }
                        self.last = Some(last);
                    }
                    Err(e) => self.status = Status::Error(e),
                }
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
