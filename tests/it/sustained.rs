//! `diskmark sustained` end to end on a capped device
//! (docs/measurement.md#sustained-write): an ext4 filesystem on a
//! RAM-backed loop device, the diskmark process in a blkio group that caps
//! its writes to the device. Here: signals, other writers and limits
//! during the fill. The simulated caches, whose cap a watcher lowers once
//! /proc/diskstats shows X MiB written, are in tests/it/knees.rs, on the
//! same harness. Timings are compared: run on a release build. The timed
//! tests run one after another.

use crate::common;
use common::events::Events;
use common::throttle::{Cap, CapGroup, disk_count};
use common::{LoopFs, diskmark, is_root, leftovers, skip};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// One timed test at a time: they share the two cores (the knees' tests
/// of tests/it/knees.rs too).
pub(crate) static TIMED: std::sync::Mutex<()> = std::sync::Mutex::new(());

pub(crate) const MB: f64 = 1e6;
pub(crate) const MIB: u64 = 1 << 20;

/// A cgroup capping writes to one device, which `diskmark sustained`
/// joins before its first write; removed on drop (after its one process,
/// the child, has ended).
pub(crate) struct WriteCap(CapGroup);

impl WriteCap {
    /// A group capping writes to `device` at `bps` bytes per second, or why
    /// it cannot be made here.
    pub(crate) fn new(device: &str, bps: u64) -> Result<WriteCap, String> {
        let group = CapGroup::new(device)?;
        group.set(Cap::WriteBps, bps)?;
        Ok(WriteCap(group))
    }

    pub(crate) fn set(&self, bps: u64) -> Result<(), String> {
        self.0.set(Cap::WriteBps, bps)
    }

    /// diskmark sustained in this group from its first instruction.
    pub(crate) fn command(&self, args: &[&str]) -> std::process::Command {
        let mut c = self.0.command(env!("CARGO_BIN_EXE_diskmark"));
        c.arg("sustained")
            .args(args)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        c
    }
}

/// Bytes written to `device` (`/dev/loopN`) so far, from /proc/diskstats.
pub(crate) fn written(device: &str) -> Option<u64> {
    disk_count(device).map(|c| c.write_bytes)
}

/// One lowering of a [`WriteCap`]: to `bps` once `after` bytes are written.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Step {
    pub(crate) after: u64,
    pub(crate) bps: u64,
}

/// Bytes the device had written, as read at one instant.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Mark {
    pub(crate) bytes: u64,
    pub(crate) at: Instant,
}

/// What a [`watcher`] saw: the bytes written when each lowering was
/// made, and the device's own count whenever it moved.
pub(crate) struct Watched {
    pub(crate) fell: Vec<u64>,
    marks: Vec<Mark>,
}

impl Watched {
    /// The speed the device itself counted, in MB/s, between the first
    /// mark at or past `from` bytes and the last at or before `to`: the
    /// truth a throttle gave, which can be above its cap (a throttle's
    /// slices let bursts through; 85 MB/s for 3 s was seen under a cap of
    /// 64 on a fresh machine). None when fewer than 0.2 s lie between.
    pub(crate) fn mbps(&self, from: u64, to: u64) -> Option<f64> {
        let a = self.marks.iter().find(|m| m.bytes >= from)?;
        let b = self.marks.iter().rev().find(|m| m.bytes <= to)?;
        let s = b.at.checked_duration_since(a.at)?.as_secs_f64();
        (s >= 0.2).then(|| (b.bytes - a.bytes) as f64 / s / MB)
    }

    /// The bytes written when the writes stopped.
    pub(crate) fn total(&self) -> u64 {
        self.marks.last().map_or(0, |m| m.bytes)
    }
}

