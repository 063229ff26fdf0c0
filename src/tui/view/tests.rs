//! The grid's page drawn on a TestBackend: snapshots at two sizes, the
//! live values, the notes, the help, and hostile text escaped.

use super::*;
use crate::backend::Backend;
use crate::config::{Choices, Settings};
use crate::engine::EngineKind;
use crate::run::{Live, Phase, Position, RunOutput, TimeLeft};
use crate::stats::LoopResult;
use crate::tui::app::tests::loop_done;
use crate::tui::app::{App, LastRun, Msg, TargetChoice};
use crate::workload::Direction;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn app() -> App {
    let mut s = Choices::defaults("/var/tmp".into());
    s.engine = Backend::Native(EngineKind::Psync);
    s.mix = true;
    s.loops = 3;
    let mut a = App::new(
        s,
        vec![TargetChoice {
            path: "/var/tmp".into(),
        }],
        Vec::new(),
    );
    a.target_info = Some(Ok(crate::report::fixtures::target()));
    a
}

/// A loop of `ios` I/Os of `lat_us` each, in the direction's stats.
fn measured(direction: Direction, ios: u64, bs: u64, lat_us: u64) -> LoopResult {
    let mut l = LoopResult::empty(1_000_000_000);
    let d = match direction {
        Direction::Read | Direction::Mix { .. } => &mut l.read,
        Direction::Write => &mut l.write,
    };
    for _ in 0..ios {
        d.record(lat_us * 1000, bs);
    }
    l
}

fn fill(a: &mut App, rows: usize) {
    let tests = a.choices.tests.clone();
    for (r, t) in tests.iter().enumerate().take(rows) {
        for (i, d) in [
            Direction::Read,
            Direction::Write,
            Direction::Mix { read_pct: 70 },
        ]
        .into_iter()
        .enumerate()
        {
            let ios = (3000 - 500 * r as u64) / (1 + i as u64);
            let l = measured(d, ios, t.block_size, 100 + 200 * r as u64);
            a.on_msg(loop_done(r, *t, d, l));
        }
    }
}

