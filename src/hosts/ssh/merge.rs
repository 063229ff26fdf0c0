//! The total of one loop over hosts measured over ssh
//! (docs/hosts.md#the-total-over-ssh-hosts): bytes and I/Os counted only
//! over the time every host was measuring at once, the latencies of every
//! host's whole window merged bin by bin.

use crate::run::Counted;
use crate::stats::{DirStats, LoopResult};

/// One host's loop and where its window lay on the coordinator's clock.
#[derive(Debug, Clone)]
pub struct HostWindow {
    /// The window's start, ns on the coordinator's clock.
    pub start_ns: i128,
    /// What the host counted.
    pub result: LoopResult,
}

impl HostWindow {
    fn end_ns(&self) -> i128 {
        self.start_ns + i128::from(self.result.window_ns)
    }

    /// The share of the host's bytes and I/Os that fell between `from`
    /// and `to` ns after its window's start, from its throughput samples
    /// (a straight line within each), or in proportion to the time when it
    /// has none.
    fn share(&self, from: f64, to: f64) -> Share {
        let window = self.result.window_ns as f64 / 1e9;
        let r = &self.result;
        if r.samples.is_empty() || window <= 0.0 {
            let f = ((to - from) / window.max(f64::MIN_POSITIVE)).clamp(0.0, 1.0);
            return Share { bytes: f, ios: f };
        }
        // Cumulative bytes and I/Os at `t` seconds into the window.
        let at = |t: f64| {
            let (mut b, mut n, mut prev) = (0.0, 0.0, 0.0);
            for s in &r.samples {
                let end = s.t_s.min(window);
                let part = (t.min(end) - prev).max(0.0);
                b += s.mbps * 1e6 * part;
                n += s.iops * part;
                prev = end;
            }
            (b, n)
        };
        let ((b0, n0), (b1, n1)) = (at(from.max(0.0)), at(to.min(window)));
        let (bt, nt) = at(window);
        // Shares of the samples' own sums, which the counts then follow.
        let ratio = |part: f64, whole: f64| {
            if whole > 0.0 {
                (part / whole).clamp(0.0, 1.0)
            } else {
                0.0
            }
        };
        Share {
            bytes: ratio(b1 - b0, bt),
            ios: ratio(n1 - n0, nt),
        }
    }
}

/// Shares of a host's bytes and I/Os.
#[derive(Debug, Clone, Copy)]
struct Share {
    bytes: f64,
    ios: f64,
}

/// The total over `hosts`: the common window's length, and each
/// direction's bytes and I/Os inside it; the latencies of the whole
/// windows, their sums scaled to the I/Os counted so that the mean is the
/// whole windows' mean, their bins summed unscaled; and what each host
/// counted inside it. `None` when the windows never overlapped.
pub fn total(hosts: &[HostWindow]) -> Option<Total> {
    let start = hosts.iter().map(|h| h.start_ns).max()?;
    let end = hosts.iter().map(HostWindow::end_ns).min()?;
    if end <= start {
        return None;
    }
    let mut out = LoopResult::empty((end - start) as u64);
    let mut each = Vec::with_capacity(hosts.len());
    for h in hosts {
        let from = (start - h.start_ns) as f64 / 1e9;
        let to = (end - h.start_ns) as f64 / 1e9;
        let share = h.share(from, to);
        let (read, write) = (
            inside(&h.result.read, share),
            inside(&h.result.write, share),
        );
        each.push(Counted {
            ios: read.ios + write.ios,
            bytes: read.bytes + write.bytes,
        });
        out.read.merge(&read);
        out.write.merge(&write);
        out.stopped_ns = out.stopped_ns.max(h.result.stopped_ns);
        out.fsync_ns = out.fsync_ns.max(h.result.fsync_ns);
    }
    Some(Total {
        result: out,
        inside: each,
    })
}

/// A loop's total over hosts.
#[derive(Debug, Clone)]
pub struct Total {
    /// The total.
    pub result: LoopResult,
    /// What each host counted inside the common window, in order.
    pub inside: Vec<Counted>,
}

/// `d` with only `share` of its bytes and I/Os.
fn inside(d: &DirStats, share: Share) -> DirStats {
    let ios = (d.ios as f64 * share.ios).round() as u64;
    let scale = |sum: u128| {
        if d.ios == 0 {
            0
        } else {
            sum / u128::from(d.ios) * u128::from(ios)
                + sum % u128::from(d.ios) * u128::from(ios) / u128::from(d.ios)
        }
    };
    // I/Os of one size (every test's): the bytes are whole I/Os.
    let bytes = match d.ios {
        0 => 0,
        n if d.bytes.is_multiple_of(n) => ios * (d.bytes / n),
        _ => (d.bytes as f64 * share.bytes).round() as u64,
    };
    DirStats {
        ios,
        bytes,
        lat_sum_ns: scale(d.lat_sum_ns),
        lat_sumsq_ns2: scale(d.lat_sumsq_ns2),
        ..d.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::Sample;

    /// A host that did `iops` 4 KiB reads a second for `secs`, sampled
    /// every 0.1 s, each at `lat` ns.
    fn host(start_ns: i128, secs: f64, iops: f64, lat: u64) -> HostWindow {
        let mut r = LoopResult::empty((secs * 1e9) as u64);
        let n = (iops * secs) as u64;
        for _ in 0..n {
            r.read.record(lat, 4096);
        }
        let slices = (secs * 10.0).round() as usize;
        for i in 1..=slices {
            r.samples.push(Sample {
                t_s: i as f64 / 10.0,
                mbps: iops * 4096.0 / 1e6,
                iops,
                temp_c: None,
            });
        }
        HostWindow {
            start_ns,
            result: r,
        }
    }

    #[test]
    fn only_the_time_all_hosts_measured_counts() {
        // Host 1 starts 0.2 s after host 0; both measure 1 s.
        let hosts = [
            host(0, 1.0, 1000.0, 100_000),
            host(200_000_000, 1.0, 3000.0, 300_000),
        ];
        let t = total(&hosts).unwrap().result;
        assert_eq!(t.window_ns, 800_000_000);
        // 0.8 s of each: 800 + 2400 I/Os.
        assert_eq!(t.read.ios, 3200);
        assert_eq!(t.read.bytes, 3200 * 4096);
        // Every latency of both whole windows is in the bins.
        assert_eq!(t.read.hist.count(), 4000);
        // The mean is the whole windows' (1000 at 100 µs, 3000 at 300 µs).
        let mean = t.read.lat_sum_ns as f64 / t.read.ios as f64;
        assert!((mean - 250_000.0).abs() < 1.0, "{mean}");
        assert_eq!(t.read.lat_max_ns, 300_000);
    }

    #[test]
    fn windows_that_never_overlap_have_no_total() {
        let hosts = [host(0, 1.0, 10.0, 1), host(2_000_000_000, 1.0, 10.0, 1)];
        assert!(total(&hosts).is_none());
        assert!(total(&[]).is_none());
    }

    #[test]
    fn a_host_without_samples_is_counted_in_proportion() {
        let mut h = host(0, 1.0, 1000.0, 5);
        h.result.samples.clear();
        let t = total(&[h, host(500_000_000, 1.0, 1000.0, 5)]).unwrap();
        assert_eq!(t.result.read.ios, 500 + 500);
        assert_eq!(
            t.inside[0],
            Counted {
                ios: 500,
                bytes: 500 * 4096
            }
        );
    }
}