/// Lowers `cap` at each of `steps` in turn, counting bytes written to
/// `device` from now, and keeps the count's timeline; ends when `done` is
/// set (or after 60 s).
pub(crate) fn watcher(
    cap: Arc<WriteCap>,
    device: String,
    steps: Vec<Step>,
    done: Arc<AtomicBool>,
) -> std::thread::JoinHandle<Watched> {
    let base = written(&device).unwrap_or(0);
    std::thread::spawn(move || {
        let end = Instant::now() + Duration::from_secs(60);
        let mut seen = Watched {
            fell: Vec::new(),
            marks: Vec::new(),
        };
        while !done.load(Ordering::Relaxed) && Instant::now() < end {
            let w = written(&device).unwrap_or(0).saturating_sub(base);
            if seen.marks.last().is_none_or(|m| m.bytes != w) {
                seen.marks.push(Mark {
                    bytes: w,
                    at: Instant::now(),
                });
            }
            if let Some(step) = steps.get(seen.fell.len())
                && w >= step.after
            {
                if cap.set(step.bps).is_err() {
                    break;
                }
                seen.fell.push(w);
                continue;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        seen
    })
}

/// Runs `cmd` to its end (killed and failed past 60 s).
pub(crate) fn finish(cmd: &mut std::process::Command) -> common::Ended {
    let child = cmd.spawn().expect("start diskmark");
    common::finish(child, Instant::now(), Duration::from_secs(60))
}

/// The set-up, or the printed reason it cannot be made here.
pub(crate) fn device(test: &str, mib: u64) -> Option<LoopFs> {
    if !is_root() {
        skip(test, "needs root (loop devices, mounts, cgroups)");
        return None;
    }
    if cfg!(debug_assertions) {
        skip(test, "a timing test: run it on a release build");
        return None;
    }
    match LoopFs::new(mib) {
        Ok(fs) => Some(fs),
        Err(e) => {
            skip(test, &e);
            None
        }
    }
}

pub(crate) fn read_json(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).expect("the JSON report");
    serde_json::from_str(&text).expect("JSON")
}

pub(crate) fn num(v: &serde_json::Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} is not a number: {v}"))
}

pub(crate) fn within(got: f64, want: f64, share: f64) -> bool {
    (got - want).abs() <= share * want
}

#[test]
fn a_signal_mid_fill_removes_the_file_and_reports_what_was_sampled() {
    let _one = TIMED.lock().unwrap_or_else(|e| e.into_inner());
    let test = "a_signal_mid_fill_removes_the_file_and_reports_what_was_sampled";
    let Some(fs) = device(test, 3584) else { return };
    let cap = match WriteCap::new(&fs.device, 100 * 1_000_000) {
        Ok(c) => c,
        Err(e) => return skip(test, &e),
    };
    let out = tempfile::tempdir().unwrap();
    let report = out.path().join("r.json");
    let target = fs.path().to_str().unwrap().to_string();
    let mut cmd = cap.command(&[
        &target,
        "--size",
        "640M",
        "--sample-interval",
        "0.1",
        "-o",
        report.to_str().unwrap(),
        "--progress",
        "jsonl",
    ]);
    let start = Instant::now();
    let mut child = cmd.spawn().expect("start diskmark");
    // The fill's own events say how far it is: SIGINT once 128 MiB are
    // written, a fifth of the way.
    let mut events = Events::follow(child.stderr.take().unwrap());
    let first = events.wait_for(Duration::from_secs(60), |_| true);
    assert_eq!(
        [&first["type"], &first["mode"]],
        ["mode", "sustained"],
        "{first}"
    );
    let at = events.wait_for(Duration::from_secs(60), |v| {
        v["type"] == "fill" && v["written_bytes"].as_u64() >= Some(128 * MIB)
    });
    assert_eq!(at["total_bytes"], 640 * MIB, "{at}");
    assert!(at["mbps"].as_f64().unwrap() > 0.0, "{at}");
    // The child is ours and not yet waited for: its pid is its own.
    let pid = rustix::process::Pid::from_child(&child);
    rustix::process::kill_process(pid, rustix::process::Signal::INT).unwrap();
    let end = common::finish(child, start, Duration::from_secs(60));
    let lines = events.all();
    let last: serde_json::Value = serde_json::from_str(lines.last().unwrap()).unwrap();
    assert_eq!(
        [&last["type"], &last["interrupted"]],
        ["done", "signal 2"],
        "{last}"
    );
    assert_eq!(end.code, Some(130), "{}", end.stderr);
    assert_eq!(leftovers(fs.path()), Vec::<String>::new());
    let json = read_json(&report);
    assert_eq!(json["interrupted"], true);
    let s = &json["sustained"];
    let written = s["bytes_written"].as_u64().unwrap();
    assert!(written > 0 && written < 640 * MIB, "{s}");
    assert!(s["series"].as_array().unwrap().len() >= 5, "{s}");
}

