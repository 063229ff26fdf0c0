//! End to end, issue 13 §4: diskmark never prints nonsense as a
//! measurement. A window without I/O is a note, never a figure; a window in
//! which the process was stopped is flagged; CPU shares stay physical; the
//! report reaches stdout or the run fails; a failed --chart leaves one
//! report on stdout. (Hostile result files: hostile_json.rs.)

use crate::common;
use common::events::{Events, window_start};
use common::{Mount, TINY, disk_dir, diskmark, json, leftovers, run_tiny, skip};
use rustix::process::{Pid, Signal, kill_process};
use serde_json::Value;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

const NO_IO: &str = "no I/O completed in the window";

/// A stand-in for fio that prints `result` (fio's JSON) for every job.
fn fake_fio(dir: &Path, result: &Value) -> PathBuf {
    let json = dir.join("result.json");
    std::fs::write(&json, result.to_string()).unwrap();
    let path = dir.join("fake-fio");
    std::fs::write(
        &path,
        format!(
            "#!/bin/sh\nif [ \"$1\" = --version ]; then echo fio-3.33; exit 0; fi\ncat '{}'\n",
            json.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// A real fio result (tests/fixtures/fio) with every I/O count set to 0,
/// as fio reports a job that completed nothing in its runtime.
fn zero_io_fio_result() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/fio/randread-4k-q1t4-psync-direct-group.json"
    );
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for job in v["jobs"].as_array_mut().unwrap() {
        for dir in ["read", "write", "trim"] {
            let d = &mut job[dir];
            if !d.is_object() {
                continue;
            }
            for k in [
                "io_bytes",
                "io_kbytes",
                "bw_bytes",
                "bw",
                "iops",
                "total_ios",
            ] {
                d[k] = 0.into();
            }
            for lat in ["slat_ns", "clat_ns", "lat_ns"] {
                d[lat] =
                    serde_json::json!({"min": 0, "max": 0, "mean": 0.0, "stddev": 0.0, "N": 0});
            }
        }
    }
    v
}

/// Runs diskmark with a fio that completes no I/O; returns (exit code,
/// stdout, stderr).
fn run_no_io(dir: &Path, fio: &Path, extra: &[&str]) -> (i32, String, String) {
    let out = diskmark()
        .arg(dir)
        .args(TINY)
        .args(["--engine", "fio:psync", "--mode", "read"])
        .args(["--test", "RND4K Q1T4", "--test", "RND4K Q1T1"])
        .arg("--fio")
        .arg(fio)
        .args(extra)
        .output()
        .unwrap();
    assert_eq!(leftovers(dir), Vec::<String>::new());
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_window_without_io_is_a_note_in_every_format_never_a_figure() {
    let dir = disk_dir();
    let tmp = tempfile::tempdir().unwrap();
    let fio = fake_fio(tmp.path(), &zero_io_fio_result());

    // Text: the result line says so in place of figures; the note lists
    // both tests on one line; nothing was measured, so the run failed.
    let (code, text, err) = run_no_io(dir.path(), &fio, &[]);
    assert_eq!(code, 1, "{text}\n{err}");
    assert!(err.contains("no test completed any I/O"), "{err}");
    assert!(!text.contains("MB/s ["), "a figure was printed:\n{text}");
    assert!(!text.contains("0.000"), "{text}");
    assert_eq!(text.matches(&format!("): {NO_IO}")).count(), 2, "{text}");
    assert!(
        text.contains(&format!("RND4K Q1T4 read, RND4K Q1T1 read: {NO_IO}")),
        "the same note of two tests is one line:\n{text}"
    );

    // JSON: the figures are null and flagged, the note is there.
    let (code, out, _) = run_no_io(dir.path(), &fio, &["--format", "json"]);
    assert_eq!(code, 1);
    let v = json(out.as_bytes());
    for t in v["tests"].as_array().unwrap() {
        let total = &t["result"]["total"];
        assert_eq!(total["no_io"], true, "{total}");
        assert!(
            total["mbps"].is_null() && total["iops"].is_null(),
            "{total}"
        );
        assert!(total["lat_us"].is_null());
        assert!(t["across_loops"]["mbps"].is_null());
        assert!(t["observations"][0].as_str().unwrap().ends_with(NO_IO));
    }
    let notes = v["notes"].to_string();
    assert!(notes.contains(NO_IO), "{notes}");
    let result = tmp.path().join("empty.json");
    std::fs::write(&result, &out).unwrap();

    // CSV: empty cells, not zeros.
    let (_, csv, _) = run_no_io(dir.path(), &fio, &["--format", "csv"]);
    let row = csv.lines().nth(1).unwrap();
    assert!(row.starts_with("RND4K Q1T4,read,,,,,"), "{csv}");

    // OpenMetrics: no sample of a test, only the run's start.
    let (_, prom, _) = run_no_io(dir.path(), &fio, &["--format", "openmetrics"]);
    assert!(prom.ends_with("# EOF\n"), "{prom}");
    assert!(!prom.contains("test=\""), "a figure was printed:\n{prom}");
    assert!(
        prom.contains("\ndiskmark_run_start_timestamp_seconds{"),
        "{prom}"
    );

    // Markdown.
    let (_, md, _) = run_no_io(dir.path(), &fio, &["--format", "markdown"]);
    assert!(
        md.contains(&format!("| RND4K Q1T4 | read | {NO_IO} | - | - | - |")),
        "{md}"
    );

    // compare and history show it as no I/O, never as 0 or a change.
    let good = run_tiny(
        dir.path(),
        &[
            "--engine",
            "null",
            "--mode",
            "read",
            "--test",
            "RND4K Q1T4",
            "--test",
            "RND4K Q1T1",
            "--format",
            "json",
        ],
    );
    let good_path = tmp.path().join("good.json");
    std::fs::write(&good_path, &good.stdout).unwrap();
    let cmp = diskmark()
        .arg("compare")
        .arg(&good_path)
        .arg(&result)
        .output()
        .unwrap();
    let cmp_text = String::from_utf8_lossy(&cmp.stdout);
    assert!(cmp.status.success(), "{cmp:?}");
    assert!(cmp_text.contains("no I/O"), "{cmp_text}");
    assert!(!cmp_text.contains("-100.0%"), "{cmp_text}");
    let db = tmp.path().join("h.db");
    let (_, _, _) = run_no_io(
        dir.path(),
        &fio,
        &["--save", "--history", db.to_str().unwrap()],
    );
    let show = diskmark()
        .args(["history", "show", "1", "--history"])
        .arg(&db)
        .output()
        .unwrap();
    let show_text = String::from_utf8_lossy(&show.stdout);
    assert!(show.status.success(), "{show:?}");
    assert!(show_text.contains("RND4K Q1T4 read"), "{show_text}");
    assert!(show_text.contains("no I/O"), "{show_text}");
    assert!(!show_text.contains(" 0.000"), "{show_text}");
}

#[test]
fn measure_times_too_short_to_mean_anything_are_refused() {
    let dir = disk_dir();
    for m in ["0.000001", "0.05", "99ms"] {
        let out = diskmark()
            .arg(dir.path())
            .args(["--measure", m])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--measure {m}: {err}");
        assert!(err.contains("at least 0.1 s"), "{err}");
        assert!(!err.contains("panicked"));
    }
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

/// Notes of a JSON report, as one string.
fn notes_of(v: &Value) -> String {
    v["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string() + "\n")
        .collect()
}

/// A cgroup that can freeze the processes moved into it (v2's
/// cgroup.freeze or v1's freezer), removed on drop.
struct Freezer {
    dir: PathBuf,
    v2: bool,
}

impl Freezer {
    fn new() -> Result<Freezer, String> {
        if !common::is_root() {
            return Err("not root: cannot create a cgroup".into());
        }
        let name = format!("diskmark-test-{}", std::process::id());
        let (base, v2) = if Path::new("/sys/fs/cgroup/cgroup.controllers").exists() {
            (PathBuf::from("/sys/fs/cgroup"), true)
        } else if Path::new("/sys/fs/cgroup/freezer/freezer.state").exists()
            || Path::new("/sys/fs/cgroup/freezer/cgroup.procs").exists()
        {
            (PathBuf::from("/sys/fs/cgroup/freezer"), false)
        } else {
            return Err("no cgroup freezer (v2 or v1) mounted".into());
        };
        let dir = base.join(name);
        std::fs::create_dir(&dir).map_err(|e| format!("mkdir {}: {e}", dir.display()))?;
        Ok(Freezer { dir, v2 })
    }

    fn add(&self, pid: u32) {
        std::fs::write(self.dir.join("cgroup.procs"), pid.to_string()).unwrap();
    }

    fn freeze(&self, on: bool) {
        if self.v2 {
            std::fs::write(self.dir.join("cgroup.freeze"), if on { "1" } else { "0" }).unwrap();
        } else {
            std::fs::write(
                self.dir.join("freezer.state"),
                if on { "FROZEN" } else { "THAWED" },
            )
            .unwrap();
        }
    }
}

impl Drop for Freezer {
    fn drop(&mut self) {
        self.freeze(false);
        // The processes have ended by now; an empty cgroup can be removed.
        let _ = std::fs::remove_dir(&self.dir);
    }
}

/// How the test holds diskmark still in the middle of its window.
enum Hold<'a> {
    Stop,
    Freeze(&'a Freezer),
}

/// Runs a 4 s window, holds diskmark for 1.2 s early in it, and returns
/// the JSON report.
fn held_run(hold: Hold<'_>) -> Value {
    let dir = disk_dir();
    let mut child = Command::new(env!("CARGO_BIN_EXE_diskmark"))
        .arg(dir.path())
        .args([
            "--size",
            "16M",
            "--measure",
            "4",
            "--warmup",
            "0",
            "--interval",
            "0",
        ])
        .args(["--loops", "1", "--engine", "psync", "--mode", "read"])
        .args(["--test", "RND4K Q1T1", "--format", "json"])
        .args(["--progress", "jsonl"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Hold::Freeze(f) = &hold {
        f.add(child.id());
    }
    // In the window: setting up (with its own reads of sysfs and /proc),
    // the pre-fill and the cache drop are over.
    let mut events = Events::follow(child.stderr.take().unwrap());
    events.wait_for(Duration::from_secs(60), window_start);
    let pid = Pid::from_child(&child);
    match &hold {
        Hold::Stop => kill_process(pid, Signal::STOP).unwrap(),
        Hold::Freeze(f) => f.freeze(true),
    }
    // The hold itself, which the run must see and name: not a phase.
    std::thread::sleep(Duration::from_millis(1200));
    match &hold {
        Hold::Stop => kill_process(pid, Signal::CONT).unwrap(),
        Hold::Freeze(f) => f.freeze(false),
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", events.all().join("\n"));
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    json(&out.stdout)
}

fn assert_held(v: &Value) {
    let notes = notes_of(v);
    assert!(
        notes.contains("RND4K Q1T1 read: diskmark did not run for 1.")
            && notes.contains("its figures are not to be trusted"),
        "{notes}"
    );
    let stopped = v["tests"][0]["loops"][0]["stopped_ns"].as_u64().unwrap();
    assert!(
        (1_000_000_000..2_000_000_000).contains(&stopped),
        "{stopped}"
    );
}

#[test]
fn a_process_stopped_during_its_window_gets_a_note() {
    assert_held(&held_run(Hold::Stop));
    // The same run, not stopped: no such note.
    let dir = disk_dir();
    let out = run_tiny(
        dir.path(),
        &[
            "--engine",
            "psync",
            "--mode",
            "read",
            "--test",
            "RND4K Q1T1",
            "--format",
            "json",
        ],
    );
    let v = json(&out.stdout);
    assert!(!notes_of(&v).contains("did not run"), "{}", notes_of(&v));
    assert_eq!(v["tests"][0]["loops"][0]["stopped_ns"], 0);
}

#[test]
fn a_process_in_a_frozen_cgroup_during_its_window_gets_a_note() {
    let f = match Freezer::new() {
        Ok(f) => f,
        Err(why) => return skip("a_process_in_a_frozen_cgroup", &why),
    };
    assert_held(&held_run(Hold::Freeze(&f)));
}

/// The CPUs /proc/stat counts.
fn machine_cpus() -> usize {
    std::fs::read_to_string("/proc/stat")
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("cpu") && l.as_bytes()[3].is_ascii_digit())
        .count()
}

#[test]
fn cpu_figures_stay_physical_and_name_other_processes() {
    if Command::new("taskset").arg("--version").output().is_err() {
        return skip(
            "cpu_figures_stay_physical",
            "taskset (util-linux) is not installed",
        );
    }
    let dir = disk_dir();
    // Other processes keep every CPU busy; diskmark may use CPU 0 only, so
    // that it sees 1 CPU where /proc/stat sums all of them (the way a
    // cgroup or an affinity mask made "2 CPUs were 500% busy").
    let spinners: Vec<_> = (0..machine_cpus())
        .map(|_| {
            Command::new("sh")
                .args(["-c", "while :; do :; done"])
                .spawn()
                .unwrap()
        })
        .collect();
    let out = Command::new("taskset")
        .args(["-c", "0", env!("CARGO_BIN_EXE_diskmark")])
        .arg(dir.path())
        .args(TINY)
        .args([
            "--engine", "psync", "--mode", "write", "--dsync", "--format", "json",
        ])
        .args(["--test", "RND4K Q1T1", "--test", "SEQ128K Q1T1"])
        .output()
        .unwrap();
    for mut s in spinners {
        let _ = s.kill();
        let _ = s.wait();
    }
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out.stdout);
    let notes = notes_of(&v);
    for t in v["tests"].as_array().unwrap() {
        let cpu = &t["result"]["cpu"];
        let share = cpu["busy_share"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&share), "{cpu}");
        assert_eq!(
            cpu["machine_cpus"].as_u64().unwrap() as usize,
            machine_cpus()
        );
    }
    // Every percentage a note gives is a share of what there was.
    for word in notes.split_whitespace() {
        if let Some(p) = word.strip_suffix('%').and_then(|p| p.parse::<f64>().ok()) {
            assert!((0.0..=100.0).contains(&p), "{notes}");
        }
    }
    let n = machine_cpus();
    assert!(
        notes.contains(&format!("the machine's {n} CPUs were"))
            && notes.contains("with other processes rather than diskmark"),
        "the busy machine is named, and that its time went elsewhere:\n{notes}"
    );
    assert!(!notes.contains("the machine's 1 CPUs"), "{notes}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn a_report_that_cannot_reach_stdout_fails_the_run() {
    let dir = disk_dir();
    let args = ["--engine", "null", "--profile", "demo"];
    // stdout on a full device.
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_diskmark"))
        .arg(dir.path())
        .args(TINY)
        .args(args)
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("cannot write the report to stdout: No space left"),
        "{err}"
    );
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    // The other outputs are still written: the result is not lost.
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("h.db");
    let out = Command::new(env!("CARGO_BIN_EXE_diskmark"))
        .arg(dir.path())
        .args(TINY)
        .args(args)
        .arg("--history")
        .arg(&db)
        .arg("--save")
        .stdout(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let list = diskmark()
        .arg("history")
        .arg("--history")
        .arg(&db)
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&list.stdout).contains("\n 1  "),
        "{list:?}"
    );

    // stdout closed (`>&-`): refused before the run, so nothing is lost.
    for cmd in [
        format!(
            "{} {} {} {} >&-",
            env!("CARGO_BIN_EXE_diskmark"),
            dir.path().display(),
            TINY.join(" "),
            args.join(" ")
        ),
        format!("{} engines >&-", env!("CARGO_BIN_EXE_diskmark")),
    ] {
        let out = Command::new("sh").args(["-c", &cmd]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{cmd}: {err}");
        assert!(err.contains("stdout is closed"), "{err}");
        assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    }
    // stdout on /dev/null stays fine: that is asking for no report. Opened
    // write-only (a shell's `>`) or read-write (`<>`, as Python's
    // subprocess.DEVNULL and systemd open it), which is what Rust's runtime
    // puts in place of a closed stdout, so only a look before it can tell.
    for redirect in [">/dev/null", "1<>/dev/null"] {
        let cmd = format!(
            "{} {} {} {} {redirect}",
            env!("CARGO_BIN_EXE_diskmark"),
            dir.path().display(),
            TINY.join(" "),
            args.join(" ")
        );
        let out = Command::new("sh").args(["-c", &cmd]).output().unwrap();
        assert!(out.status.success(), "{cmd}: {out:?}");
    }
}

#[test]
fn a_failed_chart_leaves_one_report_in_the_asked_format() {
    // A full filesystem: the chart's file can be created, not written.
    let m = match Mount::new("tmpfs", "size=64k") {
        Ok(m) => m,
        Err(why) => return skip("a_failed_chart_leaves_one_report", &why),
    };
    let _ = std::fs::write(m.path().join("filler"), vec![1u8; 128 * 1024]);
    let dir = disk_dir();
    let chart = m.path().join("chart.svg");
    let out = diskmark()
        .arg(dir.path())
        .args(TINY)
        .args([
            "--engine",
            "null",
            "--profile",
            "demo",
            "--format",
            "json",
            "--chart",
        ])
        .arg(&chart)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("chart.svg"), "{err}");
    // Exactly one JSON document, nothing after it.
    let v = json(&out.stdout);
    assert_eq!(v["tool"]["name"], "diskmark");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    drop(m);
}
