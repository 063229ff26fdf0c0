//! The window in other languages (issue 30, docs/i18n.md): image
//! snapshots of the finished grid, the settings and the sustained write's
//! page in German, Japanese and Arabic at the smallest window size, each
//! checked for text cut or drawn past its box or the window's edge; and
//! the Language menu switching the window at once, remembered.

use crate::common;
use crate::snapshots::{SIZES, check, fill_steps, finished_in, page_running_in};

use diskmark_gui::app::{App, Message};
use diskmark_gui::modal::Dialog;
use diskmark_gui::style::Look;
use diskmark_gui::view::view;
use iced::Rectangle;
use iced_test::Simulator;
use iced_test::selector::{Candidate, Target};
use std::sync::{Arc, Mutex};

/// Every text the window draws now: its content, its box, and the part
/// of the box that is on screen.
fn texts(app: &App, size: (f32, f32)) -> Vec<(String, Rectangle, Option<Rectangle>)> {
    let found = Arc::new(Mutex::new(Vec::new()));
    let into = found.clone();
    let mut ui = Simulator::with_size(iced::Settings::default(), size, view(app));
    // A selector that takes every text and matches none: the search
    // walks the whole tree.
    let _ = ui.find(move |c: Candidate<'_>| -> Option<Target> {
        if let Candidate::Text {
            content,
            bounds,
            visible_bounds,
            ..
        } = c
        {
            into.lock()
                .unwrap()
                .push((content.to_string(), bounds, visible_bounds));
        }
        None
    });

    found.lock().unwrap().clone()
}

/// Nothing of the window's text is cut: every text shows whole in its
/// box (no word wider than it), inside the window, and no `…` but the
/// language's own (the menus' "Save text…").
fn nothing_cut(app: &App, what: &str) {
    let size = SIZES[0];
    let window = Rectangle::new(iced::Point::ORIGIN, iced::Size::new(size.0, size.1));
    let all = texts(app, size);
    assert!(all.len() > 10, "{what}: only {} texts found", all.len());
    for (content, bounds, visible) in all {
        if content.trim().is_empty() || app.notes().contains(&content) {
            // The notes scroll in their own box, and are the core's.
            continue;
        }
        assert!(
            diskmark_gui::mirror::fits(&content, bounds.size()),
            "{what}: {content:?} does not fit its box of {}×{}",
            bounds.width,
            bounds.height
        );
        let same = |r: Option<Rectangle>| {
            r.is_some_and(|r| {
                (r.x - bounds.x).abs() < 0.5
                    && (r.y - bounds.y).abs() < 0.5
                    && (r.width - bounds.width).abs() < 0.5
                    && (r.height - bounds.height).abs() < 0.5
            })
        };
        assert!(
            same(window.intersection(&bounds)) && same(visible),
            "{what}: {content:?} is drawn past the window's edge ({bounds:?}, on screen {visible:?})"
        );
        if content.contains('…') {
            assert!(
                own_ellipsis(&content),
                "{what}: {content:?} was cut short with an ellipsis"
            );
        }
    }
}

/// Whether `text` has its `…` from a message of the window's language
/// ("Save text…", "Stopping…"), not from a cut.
fn own_ellipsis(text: &str) -> bool {
    let before = |s: &str| -> String {
        let head = s.split('…').next().unwrap_or_default();
        let tail: Vec<char> = head.chars().rev().take(4).collect();
        tail.into_iter().rev().collect()
    };
    let cut = before(text);
    diskmark::i18n::messages()
        .iter()
        .filter(|m| m.contains('…') && !before(m).contains('}'))
        .any(|m| before(m) == cut)
}

#[test]
fn german_japanese_and_arabic_at_the_smallest_size_with_nothing_cut() {
    for lang in ["de", "ja", "ar"] {
        let mut app = finished_in(lang);
        nothing_cut(&app, &format!("{lang}: the finished grid"));
        check(&mut app, &format!("{lang}-finished"), SIZES[0], Look::Light);
        let _ = app.update(Message::Dialog(Some(Dialog::Settings)));
        for p in &mut app.form.engines {
            p.status = Ok(());
        }
        nothing_cut(&app, &format!("{lang}: the settings"));
        check(&mut app, &format!("{lang}-settings"), SIZES[0], Look::Light);
        let mut page = page_running_in(lang, "sustained", fill_steps());
        nothing_cut(&page, &format!("{lang}: the sustained write's page"));
        check(
            &mut page,
            &format!("{lang}-page-sustained"),
            SIZES[0],
            Look::Light,
        );
        page.stop_and_wait();
    }
}

