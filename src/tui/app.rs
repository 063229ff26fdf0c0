//! The interface's state and what each key does: no terminal, no I/O, so
//! that every key can be tested.

use super::prompt::Answer;
use crate::backend::Backend;
use crate::config::{Choices, Settings};
use crate::engine::EngineKind;
use crate::engine::registry::Probe;
use crate::front::{CellAt, Grid, SETTINGS, Setting};
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
    pub fn label(self) -> &'static str {
        match self {
            Field::Target => "Target",
            Field::Setting(s) => s.label,
            Field::Engine => "Engine",
            Field::Unit => "Unit",
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
                    Some(why) => format!("{name} (unavailable: {why})"),
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
            self.message = Some("stop the run (Esc) to change settings".into());
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
    }

    /// The row of the test running now, if one is.
    pub fn running_row(&self) -> Option<usize> {
        self.grid.running_row().filter(|_| self.running)
    }

    /// A message from the benchmark.
    pub fn on_msg(&mut self, msg: Msg) {
        match msg {
            Msg::Run(e) => {
                self.grid.apply(&e);
                // A finished loop fills its cell and a note is for the
                // notes: neither is a status.
                let status = !matches!(e.step, Step::LoopDone(_) | Step::Warning(_));
                if status && self.status != Status::Stopping {
                    self.status = Status::Run(e);
                }
            }
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
                        self.last = Some(last);
                    }
                    Err(e) => self.status = Status::Error(e),
                }
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::registry::probe_all;
    use crate::stats::{LoopResult, LoopStat};
    use crate::units::MIB;
    use crate::workload::Profile;
    use ratatui::crossterm::event::KeyEvent;
    use std::time::Duration;

    pub(crate) fn app() -> App {
        let mut s = Choices::defaults(std::path::PathBuf::from("/var/tmp"));
        s.engine = Backend::Native(EngineKind::Psync);
        App::new(
            s,
            vec![
                TargetChoice {
                    path: "/var/tmp".into(),
                },
                TargetChoice {
                    path: "/mnt".into(),
                },
            ],
            probe_all(),
        )
    }

    /// The message of a finished loop of `test` in `direction`.
    pub(crate) fn loop_done(
        row: usize,
        test: TestSpec,
        direction: Direction,
        l: LoopResult,
    ) -> Msg {
        let at = crate::run::Position {
            test_index: row,
            requested: test,
            applied: test,
            direction,
            loop_index: 0,
            loops: 1,
        };
        let done = crate::run::Finished::new(at, &[l], LoopStat::Mean).unwrap();
        Msg::Run(Event {
            step: Step::LoopDone(Box::new(done)),
            time: Some(crate::run::TimeLeft {
                planned: Duration::from_secs(10),
                left: Duration::from_secs(5),
            }),
        })
    }

    fn key(c: KeyCode) -> KeyEvent {
        KeyEvent::from(c)
    }

    #[test]
    fn navigation_wraps_through_start_rows_and_settings() {
        let mut a = app();
        assert_eq!(a.focus, Focus::All);
        a.on_key(key(KeyCode::Down));
        assert_eq!(a.focus, Focus::Row(0));
        a.on_key(key(KeyCode::Char('j')));
        a.on_key(key(KeyCode::Char('j')));
        a.on_key(key(KeyCode::Char('j')));
        a.on_key(key(KeyCode::Char('j')));
        assert_eq!(a.focus, Focus::Field(0));
        a.on_key(key(KeyCode::Char('k')));
        assert_eq!(a.focus, Focus::Row(3));
        a.focus = Focus::All;
        a.on_key(key(KeyCode::Up));
        assert_eq!(a.focus, Focus::Field(fields().len() - 1));
    }

    #[test]
    fn settings_change_with_left_and_right() {
        let mut a = app();
        let field = |f: Field| Focus::Field(fields().iter().position(|x| *x == f).unwrap());
        let setting = |o: &str| field(Field::Setting(Setting::named(o).unwrap()));
        a.focus = setting("--profile");
        a.on_key(key(KeyCode::Right));
        assert_eq!(a.choices.profile, Profile::Nvme);
        assert_eq!(a.choices.tests, Profile::Nvme.tests());
        a.on_key(key(KeyCode::Char('h')));
        assert_eq!(a.choices.profile, Profile::Default);
        a.focus = setting("--size");
        a.on_key(key(KeyCode::Left));
        assert_eq!(a.choices.size, 512 * MIB);
        a.focus = setting("--loops");
        a.on_key(key(KeyCode::Left));
        assert_eq!(a.choices.loops, 4);
        a.focus = setting("--mix");
        a.on_key(key(KeyCode::Enter));
        assert!(a.choices.mix);
        assert_eq!(a.columns().len(), 3);
        a.focus = setting("--measure");
        a.on_key(key(KeyCode::Right));
        assert_eq!(a.choices.measure, Duration::from_secs(10));
        a.focus = setting("--buffered");
        a.on_key(key(KeyCode::Enter));
        assert!(!a.choices.direct);
        a.focus = field(Field::Target);
        assert_eq!(a.on_key(key(KeyCode::Right)), Action::TargetChanged);
        assert_eq!(a.choices.target, std::path::PathBuf::from("/mnt"));
        a.on_key(key(KeyCode::Char('u')));
        assert_eq!(a.unit, Unit::GBps);
    }

    #[test]
    fn a_typed_target() {
        let mut a = app();
        a.on_key(key(KeyCode::Char('t')));
        // The prompt holds the current path; Ctrl-U clears it.
        assert_eq!(a.input.as_ref().unwrap().text(), "/var/tmp");
        a.on_key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
        for c in "/srv/x".chars() {
            a.on_key(key(KeyCode::Char(c)));
        }
        a.on_key(key(KeyCode::Backspace));
        assert_eq!(a.on_key(key(KeyCode::Enter)), Action::TargetChanged);
        assert_eq!(a.choices.target, std::path::PathBuf::from("/srv/"));
    }

    #[test]
    fn start_and_stop() {
        let mut a = app();
        assert_eq!(a.on_key(key(KeyCode::Enter)), Action::Start(None));
        a.focus = Focus::Row(2);
        assert_eq!(a.on_key(key(KeyCode::Enter)), Action::Start(Some(2)));
        let s = a.start_settings(Some(2)).unwrap();
        assert_eq!(s.tests, [a.choices.tests[2]]);
        a.on_start(Some(2));
        assert!(a.running);
        assert_eq!(a.on_key(key(KeyCode::Esc)), Action::Stop);
        assert_eq!(a.on_key(key(KeyCode::Enter)), Action::Stop);
        // Settings are locked while running.
        a.focus = Focus::Field(1);
        a.on_key(key(KeyCode::Right));
        assert_eq!(a.choices.profile, Profile::Default);
        assert!(a.message.as_deref().unwrap().contains("stop the run"));
        assert_eq!(a.on_key(key(KeyCode::Char('q'))), Action::Quit);
        assert_eq!(a.on_key(key(KeyCode::Char('?'))), Action::None);
        assert!(a.help);
        a.on_key(key(KeyCode::Char('x')));
        assert!(!a.help);
        assert_eq!(a.on_key(key(KeyCode::Char('s'))), Action::SaveText);
        assert_eq!(a.on_key(key(KeyCode::Char('J'))), Action::SaveJson);
        assert_eq!(a.on_key(key(KeyCode::Char('c'))), Action::Copy);
        assert_eq!(
            a.on_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            Action::Quit
        );
    }

    #[test]
    fn loops_fill_cells_by_row_and_direction() {
        let mut a = app();
        a.on_start(None);
        let mut l = LoopResult::empty(1_000_000_000);
        l.read.record(100_000, 1 << 20);
        a.on_msg(loop_done(1, a.choices.tests[1], Direction::Read, l));
        let (mbps, iops, lat) = a.cell(1, 0).unwrap();
        assert!((mbps - 1.048576).abs() < 1e-9 && iops == 1.0 && (lat - 100.0).abs() < 1e-9);
        assert!(a.cell(0, 0).is_none());
    }
}
