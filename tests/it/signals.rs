//! End to end: SIGINT, SIGTERM and SIGHUP during the pre-fill and during a
//! measure window remove the test file, print the finished tests and exit
//! 128 + signal.

use crate::common;
use common::events::{Events, test_done};
use common::{FOUR_TESTS, disk_dir, json, leftovers, skip};
use rustix::process::{Pid, Signal, kill_process};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn spawn(dir: &Path, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_diskmark"))
        .arg(dir)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits until the test file exists (the run has passed its checks).
fn wait_for_test_file(dir: &Path, child: &mut Child) {
    let start = Instant::now();
    while leftovers(dir).is_empty() {
        assert!(child.try_wait().unwrap().is_none(), "diskmark ended early");
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no test file appeared"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn send(child: &Child, sig: Signal) {
    let pid = Pid::from_child(child);
    kill_process(pid, sig).unwrap();
}

fn interrupt_in_window(sig: Signal, code: i32) {
    let dir = disk_dir();
    let mut args = FOUR_TESTS.to_vec();
    args.extend(["--progress", "jsonl"]);
    let mut child = spawn(dir.path(), &args);
    // The stream says when the second test's measure window opens
    // (docs/report.md#progress-stream): the signal lands there, whatever
    // the machine's load, with the first test finished and the last not.
    let mut events = Events::follow(child.stderr.take().unwrap());
    events.wait_for(Duration::from_secs(120), |v| {
        v["type"] == "window_start" && v["at"]["cell"] == 2
    });
    send(&child, sig);
    let out = child.wait_with_output().unwrap();
    let stderr = events.all().join("\n");
    assert_eq!(out.status.code(), Some(code), "{stderr}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    let v = json(&out.stdout);
    assert_eq!(v["interrupted"], true);
    assert_eq!(v["signal"], code - 128);
    let done = v["tests"].as_array().unwrap().len();
    assert!((1..4).contains(&done), "{done} tests finished of 4");
    for t in v["tests"].as_array().unwrap() {
        assert!(t["result"]["total"]["ios"].as_u64().unwrap() > 0);
    }
    // The stream ends as the run did: interrupted by this signal.
    assert!(
        stderr.contains(&format!("\"interrupted\":\"signal {}\"", code - 128)),
        "{stderr}"
    );
}

#[test]
fn sigint_in_measure_window() {
    interrupt_in_window(Signal::INT, 130);
}

#[test]
fn sigterm_in_measure_window() {
    interrupt_in_window(Signal::TERM, 143);
}

#[test]
fn sighup_in_measure_window() {
    interrupt_in_window(Signal::HUP, 129);
}

fn interrupt_in_prefill(sig: Signal, code: i32) {
    let dir = disk_dir();
    let need = 3u64 << 30;
    let free = diskmark::target::available_space(dir.path())
        .unwrap()
        .unwrap_or(u64::MAX);
    if free < need {
        skip(
            "interrupt_in_prefill",
            &format!("a 2 GiB pre-fill is needed to signal it in flight, {free} bytes free"),
        );
        return;
    }
    let mut child = spawn(
        dir.path(),
        &["--size", "2G", "--profile", "demo", "--format", "json"],
    );
    wait_for_test_file(dir.path(), &mut child);
    send(&child, sig);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{stderr}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    let v = json(&out.stdout);
    assert_eq!(v["interrupted"], true);
    assert_eq!(v["tests"].as_array().unwrap().len(), 0);
}

#[test]
fn sigint_in_prefill() {
    interrupt_in_prefill(Signal::INT, 130);
}

#[test]
fn sigterm_in_prefill() {
    interrupt_in_prefill(Signal::TERM, 143);
}

#[test]
fn text_report_of_an_interrupted_run_says_so() {
    let dir = disk_dir();
    let mut args = FOUR_TESTS[..14].to_vec();
    args.extend(["--progress", "jsonl"]);
    let mut child = spawn(dir.path(), &args);
    // The first test (RND4K Q1T1 read) has ended: the report has a [Read]
    // line, and three tests are left for the signal to land in.
    let mut events = Events::follow(child.stderr.take().unwrap());
    events.wait_for(Duration::from_secs(60), test_done(1));
    send(&child, Signal::INT);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("[Read]"), "{text}");
    assert!(text.contains("interrupted by SIGINT"), "{text}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}
