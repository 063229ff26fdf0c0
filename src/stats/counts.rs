//! What a measure window counted, per direction and in all, and its summaries.

use super::histogram::{DEFAULT_PERCENTILES, Histogram};

/// What one thread (or the merge of several) counted for one direction in
/// one measure window.
#[derive(Debug, Clone, PartialEq)]
pub struct DirStats {
    /// Completed I/Os.
    pub ios: u64,
    /// Bytes they moved.
    pub bytes: u64,
    /// Σ latency, ns.
    pub lat_sum_ns: u128,
    /// Σ latency², ns², for the standard deviation.
    pub lat_sumsq_ns2: u128,
    /// Smallest latency (u64::MAX when no I/O).
    pub lat_min_ns: u64,
    /// Largest latency.
    pub lat_max_ns: u64,
    /// Latency distribution.
    pub hist: Histogram,
    /// Percentiles measured elsewhere, exactly (`(p, ns)`: fio's own),
    /// used instead of the histogram's until merged with other counts.
    pub exact_percentiles: Option<Vec<(f64, u64)>>,
}

impl Default for DirStats {
    fn default() -> Self {
        DirStats {
            ios: 0,
            bytes: 0,
            lat_sum_ns: 0,
            lat_sumsq_ns2: 0,
            lat_min_ns: u64::MAX,
            lat_max_ns: 0,
            hist: Histogram::new(),
            exact_percentiles: None,
        }
    }
}

impl DirStats {
    /// Counts one completed I/O. O(1), no allocation.
    #[inline]
    pub fn record(&mut self, lat_ns: u64, bytes: u64) {
        self.ios += 1;
        self.bytes += bytes;
        self.lat_sum_ns += u128::from(lat_ns);
        self.lat_sumsq_ns2 += u128::from(lat_ns) * u128::from(lat_ns);
        self.lat_min_ns = self.lat_min_ns.min(lat_ns);
        self.lat_max_ns = self.lat_max_ns.max(lat_ns);
        self.hist.record(lat_ns);
    }

    /// Adds `other` (another thread, another loop, or the other direction).
    pub fn merge(&mut self, other: &DirStats) {
        // Exact percentiles survive only a merge into nothing (or of
        // nothing): a real merge needs the histogram.
        self.exact_percentiles = match (self.ios, other.ios) {
            (0, _) => other.exact_percentiles.clone(),
            (_, 0) => self.exact_percentiles.take(),
            _ => None,
        };
        self.ios += other.ios;
        self.bytes += other.bytes;
        self.lat_sum_ns += other.lat_sum_ns;
        self.lat_sumsq_ns2 += other.lat_sumsq_ns2;
        self.lat_min_ns = self.lat_min_ns.min(other.lat_min_ns);
        self.lat_max_ns = self.lat_max_ns.max(other.lat_max_ns);
        self.hist.merge(&other.hist);
    }

    /// The derived values for a window of `window_ns`.
    pub fn summary(&self, window_ns: u64) -> DirSummary {
        let secs = window_ns as f64 / 1e9;
        let per_sec = |x: u64| if secs > 0.0 { x as f64 / secs } else { 0.0 };
        let lat = (self.ios > 0).then(|| {
            let n = self.ios as f64;
            let mean = self.lat_sum_ns as f64 / n;
            let var = (self.lat_sumsq_ns2 as f64 / n - mean * mean).max(0.0);
            let percentiles_us = match &self.exact_percentiles {
                Some(exact) => exact.iter().map(|(p, v)| (*p, *v as f64 / 1e3)).collect(),
                None => DEFAULT_PERCENTILES
                    .iter()
                    .zip(
                        self.hist
                            .percentiles(&DEFAULT_PERCENTILES, self.lat_min_ns, self.lat_max_ns)
                            .unwrap_or_default(),
                    )
                    .map(|(p, v)| (*p, v as f64 / 1e3))
                    .collect(),
            };
            LatSummary {
                mean_us: mean / 1e3,
                min_us: self.lat_min_ns as f64 / 1e3,
                max_us: self.lat_max_ns as f64 / 1e3,
                stddev_us: var.sqrt() / 1e3,
                percentiles_us,
            }
        });
        DirSummary {
            window_ns,
            ios: self.ios,
            bytes: self.bytes,
            mbps: per_sec(self.bytes) / 1e6,
            iops: per_sec(self.ios),
            lat,
        }
    }
}

/// What the reports say in place of the figures of a window in which no
/// I/O completed: zeros there would read as a measurement.
pub const NO_IO: &str = "no I/O completed in the window";

/// Derived values of one direction: what the reports print.
#[derive(Debug, Clone, PartialEq)]
pub struct DirSummary {
    /// The window, ns.
    pub window_ns: u64,
    /// Completed I/Os in the window.
    pub ios: u64,
    /// Bytes in the window.
    pub bytes: u64,
    /// 10^6 bytes per second.
    pub mbps: f64,
    /// I/Os per second.
    pub iops: f64,
    /// Latency, issue to completion; `None` when no I/O completed.
    pub lat: Option<LatSummary>,
}

