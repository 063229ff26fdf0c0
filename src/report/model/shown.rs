//! What every renderer reads off the model the same way: a run's
//! sections and their tests, the profile's and the directions' names,
//! when the run started, the drive (docs/report.md).

use super::run::Run;
use super::setup::{Backend, DataKind, Engine, LoopStat, Mode, Settings};
use super::target::{Host, Target, TargetKind};
use super::test::{Direction, Pattern, Test};

impl Run {
    /// The directions that have at least one test, in report order: Read,
    /// Write, Mix, as the settings chose them (`--mode`, `--mix`).
    pub fn sections(&self) -> Vec<Direction> {
        let s = &self.settings;
        let mut d = Vec::new();
        if matches!(s.mode, Mode::Rw | Mode::Read) {
            d.push(Direction::Read);
        }
        if matches!(s.mode, Mode::Rw | Mode::Write) {
            d.push(Direction::Write);
        }
        if s.mix || s.mode == Mode::Mix {
            d.push(Direction::Mix);
        }
        d.retain(|d| self.tests_of(*d).next().is_some());
        d
    }

    /// The tests of one direction, in the order they ran.
    pub fn tests_of(&self, d: Direction) -> impl Iterator<Item = &Test> {
        self.tests.iter().filter(move |t| t.direction == Some(d))
    }

    /// When the run started, as the reports print it: `2026-02-25
    /// 19:06:09`, the local time the file's RFC 3339 date holds.
    pub fn started_at(&self) -> String {
        self.date
            .chars()
            .take(19)
            .collect::<String>()
            .replace('T', " ")
    }
}

impl Settings {
    /// The profile's name as the reports print it (KDiskMark's: `NVMe
    /// SSD`); a name this diskmark does not know is shown as the file
    /// gives it.
    pub fn profile_name(&self) -> String {
        <crate::workload::Profile as clap::ValueEnum>::from_str(&self.profile, true)
            .map_or_else(|_| self.profile.clone(), |p| p.display_name().to_string())
    }
}

impl Direction {
    /// `read`, `write` or `mix`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Read => "read",
            Direction::Write => "write",
            Direction::Mix => "mix",
        }
    }
}

impl Target {
    /// Whether it is a raw block device.
    pub fn is_device(&self) -> bool {
        self.kind == TargetKind::BlockDevice
    }

    /// The drive's model, when sysfs knew it.
    pub fn model(&self) -> Option<&str> {
        self.device.as_ref().and_then(|d| d.model.as_deref())
    }

    /// The drive as the reports name it: its model and its link,
    /// `Kingston SKC600MS · SATA 6 Gb/s`, or whichever is known
    /// ([`crate::target::link::describe`]).
    pub fn drive(&self) -> Option<String> {
        crate::target::link::describe_labels(
            self.model(),
            self.link.as_ref().map(|l| l.label.as_str()),
        )
    }
}

impl Engine {
    /// The text report's second header line: `Native I/O engine:
    /// io_uring`, or fio's version and home.
    pub fn header(&self) -> String {
        match self.backend {
            Backend::Native => format!("Native I/O engine: {}", self.name),
            Backend::Fio => format!(
                "Flexible I/O Tester ({}): https://github.com/axboe/fio",
                self.fio_version.as_deref().unwrap_or("unknown version")
            ),
        }
    }
}

impl Host {
    /// The footer's OS line: `debian 12 [linux 6.18.44]`.
    pub fn os_line(&self) -> String {
        format!(
            "{} {} [{} {}]",
            self.os_id, self.os_version, self.sysname, self.release
        )
    }
}

impl DataKind {
    /// `random` or `zeros`.
    pub fn name(self) -> &'static str {
        match self {
            DataKind::Random => "random",
            DataKind::Zeros => "zeros",
        }
    }
}

impl LoopStat {
    /// `mean`, `best` or `median`.
    pub fn name(self) -> &'static str {
        match self {
            LoopStat::Mean => "mean",
            LoopStat::Best => "best",
            LoopStat::Median => "median",
        }
    }
}

impl Pattern {
    /// `Sequential` or `Random`, as in the text report.
    pub fn long(self) -> &'static str {
        match self {
            Pattern::Seq => "Sequential",
            Pattern::Rnd => "Random",
        }
    }
}
