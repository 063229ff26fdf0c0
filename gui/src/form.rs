//! The settings panel's and the target picker's state, and how their
//! messages edit the run's [`Choices`]: the text being typed in the
//! number fields, the engines' probes, the targets with their device,
//! filesystem and usage, and the one sentence a bad value gives. It knows
//! nothing of the window ([`crate::app`] holds a [`Form`] and hands it
//! its messages), so the panel's views ([`crate::settings`],
//! [`crate::picker`]) and the window can both use it.

use crate::strings;
use diskmark::backend::Backend;
use diskmark::config::{Choices, Settings};
use diskmark::engine::EngineKind;
use diskmark::engine::registry::Probe;
use diskmark::stats::LoopStat;
use diskmark::target::TargetInfo;
use diskmark::workload::{DataKind, Mode, Profile};
use std::path::PathBuf;
use std::time::Duration;

/// The profiles offered (Custom is what typed tests make, not a choice).
pub const PROFILES: [Profile; 6] = [
    Profile::Default,
    Profile::Nvme,
    Profile::Peak,
    Profile::PeakNvme,
    Profile::Real,
    Profile::Demo,
];

/// The modes offered.
pub const MODES: [Mode; 4] = [Mode::Rw, Mode::Read, Mode::Write, Mode::Mix];

/// The data kinds offered.
pub const DATA: [DataKind; 2] = [DataKind::Random, DataKind::Zeros];

/// The loop statistics offered.
pub const LOOP_STATS: [LoopStat; 3] = [LoopStat::Mean, LoopStat::Best, LoopStat::Median];

/// A field typed as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// Read share of the Mix tests, percent.
    MixRead,
    /// Measure window, seconds.
    Measure,
    /// Pause between tests, seconds.
    Interval,
    /// Warm-up, seconds.
    Warmup,
}

impl Field {
    /// Every typed field, in the panel's order.
    pub const ALL: [Field; 4] = [
        Field::MixRead,
        Field::Measure,
        Field::Interval,
        Field::Warmup,
    ];

    /// The command-line option it stands for (the library's errors name it).
    pub fn option(self) -> &'static str {
        match self {
            Field::MixRead => "--mix-read",
            Field::Measure => "--measure",
            Field::Interval => "--interval",
            Field::Warmup => "--warmup",
        }
    }

    /// Its label in the panel.
    pub fn label(self) -> &'static str {
        match self {
            Field::MixRead => strings::MIX_READ,
            Field::Measure => strings::MEASURE,
            Field::Interval => strings::INTERVAL,
            Field::Warmup => strings::WARMUP,
        }
    }

    /// Its value in `c`, as the field shows it.
    pub fn text(self, c: &Choices) -> String {
        let secs = |d: Duration| format!("{}", d.as_secs_f64());
        match self {
            Field::MixRead => c.mix_read.to_string(),
            Field::Measure => secs(c.measure),
            Field::Interval => secs(c.interval),
            Field::Warmup => secs(c.warmup),
        }
    }

    /// `text` parsed into `c`, or why it cannot be (the parser's words).
    fn set(self, c: &mut Choices, text: &str) -> Result<(), String> {
        let secs = |t: &str| diskmark::units::parse_seconds(t).map_err(|e| e.to_string());
        match self {
            Field::MixRead => {
                c.mix_read =
                    (text.trim().parse::<u8>()).map_err(|_| strings::not_a_percent(text))?;
            }
            Field::Measure => c.measure = secs(text)?,
            Field::Interval => c.interval = secs(text)?,
            Field::Warmup => c.warmup = secs(text)?,
        }
        Ok(())
    }
}

/// An entry of the target picker.
#[derive(Debug, Clone, PartialEq)]
pub enum TargetEntry {
    /// A target with what is known of it (from `diskmark targets`, or
    /// resolved when typed or given); `None` for one that could not be
    /// resolved (shown with "—").
    Listed(PathBuf, Option<Box<TargetInfo>>),
    /// "Choose folder…": opens the typed path (the file dialog later).
    ChooseFolder,
}

