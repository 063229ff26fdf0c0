//! The keyboard: one table of shortcuts, which the Help dialog lists and
//! [`on_key`] acts on, and the keys of an open menu (docs/gui.md#keyboard).
//! A key typed into a field never gets here: iced gives the window only
//! the keys no widget took.

use crate::actions_state::{Action, ActionsMsg};
use crate::app::{App, Message};
use crate::overlay::{Dialog, Menu, MenuMsg, Nav};
use diskmark::fl;
use iced::keyboard::{Event, Key, Modifiers, key::Named};

/// What a shortcut does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Does {
    All,
    Stop,
    Open,
    SaveJson,
    SaveCard,
    Copy,
    Quit,
    Settings,
    Shortcuts,
    Menus,
    /// Alt and a menu's first letter: that menu.
    Menu(Menu),
}

/// A shortcut: its keys as shown, and what it does, in words.
#[derive(Debug, Clone, Copy)]
pub struct Shortcut {
    /// The keys, as the menus and the Help dialog show them.
    pub keys: &'static str,
    /// What it does, in the window's language.
    pub what: fn() -> String,
    does: Does,
}

/// Every shortcut of the window.
pub static SHORTCUTS: [Shortcut; 11] = [
    Shortcut {
        keys: "F5 / Ctrl+Enter",
        what: || fl!("key-run-all"),
        does: Does::All,
    },
    Shortcut {
        keys: "Escape",
        what: || fl!("key-stop"),
        does: Does::Stop,
    },
    Shortcut {
        keys: "Ctrl+O",
        what: || fl!("key-open"),
        does: Does::Open,
    },
    Shortcut {
        keys: "Ctrl+S",
        what: || fl!("key-save-json"),
        does: Does::SaveJson,
    },
    Shortcut {
        keys: "Ctrl+P",
        what: || fl!("key-save-card"),
        does: Does::SaveCard,
    },
    Shortcut {
        keys: "Ctrl+Shift+C",
        what: || fl!("key-copy"),
        does: Does::Copy,
    },
    Shortcut {
        keys: "Ctrl+,",
        what: || fl!("key-settings"),
        does: Does::Settings,
    },
    Shortcut {
        keys: "F1",
        what: || fl!("key-shortcuts"),
        does: Does::Shortcuts,
    },
    Shortcut {
        keys: "F10",
        what: || fl!("key-menus"),
        does: Does::Menus,
    },
    Shortcut {
        keys: "Alt+F, Alt+S, Alt+T, Alt+L, Alt+H",
        what: || fl!("key-menu-keys"),
        does: Does::Menu(Menu::File),
    },
    Shortcut {
        keys: "Ctrl+Q",
        what: || fl!("key-quit"),
        does: Does::Quit,
    },
];

/// Which shortcut `key` with `mods` is.
fn shortcut(key: &Key, mods: Modifiers) -> Option<Does> {
    let ctrl = mods.control();
    match key.as_ref() {
        Key::Named(Named::F5) => Some(Does::All),
        Key::Named(Named::Enter) if ctrl => Some(Does::All),
        Key::Named(Named::Escape) => Some(Does::Stop),
        Key::Named(Named::F1) => Some(Does::Shortcuts),
        Key::Named(Named::F10) => Some(Does::Menus),
        Key::Character(c) if mods.alt() => {
            let menu = match c.to_lowercase().as_str() {
                "f" => Menu::File,
                "s" => Menu::Settings,
                "t" => Menu::Theme,
                "l" => Menu::Language,
                "h" => Menu::Help,
                _ => return None,
            };
            Some(Does::Menu(menu))
        }
        Key::Character(c) if ctrl => match (c.to_lowercase().as_str(), mods.shift()) {
            ("o", false) => Some(Does::Open),
            ("s", false) => Some(Does::SaveJson),
            ("p", false) => Some(Does::SaveCard),
            ("c", true) => Some(Does::Copy),
            (",", _) => Some(Does::Settings),
            ("q", _) => Some(Does::Quit),
            _ => None,
        },
        _ => None,
    }
}

