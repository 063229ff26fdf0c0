//! Reports of a finished (or interrupted) run: one exporter per file.

pub mod chart;
pub mod csv;
pub mod engines;
pub mod escape;
pub mod json;
pub mod markdown;
pub mod model;
pub mod rows;
pub mod scale;
pub mod targets;
pub mod text;

use crate::config::Settings;
use crate::host::HostInfo;
use crate::run::{RunOutput, TestResult};
use crate::stats::headline::headline;
use crate::target::TargetInfo;
use crate::workload::Direction;

/// Everything a report shows.
#[derive(Debug, Clone, Copy)]
pub struct Report<'a> {
    /// What was asked.
    pub settings: &'a Settings,
    /// Where it ran.
    pub target: &'a TargetInfo,
    /// On what machine.
    pub host: &'a HostInfo,
    /// What was measured.
    pub output: &'a RunOutput,
}

/// Output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// KDiskMark's text report.
    Text,
    /// Versioned JSON with every loop.
    Json,
    /// One row per test and direction.
    Csv,
    /// A Markdown table.
    Markdown,
}

impl Format {
    /// The format a file name's extension suggests (.json, .csv, .md), else
    /// text.
    pub fn from_path(path: &std::path::Path) -> Format {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(|e| e.to_ascii_lowercase());
        match ext.as_deref() {
            Some("json") => Format::Json,
            Some("csv") => Format::Csv,
            Some("md") | Some("markdown") => Format::Markdown,
            _ => Format::Text,
        }
    }
}

impl Report<'_> {
    /// Renders the report in `format`.
    pub fn render(&self, format: Format) -> String {
        match format {
            Format::Text => text::render(self),
            Format::Json => json::render(self),
            Format::Csv => csv::render(self),
            Format::Markdown => markdown::render(self),
        }
    }

    /// The directions that have at least one finished test, in report
    /// order.
    pub fn sections(&self) -> Vec<Direction> {
        self.settings
            .directions()
            .into_iter()
            .filter(|d| self.output.tests.iter().any(|t| t.direction == *d))
            .collect()
    }

    /// Finished tests of one direction, in profile order.
    pub fn tests_of(&self, d: Direction) -> impl Iterator<Item = &TestResult> {
        self.output.tests.iter().filter(move |t| t.direction == d)
    }

    /// Whether the run had tests but none completed an I/O in its window:
    /// nothing was measured.
    pub fn measured_nothing(&self) -> bool {
        let s = self.settings;
        !self.output.tests.is_empty()
            && self.output.tests.iter().all(|t| {
                t.selected(s.loop_stat).is_none_or(|sel| {
                    !headline(t.direction, &sel.result)
                        .summary(sel.result.window_ns)
                        .completed()
                })
            })
    }

    /// Every note: the run's, what the tests observed (the same note of
    /// several tests on one line), then an interruption if there was one.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = self.output.notes.clone();
        for o in collapse(&self.output.tests) {
            if !notes.contains(&o) {
                notes.push(o);
            }
        }
        let verified: Vec<u64> = self
            .output
            .tests
            .iter()
            .filter_map(|t| t.verified)
            .collect();
        if !verified.is_empty() {
            notes.push(format!(
                "--verify: every written block read back as written ({} blocks checked after {} write tests)",
                verified.iter().sum::<u64>(),
                verified.len()
            ));
        }
        match self.output.interrupted {
            Some(0) => notes.push("stopped: only the tests that finished are shown".into()),
            Some(sig) => notes.push(format!(
                "interrupted by {}: only the tests that finished are shown",
                signal_name(sig)
            )),
            None => {}
        }
        notes
    }
}

/// The tests' observations, the same note of several tests as one line
/// that lists them: `SEQ1M Q8T1 read, RND4K Q1T1 read: no I/O ...`.
pub fn collapse(tests: &[TestResult]) -> Vec<String> {
    // (what was observed, the tests that observed it), first seen first.
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for t in tests {
        let name = format!("{} {}", t.plan.requested, t.direction.name());
        let prefix = format!("{name}: ");
        for o in &t.observations {
            let (what, who) = match o.strip_prefix(&prefix) {
                Some(rest) => (rest.to_string(), Some(name.clone())),
                None => (o.clone(), None),
            };
            match groups.iter_mut().find(|(w, _)| *w == what) {
                Some((_, names)) => names.extend(who.filter(|n| !names.contains(n))),
                None => groups.push((what, who.into_iter().collect())),
            }
        }
    }
    groups
        .into_iter()
        .map(|(what, names)| match names.is_empty() {
            true => what,
            false => format!("{}: {what}", names.join(", ")),
        })
        .collect()
}

/// `SIGINT`, `SIGQUIT`, `SIGRTMIN+1`, ... or `signal N`.
pub fn signal_name(sig: i32) -> String {
    crate::run::signals::name(sig)
}

#[cfg(test)]
pub(crate) mod fixtures {
    //! A fixed run, for report snapshots.
    use super::*;
    use crate::engine::EngineKind;
    use crate::stats::{DirStats, LoopResult};
    use crate::target::{Usage, sysfs::BlockDevice};
    use crate::units::{GIB, MIB};
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
        let mut s = Settings::defaults(PathBuf::from("/var/tmp"));
        s.profile = Profile::Default;
        s.mix = true;
        s.loops = 2;
        s.seed = 42;
        s.engine = EngineKind::Psync.into();
        s
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
                    verified: None,
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
            kept_file: None,
            test_file: crate::run::TestFileInfo {
                raw_device: false,
                size: settings.size,
                dio_align: Some(512),
                nocow: None,
                prefill_ns: 0,
            },
        }
    }

    #[test]
    fn fixture_is_consistent() {
        let s = settings();
        let o = output(&s);
        assert_eq!(o.tests.len(), 12);
        assert_eq!(o.tests[0].plan.t, 8, "psync runs Q8T1 as Q1T8");
    }
}
