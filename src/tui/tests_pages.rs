//! The pages besides the grid, through the interface's state and its
//! drawing (TestBackend): switching pages and its refusal while a run
//! goes, a sustained write fed by its `Update`s as the run handle sends
//! them, and the history list with hostile text from the database.

use super::app::{Action, App, LastRun, Msg, Page, Status};
use super::fill::tests::step;
use super::history::{HistoryRow, Listing};
use crate::modes::Request;
use crate::run::{Event, RunOutput, Step, Warning};
use crate::units::MIB;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent};

fn app() -> App {
    let mut a = super::app::tests::app();
    a.target_info = Some(Ok(crate::report::fixtures::target()));
    a
}

fn key(a: &mut App, c: KeyCode) -> Action {
    a.on_key(KeyEvent::from(c))
}

fn output(sustained: Option<crate::stats::sustained::SustainedResult>) -> RunOutput {
    RunOutput {
        started: chrono::Local::now(),
        tests: Vec::new(),
        notes: Vec::new(),
        interrupted: None,
        qos: None,
        kept_file: None,
        test_file: Default::default(),
        sustained,
        span: None,
        elapsed: None,
        engine: None,
    }
}

fn fill_event(written: u64, mbps: Option<f64>) -> Msg {
    Msg::Run(Event::untimed(Step::Fill(step(written, mbps))))
}

/// A sustained write of 64 MiB, started and fed three samples.
fn filling() -> App {
    let mut a = app();
    key(&mut a, KeyCode::Char('w'));
    key(&mut a, KeyCode::Right);
    a.on_fill_start();
    a.on_msg(Msg::Prepared(vec![
        "psync keeps one write in flight".into(),
    ]));
    a.on_msg(fill_event(4 * MIB, None));
    for (i, mbps) in [900.0, 850.0, 400.0].into_iter().enumerate() {
        a.on_msg(fill_event((i as u64 + 1) * 16 * MIB, Some(mbps)));
    }
    a
}

/// The write of [`filling`], ended with the fixture's result.
fn filled() -> App {
    let mut a = filling();
    let last = LastRun {
        settings: a.fill_settings().unwrap().settings,
        target: crate::report::fixtures::target(),
        output: output(Some(crate::report::fixtures::fill())),
    };
    a.on_msg(Msg::Done(Box::new(Ok(last))));
    a
}

