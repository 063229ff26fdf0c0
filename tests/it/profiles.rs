//! End to end: the real binary on a directory on the disk, with tiny
//! settings, for every profile, Mix, each mode and custom tests.

use crate::common;
use common::{TINY, disk_dir, diskmark, json, leftovers, run_tiny};
use serde_json::Value;

/// Runs diskmark with TINY settings plus `args` in a fresh disk directory;
/// returns its JSON report after checking that no test file is left.
fn run_json(args: &[&str]) -> Value {
    // What a profile runs, not what a disk gives: in memory every 0.2 s
    // window completes I/O (common::memory_dir).
    let dir = common::memory_dir();
    let out = run_tiny(dir.path(), &[&["--format", "json"][..], args].concat());
    json(&out.stdout)
}

/// The (name, direction) pairs of a JSON report, in order.
fn tests_of(v: &Value) -> Vec<(String, String)> {
    v["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["direction"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// MB/s is bytes over the window, and so IOPS × block size. A loop whose
/// window saw no I/O complete (a 0.2 s window on a shared disk that stalls
/// under load) has no figure at all, and says 0 I/Os: no I/O, no number.
/// Most loops did I/O.
fn check_arithmetic(v: &Value) {
    let (mut with, mut without) = (0, 0);
    for t in v["tests"].as_array().unwrap() {
        let bs = t["block_size"].as_f64().unwrap();
        for l in t["loops"].as_array().unwrap().iter().chain([&t["result"]]) {
            let total = &l["total"];
            let (Some(mbps), Some(iops)) = (total["mbps"].as_f64(), total["iops"].as_f64()) else {
                assert!(total["mbps"].is_null() && total["iops"].is_null(), "{t}");
                assert_eq!(
                    total["ios"].as_u64().unwrap_or(0),
                    0,
                    "a figure is missing: {t}"
                );
                without += 1;
                continue;
            };
            with += 1;
            assert!(
                total["ios"].as_u64().unwrap() > 0,
                "a figure with no I/O in {t}"
            );
            assert!(
                (mbps - iops * bs / 1e6).abs() <= 1e-9 * mbps.max(1.0),
                "MB/s {mbps} != IOPS {iops} x {bs}"
            );
            let window = l["window_ns"].as_f64().unwrap();
            let bytes = total["bytes"].as_f64().unwrap();
            assert!((mbps - bytes / (window / 1e9) / 1e6).abs() <= 1e-9 * mbps.max(1.0));
        }
    }
    assert!(
        with > without,
        "{without} of {} without I/O",
        with + without
    );
}

fn names(profile_tests: &[&str], directions: &[&str]) -> Vec<(String, String)> {
    directions
        .iter()
        .flat_map(|d| {
            profile_tests
                .iter()
                .map(move |t| (t.to_string(), d.to_string()))
        })
        .collect()
}

#[test]
fn every_profile_runs_each_test_read_then_write() {
    let profiles: [(&str, &[&str]); 6] = [
        (
            "default",
            &["SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "RND4K Q1T1"],
        ),
        (
            "nvme",
            &["SEQ1M Q8T1", "SEQ128K Q32T1", "RND4K Q32T16", "RND4K Q1T1"],
        ),
        ("peak", &["SEQ1M Q8T1", "RND4K Q32T1"]),
        ("peak-nvme", &["SEQ1M Q8T1", "RND4K Q32T16"]),
        ("real", &["SEQ1M Q1T1", "RND4K Q1T1"]),
        ("demo", &["SEQ1M Q8T1"]),
    ];
    for (profile, tests) in profiles {
        let v = run_json(&["--profile", profile]);
        assert_eq!(tests_of(&v), names(tests, &["read", "write"]), "{profile}");
        assert_eq!(v["settings"]["profile"], profile);
        let want_stat = if matches!(profile, "default" | "nvme") {
            "mean"
        } else {
            "best"
        };
        assert_eq!(v["settings"]["loop_stat"], want_stat, "{profile}");
        check_arithmetic(&v);
    }
}

#[test]
fn psync_applies_depth_as_threads_and_says_so() {
    let v = run_json(&["--engine", "psync", "--profile", "nvme", "--mode", "read"]);
    let t: Vec<&Value> = v["tests"].as_array().unwrap().iter().collect();
    let applied = |i: usize| {
        (
            t[i]["applied"]["q"].as_u64().unwrap(),
            t[i]["applied"]["t"].as_u64().unwrap(),
        )
    };
    assert_eq!(applied(0), (1, 8));
    assert_eq!(applied(1), (1, 32));
    // Q32T16 = 512 I/Os in flight, capped at 256 threads.
    assert_eq!(applied(2), (1, 256));
    assert_eq!(applied(3), (1, 1));
    let notes: Vec<&str> = v["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert!(
        notes.contains(&"psync is synchronous: Q8T1 ran as Q1T8"),
        "{notes:?}"
    );
    assert!(notes.contains(&"psync is synchronous: Q32T16 ran as Q1T256 (at most 256 threads)"));
}

#[test]
fn mix_adds_mix_tests_with_the_split_kept() {
    let v = run_json(&["--profile", "real", "--mix", "--mix-read", "60"]);
    assert_eq!(
        tests_of(&v),
        names(&["SEQ1M Q1T1", "RND4K Q1T1"], &["read", "write", "mix"])
    );
    for t in v["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["direction"] == "mix")
    {
        assert_eq!(t["read_pct"], 60);
        let r = &t["result"];
        let (ri, wi) = (
            r["read"]["ios"].as_u64().unwrap(),
            r["write"]["ios"].as_u64().unwrap(),
        );
        assert_eq!(r["total"]["ios"].as_u64().unwrap(), ri + wi);
        assert!(ri > 0 && wi > 0, "{r}");
        // 60% reads, within 5 standard deviations of a binomial draw of
        // this many I/Os (SEQ1M may complete only a few dozen in 0.2 s).
        let n = (ri + wi) as f64;
        let share = ri as f64 / n;
        let bound = 5.0 * (0.6f64 * 0.4 / n).sqrt();
        assert!(
            (share - 0.6).abs() <= bound,
            "read share {share} of {n} I/Os"
        );
    }
    check_arithmetic(&v);
}

#[test]
fn each_mode_runs_only_its_sections() {
    let v = run_json(&["--profile", "demo", "--mode", "read"]);
    assert_eq!(tests_of(&v), names(&["SEQ1M Q8T1"], &["read"]));
    let v = run_json(&["--profile", "demo", "--mode", "write"]);
    assert_eq!(tests_of(&v), names(&["SEQ1M Q8T1"], &["write"]));
    let v = run_json(&["--profile", "demo", "--mode", "rw"]);
    assert_eq!(tests_of(&v), names(&["SEQ1M Q8T1"], &["read", "write"]));
    let v = run_json(&["--profile", "demo", "--mode", "write", "--mix"]);
    assert_eq!(tests_of(&v), names(&["SEQ1M Q8T1"], &["write", "mix"]));
    let v = run_json(&["--profile", "demo", "--mode", "mix"]);
    assert_eq!(tests_of(&v), names(&["SEQ1M Q8T1"], &["mix"]));
}

#[test]
fn custom_tests_in_any_notation() {
    let v = run_json(&[
        "--test",
        "seq128k q2t2",
        "--test",
        "RND4K-Q1T3",
        "--mode",
        "read",
    ]);
    assert_eq!(
        tests_of(&v),
        names(&["SEQ128K Q2T2", "RND4K Q1T3"], &["read"])
    );
    assert_eq!(v["settings"]["profile"], "custom");
    check_arithmetic(&v);
}

#[test]
fn buffered_and_zeros_and_loops() {
    let v = run_json(&[
        "--test",
        "RND4K Q1T1",
        "--buffered",
        "--data",
        "zeros",
        "--loops",
        "2",
        "--loop-stat",
        "median",
    ]);
    assert_eq!(v["settings"]["direct"], false);
    assert_eq!(v["settings"]["data"], "zeros");
    for t in v["tests"].as_array().unwrap() {
        assert_eq!(t["loops"].as_array().unwrap().len(), 2);
        assert!(t["selected_loop"].is_u64());
    }
    let write = &v["tests"][1];
    assert_eq!(write["direction"], "write");
    // Buffered writes end with an fsync inside the window.
    for l in write["loops"].as_array().unwrap() {
        let (w, f) = (
            l["window_ns"].as_u64().unwrap(),
            l["fsync_ns"].as_u64().unwrap(),
        );
        assert!(f > 0 && w == 200_000_000 + f, "window {w}, fsync {f}");
    }
    let notes = v["notes"].to_string();
    assert!(notes.contains("fsync"), "{notes}");
    check_arithmetic(&v);
}

#[test]
fn text_report_has_kdiskmark_layout() {
    let dir = common::memory_dir();
    let out = run_tiny(
        dir.path(),
        &["--engine", "psync", "--profile", "default", "--mix"],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].trim_start().starts_with("diskmark ("), "{text}");
    assert_eq!(lines[0].len(), 80);
    assert_eq!(lines[1], format!("{:>80}", "Native I/O engine: psync"));
    assert_eq!(lines[2], "-".repeat(80));
    assert_eq!(
        lines[3],
        "* MB/s = 1,000,000 bytes/s [SATA/600 = 600,000,000 bytes/s]"
    );
    assert_eq!(lines[4], "* KB = 1000 bytes, KiB = 1024 bytes");
    for section in ["[Read]", "[Write]", "[Mix] Read 70%/Write 30%"] {
        assert!(lines.contains(&section), "{section} missing:\n{text}");
    }
    let results: Vec<&&str> = lines.iter().filter(|l| l.contains(" MB/s [")).collect();
    assert_eq!(results.len(), 12, "{text}");
    // A number wider than its field takes the line's left margin
    // (docs/report.md#result-lines): tmpfs can give a million IOPS.
    assert!(
        results[0].starts_with("Sequential   1 MiB (Q=  1, T= 8):"),
        "{}",
        results[0]
    );
    assert!(
        results[2]
            .trim_start()
            .starts_with("Random   4 KiB (Q=  1, T=32):"),
        "{}",
        results[2]
    );
    for l in &results {
        assert_eq!(l.len(), 80, "{l}");
    }
    assert!(text.contains("\nProfile: Default [+Mix]\n"));
    assert!(text.contains("\n Engine: psync (native)\n"));
    assert!(
        text.contains("\n   Test: 16 MiB (x1) [Measure: 0.2 sec / Interval: 0 sec]\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "\n   Mode: O_DIRECT, random data, cache dropped, warm-up 0.1 sec, loops mean\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("\n  Notes: psync is synchronous: Q8T1 ran as Q1T8\n"),
        "{text}"
    );
    assert!(text.lines().any(|l| l.starts_with(" Target: ")));
    assert!(text.lines().any(|l| l.starts_with("     FS: ")));
    // Nothing but the report on stdout; on stderr (not a terminal) only
    // the estimate and one line per finished test (docs/report.md#progress).
    let err = String::from_utf8_lossy(&out.stderr);
    let mut lines = err.lines();
    assert!(
        lines.next().is_some_and(|l| l.starts_with("Default: ")),
        "{err}"
    );
    assert_eq!(lines.filter(|l| !l.starts_with('[')).count(), 0, "{err}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn output_file_gets_the_report_and_stdout_stays_empty() {
    let dir = disk_dir();
    let report = dir.path().join("result.json");
    let out = diskmark()
        .arg(dir.path())
        .args(TINY)
        .args(["--profile", "demo", "--mode", "read", "-o"])
        .arg(&report)
        .assert()
        .success()
        .get_output()
        .clone();
    assert!(out.stdout.is_empty());
    let v = json(&std::fs::read(&report).unwrap());
    assert_eq!(v["schema_version"], 1);
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn seed_is_recorded_and_random_by_default() {
    // The null engine: the seed is the run's whatever its I/O, and a 0.2 s
    // window on a loaded machine may hold no completed read (a Demo run on
    // /dev/shm did, at a load of 8.5), which fails the run.
    let demo = ["--profile", "demo", "--mode", "read", "--engine", "null"];
    let v = run_json(&[&demo[..], &["--seed", "1234"]].concat());
    assert_eq!(v["settings"]["seed"], 1234);
    let a = run_json(&demo);
    let b = run_json(&demo);
    assert_ne!(a["settings"]["seed"], b["settings"]["seed"]);
}

#[test]
fn null_engine_runs_the_whole_pipeline_without_io() {
    let v = run_json(&["--engine", "null", "--test", "RND4K Q32T2", "--mix"]);
    assert_eq!(v["engine"]["name"], "null");
    for t in v["tests"].as_array().unwrap() {
        assert_eq!(t["applied"]["q"], 32);
        assert_eq!(t["applied"]["t"], 2);
    }
    check_arithmetic(&v);
}
