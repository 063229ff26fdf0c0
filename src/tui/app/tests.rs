//! The interface's state under keys and messages, with no terminal.

use super::*;
use crate::engine::registry::probe_all;
use crate::stats::{LoopResult, LoopStat};
use crate::units::MIB;
use crate::workload::Profile;
use ratatui::crossterm::event::KeyEvent;
use std::time::Duration;

pub(crate) fn app() -> App {
    let mut s = Choices::defaults(std::path::PathBuf::from("/var/tmp"));
    s.engine = Backend::Native(EngineKind::Psync);
    App::new(
        s,
        vec![
            TargetChoice {
                path: "/var/tmp".into(),
            },
            TargetChoice {
                path: "/mnt".into(),
            },
        ],
        probe_all(),
    )
}

/// The message of a finished loop of `test` in `direction`.
pub(crate) fn loop_done(row: usize, test: TestSpec, direction: Direction, l: LoopResult) -> Msg {
    let at = crate::run::Position {
        test_index: row,
        requested: test,
        applied: test,
        direction,
        loop_index: 0,
        loops: 1,
    };
    let done = crate::run::Finished::new(at, &[l], LoopStat::Mean).unwrap();
    Msg::Run(Event {
        step: Step::LoopDone(Box::new(done)),
        time: Some(crate::run::TimeLeft {
            planned: Duration::from_secs(10),
            left: Duration::from_secs(5),
        }),
    })
}

fn key(c: KeyCode) -> KeyEvent {
    KeyEvent::from(c)
}

#[test]
fn navigation_wraps_through_start_rows_and_settings() {
    let mut a = app();
    assert_eq!(a.focus, Focus::All);
    a.on_key(key(KeyCode::Down));
    assert_eq!(a.focus, Focus::Row(0));
    a.on_key(key(KeyCode::Char('j')));
    a.on_key(key(KeyCode::Char('j')));
    a.on_key(key(KeyCode::Char('j')));
    a.on_key(key(KeyCode::Char('j')));
    assert_eq!(a.focus, Focus::Field(0));
    a.on_key(key(KeyCode::Char('k')));
    assert_eq!(a.focus, Focus::Row(3));
    a.focus = Focus::All;
    a.on_key(key(KeyCode::Up));
    assert_eq!(a.focus, Focus::Field(fields().len() - 1));
}

#[test]
fn settings_change_with_left_and_right() {
    let mut a = app();
    let field = |f: Field| Focus::Field(fields().iter().position(|x| *x == f).unwrap());
    let setting = |o: &str| field(Field::Setting(Setting::named(o).unwrap()));
    a.focus = setting("--profile");
    a.on_key(key(KeyCode::Right));
    assert_eq!(a.choices.profile, Profile::Nvme);
    assert_eq!(a.choices.tests, Profile::Nvme.tests());
    a.on_key(key(KeyCode::Char('h')));
    assert_eq!(a.choices.profile, Profile::Default);
    a.focus = setting("--size");
    a.on_key(key(KeyCode::Left));
    assert_eq!(a.choices.size, 512 * MIB);
    a.focus = setting("--loops");
    a.on_key(key(KeyCode::Left));
    assert_eq!(a.choices.loops, 4);
    a.focus = setting("--mix");
    a.on_key(key(KeyCode::Enter));
    assert!(a.choices.mix);
    assert_eq!(a.columns().len(), 3);
    a.focus = setting("--measure");
    a.on_key(key(KeyCode::Right));
    assert_eq!(a.choices.measure, Duration::from_secs(10));
    a.focus = setting("--buffered");
    a.on_key(key(KeyCode::Enter));
    assert!(!a.choices.direct);
    a.focus = field(Field::Target);
    assert_eq!(a.on_key(key(KeyCode::Right)), Action::TargetChanged);
    assert_eq!(a.choices.target, std::path::PathBuf::from("/mnt"));
    a.on_key(key(KeyCode::Char('u')));
    assert_eq!(a.unit, Unit::GBps);
}

#[test]
fn a_typed_target() {
    let mut a = app();
    a.on_key(key(KeyCode::Char('t')));
    // The prompt holds the current path; Ctrl-U clears it.
    assert_eq!(a.input.as_ref().unwrap().text(), "/var/tmp");
    a.on_key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
    for c in "/srv/x".chars() {
        a.on_key(key(KeyCode::Char(c)));
    }
    a.on_key(key(KeyCode::Backspace));
    assert_eq!(a.on_key(key(KeyCode::Enter)), Action::TargetChanged);
    assert_eq!(a.choices.target, std::path::PathBuf::from("/srv/"));
}

#[test]
fn start_and_stop() {
    let mut a = app();
    assert_eq!(a.on_key(key(KeyCode::Enter)), Action::Start(None));
    a.focus = Focus::Row(2);
    assert_eq!(a.on_key(key(KeyCode::Enter)), Action::Start(Some(2)));
    let s = a.start_settings(Some(2)).unwrap();
    assert_eq!(s.tests, [a.choices.tests[2]]);
    a.on_start(Some(2));
    assert!(a.running);
    assert_eq!(a.on_key(key(KeyCode::Esc)), Action::Stop);
    assert_eq!(a.on_key(key(KeyCode::Enter)), Action::Stop);
    // Settings are locked while running.
    a.focus = Focus::Field(1);
    a.on_key(key(KeyCode::Right));
    assert_eq!(a.choices.profile, Profile::Default);
    assert!(a.message.as_deref().unwrap().contains("stop the run"));
    assert_eq!(a.on_key(key(KeyCode::Char('q'))), Action::Quit);
    assert_eq!(a.on_key(key(KeyCode::Char('?'))), Action::None);
    assert!(a.help);
    a.on_key(key(KeyCode::Char('x')));
    assert!(!a.help);
    assert_eq!(a.on_key(key(KeyCode::Char('s'))), Action::SaveText);
    assert_eq!(a.on_key(key(KeyCode::Char('J'))), Action::SaveJson);
    assert_eq!(a.on_key(key(KeyCode::Char('c'))), Action::Copy);
    assert_eq!(
        a.on_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        Action::Quit
    );
}

#[test]
fn loops_fill_cells_by_row_and_direction() {
    let mut a = app();
    a.on_start(None);
    let mut l = LoopResult::empty(1_000_000_000);
    l.read.record(100_000, 1 << 20);
    a.on_msg(loop_done(1, a.choices.tests[1], Direction::Read, l));
    let (mbps, iops, lat) = a.cell(1, 0).unwrap();
    assert!((mbps - 1.048576).abs() < 1e-9 && iops == 1.0 && (lat - 100.0).abs() < 1e-9);
    assert!(a.cell(0, 0).is_none());
}
