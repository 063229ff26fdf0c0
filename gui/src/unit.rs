//! The grid's units (MB/s, GB/s, IOPS, µs) and the size picker's
//! choices.

use diskmark::stats::DirSummary;

/// The unit of the grid's figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Unit {
    /// 10^6 bytes per second.
    #[default]
    MBps,
    /// 10^9 bytes per second.
    GBps,
    /// I/Os per second.
    Iops,
    /// Mean latency, µs.
    Latency,
}

impl Unit {
    /// Every unit, in the picker's order.
    pub const ALL: [Unit; 4] = [Unit::MBps, Unit::GBps, Unit::Iops, Unit::Latency];

    /// A cell's figure in this unit, and its bar on KDiskMark's meter
    /// (percent).
    pub fn figure(self, s: &DirSummary) -> (f64, f64) {
        use diskmark::report::draw::axis::{latency_bar, throughput_bar};
        let bar = throughput_bar(s.mbps);
        match self {
            Unit::MBps => (s.mbps, bar),
            Unit::GBps => (s.mbps / 1000.0, bar),
            Unit::Iops => (s.iops, bar),
            Unit::Latency => {
                let us = s.lat.as_ref().map_or(0.0, |l| l.mean_us);
                (us, latency_bar(us))
            }
        }
    }

    /// The running cell's live figure in this unit (the last tick's) and
    /// its bar; `None` when the tick says none (fio does not while it runs,
    /// a tick in which no I/O completed has no figure, and no tick has a
    /// latency).
    pub fn live(self, l: &diskmark::front::LiveCell) -> Option<(f64, f64)> {
        use diskmark::report::draw::axis::throughput_bar;
        let mbps = l.mbps.filter(|m| *m > 0.0)?;
        let bar = throughput_bar(mbps);
        match self {
            Unit::MBps => Some((mbps, bar)),
            Unit::GBps => Some((mbps / 1000.0, bar)),
            Unit::Iops => l.iops.map(|i| (i, bar)),
            Unit::Latency => None,
        }
    }

    /// A figure as the cell shows it, in the language's digits and
    /// separators (docs/i18n.md#numbers).
    pub fn format(self, v: f64) -> String {
        match self {
            Unit::GBps => diskmark::i18n::number(v, 3),
            _ => diskmark::i18n::number(v, 2),
        }
    }
}

impl std::fmt::Display for Unit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Unit::MBps => "MB/s",
            Unit::GBps => "GB/s",
            Unit::Iops => "IOPS",
            Unit::Latency => "µs",
        })
    }
}
