//! The settings panel, the per-row buttons and the target picker, driven
//! as a user would (clicks, the pick lists' menus, typing) through
//! iced_test's Simulator, headless.

use crate::common;
use common::{shows, temp_dir, until_done};

use diskmark::backend::Backend;
use diskmark::config::Settings;
use diskmark::engine::EngineKind;
use diskmark::front::Setting;
use diskmark::stats::LoopStat;
use diskmark::workload::{DataKind, Mode, Profile};
use diskmark_gui::app::{App, Message, Status, Unit};
use diskmark_gui::picker::{FOLDER_ID, PICKER_ID};
use diskmark_gui::settings::field_id;
use diskmark_gui::view::view;
use iced::keyboard::key::Named;
use iced::mouse;
use iced::{Event, Point};
use iced_test::simulator;
use iced_test::simulator::{Simulator, click as click_events};
use std::path::Path;
use std::time::{Duration, Instant};

/// A window on `dir` with `extra` options after the tiny run's, offering
/// `targets`.
fn window(dir: &Path, extra: &[&str], targets: &[&Path]) -> App {
    let targets = (targets.iter())
        .map(|p| diskmark::target::resolve(p).unwrap())
        .collect();
    common::tiny_window(dir, extra, targets)
}

/// Builds the window as drawn, lets `act` use it like a user, and
/// applies what it said; returns how many messages it said.
fn with_ui(app: &mut App, act: impl FnOnce(&mut Simulator<'_, Message>)) -> usize {
    let messages: Vec<Message> = {
        let mut ui = simulator(view(app));
        act(&mut ui);
        ui.into_messages().collect()
    };
    let n = messages.len();
    for m in messages {
        let _ = app.update(m);
    }
    n
}

/// Clicks what shows `label`; the click must say something.
fn click(app: &mut App, label: &str) {
    let n = with_ui(app, |ui| {
        ui.click(label).unwrap_or_else(|e| panic!("{label}: {e}"));
    });
    assert!(n > 0, "clicking {label} said nothing");
}

/// Clicks the widget of id `id`; the click must say something.
fn click_id(app: &mut App, id: &str) {
    let n = with_ui(app, |ui| {
        ui.click(iced::widget::Id::from(id.to_string()))
            .unwrap_or_else(|e| panic!("{id}: {e}"));
    });
    assert!(n > 0, "clicking {id} said nothing");
}

/// Moves the pointer to `p` (with the event, so that menus see it) and
/// clicks there.
fn click_at(ui: &mut Simulator<'_, Message>, p: Point) {
    ui.point_at(p);
    let _ = ui.simulate([Event::Mouse(mouse::Event::CursorMoved { position: p })]);
    let _ = ui.simulate(click_events());
}

/// Height of a pick list and of each of its menu's options at
/// `text_size`: iced's default line height (1.3) and padding (5 above
/// and below).
fn option_height(text_size: f32) -> f32 {
    text_size * 1.3 + 10.0
}

/// Opens the pick list at `at` (a point inside it, vertically centred)
/// and chooses its option `index` from the menu that opens below it.
fn pick(app: &mut App, at: Point, index: usize, text_size: f32) {
    let h = option_height(text_size);
    let n = with_ui(app, |ui| {
        click_at(ui, at);
        let y = at.y + h / 2.0 + h * (index as f32 + 0.5);
        click_at(ui, Point::new(at.x, y));
    });
    assert_eq!(n, 1, "choosing option {index} said nothing");
}

/// A point inside the pick list right of the label `label` (the top
/// row's are laid out label, then list, 8 apart).
fn right_of(app: &App, label: &str) -> Point {
    let b = simulator(view(app)).find(label).unwrap().bounds();
    Point::new(b.x + b.width + 8.0 + 12.0, b.center_y())
}

/// The centre of the widget with id `id`.
fn centre_of(app: &App, id: impl Into<iced::widget::Id>) -> Point {
    simulator(view(app))
        .find(id.into())
        .unwrap()
        .bounds()
        .center()
}

/// Replaces the text of the input with id `id` by `text`, one key at a
/// time as typed: a click at its end, Backspace until empty, then each
/// character (the window is drawn again after each key, as it is live).
fn type_into(app: &mut App, id: &'static str, old: &str, text: &str) {
    for _ in old.chars() {
        with_ui(app, |ui| {
            ui.click(iced::widget::Id::new(id)).unwrap();
            let _ = ui.tap_key(Named::Backspace);
        });
    }
    for c in text.chars() {
        let n = with_ui(app, |ui| {
            ui.click(iced::widget::Id::new(id)).unwrap();
            let _ = ui.typewrite(&c.to_string());
        });
        assert_eq!(n, 1, "typing {c:?} in {id} said nothing");
    }
}

/// The table's setting for `option`.
fn named(option: &str) -> &'static Setting {
    Setting::named(option).unwrap()
}

