//! A fixed run, for report snapshots, and one result of each mode
//! (`--qos`, a sustained write, a span map, a hot drive).

use crate::config::Settings;
use crate::engine::EngineKind;
use crate::host::HostInfo;
use crate::run::{RunOutput, TestResult};
use crate::stats::{DirStats, LoopResult};
use crate::target::TargetInfo;
use crate::target::{Usage, sysfs::BlockDevice};
use crate::units::{GIB, MIB};
use crate::workload::Direction;
use crate::workload::Profile;
use chrono::TimeZone;
use std::path::PathBuf;

/// A direction's stats with `ios` I/Os of `lat_us` each.
pub fn dir(ios: u64, bs: u64, lat_us: u64) -> DirStats {
    let mut d = DirStats::default();
    for i in 0..ios {
        // Spread latencies ±10% around the mean, symmetric.
        let l = lat_us * 1000;
        let v = match i % 3 {
            0 => l - l / 10,
            1 => l,
            _ => l + l / 10,
        };
        d.record(v, bs);
    }
    d
}

pub fn settings() -> Settings {
    let mut s = crate::config::Choices::defaults(PathBuf::from("/var/tmp"));
    s.profile = Profile::Default;
    s.mix = true;
    s.loops = 2;
    s.seed = 42;
    s.engine = EngineKind::Psync.into();
    Settings::validate(s).unwrap()
}

pub fn target() -> TargetInfo {
    TargetInfo {
        path: PathBuf::from("/var/tmp"),
        kind: crate::target::TargetKind::Directory,
        mount_point: Some(PathBuf::from("/")),
        fs_type: "ext4".into(),
        source: Some("/dev/vda".into()),
        mount_options: vec!["rw".into(), "relatime".into()],
        dev: (254, 0),
        device: Some(BlockDevice {
            name: "vda".into(),
            disk: "vda".into(),
            dm_name: None,
            dm_uuids: Vec::new(),
            md_level: None,
            disks: vec![crate::target::sysfs::Disk {
                name: "vda".into(),
                model: "Virtio Disk".into(),
                vendor: None,
                rotational: Some(false),
                scheduler: Some("none".into()),
                logical_block_size: Some(512),
                physical_block_size: Some(512),
                nr_requests: Some(256),
                io_poll: Some(false),
                write_cache: Some("write back".into()),
                size_bytes: Some(270 * GIB),
                sensor: None,
                link: None,
            }],
            model: Some("Virtio Disk".into()),
            io_poll: Some(false),
            sys_dir: PathBuf::from("/sys/devices/virtio1/block/vda"),
        }),
        usage: Usage {
            total: 252 * GIB,
            used: 11 * GIB,
            available: 80 * GIB,
        },
        caveats: Vec::new(),
    }
}

pub fn host() -> HostInfo {
    HostInfo {
        os_id: "debian".into(),
        os_version: "12".into(),
        sysname: "linux".into(),
        release: "6.18.44".into(),
        cpus: 2,
        hostname: None,
    }
}

pub fn output(settings: &Settings) -> RunOutput {
    let caps = settings.engine.capabilities();
    let plans = crate::run::plan_with(settings, &caps).unwrap();
    let mut tests = Vec::new();
    for d in settings.directions() {
        for (i, p) in plans.iter().enumerate() {
            let bs = p.requested.block_size;
            let loops = (0..2u64)
                .map(|l| {
                    let mut lr = LoopResult::empty(5_000_000_000);
                    let ios = (1000 + 100 * i as u64 + 10 * l) * (MIB / bs).min(8);
                    let lat = 100 + 50 * i as u64;
                    match d {
                        Direction::Read => lr.read = dir(ios, bs, lat),
                        Direction::Write => lr.write = dir(ios, bs, lat * 2),
                        Direction::Mix { .. } => {
                            lr.read = dir(ios * 7 / 10, bs, lat);
                            lr.write = dir(ios * 3 / 10, bs, lat * 2);
                        }
                    }
                    lr
                })
                .collect();
            tests.push(TestResult {
                loops,
                ..TestResult::empty(p.clone(), d)
            });
        }
    }
    RunOutput {
        started: chrono::Local
            .with_ymd_and_hms(2026, 2, 25, 19, 6, 9)
            .single()
            .unwrap(),
        tests,
        notes: crate::run::run_notes(settings, &plans),
        interrupted: None,
        qos: None,
        kept_file: None,
        test_file: crate::run::TestFileInfo {
            raw_device: false,
            size: settings.size,
            dio_align: Some(512),
            nocow: None,
            prefill_ns: 0,
        },
        sustained: None,
        span: None,
        elapsed: None,
        engine: None,
    }
}

