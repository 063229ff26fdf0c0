//! Flags on figures that cannot be the drive's (docs/measurement.md#flags):
//! reads the device did not deliver (a cache did), writes it did not see,
//! and figures above what the drive's link can carry. Each flag is one
//! value with its numbers, from which both the note in the test's
//! observations and the JSON's `flags` are made.

use crate::stats::LoopResult;
use crate::target::link::Link;
use crate::workload::Direction;

/// Which of a test's bytes a flag is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Traffic {
    /// The reads.
    Read,
    /// The writes.
    Write,
    /// Reads and writes together, on a link that carries one at a time.
    Both,
}

/// A figure that is not the drive's, and why.
#[derive(Debug, Clone, PartialEq)]
pub enum Flag {
    /// The device delivered (reads) or saw within the window (O_DIRECT
    /// writes) under half the bytes diskmark counted.
    Cache {
        /// Reads or writes.
        traffic: Traffic,
        /// The device's bytes over diskmark's, percent.
        device_pct: f64,
    },
    /// A figure above the most the drive's link can carry.
    Link {
        /// Reads, writes, or both on a half-duplex link.
        traffic: Traffic,
        /// The link (`USB 2.0`).
        label: String,
        /// The link's ceiling, MB/s.
        usable_mbps: f64,
        /// The figure above it, MB/s.
        figure_mbps: f64,
        /// The loop (0-based) whose figure it is, when the test's result
        /// itself is not above the link; `None` for the result.
        loop_index: Option<usize>,
        /// How many loops the test has.
        loops: usize,
    },
}

/// Below this many bytes counted, the device's share says nothing: the
/// counters move in whole requests and a few may be another process's.
const CACHE_MIN_BYTES: u64 = 4 << 20;

/// Figures a cache made rather than the device: reads of which the device
/// delivered under half the bytes diskmark counted, and, with O_DIRECT
/// (buffered writes are the page cache's by design, closed by the fsync),
/// writes of which the device saw under half within the window.
pub fn cache_flags(l: &LoopResult, direct: bool) -> Vec<Flag> {
    let Some(d) = l.device else {
        return Vec::new();
    };
    let share = |device: u64, counted: u64| {
        (counted >= CACHE_MIN_BYTES && device.saturating_mul(2) < counted)
            .then(|| device as f64 * 100.0 / counted as f64)
    };
    let mut out = Vec::new();
    if let Some(pct) = share(d.read_bytes, l.read.bytes) {
        out.push(Flag::Cache {
            traffic: Traffic::Read,
            device_pct: pct,
        });
    }
    if direct && let Some(pct) = share(d.write_bytes, l.write.bytes) {
        out.push(Flag::Cache {
            traffic: Traffic::Write,
            device_pct: pct,
        });
    }
    out
}

/// The figures of a test in `direction` above what `link` can carry: its
/// `result` (the loops summarised as the report does), else its fastest
/// of `loops`. Each direction on its own on a link with a pair of wires
/// each way; a Mix's reads and writes together on one that takes turns.
pub fn link_flags(
    direction: Direction,
    loops: &[LoopResult],
    result: &LoopResult,
    link: &Link,
) -> Vec<Flag> {
    let traffics: &[Traffic] = match direction {
        Direction::Read => &[Traffic::Read],
        Direction::Write => &[Traffic::Write],
        Direction::Mix { .. } if link.half_duplex() => &[Traffic::Both],
        Direction::Mix { .. } => &[Traffic::Read, Traffic::Write],
    };
    let mut out = Vec::new();
    for &traffic in traffics {
        let result = figure(result, traffic);
        let fastest = (loops.iter().enumerate())
            .map(|(i, l)| (i, figure(l, traffic)))
            .max_by(|a, b| a.1.total_cmp(&b.1));
        let over = if result > link.usable_mbps {
            Some((None, result))
        } else {
            fastest
                .filter(|(_, f)| *f > link.usable_mbps)
                .map(|(i, f)| (Some(i), f))
        };
        if let Some((loop_index, figure_mbps)) = over {
            out.push(Flag::Link {
                traffic,
                label: link.label.clone(),
                usable_mbps: link.usable_mbps,
                figure_mbps,
                loop_index,
                loops: loops.len(),
            });
        }
    }
    out
}