/// Types `text` in the typed setting `option` and presses Enter.
fn type_field(app: &mut App, option: &str, text: &str) {
    let id: &'static str = match option {
        "--mix-read" => "settings-mix-read",
        "--measure" => "settings-measure",
        "--interval" => "settings-interval",
        "--warmup" => "settings-warmup",
        other => panic!("{other} is not typed"),
    };
    let f = named(option);
    assert_eq!(field_id(f), iced::widget::Id::new(id));
    let old = app.form.draft(f).to_string();
    type_into(app, id, &old, text);
    with_ui(app, |ui| {
        ui.click(iced::widget::Id::new(id)).unwrap();
        let _ = ui.tap_key(Named::Enter);
    });
}

/// An engine other than psync that works here, if any.
fn another_engine() -> Option<EngineKind> {
    diskmark::engine::registry::probe_all()
        .into_iter()
        .find(|p| p.status.is_ok() && p.kind != EngineKind::Psync && p.kind.does_io())
        .map(|p| p.kind)
}

#[test]
fn change_every_setting_and_see_it_in_the_resulting_settings() {
    let dir = temp_dir();
    let (a, b, c) = (
        dir.path().join("a"),
        dir.path().join("b"),
        dir.path().join("c"),
    );
    for d in [&a, &b, &c] {
        std::fs::create_dir(d).unwrap();
    }
    let mut app = window(&a, &[], &[&b]);
    // The top row: loops 3, size 64 MiB, unit IOPS (option 2 of each).
    let at = right_of(&app, "Loops");
    pick(&mut app, at, 2, 16.0);
    let at = right_of(&app, "Size");
    pick(&mut app, at, 2, 16.0);
    let at = right_of(&app, "Unit");
    pick(&mut app, at, 2, 16.0);
    // The target: b, listed with what `diskmark targets` knows of it.
    let size = diskmark_gui::picker::TEXT_SIZE;
    let at = centre_of(&app, PICKER_ID);
    pick(&mut app, at, 1, size);
    assert_eq!(app.choices.target, b);
    // Then "Choose folder…" (after the two targets) and c typed.
    let at = centre_of(&app, PICKER_ID);
    pick(&mut app, at, 2, size);
    let typed = app.form.folder.clone().expect("the typed path opens");
    type_into(&mut app, FOLDER_ID, &typed, &c.display().to_string());
    click(&mut app, "Use");
    assert_eq!(app.form.folder, None, "{:?}", app.form.sentence);
    // The panel.
    click(&mut app, "Settings");
    click(&mut app, "All settings…");
    click(&mut app, "Peak Performance");
    click(&mut app, "Median");
    click(&mut app, "+Mix");
    type_field(&mut app, "--mix-read", "40");
    click(&mut app, "Write only");
    type_field(&mut app, "--measure", "0.5");
    type_field(&mut app, "--interval", "1.5");
    type_field(&mut app, "--warmup", "250ms");
    click(&mut app, "All 0x00");
    click(&mut app, "O_DIRECT");
    click(&mut app, "Strict (the exact Q and T, or refuse)");
    let engine = another_engine();
    match engine {
        Some(k) => click(&mut app, k.name()),
        None => eprintln!("note: no engine but psync works here; the engine stays psync"),
    }
    assert_eq!(app.form.sentence, None);
    let s = Settings::validate(app.choices.clone()).unwrap();
    assert_eq!(s.loops, 3);
    assert_eq!(s.size, 64 << 20);
    assert_eq!(app.unit, Unit::Iops);
    assert_eq!(s.target, c);
    assert_eq!(s.profile, Profile::Peak);
    assert_eq!(s.tests, Profile::Peak.tests());
    assert_eq!(s.loop_stat, LoopStat::Median);
    assert!(s.mix);
    assert_eq!(s.mix_read, 40);
    assert_eq!(s.mode, Mode::Write);
    assert_eq!(s.measure, Duration::from_millis(500));
    assert_eq!(s.interval, Duration::from_millis(1500));
    assert_eq!(s.warmup, Duration::from_millis(250));
    assert_eq!(s.data, DataKind::Zeros);
    assert!(s.direct);
    assert!(s.strict);
    let want = Backend::Native(engine.unwrap_or(EngineKind::Psync));
    assert_eq!(s.engine, want);
    // The rows are the profile's.
    // A test's button shows its name over its Q/T.
    assert!(shows(&app, "Q8T1") && shows(&app, "Q32T1") && shows(&app, "RND4K"));
}

