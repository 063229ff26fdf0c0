//! compare that a CI job can trust (issue 19 §1): settings compared
//! first, changes marked better or worse in each figure's own sense, loop
//! spread and "within noise", `--fail-if-worse`, and `--label` naming runs
//! in compare and the history.

use crate::common;
use common::{TINY, disk_dir, diskmark, json, run_tiny};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// A result as diskmark writes it, with the fields compare reads: its
/// figures scaled by `scale` (MB/s and IOPS times it, latency divided by
/// it, as a slower or faster drive gives), and each figure's loop spread.
struct Fixture {
    scale: f64,
    /// CI95 half-width of each figure, percent; `None`: one loop.
    ci95_pct: Option<f64>,
    /// The loops with figures when `ci95_pct` is given.
    loops: usize,
    engine: &'static str,
    direct: bool,
    /// Applied Q/T of RND4K Q32T1 (a synchronous engine runs it Q1T32).
    rnd_q32: (u32, u32),
    label: Option<&'static str>,
}

impl Default for Fixture {
    fn default() -> Self {
        Fixture {
            scale: 1.0,
            ci95_pct: None,
            loops: 5,
            engine: "io_uring (native)",
            direct: true,
            rnd_q32: (32, 1),
            label: None,
        }
    }
}

impl Fixture {
    fn scaled(scale: f64) -> Fixture {
        Fixture {
            scale,
            ..Fixture::default()
        }
    }

    fn json(&self) -> Value {
        let s = self.scale;
        let tests: Vec<Value> = [
            ("SEQ1M Q8T1", "read", 3000.0, 2861.0, 2796.0, (8, 1)),
            ("SEQ1M Q8T1", "write", 2000.0, 1907.0, 4194.0, (8, 1)),
            ("RND4K Q32T1", "read", 600.0, 146_484.0, 218.0, self.rnd_q32),
            ("RND4K Q1T1", "read", 80.0, 19531.0, 51.2, (1, 1)),
        ]
        .iter()
        .map(|(name, dir, mbps, iops, lat, (q, t))| {
            let loops = if self.ci95_pct.is_some() { self.loops } else { 1 };
            let total = json!({"ios": 1000, "mbps": mbps * s, "iops": iops * s, "lat_us": {"mean": lat / s}});
            let spread = |mean: f64| {
                let mut v = json!({"min": mean, "median": mean, "max": mean, "mean": mean, "stddev": 0.0});
                if let Some(ci) = self.ci95_pct {
                    v["ci95_pct"] = json!(ci);
                }
                v
            };
            json!({"name": name, "direction": dir, "read_pct": null,
                "requested": {"q": 0, "t": 0}, "applied": {"q": q, "t": t},
                "result": {"total": total},
                "loops": vec![json!({"total": total}); loops],
                "across_loops": {"mbps": spread(mbps * s), "iops": spread(iops * s), "mean_lat_us": spread(lat / s)}})
        })
        .collect();
        let mut v = json!({"schema_version": 1, "tool": {"name": "diskmark", "version": "0.1.0"},
            "date": "2026-11-01T10:00:00+00:00",
            "target": {"path": "/mnt/data", "fs_type": "ext4", "dev": "259:1",
                "device": {"model": "Samsung SSD 980", "name": "nvme0n1p1"}},
            "engine": {"name": "x", "label": self.engine},
            "settings": {"profile": "default", "tests": [], "size_bytes": 1u64 << 30, "data": "random",
                "direct": self.direct, "loop_stat": "mean", "loops": 5},
            "tests": tests});
        if let Some(l) = self.label {
            v["label"] = json!(l);
        }
        v
    }

    fn write(&self, dir: &Path, name: &str) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, self.json().to_string()).unwrap();
        p
    }
}

/// compare's exit code, stdout and stderr.
fn compare(args: &[&std::ffi::OsStr]) -> (Option<i32>, String, String) {
    let out = diskmark().arg("compare").args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn os<T: AsRef<std::ffi::OsStr> + ?Sized>(s: &T) -> &std::ffi::OsStr {
    s.as_ref()
}

/// The lines of one metric's table (from its heading to the next blank
/// line).
fn table<'a>(text: &'a str, heading: &str) -> Vec<&'a str> {
    text.split("\n\n")
        .find(|block| block.starts_with(heading))
        .unwrap_or_else(|| panic!("no {heading} table in\n{text}"))
        .lines()
        .collect()
}

