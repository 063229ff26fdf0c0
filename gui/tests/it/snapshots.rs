//! Image snapshots of the window (iced_test's Simulator, drawn by
//! tiny-skia at 2×, which is also the 200 % scale check): idle, running and
//! finished, at 900×560 (the window's size) and 1280×800, light, and the
//! finished window dark.
//!
//! The figures are fixed: the running and finished states are fed fixed
//! [`Update`]s through [`App::apply`], the path a real run's events take
//! (the cells come from `Step::LoopDone` as they do in a run). The images
//! are in gui/tests/snapshots/; after a change to the window's looks, look
//! at the new ones written next to the target directory (the failure says
//! where), then replace them with
//! `UPDATE_SNAPSHOTS=1 cargo test --release -p diskmark-gui --test it snapshots::`.

use crate::common;

use diskmark::front::{LastRun, Update};
use diskmark::run::{Event, Finished, Live, Phase, Position, RunOutput, Step, TimeLeft, Warning};
use diskmark::stats::{DirSummary, LatSummary, LoopResult};
use diskmark::workload::Direction;
use diskmark_gui::app::{App, Message, Status};
use diskmark_gui::menu::{Menu, MenuMsg};
use diskmark_gui::modal::Dialog;
use diskmark_gui::style::Look;
use diskmark_gui::view::view;
use iced_test::Simulator;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// The target shown in the top row: a fixed path, so that the image does
/// not depend on a temporary name; it must not exist, so that the run the
/// running state starts (for its Stop button) ends at once, creating
/// nothing.
const TARGET: &str = "/var/tmp/diskmark-snapshot-no-such-dir";

/// The two sizes, logical pixels: the first is the window's smallest.
pub(crate) const SIZES: [(f32, f32); 2] = [(900.0, 560.0), (1280.0, 800.0)];

/// The window with CrystalDiskMark's default profile and 5 loops.
fn window() -> App {
    window_in("en")
}

/// The same in language `lang`.
fn window_in(lang: &str) -> App {
    assert!(
        !Path::new(TARGET).exists(),
        "{TARGET} exists: the snapshot's run would use it"
    );
    common::window_of(
        &[
            TARGET, "--size", "1G", "--loops", "5", "--engine", "psync", "--lang", lang,
        ],
        Vec::new(),
    )
}

/// A cell's figures for `mbps` at `block` bytes per I/O.
fn summary(mbps: f64, block: u64, mean_us: f64) -> DirSummary {
    let window_ns = 5_000_000_000;
    let bytes = (mbps * 5e6) as u64;
    DirSummary {
        window_ns,
        ios: bytes / block,
        bytes,
        mbps,
        iops: mbps * 1e6 / block as f64,
        lat: Some(LatSummary {
            mean_us,
            min_us: mean_us / 2.0,
            max_us: mean_us * 4.0,
            stddev_us: mean_us / 5.0,
            percentiles_us: Vec::new(),
        }),
    }
}

/// Where a loop of test `row` in `direction` is.
fn at(app: &App, row: usize, direction: Direction, loop_index: u32) -> Position {
    let t = app.choices.tests[row];
    Position {
        test_index: row,
        requested: t,
        applied: t,
        direction,
        loop_index,
        loops: app.choices.loops,
    }
}

fn event(step: Step, left_s: u64) -> Update {
    Update::Event(Event {
        step,
        time: Some(TimeLeft {
            planned: Duration::from_secs(150),
            left: Duration::from_secs(left_s),
        }),
    })
}

/// The figures of a fast NVMe drive: (read MB/s, write MB/s) per test of
/// the default profile, with mean latencies.
const FIGURES: [((f64, f64), (f64, f64)); 4] = [
    ((3456.78, 2987.65), (2312.0, 2676.0)),
    ((2101.33, 1876.02), (475.0, 532.0)),
    ((612.48, 398.7), (213.0, 327.0)),
    ((68.91, 172.55), (59.0, 23.0)),
];

