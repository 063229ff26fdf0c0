//! The window without a display (iced_test's Simulator): clicks, the run
//! on its thread, the grid and the status bar as drawn.

use crate::common;
use crate::common::skip;
use common::{click, shows, temp_dir, until_done};

use diskmark::workload::Direction;
use diskmark_gui::app::{App, Message, Status, Unit};
use std::path::Path;
use std::time::{Duration, Instant};

/// A window on `dir` with `extra` options after the tiny run's.
fn window(dir: &Path, extra: &[&str]) -> App {
    common::tiny_window(dir, extra, Vec::new())
}

#[test]
fn all_fills_every_cell_with_the_figures_the_run_reported() {
    let dir = temp_dir();
    let mut app = window(dir.path(), &[]);
    assert!(shows(&app, "Ready"));
    click(&mut app, "All");
    assert!(app.running());
    until_done(&mut app);
    assert_eq!(app.status, Status::Finished, "{:?}", app.status);
    let last = app.last().unwrap();
    assert_eq!(last.output.tests.len(), 4);
    for t in &last.output.tests {
        let sel = t.selected(last.settings.loop_stat).unwrap();
        let stats = match t.direction {
            Direction::Read => &sel.result.read,
            _ => &sel.result.write,
        };
        let mbps = stats.summary(sel.result.window_ns).mbps;
        assert!(mbps > 0.0);
        let shown = Unit::MBps.format(mbps);
        assert!(
            shows(&app, &shown),
            "{} {}: {shown} not shown",
            t.plan.requested,
            t.direction.name()
        );
    }
    assert!(shows(&app, "Finished"));
    assert_eq!(app.exit_code(), 0);
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "a test file remains"
    );
}

#[test]
fn stop_mid_run_keeps_what_finished_and_leaves_no_test_file() {
    let dir = temp_dir();
    let mut app = window(dir.path(), &["--loops", "3"]);
    click(&mut app, "All");
    // Until the first loop has finished: one cell on screen.
    let end = Instant::now() + Duration::from_secs(60);
    while app.cell(0, 0).is_none() {
        assert!(Instant::now() < end && app.running(), "{:?}", app.status);
        app.wait(Duration::from_secs(1));
    }
    click(&mut app, "Stop");
    assert_eq!(app.status, Status::Stopping);
    until_done(&mut app);
    assert_eq!(app.status, Status::Stopped, "{:?}", app.status);
    assert!(app.cell(0, 0).is_some(), "the finished cell stays");
    assert!(shows(&app, "Stopped: the finished tests are kept"));
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "a test file remains"
    );
}

#[test]
fn a_target_that_does_not_exist_shows_the_clis_sentence() {
    let dir = temp_dir();
    let gone = dir.path().join("gone");
    let mut app = window(&gone, &[]);
    click(&mut app, "All");
    until_done(&mut app);
    let sentence = format!(
        "error: target {} does not exist; give an existing directory",
        gone.display()
    );
    assert!(shows(&app, &sentence), "{:?}", app.status);
    assert_eq!(app.exit_code(), 2);
}

/// Unmounts its mount point when dropped, a failed assertion too.
struct Unmount(std::path::PathBuf);

impl Drop for Unmount {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn a_read_only_target_shows_the_clis_sentence() {
    let dir = temp_dir();
    let ro = dir.path().join("ro");
    std::fs::create_dir(&ro).unwrap();
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "ro,size=64M", "tmpfs"])
        .arg(&ro)
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        skip(
            "window: a read-only target",
            "mounting a read-only tmpfs needs root and mount(8)",
        );
        return;
    }
    let _unmount = Unmount(ro.clone());
    let mut app = window(&ro, &[]);
    click(&mut app, "All");
    until_done(&mut app);
    let sentence = format!(
        "error: target {} is on a read-only filesystem; choose a writable directory",
        ro.display()
    );
    assert!(shows(&app, &sentence), "{:?}", app.status);
    assert_eq!(app.exit_code(), 1);
}