fn line<'a>(table: &[&'a str], test: &str) -> &'a str {
    table
        .iter()
        .find(|l| l.starts_with(test))
        .unwrap_or_else(|| panic!("no {test} in {table:#?}"))
}

#[test]
fn differing_settings_give_a_caution_block_and_same_settings_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let a = Fixture::default().write(dir.path(), "a.json");
    let b = Fixture {
        engine: "psync (native)",
        direct: false,
        rnd_q32: (1, 32),
        ..Fixture::default()
    }
    .write(dir.path(), "b.json");
    let (code, text, err) = compare(&[os(&a), os(&b)]);
    assert_eq!(code, Some(0), "{err}");
    let caution = text.find("caution:").unwrap_or_else(|| panic!("{text}"));
    assert!(caution < text.find("MB/s (").unwrap(), "{text}");
    for d in [
        "  [2] engine: io_uring (native) → psync (native)\n",
        "  [2] O_DIRECT: on → off (buffered)\n",
        "  [2] applied Q/T of RND4K Q32T1 read: Q32T1 → Q1T32\n",
    ] {
        assert!(text.contains(d), "missing {d:?} in\n{text}");
    }
    // Only what differs is listed.
    assert!(
        !text.contains("] size:") && !text.contains("of SEQ1M"),
        "{text}"
    );
    let (code, out, err) = compare(&[os("--same-settings"), os(&a), os(&b)]);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("differ in engine, O_DIRECT, applied Q/T")
            && err.contains("drop --same-settings"),
        "{err}"
    );
    // The same settings: no caution, and --same-settings compares.
    let a2 = Fixture::scaled(0.9).write(dir.path(), "a2.json");
    let (code, text, err) = compare(&[os("--same-settings"), os(&a), os(&a2)]);
    assert_eq!(code, Some(0), "{err}");
    assert!(!text.contains("caution"), "{text}");
    // The other formats carry the differences too.
    let (_, md, _) = compare(&[os("--format"), os("markdown"), os(&a), os(&b)]);
    assert!(
        md.contains("**Caution**")
            // Values read from the files are shown as text in Markdown
            // (docs/report.md#escaping): `_` and `(` escaped.
            && md.contains("- 2: engine: io\\_uring \\(native\\) → psync \\(native\\)"),
        "{md}"
    );
    let (_, j, _) = compare(&[os("--format"), os("json"), os(&a), os(&b)]);
    let v = json(j.as_bytes());
    let diffs = v["settings_differences"].as_array().unwrap();
    assert_eq!(diffs.len(), 3, "{diffs:?}");
    assert_eq!(diffs[0]["setting"], "engine");
    assert_eq!(diffs[0]["first"], "io_uring (native)");
    assert_eq!(diffs[0]["this"], "psync (native)");
}

#[test]
fn changes_are_better_or_worse_in_each_figures_sense() {
    let dir = tempfile::tempdir().unwrap();
    let a = Fixture::default().write(dir.path(), "a.json");
    let slower = Fixture::scaled(0.85).write(dir.path(), "slower.json");
    let (code, text, err) = compare(&[os(&a), os(&slower)]);
    assert_eq!(code, Some(0), "{err}");
    // Throughput down and latency up: worse, all three.
    for (heading, change) in [
        ("MB/s (higher is better", "(-15.0%)"),
        ("IOPS (higher is better", "(-15.0%)"),
        ("mean latency, µs (lower is better", "(+17.6%)"),
    ] {
        let l = line(&table(&text, heading), "SEQ1M Q8T1 read");
        assert!(l.ends_with(&format!("{change} worse")), "{heading}: {l:?}");
    }
    // The other way round: better, all three.
    let (_, text, _) = compare(&[os(&slower), os(&a)]);
    for heading in ["MB/s (", "IOPS (", "mean latency, µs ("] {
        let l = line(&table(&text, heading), "RND4K Q1T1 read");
        assert!(l.ends_with(" better"), "{heading}: {l:?}");
    }
    // The JSON says the same per figure; the first run has no mark.
    let (_, j, _) = compare(&[os("--format"), os("json"), os(&a), os(&slower)]);
    let v = json(j.as_bytes());
    assert_eq!(v["rows"][0]["mbps_mark"], json!([null, "worse"]));
    assert_eq!(v["rows"][0]["mean_us_mark"], json!([null, "worse"]));
    let (_, md, _) = compare(&[os("--format"), os("markdown"), os(&a), os(&slower)]);
    assert!(
        md.contains("| RND4K Q1T1 read | 80.000 | 68.000 (-15.0%) worse |"),
        "{md}"
    );
}