impl DirSummary {
    /// Whether any I/O completed in the window: without one, MB/s, IOPS
    /// and latency are not figures, and no report may print them as such.
    pub fn completed(&self) -> bool {
        // I/Os over no time at all (a fio that reports a runtime of 0) are
        // no rate either.
        self.ios > 0 && self.window_ns > 0
    }
}

/// Latency figures in microseconds.
#[derive(Debug, Clone, PartialEq)]
pub struct LatSummary {
    /// I/O-weighted mean.
    pub mean_us: f64,
    /// Smallest.
    pub min_us: f64,
    /// Largest.
    pub max_us: f64,
    /// Population standard deviation.
    pub stddev_us: f64,
    /// `(percentile, value)` from the histogram.
    pub percentiles_us: Vec<(f64, f64)>,
}

/// Device-level counters of one window, read from /proc/diskstats around it
/// (docs/measurement.md#device-view-and-cpu-view).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct DeviceView {
    /// Reads the device completed.
    pub read_ios: u64,
    /// Writes the device completed.
    pub write_ios: u64,
    /// Bytes read.
    pub read_bytes: u64,
    /// Bytes written.
    pub write_bytes: u64,
    /// Δ weighted time in queue / window: the device's mean queue depth.
    pub avg_queue_depth: f64,
    /// Time between the two readings, ns.
    pub span_ns: u64,
}

impl DeviceView {
    /// Two windows as one: counts add up, the depth is time-weighted.
    pub fn pool(&self, other: &DeviceView) -> DeviceView {
        let span = self.span_ns + other.span_ns;
        DeviceView {
            read_ios: self.read_ios + other.read_ios,
            write_ios: self.write_ios + other.write_ios,
            read_bytes: self.read_bytes + other.read_bytes,
            write_bytes: self.write_bytes + other.write_bytes,
            avg_queue_depth: if span > 0 {
                (self.avg_queue_depth * self.span_ns as f64
                    + other.avg_queue_depth * other.span_ns as f64)
                    / span as f64
            } else {
                0.0
            },
            span_ns: span,
        }
    }
}

/// CPU time spent during one window, in seconds: diskmark's own (all its
/// threads), and the whole machine's.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct CpuView {
    /// diskmark's user time.
    pub process_user_s: f64,
    /// diskmark's system time.
    pub process_system_s: f64,
    /// The machine's user time (all CPUs).
    pub user_s: f64,
    /// The machine's system time (all CPUs).
    pub system_s: f64,
    /// The machine's steal time (all CPUs): a hypervisor running others.
    pub steal_s: f64,
    /// All the machine's CPU time over the span, busy or idle (all CPUs
    /// /proc/stat counts): what the busy share is a share of.
    pub total_s: f64,
    /// The CPUs /proc/stat counts (the machine's, which may be more than
    /// diskmark may use).
    pub machine_cpus: usize,
    /// Time between the two readings, seconds.
    pub span_s: f64,
}

impl CpuView {
    /// Two windows as one.
    pub fn pool(&self, other: &CpuView) -> CpuView {
        CpuView {
            process_user_s: self.process_user_s + other.process_user_s,
            process_system_s: self.process_system_s + other.process_system_s,
            user_s: self.user_s + other.user_s,
            system_s: self.system_s + other.system_s,
            steal_s: self.steal_s + other.steal_s,
            total_s: self.total_s + other.total_s,
            machine_cpus: self.machine_cpus.max(other.machine_cpus),
            span_s: self.span_s + other.span_s,
        }
    }

    /// The share of the machine's CPU time that was busy (user, system,
    /// steal), 0..=1: a share of what /proc/stat counted, so never more
    /// than all of it, however many CPUs diskmark may use.
    pub fn busy_share(&self) -> Option<f64> {
        (self.total_s > 0.0)
            .then(|| ((self.user_s + self.system_s + self.steal_s) / self.total_s).clamp(0.0, 1.0))
    }

    /// User time of other processes, seconds: the machine's user time
    /// beyond diskmark's own. Kernel threads (a loop device's worker,
    /// io-wq, kworkers) have no user time, so this much at least went to
    /// other processes, not to diskmark's I/O.
    pub fn others_user_s(&self) -> f64 {
        (self.user_s - self.process_user_s).max(0.0)
    }
}