#[test]
fn a_bad_typed_value_shows_one_sentence_and_keeps_the_old_value() {
    let dir = temp_dir();
    let mut app = window(dir.path(), &[], &[]);
    click(&mut app, "Settings");
    click(&mut app, "All settings…");
    let old = app.form.draft(named("--measure")).to_string();
    type_into(&mut app, "settings-measure", &old, "abc");
    assert_eq!(app.choices.measure, Duration::from_millis(200));
    let sentence =
        "error: Measure (s): 'abc' is not a number followed by an optional unit; it stays 0.2";
    assert!(shows(&app, sentence), "{:?}", app.form.sentence);
    // Enter puts the value in force back in the field.
    with_ui(&mut app, |ui| {
        ui.click(iced::widget::Id::new("settings-measure")).unwrap();
        let _ = ui.tap_key(Named::Enter);
    });
    assert_eq!(app.form.draft(named("--measure")), "0.2");
    assert!(Settings::validate(app.choices.clone()).is_ok());
}

#[test]
fn a_row_button_runs_only_that_test_and_keeps_the_other_rows() {
    let dir = temp_dir();
    let mut app = window(dir.path(), &[], &[]);
    click_id(&mut app, &diskmark_gui::grid::row_id(1));
    assert!(app.running());
    // Nothing can be changed while it runs.
    let before = app.choices.clone();
    click(&mut app, "Settings");
    click(&mut app, "All settings…");
    assert_eq!(
        with_ui(&mut app, |ui| {
            let _ = ui.click("Demo");
        }),
        0
    );
    assert_eq!(app.choices, before);
    // Live: the read cell of row 1 fills while the run still goes (the
    // updates are applied one at a time, so its end comes after).
    let end = Instant::now() + Duration::from_secs(60);
    while app.cell(1, 0).is_none() {
        assert!(app.running() && Instant::now() < end, "{:?}", app.status);
        app.wait(Duration::from_secs(1));
    }
    assert!(app.running() && app.cell(1, 1).is_none() && app.cell(0, 0).is_none());
    until_done(&mut app);
    assert_eq!(app.status, Status::Finished, "{:?}", app.status);
    let last = app.last().unwrap();
    assert_eq!(last.output.tests.len(), 2, "read and write of the one test");
    for t in &last.output.tests {
        assert_eq!(t.plan.requested.to_string(), "RND4K Q1T1");
    }
    assert!(app.cell(0, 0).is_none() && app.cell(0, 1).is_none());
    let row1 = (app.cell(1, 0).cloned(), app.cell(1, 1).cloned());
    assert!(row1.0.is_some() && row1.1.is_some());
    // The other row alone: its cells fill, row 1's stay.
    click_id(&mut app, &diskmark_gui::grid::row_id(0));
    until_done(&mut app);
    assert_eq!(app.status, Status::Finished, "{:?}", app.status);
    let last = app.last().unwrap();
    assert!(
        last.output
            .tests
            .iter()
            .all(|t| t.plan.requested.to_string() == "SEQ1M Q1T1")
    );
    assert!(app.cell(0, 0).is_some() && app.cell(0, 1).is_some());
    assert_eq!((app.cell(1, 0).cloned(), app.cell(1, 1).cloned()), row1);
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "a test file remains"
    );
}