/// In every language, not only the three drawn above: the finished grid,
/// the settings and the sustained write's page at the smallest size have
/// no text cut, and the menu bar with every menu open neither.
#[test]
fn nothing_is_cut_in_any_language() {
    for lang in diskmark::i18n::languages() {
        let id = lang.id.to_string();
        let mut app = finished_in(&id);
        nothing_cut(&app, &format!("{id}: the finished grid"));
        for m in diskmark_gui::menu::Menu::ALL {
            let _ = app.update(Message::Menu(diskmark_gui::menu::MenuMsg::Open(m)));
            nothing_cut(&app, &format!("{id}: the {m:?} menu"));
        }
        let _ = app.update(Message::Menu(diskmark_gui::menu::MenuMsg::Close));
        let _ = app.update(Message::Dialog(Some(Dialog::Settings)));
        nothing_cut(&app, &format!("{id}: the settings"));
        let _ = app.update(Message::Dialog(Some(Dialog::TestParameters)));
        nothing_cut(&app, &format!("{id}: the test parameters"));
        let mut page = page_running_in(&id, "sustained", fill_steps());
        nothing_cut(&page, &format!("{id}: the sustained write's page"));
        page.stop_and_wait();
    }
}

/// The Language menu changes the window's language at once, without a
/// restart, and remembers the choice for the next start; System goes
/// back to the environment's and forgets it.
#[test]
fn the_language_menu_switches_the_window_at_once_and_remembers() {
    let dir = common::temp_dir();
    let file = dir.path().join("config").join("language");
    let mut app = common::window_remembering(&[dir.path().to_str().unwrap()], &file);
    assert!(common::shows(&app, "Settings"));
    common::click(&mut app, "Language");
    common::click(&mut app, "Deutsch");
    assert!(
        common::shows(&app, "Einstellungen"),
        "the menu bar is not German"
    );
    assert!(!common::shows(&app, "Settings"));
    assert_eq!(std::fs::read_to_string(&file).unwrap().trim(), "de");
    // Back through the menu, now in German: Sprache, then English by its
    // own name.
    common::click(&mut app, "Sprache");
    common::click(&mut app, "English");
    assert!(common::shows(&app, "Settings"));
    assert_eq!(std::fs::read_to_string(&file).unwrap().trim(), "en");
    let _ = app.update(Message::Language(None));
    assert!(!file.exists(), "System kept the remembered choice");
}

/// Every character the window's messages use, in every language, has a
/// glyph in the window's own font or in its fallback fonts, so that no
/// desktop without a CJK or Arabic font draws boxes (docs/i18n.md#fonts;
/// after a change to a translation, tools/fonts/subset.py cuts the
/// fallbacks again). The TUI's messages are drawn by the terminal's font.
#[test]
fn every_character_of_the_translations_has_a_glyph_in_the_window_s_fonts() {
    let fonts: Vec<&[u8]> = std::iter::once(iced_graphics::text::FIRA_SANS_REGULAR)
        .chain(diskmark_gui::theme::FALLBACK_FONTS)
        .collect();
    let faces: Vec<ttf_parser::Face> = (fonts.iter())
        .map(|f| ttf_parser::Face::parse(f, 0).expect("a font of the window"))
        .collect();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("i18n");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let file = entry.unwrap().path().join("diskmark.ftl");
        let text = std::fs::read_to_string(&file).unwrap();
        let mut window_message = false;
        for line in text.lines() {
            if line.starts_with('#') {
                continue;
            }
            if let Some((id, _)) = line.split_once(" =") {
                window_message = !id.starts_with("tui-");
            }
            if !window_message {
                continue;
            }
            for c in line
                .chars()
                .filter(|c| !c.is_whitespace() && !c.is_control())
            {
                checked += 1;
                assert!(
                    faces.iter().any(|f| f.glyph_index(c).is_some()),
                    "{}: {c:?} (U+{:04X}) has no glyph in the window's fonts: run tools/fonts/subset.py",
                    file.display(),
                    c as u32
                );
            }
        }
    }
    assert!(checked > 10_000, "only {checked} characters checked");
}