impl std::fmt::Display for TargetEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TargetEntry::Listed(p, info) => {
                let path = diskmark::escape::path(p);
                let Some(t) = info else {
                    return f.write_str(&strings::target_entry(&path, None, None, None));
                };
                // Models and filesystem names are anyone's text: escaped.
                let e = diskmark::report::escape::escaped;
                let model = diskmark::target::link::describe(t.model(), t.link()).map(|m| e(&m));
                let usage = t.usage.text();
                f.write_str(&strings::target_entry(
                    &path,
                    Some(&e(&t.fs_type)),
                    Some(&usage),
                    model.as_deref(),
                ))
            }
            TargetEntry::ChooseFolder => f.write_str(strings::CHOOSE_FOLDER),
        }
    }
}

/// What the panel and the picker say to the window.
#[derive(Debug, Clone)]
pub enum SettingsMsg {
    /// Show or hide the panel.
    Toggle,
    /// A profile: its tests and its loop statistic.
    Profile(Profile),
    /// Mix tests on or off.
    Mix(bool),
    /// Which directions run.
    Mode(Mode),
    /// Text typed in a field.
    Typed(Field, String),
    /// Enter in a field: a bad value goes back to the one in force.
    Submit(Field),
    /// Written data.
    Data(DataKind),
    /// O_DIRECT on or off.
    Direct(bool),
    /// How loops are summarised.
    LoopStat(LoopStat),
    /// The engine (only working ones can be chosen).
    Engine(Backend),
    /// Exactly the requested Q and T, or refuse.
    Strict(bool),
    /// An entry of the target picker.
    Target(TargetEntry),
    /// Text typed as the folder's path.
    FolderTyped(String),
    /// Enter on the folder's path.
    FolderSubmit,
    /// The typed path given up.
    FolderCancel,
    /// Open the desktop's folder dialog (the window runs it: a task).
    FolderBrowse,
    /// What the folder dialog answered: `None` when it was closed.
    FolderPicked(Option<PathBuf>),
}

/// What the window must do after a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Nothing more.
    None,
    /// The rows or the target changed: the grid's figures no longer
    /// belong to them.
    ClearResults,
}

/// The panel's and the picker's state.
#[derive(Debug)]
pub struct Form {
    /// Whether the panel is open.
    pub expanded: bool,
    /// What each typed field shows.
    drafts: [String; 4],
    /// Every native engine's probe (with why it does not work here).
    pub engines: Vec<Probe>,
    /// The fio backend the command line chose, kept as a choice.
    fio: Option<Backend>,
    /// The picker's targets.
    targets: Vec<TargetEntry>,
    /// The typed folder path while it is being typed.
    pub folder: Option<String>,
    /// The last bad value's sentence.
    pub sentence: Option<String>,
}

impl Form {
    /// The form over `choices`, with the targets of `diskmark targets`.
    pub fn new(choices: &Choices, listed: Vec<TargetInfo>) -> Form {
        let mut targets: Vec<TargetEntry> = listed
            .into_iter()
            .map(|t| TargetEntry::Listed(t.path.clone(), Some(Box::new(t))))
            .collect();
        if !targets
            .iter()
            .any(|t| entry_path(t) == Some(&choices.target))
        {
            // What is known of the command line's target, as the run will
            // find it (within the library's deadline); nothing when it
            // cannot be used (the run then says why).
            let info = diskmark::target::resolve_answering(&choices.target).ok();
            let entry = TargetEntry::Listed(choices.target.clone(), info.map(Box::new));
            targets.insert(0, entry);
        }
        Form {
            expanded: false,
            drafts: Field::ALL.map(|f| f.text(choices)),
            engines: diskmark::engine::registry::probe_all(),
            fio: matches!(choices.engine, Backend::Fio(_)).then(|| choices.engine.clone()),
            targets,
            folder: None,
            sentence: None,
        }
    }

    /// What field `f` shows.
    pub fn draft(&self, f: Field) -> &str {
        &self.drafts[f as usize]
    }