fn screen(a: &App, w: u16, h: u16) -> String {
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| draw(f, a)).unwrap();
    let buf = term.backend().buffer().clone();
    let mut out = String::new();
    for y in 0..h {
        let line: String = (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.replace(env!("CARGO_PKG_VERSION"), "VERSION")
}

fn states() -> Vec<(&'static str, App)> {
    let idle = app();
    let mut running = app();
    running.on_start(None);
    fill(&mut running, 2);
    running.on_msg(Msg::Run(Event {
        step: Step::Running(Live {
            at: Position {
                test_index: 2,
                requested: running.choices.tests[2],
                applied: crate::workload::parse_test("RND4K Q1T32").unwrap(),
                direction: Direction::Read,
                loop_index: 1,
                loops: 3,
            },
            phase: Phase::Measure,
            remaining: std::time::Duration::from_millis(3200),
            mbps: Some(321.5),
            iops: Some(10_000.0),
        }),
        time: Some(TimeLeft {
            planned: std::time::Duration::from_secs(100),
            left: std::time::Duration::from_secs(60),
        }),
    }));
    running.focus = Focus::All;
    let mut finished = app();
    finished.on_start(None);
    fill(&mut finished, 4);
    finished.on_msg(Msg::Done(Box::new(Ok(LastRun {
        settings: Settings::validate(finished.choices.clone()).unwrap(),
        target: crate::report::fixtures::target(),
        output: RunOutput {
            started: chrono::Local::now(),
            tests: Vec::new(),
            notes: Vec::new(),
            interrupted: None,
            qos: None,
            kept_file: None,
            test_file: Default::default(),
            sustained: None,
            span: None,
            elapsed: None,
            engine: None,
        },
    }))));
    finished.grid.set_notes(vec![
        "psync is synchronous: Q8T1 ran as Q1T8".into(),
        "tmpfs is memory, not a disk: O_DIRECT is accepted but has no effect".into(),
    ]);
    finished.focus = Focus::Row(1);
    let mut error = app();
    error.on_start(None);
    error.on_msg(Msg::Done(Box::new(Err(
        "not enough free space in /var/tmp: the test file needs 1.00 GiB but only 512.00 MiB is available; use a smaller --size or another target".into(),
    ))));
    error.focus = Focus::Field(6);
    vec![
        ("idle", idle),
        ("running", running),
        ("finished", finished),
        ("error", error),
    ]
}

#[test]
fn snapshots_at_80x24_and_120x40() {
    for (name, a) in states() {
        insta::assert_snapshot!(format!("{name}-80x24"), screen(&a, 80, 24));
        insta::assert_snapshot!(format!("{name}-120x40"), screen(&a, 120, 40));
    }
}

#[test]
fn running_screen_shows_live_values_and_the_running_row() {
    let (_, a) = states().remove(1);
    let s = screen(&a, 80, 24);
    assert!(
        s.contains("RND4K Q1T32 Read · loop 2/3 · Measuring · 3.2 s left · 321.50 MB/s"),
        "{s}"
    );
    assert!(s.contains("▶RND4K Q32T1"), "{s}");
    assert!(s.contains("[ Stop ]"));
    // Filled rows carry numbers, the rest a dash.
    let row0 = s.lines().find(|l| l.contains("SEQ1M Q8T1")).unwrap();
    assert!(row0.chars().any(|c| c.is_ascii_digit()), "{row0}");
}

#[test]
fn the_notes_are_shown_escaped_under_the_grid() {
    let (_, mut a) = states().remove(2);
    let s = screen(&a, 80, 24);
    assert!(s.contains("Notes"), "{s}");
    assert!(
        s.contains("* psync is synchronous: Q8T1 ran as Q1T8"),
        "{s}"
    );
    assert!(s.contains("* tmpfs is memory, not a disk"), "{s}");
    a.grid.set_notes(vec!["a note \u{1b}[2J".into()]);
    let s = screen(&a, 80, 24);
    assert!(s.contains("* a note \\x1b[2J"), "{s}");
    a.grid.set_notes(Vec::new());
    assert!(!screen(&a, 80, 24).contains("Notes"));
}

#[test]
fn help_overlay_and_units() {
    let mut a = states().remove(2).1;
    a.help = true;
    let s = screen(&a, 80, 24);
    assert!(
        s.contains("Keys") && s.contains("copy the report to the clipboard"),
        "{s}"
    );
    a.help = false;
    a.unit = crate::tui::app::Unit::Latency;
    let s = screen(&a, 80, 24);
    assert!(s.contains("· µs"), "{s}");
    assert!(s.contains("100.00"), "{s}");
}

#[test]
fn a_cell_without_io_and_hostile_target_text() {
    let mut a = app();
    a.on_start(None);
    let t = a.choices.tests[0];
    let l = measured(Direction::Read, 0, t.block_size, 100);
    a.on_msg(loop_done(0, t, Direction::Read, l));
    let mut target = crate::report::fixtures::target();
    target.fs_type = "ext4\u{1b}[2J".into();
    if let Some(d) = target.device.as_mut() {
        d.model = Some("evil\u{9b}31m\u{202e}".into());
    }
    a.target_info = Some(Ok(target));
    a.message = Some("saved \u{7}x".into());
    let s = screen(&a, 120, 40);
    let row0 = s.lines().find(|l| l.contains("SEQ1M Q8T1")).unwrap();
    assert!(row0.contains("no I/O") && !row0.contains("0.00"), "{row0}");
    assert!(s.contains("evil\\x9b31m\\u{202e}"), "{s}");
    assert!(
        s.contains("ext4\\x1b[2J") && s.contains("saved \\x07x"),
        "{s}"
    );
    assert!(
        !s.chars()
            .any(|c| c != '\n' && crate::report::escape::is_unsafe(c))
    );
}
