//! A fixed run, for report snapshots.

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
                plan: p.clone(),
                direction: d,
                loops,
                observations: Vec::new(),
                flags: Vec::new(),
                verified: None,
                facts: Default::default(),
                steady: None,
                hosts: Vec::new(),
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
    }
}

#[test]
fn fixture_is_consistent() {
    let s = settings();
    let o = output(&s);
    assert_eq!(o.tests.len(), 12);
    assert_eq!(o.tests[0].plan.t, 8, "psync runs Q8T1 as Q1T8");
}