#[test]
fn fail_if_worse_fails_beyond_the_threshold_only() {
    let dir = tempfile::tempdir().unwrap();
    let a = Fixture::default().write(dir.path(), "a.json");
    let slow15 = Fixture::scaled(0.85).write(dir.path(), "slow15.json");
    let slow5 = Fixture::scaled(0.95).write(dir.path(), "slow5.json");
    let (code, text, err) = compare(&[os("--fail-if-worse"), os("10"), os(&a), os(&slow15)]);
    assert_eq!(code, Some(1), "{err}");
    // The report is still printed, and stderr names each figure that
    // failed, one line each: 4 tests × 3 figures.
    assert!(text.contains("MB/s ("), "{text}");
    let failed: Vec<&str> = err.lines().filter(|l| l.starts_with("worse: ")).collect();
    assert_eq!(failed.len(), 12, "{err}");
    assert!(
        failed.contains(
            &"worse: [2] slow15.json RND4K Q1T1 read MB/s: 80.000 → 68.000 (-15.0%), 15.0% worse (one loop in each run: too few loops to tell a change from noise, so the threshold alone decides)"
        ),
        "{err}"
    );
    // It passes, and says that it judged without a noise.
    let (code, _, err) = compare(&[os("--fail-if-worse"), os("10"), os(&a), os(&slow5)]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        err,
        "too few loops: [2] slow5.json and [1] a.json have one loop each for 12 figure(s): the gate cannot tell a change from noise there, so the threshold alone decides\n"
    );
    // Faster is never a failure, however much.
    let (code, _, err) = compare(&[os("--fail-if-worse"), os("1"), os(&slow15), os(&a)]);
    assert_eq!(code, Some(0), "{err}");
    // Latency up 17.6 %: above 16, while MB/s (15 %) is not.
    let (code, _, err) = compare(&[os("--fail-if-worse"), os("16"), os(&a), os(&slow15)]);
    assert_eq!(code, Some(1), "{err}");
    let failed: Vec<&str> = err.lines().filter(|l| l.starts_with("worse: ")).collect();
    assert_eq!(failed.len(), 4, "{err}");
    assert!(failed.iter().all(|l| l.contains("mean latency")), "{err}");
}

#[test]
fn a_change_inside_the_loop_spread_is_within_noise_and_does_not_fail() {
    let dir = tempfile::tempdir().unwrap();
    let noisy = |scale: f64, name: &str| {
        Fixture {
            scale,
            ci95_pct: Some(13.0),
            ..Fixture::default()
        }
        .write(dir.path(), name)
    };
    let a = noisy(1.0, "a.json");
    let b = noisy(0.9, "b.json");
    // Both 5 loops at ±13 %: each loop scatters s = 13 · √5 / 2.776 =
    // 10.47 %, the change's standard error is 0.9 · √(2 · 10.47² / 5) =
    // 5.96, Welch's 8 degrees of freedom give t = 2.306: ±13.74 %, more
    // than the 10 % of MB/s and IOPS (docs/report.md#better-or-worse-and-noise).
    let (code, text, err) = compare(&[os("--fail-if-worse"), os("10"), os(&a), os(&b)]);
    assert_eq!(code, Some(0), "{err}");
    let l = line(&table(&text, "MB/s ("), "SEQ1M Q8T1 read");
    assert!(
        l.ends_with("3000.000 ±13.0%  2700.000 ±13.0% (-10.0%) within noise"),
        "{l:?}"
    );
    assert!(!text.contains("one loop per test"), "{text}");
    // A 10 % gate cannot see a 10 % change at ±13.74 %: it says so for
    // each figure, with the loops that would, and passes.
    let blind: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("cannot tell: "))
        .collect();
    assert_eq!(blind.len(), 12, "{err}");
    assert!(
        blind[0].starts_with(
            "cannot tell: [2] b.json SEQ1M Q8T1 read MB/s (-10.0%, within noise): its noise, ±13.7%, is larger than 10%, so this gate cannot detect a 10% change at this noise; about "
        ),
        "{err}"
    );
    assert!(
        err.ends_with(
            "passed, but 12 figure(s) are too noisy for this gate to detect a 10% change (--fail-if-worse)\n"
        ),
        "{err}"
    );
    // Beyond it (30 % slower: ±10.69 %), it fails.
    let c = noisy(0.7, "c.json");
    let (code, _, err) = compare(&[os("--fail-if-worse"), os("10"), os(&a), os(&c)]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("beyond the loops' noise (±10.7%)"), "{err}");
    let (_, j, _) = compare(&[os("--format"), os("json"), os(&a), os(&b)]);
    let v = json(j.as_bytes());
    assert_eq!(v["rows"][0]["mbps_mark"], json!([null, "within noise"]));
    let noise = v["rows"][0]["mbps_noise_pct"][1].as_f64().unwrap();
    assert!((noise - 13.74).abs() < 0.01, "{noise}");
    assert_eq!(v["rows"][0]["values"][0]["mbps_ci95_pct"], json!(13.0));
    assert_eq!(v["rows"][0]["values"][0]["loops"], json!(5));
    assert_eq!(v["notes"], json!([]));
}

