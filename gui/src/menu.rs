//! The menu bar, as KDiskMark's: File, Settings, Theme, Language and
//! Help (docs/gui.md#menus). Each menu is a list of [`Entry`]s made from
//! the window's state, so that the bar, its keyboard navigation and the
//! tests read the same entries; an entry says the window's own
//! [`Message`], and choosing it closes the menu first.
//!
//! Drawn by the window itself rather than with iced_aw's menu: its
//! entries are plain buttons in the window's layers, which iced_test's
//! simulator clicks by their text, and the keyboard moves through them
//! (F10 opens the bar; arrows, Enter, Escape).

use crate::actions_state::{Action, ActionsMsg};
use crate::app::{App, Message};
use crate::form::SettingsMsg;
pub use crate::overlay::{Dialog, Menu, MenuMsg, MenuState, Nav, Sub};
use crate::save::{self, Source};
use crate::strings;
use crate::style::{self, Look};
use diskmark::backend::Backend;
use diskmark::front::{Domain, PRESETS, Setting};
use iced::widget::text;
use iced::widget::{Space, button, column as col, container, mouse_area, row, stack};
use iced::{Element, Length};

/// What an entry does.
#[derive(Debug, Clone)]
pub enum Does {
    /// Says this message (the menu closes).
    Say(Message),
    /// Opens this submenu beside it.
    Open(Sub),
    /// Nothing now (drawn disabled).
    Nothing,
}

/// An entry of a menu.
#[derive(Debug, Clone)]
pub struct Entry {
    /// What it says.
    pub label: String,
    /// Its keyboard shortcut, shown at its right.
    pub shortcut: Option<&'static str>,
    /// Checked (a switch on, the choice in force), unchecked, or neither.
    pub checked: Option<bool>,
    /// What choosing it does.
    pub does: Does,
}

fn entry(label: impl Into<String>, shortcut: Option<&'static str>, does: Does) -> Entry {
    Entry {
        label: label.into(),
        shortcut,
        checked: None,
        does,
    }
}

fn say_if(on: bool, m: Message) -> Does {
    match on {
        true => Does::Say(m),
        false => Does::Nothing,
    }
}

/// The entries of `menu` now.
pub fn entries(app: &App, menu: Menu) -> Vec<Entry> {
    match menu {
        Menu::File => file(app),
        Menu::Settings => settings(app),
        Menu::Theme => theme(app),
        Menu::Language => languages(),
        Menu::Help => vec![
            entry(
                strings::shortcuts(),
                Some("F1"),
                Does::Say(Message::Dialog(Some(Dialog::Shortcuts))),
            ),
            entry(
                strings::about_entry(),
                None,
                Does::Say(Message::Dialog(Some(Dialog::About))),
            ),
        ],
    }
}

/// The environment's language, then every language by its own name, the
/// one in force checked.
fn languages() -> Vec<Entry> {
    use diskmark::i18n;
    let all = i18n::languages();
    let env = i18n::requested_by_env().map_or(0, |id| i18n::best(&id));
    let system = strings::language_system(&all[env].name);
    let mut v = vec![entry(system, None, Does::Say(Message::Language(None)))];
    for (i, l) in all.iter().enumerate() {
        v.push(Entry {
            checked: Some(i == i18n::chosen()),
            ..entry(l.name.clone(), None, Does::Say(Message::Language(Some(i))))
        });
    }
    v
}