/// A loop's MB/s in `traffic`, as the report prints it.
fn figure(l: &LoopResult, traffic: Traffic) -> f64 {
    let stats = match traffic {
        Traffic::Read => l.read.clone(),
        Traffic::Write => l.write.clone(),
        Traffic::Both => l.total(),
    };
    stats.summary(l.window_ns).mbps
}

impl Flag {
    /// The note in the observations of the test named `name` (`SEQ1M Q8T1
    /// read`), which starts with `name: ` as every observation does.
    pub fn note(&self, name: &str, direction: Direction) -> String {
        match self {
            Flag::Cache {
                traffic: Traffic::Write,
                device_pct,
            } => format!(
                "{name}: the device saw {device_pct:.0} % of these written bytes within the window: the rest is in a write-back cache it had not flushed, so the figure is the cache's, not the drive's"
            ),
            Flag::Cache { device_pct, .. } => format!(
                "{name}: the device delivered {device_pct:.0} % of these bytes: the rest came from a cache (page cache, ZFS ARC, a controller), so the figure is the cache's, not the drive's"
            ),
            Flag::Link {
                traffic,
                label,
                usable_mbps,
                loop_index,
                loops,
                ..
            } => {
                let whose = match (direction, traffic) {
                    (Direction::Mix { .. }, Traffic::Read) => Some("its reads"),
                    (Direction::Mix { .. }, Traffic::Write) => Some("its writes"),
                    (_, Traffic::Both) => Some("its reads and writes together"),
                    _ => None,
                };
                let link = format!(
                    "faster than this drive's {label} link (at most {usable_mbps:.0} MB/s)"
                );
                let cache = "is a cache's, not the drive's";
                match (loop_index.map(|i| i + 1), whose) {
                    (None, None) => format!("{name}: {link}: the figure {cache}"),
                    (None, Some(w)) => format!("{name}: {w} are {link}: the figure {cache}"),
                    (Some(i), None) => format!(
                        "{name}: loop {i} of {loops} was {link}: that loop's figure {cache}"
                    ),
                    (Some(i), Some(w)) => format!(
                        "{name}: {w} in loop {i} of {loops} were {link}: that loop's figure {cache}"
                    ),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{DeviceView, DirStats};

    const MB: u64 = 1_000_000;

    /// A 1 s loop that read `read` and wrote `write` bytes (1 MiB I/Os).
    fn lp(read: u64, write: u64) -> LoopResult {
        let mut l = LoopResult::empty(1_000_000_000);
        let dir = |bytes: u64| {
            let mut d = DirStats::default();
            for _ in 0..bytes / MB {
                d.record(1000, MB);
            }
            d
        };
        l.read = dir(read);
        l.write = dir(write);
        l
    }

    fn usb2() -> Link {
        Link {
            kind: crate::target::link::LinkKind::Usb,
            label: "USB 2.0".into(),
            line_gbps: 0.48,
            width: None,
            usable_mbps: 53.248,
            virtual_machine: false,
        }
    }

    #[test]
    fn a_read_above_the_link_is_flagged_with_its_note() {
        let l = lp(300 * MB, 0);
        let flags = link_flags(Direction::Read, std::slice::from_ref(&l), &l, &usb2());
        assert_eq!(flags.len(), 1);
        let Flag::Link {
            traffic,
            figure_mbps,
            usable_mbps,
            loop_index,
            ..
        } = &flags[0]
        else {
            panic!("{flags:?}")
        };
        assert_eq!((*traffic, *loop_index), (Traffic::Read, None));
        assert_eq!((*figure_mbps, *usable_mbps), (300.0, 53.248));
        assert_eq!(
            flags[0].note("SEQ1M Q8T1 read", Direction::Read),
            "SEQ1M Q8T1 read: faster than this drive's USB 2.0 link (at most 53 MB/s): the figure is a cache's, not the drive's"
        );
        // At the link's rate or under it: nothing.
        let ok = lp(53 * MB, 0);
        assert!(link_flags(Direction::Read, std::slice::from_ref(&ok), &ok, &usb2()).is_empty());
        // The writes of a read test are not its figure.
        let w = lp(0, 300 * MB);
        assert!(link_flags(Direction::Read, std::slice::from_ref(&w), &w, &usb2()).is_empty());
    }

    #[test]
    fn one_loop_above_the_link_is_named() {
        let loops = [lp(40 * MB, 0), lp(200 * MB, 0), lp(40 * MB, 0)];
        // The result (here the median loop) is under the link.
        let flags = link_flags(Direction::Read, &loops, &loops[0], &usb2());
        assert!(
            matches!(
                flags[..],
                [Flag::Link {
                    loop_index: Some(1),
                    figure_mbps: 200.0,
                    loops: 3,
                    ..
                }]
            ),
            "{flags:?}"
        );
        assert_eq!(
            flags[0].note("SEQ1M Q8T1 read", Direction::Read),
            "SEQ1M Q8T1 read: loop 2 of 3 was faster than this drive's USB 2.0 link (at most 53 MB/s): that loop's figure is a cache's, not the drive's"
        );
    }

    #[test]
    fn a_mix_shares_a_half_duplex_link_and_not_a_full_duplex_one() {
        let mix = Direction::Mix { read_pct: 70 };
        // 40 + 30 MB/s: each under USB 2's 53, together over it.
        let l = lp(40 * MB, 30 * MB);
        let flags = link_flags(mix, std::slice::from_ref(&l), &l, &usb2());
        assert!(
            matches!(
                flags[..],
                [Flag::Link {
                    traffic: Traffic::Both,
                    figure_mbps: 70.0,
                    ..
                }]
            ),
            "{flags:?}"
        );
        assert!(flags[0]
            .note("SEQ1M Q8T1 mix", mix)
            .starts_with("SEQ1M Q8T1 mix: its reads and writes together are faster than this drive's USB 2.0 link"));
        // PCIe 1.0 x1 (248.8 MB/s each way): 200 + 200 is no flag; 300
        // reads are.
        let pcie = Link {
            kind: crate::target::link::LinkKind::Pcie,
            label: "PCIe 1.0 x1".into(),
            line_gbps: 2.5,
            width: Some(1),
            usable_mbps: 248.8,
            virtual_machine: false,
        };
        let l = lp(200 * MB, 200 * MB);
        assert!(link_flags(mix, std::slice::from_ref(&l), &l, &pcie).is_empty());
        let l = lp(300 * MB, 200 * MB);
        let flags = link_flags(mix, std::slice::from_ref(&l), &l, &pcie);
        assert!(
            matches!(
                flags[..],
                [Flag::Link {
                    traffic: Traffic::Read,
                    ..
                }]
            ),
            "{flags:?}"
        );
        assert!(
            flags[0]
                .note("X mix", mix)
                .starts_with("X mix: its reads are faster than")
        );
    }

    #[test]
    fn cache_flags_from_the_device_view() {
        let mut l = lp(100 * MB, 100 * MB);
        l.device = Some(DeviceView {
            read_bytes: 10 * MB,
            write_bytes: 100 * MB,
            ..Default::default()
        });
        let flags = cache_flags(&l, true);
        assert_eq!(
            flags,
            [Flag::Cache {
                traffic: Traffic::Read,
                device_pct: 10.0
            }]
        );
        assert_eq!(
            flags[0].note("RND4K Q1T1 read", Direction::Read),
            "RND4K Q1T1 read: the device delivered 10 % of these bytes: the rest came from a cache (page cache, ZFS ARC, a controller), so the figure is the cache's, not the drive's"
        );
        l.device = Some(DeviceView {
            read_bytes: 100 * MB,
            write_bytes: 20 * MB,
            ..Default::default()
        });
        let flags = cache_flags(&l, true);
        assert_eq!(
            flags,
            [Flag::Cache {
                traffic: Traffic::Write,
                device_pct: 20.0
            }]
        );
        assert!(
            flags[0]
                .note("SEQ1M Q8T1 write", Direction::Write)
                .contains("the device saw 20 % of these written bytes within the window")
        );
        // Buffered writes are the page cache's by design; no device view,
        // no flag.
        assert!(cache_flags(&l, false).is_empty());
        l.device = None;
        assert!(cache_flags(&l, true).is_empty());
    }
}
