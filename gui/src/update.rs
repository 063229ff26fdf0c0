//! What changes the window: the one `update` that every [`Message`]
//! goes through, and the subscriptions. It lives apart from [`crate::app`]
//! so that the parts it delegates to (the actions) may use the app's types
//! without the app importing them back.

use crate::app::{App, Message, Status};
use crate::form::{Effect, SettingsMsg, TargetEntry};
use crate::watch::{signal_watch, ticks};
use crate::{dialog, strings};
use iced::{Subscription, Task, window};
use std::path::PathBuf;
use std::sync::atomic::Ordering;

impl App {
    /// What the window does on `message`.
    pub fn update(&mut self, message: Message) -> Task<Message> {
        match message {
            Message::All => return self.start(None),
            Message::Row(i) => return self.start(Some(i)),
            Message::Settings(m) => return self.settings(m),
            Message::Stop => {
                if let Some(b) = &mut self.bench {
                    b.ask_stop();
                    self.status = Status::Stopping;
                }
            }
            Message::Target(t) if !self.running() => self.choices.target = PathBuf::from(t),
            Message::Target(_) => {}
            Message::Unit(u) => self.unit = u,
            Message::Comment(c) if !self.running() => self.set_comment(c),
            Message::Comment(_) => {}
            Message::Tick => return self.pump(),
            Message::CloseRequested(_) => return self.close(),
            // The screenshot is taken once the final state has been drawn:
            // the compositor captures the last frame it drew.
            Message::Frame if self.shot_pending => {
                self.shot_pending = false;
                return window::latest()
                    .and_then(window::screenshot)
                    .map(Message::Screenshot);
            }
            Message::Frame => {}
            Message::Actions(m) => return crate::actions::update(self, m),
            Message::Signal(sig) => {
                // A run sees the signal itself, ends with what finished
                // and its exit code, and the window quits after it.
                self.signalled = true;
                if !self.running() {
                    self.exit_code.store(128 + sig as u8, Ordering::Relaxed);
                    return iced::exit();
                }
            }
            Message::Screenshot(s) => {
                let r = crate::shot::save_png(
                    self.automation
                        .screenshot
                        .as_deref()
                        .unwrap_or(std::path::Path::new("")),
                    s.size.width,
                    s.size.height,
                    &s.rgba,
                );
                if let Err(e) = r {
                    diskmark::escape::say(format_args!("error: {e}"));
                    self.exit_code.store(1, Ordering::Relaxed);
                }
                return iced::exit();
            }
            other => return self.navigate(other),
        }
        Task::none()
    }

    /// The menus, dialogs, keys, looks and pages: what moves about the
    /// window rather than runs or saves.
    fn navigate(&mut self, message: Message) -> Task<Message> {
        match message {
            Message::Look(l) => self.look = l,
            Message::SystemLook => self.look = crate::theme::look(crate::theme::ThemeChoice::Auto),
            Message::Language(l) => self.language(l),
            Message::Menu(m) => crate::menu::update(self, m),
            Message::Chosen(m) => {
                self.menu = crate::overlay::MenuState::default();
                return self.update(*m);
            }
            Message::Dialog(d) => self.dialog = d,
            Message::Preset(i) => self.preset(i),
            Message::TestParam(row, p) => self.test_param(row, p),
            Message::ResetTests => self.reset_tests(),
            Message::Key(e) => {
                if let Some(next) = crate::keys::on_key(self, e) {
                    return self.update(next);
                }
            }
            Message::Quit => return self.close(),
            Message::Page(p) => {
                self.page = p;
                if p == crate::overlay::Page::History {
                    let db = crate::save::default_history(&self.export);
                    let shown = self.actions.shown.as_ref();
                    self.history =
                        crate::history_state::HistoryView::load_with(db.as_deref(), shown);
                }
            }
            Message::StartPage => return self.start_page(),
            Message::SpanDevice(d) if !self.running() => self.span_device = d,
            Message::SpanDevice(_) => {}
            Message::SustainedSize(s) if !self.running() => self.sustained_size = s,
            Message::SustainedSize(_) => {}
            Message::HistoryChoose(i) => self.history.toggle(i),
            _ => {}
        }
        Task::none()
    }

    /// Another language (`None`: the environment's), at once: the next
    /// view draws in it. The choice is remembered for the next start; a
    /// file that cannot be written is said, and the language changes all
    /// the same.
    fn language(&mut self, choice: Option<usize>) {
        use diskmark::i18n;
        let (index, kept) = match choice {
            Some(i) => (
                i,
                self.language_file.as_deref().map(|f| {
                    i18n::remember(f, &i18n::languages()[i.min(i18n::languages().len() - 1)].id)
                }),
            ),
            None => {
                let env = i18n::requested_by_env().map_or(0, |id| i18n::best(&id));
                (env, self.language_file.as_deref().map(i18n::forget))
            }
        };
        i18n::choose(index);
        if let Some(Err(e)) = kept {
            self.message = Some(crate::strings::not_remembered(&e.to_string()));
        }
    }

