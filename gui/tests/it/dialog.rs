//! "Choose folder…" through the desktop's dialog: rfd's zenity fallback
//! (used where there is no portal), with a `zenity` of the test's own on
//! the `PATH` that answers as a person would. The environment is the
//! process's, so each case runs in a child process of this test binary,
//! with its own `PATH` and no session bus.

use crate::common;

use diskmark_gui::app::{App, Message};
use diskmark_gui::form::{SettingsMsg, TargetEntry};
use diskmark_gui::view::view;
use iced::futures::StreamExt;
use iced_test::simulator;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Set in the child: the case to run, the directory the run starts on.
const CASE: &str = "DM_DIALOG_CASE";
const START: &str = "DM_DIALOG_START";
const ANSWER: &str = "DM_DIALOG_ANSWER";

/// A window whose target is `dir`.
fn window(dir: &Path) -> App {
    common::window_of(&[&dir.display().to_string(), "--size", "16M"], Vec::new())
}

/// Runs what `task` says into `app`, at most 20 s (the dialog is a child
/// process; a hung one fails the test instead of hanging it).
fn run(app: &mut App, task: iced::Task<Message>) {
    let Some(mut stream) = iced_runtime::task::into_stream(task) else {
        return;
    };
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        while let Some(action) = iced::futures::executor::block_on(stream.next()) {
            if let iced_runtime::Action::Output(m) = action {
                let _ = tx.send(m);
            }
        }
    });
    loop {
        match rx.recv_timeout(Duration::from_secs(20)) {
            Ok(m) => {
                let t = app.update(m);
                run(app, t);
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return,
            Err(e) => panic!("the dialog did not answer: {e}"),
        }
    }
}

/// In the child: chooses "Choose folder…"; the dialog opens by itself
/// (zenity is there), and its answer is checked as a typed path is.
fn child(answer: Option<&str>) {
    let start = PathBuf::from(std::env::var(START).unwrap());
    let mut app = window(&start);
    assert!(
        diskmark_gui::dialog::available(),
        "the fake zenity is on PATH"
    );
    let task = app.update(Message::Settings(SettingsMsg::Target(
        TargetEntry::ChooseFolder,
    )));
    // The typed path is there beside the dialog, with Browse… to reopen it.
    assert!(simulator(view(&app)).find("Browse…").is_ok());
    run(&mut app, task);
    match answer {
        Some(chosen) => {
            assert_eq!(app.choices.target, PathBuf::from(chosen));
            assert!(app.form.folder.is_none(), "the typed path row closes");
        }
        None => {
            assert_eq!(app.choices.target, start, "a closed dialog changes nothing");
            assert!(app.form.folder.is_some(), "the typed path row stays");
        }
    }
}

/// A `zenity` that logs its arguments and answers `answer` (exit 0), or
/// nothing (exit 1: the dialog was closed).
fn fake_zenity(bin: &Path, log: &Path, answer: Option<&Path>) {
    let reply = match answer {
        Some(a) => format!("printf '%s\\n' '{}'; exit 0", a.display()),
        None => "exit 1".to_string(),
    };
    let script = format!(
        "#!/bin/sh\nprintf '%s\\n' \"$@\" > '{}'\n{reply}\n",
        log.display()
    );
    let z = bin.join("zenity");
    std::fs::write(&z, script).unwrap();
    std::fs::set_permissions(&z, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Runs the case `name` of this binary in a child with the fake zenity.
fn parent(name: &str, answer: bool) {
    let dir = tempfile::Builder::new()
        .prefix("dm-dialog-")
        .tempdir_in("/var/tmp")
        .unwrap();
    let (bin, start, chosen) = (
        dir.path().join("bin"),
        dir.path().join("a"),
        dir.path().join("b"),
    );
    for d in [&bin, &start, &chosen] {
        std::fs::create_dir(d).unwrap();
    }
    let log = dir.path().join("args");
    fake_zenity(&bin, &log, answer.then_some(chosen.as_path()));
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let mut cmd = Command::new(std::env::current_exe().unwrap());
    // The test's path in the one test binary (tests/it/main.rs).
    cmd.args([
        &format!("dialog::{name}"),
        "--exact",
        "--nocapture",
        "--test-threads=1",
    ])
    .env("PATH", path)
    .env(CASE, name)
    .env(START, &start)
    .env_remove("DBUS_SESSION_BUS_ADDRESS")
    .env_remove("XDG_RUNTIME_DIR");
    if answer {
        cmd.env(ANSWER, &chosen);
    }
    let out = cmd.output().unwrap();
    let said =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the child failed:\n{said}");
    assert!(said.contains("1 passed"), "the child ran no case:\n{said}");
    let args = std::fs::read_to_string(&log).expect("zenity was not run");
    assert!(
        args.lines().any(|l| l == "--file-selection") && args.lines().any(|l| l == "--directory"),
        "zenity was asked for something else: {args}"
    );
    // Nothing but the directories the test made.
    assert!(std::fs::read_dir(&start).unwrap().next().is_none());
    assert!(std::fs::read_dir(&chosen).unwrap().next().is_none());
}

#[test]
fn the_folder_chosen_in_the_dialog_becomes_the_target() {
    let name = "the_folder_chosen_in_the_dialog_becomes_the_target";
    match std::env::var(CASE) {
        Ok(c) if c == name => child(std::env::var(ANSWER).ok().as_deref()),
        Ok(_) => {}
        Err(_) => parent(name, true),
    }
}

#[test]
fn a_dialog_closed_without_a_choice_changes_nothing() {
    let name = "a_dialog_closed_without_a_choice_changes_nothing";
    match std::env::var(CASE) {
        Ok(c) if c == name => child(None),
        Ok(_) => {}
        Err(_) => parent(name, false),
    }
}
