//! The pages beside the grid (iced_test's Simulator, real runs on a
//! temporary folder): the sustained write, the device map and latency
//! under load run through the one run API from the window, draw their
//! live series and then their report's section, and leave no test file;
//! the history lists the recorded runs and compares two.

use crate::common;
use common::{click, shows, temp_dir, until_done};

use diskmark_gui::actions_state::{Action, ActionsMsg};
use diskmark_gui::app::{App, Message, Status};
use diskmark_gui::overlay::Page;
use std::path::Path;

/// A window on `dir` opened on `page`, the tiny run's options.
fn window(dir: &Path, page: &str, extra: &[&str]) -> App {
    let mut args = vec!["--page", page];
    args.extend_from_slice(extra);
    common::tiny_window(dir, &args, Vec::new())
}

fn no_test_file(dir: &Path) {
    let left: Vec<_> = std::fs::read_dir(dir).unwrap().collect();
    assert!(left.is_empty(), "a test file remains: {left:?}");
}

#[test]
fn a_sustained_write_runs_from_its_page_and_shows_its_section() {
    let dir = temp_dir();
    let mut app = window(dir.path(), "sustained", &["--size", "64M"]);
    assert_eq!(app.page, Page::Sustained);
    assert_eq!(app.sustained_size, Some(64 << 20));
    // The page's pick list offers the free space and round sizes, and the
    // command line's.
    assert!(!app.running());
    let _ = app.update(Message::SustainedSize(None));
    let what = diskmark_gui::strings::sustained_what(None, &app.trace);
    assert!(shows(&app, &what), "{what}");
    let _ = app.update(Message::SustainedSize(Some(64 << 20)));
    click(&mut app, "Start");
    assert!(app.running(), "{:?}", app.status);
    until_done(&mut app);
    assert_eq!(app.status, Status::Finished, "{:?}", app.status);
    let model = app.page_model().expect("the run's model");
    let s = model.sustained.as_ref().expect("a sustained part");
    assert!(!s.series.is_empty(), "no sample");
    assert!(s.bytes_written >= 64 << 20, "{}", s.bytes_written);
    let text = {
        let mut out = String::new();
        diskmark::report::text::sustained::section(&mut out, s);
        out
    };
    assert!(
        shows(&app, text.trim()),
        "the section is not shown:\n{text}"
    );
    no_test_file(dir.path());
}

#[test]
fn a_device_map_of_the_folders_test_file_runs_from_its_page() {
    let dir = temp_dir();
    let mut app = window(dir.path(), "span", &["--size", "64M"]);
    click(&mut app, "Start");
    until_done(&mut app);
    assert_eq!(app.status, Status::Finished, "{:?}", app.status);
    let model = app.page_model().expect("the run's model");
    let s = model.span.as_ref().expect("a span part");
    assert!(s.test_file && !s.samples.is_empty());
    assert!(app.trace.points().len() >= 2, "{:?}", app.trace.points());
    no_test_file(dir.path());
}

#[test]
fn a_device_that_cannot_be_mapped_is_one_sentence() {
    let dir = temp_dir();
    let mut app = window(dir.path(), "span", &[]);
    let _ = app.update(Message::SpanDevice("/nonexistent/dev/sdz".into()));
    click(&mut app, "Start");
    until_done(&mut app);
    match &app.status {
        Status::Error(s) => assert!(s.contains("/nonexistent/dev/sdz"), "{s}"),
        s => panic!("{s:?}"),
    }
    no_test_file(dir.path());
}

#[test]
fn latency_under_load_runs_from_its_page() {
    let dir = temp_dir();
    let mut app = window(dir.path(), "qos", &[]);
    click(&mut app, "Start");
    until_done(&mut app);
    assert_eq!(app.status, Status::Finished, "{:?}", app.status);
    let q = app
        .page_model()
        .and_then(|m| m.qos.clone())
        .expect("a qos part");
    assert!(q.unloaded.ios > 0 && q.loaded.ios > 0);
    assert!(
        shows(&app, "p99") || {
            let mut out = String::new();
            diskmark::report::text::qos::text(&mut out, &q);
            shows(&app, out.trim())
        }
    );
    no_test_file(dir.path());
}

/// Two runs saved into a history of the test's own; the page lists them
/// newest first and compares the two chosen in compare's words.
#[test]
fn the_history_lists_the_recorded_runs_and_compares_two() {
    let dir = temp_dir();
    let db = dir.path().join("h.db");
    let target = dir.path().join("t");
    std::fs::create_dir(&target).unwrap();
    let db_arg = db.display().to_string();
    let mut app = common::tiny_window(&target, &["--save", "--history", &db_arg], Vec::new());
    let _ = app.update(Message::Page(Page::History));
    assert!(app.history.runs.is_empty() && app.history.said.is_some());
    for _ in 0..2 {
        let _ = app.update(Message::Page(Page::Grid));
        click(&mut app, "All");
        until_done(&mut app);
        assert_eq!(app.status, Status::Finished, "{:?}", app.status);
    }
    let _ = app.update(Message::Page(Page::History));
    assert_eq!(app.history.runs.len(), 2, "{:?}", app.history.said);
    assert!(
        app.history.runs[0].id > app.history.runs[1].id,
        "newest first"
    );
    assert!(shows(&app, "Choose two runs to compare them"));
    let _ = app.update(Message::HistoryChoose(0));
    assert!(app.history.compared.is_none());
    let _ = app.update(Message::HistoryChoose(1));
    let compared = app.history.compared.clone().expect("compared");
    assert!(
        compared.contains("[1] #1") && compared.contains("[2] #2"),
        "{compared}"
    );
    // An opened result is listed first and compares with a recorded run.
    let saved = dir.path().join("r.json");
    let path = saved.display().to_string();
    for m in [
        ActionsMsg::Ask(Action::SaveJson),
        ActionsMsg::Path(path.clone()),
        ActionsMsg::Confirm,
        ActionsMsg::Ask(Action::Open),
        ActionsMsg::Path(path),
        ActionsMsg::Confirm,
    ] {
        let _ = app.update(Message::Actions(m));
    }
    assert!(app.showing().is_some(), "{:?}", app.message);
    let _ = app.update(Message::Page(Page::History));
    assert_eq!(app.history.runs.len(), 3);
    assert_eq!(app.history.runs[0].id, 0, "the opened result first");
    let _ = app.update(Message::HistoryChoose(0));
    let _ = app.update(Message::HistoryChoose(1));
    let compared = app.history.compared.clone().expect("compared");
    assert!(
        compared.contains("r.json") && compared.contains("#2"),
        "{compared}"
    );
    no_test_file(&target);
}
