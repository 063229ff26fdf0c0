//! Native engines against fio on the real fio binary: the same tests on
//! the same test file, alternately, 5 times each, 0.5 s windows.
//!
//! The asserted comparison runs on ext4 on a RAM-backed loop device
//! (docs/measurement.md#measuring-diskmark-itself) capped by the block-I/O cgroup throttle at 1,000 I/Os and 50 MB/s
//! each way, where IOPS and mean latency medians must agree within 25%; the
//! same comparison on the virtio disk is printed only (it swings up to 2×
//! from one second to the next).
//!
//! Why the cap: uncapped, the loop device is CPU-bound on these 2 vCPUs, so
//! its figures measure CPU time and scheduling rather than a device, and
//! they did not stay within 25%. Native/fio IOPS medians seen uncapped
//! (2026-11-30, seven runs): psync RND4K Q1T1 read 0.79..1.00 (whether the
//! loop's kernel worker runs beside the benchmark or after it on the same
//! CPU; with /dev/cpu_dma_latency held at 0 it became 1.39, fio psync then
//! spending 10.1 µs of CPU per I/O to diskmark's 6.2); io_uring RND4K Q32T1
//! read 1.11..1.29 (diskmark spends 10-20% less CPU per I/O); libaio SEQ1M
//! Q8T1 read 0.90..1.09; psync RND4K Q1T4 write 1.00..1.08. Capped, the
//! device decides: both sides read 9,980-10,000 IOPS on the RND cases and
//! 474-478 on SEQ1M; mean latencies agree within 1-2% at Q1 and read
//! 10-15% higher under fio at Q8/Q32, fio's window edges (I/Os in flight
//! when its ramp and its runtime end count with their whole latency).
//!
//! Why 1,000 and not 10,000 (issue 27): at 10,000 a Q1 I/O has 100 µs, and
//! on a loaded 2-core machine the loop device's worker and the benchmark
//! wait longer than that for a CPU, so the CPU decided again and the test
//! failed under bench/load.sh. At 1,000 each I/O has 1 ms, which scheduling
//! delays fit inside: the cap decides on a busy machine too.

use crate::common;
use common::{RamExt4, Throttle, disk_dir, have_fio, skip};
use diskmark::backend::Backend;
use diskmark::config::{Choices, Settings};
use diskmark::engine::EngineKind;
use diskmark::fio::FioEngine;
use diskmark::run::{run_one_loop, testfile::TestFile};
use diskmark::stats::Spread;
use diskmark::workload::{DataKind, Direction, parse_test};
use std::path::Path;
use std::time::Duration;

/// The loop device's cap: I/Os per second and bytes per second, each way.
const CAP_IOPS: u64 = 1_000;
const CAP_BPS: u64 = 50_000_000;

const CASES: [(&str, &str, &str); 4] = [
    ("psync", "RND4K Q1T1", "read"),
    ("io_uring", "RND4K Q32T1", "read"),
    ("libaio", "SEQ1M Q8T1", "read"),
    ("psync", "RND4K Q1T4", "write"),
];

/// (IOPS, mean latency µs) medians of native and fio on `dir`.
fn compare(dir: &Path, engine: &str, test: &str, dir_name: &str) -> ((f64, f64), (f64, f64)) {
    let target = diskmark::target::resolve(dir).unwrap();
    let size = 64 << 20;
    let file = TestFile::create(&target.path, size, true).unwrap();
    file.prefill(DataKind::Random, 1, |_| Ok(())).unwrap();
    let settings = |backend: Backend| {
        let mut s = Choices::defaults(target.path.clone());
        s.size = size;
        s.measure = Duration::from_millis(500);
        s.warmup = Duration::from_millis(200);
        s.engine = backend;
        Settings::validate(s).unwrap()
    };
    let native = settings(Backend::Native(EngineKind::parse(engine).unwrap()));
    let fio = settings(Backend::Fio(FioEngine::locate(engine, None).unwrap()));
    let direction = if dir_name == "read" {
        Direction::Read
    } else {
        Direction::Write
    };
    let spec = parse_test(test).unwrap();
    let (mut n, mut f) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        for (s, out) in [(&native, &mut n), (&fio, &mut f)] {
            let (_, l) = run_one_loop(s, &target, &file, spec, direction).unwrap();
            let d = if direction == Direction::Read {
                &l.read
            } else {
                &l.write
            };
            let sum = d.summary(l.window_ns);
            out.push((sum.iops, sum.lat.unwrap().mean_us));
        }
    }
    let med = |v: &[(f64, f64)]| {
        let i: Vec<f64> = v.iter().map(|x| x.0).collect();
        let l: Vec<f64> = v.iter().map(|x| x.1).collect();
        (
            Spread::of(&i).unwrap().median,
            Spread::of(&l).unwrap().median,
        )
    };
    (med(&n), med(&f))
}

#[test]
fn native_engines_agree_with_fio() {
    if !have_fio() {
        skip("native_engines_agree_with_fio", "fio is not installed");
        return;
    }
    let ram = match RamExt4::new(512) {
        Ok(r) => r,
        Err(why) => {
            skip(
                "native_engines_agree_with_fio",
                &format!("no RAM-backed loop device: {why}"),
            );
            return;
        }
    };
    let throttle = match Throttle::new(&ram.device, CAP_IOPS, CAP_BPS) {
        Ok(t) => t,
        Err(why) => {
            skip(
                "native_engines_agree_with_fio",
                &format!("cannot throttle the loop device: {why}"),
            );
            return;
        }
    };
    let mut failures = Vec::new();
    for (engine, test, d) in CASES {
        let ((ni, nl), (fi, fl)) = compare(ram.path(), engine, test, d);
        let (ri, rl) = (ni / fi, nl / fl);
        // The cap must be what limits both, or this compares CPUs again.
        let block = if test.starts_with("SEQ1M") {
            1 << 20
        } else {
            4096
        };
        let cap = (CAP_IOPS as f64).min(CAP_BPS as f64 / block as f64);
        for (who, iops) in [("native", ni), ("fio", fi)] {
            // Above the cap by up to 15 %: at 1,000 IOPS a 0.5 s window
            // holds 500 I/Os, and the throttle's first slice and fio's
            // window edges add tens (fio read 1,060-1,080 under load).
            if !(0.8 * cap..=1.15 * cap).contains(&iops) {
                failures.push(format!(
                    "{engine} {test} {d}: {who} {iops:.0} IOPS on a device capped at {cap:.0}"
                ));
            }
        }
        eprintln!(
            "loop device {engine:>8} {test} {d:<5}: IOPS {ni:>9.0} vs fio {fi:>9.0} ({ri:.2}), latency {nl:>8.1} vs {fl:>8.1} us ({rl:.2})"
        );
        if !(0.75..=1.25).contains(&ri) || !(0.75..=1.25).contains(&rl) {
            failures.push(format!(
                "{engine} {test} {d}: IOPS ratio {ri:.2}, latency ratio {rl:.2}"
            ));
        }
    }
    drop(throttle);
    // The same on the disk, printed for the record only.
    let disk = disk_dir();
    for (engine, test, d) in CASES {
        let ((ni, nl), (fi, fl)) = compare(disk.path(), engine, test, d);
        eprintln!(
            "disk        {engine:>8} {test} {d:<5}: IOPS {ni:>9.0} vs fio {fi:>9.0} ({:.2}), latency {nl:>8.1} vs {fl:>8.1} us ({:.2})",
            ni / fi,
            nl / fl
        );
    }
    assert!(
        failures.is_empty(),
        "native and fio disagree by more than 25%: {failures:?}"
    );
}