/// One loop of one test: the measured window and what completed in it.
#[derive(Debug, Clone, PartialEq)]
pub struct LoopResult {
    /// Length of the window, ns (the measure time, plus the final fsync for
    /// buffered writes).
    pub window_ns: u64,
    /// Time of the final fsync of buffered writes, ns (inside `window_ns`).
    pub fsync_ns: u64,
    /// Reads that completed in the window.
    pub read: DirStats,
    /// Writes that completed in the window.
    pub write: DirStats,
    /// The device's counters over the window, when the device is known.
    pub device: Option<DeviceView>,
    /// CPU time over the window, when /proc/stat is readable.
    pub cpu: Option<CpuView>,
    /// Throughput over time, about every 100 ms of the window.
    pub samples: Vec<Sample>,
    /// Time of the window in which diskmark did not run (stopped by
    /// SIGSTOP, a frozen cgroup, the machine suspended), ns: with any, the
    /// figures are not to be trusted.
    pub stopped_ns: u64,
}

/// Throughput of one slice of a window (reads and writes together).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Sample {
    /// End of the slice, seconds after the window's start.
    pub t_s: f64,
    /// 10^6 bytes/s over the slice.
    pub mbps: f64,
    /// I/Os per second over the slice.
    pub iops: f64,
    /// The drive's temperature, °C, when a reading was taken with this
    /// slice (about every 0.5 s, docs/measurement.md#temperature).
    pub temp_c: Option<f64>,
}

impl LoopResult {
    /// A loop with nothing counted yet.
    pub fn empty(window_ns: u64) -> Self {
        LoopResult {
            window_ns,
            fsync_ns: 0,
            read: DirStats::default(),
            write: DirStats::default(),
            device: None,
            cpu: None,
            samples: Vec::new(),
            stopped_ns: 0,
        }
    }

    /// Reads and writes together (the Mix total).
    pub fn total(&self) -> DirStats {
        let mut t = self.read.clone();
        t.merge(&self.write);
        t
    }

    /// Bytes per second of both directions: what `best` and `median` rank by.
    pub fn throughput(&self) -> f64 {
        if self.window_ns == 0 {
            return 0.0;
        }
        (self.read.bytes + self.write.bytes) as f64 / self.window_ns as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(lats: &[u64], bs: u64) -> DirStats {
        let mut d = DirStats::default();
        for &l in lats {
            d.record(l, bs);
        }
        d
    }

    #[test]
    fn threads_with_different_counts_merge_exactly() {
        // Thread A: 3 I/Os of 100, 200, 300 µs; thread B: 1 I/O of 1000 µs.
        let a = stats(&[100_000, 200_000, 300_000], 4096);
        let b = stats(&[1_000_000], 4096);
        let mut m = a.clone();
        m.merge(&b);
        assert_eq!(m.ios, 4);
        assert_eq!(m.bytes, 4 * 4096);
        assert_eq!(m.lat_min_ns, 100_000);
        assert_eq!(m.lat_max_ns, 1_000_000);
        let s = m.summary(1_000_000_000);
        // I/O-weighted: (100+200+300+1000)/4 = 400 µs, not (200+1000)/2.
        let lat = s.lat.unwrap();
        assert!((lat.mean_us - 400.0).abs() < 1e-9);
        assert!((s.iops - 4.0).abs() < 1e-12);
        assert!((s.mbps - 4.0 * 4096.0 / 1e6).abs() < 1e-12);
        // Population stddev of {100,200,300,1000}: sqrt(500000/4) = 353.553.
        assert!(
            (lat.stddev_us - 353.553_390_593).abs() < 1e-6,
            "{}",
            lat.stddev_us
        );
        // Merged percentiles: p50 of 4 values is the 2nd = 200 µs; p99 is
        // the 4th = 1000 µs (thread A alone would say 300).
        let p = |q: f64| lat.percentiles_us.iter().find(|(x, _)| *x == q).unwrap().1;
        assert!((p(50.0) - 200.0).abs() <= 200.0 / 128.0);
        assert!((p(99.0) - 1000.0).abs() <= 1000.0 / 128.0);
    }

    #[test]
    fn empty_direction_has_no_latency() {
        let s = DirStats::default().summary(1_000_000_000);
        assert_eq!(s.ios, 0);
        assert_eq!(s.mbps, 0.0);
        assert!(s.lat.is_none());
        assert!(!s.completed());
        assert!(!stats(&[1000], 4096).summary(0).completed());
        assert!(stats(&[1000], 4096).summary(1).completed());
    }

    #[test]
    fn mix_total_is_read_plus_write() {
        let mut l = LoopResult::empty(2_000_000_000);
        l.read = stats(&[100_000; 7], 4096);
        l.write = stats(&[400_000; 3], 4096);
        let t = l.total().summary(l.window_ns);
        assert_eq!(t.ios, 10);
        assert!((t.iops - 5.0).abs() < 1e-12);
        assert!((t.mbps - 10.0 * 4096.0 / 2e6).abs() < 1e-12);
        // (7·100 + 3·400) / 10 = 190 µs.
        assert!((t.lat.unwrap().mean_us - 190.0).abs() < 1e-9);
        assert_eq!(l.read.summary(l.window_ns).ios, 7);
    }
}
