//! The harness of the capped-device tests (docs/measurement.md#sustained-write):
//! an ext4 filesystem on a RAM-backed loop device, `diskmark sustained`
//! in a blkio group that caps its writes to the device, and a watcher that
//! lowers the cap once X MiB are written and keeps the device's own count.
//! Used by tests/it/sustained.rs and by tests/knees.rs, a binary of its
//! own.

use super::throttle::{Cap, CapGroup, disk_count};
use super::{LoopFs, is_root, skip};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// One timed test at a time: they share the two cores (the knees' tests
/// of tests/it/knees.rs too).
pub static TIMED: std::sync::Mutex<()> = std::sync::Mutex::new(());

pub const MB: f64 = 1e6;
pub const MIB: u64 = 1 << 20;

/// A cgroup capping writes to one device, which `diskmark sustained`
/// joins before its first write; removed on drop (after its one process,
/// the child, has ended).
pub struct WriteCap(CapGroup);

impl WriteCap {
    /// A group capping writes to `device` at `bps` bytes per second, or why
    /// it cannot be made here.
    pub fn new(device: &str, bps: u64) -> Result<WriteCap, String> {
        let group = CapGroup::new(device)?;
        group.set(Cap::WriteBps, bps)?;
        Ok(WriteCap(group))
    }

    pub fn set(&self, bps: u64) -> Result<(), String> {
        self.0.set(Cap::WriteBps, bps)
    }

    /// diskmark sustained in this group from its first instruction.
    pub fn command(&self, args: &[&str]) -> std::process::Command {
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
pub fn written(device: &str) -> Option<u64> {
    disk_count(device).map(|c| c.write_bytes)
}

/// One lowering of a [`WriteCap`]: to `bps` once `after` bytes are written.
#[derive(Debug, Clone, Copy)]
pub struct Step {
    pub after: u64,
    pub bps: u64,
}

/// Bytes the device had written, as read at one instant.
#[derive(Debug, Clone, Copy)]
pub struct Mark {
    pub bytes: u64,
    pub at: Instant,
}

/// What a [`watcher`] saw: the bytes written when each lowering was
/// made, and the device's own count whenever it moved.
pub struct Watched {
    pub fell: Vec<u64>,
    marks: Vec<Mark>,
}

impl Watched {
    /// The speed the device itself counted, in MB/s, between the first
    /// mark at or past `from` bytes and the last at or before `to`: the
    /// truth a throttle gave, which can be above its cap (a throttle's
    /// slices let bursts through; 85 MB/s for 3 s was seen under a cap of
    /// 64 on a fresh machine). None when fewer than 0.2 s lie between.
    pub fn mbps(&self, from: u64, to: u64) -> Option<f64> {
        let a = self.marks.iter().find(|m| m.bytes >= from)?;
        let b = self.marks.iter().rev().find(|m| m.bytes <= to)?;
        let s = b.at.checked_duration_since(a.at)?.as_secs_f64();
        (s >= 0.2).then(|| (b.bytes - a.bytes) as f64 / s / MB)
    }

    /// The bytes written when the writes stopped.
    pub fn total(&self) -> u64 {
        self.marks.last().map_or(0, |m| m.bytes)
    }
}

/// Lowers `cap` at each of `steps` in turn, counting bytes written to
/// `device` from now, and keeps the count's timeline; ends when `done` is
/// set (or after 60 s).
pub fn watcher(
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
pub fn finish(cmd: &mut std::process::Command) -> super::Ended {
    let child = cmd.spawn().expect("start diskmark");
    super::finish(child, Instant::now(), Duration::from_secs(60))
}

/// The set-up, or the printed reason it cannot be made here.
pub fn device(test: &str, mib: u64) -> Option<LoopFs> {
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

pub fn read_json(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).expect("the JSON report");
    serde_json::from_str(&text).expect("JSON")
}

pub fn num(v: &serde_json::Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} is not a number: {v}"))
}

pub fn within(got: f64, want: f64, share: f64) -> bool {
    (got - want).abs() <= share * want
}
