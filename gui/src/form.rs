//! The settings panel's and the target picker's state, and how their
//! messages edit the run's [`Choices`]: the text being typed in the
//! number fields, the engines' probes, the targets with their device,
//! filesystem and usage, and the one sentence a bad value gives. It knows
//! nothing of the window ([`crate::app`] holds a [`Form`] and hands it
//! its messages), so the panel's views ([`crate::settings`],
//! [`crate::picker`]) and the window can both use it.

use crate::strings;
use diskmark::backend::Backend;
use diskmark::config::Choices;
use diskmark::engine::EngineKind;
use diskmark::engine::registry::Probe;
use diskmark::front::{Domain, SETTINGS, Setting};
use diskmark::target::TargetInfo;
use std::path::PathBuf;

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
            TargetEntry::ChooseFolder => f.write_str(&strings::choose_folder()),
        }
    }
}

/// What the panel and the picker say to the window.
#[derive(Debug, Clone)]
pub enum SettingsMsg {
    /// A switch of the library's settings table turned on or off.
    Switch(&'static Setting, bool),
    /// A value of a pick of the table, by position.
    Pick(&'static Setting, usize),
    /// Text typed in a typed setting.
    Typed(&'static Setting, String),
    /// Enter in a typed setting: a bad value goes back to the one in force.
    Submit(&'static Setting),
    /// The engine (only working ones can be chosen).
    Engine(Backend),
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
    /// What each typed setting shows, in the table's order (empty for
    /// the others).
    drafts: Vec<String>,
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
            drafts: SETTINGS.iter().map(|s| typed_text(s, choices)).collect(),
            engines: diskmark::engine::registry::probe_all(),
            fio: matches!(choices.engine, Backend::Fio(_)).then(|| choices.engine.clone()),
            targets,
            folder: None,
            sentence: None,
        }
    }

    /// The typed settings show the values in force again (after a
    /// preset changed several at once).
    pub fn refresh(&mut self, choices: &Choices) {
        self.drafts = SETTINGS.iter().map(|s| typed_text(s, choices)).collect();
        self.sentence = None;
    }

    /// What the typed setting `s` shows.
    pub fn draft(&self, s: &Setting) -> &str {
        position(s).map_or("", |i| &self.drafts[i])
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
        if running && !matches!(msg, SettingsMsg::FolderCancel) {
            return Effect::None;
        }
        match msg {
            SettingsMsg::Switch(setting, on) => {
                if let Domain::Switch { set, .. } = setting.domain {
                    set(c, on);
                }
            }
            SettingsMsg::Pick(setting, i) => {
                if let Domain::Pick { set, .. } = setting.domain {
                    set(c, i);
                    self.sentence = None;
                    if setting.clears_results {
                        return Effect::ClearResults;
                    }
                }
            }
            SettingsMsg::Typed(setting, text) => self.typed(c, setting, text),
            // The field shows the value in force again: a bad one is gone,
            // a good one in its usual spelling.
            SettingsMsg::Submit(setting) => {
                if let Some(i) = position(setting) {
                    self.drafts[i] = typed_text(setting, c);
                }
            }
            SettingsMsg::Engine(b) => self.engine(c, b),
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

    /// A typed setting's new text: taken when it parses and is in range
    /// (the library's own check), else its sentence, the value in force
    /// kept.
    fn typed(&mut self, c: &mut Choices, setting: &'static Setting, text: String) {
        match setting.typed(c, &text) {
            Ok(trial) => {
                *c = trial;
                self.sentence = None;
            }
            Err(why) => {
                let now = typed_text(setting, c);
                self.sentence = Some(strings::bad_value(&setting.title(), &why, &now));
            }
        }
        if let Some(i) = position(setting) {
            self.drafts[i] = text;
        }
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
            self.sentence = Some(strings::no_folder().to_string());
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

/// The place of `s` in the table.
fn position(s: &Setting) -> Option<usize> {
    SETTINGS.iter().position(|x| x == s)
}

/// What a typed setting shows for `c`; empty for the others.
fn typed_text(s: &Setting, c: &Choices) -> String {
    match s.domain {
        Domain::Typed { text, .. } => text(c),
        _ => String::new(),
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
    use diskmark::stats::LoopStat;
    use diskmark::workload::Profile;
    use std::time::Duration;

    fn named(option: &str) -> &'static Setting {
        Setting::named(option).unwrap()
    }

    fn form() -> (Form, Choices) {
        let c = Choices::defaults(PathBuf::from("/var/tmp"));
        (Form::new(&c, Vec::new()), c)
    }

    #[test]
    fn a_bad_number_keeps_the_value_in_force_and_says_why() {
        let (mut f, mut c) = form();
        let _ = f.update(
            &mut c,
            SettingsMsg::Typed(named("--measure"), "abc".into()),
            false,
        );
        assert_eq!(c.measure, Duration::from_secs(5));
        assert!(
            f.sentence.as_deref().unwrap().contains("abc"),
            "{:?}",
            f.sentence
        );
        let _ = f.update(&mut c, SettingsMsg::Submit(named("--measure")), false);
        assert_eq!(f.draft(named("--measure")), "5");
        let _ = f.update(
            &mut c,
            SettingsMsg::Typed(named("--measure"), "0.01".into()),
            false,
        );
        assert_eq!(c.measure, Duration::from_secs(5), "below the minimum");
        let _ = f.update(
            &mut c,
            SettingsMsg::Typed(named("--mix-read"), "101".into()),
            false,
        );
        assert_eq!(c.mix_read, 70);
        let _ = f.update(
            &mut c,
            SettingsMsg::Typed(named("--warmup"), "250ms".into()),
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
        let _ = f.update(&mut c, SettingsMsg::Switch(named("--strict"), true), true);
        let _ = f.update(&mut c, SettingsMsg::Pick(named("--profile"), 5), true);
        assert_eq!(c, before);
    }

    #[test]
    fn a_profile_brings_its_tests_and_loop_statistic() {
        let (mut f, mut c) = form();
        let e = f.update(&mut c, SettingsMsg::Pick(named("--profile"), 2), false);
        assert_eq!(e, Effect::ClearResults);
        assert_eq!(c.tests, Profile::Peak.tests());
        assert_eq!(c.loop_stat, LoopStat::Best);
    }
}