/// Free space for this user on the filesystem of `dir`, and its margin as
/// diskmark computes it (the larger of 10 % and 2 GiB).
fn free_and_margin(dir: &Path) -> (u64, u64) {
    let st = rustix::fs::statvfs(dir).unwrap();
    let total = st.f_blocks * st.f_frsize;
    (st.f_bavail * st.f_frsize, (total / 100 * 10).max(2 << 30))
}

/// Issue 26 §2: another writer fills the filesystem while a sustained
/// write runs. The test samples the free space on its own (statvfs every
/// 2 ms) from before diskmark starts until it has ended; the free space
/// never falls below the margin by more than the fill's writes in flight
/// (T × Q × block = 1 × 8 × 1 MiB), and diskmark stops with the sentence,
/// reporting what it measured, with a note.
#[test]
fn another_writer_on_the_filesystem_never_takes_the_free_space_below_the_margin() {
    let _one = TIMED.lock().unwrap_or_else(|e| e.into_inner());
    let test = "another_writer_on_the_filesystem_never_takes_the_free_space_below_the_margin";
    // 2.5 GiB of ext4: a little more free than the 2 GiB margin.
    let Some(fs) = device(test, 2560) else { return };
    let cap = match WriteCap::new(&fs.device, 32 * 1_000_000) {
        Ok(c) => c,
        Err(e) => return skip(test, &e),
    };
    let dir = fs.path().to_path_buf();
    let (free0, margin) = free_and_margin(&dir);
    let writable = free0.saturating_sub(margin) / MIB * MIB;
    assert!(
        writable >= 128 * MIB,
        "set-up: only {writable} bytes above the margin"
    );
    let size = (writable - 8 * MIB).min(192 * MIB);
    let in_flight = 8 * MIB;
    // The test's own sampler of the free space.
    let done = Arc::new(AtomicBool::new(false));
    let sampler = {
        let (dir, done) = (dir.clone(), done.clone());
        std::thread::spawn(move || {
            let mut least = u64::MAX;
            while !done.load(Ordering::Relaxed) {
                least = least.min(free_and_margin(&dir).0);
                std::thread::sleep(Duration::from_millis(2));
            }
            least
        })
    };
    let report = tempfile::tempdir().unwrap();
    let json_path = report.path().join("r.json");
    let mut cmd = cap.command(&[
        dir.to_str().unwrap(),
        "--size",
        &format!("{}M", size / MIB),
        "--test",
        "SEQ1M Q8T1",
        "--sample-interval",
        "0.1",
        "-q",
        "-o",
        json_path.to_str().unwrap(),
    ]);
    let base = written(&fs.device).unwrap_or(0);
    let child = cmd.spawn().expect("start diskmark");
    let start = Instant::now();
    // Once diskmark has written 16 MiB, another writer takes all but
    // 128 MiB of what is above the margin: the rest of the fill no longer
    // fits. The 128 MiB are 4 s of the capped fill: the coordinator's
    // next look must come before they are gone, and at a load of 10 on 2
    // cores a thread can wait that long (64 MiB, 2 s, once fell 9 MB
    // short under bench/load.sh).
    while written(&fs.device).unwrap_or(0).saturating_sub(base) < 16 * MIB {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "diskmark never wrote 16 MiB"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    let other = dir.join("other-writer.bin");
    let (free, _) = free_and_margin(&dir);
    let take = free.saturating_sub(margin + 128 * MIB) / MIB;
    {
        use std::io::Write;
        let mut f = std::fs::File::create(&other).unwrap();
        let chunk = vec![0x5au8; MIB as usize];
        for _ in 0..take {
            f.write_all(&chunk).unwrap();
        }
        f.sync_all().unwrap();
    }
    let end = common::finish(child, start, Duration::from_secs(60));
    done.store(true, Ordering::Relaxed);
    let least = sampler.join().unwrap();
    std::fs::remove_file(&other).unwrap();
    eprintln!(
        "margin {} MiB, least free {} MiB, the other writer took {take} MiB",
        margin / MIB,
        least / MIB
    );
    assert!(
        least + in_flight >= margin,
        "free space fell to {least} bytes, below the margin {margin} less {in_flight} in flight"
    );
    assert_eq!(end.code, Some(1), "{}", end.stderr);
    assert_eq!(end.stderr.lines().count(), 1, "{}", end.stderr);
    assert!(
        end.stderr
            .starts_with("error: something else is writing to this filesystem"),
        "{}",
        end.stderr
    );
    assert_eq!(leftovers(&dir), Vec::<String>::new());
    let json = read_json(&json_path);
    let s = &json["sustained"];
    let bytes = s["bytes_written"].as_u64().unwrap();
    assert!(bytes >= 16 * MIB && bytes < size, "{s}");
    assert!(!s["series"].as_array().unwrap().is_empty(), "{s}");
    assert!(
        s["ended_early"]
            .as_str()
            .unwrap()
            .contains("something else is writing to this filesystem"),
        "{s}"
    );
    let notes = json["notes"].as_array().unwrap();
    assert!(
        notes.iter().any(|n| n
            .as_str()
            .unwrap()
            .contains("because another writer was filling the filesystem")),
        "{notes:?}"
    );
}

#[test]
fn a_filesystem_too_full_for_the_margin_is_refused_before_any_file() {
    let test = "a_filesystem_too_full_for_the_margin_is_refused_before_any_file";
    if !is_root() {
        return skip(test, "needs root (loop devices, mounts)");
    }
    // 1 GiB of ext4: less free than the 2 GiB margin.
    let fs = match LoopFs::new(1024) {
        Ok(fs) => fs,
        Err(e) => return skip(test, &e),
    };
    let target = fs.path().to_str().unwrap();
    for size in [None, Some("128M")] {
        let mut c = diskmark();
        c.args(["sustained", target, "-q"]);
        if let Some(s) = size {
            c.args(["--size", s]);
        }
        let out = c.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        match size {
            None => assert!(err.contains("would write only"), "{err}"),
            // Less free than the margin: no --size fits, and none is
            // suggested (never "at most 0 Bytes").
            Some(_) => assert!(
                err.contains("past its margin")
                    && err.contains("no --size fits")
                    && !err.contains("at most"),
                "{err}"
            ),
        }
        assert!(out.stdout.is_empty());
        assert_eq!(leftovers(fs.path()), Vec::<String>::new());
    }
}

/// Issue 26 §7: `prlimit --fsize=100000000 diskmark sustained DIR --size
/// 200M` said "write at offset 99614720 failed: Invalid argument"; it is
/// refused before any file, naming RLIMIT_FSIZE and a --size that fits,
/// and that size runs.
#[test]
fn a_size_past_the_file_size_limit_is_refused_before_any_file() {
    let dir = common::disk_dir();
    let target = dir.path().join("t");
    std::fs::create_dir(&target).unwrap();
    let sustained = |size: &str| {
        std::process::Command::new("prlimit")
            .arg("--fsize=100000000")
            .arg(env!("CARGO_BIN_EXE_diskmark"))
            .args(["sustained", target.to_str().unwrap(), "--size", size])
            .args(["-q", "--sample-interval", "0.05", "--format", "json"])
            .output()
            .expect("prlimit (util-linux) runs")
    };
    let out = sustained("200M");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("file-size limit of 95.37 MiB (100000000 bytes; RLIMIT_FSIZE")
            && err.contains("give a --size of at most 95.00 MiB"),
        "{err}"
    );
    assert!(!err.contains("Invalid argument"), "{err}");
    assert!(out.stdout.is_empty());
    assert_eq!(leftovers(&target), Vec::<String>::new());
    // What the sentence offers fits, and runs.
    let out = sustained("95M");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["sustained"]["bytes_written"], 95 * MIB, "{json}");
    assert_eq!(leftovers(&target), Vec::<String>::new());
}