/// The fixture run, its first test's loops sampled every 100 ms with a
/// reading every fifth sample: 60 °C and 2000 MB/s, then from sample 15
/// of each loop 72 °C and 1000 MB/s; and a sensor warning at 70 °C (in the
/// directory returned, which must outlive the target).
pub fn hot_run() -> (RunOutput, TargetInfo, tempfile::TempDir) {
    let settings = settings();
    let mut output = output(&settings);
    for l in &mut output.tests[0].loops {
        l.samples = (0..30)
            .map(|i| crate::stats::Sample {
                t_s: 0.1 * f64::from(i + 1),
                mbps: if i < 15 { 2000.0 } else { 1000.0 },
                iops: 0.0,
                temp_c: (i % 5 == 0).then_some(if i < 15 { 60.0 } else { 72.0 }),
            })
            .collect();
    }
    let dir = tempfile::tempdir().unwrap();
    for (f, v) in [
        ("name", "nvme"),
        ("temp1_input", "60000"),
        ("temp1_max", "70000"),
    ] {
        std::fs::write(dir.path().join(f), v).unwrap();
    }
    let mut target = target();
    if let Some(d) = target.device.as_mut() {
        d.disks[0].sensor = crate::target::thermal::Sensor::at(dir.path());
    }
    (output, target, dir)
}

/// A `--qos` result on psync: 1000 reads alone at 10 µs, under load 990
/// at 10 µs and 10 at 5 ms, and a writer at 50 MB/s.
pub fn qos() -> crate::run::qos::QosResult {
    use crate::run::qos::{READS, WRITER};
    let caps = crate::engine::Capabilities {
        synchronous: true,
        max_depth: 1,
        budget: None,
    };
    let planned = |t| crate::plan::plan(t, "psync", &caps).unwrap();
    // A read window of `lats_us` (one read each) over 1 s.
    let window = |lats_us: &[u64]| {
        let mut l = LoopResult::empty(1_000_000_000);
        for &us in lats_us {
            l.read.record(us * 1000, 4096);
        }
        l
    };
    let mut writer_loop = LoopResult::empty(2_000_000_000);
    writer_loop.write.record(1_000_000, 100_000_000);
    let loaded: Vec<u64> = (0..1000).map(|i| if i < 990 { 10 } else { 5000 }).collect();
    crate::run::qos::QosResult {
        reads: planned(READS),
        writer: planned(WRITER),
        unloaded: window(&[10; 1000]),
        loaded: window(&loaded),
        writer_loop,
    }
}

/// A sustained write: 10 samples at 400 MB/s, 10 at 100, 3 back at 390,
/// 5 at 100.
pub fn fill() -> crate::stats::sustained::SustainedResult {
    use crate::stats::sustained::{SustainedResult, SustainedSample, summarize};
    let mut rates = vec![400.0; 10];
    rates.extend([100.0; 10]);
    rates.extend([390.0; 3]);
    rates.extend([100.0; 5]);
    let mut bytes = 0u64;
    let series: Vec<SustainedSample> = (rates.iter().enumerate())
        .map(|(i, r)| {
            bytes += (r * 0.5e6) as u64;
            SustainedSample {
                seconds: (i + 1) as f64 * 0.5,
                bytes_written: bytes,
                mbps: *r,
                p99_us: Some(if *r > 200.0 { 9000.0 } else { 80000.0 }),
                temp_c: None,
            }
        })
        .collect();
    SustainedResult {
        test: "SEQ1M Q8T1".into(),
        planned_bytes: bytes,
        bytes_written: bytes,
        sample_interval_s: 0.5,
        summary: summarize(&series, bytes, 14.0),
        series,
        ended_early: None,
    }
}

/// [`fill`]'s first 8 samples, all at 400 MB/s: no knee.
pub fn fill_without_knee() -> crate::stats::sustained::SustainedResult {
    let mut f = fill();
    f.series.truncate(8);
    f.bytes_written = f.series[7].bytes_written;
    f.summary = crate::stats::sustained::summarize(&f.series, f.bytes_written, 4.0);
    f
}

/// A span map: 20 samples of 8 MiB over 1 GiB at 500 MB/s, with a dip to
/// 100 at the 13th, and 5 access times.
pub fn span() -> crate::stats::span::SpanResult {
    use crate::stats::histogram::Histogram;
    use crate::stats::span::{AccessPoint, AccessTimes, SpanResult, SpanSample};
    let dev = 1024 * MIB;
    let offsets = crate::stats::span::offsets(dev, 8 * MIB, 20, 512);
    let samples = (offsets.iter().enumerate())
        .map(|(i, &offset)| {
            let mbps = if i == 12 { 100.0 } else { 500.0 };
            SpanSample {
                offset,
                bytes: 8 * MIB,
                elapsed_ns: (8.0 * MIB as f64 / (mbps * 1e6) * 1e9) as u64,
            }
        })
        .collect();
    let mut h = Histogram::new();
    let ns = [80_000u64, 90_000, 100_000, 120_000, 400_000];
    ns.iter().for_each(|&v| h.record(v));
    SpanResult {
        device_bytes: dev,
        test_file: false,
        sample_size: 8 * MIB,
        sample_test: "SEQ1M Q8T1".into(),
        engine: "io_uring".into(),
        samples_planned: 20,
        samples,
        access_planned: 5,
        access_block: 4096,
        access: AccessTimes::of(&h, 80_000, 400_000, ns.iter().sum()),
        access_points: (ns.iter().enumerate())
            .map(|(i, &v)| AccessPoint {
                offset: i as u64 * 200 * MIB,
                us: v as f64 / 1e3,
            })
            .collect(),
        ended_early: None,
    }
}

#[test]
fn fixture_is_consistent() {
    let s = settings();
    let o = output(&s);
    assert_eq!(o.tests.len(), 12);
    assert_eq!(o.tests[0].plan.t, 8, "psync runs Q8T1 as Q1T8");
}
