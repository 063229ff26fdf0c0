//! `--progress jsonl[=PATH]` (docs/report.md#progress-stream): every event
//! of a run as one JSON line, valid against docs/progress.schema.json, in
//! order, with the report's figures; a PATH checked as `-o` is.
//!
//! To regenerate docs/progress.schema.json after a change to the lines:
//! `UPDATE_SCHEMA=1 cargo test --release --test it progress_jsonl::`.

use crate::common;
use common::{TINY, disk_dir, diskmark, leftovers, run_tiny};
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

fn schema_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/progress.schema.json")
}

#[test]
fn the_checked_in_progress_schema_is_the_one_the_types_give() {
    let generated = diskmark::progress::jsonl::schema();
    if std::env::var_os("UPDATE_SCHEMA").is_some_and(|v| v == "1") {
        std::fs::write(schema_path(), &generated).unwrap();
    }
    let checked_in = std::fs::read_to_string(schema_path()).unwrap_or_default();
    assert!(
        checked_in == generated,
        "docs/progress.schema.json differs from the lines' schema; regenerate it with \
         UPDATE_SCHEMA=1 cargo test --release --test it progress_jsonl::"
    );
}

/// Every line parsed and valid against the checked-in schema.
fn parse_valid(text: &str) -> Vec<Value> {
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(schema_path()).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    for v in &lines {
        let errors: Vec<String> = validator.iter_errors(v).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{v}: {errors:?}");
    }
    lines
}

/// A loop's key: its cell and loop number.
fn key(v: &Value) -> (u64, u64) {
    let at = &v["at"];
    (
        at["cell"].as_u64().unwrap(),
        at["loop_index"].as_u64().unwrap(),
    )
}

/// The order a script relies on: plan first, done last, times that never
/// go back, each loop's window opened and closed once and in that order
/// before its end, its figures present as it measured.
fn check_order(lines: &[Value]) {
    let types: Vec<&str> = lines.iter().map(|v| v["type"].as_str().unwrap()).collect();
    assert_eq!(types.first(), Some(&"plan"), "{types:?}");
    assert_eq!(types.last(), Some(&"done"), "{types:?}");
    assert_eq!(types.iter().filter(|t| **t == "plan").count(), 1);
    assert_eq!(types.iter().filter(|t| **t == "done").count(), 1);
    let times: Vec<f64> = lines.iter().map(|v| v["t"].as_f64().unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
    let mut open: Option<(u64, u64)> = None;
    let mut windows: HashMap<(u64, u64), (f64, f64)> = HashMap::new();
    for v in lines {
        match v["type"].as_str().unwrap() {
            "window_start" => {
                assert_eq!(open, None, "a window opened inside another: {v}");
                open = Some(key(v));
                windows.insert(key(v), (v["t"].as_f64().unwrap(), f64::NAN));
            }
            "window_end" => {
                assert_eq!(open.take(), Some(key(v)), "a window closed unopened: {v}");
                windows.get_mut(&key(v)).unwrap().1 = v["t"].as_f64().unwrap();
            }
            "loop_end" => {
                assert_eq!(open, None, "a loop ended inside its window: {v}");
                let (start, end) = windows[&key(v)];
                assert!(start < end, "{v}: window {start}..{end}");
                // A loop in whose window no I/O completed (a busy disk can
                // hold one 4 KiB read longer than a 0.2 s window) has no
                // figures at all; one that has them measured something.
                let f = &v["figures"];
                if !f.is_null() {
                    assert!(f["ios"].as_u64().unwrap() > 0, "{v}");
                    assert!(f["mbps"].as_f64().unwrap() > 0.0, "{v}");
                }
            }
            "live" if v["phase"] == "measure" => {
                assert_eq!(open, Some(key(v)), "a measure tick outside its window: {v}");
            }
            _ => {}
        }
    }
    assert_eq!(open, None);
}

/// The last `cell` of each test in the stream is the report's figure.
fn check_figures(lines: &[Value], report: &Value) {
    let mut last: HashMap<(String, String), &Value> = HashMap::new();
    for v in lines.iter().filter(|v| v["type"] == "loop_end") {
        let at = &v["at"];
        let k = (
            at["requested"].as_str().unwrap().to_string(),
            at["direction"].as_str().unwrap().to_string(),
        );
        last.insert(k, &v["cell"]);
    }
    let tests = report["tests"].as_array().unwrap();
    assert_eq!(last.len(), tests.len(), "{last:?}");
    for t in tests {
        let dir = t["direction"].as_str().unwrap();
        let cell = last[&(t["name"].as_str().unwrap().to_string(), dir.to_string())];
        let r = &t["result"][dir];
        if cell.is_null() {
            // No I/O in any loop: the report has no figure either.
            assert_eq!(r["ios"], 0, "{t}");
            assert!(r["mbps"].is_null(), "{t}");
            continue;
        }
        assert_eq!(cell["ios"], r["ios"], "{t}");
        for (a, b) in [
            ("mbps", &r["mbps"]),
            ("iops", &r["iops"]),
            ("lat_mean_us", &r["lat_us"]["mean"]),
        ] {
            let (a, b) = (cell[a].as_f64().unwrap(), b.as_f64().unwrap());
            assert!((a - b).abs() <= 1e-9 * b.abs(), "{t}: {a} vs {b}");
        }
    }
    let done = lines.last().unwrap();
    assert_eq!(done["tests"].as_u64(), Some(tests.len() as u64));
    assert!(done["interrupted"].is_null());
}

const TWO_LOOPS: [&str; 4] = ["--loops", "2", "--test", "RND4K Q1T1"];

#[test]
fn a_file_stream_holds_every_event_in_order_with_the_reports_figures() {
    let dir = disk_dir();
    let out_dir = tempfile::tempdir().unwrap();
    let stream = out_dir.path().join("events.jsonl");
    let report = out_dir.path().join("r.json");
    let arg = format!("--progress=jsonl={}", stream.display());
    let out = run_tiny(
        dir.path(),
        &[
            &arg,
            "-o",
            report.to_str().unwrap(),
            TWO_LOOPS[0],
            TWO_LOOPS[1],
            TWO_LOOPS[2],
            TWO_LOOPS[3],
        ],
    );
    let lines = parse_valid(&std::fs::read_to_string(&stream).unwrap());
    check_order(&lines);
    let loop_ends = lines.iter().filter(|v| v["type"] == "loop_end").count();
    assert_eq!(loop_ends, 4, "2 loops × read, write");
    let report: Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    check_figures(&lines, &report);
    // The stream went to its file: standard error holds no JSON line.
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.lines().any(|l| l.starts_with('{')), "{stderr}");
}