// Issue 31: `compare A B --fail-if-worse 5` failed on a 6.9 % drop
// although B's loops spread ±13.6 %, because A had one loop. A single
// loop scatters as one of B's loops does: s = 13.6 · √5 / 2.776 =
// 10.96 %, se = 0.931 · 10.96 · √(1 + 1/5) = 11.17, t(4) = 2.776:
// ±31.0 %. Either run may be the one with one loop.
#[test]
fn one_loop_on_either_side_takes_the_other_runs_noise() {
    let dir = tempfile::tempdir().unwrap();
    let one = Fixture::default().write(dir.path(), "one.json");
    let five = Fixture {
        scale: 0.931,
        ci95_pct: Some(13.6),
        ..Fixture::default()
    }
    .write(dir.path(), "five.json");
    let (code, text, err) = compare(&[os("--fail-if-worse"), os("5"), os(&one), os(&five)]);
    assert_eq!(code, Some(0), "{err}");
    let l = line(&table(&text, "MB/s ("), "SEQ1M Q8T1 read");
    assert!(
        l.ends_with("3000.000  2793.000 ±13.6% (-6.9%) within noise"),
        "{l:?}"
    );
    let note = "one loop per test in [1]: a change against a run with two loops or more takes its noise from that run's loops, which stand for both runs.";
    assert!(text.contains(&format!("\n{note}\n")), "{text}");
    assert!(
        err.contains(
            "cannot tell: [2] five.json SEQ1M Q8T1 read MB/s (-6.9%, within noise): its noise, ±31.0%, is larger than 5%, so this gate cannot detect a 5% change at this noise; about 34 loops in each run would\n"
        ),
        "{err}"
    );
    assert!(!err.contains("worse: "), "{err}");
    // The other way round: the same noise, from the first run's loops.
    let (code, text, err) = compare(&[os("--fail-if-worse"), os("5"), os(&five), os(&one)]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        text.contains("one loop per test in [2]: a change against"),
        "{text}"
    );
    assert!(err.contains("its noise, ±"), "{err}");
    // Markdown and JSON say the same.
    let (_, md, _) = compare(&[os("--format"), os("markdown"), os(&one), os(&five)]);
    assert!(
        md.contains("| SEQ1M Q8T1 read | 3000.000 | 2793.000 ±13.6% (-6.9%) within noise |"),
        "{md}"
    );
    assert!(md.contains(&format!("\n{note}\n")), "{md}");
    let (_, j, _) = compare(&[os("--format"), os("json"), os(&one), os(&five)]);
    let v = json(j.as_bytes());
    assert_eq!(v["rows"][0]["mbps_mark"], json!([null, "within noise"]));
    let noise = v["rows"][0]["mbps_noise_pct"][1].as_f64().unwrap();
    assert!((noise - 31.01).abs() < 0.01, "{noise}");
    assert_eq!(v["notes"], json!([note]));
    assert_eq!(v["rows"][0]["values"][0]["loops"], json!(1));
}

