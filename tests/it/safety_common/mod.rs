//! Helpers of the issue-13 end-to-end tests (safety_files, safety_limits):
//! a run of the real binary with a deadline, the moment its test file
//! appears and is pre-filled, checksums of what must not change.
#![allow(dead_code)]

use crate::common::events::{Events, window_start};
use crate::common::{leftovers, skip};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// No run here may take longer: a run that does has hung.
pub const DEADLINE: Duration = Duration::from_secs(60);

/// One read test of 1.5 s on a 16 MiB file: time to act on the file while
/// the run is in its window.
pub const ONE_TEST: [&str; 14] = [
    "--size",
    "16M",
    "--measure",
    "1.5",
    "--warmup",
    "0",
    "--interval",
    "0",
    "--loops",
    "1",
    "--test",
    "RND4K Q1T1",
    "--format",
    "json",
];

/// Starts diskmark on `dir`. A `DISKMARK_TEST_*` variable in `env` is a
/// test hook, honoured only by the binary with the hooks (src/testing.rs).
pub fn spawn(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Child {
    let hooked = env.iter().any(|(k, _)| k.starts_with("DISKMARK_TEST_"));
    let bin = if hooked {
        env!("CARGO_BIN_EXE_diskmark-test-hooks")
    } else {
        env!("CARGO_BIN_EXE_diskmark")
    };
    Command::new(bin)
        .arg(dir)
        .args(args)
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits for the child within [`DEADLINE`]; kills it and fails if it hangs.
pub fn finish(mut child: Child) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "diskmark hung for {DEADLINE:?}; stderr: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.wait_with_output().unwrap()
}

/// Waits until a test file exists in `dir` and returns its name.
pub fn wait_for_test_file(dir: &Path, child: &mut Child) -> String {
    let start = Instant::now();
    loop {
        if let Some(n) = leftovers(dir).into_iter().next() {
            return n;
        }
        assert!(child.try_wait().unwrap().is_none(), "diskmark ended early");
        assert!(start.elapsed() < DEADLINE, "no test file appeared");
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Starts diskmark on `dir` as [`spawn`] does, with `--progress jsonl`,
/// and follows the stream on its stderr (docs/report.md#progress-stream).
pub fn spawn_following(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> (Child, Events) {
    let args = [args, &["--progress", "jsonl"]].concat();
    let mut child = spawn(dir, &args, env);
    let events = Events::follow(child.stderr.take().unwrap());
    (child, events)
}

/// Waits until the run's first measure window opens: its test file is
/// pre-filled (and past its fsync), and the run is in its tests.
pub fn wait_for_window(events: &mut Events) {
    events.wait_for(DEADLINE, window_start);
}

/// [`finish`] for a child of [`spawn_following`]: its stderr is the
/// stream's lines, which [`stderr`] leaves out.
pub fn finish_following(child: Child, events: Events) -> Output {
    let mut out = finish(child);
    out.stderr = events.all().join("\n").into_bytes();
    out
}

/// What diskmark said on stderr, without its progress (the estimate and
/// one line per finished test, docs/report.md#progress, or the lines of
/// `--progress jsonl`), which comes before a fault that ends a run midway.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| !is_progress(l))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// `[3/8] RND4K Q32T1 read  ...`, or the estimate (`Demo: 1 test read × 1
/// loop, about 1.6 s, ...`), or a line of the stream (warnings and errors
/// never start with `{`).
fn is_progress(line: &str) -> bool {
    if line.starts_with('{') {
        return true;
    }
    let tag = line
        .strip_prefix('[')
        .and_then(|r| r.split_once("] "))
        .and_then(|(t, _)| t.split_once('/'))
        .is_some_and(|(a, b)| a.parse::<u32>().is_ok() && b.parse::<u32>().is_ok());
    let estimate =
        line.contains(" × ") && (line.contains(", about ") || line.contains(", at most "));
    tag || estimate
}

pub fn checksum(path: &Path) -> u32 {
    crc32c::crc32c(&std::fs::read(path).unwrap())
}

/// A user's file of 1 MiB that is not all one byte.
pub fn user_file(path: &Path) -> u32 {
    let data: Vec<u8> = (0..1u32 << 20).map(|i| (i * 7 + i / 4096) as u8).collect();
    std::fs::write(path, &data).unwrap();
    checksum(path)
}

/// `prlimit` with `args` around diskmark, or why it cannot run here.
pub fn prlimit(limit: &str, dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Option<Output> {
    if Command::new("prlimit").arg("--version").output().is_err() {
        skip("prlimit", "util-linux's prlimit is not installed");
        return None;
    }
    let child = Command::new("prlimit")
        .arg(limit)
        .arg(env!("CARGO_BIN_EXE_diskmark"))
        .arg(dir)
        .args(args)
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    Some(finish(child))
}