    /// The engines to offer: every native one with its probe, and the
    /// command line's fio backend if it chose one.
    pub fn backends(&self) -> Vec<(Backend, Result<(), String>)> {
        (self.engines.iter())
            .map(|p| (Backend::Native(p.kind), p.status.clone()))
            .chain(self.fio.iter().map(|b| (b.clone(), Ok(()))))
            .collect()
    }

    /// The picker's entries, "Choose folder…" last.
    pub fn target_entries(&self) -> Vec<TargetEntry> {
        let mut v = self.targets.clone();
        v.push(TargetEntry::ChooseFolder);
        v
    }

    /// The entry of the target in force.
    pub fn current_target(&self, c: &Choices) -> Option<TargetEntry> {
        (self.targets.iter())
            .find(|t| entry_path(t) == Some(&c.target))
            .cloned()
    }

    /// Applies `msg` to `c`; nothing changes while a run is going (the
    /// panel is drawn disabled then; this is the guard behind it).
    pub fn update(&mut self, c: &mut Choices, msg: SettingsMsg, running: bool) -> Effect {
        if running && !matches!(msg, SettingsMsg::Toggle | SettingsMsg::FolderCancel) {
            return Effect::None;
        }
        match msg {
            SettingsMsg::Toggle => self.expanded = !self.expanded,
            SettingsMsg::Profile(p) => {
                // As the command line's --profile and the TUI do: the
                // profile's tests, and its loop statistic.
                c.profile = p;
                c.tests = p.tests().to_vec();
                c.loop_stat = LoopStat::for_profile(p);
                self.sentence = None;
                return Effect::ClearResults;
            }
            SettingsMsg::Mix(on) => c.mix = on,
            SettingsMsg::Mode(m) => c.mode = m,
            SettingsMsg::Typed(f, text) => self.typed(c, f, text),
            // The field shows the value in force again: a bad one is gone,
            // a good one in its usual spelling.
            SettingsMsg::Submit(f) => self.drafts[f as usize] = f.text(c),
            SettingsMsg::Data(d) => c.data = d,
            SettingsMsg::Direct(on) => c.direct = on,
            SettingsMsg::LoopStat(s) => c.loop_stat = s,
            SettingsMsg::Engine(b) => self.engine(c, b),
            SettingsMsg::Strict(on) => c.strict = on,
            SettingsMsg::Target(t) => return self.target(c, t),
            SettingsMsg::FolderTyped(t) => self.folder = Some(t),
            SettingsMsg::FolderSubmit => return self.folder_submit(c),
            SettingsMsg::FolderCancel => self.folder = None,
            // The dialog itself is the window's task; its answer goes
            // through the same check as a typed path.
            SettingsMsg::FolderBrowse | SettingsMsg::FolderPicked(None) => {}
            SettingsMsg::FolderPicked(Some(p)) => {
                self.folder = Some(p.display().to_string());
                return self.folder_submit(c);
            }
        }
        Effect::None
    }

    /// A field's new text: taken when it parses and is in range (the
    /// library's own check), else its sentence, the value in force kept.
    fn typed(&mut self, c: &mut Choices, f: Field, text: String) {
        let mut trial = c.clone();
        let checked =
            f.set(&mut trial, &text)
                .and_then(|()| match Settings::validate(trial.clone()) {
                    Err(e) if e.option == f.option() => Err(e.message),
                    _ => Ok(()),
                });
        match checked {
            Ok(()) => {
                *c = trial;
                self.sentence = None;
            }
            Err(why) => self.sentence = Some(strings::bad_value(f.label(), &why, &f.text(c))),
        }
        self.drafts[f as usize] = text;
    }

    /// An engine: a native one that does not work here is refused with
    /// its reason (the panel draws it disabled).
    fn engine(&mut self, c: &mut Choices, b: Backend) {
        let why = b
            .native()
            .and_then(|k| self.probe(k))
            .and_then(|p| p.status.clone().err());
        match why {
            Some(why) => self.sentence = Some(strings::engine_unavailable(&b.name(), &why)),
            None => c.engine = b,
        }
    }

    fn probe(&self, k: EngineKind) -> Option<&Probe> {
        self.engines.iter().find(|p| p.kind == k)
    }

