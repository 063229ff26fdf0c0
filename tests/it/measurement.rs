//! Measurement checks on the real binary and the real disk. Timings are
//! compared, so run them on a release build (`cargo test --release`); the
//! tests in this file run one after another so they do not disturb each
//! other.

use crate::common;
use common::{disk_dir, diskmark, json, leftovers};

/// Little's law for a closed loop: mean latency × IOPS ≈ I/Os in flight
/// (Q×T). It catches arithmetic that does not add up (a wrong window, a
/// latency taken from the wrong clock, I/Os counted outside the window).
#[test]
fn littles_law_holds_for_psync_q1t1_and_q1t4() {
    if cfg!(debug_assertions) {
        common::skip(
            "littles_law (not skipped)",
            "debug build; the README's test command uses --release",
        );
    }
    let dir = disk_dir();
    let out = diskmark()
        .arg(dir.path())
        .args([
            "--size",
            "64M",
            "--measure",
            "0.5",
            "--warmup",
            "0.2",
            "--interval",
            "0",
            "--loops",
            "2",
            "--engine",
            "psync",
            "--test",
            "RND4K Q1T1",
            "--test",
            "RND4K Q1T4",
            "--format",
            "json",
        ])
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    let v = json(&out.stdout);
    let tests = v["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 4, "read and write of two tests");
    for t in tests {
        let in_flight = t["applied"]["q"].as_f64().unwrap() * t["applied"]["t"].as_f64().unwrap();
        let r = &t["result"]["total"];
        let iops = r["iops"].as_f64().unwrap();
        let lat_s = r["lat_us"]["mean"].as_f64().unwrap() / 1e6;
        let l = iops * lat_s;
        eprintln!(
            "{} {}: {iops:.0} IOPS x {:.1} us = {l:.3} (Q×T = {in_flight})",
            t["name"],
            t["direction"],
            lat_s * 1e6
        );
        // At most 10 % above Q×T (no more can be in flight: more means a
        // latency or a count is wrong) plus the window's edge: the I/Os in
        // flight when a window opens count their whole latency, up to Q×T
        // × the longest latency / the window (a disk that a writer beside
        // the test loads makes that tens of ms: 1.142 was seen at Q1T1 in
        // 0.5 s windows). At least a quarter of it: on a loaded machine the
        // worker waits for a CPU between reaping and resubmitting, so fewer
        // are in flight some of the time (issue 27).
        let edge = r["lat_us"]["max"].as_f64().unwrap()
            / 1e6
            / (t["loops"][0]["window_ns"].as_f64().unwrap() / 1e9);
        let ceiling = in_flight * (1.10 + edge);
        assert!(
            0.25 * in_flight <= l && l <= ceiling,
            "{} {}: latency x IOPS = {l:.3}, want {in_flight} (−75 %, up to {ceiling:.3})",
            t["name"],
            t["direction"]
        );
        // MB/s = IOPS × block size, exactly.
        let mbps = r["mbps"].as_f64().unwrap();
        assert!((mbps - iops * 4096.0 / 1e6).abs() < 1e-9 * mbps);
    }
}