/// A key pressed with the window focused and no widget taking it: what
/// the window says in answer (the menus' own keys first while one is
/// open; Escape closes a dialog).
pub fn on_key(app: &mut App, e: Event) -> Option<Message> {
    let Event::KeyPressed { key, modifiers, .. } = e else {
        return None;
    };
    if app.menu.open.is_some() {
        let nav = match key.as_ref() {
            Key::Named(Named::ArrowDown) => Nav::Down,
            Key::Named(Named::ArrowUp) => Nav::Up,
            Key::Named(Named::ArrowLeft) => Nav::Left,
            Key::Named(Named::ArrowRight) => Nav::Right,
            Key::Named(Named::Enter | Named::Space) => Nav::Enter,
            Key::Named(Named::Escape | Named::F10) => Nav::Escape,
            _ => return None,
        };
        return crate::menu::navigate(app, nav);
    }
    // Only what the Help dialog lists acts: no hidden key (the Alt
    // letters are one line of it).
    let listed = |d: &Does| matches!(d, Does::Menu(_)) || SHORTCUTS.iter().any(|s| s.does == *d);
    let does = shortcut(&key, modifiers).filter(listed)?;
    if app.dialog.is_some() {
        // Only Escape and Ctrl+Q reach past an open dialog.
        return match does {
            Does::Stop => Some(Message::Dialog(None)),
            Does::Quit => Some(Message::Quit),
            _ => None,
        };
    }
    let ask = |a| Some(Message::Actions(ActionsMsg::Ask(a)));
    match does {
        Does::All => Some(Message::All),
        Does::Stop => app.running().then_some(Message::Stop),
        Does::Open => ask(Action::Open),
        Does::SaveJson => ask(Action::SaveJson),
        Does::SaveCard => ask(Action::SaveCard),
        Does::Copy => Some(Message::Actions(ActionsMsg::Copy)),
        Does::Settings => Some(Message::Dialog(Some(Dialog::Settings))),
        Does::Shortcuts => Some(Message::Dialog(Some(Dialog::Shortcuts))),
        Does::Menus => Some(Message::Menu(MenuMsg::Open(Menu::File))),
        Does::Menu(m) => Some(Message::Menu(MenuMsg::Open(m))),
        Does::Quit => Some(Message::Quit),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    fn ch(c: &str) -> Key {
        Key::Character(c.into())
    }

    #[test]
    fn every_shortcut_listed_is_a_key_that_works() {
        let ctrl = Modifiers::CTRL;
        let cases = [
            (Key::Named(Named::F5), Modifiers::empty(), Does::All),
            (Key::Named(Named::Escape), Modifiers::empty(), Does::Stop),
            (ch("o"), ctrl, Does::Open),
            (ch("s"), ctrl, Does::SaveJson),
            (ch("p"), ctrl, Does::SaveCard),
            (ch("C"), ctrl | Modifiers::SHIFT, Does::Copy),
            (ch(","), ctrl, Does::Settings),
            (Key::Named(Named::F1), Modifiers::empty(), Does::Shortcuts),
            (Key::Named(Named::F10), Modifiers::empty(), Does::Menus),
            (ch("f"), Modifiers::ALT, Does::Menu(Menu::File)),
            (ch("q"), ctrl, Does::Quit),
        ];
        for s in &SHORTCUTS {
            let found = cases.iter().find(|(_, _, d)| *d == s.does);
            let (k, m, d) = found.unwrap_or_else(|| panic!("{} is not tested", s.keys));
            assert_eq!(shortcut(k, *m), Some(*d), "{}", s.keys);
        }
        assert_eq!(shortcut(&ch("s"), Modifiers::empty()), None, "s alone");
        assert_eq!(
            shortcut(&ch("h"), Modifiers::ALT),
            Some(Does::Menu(Menu::Help))
        );
        assert_eq!(shortcut(&ch("x"), Modifiers::ALT), None);
        assert_eq!(shortcut(&ch("c"), ctrl), None, "Ctrl+C is the fields' copy");
    }
}
