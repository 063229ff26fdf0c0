//! Time, stated (docs/report.md#progress): the estimate said at the start
//! against the real elapsed time, the plain line per finished test when
//! standard error is not a terminal, `--quiet`, the JSON's elapsed time,
//! and on a terminal (tmux) the progress line cut to its width.

use crate::common;
use common::tmux::Tmux;
use common::{disk_dir, diskmark, leftovers, skip};
use serde_json::Value;
use std::time::{Duration, Instant};
use unicode_width::UnicodeWidthStr;

/// Two loops of 0.1 + 0.3 s per cell, no pause.
const SMALL: [&str; 10] = [
    "--size",
    "16MiB",
    "--loops",
    "2",
    "--measure",
    "0.3",
    "--warmup",
    "0.1",
    "--interval",
    "0",
];

/// A run of [`SMALL`] with `extra`, its JSON on stdout: the JSON and what
/// stderr said.
fn small_run(dir: &std::path::Path, extra: &[&str]) -> (Value, String) {
    let out = diskmark()
        .arg(dir)
        .args(SMALL)
        .args(["--format", "json"])
        .args(extra)
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(leftovers(dir), Vec::<String>::new());
    let json = serde_json::from_slice(&out.stdout).expect("the report is JSON");
    (json, String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Two tests, read and write: four cells.
const PEAK: [&str; 2] = ["--profile", "peak"];

fn f64_at(v: &Value, pointer: &str) -> f64 {
    v.pointer(pointer)
        .and_then(Value::as_f64)
        .unwrap_or_else(|| panic!("no number at {pointer}"))
}

#[test]
fn the_estimate_at_the_start_holds_and_elapsed_is_recorded() {
    let dir = disk_dir();
    let (json, err) = small_run(dir.path(), &PEAK);
    let planned = f64_at(&json, "/planned_s");
    let elapsed = f64_at(&json, "/elapsed_s");
    let prefill = f64_at(&json, "/test_file/prefill_ns") / 1e9;
    // The estimate leaves the pre-fill out, and says so.
    let real = elapsed - prefill;
    eprintln!(
        "planned {planned:.3} s, took {real:.3} s without the pre-fill ({prefill:.3} s): {:+.1} %",
        (planned - real) / real * 100.0
    );
    // The run cannot beat its windows and pauses, so an estimate more than
    // 10 % above what it took is wrong; a loaded machine adds set-up time,
    // so the run may take up to 1.5× the estimate (issue 27: 10 % either
    // way failed at load 10). A term left out (the loops, the pauses)
    // still shows: this run's second loop alone is half of it.
    assert!(
        0.9 * planned <= real && real <= 1.5 * planned,
        "planned {planned:.3} s, took {real:.3} s without the pre-fill"
    );
    let words = diskmark::run::estimate::duration_words(Duration::from_secs_f64(planned));
    let first = err.lines().next().unwrap_or_default();
    assert_eq!(
        first,
        format!(
            "Peak Performance: 4 tests (2 × read, write) × 2 loops, about {words}, plus the pre-fill of 16 MiB"
        ),
        "{err}"
    );
    // The whole run holds every measure window, and not much besides.
    let windows: f64 = json["tests"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["loops"].as_array().unwrap())
        .map(|l| l["window_ns"].as_f64().unwrap() / 1e9)
        .sum();
    assert!(
        (2.39..2.41).contains(&windows),
        "8 windows of 0.3 s: {windows}"
    );
    assert!(
        elapsed >= windows && elapsed < 3.0 * windows,
        "{elapsed} s for {windows} s of windows"
    );
}

/// `[3/4] RND4K Q32T1 read  247.612 MB/s  60452.3 IOPS  528.91 us`, as
/// the JSON's test `t` gives it.
fn line_of(t: &Value, n: usize, cells: usize) -> String {
    let dir = t["direction"].as_str().unwrap();
    let figures = &t["result"][dir];
    format!(
        "[{n}/{cells}] {} {dir}  {:.3} MB/s  {:.1} IOPS  {:.2} us",
        t["applied_name"].as_str().unwrap(),
        figures["mbps"].as_f64().unwrap(),
        figures["iops"].as_f64().unwrap(),
        figures["lat_us"]["mean"].as_f64().unwrap()
    )
}

#[test]
fn without_a_terminal_one_plain_line_per_finished_test_and_quiet_silences_it() {
    let dir = disk_dir();
    let (json, err) = small_run(dir.path(), &PEAK);
    let tests = json["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 4);
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with('[')).collect();
    let expected: Vec<String> = tests
        .iter()
        .enumerate()
        .map(|(i, t)| line_of(t, i + 1, tests.len()))
        .collect();
    assert_eq!(lines, expected, "stderr:\n{err}");
    // Nothing of the terminal's line: no carriage return, no escape.
    assert!(!err.contains('\r') && !err.contains('\x1b'), "{err:?}");

    // The text report on stdout holds none of them.
    let out = diskmark()
        .arg(dir.path())
        .args(SMALL)
        .args(["--mode", "read", "--profile", "demo"])
        .assert()
        .success()
        .get_output()
        .clone();
    let (stdout, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(!stdout.contains("[1/1]"), "{stdout}");
    assert!(err.contains("\n[1/1] SEQ1M Q8T1 read  "), "{err}");
    // psync runs Q8T1 as Q1T8: the line says what ran, beside what was
    // asked.
    let out = diskmark()
        .arg(dir.path())
        .args(SMALL)
        .args(["--mode", "read", "--profile", "demo", "--engine", "psync"])
        .assert()
        .success()
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("\n[1/1] SEQ1M Q8T1 → ran Q1T8 read  "),
        "{err}"
    );
    assert!(
        err.starts_with("Demo: 1 test read × 2 loops, about "),
        "{err}"
    );

    let (_, err) = small_run(dir.path(), &["--profile", "peak", "--quiet"]);
    assert_eq!(err, "", "--quiet prints nothing on stderr");
}

/// Display columns of the widest line of `screen`.
fn widest(screen: &str) -> usize {
    screen.lines().map(|l| l.width()).max().unwrap_or(0)
}

/// The rows of the screen that are the progress line.
fn progress_rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .filter(|l| l.starts_with("[") || l.starts_with("pre-fill"))
        .map(str::to_string)
        .collect()
}

/// Runs `script` in a tmux pane of `width` columns and captures the
/// pane, lines the terminal wrapped joined back, until it prints DONE.
fn captures(width: u16, script: &str) -> Option<Vec<String>> {
    let cwd = tempfile::tempdir().unwrap();
    std::fs::write(cwd.path().join("run.sh"), script).unwrap();
    let t = Tmux::start_sized(cwd.path(), width, 12)?;
    t.keys(&["clear; sh run.sh", "Enter"]);
    let start = Instant::now();
    let mut screens = Vec::new();
    loop {
        let s = t.screen_joined();
        let done = s.lines().any(|l| l == "DONE");
        screens.push(s);
        if done {
            return Some(screens);
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no DONE in 60 s: {screens:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Four cells of two loops of 0.1 + 0.5 s, 0.3 s apart: long enough for
/// a few captures of each.
fn run_script(dir: &std::path::Path, extra: &str) -> String {
    format!(
        "{} {} --profile peak --size 16MiB --loops 2 --measure 0.5 --warmup 0.1 --interval 0.3 {extra} > /dev/null\necho DONE\n",
        env!("CARGO_BIN_EXE_diskmark"),
        dir.display(),
    )
}

#[test]
fn on_a_terminal_the_line_fits_its_width_and_says_test_and_time_left() {
    if crate::common::tmux::tmux().arg("-V").output().is_err() {
        return skip("the progress line in a terminal", "tmux is not installed");
    }
    let dir = disk_dir();
    let Some(narrow) = captures(40, &run_script(dir.path(), "")) else {
        return skip("the progress line in a terminal", "tmux could not start");
    };
    let rows: Vec<String> = narrow.iter().flat_map(|s| progress_rows(s)).collect();
    assert!(rows.len() >= 5, "the line showed: {narrow:?}");
    for r in &rows {
        // A line wider than the pane would have wrapped: joined, it would
        // be longer than 40 columns.
        assert!(r.width() <= 40, "{} columns: {r:?}", r.width());
    }
    assert!(rows.iter().any(|r| r.starts_with("[3/4] ")), "{rows:?}");

    let Some(wide) = captures(200, &run_script(dir.path(), "")) else {
        return skip("the progress line in a terminal", "tmux could not start");
    };
    let rows: Vec<String> = wide.iter().flat_map(|s| progress_rows(s)).collect();
    let full = rows
        .iter()
        .find(|r| r.contains(" left  ") && r.contains(" loop ") && r.contains(" MB/s"));
    let full = full.unwrap_or_else(|| panic!("no full line: {rows:?}"));
    assert!(full.starts_with('[') && full.contains("/4] "), "{full}");
    // Once done, the line is gone.
    let last = wide.last().unwrap();
    assert!(progress_rows(last).is_empty(), "{last}");

    let Some(quiet) = captures(200, &run_script(dir.path(), "--quiet")) else {
        return skip("the progress line in a terminal", "tmux could not start");
    };
    for s in &quiet {
        assert!(progress_rows(s).is_empty(), "--quiet drew: {s}");
        assert!(!s.contains("about"), "--quiet said: {s}");
    }
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

/// What the helper draws: wider than any pane here, with characters of
/// two bytes (µ, ×) and of two columns (漢字).
const WIDE_TEXT: &str = "wide: 528.9 µs × 4 漢字 ";

#[test]
fn a_status_line_with_wide_characters_is_cut_to_the_width() {
    if let Some(go) = std::env::var_os("DISKMARK_TEST_DRAW_HELPER") {
        // The helper, in tmux: draws, and waits for the file `go` (a key
        // typed would move the cursor).
        let mut line = diskmark::progress::StatusLine::new(true);
        line.draw(true, || Some(WIDE_TEXT.repeat(10)));
        let start = Instant::now();
        while !std::path::Path::new(&go).exists() && start.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(20));
        }
        line.finish();
        println!("DONE");
        return;
    }
    if crate::common::tmux::tmux().arg("-V").output().is_err() {
        return skip("a status line of wide characters", "tmux is not installed");
    }
    let exe = std::env::current_exe().unwrap();
    let script = format!(
        "DISKMARK_TEST_DRAW_HELPER=go {} --exact progress::a_status_line_with_wide_characters_is_cut_to_the_width --nocapture -q > /dev/null\necho DONE\n",
        exe.display()
    );
    let cwd = tempfile::tempdir().unwrap();
    std::fs::write(cwd.path().join("draw.sh"), script).unwrap();
    let Some(t) = Tmux::start_sized(cwd.path(), 40, 12) else {
        return skip("a status line of wide characters", "tmux could not start");
    };
    t.keys(&["clear; sh draw.sh", "Enter"]);
    t.wait_for("wide: ", 30);
    let s = t.screen_joined();
    let row = s.lines().find(|l| l.starts_with("wide: "));
    let row = row.unwrap_or_else(|| panic!("no line drawn: {s}"));
    assert!(
        row.width() <= 40 && row.width() >= 36,
        "{} columns: {row:?}",
        row.width()
    );
    assert!(row.starts_with(WIDE_TEXT.trim_end()), "{row:?}");
    assert!(widest(&s) <= 40, "{s}");
    std::fs::write(cwd.path().join("go"), "").unwrap();
    let s = t.wait_for("DONE", 30);
    assert!(!s.contains("wide: "), "the line was not cleared: {s}");
}