#[test]
fn the_stderr_stream_takes_the_progress_lines_place() {
    let dir = disk_dir();
    let out = run_tiny(
        dir.path(),
        &[
            "--progress",
            "jsonl",
            "--format",
            "json",
            TWO_LOOPS[0],
            TWO_LOOPS[1],
            TWO_LOOPS[2],
            TWO_LOOPS[3],
        ],
    );
    // Every line of standard error is the stream's: no estimate sentence,
    // no plain progress line in between.
    let lines = parse_valid(&String::from_utf8_lossy(&out.stderr));
    check_order(&lines);
    check_figures(&lines, &common::json(&out.stdout));
}

#[test]
fn a_stream_that_cannot_be_written_stops_and_the_run_goes_on() {
    let dir = disk_dir();
    // /dev/full takes the open and fails every write (ENOSPC).
    let out = run_tiny(
        dir.path(),
        &[
            "--progress",
            "jsonl=/dev/full",
            "--format",
            "json",
            "--test",
            "RND4K Q1T1",
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    let said = stderr.matches("the progress stream stopped").count();
    assert_eq!(said, 1, "{stderr}");
    assert_eq!(
        common::json(&out.stdout)["tests"].as_array().unwrap().len(),
        2
    );
}

/// Runs with `--progress jsonl=PATH`: refused in one sentence naming the
/// option, exit 2, no test file.
fn refused(target: &Path, path: &Path, why: &str) {
    let arg = format!("--progress=jsonl={}", path.display());
    let out = diskmark()
        .arg(target)
        .args(TINY)
        .arg(&arg)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("--progress") && stderr.contains(why),
        "{stderr}"
    );
    assert_eq!(leftovers(target), Vec::<String>::new());
}

#[test]
fn a_stream_path_that_cannot_be_one_is_refused_up_front() {
    let dir = disk_dir();
    let elsewhere = tempfile::tempdir().unwrap();
    refused(dir.path(), dir.path(), "is the target under test");
    refused(dir.path(), elsewhere.path(), "is a directory");
    let missing = elsewhere.path().join("missing/events.jsonl");
    refused(dir.path(), &missing, "does not exist");
    let out = diskmark()
        .arg(dir.path())
        .args(TINY)
        .args(["--progress", "yaml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("jsonl"));
}

/// The notes come as `warning` lines as soon as the run knows them
/// (issue 27 item 1): a psync run on tmpfs says before its pre-fill that
/// Q8T1 runs as Q1T8 and that tmpfs is memory; a test stopped (SIGSTOP,
/// sent once its window opened) says so right after its last `loop_end`,
/// about that test. They are the report's notes, in the same words.
#[test]
fn the_notes_come_as_warnings_as_soon_as_the_run_knows_them() {
    use rustix::process::{Pid, Signal, kill_process};
    let dir = tempfile::tempdir_in("/dev/shm").expect("a directory on tmpfs");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_diskmark"))
        .arg(dir.path())
        .args(["--size", "16M", "--measure", "3", "--warmup", "0"])
        .args(["--interval", "0", "--loops", "1", "--engine", "psync"])
        .args(["--mode", "read", "--test", "SEQ1M Q8T1", "--format", "json"])
        .args(["--progress", "jsonl"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut events = common::events::Events::follow(child.stderr.take().unwrap());
    events.wait_for(
        std::time::Duration::from_secs(60),
        common::events::window_start,
    );
    let pid = Pid::from_child(&child);
    kill_process(pid, Signal::STOP).unwrap();
    // The stop itself, which the run must see and name (it counts a gap of
    // over 0.4 s): not a phase.
    std::thread::sleep(std::time::Duration::from_millis(800));
    kill_process(pid, Signal::CONT).unwrap();
    let out = child.wait_with_output().unwrap();
    let lines = parse_valid(&events.all().join("\n"));
    assert!(out.status.success());
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    check_order(&lines);
    let report = common::json(&out.stdout);
    let index = |want: &dyn Fn(&Value) -> bool| lines.iter().position(want);
    let warning = |at_null: bool, sentence: &str| {
        index(&|v: &Value| {
            v["type"] == "warning" && v["at"].is_null() == at_null && v["sentence"] == sentence
        })
    };
    // The run's: before the pre-fill, and each of done's notes.
    let prefill = index(&|v: &Value| v["type"] == "prefill").expect("a pre-fill line");
    let done = lines.last().unwrap();
    let notes: Vec<&str> = (done["notes"].as_array().unwrap().iter())
        .map(|n| n.as_str().unwrap())
        .collect();
    for want in [
        "psync is synchronous: Q8T1 ran as Q1T8",
        "tmpfs is memory, not a disk: O_DIRECT is accepted but has no effect",
    ] {
        assert!(notes.contains(&want), "{notes:?}");
        let at = warning(true, want).unwrap_or_else(|| panic!("no warning {want:?}: {lines:#?}"));
        assert!(
            at < prefill,
            "{want:?} at line {at}, the pre-fill at {prefill}"
        );
    }
    for n in &notes {
        assert!(
            warning(true, n).is_some(),
            "done's note {n:?} was no warning"
        );
    }
    // The test's: each of its observations, about it, after its loop_end.
    let observations = report["tests"][0]["observations"].as_array().unwrap();
    let stopped = (observations.iter())
        .filter_map(|o| o.as_str())
        .find(|o| o.starts_with("SEQ1M Q8T1 read: diskmark did not run for "))
        .unwrap_or_else(|| panic!("no stop note: {observations:?}"));
    let loop_end = index(&|v: &Value| v["type"] == "loop_end").unwrap();
    for o in observations {
        let at = warning(false, o.as_str().unwrap())
            .unwrap_or_else(|| panic!("no warning {o}: {lines:#?}"));
        assert!(
            at > loop_end,
            "{o} at line {at}, the loop's end at {loop_end}"
        );
        assert_eq!(lines[at]["at"]["requested"], "SEQ1M Q8T1");
        assert_eq!(lines[at]["at"]["applied"], "SEQ1M Q1T8");
        assert_eq!(lines[at]["at"]["direction"], "read");
    }
    assert!(warning(false, stopped).is_some());
}