// Issue 31: two loops gave "±118.6 % (+19.7 %) better" in Markdown: a
// change inside the known run's noise is never better or worse.
#[test]
fn a_change_inside_a_wide_spread_is_never_better() {
    let dir = tempfile::tempdir().unwrap();
    let one = Fixture::default().write(dir.path(), "one.json");
    let two = Fixture {
        scale: 1.197,
        ci95_pct: Some(118.6),
        loops: 2,
        ..Fixture::default()
    }
    .write(dir.path(), "two.json");
    let (_, md, _) = compare(&[os("--format"), os("markdown"), os(&one), os(&two)]);
    assert!(
        md.contains("| RND4K Q1T1 read | 80.000 | 95.760 ±118.6% (+19.7%) within noise |"),
        "{md}"
    );
    assert!(
        !md.contains(" better |") && !md.contains(" worse |"),
        "{md}"
    );
    let (_, text, _) = compare(&[os(&one), os(&two)]);
    assert!(
        !text.contains(" better\n") && !text.contains(" worse\n"),
        "{text}"
    );
}

// With one loop on both sides no noise is known: the changes are marked
// by size alone, and every format says there are too few loops to tell.
#[test]
fn one_loop_on_both_sides_says_too_few_loops_to_tell() {
    let dir = tempfile::tempdir().unwrap();
    let a = Fixture::default().write(dir.path(), "a.json");
    let b = Fixture::scaled(0.85).write(dir.path(), "b.json");
    let note = "too few loops to tell a change from noise: [1] and [2] have one loop per test each, so their changes are marked by size alone.";
    let (code, text, err) = compare(&[os("--fail-if-worse"), os("10"), os(&a), os(&b)]);
    assert_eq!(code, Some(1), "{err}");
    assert!(!text.contains("within noise"), "{text}");
    assert!(text.contains(&format!("\n{note}\n")), "{text}");
    assert!(
        err.contains("too few loops to tell a change from noise, so the threshold alone decides"),
        "{err}"
    );
    let (_, md, _) = compare(&[os("--format"), os("markdown"), os(&a), os(&b)]);
    assert!(md.contains(&format!("\n{note}\n")), "{md}");
    let (_, j, _) = compare(&[os("--format"), os("json"), os(&a), os(&b)]);
    let v = json(j.as_bytes());
    assert_eq!(v["notes"], json!([note]));
    assert_eq!(v["rows"][0]["mbps_noise_pct"], json!([null, null]));
}

