//! The text report's per-host table of a run on many hosts (`--host`):
//! each test's MB/s, IOPS and mean latency on every host, and the spread
//! between hosts (docs/report.md#many-hosts).

use crate::report::escape::escape;
use crate::report::model::{Direction, Run, Test};
use std::fmt::Write;

/// The `[Hosts]` section: nothing for a local run.
pub fn text(out: &mut String, run: &Run) {
    let tests: Vec<&Test> = run.tests.iter().filter(|t| !t.hosts.is_empty()).collect();
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
        let direction = t.direction.map_or("?", Direction::name);
        let _ = writeln!(out, "{} {direction}", escape(&t.applied_name));
        let mut mbps = Vec::new();
        for h in &t.hosts {
            let host = escape(&h.host);
            // Each host's loop the total's statistic chose (its `result`).
            let total = &h.result.total;
            match (total.mbps, total.iops) {
                (Some(m), Some(iops)) => {
                    mbps.push(m);
                    let lat = total.lat_us.as_ref().and_then(|l| l.mean).unwrap_or(0.0);
                    let clock = h
                        .clock_offset_ms
                        .map(|c| format!("  clock {c:+.3} ms"))
                        .unwrap_or_default();
                    let _ = writeln!(
                        out,
                        "  {host:<width$}  {m:>10.3} MB/s [ {iops:>10.1} IOPS] < {lat:>9.2} us>{clock}",
                    );
                }
                _ => {
                    let _ = writeln!(out, "  {host:<width$}  {}", crate::stats::NO_IO);
                }
            }
        }
        if let Some(line) = spread(&mbps) {
            let _ = writeln!(out, "  {line}");
        }
        if let Some(line) = windows(t) {
            let _ = writeln!(out, "  {line}");
        }
    }
}

/// Over ssh, where the hosts' windows lay in the loop the total chose
/// (the last under `mean`): `windows: first done +500.1 ms, last done
/// +500.4 ms after the first start; all measured together for 499.8 ms`
/// (docs/hosts.md#windows-that-start-together).
pub fn windows(t: &Test) -> Option<String> {
    let n = t.hosts.iter().map(|h| h.windows.len()).min()?;
    let last = n.checked_sub(1)?;
    let k = t.selected_loop.map_or(last, |i| (i as usize).min(last));
    let spans: Vec<_> = t.hosts.iter().map(|h| h.windows[k]).collect();
    let first = spans.iter().map(|w| w.end_ms).fold(f64::INFINITY, f64::min);
    let latest = spans
        .iter()
        .map(|w| w.end_ms)
        .fold(f64::NEG_INFINITY, f64::max);
    let start = spans
        .iter()
        .map(|w| w.start_ms)
        .fold(f64::NEG_INFINITY, f64::max);
    Some(format!(
        "windows: first done +{first:.1} ms, last done +{latest:.1} ms after the first start; all measured together for {:.1} ms",
        (first - start).max(0.0)
    ))
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

    #[test]
    fn the_spread_between_hosts() {
        assert_eq!(spread(&[100.0]), None);
        assert_eq!(
            spread(&[100.0, 110.0, 105.0]).unwrap(),
            "spread: 100.000..110.000 MB/s, the fastest 10.0 % above the slowest"
        );
    }
}