/// The file-size limit lowered while the fill runs (`prlimit --pid`), to
/// a value that is no multiple of the block: the O_DIRECT write across it
/// fails with EINVAL, and is named as the file-size limit, not as the
/// filesystem (issue 26 §7); the fill keeps what it sampled, no file left.
#[test]
fn a_file_size_limit_lowered_mid_fill_is_named_as_such() {
    let _one = TIMED.lock().unwrap_or_else(|e| e.into_inner());
    let test = "a_file_size_limit_lowered_mid_fill_is_named_as_such";
    let Some(fs) = device(test, 3584) else { return };
    let cap = match WriteCap::new(&fs.device, 32 * 1_000_000) {
        Ok(c) => c,
        Err(e) => return skip(test, &e),
    };
    let report = tempfile::tempdir().unwrap();
    let json_path = report.path().join("r.json");
    let target = fs.path().to_str().unwrap().to_string();
    let mut cmd = cap.command(&[
        &target,
        "--size",
        "256M",
        "--sample-interval",
        "0.1",
        "-q",
        "-o",
        json_path.to_str().unwrap(),
    ]);
    let base = written(&fs.device).unwrap_or(0);
    let child = cmd.spawn().expect("start diskmark");
    let start = Instant::now();
    while written(&fs.device).unwrap_or(0).saturating_sub(base) < 16 * MIB {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "diskmark never wrote 16 MiB"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    let limit = 100_000_000u64;
    let lowered = std::process::Command::new("prlimit")
        .args([
            "--pid",
            &child.id().to_string(),
            &format!("--fsize={limit}"),
        ])
        .status()
        .expect("prlimit (util-linux) runs");
    assert!(lowered.success());
    let end = common::finish(child, start, Duration::from_secs(60));
    assert_eq!(end.code, Some(1), "{}", end.stderr);
    assert_eq!(end.stderr.lines().count(), 1, "{}", end.stderr);
    assert!(
        end.stderr
            .contains("file-size limit (95.37 MiB, RLIMIT_FSIZE")
            && !end.stderr.contains("Invalid argument")
            && !end.stderr.contains("O_DIRECT"),
        "{}",
        end.stderr
    );
    assert_eq!(leftovers(fs.path()), Vec::<String>::new());
    let json = read_json(&json_path);
    let s = &json["sustained"];
    let bytes = s["bytes_written"].as_u64().unwrap();
    assert!(bytes >= 16 * MIB && bytes <= limit, "{s}");
    assert!(
        s["ended_early"]
            .as_str()
            .unwrap()
            .contains("file-size limit"),
        "{s}"
    );
}

#[test]
fn bad_sizes_and_intervals_are_usage_errors() {
    let dir = common::disk_dir();
    let target = dir.path().to_str().unwrap();
    for (args, says) in [
        (&["--size", "32M"][..], "at least 64MiB"),
        (&["--sample-interval", "0.01"][..], "0.05..10"),
        (&["--engine", "null", "--size", "64M"][..], "null engine"),
        (
            &["--size", "64M", "-o", "x.csv"][..],
            "CSV, Markdown and OpenMetrics",
        ),
        (
            &["--size", "64M", "-o", "x.prom"][..],
            "CSV, Markdown and OpenMetrics",
        ),
    ] {
        let out = diskmark()
            .args(["sustained", target])
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    }
}
