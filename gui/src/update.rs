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
        }
        Task::none()
    }

    /// The tick while a run is going, and the close request always.
    pub fn subscription(&self) -> Subscription<Message> {
        let close = window::close_requests().map(Message::CloseRequested);
        let signal = Subscription::run(signal_watch).map(Message::from);
        let mut all = vec![close, signal];
        if self.running() {
            all.push(Subscription::run(ticks).map(Message::from));
        }
        if self.shot_pending {
            all.push(window::frames().map(|_| Message::Frame));
        }
        Subscription::batch(all)
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
        dialog::pick_folder(strings::CHOOSE_FOLDER, Some(&self.choices.target))
            .map(|p| Message::Settings(SettingsMsg::FolderPicked(p)))
    }
}