/// The last loop of test `row` in `direction` done: its cell.
fn loop_done(app: &App, row: usize, direction: Direction, left_s: u64) -> Update {
    let ((r, w), (lr, lw)) = FIGURES[row];
    let (mbps, lat) = match direction {
        Direction::Read => (r, lr),
        _ => (w, lw),
    };
    let block = app.choices.tests[row].block_size;
    let s = summary(mbps, block, lat);
    let at = at(app, row, direction, app.choices.loops - 1);
    event(
        Step::LoopDone(Box::new(Finished {
            at,
            result: Arc::new(LoopResult::empty(s.window_ns)),
            headline: s.clone(),
            cell: s,
        })),
        left_s,
    )
}

/// Mid-run: the first two tests and the third's read done, its write in
/// its measure window; the window's run going (its Stop button live).
fn running() -> App {
    running_in("en")
}

/// The same in language `lang`.
fn running_in(lang: &str) -> App {
    let mut app = window_in(lang);
    let _ = app.update(Message::All);
    assert!(app.running(), "{:?}", app.status);
    let mut left = 120;
    for row in 0..2 {
        for d in [Direction::Read, Direction::Write] {
            let _ = app.apply(loop_done(&app, row, d, left));
            left -= 15;
        }
    }
    let _ = app.apply(loop_done(&app, 2, Direction::Read, left));
    let live = Live {
        at: at(&app, 2, Direction::Write, 2),
        phase: Phase::Measure,
        remaining: Duration::from_secs(3),
        mbps: Some(401.27),
        iops: Some(97966.0),
    };
    let _ = app.apply(event(Step::Running(live), 47));
    app
}

/// A warning of the run (a note as soon as the run knows it) joins the
/// notes at once, and once, and leaves the running status as it was.
#[test]
fn a_warning_joins_the_notes_and_is_no_status() {
    let mut app = running();
    let status = format!("{:?}", app.status);
    let sentence = "psync is synchronous: Q8T1 ran as Q1T8";
    for _ in 0..2 {
        let warning = Warning {
            at: None,
            sentence: sentence.into(),
            urgent: false,
        };
        let _ = app.apply(event(Step::Warning(warning), 40));
    }
    assert_eq!(app.notes().iter().filter(|n| *n == sentence).count(), 1);
    assert_eq!(format!("{:?}", app.status), status);
}

/// The run's end: every cell, then the run's report with its notes.
fn finished() -> App {
    finished_in("en")
}

/// The same in language `lang`.
pub(crate) fn finished_in(lang: &str) -> App {
    let mut app = running_in(lang);
    for (row, d) in [
        (2, Direction::Write),
        (3, Direction::Read),
        (3, Direction::Write),
    ] {
        let _ = app.apply(loop_done(&app, row, d, 0));
    }
    let settings = diskmark::config::Settings::validate(app.choices.clone()).unwrap();
    let target = diskmark::target::resolve(Path::new("/var/tmp")).unwrap();
    let output = RunOutput {
        started: chrono::Local::now(),
        tests: Vec::new(),
        notes: vec![
            "the test file was pre-filled with random data (--data random)".into(),
            "RND4K Q32T1 read: the device's view matches the application's".into(),
            // A long one: it wraps, beside the notes' scrollbar.
            "SEQ1M Q8T1 write: the machine's 2 CPUs were 95% busy, 50% with other processes rather than diskmark and its kernel I/O workers: the figure may be lower than the device gives on an idle machine".into(),
        ],
        interrupted: None,
        kept_file: None,
        test_file: Default::default(),
        qos: None,
        sustained: None,
        span: None,
        elapsed: None,
        engine: None,
    };
    let last = LastRun {
        settings,
        target,
        output,
    };
    let _ = app.apply(Update::Done(Box::new(Ok(last))));
    assert_eq!(app.status, Status::Finished);
    app
}