#[test]
fn fail_if_worse_takes_a_percentage() {
    let dir = tempfile::tempdir().unwrap();
    let a = Fixture::default().write(dir.path(), "a.json");
    for bad in ["0", "-3", "1001", "ten", "nan"] {
        let arg = format!("--fail-if-worse={bad}");
        let (code, out, err) = compare(&[os(&arg), os(&a), os(&a)]);
        assert_eq!(code, Some(2), "{bad}: {err}");
        assert!(out.is_empty());
        assert!(err.contains("--fail-if-worse"), "{bad}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// A real run's JSON, its figures scaled as [`Fixture`] scales them.
fn scaled_run(run: &Value, scale: f64) -> Value {
    let mut v = run.clone();
    for t in v["tests"].as_array_mut().unwrap() {
        let total = &mut t["result"]["total"];
        for k in ["mbps", "iops"] {
            if let Some(x) = total[k].as_f64() {
                total[k] = json!(x * scale);
            }
        }
        if let Some(x) = total["lat_us"]["mean"].as_f64() {
            total["lat_us"]["mean"] = json!(x / scale);
        }
    }
    v
}

#[test]
fn a_real_run_fails_when_15_percent_slower_not_5() {
    let dir = disk_dir();
    let out_dir = tempfile::tempdir().unwrap();
    let base = out_dir.path().join("base.json");
    run_tiny(
        dir.path(),
        &[
            "--profile",
            "demo",
            "--mode",
            "read",
            "-o",
            base.to_str().unwrap(),
        ],
    );
    let run: Value = serde_json::from_slice(&std::fs::read(&base).unwrap()).unwrap();
    for (scale, code) in [(0.85, 1), (0.95, 0)] {
        let p = out_dir.path().join(format!("scaled-{scale}.json"));
        std::fs::write(&p, scaled_run(&run, scale).to_string()).unwrap();
        let (got, text, err) = compare(&[os("--fail-if-worse"), os("10"), os(&base), os(&p)]);
        assert_eq!(got, Some(code), "{scale}: {err}\n{text}");
        assert!(!text.contains("caution"), "{text}");
    }
}

#[test]
fn labels_name_runs_in_compare_and_the_history() {
    let dir = disk_dir();
    let db_dir = tempfile::tempdir().unwrap();
    let db = db_dir.path().join("history.db");
    let out = db_dir.path().join("labelled.json");
    for label in ["before fix", "after fix"] {
        diskmark()
            .arg(dir.path())
            .args(TINY)
            .args([
                "--profile",
                "demo",
                "--mode",
                "read",
                "--quiet",
                "--label",
                label,
            ])
            .arg("--save")
            .arg("--history")
            .arg(&db)
            .arg("-o")
            .arg(&out)
            .assert()
            .success();
    }
    let list = diskmark()
        .args(["history", "--history"])
        .arg(&db)
        .output()
        .unwrap();
    let list = String::from_utf8(list.stdout).unwrap();
    assert!(
        list.lines().next().unwrap().starts_with("id  label"),
        "{list}"
    );
    assert!(
        list.contains("before fix") && list.contains("after fix"),
        "{list}"
    );
    let listed = diskmark()
        .args(["history", "--format", "json", "--history"])
        .arg(&db)
        .output()
        .unwrap();
    let listed = json(&listed.stdout);
    assert_eq!(listed[0]["label"], "after fix");
    assert_eq!(listed[1]["label"], "before fix");
    let (code, text, err) = compare(&[os("1"), os("2"), os("--history"), os(&db)]);
    assert_eq!(code, Some(0), "{err}");
    assert!(text.starts_with("[1] #1 before fix · "), "{text}");
    assert!(text.contains("\n[2] #2 after fix · "), "{text}");
    // A file is named by its label instead of its file name, escaped.
    let hostile = db_dir.path().join("hostile.json");
    let mut v: Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    v["label"] = json!("evil\u{1b}[2J");
    std::fs::write(&hostile, v.to_string()).unwrap();
    let (code, text, err) = compare(&[os(&out), os(&hostile)]);
    assert_eq!(code, Some(0), "{err}");
    assert!(text.starts_with("[1] after fix · "), "{text}");
    assert!(
        !text.contains("labelled.json") && !text.contains('\u{1b}'),
        "{text}"
    );
    assert!(text.contains("[2] evil"), "{text}");
    v["label"] = json!("x".repeat(10_000));
    std::fs::write(&hostile, v.to_string()).unwrap();
    let (_, text, _) = compare(&[os(&out), os(&hostile)]);
    assert!(
        text.contains(&format!("[2] {}… · ", "x".repeat(64))),
        "{text}"
    );
    let (_, j, _) = compare(&[os("--format"), os("json"), os(&out), os(&hostile)]);
    let v = json(j.as_bytes());
    assert_eq!(v["runs"][0]["label"], "after fix");
    assert_eq!(v["runs"][0]["source"], "labelled.json");
}

/// compare of two runs, with and without the gate.
struct Gated {
    /// Under `--fail-if-worse 10`: exit code, stdout, stderr.
    code: Option<i32>,
    text: String,
    err: String,
    /// Without it: exit code and stdout.
    plain_code: Option<i32>,
    plain: String,
}

/// `base` against `new`, under `--fail-if-worse 10` and without it.
fn gate(dir: &Path, base: &Value, new: &Value) -> Gated {
    let (a, b) = (dir.join("base.json"), dir.join("new.json"));
    std::fs::write(&a, base.to_string()).unwrap();
    std::fs::write(&b, new.to_string()).unwrap();
    let (code, text, err) = compare(&[os("--fail-if-worse"), os("10"), os(&a), os(&b)]);
    let (plain_code, plain, plain_err) = compare(&[os(&a), os(&b)]);
    assert!(plain_err.is_empty(), "{plain_err}");
    Gated {
        code,
        text,
        err,
        plain_code,
        plain,
    }
}

#[test]
fn a_gate_fails_on_what_it_cannot_compare() {
    let dir = tempfile::tempdir().unwrap();
    let base = Fixture::default().json();
    let mut no_tests = base.clone();
    no_tests.as_object_mut().unwrap().remove("tests");
    let mut empty = base.clone();
    empty["tests"] = json!([]);
    let mut no_io = base.clone();
    for t in no_io["tests"].as_array_mut().unwrap() {
        t["result"]["total"] = json!({"ios": 0, "no_io": true});
    }
    let mut fewer = base.clone();
    fewer["tests"].as_array_mut().unwrap().pop();
    let only_tests = |v: &Value| v["tests"].as_array().unwrap().len();
    assert_eq!(only_tests(&fewer), 3);
    let all = [
        "SEQ1M Q8T1 read",
        "SEQ1M Q8T1 write",
        "RND4K Q32T1 read",
        "RND4K Q1T1 read",
    ];
    let cases: Vec<(&str, &Value, &Value, Vec<String>)> = vec![
        (
            "no tests key",
            &base,
            &no_tests,
            vec!["missing: [2] new.json has no tests, so none of its figures is compared".into()],
        ),
        (
            "tests: []",
            &base,
            &empty,
            vec!["missing: [2] new.json has no tests, so none of its figures is compared".into()],
        ),
        (
            "no I/O",
            &base,
            &no_io,
            all.iter()
                .map(|t| format!("unmeasured: [2] new.json {t} completed no I/O in its window, so it has no figure to compare"))
                .collect(),
        ),
        (
            "a test the new run lacks",
            &base,
            &fewer,
            vec!["missing: [2] new.json has no RND4K Q1T1 read, which [1] base.json has".into()],
        ),
        (
            "a test the first run lacks",
            &fewer,
            &base,
            vec!["missing: [1] base.json has no RND4K Q1T1 read, which [2] new.json has".into()],
        ),
    ];
    for (case, a, b, lines) in cases {
        let Gated {
            code,
            text,
            err,
            plain_code,
            plain,
        } = gate(dir.path(), a, b);
        assert_eq!(code, Some(1), "{case}: {err}");
        assert!(
            text.contains("MB/s ("),
            "{case}: the report is printed: {text}"
        );
        let named: Vec<&str> = err
            .lines()
            .filter(|l| l.starts_with("missing: ") || l.starts_with("unmeasured: "))
            .collect();
        assert_eq!(named, lines, "{case}: {err}");
        assert!(
            err.lines().last().unwrap().ends_with(&format!(
                "0 figure(s) worse by more than 10% and beyond the noise, {} test(s) missing or unmeasured (--fail-if-worse)",
                lines.len()
            )),
            "{case}: {err}"
        );
        // Without the gate: exit 0, each shown under the tables, and no
        // such test is ever "same".
        assert_eq!(plain_code, Some(0), "{case}");
        for l in &lines {
            assert!(plain.contains(&format!("  {l}\n")), "{case}: {plain}");
        }
        for t in all {
            for row in plain.lines().filter(|r| r.starts_with(t)) {
                let bad = lines.iter().any(|l| l.contains(t));
                assert!(!(bad && row.contains("same")), "{case}: {row}");
            }
        }
        let (_, j, _) = compare(&[
            os("--format"),
            os("json"),
            os(&dir.path().join("base.json")),
            os(&dir.path().join("new.json")),
        ]);
        let v = json(j.as_bytes());
        let messages: Vec<&str> = v["not_compared"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["message"].as_str().unwrap())
            .collect();
        assert_eq!(messages, lines, "{case}");
    }
    // The same runs pass: the gate fails on the gaps, not on compare.
    let g = gate(dir.path(), &base, &base);
    assert_eq!(g.code, Some(0), "{}", g.err);
}

#[test]
fn a_result_with_a_key_twice_and_a_doubled_percent_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let a = Fixture::default().write(dir.path(), "a.json");
    // The figure a reader keeps depends on the reader: refused.
    let text = Fixture::default().json().to_string();
    assert!(text.contains("\"ios\":1000,"), "{text}");
    let twice = text.replacen("\"ios\":1000,", "\"ios\":5,\"ios\":1000,", 1);
    let b = dir.path().join("twice.json");
    std::fs::write(&b, &twice).unwrap();
    let (code, out, err) = compare(&[os(&a), os(&b)]);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(
            "twice.json is not a valid diskmark result: tests[0].loops[0].total.ios is given twice"
        ),
        "{err}"
    );
    for pct in ["5%%", "%", "10%%%"] {
        let (code, out, err) = compare(&[os("--fail-if-worse"), os(pct), os(&a), os(&a)]);
        assert_eq!(code, Some(2), "{pct}: {err}");
        assert!(out.is_empty());
        assert!(err.contains("--fail-if-worse"), "{pct}: {err}");
    }
    let (code, _, err) = compare(&[os("--fail-if-worse"), os("5%"), os(&a), os(&a)]);
    assert_eq!(code, Some(0), "{err}");
}
