//! Every way the window can die mid-run leaves no test file
//! (docs/measurement.md#the-guardian): its X server killed, with `--start`
//! and after a click on All, and the window itself killed with SIGKILL,
//! which runs none of its code (the strongest case: no test-only way makes
//! the toolkit panic or call exit(), and neither runs more of it). Another
//! diskmark run's file in the same directory stays. Skips, saying why,
//! without Xvfb.

use std::path::Path;
use std::process::{Child, Command, Stdio};

use crate::common;
use common::{guardians_of, test_files, wait_until, xvfb};

/// A run long enough to be killed in: 64 MiB, nine loops of 0.5 s
/// windows over the default tests.
const LONG: [&str; 12] = [
    "--size",
    "64M",
    "--measure",
    "0.5",
    "--warmup",
    "0",
    "--interval",
    "0",
    "--loops",
    "9",
    "--engine",
    "psync",
];

/// How the window dies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Death {
    /// Its X server is killed (SIGKILL): Xlib ends the process.
    XServer,
    /// It is killed itself (SIGKILL).
    Killed,
}

/// `diskmark-gui TARGET LONG… extra…` on `display`, its stderr into `log`.
fn window(display: &str, target: &Path, extra: &[&str], log: &Path) -> Child {
    crate::common::gui_command()
        .arg(target)
        .args(LONG)
        .arg("--buffered")
        .args(extra)
        .env("DISPLAY", display)
        .env_remove("WAYLAND_DISPLAY")
        // The layout the test computes is in the window's pixels.
        .env("WINIT_X11_SCALE_FACTOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .unwrap()
}

/// Starts a run in a window (`--start`, or a click on All), waits for its
/// test file, kills it as `death` says, and checks that the window and
/// its guardian end and that only the other run's file is left. Returns
/// the window's stderr and the name of its test file; `None` without Xvfb.
fn dies_mid_run(start: bool, death: Death) -> Option<(String, String)> {
    let mut x = xvfb("1280x800x24")?;
    let dir = common::temp_dir();
    let target = dir.path().join("target");
    std::fs::create_dir(&target).unwrap();
    // Another diskmark run in the same directory, alive throughout (as a
    // CLI run's, the library's file: marked, locked).
    let other = diskmark::run::testfile::TestFile::create(&target, 1 << 20, false).unwrap();
    let other_name = test_files(&target);
    let log = dir.path().join("stderr");
    let extra: &[&str] = if start { &["--start"] } else { &[] };
    let mut child = window(&x.display, &target, extra, &log);
    let pid = child.id();
    let mut guardian = Vec::new();
    wait_until(30, "the window's guardian starts", || {
        guardian = guardians_of(pid);
        !guardian.is_empty()
    });
    if !start {
        let mut args = Vec::from(LONG);
        args.push("--buffered");
        let app = common::tiny_window(&target, &args, Vec::new());
        wait_until(60, "the window is drawn and All clicked", || {
            assert!(
                child.try_wait().unwrap().is_none(),
                "diskmark-gui ended early"
            );
            common::click_label(&x.display, &app, "All")
        });
    }
    let mut made = Vec::new();
    wait_until(60, "the window's run makes its test file", || {
        assert!(
            child.try_wait().unwrap().is_none(),
            "diskmark-gui ended early"
        );
        made = test_files(&target);
        made.retain(|n| !other_name.contains(n));
        !made.is_empty()
    });
    match death {
        Death::XServer => x.kill(),
        Death::Killed => child.kill().unwrap(),
    }
    wait_until(30, "diskmark-gui ends", || {
        child.try_wait().unwrap().is_some()
    });
    wait_until(30, "the guardian ends after the window", || {
        guardians_of(pid).is_empty()
    });
    let stderr = std::fs::read_to_string(&log).unwrap();
    assert_eq!(test_files(&target), other_name, "stderr: {stderr}");
    assert!(other.path().exists());
    drop(other);
    assert!(
        test_files(&target).is_empty(),
        "the other run removes its own"
    );
    Some((stderr, made.remove(0)))
}

#[test]
fn the_x_server_killed_mid_run_with_start_leaves_no_test_file() {
    dies_mid_run(true, Death::XServer);
}

#[test]
fn the_x_server_killed_mid_run_started_by_a_click_leaves_no_test_file() {
    dies_mid_run(false, Death::XServer);
}

#[test]
fn the_window_killed_mid_run_leaves_no_test_file_and_the_guardian_says_so() {
    let Some((stderr, name)) = dies_mid_run(true, Death::Killed) else {
        return;
    };
    // SIGKILL runs none of the window's code: the guardian removed it.
    let said = stderr
        .lines()
        .find(|l| l.contains("ended without removing its test file"));
    assert!(said.is_some_and(|l| l.contains(&name)), "stderr: {stderr}");
}

#[test]
fn the_hidden_guardian_argument_typed_by_hand_is_refused() {
    let out = crate::common::gui_command()
        .args([diskmark::run::guard::ARG, "1"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: --guard-parent is diskmark's own"),
        "{stderr}"
    );
}

#[test]
fn a_window_whose_guardian_is_gone_creates_no_test_file() {
    let Some(x) = xvfb("1280x800x24") else { return };
    let dir = common::temp_dir();
    let log = dir.path().join("stderr");
    let mut child = window(&x.display, dir.path(), &["--quit-when-done"], &log);
    let pid = child.id();
    // Not before the window is up: a guardian killed while the window
    // still checks that it started is a start that fails ("it ended at
    // once", seen under load), not the case this test is about.
    common::until_window_shown(&x.display, &mut child, &log);
    let mut guardian = Vec::new();
    wait_until(30, "the window's guardian starts", || {
        guardian = guardians_of(pid);
        !guardian.is_empty()
    });
    let killed = Command::new("kill")
        .args(["-KILL", &guardian[0].to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    wait_until(30, "the guardian ends", || guardians_of(pid).is_empty());
    let mut args = Vec::from(LONG);
    args.extend(["--buffered", "--quit-when-done"]);
    let app = common::tiny_window(dir.path(), &args, Vec::new());
    wait_until(60, "the window is drawn and All clicked", || {
        // Say how it ended, should it end before the click (seen once, at
        // a load of 9, with no more known).
        if let Some(st) = child.try_wait().unwrap() {
            let said = std::fs::read_to_string(&log).unwrap_or_default();
            panic!("diskmark-gui ended early ({st}); its stderr: {said}");
        }
        common::click_label(&x.display, &app, "All")
    });
    let mut status = None;
    wait_until(60, "the refused run ends the window", || {
        status = child.try_wait().unwrap();
        status.is_some()
    });
    // The run's failure (1), not a run that went on (0, after minutes).
    assert_eq!(status.unwrap().code(), Some(1));
    let entries: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(entries.len(), 1, "only the log: {entries:?}");
}