/// Where the images are kept.
fn stored(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{name}.png"))
}

/// The window as drawn matches its stored image; with UPDATE_SNAPSHOTS=1
/// the image is replaced. A missing image fails (without the variable)
/// rather than being taken as the truth.
pub(crate) fn check(app: &mut App, name: &str, size: (f32, f32), look: Look) {
    let name = format!("{name}-{}x{}", size.0, size.1);
    app.look = look;
    let mut ui = Simulator::with_size(iced::Settings::default(), size, view(app));
    let shot = ui.snapshot(&look.theme()).unwrap();
    let path = stored(&name);
    // iced_test adds the renderer's name to the file name.
    let file = path.with_file_name(format!("{name}-tiny-skia.png"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v == "1") {
        let _ = std::fs::remove_file(&file);
        assert!(shot.matches_image(&path).unwrap());
        return;
    }
    assert!(
        file.exists(),
        "{} is missing: UPDATE_SNAPSHOTS=1 cargo test --release -p diskmark-gui --test it snapshots::",
        file.display()
    );
    if !shot.matches_image(&path).unwrap() {
        let actual = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.png"));
        let _ = std::fs::remove_file(actual.with_file_name(format!("{name}-tiny-skia.png")));
        let _ = shot.matches_image(&actual);
        panic!(
            "the window no longer looks like {}: see {}-tiny-skia.png; if it is right, UPDATE_SNAPSHOTS=1 cargo test --release -p diskmark-gui --test it snapshots::",
            file.display(),
            actual.with_extension("").display()
        );
    }
}

#[test]
fn idle() {
    let mut app = window();
    for size in SIZES {
        check(&mut app, "idle", size, Look::Light);
    }
}

#[test]
fn settings_panel_open() {
    let mut app = window();
    let _ = app.update(Message::Dialog(Some(Dialog::Settings)));
    // The image must not depend on this machine's kernel: every probe as
    // working, but posixaio's made to fail, to show how a reason is drawn.
    for p in &mut app.form.engines {
        p.status = match p.kind {
            diskmark::engine::EngineKind::Posixaio => Err("made to fail for the image".into()),
            _ => Ok(()),
        };
    }
    check(&mut app, "settings", SIZES[0], Look::Light);
    check(&mut app, "settings-dark", SIZES[0], Look::Dark);
}

#[test]
fn running_mid_run() {
    let mut app = running();
    for size in SIZES {
        check(&mut app, "running", size, Look::Light);
    }
    check(&mut app, "running-dark", SIZES[0], Look::Dark);
    // The run started for the Stop button had nothing to run on.
    app.stop_and_wait();
    assert!(!Path::new(TARGET).exists());
}

#[test]
fn finished_light_and_dark() {
    let mut app = finished();
    for size in SIZES {
        check(&mut app, "finished", size, Look::Light);
    }
    check(&mut app, "finished-dark", SIZES[0], Look::Dark);
}

/// The test parameters' dialog over the finished grid, light and dark.
#[test]
fn test_parameters_dialog() {
    let mut app = finished();
    let _ = app.update(Message::Dialog(Some(Dialog::TestParameters)));
    check(&mut app, "parameters", SIZES[0], Look::Light);
    check(&mut app, "parameters-dark", SIZES[0], Look::Dark);
}

/// Each menu open over the finished grid; Settings with its Engine
/// submenu; About and the shortcuts.
#[test]
fn menus_and_help() {
    let mut app = finished();
    for (menu, name) in [(Menu::File, "menu-file"), (Menu::Theme, "menu-theme")] {
        let _ = app.update(Message::Menu(MenuMsg::Open(menu)));
        check(&mut app, name, SIZES[0], Look::Light);
        let _ = app.update(Message::Menu(MenuMsg::Close));
    }
    let _ = app.update(Message::Menu(MenuMsg::Open(Menu::Settings)));
    let _ = app.update(Message::Menu(MenuMsg::Sub(diskmark_gui::menu::Sub::Preset)));
    check(&mut app, "menu-settings-dark", SIZES[0], Look::Dark);
    let _ = app.update(Message::Menu(MenuMsg::Close));
    let _ = app.update(Message::Dialog(Some(Dialog::About)));
    check(&mut app, "about", SIZES[0], Look::Light);
    let _ = app.update(Message::Dialog(Some(Dialog::Shortcuts)));
    check(&mut app, "shortcuts-dark", SIZES[0], Look::Dark);
}

/// The high-contrast look, finished and running.
#[test]
fn high_contrast() {
    let mut app = finished();
    check(&mut app, "finished-contrast", SIZES[0], Look::HighContrast);
    let mut app = running();
    check(&mut app, "running-contrast", SIZES[0], Look::HighContrast);
    app.stop_and_wait();
}

/// A page mid-run: `page` opened, its run started on the target that
/// does not exist (for its Stop button), then `steps` fed as a run's.
fn page_running(page: &str, steps: Vec<Step>) -> App {
    page_running_in("en", page, steps)
}

/// The same in language `lang`.
pub(crate) fn page_running_in(lang: &str, page: &str, steps: Vec<Step>) -> App {
    let mut app = common::window_of(
        &[
            TARGET, "--size", "1G", "--engine", "psync", "--page", page, "--lang", lang,
        ],
        Vec::new(),
    );
    let _ = app.update(Message::StartPage);
    assert!(app.running(), "{:?}", app.status);
    for step in steps {
        let _ = app.apply(Update::Event(Event { step, time: None }));
    }
    app
}

/// A drive whose cache runs out after 24 GB of 64: 3000 MB/s, then 900.
pub(crate) fn fill_steps() -> Vec<Step> {
    (1..=40u64)
        .map(|i| {
            let written = i * 1_000_000_000;
            let mbps = if i <= 24 {
                3000.0 + (i % 3) as f64 * 40.0
            } else {
                900.0 - (i % 4) as f64 * 25.0
            };
            Step::Fill(diskmark::run::FillStep {
                written,
                total: 64_000_000_000,
                mbps: Some(mbps),
                left: None,
            })
        })
        .collect()
}

/// A hard disk's outer-to-inner fall: 120 samples read of 200.
fn span_steps() -> Vec<Step> {
    (1..=120usize)
        .map(|done| {
            Step::Span(diskmark::run::SpanStep::Samples {
                done,
                total: 200,
                mbps: Some(250.0 - done as f64 * 0.6),
            })
        })
        .collect()
}

#[test]
fn the_pages() {
    let mut app = page_running("sustained", fill_steps());
    check(&mut app, "page-sustained", SIZES[0], Look::Light);
    check(&mut app, "page-sustained-dark", SIZES[0], Look::Dark);
    app.stop_and_wait();
    let mut app = page_running("span", span_steps());
    check(&mut app, "page-span", SIZES[0], Look::Light);
    check(&mut app, "page-span-dark", SIZES[0], Look::Dark);
    app.stop_and_wait();
    let mut app = common::window_of(&[TARGET, "--page", "qos"], Vec::new());
    check(&mut app, "page-qos", SIZES[0], Look::Light);
    check(&mut app, "page-qos-dark", SIZES[0], Look::Dark);
    // No history database at this path: the page says so.
    let mut app = common::window_of(
        &[
            TARGET,
            "--save",
            "--history",
            "/var/tmp/diskmark-snapshot-no-such-dir/h.db",
        ],
        Vec::new(),
    );
    let _ = app.update(Message::Page(diskmark_gui::overlay::Page::History));
    check(&mut app, "page-history", SIZES[0], Look::Light);
    check(&mut app, "page-history-dark", SIZES[0], Look::Dark);
    assert!(!Path::new(TARGET).exists());
}
