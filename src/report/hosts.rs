//! The text report's per-host table of a run on many hosts (`--host`):
//! each test's MB/s, IOPS and mean latency on every host, and the spread
//! between hosts (docs/report.md#many-hosts).

use super::escape::escape;
use super::source::Report;
use crate::run::TestResult;
use crate::stats::headline::headline;
use crate::stats::{DirSummary, LoopStat};
use std::fmt::Write;

/// The filesystem type of a run on many hosts' target: the directory is
/// on the hosts, not here.
pub const REMOTE: &str = crate::hosts::plan::REMOTE_FS;

/// One host's headline figures of a test, from the loop the total's
/// statistic chose; `None` when it completed no I/O.
fn host_summary(
    t: &TestResult,
    host: &crate::run::HostLoops,
    stat: LoopStat,
) -> Option<DirSummary> {
    let sel = t.host_selected(host, stat)?;
    let s = headline(t.direction, &sel.result).summary(sel.result.window_ns);
    s.completed().then_some(s)
}

/// The `[Hosts]` section: nothing for a local run.
pub fn text(out: &mut String, r: &Report<'_>) {
    let tests: Vec<&TestResult> = r
        .output
        .tests
        .iter()
        .filter(|t| !t.hosts.is_empty())
        .collect();
    if tests.is_empty() {
        return;
    }
    let width = tests
        .iter()
        .flat_map(|t| t.hosts.iter().map(|h| h.host.chars().count()))
        .max()
        .unwrap_or(4)
        .max(4);
    let _ = writeln!(out);
    let _ = writeln!(out, "[Hosts]");
    for t in tests {
        let _ = writeln!(out, "{} {}", t.plan.applied(), t.direction.name());
        let mut mbps = Vec::new();
        for h in &t.hosts {
            let host = escape(&h.host);
            match host_summary(t, h, r.settings.loop_stat) {
                Some(s) => {
                    mbps.push(s.mbps);
                    let _ = writeln!(
                        out,
                        "  {host:<width$}  {:>10.3} MB/s [ {:>10.1} IOPS] < {:>9.2} us>",
                        s.mbps,
                        s.iops,
                        s.lat.map_or(0.0, |l| l.mean_us)
                    );
                }
                None => {
                    let _ = writeln!(out, "  {host:<width$}  {}", crate::stats::NO_IO);
                }
            }
        }
        if let Some(line) = spread(&mbps) {
            let _ = writeln!(out, "  {line}");
        }
    }
}

/// `spread: 470.1..481.3 MB/s, the fastest 2.4 % above the slowest`, for
/// two hosts or more with figures.
pub fn spread(mbps: &[f64]) -> Option<String> {
    if mbps.len() < 2 {
        return None;
    }
    let min = mbps.iter().copied().fold(f64::INFINITY, f64::min);
    let max = mbps.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let above = if min > 0.0 {
        format!(
            ", the fastest {:.1} % above the slowest",
            (max / min - 1.0) * 100.0
        )
    } else {
        String::new()
    };
    Some(format!("spread: {min:.3}..{max:.3} MB/s{above}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A loop of one second in which `ios` reads of 1 MiB completed.
    fn loop_of(ios: u64) -> crate::stats::LoopResult {
        let mut l = crate::stats::LoopResult::empty(1_000_000_000);
        for _ in 0..ios {
            l.read.record(1_000_000, 1 << 20);
        }
        l
    }

    // Host a is fastest in loop 0, the total in loop 1: under `best` both
    // hosts show loop 1, whose figures add up to the total's.
    #[test]
    fn hosts_show_the_loop_the_total_chose() {
        let settings = super::super::fixtures::settings();
        let mut t = super::super::fixtures::output(&settings).tests.remove(0);
        let host = |name: &str, ios: [u64; 2]| crate::run::HostLoops {
            host: name.into(),
            fio_version: None,
            loops: ios.map(loop_of).to_vec(),
        };
        t.hosts = vec![host("a", [900, 500]), host("b", [100, 700])];
        t.loops = vec![loop_of(1000), loop_of(1200)];
        let best = |h: usize| host_summary(&t, &t.hosts[h], LoopStat::Best).unwrap();
        assert_eq!((best(0).ios, best(1).ios), (500, 700));
        let sel = t.host_selected(&t.hosts[0], LoopStat::Best).unwrap();
        assert_eq!(sel.loop_index, Some(1));
        // Pooled: each host's two loops.
        assert_eq!(
            host_summary(&t, &t.hosts[0], LoopStat::Mean).unwrap().ios,
            1400
        );
    }

    #[test]
    fn the_spread_between_hosts() {
        assert_eq!(spread(&[100.0]), None);
        assert_eq!(
            spread(&[100.0, 110.0, 105.0]).unwrap(),
            "spread: 100.000..110.000 MB/s, the fastest 10.0 % above the slowest"
        );
    }
}