#[test]
fn the_top_row_changes_the_settings_and_the_unit() {
    let dir = temp_dir();
    let mut app = window(dir.path(), &[]);
    let pick = |o: &str, i| {
        let s = diskmark::front::Setting::named(o).unwrap();
        Message::Settings(diskmark_gui::form::SettingsMsg::Pick(s, i))
    };
    // Loops 3 and 64 MiB: the third of each list.
    let _ = app.update(pick("--loops", 2));
    let _ = app.update(pick("--size", 2));
    let _ = app.update(Message::Unit(Unit::Iops));
    assert_eq!(
        (app.choices.loops, app.choices.size, app.unit),
        (3, 64 << 20, Unit::Iops)
    );
    assert!(shows(&app, "Read [IOPS]"));
}

/// `--card` alone is an output the window writes (issue 28): the card of
/// the run, named in the message line, exit 0.
#[test]
fn the_window_writes_the_card_when_it_is_the_only_output() {
    let dir = temp_dir();
    let out = tempfile::tempdir().unwrap();
    let card = out.path().join("card.svg");
    let mut app = window(dir.path(), &["--card", card.to_str().unwrap()]);
    click(&mut app, "All");
    until_done(&mut app);
    assert_eq!(app.status, Status::Finished, "{:?}", app.status);
    assert_eq!(app.exit_code(), 0);
    let svg = std::fs::read_to_string(&card).expect("the card was not written");
    assert!(svg.contains("<svg") && svg.contains("MB/s"), "{svg}");
    // The card's figures are the run's.
    let last = app.last().unwrap();
    let t = &last.output.tests[0];
    let sel = t.selected(last.settings.loop_stat).unwrap();
    let mbps = sel.result.read.summary(sel.result.window_ns).mbps;
    assert!(
        svg.contains(&format!("{mbps:.2}")),
        "{mbps:.2} not in the card"
    );
    assert_eq!(app.message.as_deref(), Some("written: card.svg"));
}

/// While a loop runs, its cell shows the last tick's MB/s and its row the
/// running marker; once the run is over neither is left.
#[test]
fn the_running_cell_shows_its_live_figure_and_its_row_the_marker() {
    let dir = temp_dir();
    let mut app = window(dir.path(), &["--measure", "1", "--loops", "2"]);
    assert!(!shows(&app, "▶"), "a marker before the run");
    click(&mut app, "All");
    let end = Instant::now() + Duration::from_secs(60);
    let live = loop {
        assert!(Instant::now() < end, "no tick with a figure");
        assert!(app.running(), "the run ended before a tick");
        app.wait(Duration::from_secs(1));
        if let Some(l) = app.live().filter(|l| l.mbps.is_some_and(|m| m > 0.0)) {
            break *l;
        }
    };
    let mbps = live.mbps.unwrap();
    assert!(mbps > 0.0);
    assert!(shows(&app, &Unit::MBps.format(mbps)), "{mbps} not shown");
    assert!(shows(&app, "▶"), "no marker on the running row");
    until_done(&mut app);
    assert!(app.live().is_none());
    assert!(!shows(&app, "▶"), "a marker after the run");
}

/// The comment under the grid becomes the run's label (in its JSON, its
/// history and its card); control characters typed or pasted are dropped
/// and it keeps the label's 64 characters, so the run never refuses it.
#[test]
fn the_comment_becomes_the_results_label() {
    let dir = temp_dir();
    let mut app = window(dir.path(), &[]);
    let long = format!("nightly\u{1b}[2J {}", "x".repeat(100));
    let _ = app.update(Message::Comment(long));
    let label = app.choices.label.clone().unwrap();
    assert!(
        label.starts_with("nightly[2J x") && label.chars().count() == 64,
        "{label}"
    );
    click(&mut app, "All");
    until_done(&mut app);
    assert_eq!(app.status, Status::Finished, "{:?}", app.status);
    assert_eq!(
        app.last().unwrap().settings.label.as_deref(),
        Some(label.as_str())
    );
    let _ = app.update(Message::Comment("   ".into()));
    assert_eq!(app.choices.label, None, "a blank comment is no label");
}
