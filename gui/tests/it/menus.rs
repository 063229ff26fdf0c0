//! The menu bar, its dialogs and the keyboard (iced_test's Simulator):
//! every entry of every menu is drawn and does what it says; the
//! keyboard reaches the menus; the look changes mid-run; Quit stops a run
//! and leaves no test file.

use crate::common;
use common::{click, shows, temp_dir, until_done};

use diskmark::workload::Profile;
use diskmark_gui::app::{App, Message};
use diskmark_gui::menu::{self, Menu, MenuMsg};
use diskmark_gui::modal::Dialog;
use diskmark_gui::style::Look;
use iced::keyboard::{Event, Key, Location, Modifiers, key::Named};
use std::path::Path;
use std::time::Duration;

fn window(dir: &Path) -> App {
    common::tiny_window(dir, &[], Vec::new())
}

fn key(app: &mut App, k: Key, modifiers: Modifiers) {
    let e = Event::KeyPressed {
        key: k.clone(),
        modified_key: k.clone(),
        physical_key: iced::keyboard::key::Physical::Unidentified(
            iced::keyboard::key::NativeCode::Unidentified,
        ),
        location: Location::Standard,
        modifiers,
        text: None,
        repeat: false,
    };
    let _ = app.update(Message::Key(e));
}

/// Every entry of every menu is drawn when its menu is open, and none
/// is left open after a choice.
#[test]
fn every_menu_shows_its_entries() {
    let dir = temp_dir();
    let mut app = window(dir.path());
    for m in Menu::ALL {
        let _ = app.update(Message::Menu(MenuMsg::Open(m)));
        for e in menu::entries(&app, m) {
            assert!(shows(&app, &e.label), "{m:?}: {} is not drawn", e.label);
        }
        let _ = app.update(Message::Menu(MenuMsg::Close));
        assert!(app.menu.open.is_none());
    }
    for sub in [
        menu::Sub::Profile,
        menu::Sub::Preset,
        menu::Sub::Data,
        menu::Sub::Engine,
    ] {
        let _ = app.update(Message::Menu(MenuMsg::Close));
        let _ = app.update(Message::Menu(MenuMsg::Open(Menu::Settings)));
        let _ = app.update(Message::Menu(MenuMsg::Sub(sub)));
        for e in menu::sub_entries(&app, sub) {
            assert!(shows(&app, &e.label), "{sub:?}: {} is not drawn", e.label);
        }
    }
}

/// The Settings menu's entries change the settings; its dialogs open
/// and close.
#[test]
fn the_settings_menu_changes_the_settings() {
    let dir = temp_dir();
    let mut app = window(dir.path());
    let direct = app.choices.direct;
    click(&mut app, "Settings");
    click(&mut app, "O_DIRECT");
    assert_eq!(app.choices.direct, !direct);
    assert!(app.menu.open.is_none(), "a choice closes the menu");
    click(&mut app, "Settings");
    click(&mut app, "Presets");
    click(&mut app, "Flash memory");
    assert_eq!(
        (app.choices.measure, app.choices.interval),
        (Duration::from_secs(1), Duration::from_secs(30))
    );
    click(&mut app, "Settings");
    click(&mut app, "Test data");
    click(&mut app, "All 0x00");
    assert_eq!(app.choices.data, diskmark::workload::DataKind::Zeros);
    click(&mut app, "Settings");
    click(&mut app, "Profile");
    click(&mut app, "Peak Performance");
    assert_eq!(app.choices.profile, Profile::Peak);
    click(&mut app, "Settings");
    click(&mut app, "Test parameters…");
    assert_eq!(app.dialog, Some(Dialog::TestParameters));
    let p = diskmark::front::Param::Threads(4);
    let _ = app.update(Message::TestParam(0, p));
    assert_eq!(app.choices.tests[0].t, 4);
    assert_eq!(app.choices.profile, Profile::Custom);
    assert!(shows(&app, "Q8T4"), "the row's button shows the new test");
    click(&mut app, "Reset to CrystalDiskMark's tests");
    assert_eq!(app.choices.tests, Profile::Default.tests());
    click(&mut app, "Close");
    assert_eq!(app.dialog, None);
    click(&mut app, "Help");
    click(&mut app, "About diskmark…");
    assert!(shows(
        &app,
        &format!("diskmark {}", env!("CARGO_PKG_VERSION"))
    ));
}

/// F10 opens the menus; the arrows move; Enter chooses; Escape closes.
#[test]
fn the_keyboard_reaches_every_menu() {
    let dir = temp_dir();
    let mut app = window(dir.path());
    key(&mut app, Key::Named(Named::F10), Modifiers::empty());
    assert_eq!(app.menu.open, Some(Menu::File));
    key(&mut app, Key::Named(Named::ArrowRight), Modifiers::empty());
    key(&mut app, Key::Named(Named::ArrowRight), Modifiers::empty());
    assert_eq!(app.menu.open, Some(Menu::Theme));
    // System, Light, Dark: the third entry.
    for _ in 0..3 {
        key(&mut app, Key::Named(Named::ArrowDown), Modifiers::empty());
    }
    key(&mut app, Key::Named(Named::Enter), Modifiers::empty());
    assert_eq!(app.look, Look::Dark);
    assert!(app.menu.open.is_none());
    key(&mut app, Key::Named(Named::F1), Modifiers::empty());
    assert_eq!(app.dialog, Some(Dialog::Shortcuts));
    assert!(shows(&app, "Ctrl+Shift+C"));
    key(&mut app, Key::Named(Named::Escape), Modifiers::empty());
    assert_eq!(app.dialog, None);
}

/// The look changes while a run goes; Quit mid-run stops it, keeps its
/// finished tests' exit code, and leaves no test file.
#[test]
fn the_theme_changes_mid_run_and_quit_stops_the_run() {
    let dir = temp_dir();
    let mut app = common::tiny_window(dir.path(), &["--measure", "1", "--loops", "3"], Vec::new());
    click(&mut app, "All");
    assert!(app.running());
    click(&mut app, "Theme");
    click(&mut app, "High contrast");
    assert_eq!(app.look, Look::HighContrast);
    assert!(app.running(), "the look changed without stopping the run");
    let _ = app.update(Message::Quit);
    until_done(&mut app);
    assert!(!app.running());
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "a test file remains"
    );
}