    fn target(&mut self, c: &mut Choices, t: TargetEntry) -> Effect {
        match t {
            TargetEntry::Listed(p, _) => {
                self.folder = None;
                self.sentence = None;
                if c.target == p {
                    return Effect::None;
                }
                c.target = p;
                Effect::ClearResults
            }
            TargetEntry::ChooseFolder => {
                self.folder = Some(c.target.display().to_string());
                Effect::None
            }
        }
    }

    /// The typed path: resolved as a run's target is (the CLI's sentence
    /// for one that does not exist, is not a directory, is not writable);
    /// a good one is chosen and joins the list.
    fn folder_submit(&mut self, c: &mut Choices) -> Effect {
        let Some(typed) = self.folder.clone() else {
            return Effect::None;
        };
        let path = PathBuf::from(typed.trim());
        if path.as_os_str().is_empty() {
            self.sentence = Some(strings::NO_FOLDER.to_string());
            return Effect::None;
        }
        // The library's deadline applies: a dead mount is a sentence, not a
        // hung window.
        match diskmark::target::resolve_answering(&path) {
            Err(e) => {
                self.sentence = Some(strings::error(&e.to_string()));
                Effect::None
            }
            Ok(info) if info.is_device() => {
                self.sentence = Some(strings::not_a_folder(&diskmark::escape::path(&path)));
                Effect::None
            }
            Ok(info) => {
                self.targets.retain(|t| entry_path(t) != Some(&path));
                self.targets
                    .push(TargetEntry::Listed(path.clone(), Some(Box::new(info))));
                self.folder = None;
                self.target(c, TargetEntry::Listed(path, None))
            }
        }
    }
}

fn entry_path(t: &TargetEntry) -> Option<&PathBuf> {
    match t {
        TargetEntry::Listed(p, _) => Some(p),
        TargetEntry::ChooseFolder => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> (Form, Choices) {
        let c = Choices::defaults(PathBuf::from("/var/tmp"));
        (Form::new(&c, Vec::new()), c)
    }

    #[test]
    fn a_bad_number_keeps_the_value_in_force_and_says_why() {
        let (mut f, mut c) = form();
        let _ = f.update(
            &mut c,
            SettingsMsg::Typed(Field::Measure, "abc".into()),
            false,
        );
        assert_eq!(c.measure, Duration::from_secs(5));
        assert!(
            f.sentence.as_deref().unwrap().contains("abc"),
            "{:?}",
            f.sentence
        );
        let _ = f.update(&mut c, SettingsMsg::Submit(Field::Measure), false);
        assert_eq!(f.draft(Field::Measure), "5");
        let _ = f.update(
            &mut c,
            SettingsMsg::Typed(Field::Measure, "0.01".into()),
            false,
        );
        assert_eq!(c.measure, Duration::from_secs(5), "below the minimum");
        let _ = f.update(
            &mut c,
            SettingsMsg::Typed(Field::MixRead, "101".into()),
            false,
        );
        assert_eq!(c.mix_read, 70);
        let _ = f.update(
            &mut c,
            SettingsMsg::Typed(Field::Warmup, "250ms".into()),
            false,
        );
        assert_eq!(
            (c.warmup, f.sentence.as_ref()),
            (Duration::from_millis(250), None)
        );
    }

    #[test]
    fn nothing_changes_while_running() {
        let (mut f, mut c) = form();
        let before = c.clone();
        let _ = f.update(&mut c, SettingsMsg::Strict(true), true);
        let _ = f.update(&mut c, SettingsMsg::Profile(Profile::Demo), true);
        assert_eq!(c, before);
    }

    #[test]
    fn a_profile_brings_its_tests_and_loop_statistic() {
        let (mut f, mut c) = form();
        let e = f.update(&mut c, SettingsMsg::Profile(Profile::Peak), false);
        assert_eq!(e, Effect::ClearResults);
        assert_eq!(c.tests, Profile::Peak.tests());
        assert_eq!(c.loop_stat, LoopStat::Best);
    }
}
