//! Skips that CI cannot miss (issue 27 §3). A test that cannot run here
//! (no fio, not root, no loop device, no tmux, no Xvfb) calls [`skip`]:
//!
//! - with `DISKMARK_TEST_REQUIRE=all` (`.ci/run` sets it) the test fails,
//!   naming what was missing;
//! - otherwise it says why on stderr and is counted: the `skipped` test
//!   binary that cargo runs after the suite (tests/skipped.rs,
//!   gui/tests/skipped.rs) prints how many skipped, and which.
//!
//! The count goes through files, one per test process, named after the
//! `cargo test` that started it (the parent process), in cargo's scratch
//! directory: `target/tmp/skips/CARGO_PID.TEST_PID`. Std only: the gui's
//! suite and the summary binaries include this file by path.

use std::io::Write;
use std::path::PathBuf;

/// The variable that turns every skip into a failure.
pub const REQUIRE: &str = "DISKMARK_TEST_REQUIRE";

/// Where the skips of every test process are counted.
fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("skips")
}

/// Whether `DISKMARK_TEST_REQUIRE=all` is set.
pub fn required() -> bool {
    std::env::var(REQUIRE).is_ok_and(|v| v == "all")
}

/// `test` cannot run (or a part of it cannot) for `reason`: a failure
/// under `DISKMARK_TEST_REQUIRE=all`, else said and counted.
pub fn skip(test: &str, reason: &str) {
    // One line each, whatever the reason holds.
    let line = format!("{test}: {reason}").replace(['\n', '\r'], " ");
    if required() {
        panic!(
            "{line} ({REQUIRE}=all: a test that cannot run fails; .ci/run, as root, installs what the suite needs)"
        );
    }
    let _ = writeln!(std::io::stderr(), "SKIPPED {line}");
    let dir = dir();
    let _ = std::fs::create_dir_all(&dir);
    let name = format!(
        "{}.{}",
        std::os::unix::process::parent_id(),
        std::process::id()
    );
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join(name))
    {
        let _ = writeln!(f, "{line}");
    }
}

/// The summary printed by the `skipped` binaries: the skips recorded by
/// the test processes of this `cargo test` (this process's parent), which
/// it then removes, with the records of any `cargo test` that has ended.
pub fn summary() {
    let cargo = std::os::unix::process::parent_id().to_string();
    let mut lines = Vec::new();
    for entry in std::fs::read_dir(dir()).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let owner = name.split('.').next().unwrap_or_default().to_string();
        if owner == cargo {
            let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
            lines.extend(text.lines().map(str::to_string));
        } else if std::path::Path::new("/proc").join(&owner).exists() {
            // Another `cargo test`, still running: its own summary counts it.
            continue;
        }
        let _ = std::fs::remove_file(entry.path());
    }
    lines.sort();
    let how = if required() {
        "a test that cannot run fails instead"
    } else {
        "set it to all to make each a failure"
    };
    let n = lines.len();
    let what = if n == 1 {
        "test (or part of one)"
    } else {
        "tests (or parts of them)"
    };
    println!("skipped: {n} {what} that could not run here ({REQUIRE}: {how})");
    for l in &lines {
        println!("  {l}");
    }
}
