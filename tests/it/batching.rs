//! Batched submission (issue 31 §1, docs/measurement.md#batches): at Q32
//! the asynchronous native engines make at most one system call per 8
//! I/Os, as strace counts them from outside the process, while every I/O
//! keeps its own latency: the latencies recorded are the I/Os counted, and
//! Little's law holds.
//!
//! The device is a zram of the test's own, which completes each I/O inside
//! the call that submits it: how many I/Os a call carries is then up to
//! diskmark, not to how fast a loaded machine gets back to it.

use crate::common::{self, diskmark, json, leftovers, skip};
use std::path::Path;

/// strace's `-c` table: calls of each syscall in `names`, added up.
fn calls(summary: &str, names: &[&str]) -> u64 {
    summary
        .lines()
        .filter_map(|l| {
            let cols: Vec<&str> = l.split_whitespace().collect();
            let name = *cols.last()?;
            // % time, seconds, usecs/call, calls, [errors,] syscall
            (names.contains(&name) && cols.len() >= 5)
                .then(|| cols[3].parse::<u64>().ok())
                .flatten()
        })
        .sum()
}

/// Runs RND4K Q32T1 reads with `engine` on `dir` under `strace -f -c` of
/// `syscalls`: the JSON report and the calls strace counted.
fn traced(dir: &Path, engine: &str, syscalls: &[&str]) -> (serde_json::Value, u64) {
    let counts = tempfile::NamedTempFile::new().unwrap();
    let out = std::process::Command::new("strace")
        .args(["-f", "-c", "-o"])
        .arg(counts.path())
        .arg("-e")
        .arg(format!("trace={}", syscalls.join(",")))
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_diskmark"))
        .arg(dir)
        .args([
            "--engine",
            engine,
            "--test",
            "RND4K Q32T1",
            "--mode",
            "read",
        ])
        .args(["--size", "64M", "--loops", "1", "--interval", "0"])
        .args(["--measure", "1", "--warmup", "0.1", "--format", "json"])
        .output()
        .expect("strace runs");
    assert!(
        out.status.success(),
        "{engine}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = std::fs::read_to_string(counts.path()).unwrap();
    (json(&out.stdout), calls(&summary, syscalls))
}

/// The checks on one engine's traced run.
fn batched(dir: &Path, engine: &str, syscalls: &[&str]) {
    let (v, made) = traced(dir, engine, syscalls);
    assert_eq!(leftovers(dir), Vec::<String>::new());
    let t = &v["tests"][0];
    assert_eq!(
        t["applied"]["q"], 32,
        "{engine} ran at Q32: {}",
        t["applied"]
    );
    let l = &t["loops"][0]["total"];
    let ios = l["ios"].as_u64().unwrap();
    // Every call of the run, set-up, warm-up and drain included, against
    // the I/Os of the window alone: an overestimate of calls per I/O.
    let per_io = made as f64 / ios as f64;
    eprintln!("{engine}: {made} calls for {ios} I/Os in the window: {per_io:.4} per I/O");
    assert!(ios > 1000, "{engine}: only {ios} I/Os");
    assert!(
        per_io <= 1.0 / 8.0,
        "{engine}: {per_io:.3} calls per I/O at Q32"
    );
    // The engine's own count agrees that the I/Os were batched.
    let own = t["engine_setup"]["calls_per_io"].as_f64().unwrap();
    assert!(
        own <= 1.0 / 8.0,
        "{engine}: the JSON says {own} calls per I/O"
    );
    // One latency per I/O, each its own.
    assert_eq!(l["lat_us"]["count"].as_u64(), Some(ios), "{l}");
    let iops = l["iops"].as_f64().unwrap();
    let lat_s = l["lat_us"]["mean"].as_f64().unwrap() / 1e6;
    let window_s = t["loops"][0]["window_ns"].as_f64().unwrap() / 1e9;
    let edge = l["lat_us"]["max"].as_f64().unwrap() / 1e6 / window_s;
    let in_flight = iops * lat_s;
    // As tests/it/measurement.rs: at most 10 % over Q plus the window's
    // edge; at least a quarter of Q on a loaded machine, where the worker
    // waits for a CPU between its batches.
    let ceiling = 32.0 * (1.10 + edge);
    eprintln!(
        "{engine}: {iops:.0} IOPS x {:.1} us = {in_flight:.2} in flight",
        lat_s * 1e6
    );
    assert!(
        (8.0..=ceiling).contains(&in_flight),
        "{engine}: IOPS x mean latency = {in_flight:.2}, want 32 (8 to {ceiling:.2})"
    );
}

#[test]
fn io_uring_and_libaio_batch_their_calls_and_keep_each_latency() {
    let test = "io_uring_and_libaio_batch_their_calls_and_keep_each_latency";
    if cfg!(debug_assertions) {
        return skip(
            test,
            "debug build; the README's test command uses --release",
        );
    }
    if std::process::Command::new("strace")
        .arg("-V")
        .output()
        .is_err()
    {
        return skip(test, "strace is not installed");
    }
    let z = match common::zram::Zram::ext4(256) {
        Ok(z) => z,
        Err(why) => return skip(test, &why),
    };
    let engines = String::from_utf8(diskmark().args(["engines"]).output().unwrap().stdout).unwrap();
    let available = |name: &str| {
        engines.lines().any(|l| {
            l.starts_with(name)
                && (l.contains("available") || l.contains("default"))
                && !l.contains("unavailable")
        })
    };
    for (engine, syscalls) in [
        ("io_uring", &["io_uring_enter"][..]),
        ("libaio", &["io_submit", "io_getevents"][..]),
    ] {
        if !available(engine) {
            skip(test, &format!("{engine} is not available here"));
            continue;
        }
        batched(z.path(), engine, syscalls);
    }
}