fn file(app: &App) -> Vec<Entry> {
    let idle = !app.running();
    let source = match (&app.actions.shown, app.last()) {
        (Some(s), _) => Some(Source::File(s)),
        (None, Some(l)) => Some(Source::Run(l)),
        (None, None) => None,
    };
    let ask = |label: String, a: Action, key: Option<&'static str>| {
        let on = idle && source.is_some_and(|s| save::can(a, s));
        entry(label, key, say_if(on, Message::Actions(ActionsMsg::Ask(a))))
    };
    let copy = Message::Actions(ActionsMsg::Copy);
    vec![
        entry(
            strings::open(),
            Some("Ctrl+O"),
            say_if(idle, Message::Actions(ActionsMsg::Ask(Action::Open))),
        ),
        ask(strings::save_text(), Action::SaveText, None),
        ask(strings::save_json(), Action::SaveJson, Some("Ctrl+S")),
        ask(strings::save_markdown(), Action::SaveMarkdown, None),
        ask(strings::save_card(), Action::SaveCard, Some("Ctrl+P")),
        ask(strings::save_png(), Action::SavePng, None),
        entry(
            strings::copy(),
            Some("Ctrl+Shift+C"),
            say_if(idle && source.is_some(), copy),
        ),
        ask(strings::save_history(), Action::SaveHistory, None),
        entry(strings::quit(), Some("Ctrl+Q"), Does::Say(Message::Quit)),
    ]
}

fn settings(app: &App) -> Vec<Entry> {
    let idle = !app.running();
    let sub = |label: String, s: Sub| {
        let does = if idle { Does::Open(s) } else { Does::Nothing };
        entry(label, None, does)
    };
    let mut v = vec![
        sub(strings::profile(), Sub::Profile),
        sub(strings::presets(), Sub::Preset),
        sub(strings::test_data(), Sub::Data),
    ];
    for option in ["--buffered", "--drop-caches"] {
        if let Some(s) = Setting::named(option) {
            v.push(switch(app, s));
        }
    }
    v.push(sub(strings::engine(), Sub::Engine));
    let dialog = |d| say_if(idle, Message::Dialog(Some(d)));
    v.push(entry(
        strings::test_parameters(),
        None,
        dialog(Dialog::TestParameters),
    ));
    v.push(entry(
        strings::all_settings(),
        Some("Ctrl+,"),
        dialog(Dialog::Settings),
    ));
    v
}

fn switch(app: &App, s: &'static Setting) -> Entry {
    let Domain::Switch { get, .. } = s.domain else {
        return entry(s.title(), None, Does::Nothing);
    };
    let on = get(&app.choices);
    let m = Message::Settings(SettingsMsg::Switch(s, !on));
    Entry {
        checked: Some(on),
        ..entry(s.title(), None, say_if(!app.running(), m))
    }
}

fn theme(app: &App) -> Vec<Entry> {
    let mut v = vec![entry(
        strings::look_system(),
        None,
        Does::Say(Message::SystemLook),
    )];
    for look in Look::ALL {
        v.push(Entry {
            checked: Some(app.look == look),
            ..entry(strings::look(look), None, Does::Say(Message::Look(look)))
        });
    }
    v
}

/// The entries of submenu `sub` now.
pub fn sub_entries(app: &App, sub: Sub) -> Vec<Entry> {
    let idle = !app.running();
    let pick = |option: &str| -> Vec<Entry> {
        let Some(s) = Setting::named(option) else {
            return Vec::new();
        };
        let Domain::Pick { names, get, .. } = s.domain else {
            return Vec::new();
        };
        let now = get(&app.choices);
        (names().into_iter().enumerate())
            .map(|(i, name)| Entry {
                checked: Some(now == Some(i)),
                ..entry(
                    name,
                    None,
                    say_if(idle, Message::Settings(SettingsMsg::Pick(s, i))),
                )
            })
            .collect()
    };
    match sub {
        Sub::Profile => pick("--profile"),
        Sub::Data => pick("--data"),
        Sub::Preset => (PRESETS.iter().enumerate())
            .map(|(i, p)| Entry {
                checked: Some(p.is_in_force(&app.choices)),
                ..entry(p.name, None, say_if(idle, Message::Preset(i)))
            })
            .collect(),
        Sub::Engine => (app.form.backends().into_iter())
            .map(|(b, status)| engine(app, b, status.is_ok() && idle))
            .collect(),
    }
}

fn engine(app: &App, b: Backend, can: bool) -> Entry {
    let chosen = app.choices.engine == b;
    let m = Message::Settings(SettingsMsg::Engine(b.clone()));
    Entry {
        checked: Some(chosen),
        ..entry(b.name(), None, say_if(can, m))
    }
}