    /// The tick while a run is going, and the close request always.
    pub fn subscription(&self) -> Subscription<Message> {
        let close = window::close_requests().map(Message::CloseRequested);
        let signal = Subscription::run(signal_watch).map(Message::from);
        let keys = iced::keyboard::listen().map(Message::Key);
        let mut all = vec![close, signal, keys];
        // While a screenshot waits, the ticks go on too: each one is a
        // message, after which iced draws again, so a frame comes once the
        // frames' subscription listens. Without them the redraw that showed
        // the end could come before the subscription did, and an idle
        // window would wait for a frame for ever (seen under load: the
        // window with --quit-when-done --screenshot that never quit).
        if self.running() || self.shot_pending {
            all.push(Subscription::run(ticks).map(Message::from));
        }
        if self.shot_pending {
            all.push(window::frames().map(|_| Message::Frame));
        }
        Subscription::batch(all)
    }

    /// Starts the open page's run through the one run API: its settings
    /// shaped from the window's choices by the library
    /// (`modes::Asked`); a refusal is the CLI's sentence.
    fn start_page(&mut self) -> Task<Message> {
        use crate::overlay::Page;
        if self.running() {
            return Task::none();
        }
        let asked = match self.page {
            Page::Grid => return self.start(None),
            // Nothing runs: with --quit-when-done the window shows the
            // list, takes its screenshot and quits.
            Page::History => return self.quit_if_done(),
            Page::Sustained => {
                let ask = diskmark::sustained::FillAsk {
                    size: self.sustained_size,
                    ..Default::default()
                };
                diskmark::modes::Asked::sustained(&self.choices, &ask).map_err(|e| e.into_usage())
            }
            Page::Span => {
                let mut c = self.choices.clone();
                let device = self.span_device.trim();
                if !device.is_empty() {
                    c.target = PathBuf::from(device);
                }
                let ask = diskmark::span::SpanAsk::default();
                diskmark::modes::Asked::span(&c, &ask).map_err(|e| e.into_usage())
            }
            Page::Qos => diskmark::modes::Asked::qos(&self.choices),
        };
        match asked {
            Ok(a) => self.run(a.settings, a.request),
            Err(e) => {
                let e = diskmark::Error::from(e);
                let f = diskmark::front::Failure::from(e);
                self.status = Status::Error(f.sentence);
                self.exit_code.store(f.exit_code, Ordering::Relaxed);
                Task::none()
            }
        }
    }

    /// A preset put in force (nothing while a run goes): its tests, so
    /// the grid's figures no longer belong to the rows.
    fn preset(&mut self, i: usize) {
        let Some(p) = diskmark::front::PRESETS.get(i) else {
            return;
        };
        if self.running() {
            return;
        }
        p.apply(&mut self.choices);
        self.form.refresh(&self.choices);
        self.grid.clear();
    }

    /// One parameter of a row's test; a value the library refuses is its
    /// sentence, the test unchanged.
    fn test_param(&mut self, row: usize, p: diskmark::front::Param) {
        if self.running() {
            return;
        }
        match diskmark::front::presets::set_param(&mut self.choices, row, p) {
            Ok(()) => {
                self.form.sentence = None;
                self.grid.clear();
            }
            Err(why) => self.form.sentence = Some(strings::error(&why)),
        }
    }

    /// CrystalDiskMark's tests back (the Default profile's).
    fn reset_tests(&mut self) {
        if let Some(s) = diskmark::front::Setting::named("--profile")
            && !self.running()
        {
            let _ = self
                .form
                .update(&mut self.choices, SettingsMsg::Pick(s, 0), false);
            self.grid.clear();
        }
    }

    /// The settings panel's and the target picker's messages; "Choose
    /// folder…" and Browse… open the desktop's folder dialog where one can
    /// be shown (the typed path stays beside it).
    fn settings(&mut self, m: SettingsMsg) -> Task<Message> {
        let running = self.running();
        let browse = match &m {
            SettingsMsg::FolderBrowse => true,
            SettingsMsg::Target(TargetEntry::ChooseFolder) => dialog::available(),
            _ => false,
        };
        if self.form.update(&mut self.choices, m, running) == Effect::ClearResults {
            self.grid.clear();
        }
        if !browse || running {
            return Task::none();
        }
        dialog::pick_folder(&strings::choose_folder(), Some(&self.choices.target))
            .map(|p| Message::Settings(SettingsMsg::FolderPicked(p)))
    }
}
