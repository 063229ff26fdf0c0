//! diskmark never hangs on fio (issue 13 §3): a fio that never ends, that
//! leaves a grandchild holding its pipes, that hangs in `--version` or that
//! ignores SIGTERM is killed with its whole process group at its deadline
//! or at once on a signal; a fio killed by a signal is named; fio dies with
//! a diskmark killed outright. Each fake fio is a shell script given with
//! `--fio`; it writes its pid (= its process group, which diskmark makes
//! for it) to a file so that the test can check no process of that group
//! survives. The terminal interface and dead mounts: safety_hang_tui.rs.

use crate::common;
use common::{Ended, cpu_ticks, disk_dir, finish, leftovers, skip};
use rustix::process::{Pid, Signal, kill_process};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A fake fio: answers `--version` like fio unless `version` replaces that
/// answer, then runs `body` in place of a job.
struct FakeFio {
    dir: tempfile::TempDir,
}

impl FakeFio {
    fn new(version: &str, body: &str) -> FakeFio {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().display();
        let script = format!(
            "#!/bin/sh\nif [ \"$1\" = --version ]; then\necho $$ > {d}/p.tmp && mv {d}/p.tmp {d}/probe\n{version}\nfi\necho $$ > {d}/j.tmp && mv {d}/j.tmp {d}/job\n{body}\n",
            version = if version.is_empty() {
                "echo fio-3.33; exit 0"
            } else {
                version
            },
        );
        let path = dir.path().join("fio");
        std::fs::write(&path, script).unwrap();
        let st = Command::new("chmod").arg("+x").arg(&path).status().unwrap();
        assert!(st.success());
        FakeFio { dir }
    }

    fn path(&self) -> PathBuf {
        self.dir.path().join("fio")
    }

    /// The process group of its `--version` probe or of its job ("probe",
    /// "job"), once it has started.
    fn group(&self, run: &str) -> Option<i32> {
        std::fs::read_to_string(self.dir.path().join(run))
            .ok()?
            .trim()
            .parse()
            .ok()
    }
}

/// The live (not zombie) processes of group `pgid`.
fn members(pgid: i32) -> Vec<i32> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            continue;
        };
        // After "pid (comm)": state, ppid, pgrp.
        let Some((_, rest)) = stat.rsplit_once(") ") else {
            continue;
        };
        let f: Vec<&str> = rest.split_whitespace().collect();
        if f.len() > 2 && f[2] == pgid.to_string() && f[0] != "Z" {
            out.push(pid);
        }
    }
    out
}

/// Asserts that nothing of group `pgid` is alive (after a moment for the
/// kernel to finish the kills).
fn assert_group_gone(pgid: i32) {
    let start = Instant::now();
    while !members(pgid).is_empty() && start.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left = members(pgid);
    for &p in &left {
        if let Some(pid) = Pid::from_raw(p) {
            let _ = kill_process(pid, Signal::KILL);
        }
    }
    assert_eq!(
        left,
        Vec::<i32>::new(),
        "processes of fio's group {pgid} still alive"
    );
}