/// The narrowest a menu's title in the bar, and a menu's list, are
/// drawn; a language whose words are longer widens them
/// ([`title_widths`], [`list_width`]).
const TITLE_WIDTH: f32 = 92.0;
const LIST_WIDTH: f32 = 270.0;
/// A title's size, and the room about its text.
const TITLE_SIZE: f32 = 15.0;
const TITLE_ROOM: f32 = 24.0;
/// The gap between titles.
const TITLE_GAP: f32 = 2.0;

/// Each title's width in the bar: its text's, with room, or the
/// narrowest.
fn title_widths() -> Vec<f32> {
    (Menu::ALL.iter())
        .map(|m| (crate::mirror::text_width(&title(*m), TITLE_SIZE) + TITLE_ROOM).max(TITLE_WIDTH))
        .collect()
}

/// A list's width: its longest entry's, with the mark, the shortcut and
/// the padding, or the narrowest.
fn list_width(entries: &[Entry]) -> f32 {
    let widest = (entries.iter())
        .map(|e| {
            let key = e
                .shortcut
                .map_or(12.0, |k| crate::mirror::text_width(k, 12.0));
            crate::mirror::text_width(&e.label, 14.0) + key
        })
        .fold(0.0, f32::max);
    // The mark's column, the spacing, the button's and the panel's padding.
    (widest + 18.0 + 8.0 + 16.0 + 8.0 + 16.0).max(LIST_WIDTH)
}
/// Height of the bar and of an entry.
pub const BAR_HEIGHT: f32 = 30.0;
const ENTRY_HEIGHT: f32 = 28.0;

/// A menu's title in the bar.
fn title(m: Menu) -> String {
    match m {
        Menu::File => strings::menu_file(),
        Menu::Settings => strings::menu_settings(),
        Menu::Theme => strings::menu_theme(),
        Menu::Language => strings::menu_language(),
        Menu::Help => strings::menu_help(),
    }
}

/// The bar.
pub fn bar(app: &App) -> Element<'_, Message> {
    let widths = title_widths();
    let titles = Menu::ALL.iter().zip(widths).map(|(m, w)| {
        let open = app.menu.open == Some(*m);
        button(text(title(*m)).size(TITLE_SIZE))
            .width(w)
            .height(BAR_HEIGHT)
            .style(style::entry(app.look, open))
            .on_press(Message::Menu(MenuMsg::Open(*m)))
            .into()
    });
    let r = crate::mirror::row(titles.collect()).spacing(TITLE_GAP);
    container(r)
        .width(Length::Fill)
        .align_x(crate::mirror::start())
        .into()
}

/// The window with the open menu over it: a click outside closes it.
pub fn over<'a>(app: &'a App, base: Element<'a, Message>) -> Element<'a, Message> {
    let Some(open) = app.menu.open else {
        return base;
    };
    let index = Menu::ALL.iter().position(|m| *m == open).unwrap_or(0);
    // From the bar's start (the right, in a right-to-left language).
    let x: f32 = title_widths()[..index].iter().map(|w| w + TITLE_GAP).sum();
    let entries = entries(app, open);
    let at = if app.menu.sub.is_none() {
        app.menu.at
    } else {
        None
    };
    let mut layers: Vec<Element<'a, Message>> =
        vec![Space::new().width(x).into(), list(app, &entries, at)];
    if let Some(sub) = app.menu.sub {
        let row_of = entries
            .iter()
            .position(|e| matches!(e.does, Does::Open(s) if s == sub));
        let y = row_of.unwrap_or(0) as f32 * ENTRY_HEIGHT;
        let subs = sub_entries(app, sub);
        let sub_list = col![Space::new().height(y), list(app, &subs, app.menu.at)];
        layers.push(sub_list.into());
    }
    let layers = container(crate::mirror::row(layers))
        .width(Length::Fill)
        .align_x(crate::mirror::start());
    let catcher = mouse_area(Space::new().width(Length::Fill).height(Length::Fill))
        .on_press(Message::Menu(MenuMsg::Close));
    // The bar's own height and the window's padding above the lists.
    let top = BAR_HEIGHT + crate::style::PADDING;
    let lists = col![
        Space::new().height(top),
        row![
            Space::new().width(crate::style::PADDING),
            layers,
            Space::new().width(crate::style::PADDING)
        ]
    ];
    stack![base, catcher, lists].into()
}