#[test]
fn an_unavailable_engine_is_shown_disabled_with_its_reason() {
    let dir = temp_dir();
    let mut app = window(dir.path(), &[], &[]);
    click(&mut app, "Settings");
    click(&mut app, "All settings…");
    let down: Vec<_> = (app.form.engines.iter())
        .filter_map(|p| p.status.clone().err().map(|why| (p.kind, why)))
        .collect();
    if down.is_empty() {
        eprintln!(
            "skipped (real engines): every engine works here; the drawing is checked with a probe made to fail"
        );
    }
    for (kind, why) in &down {
        let line = format!("{}: unavailable here: {why}", kind.name());
        assert!(shows(&app, &line), "{line} not shown");
        assert_eq!(
            with_ui(&mut app, |ui| {
                let _ = ui.click(kind.name());
            }),
            0
        );
    }
    // A probe that failed, as one does on a kernel without the engine:
    // drawn disabled with its reason; the guard behind the button refuses
    // it too.
    let i = (app.form.engines.iter())
        .position(|p| p.kind == EngineKind::Posixaio)
        .unwrap();
    app.form.engines[i].status = Err("glibc has no POSIX AIO (made to fail by the test)".into());
    let line = "posixaio: unavailable here: glibc has no POSIX AIO (made to fail by the test)";
    assert!(shows(&app, line));
    assert_eq!(
        with_ui(&mut app, |ui| {
            let _ = ui.click("posixaio");
        }),
        0
    );
    let msg = diskmark_gui::form::SettingsMsg::Engine(Backend::Native(EngineKind::Posixaio));
    let _ = app.update(Message::Settings(msg));
    assert_eq!(app.choices.engine, Backend::Native(EngineKind::Psync));
    assert!(shows(&app, line));
}

#[test]
fn a_typed_target_that_does_not_exist_or_is_a_file_shows_its_sentence() {
    let dir = temp_dir();
    let mut app = window(dir.path(), &[], &[]);
    let size = diskmark_gui::picker::TEXT_SIZE;
    // Entries: the command line's target, then "Choose folder…".
    let at = centre_of(&app, PICKER_ID);
    pick(&mut app, at, 1, size);
    let gone = dir.path().join("gone");
    let typed = app.form.folder.clone().expect("the typed path opens");
    type_into(&mut app, FOLDER_ID, &typed, &gone.display().to_string());
    click(&mut app, "Use");
    let sentence = format!(
        "error: target {} does not exist; give an existing directory",
        gone.display()
    );
    assert!(shows(&app, &sentence), "{:?}", app.form.sentence);
    assert_eq!(app.choices.target, dir.path());
    let file = dir.path().join("file");
    std::fs::write(&file, b"").unwrap();
    let typed = app.form.folder.clone().unwrap();
    type_into(&mut app, FOLDER_ID, &typed, &file.display().to_string());
    with_ui(&mut app, |ui| {
        ui.click(iced::widget::Id::new(FOLDER_ID)).unwrap();
        let _ = ui.tap_key(Named::Enter);
    });
    let sentence = format!(
        "error: target {} is not a directory or a block device; give the directory in which to create the test file",
        file.display()
    );
    assert!(shows(&app, &sentence), "{:?}", app.form.sentence);
    assert_eq!(app.choices.target, dir.path());
    click(&mut app, "Cancel");
    assert_eq!(app.form.folder, None);
}

/// A setting added to the library's table is one of the window's with no
/// change here: the top row and the panel draw every one.
#[test]
fn the_window_draws_every_setting_of_the_table() {
    let dir = temp_dir();
    let mut app = window(dir.path(), &[], &[]);
    click(&mut app, "Settings");
    click(&mut app, "All settings…");
    for s in &diskmark::front::SETTINGS {
        let label = match s.hint {
            Some(h) => format!("{} ({h})", s.label),
            None => s.label.to_string(),
        };
        assert!(shows(&app, &label), "{label} is not drawn");
    }
}