fn screen(a: &App, w: u16, h: u16) -> String {
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| super::view::draw(f, a)).unwrap();
    let buf = term.backend().buffer().clone();
    let mut out = String::new();
    for y in 0..h {
        let line: String = (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    assert!(
        !out.chars()
            .any(|c| c != '\n' && crate::report::escape::is_unsafe(c)),
        "{out}"
    );
    out.replace(env!("CARGO_PKG_VERSION"), "VERSION")
}

#[test]
fn pages_switch_with_their_keys_and_not_while_a_run_goes() {
    let mut a = app();
    assert_eq!(a.page, Page::Grid);
    assert_eq!(key(&mut a, KeyCode::Char('w')), Action::None);
    assert_eq!(a.page, Page::Fill);
    assert_eq!(key(&mut a, KeyCode::Char('H')), Action::LoadHistory);
    assert_eq!(a.page, Page::History);
    assert_eq!(key(&mut a, KeyCode::Tab), Action::None);
    assert_eq!(a.page, Page::Grid);
    key(&mut a, KeyCode::Tab);
    assert_eq!(a.page, Page::Fill);
    // The sustained-write page: Enter starts, ← → the size.
    assert_eq!(key(&mut a, KeyCode::Enter), Action::StartFill);
    key(&mut a, KeyCode::Right);
    assert_eq!(a.fill.ask().size, Some(64 * MIB));
    a.on_fill_start();
    for k in [KeyCode::Char('g'), KeyCode::Char('H'), KeyCode::Tab] {
        assert_eq!(key(&mut a, k), Action::None);
        assert_eq!(a.page, Page::Fill);
        let m = a.message.clone().unwrap_or_default();
        assert!(m.starts_with("a run is going: stop it (Esc)"), "{m}");
    }
    assert_eq!(key(&mut a, KeyCode::Enter), Action::Stop);
    assert_eq!(key(&mut a, KeyCode::Esc), Action::Stop);
    key(&mut a, KeyCode::Left);
    assert_eq!(a.fill.ask().size, Some(64 * MIB));
    assert!(a.message.as_deref().unwrap().contains("to change the size"));
    assert_eq!(key(&mut a, KeyCode::Char('q')), Action::Quit);
    // A grid run locks the pages too.
    let mut a = app();
    a.on_start(None);
    key(&mut a, KeyCode::Char('w'));
    assert_eq!(a.page, Page::Grid);
}

#[test]
fn a_sustained_write_is_asked_as_the_command_asks_it() {
    let mut a = app();
    let asked = a.fill_settings().unwrap();
    assert_eq!(asked.settings.tests, [crate::sustained::ask::DEFAULT_TEST]);
    assert_eq!(asked.settings.mode, crate::workload::Mode::Write);
    assert_eq!(asked.settings.engine, a.choices.engine);
    assert!(matches!(asked.request, Request::Sustained(r)
        if r.size.is_none() && r.sample_interval == crate::sustained::ask::DEFAULT_SAMPLE_INTERVAL));
    a.fill.step_size(true);
    let asked = a.fill_settings().unwrap();
    assert!(matches!(asked.request, Request::Sustained(r) if r.size == Some(64 * MIB)));
    a.choices.label = Some("two\nlines".into());
    assert!(a.fill_settings().unwrap_err().starts_with("--label: "));
}

#[test]
fn a_sustained_write_fills_its_page_and_not_the_grid() {
    let mut a = filling();
    assert_eq!(a.ran, Page::Fill);
    assert!(a.running);
    // The step before the first sample has no rate: no point.
    assert_eq!(a.fill.points.len(), 3);
    assert_eq!(a.fill.now.unwrap().written, 48 * MIB);
    assert_eq!(a.fill.notes, ["psync keeps one write in flight"]);
    a.on_msg(Msg::Run(Event::untimed(Step::Warning(Warning {
        at: None,
        sentence: "throttled".into(),
        urgent: false,
    }))));
    assert!(a.fill.notes.contains(&"throttled".to_string()));
    assert!(a.grid.notes().is_empty());
    assert!(matches!(&a.status, Status::Run(e) if matches!(e.step, Step::Fill(_))));
    let a = filled();
    assert!(!a.running);
    assert_eq!(a.status, Status::Finished);
    assert_eq!(a.fill.points.len(), 28);
    assert!(a.fill.result.is_some());
    assert!(a.last.as_ref().unwrap().output.sustained.is_some());
    // The grid does not say the write's end as its own.
    let mut a = a;
    key(&mut a, KeyCode::Char('g'));
    let s = screen(&a, 80, 24);
    assert!(s.contains("Ready: Enter starts all tests"), "{s}");
    let mut a = filling();
    a.on_msg(Msg::Done(Box::new(Err("the filesystem is full".into()))));
    assert_eq!(a.status, Status::Error("the filesystem is full".into()));
    assert!(a.fill.result.is_none());
}

#[test]
fn the_sustained_write_page_draws_only_what_was_measured() {
    let a = filling();
    let s = screen(&a, 80, 24);
    assert!(s.contains("[w sustained write]"), "{s}");
    assert!(
        s.contains("[ Stop ]  Sustained write · SEQ1M Q8T1 · size: 64.00 MiB"),
        "{s}"
    );
    assert!(
        s.contains("Written: 0.05 of 0.07 GB · 400.00 MB/s now"),
        "{s}"
    );
    assert!(s.contains("GB written") && s.contains("MB/s"), "{s}");
    insta::assert_snapshot!("fill-running-80x24", s);
    let mut a = app();
    key(&mut a, KeyCode::Char('w'));
    a.on_fill_start();
    a.on_msg(fill_event(MIB, None));
    let s = screen(&a, 80, 24);
    assert!(s.contains("no sample yet"), "{s}");
    assert!(!s.contains("MB/s now"), "{s}");
    let s = screen(&filled(), 100, 32);
    for want in [
        "Cached: 400.00 MB/s",
        "Cache size: 2.00 GB",
        "Post-cache: 100.00 MB/s",
    ] {
        assert!(s.contains(want), "{want} in\n{s}");
    }
    insta::assert_snapshot!("fill-finished-100x32", s);
    let mut a = filling();
    a.on_msg(Msg::Done(Box::new(Err("disk \u{1b}[2J full".into()))));
    let s = screen(&a, 80, 24);
    assert!(s.contains("error: disk \\x1b[2J full"), "{s}");
}

fn run_row(id: i64, target: &str, label: Option<&str>) -> HistoryRow {
    HistoryRow {
        id,
        date: "2026-11-30 10:00:00".into(),
        target: target.into(),
        profile: "default".into(),
        label: label.map(Into::into),
        headline: "SEQ1M Q8T1  read 1234.50  write 678.25 MB/s".into(),
    }
}

#[test]
fn the_history_page_lists_escaped_runs_and_scrolls() {
    let mut a = app();
    a.page = Page::History;
    a.history.db = Ok("/home/u/.local/share/diskmark/history.db".into());
    let rows: Vec<HistoryRow> = (1..=30)
        .rev()
        .map(|i| run_row(i, &format!("/mnt/disk{i}"), None))
        .collect();
    a.history.listing = Listing::Runs(rows);
    let s = screen(&a, 100, 16);
    assert!(s.contains("[H history]"), "{s}");
    assert!(s.contains("id  date"), "{s}");
    assert!(
        s.contains("30  2026-11-30 10:00:00  default  /mnt/disk30"),
        "{s}"
    );
    assert!(s.contains("30 runs · 1–11 shown"), "{s}");
    insta::assert_snapshot!("history-100x16", s);
    key(&mut a, KeyCode::Down);
    key(&mut a, KeyCode::Char('j'));
    assert_eq!(a.history.top, 2);
    let s = screen(&a, 100, 16);
    assert!(
        !s.contains("/mnt/disk30") && s.contains("/mnt/disk28"),
        "{s}"
    );
    assert_eq!(key(&mut a, KeyCode::Char('r')), Action::LoadHistory);
    // Text from the database never reaches the terminal raw.
    a.history.listing = Listing::Runs(vec![run_row(1, "/x\u{1b}[2J\u{9b}31m", Some("lab\u{7}el"))]);
    a.history.top = 0;
    let s = screen(&a, 100, 16);
    assert!(s.contains("/x\\x1b[2J\\x9b31m"), "{s}");
    assert!(s.contains("[lab\\x07el] SEQ1M Q8T1"), "{s}");
}

#[test]
fn an_empty_or_unreadable_history_is_one_line() {
    let mut a = app();
    a.page = Page::History;
    a.history.listing = Listing::Empty("no runs saved yet: add --save to a run".into());
    let s = screen(&a, 80, 24);
    assert!(s.contains("no runs saved yet"), "{s}");
    assert!(!s.contains("id  date"), "{s}");
    a.history.listing = Listing::Failed("/h.db\u{1b}]0;x is not a diskmark history".into());
    let s = screen(&a, 80, 24);
    assert!(
        s.contains("/h.db\\x1b]0;x is not a diskmark history"),
        "{s}"
    );
}