/// A menu's list of entries.
fn list<'a>(app: &App, entries: &[Entry], at: Option<usize>) -> Element<'a, Message> {
    let mut c = col![].width(list_width(entries));
    for (i, e) in entries.iter().enumerate() {
        let mark = match e.checked {
            Some(true) => "✓",
            _ => "",
        };
        let arrow = if matches!(e.does, Does::Open(_)) {
            "▸"
        } else {
            ""
        };
        let arrow = if crate::mirror::rtl() && !arrow.is_empty() {
            "◂"
        } else {
            arrow
        };
        let label = crate::mirror::row(vec![
            text(mark).size(14).width(18).into(),
            crate::mirror::line(e.label.clone(), 14.0, Length::Fill),
            text(e.shortcut.unwrap_or(arrow)).size(12).into(),
        ])
        .spacing(4)
        .align_y(iced::Alignment::Center);
        let on = match &e.does {
            Does::Say(m) => Some(Message::Chosen(Box::new(m.clone()))),
            Does::Open(s) => Some(Message::Menu(MenuMsg::Sub(*s))),
            Does::Nothing => None,
        };
        let b = button(label)
            .width(Length::Fill)
            .height(ENTRY_HEIGHT)
            .padding([4, 8])
            .style(style::entry(app.look, at == Some(i)))
            .on_press_maybe(on);
        c = c.push(b);
    }
    container(c).padding(4).style(style::panel(app.look)).into()
}

/// What the keyboard does in an open menu: `Some` message to say.
pub fn navigate(app: &mut App, key: Nav) -> Option<Message> {
    let open = app.menu.open?;
    let in_sub = app.menu.sub;
    let entries = match in_sub {
        Some(s) => sub_entries(app, s),
        None => entries(app, open),
    };
    let n = entries.len().max(1);
    let at = app.menu.at;
    match key {
        Nav::Down => app.menu.at = Some(at.map_or(0, |i| (i + 1) % n)),
        Nav::Up => app.menu.at = Some(at.map_or(n - 1, |i| (i + n - 1) % n)),
        Nav::Left if in_sub.is_some() => {
            app.menu.sub = None;
            app.menu.at = None;
        }
        Nav::Left | Nav::Right => {
            let i = Menu::ALL.iter().position(|m| *m == open).unwrap_or(0);
            let k = Menu::ALL.len();
            let j = if key == Nav::Right {
                (i + 1) % k
            } else {
                (i + k - 1) % k
            };
            let target = entries.get(at.unwrap_or(usize::MAX)).map(|e| &e.does);
            if let (Nav::Right, Some(Does::Open(s))) = (key, target) {
                app.menu.sub = Some(*s);
                app.menu.at = Some(0);
                return None;
            }
            app.menu = MenuState {
                open: Some(Menu::ALL[j]),
                sub: None,
                at: None,
            };
        }
        Nav::Enter => match entries.get(at?).map(|e| e.does.clone()) {
            Some(Does::Say(m)) => return Some(Message::Chosen(Box::new(m))),
            Some(Does::Open(s)) => {
                app.menu.sub = Some(s);
                app.menu.at = Some(0);
            }
            _ => {}
        },
        Nav::Escape => app.menu = MenuState::default(),
    }
    None
}

/// The bar's messages.
pub fn update(app: &mut App, m: MenuMsg) {
    match m {
        MenuMsg::Open(menu) if app.menu.open == Some(menu) => app.menu = MenuState::default(),
        MenuMsg::Open(menu) => {
            app.menu = MenuState {
                open: Some(menu),
                sub: None,
                at: None,
            }
        }
        MenuMsg::Sub(s) => {
            app.menu.sub = Some(s);
            app.menu.at = None;
        }
        MenuMsg::Close => app.menu = MenuState::default(),
    }
}