/// diskmark on `dir` through the fake fio, one SEQ1M read of 0.2 s.
fn spawn(dir: &Path, fio: &FakeFio, measure: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_diskmark"))
        .arg(dir)
        .args(["--size", "16M", "--measure", measure, "--warmup", "0"])
        .args(["--interval", "0", "--loops", "1", "--test", "SEQ1M Q1T1"])
        .args([
            "--mode",
            "read",
            "--engine",
            "fio:psync",
            "--format",
            "json",
            // The estimate aside: a fault's sentence alone on stderr.
            "--quiet",
        ])
        .arg("--fio")
        .arg(fio.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits until the fake fio runs (`run`: "probe" or "job"); returns its
/// process group.
fn wait_for(fio: &FakeFio, run: &str, child: &mut Child) -> i32 {
    let start = Instant::now();
    loop {
        if let Some(g) = fio.group(run) {
            return g;
        }
        assert!(child.try_wait().unwrap().is_none(), "diskmark ended early");
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "fio never started"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Starts diskmark, waits for the job, returns the child and fio's group.
fn start_job(dir: &Path, fio: &FakeFio, measure: &str) -> (Child, i32) {
    let mut child = spawn(dir, fio, measure);
    let g = wait_for(fio, "job", &mut child);
    assert_eq!(leftovers(dir).len(), 1, "no test file while fio runs");
    (child, g)
}

const FOREVER: &str = "sleep 100000";
const IGNORES_TERM: &str = "trap '' TERM\nwhile :; do sleep 1; done";

/// The deadline is warm-up + measure + 5 s: diskmark ends then with one
/// sentence, exit 1, and nothing of fio's is left.
fn ends_at_the_deadline(body: &str) {
    let dir = disk_dir();
    let fio = FakeFio::new("", body);
    let (child, group) = start_job(dir.path(), &fio, "0.2");
    let start = Instant::now();
    let Ended {
        code,
        stderr: err,
        took,
    } = finish(child, start, Duration::from_secs(15));
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("fio did not finish within 5 s after the end of its 0.2 s run"),
        "{err}"
    );
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(took < Duration::from_secs(8), "{took:?}");
    assert!(
        took > Duration::from_secs(4),
        "killed before its deadline: {took:?}"
    );
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    assert_group_gone(group);
}

#[test]
fn a_fio_that_never_ends_is_killed_at_its_deadline() {
    ends_at_the_deadline(FOREVER);
}

#[test]
fn a_fio_that_ignores_sigterm_is_killed_at_its_deadline() {
    ends_at_the_deadline(IGNORES_TERM);
}

/// SIGINT while fio runs: exit 130 at once, no test file, fio's whole group
/// gone. "At once" is under 3 s: far below the 30 s job and the fio-stall
/// deadline, which a run that missed the signal would wait for, and wide
/// enough for a loaded 2-core machine (issue 27: 1 s failed there).
fn sigint_ends_the_run_at_once(body: &str) {
    let dir = disk_dir();
    let fio = FakeFio::new("", body);
    let (child, group) = start_job(dir.path(), &fio, "30");
    let start = Instant::now();
    kill_process(Pid::from_child(&child), Signal::INT).unwrap();
    let Ended {
        code,
        stderr: err,
        took,
    } = finish(child, start, Duration::from_secs(10));
    assert_eq!(code, Some(130), "{err}");
    assert!(took < Duration::from_secs(3), "{took:?} after SIGINT");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    assert_group_gone(group);
}

#[test]
fn sigint_ends_a_fio_that_never_ends_at_once() {
    sigint_ends_the_run_at_once(FOREVER);
}

#[test]
fn sigint_ends_a_fio_that_ignores_sigterm_at_once() {
    sigint_ends_the_run_at_once(IGNORES_TERM);
}

#[test]
fn time_diskmark_spent_stopped_does_not_count_against_fios_deadline() {
    // As in a frozen cgroup: diskmark and fio both stopped for longer than
    // the grace period, then resumed; fio then ends well.
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/fio/randread-4k-q32t1-libaio-direct-group.json"
    );
    let dir = disk_dir();
    let fio = FakeFio::new("", &format!("sleep 1\ncat {fixture}"));
    let (child, group) = start_job(dir.path(), &fio, "0.2");
    let me = Pid::from_child(&child);
    let fio_group = Pid::from_raw(group).unwrap();
    kill_process(me, Signal::STOP).unwrap();
    rustix::process::kill_process_group(fio_group, Signal::STOP).unwrap();
    std::thread::sleep(Duration::from_secs(6));
    rustix::process::kill_process_group(fio_group, Signal::CONT).unwrap();
    kill_process(me, Signal::CONT).unwrap();
    let Ended {
        code, stderr: err, ..
    } = finish(child, Instant::now(), Duration::from_secs(20));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn fio_runs_when_diskmarks_parent_left_sigchld_ignored() {
    // SIGCHLD ignored is inherited through exec; children are then reaped
    // by the kernel, and their status is lost unless diskmark takes the
    // default back.
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/fio/randread-4k-q32t1-libaio-direct-group.json"
    );
    if Command::new("perl").arg("-v").output().is_err() {
        return skip(
            "SIGCHLD ignored",
            "perl is not installed (to exec with SIGCHLD ignored)",
        );
    }
    let dir = disk_dir();
    let fio = FakeFio::new("", &format!("cat {fixture}"));
    let out = Command::new("perl")
        .args(["-e", r#"$SIG{CHLD} = "IGNORE"; exec @ARGV or die"#])
        .arg(env!("CARGO_BIN_EXE_diskmark"))
        .arg(dir.path())
        .args(["--size", "16M", "--measure", "0.2", "--warmup", "0"])
        .args(["--loops", "1", "--test", "SEQ1M Q1T1", "--mode", "read"])
        .args(["--engine", "fio:psync", "--fio"])
        .arg(fio.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn a_grandchild_holding_fios_pipes_holds_nothing() {
    let dir = disk_dir();
    // fio fails at once, but what it started keeps its stdout and stderr.
    let fio = FakeFio::new("", "sleep 100000 &\necho 'fio: no such engine' >&2\nexit 1");
    let mut child = spawn(dir.path(), &fio, "0.2");
    let start = Instant::now();
    let group = wait_for(&fio, "job", &mut child);
    let Ended {
        code,
        stderr: err,
        took,
    } = finish(child, start, Duration::from_secs(10));
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("fio: no such engine"), "{err}");
    assert!(took < Duration::from_secs(3), "{took:?}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    assert_group_gone(group);
}

#[test]
fn a_version_probe_that_hangs_has_a_deadline() {
    let dir = disk_dir();
    let fio = FakeFio::new("sleep 100000 & sleep 100000", "exit 1");
    let child = spawn(dir.path(), &fio, "0.2");
    let start = Instant::now();
    let Ended {
        code,
        stderr: err,
        took,
    } = finish(child, start, Duration::from_secs(15));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("did not answer --version within 5 s"), "{err}");
    assert!(err.contains("--fio"), "{err}");
    assert!(took < Duration::from_secs(8), "{took:?}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    assert_group_gone(fio.group("probe").expect("the probe ran"));
}

#[test]
fn sigint_during_the_version_probe_ends_it_at_once() {
    let dir = disk_dir();
    let fio = FakeFio::new("trap '' TERM\nsleep 100000", "exit 1");
    let mut child = spawn(dir.path(), &fio, "0.2");
    let group = wait_for(&fio, "probe", &mut child);
    let start = Instant::now();
    kill_process(Pid::from_child(&child), Signal::INT).unwrap();
    let Ended {
        code,
        stderr: err,
        took,
    } = finish(child, start, Duration::from_secs(10));
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("interrupted by SIGINT"), "{err}");
    assert!(took < Duration::from_secs(3), "{took:?} after SIGINT");
    assert_group_gone(group);
}

#[test]
fn a_fio_killed_by_a_signal_is_named() {
    for (sig, name) in [("KILL", "SIGKILL"), ("SEGV", "SIGSEGV")] {
        let dir = disk_dir();
        let fio = FakeFio::new("", &format!("kill -{sig} $$"));
        let child = spawn(dir.path(), &fio, "0.2");
        let Ended {
            code, stderr: err, ..
        } = finish(child, Instant::now(), Duration::from_secs(20));
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains(&format!("fio was killed by {name}")), "{err}");
        assert!(!err.contains("JSON"), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    }
}

#[test]
fn diskmark_killed_outright_takes_fio_with_it() {
    if !common::have_fio() {
        return skip("fio dies with diskmark", "fio is not installed");
    }
    let dir = disk_dir();
    let mut child = Command::new(env!("CARGO_BIN_EXE_diskmark"))
        .arg(dir.path())
        .args(["--size", "16M", "--measure", "30", "--warmup", "0"])
        .args(["--loops", "1", "--test", "SEQ1M Q1T1", "--mode", "read"])
        .args(["--engine", "fio:psync", "--quiet"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let me = child.id().to_string();
    // The job's fio (not the version probe): a child of diskmark named
    // fio, given the test file.
    let start = Instant::now();
    let fio = loop {
        let found = std::fs::read_dir("/proc").unwrap().flatten().find_map(|e| {
            let stat = std::fs::read_to_string(e.path().join("stat")).ok()?;
            let (head, rest) = stat.rsplit_once(") ")?;
            let ppid = rest.split_whitespace().nth(1)?;
            let cmd = std::fs::read(e.path().join("cmdline")).ok()?;
            let job = String::from_utf8_lossy(&cmd).contains("--filename=");
            (head.ends_with("(fio") && ppid == me && job).then(|| e.file_name())
        });
        if let Some(p) = found {
            break p.to_string_lossy().parse::<i32>().unwrap();
        }
        assert!(child.try_wait().unwrap().is_none(), "diskmark ended early");
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "fio never started"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    child.kill().unwrap();
    child.wait().unwrap();
    let start = Instant::now();
    // Gone, or a zombie (dead, waiting for init to reap it).
    while cpu_ticks(fio).is_some() {
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "fio outlived diskmark's SIGKILL"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}
