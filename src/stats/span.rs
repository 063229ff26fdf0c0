//! The numbers of a span map (`diskmark span`, docs/measurement.md#span):
//! where its samples go, what each measured, the slowest region, and the
//! access times. It knows nothing of engines or devices.

use super::histogram::Histogram;

/// One sample of the map: a sequential read of `bytes` at `offset`, timed
/// from its first submission to its last completion.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpanSample {
    /// Where it started, bytes from the start of the device.
    pub offset: u64,
    /// Bytes read.
    pub bytes: u64,
    /// Its own elapsed time, ns (at least 1).
    pub elapsed_ns: u64,
}

impl SpanSample {
    /// MB/s (10^6 bytes per second) over its own time.
    pub fn mbps(&self) -> f64 {
        self.bytes as f64 / (self.elapsed_ns.max(1) as f64 / 1e9) / 1e6
    }
}

/// One random read of the access phase, for the chart.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AccessPoint {
    /// Where it read.
    pub offset: u64,
    /// Issue to completion, µs.
    pub us: f64,
}

/// The distribution of the access times, µs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AccessTimes {
    /// Reads timed.
    pub count: u64,
    /// Fastest (exact).
    pub min_us: f64,
    /// Mean (exact).
    pub mean_us: f64,
    /// Median (nearest rank, from the histogram).
    pub p50_us: f64,
    /// 99th percentile (nearest rank, from the histogram).
    pub p99_us: f64,
    /// Slowest (exact).
    pub max_us: f64,
}

impl AccessTimes {
    /// The summary of `hist` with its exact extremes and sum (ns);
    /// `None` when it is empty.
    pub fn of(hist: &Histogram, min_ns: u64, max_ns: u64, sum_ns: u64) -> Option<AccessTimes> {
        let p = hist.percentiles(&[50.0, 99.0], min_ns, max_ns)?;
        let count = hist.count();
        Some(AccessTimes {
            count,
            min_us: min_ns as f64 / 1e3,
            mean_us: sum_ns as f64 / count as f64 / 1e3,
            p50_us: p[0] as f64 / 1e3,
            p99_us: p[1] as f64 / 1e3,
            max_us: max_ns as f64 / 1e3,
        })
    }
}

/// The slowest region of a map: the run of consecutive samples that
/// covers at least [`REGION_SHARE`] of the samples with the lowest mean.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Region {
    /// First byte of its first sample.
    pub start: u64,
    /// One past the last byte of its last sample.
    pub end: u64,
    /// Mean of its samples' MB/s.
    pub mbps: f64,
    /// Samples in it.
    pub samples: usize,
}

/// The share of the samples the slowest region spans (5 %).
pub const REGION_SHARE: f64 = 0.05;

/// What a span map measured.
#[derive(Debug, Clone, PartialEq)]
pub struct SpanResult {
    /// Bytes of the device (or of the test file) mapped.
    pub device_bytes: u64,
    /// Whether the target was diskmark's own test file in a directory.
    pub test_file: bool,
    /// Bytes per sample.
    pub sample_size: u64,
    /// The sample's test in CrystalDiskMark notation (`SEQ1M Q8T1`).
    pub sample_test: String,
    /// The engine that read.
    pub engine: String,
    /// Samples planned (the map has them all unless it was stopped).
    pub samples_planned: usize,
    /// The samples measured, in offset order.
    pub samples: Vec<SpanSample>,
    /// Random reads planned.
    pub access_planned: u64,
    /// Bytes per random read.
    pub access_block: u64,
    /// Their distribution, when at least one was timed.
    pub access: Option<AccessTimes>,
    /// Every timed random read, for the chart.
    pub access_points: Vec<AccessPoint>,
    /// Why it ended before its last sample or read when no stop ended it
    /// (a read failed), in one sentence.
    pub ended_early: Option<String>,
}

impl SpanResult {
    /// Slowest, mean and fastest sample MB/s; `None` without samples.
    pub fn speeds(&self) -> Option<Speeds> {
        let v: Vec<f64> = self.samples.iter().map(SpanSample::mbps).collect();
        let min = v.iter().copied().reduce(f64::min)?;
        let max = v.iter().copied().reduce(f64::max)?;
        Some(Speeds {
            min,
            mean: v.iter().sum::<f64>() / v.len() as f64,
            max,
        })
    }

    /// The slowest region ([`slowest_region`]), over the samples measured.
    pub fn slowest(&self) -> Option<Region> {
        slowest_region(&self.samples)
    }

    /// Whether fewer samples were measured than planned (a stop, a failed
    /// read): every figure is then over those measured, and says so.
    pub fn partial(&self) -> bool {
        self.samples.len() < self.samples_planned
    }
}

/// Slowest, mean and fastest of the samples, MB/s.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Speeds {
    /// The slowest sample.
    pub min: f64,
    /// The mean of the samples.
    pub mean: f64,
    /// The fastest sample.
    pub max: f64,
}

/// Where `n` samples of `sample` bytes go on a device of `device` bytes:
/// evenly spaced, the first at 0 and the last ending at the last byte,
/// each rounded down to a multiple of `align` (the direct-I/O alignment).
/// Fewer than `n` when the device has fewer distinct aligned positions;
/// none when one sample does not fit.
pub fn offsets(device: u64, sample: u64, n: usize, align: u64) -> Vec<u64> {
    let align = align.max(1);
    if n == 0 || sample == 0 || sample > device {
        return Vec::new();
    }
    // The last sample's start, aligned down so that it stays inside.
    let last = (device - sample) / align * align;
    let positions = last / align + 1;
    let n = (n as u64).min(positions);
    if n == 1 {
        return vec![0];
    }
    (0..n)
        .map(|i| {
            let at = u128::from(last) * u128::from(i) / u128::from(n - 1);
            at as u64 / align * align
        })
        .collect()
}

/// The slowest region of the measured `samples` (in offset order): the
/// run of `k = ⌈REGION_SHARE · measured⌉` (at least 1) consecutive
/// samples with the lowest mean MB/s, the first such run on a tie. A map
/// that stopped early has its region over what it measured, never over
/// the samples it planned (docs/measurement.md#span): 5 % of 2000 planned
/// would be all of 84 measured.
pub fn slowest_region(samples: &[SpanSample]) -> Option<Region> {
    if samples.is_empty() {
        return None;
    }
    let k = ((samples.len() as f64 * REGION_SHARE).ceil() as usize).clamp(1, samples.len());
    let rates: Vec<f64> = samples.iter().map(SpanSample::mbps).collect();
    let mut best = (0usize, f64::INFINITY);
    for start in 0..=samples.len() - k {
        let mean = rates[start..start + k].iter().sum::<f64>() / k as f64;
        if mean < best.1 {
            best = (start, mean);
        }
    }
    let (first, last) = (&samples[best.0], &samples[best.0 + k - 1]);
    Some(Region {
        start: first.offset,
        end: last.offset + last.bytes,
        mbps: best.1,
        samples: k,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: u64 = 1 << 20;

    #[test]
    fn offsets_cover_the_device_from_first_to_last_byte_evenly() {
        let o = offsets(64 * MIB, MIB, 16, 512);
        assert_eq!(o.len(), 16);
        assert_eq!(o[0], 0);
        assert_eq!(o[15] + MIB, 64 * MIB);
        let ideal = (63 * MIB) as f64 / 15.0;
        for (i, w) in o.windows(2).enumerate() {
            assert!((w[1] - w[0]) as f64 - ideal < 512.0, "{i}: {w:?}");
            assert!(ideal - ((w[1] - w[0]) as f64) < 512.0, "{i}: {w:?}");
        }
        assert!(o.iter().all(|x| x % 512 == 0));
    }

    #[test]
    fn offsets_stay_aligned_inside_an_odd_device() {
        // A device of 10 MiB + 3 sectors with 4 KiB alignment: the last
        // sample starts on an aligned byte and ends inside the device.
        let dev = 10 * MIB + 3 * 512;
        let o = offsets(dev, MIB, 7, 4096);
        assert!(o.iter().all(|x| x % 4096 == 0 && x + MIB <= dev));
        assert_eq!(*o.last().unwrap(), (dev - MIB) / 4096 * 4096);
    }

    #[test]
    fn offsets_are_never_more_than_the_positions() {
        assert_eq!(offsets(MIB, MIB, 10, 512), vec![0]);
        assert_eq!(offsets(MIB + 1024, MIB, 10, 512), vec![0, 512, 1024]);
        assert_eq!(offsets(MIB - 1, MIB, 10, 512), Vec::<u64>::new());
        assert_eq!(offsets(8 * MIB, MIB, 1, 512), vec![0]);
        assert_eq!(offsets(8 * MIB, MIB, 0, 512), Vec::<u64>::new());
    }

    fn at(offset: u64, mbps: f64) -> SpanSample {
        SpanSample {
            offset,
            bytes: MIB,
            elapsed_ns: (MIB as f64 / (mbps * 1e6) * 1e9) as u64,
        }
    }

    #[test]
    fn the_slowest_region_is_the_lowest_mean_over_five_percent() {
        // 40 samples: k = 2. One slow sample beside a fast one loses to two
        // moderately slow ones.
        let mut s: Vec<SpanSample> = (0..40).map(|i| at(i * 10 * MIB, 500.0)).collect();
        s[5] = at(50 * MIB, 100.0);
        s[6] = at(60 * MIB, 700.0);
        s[30] = at(300 * MIB, 250.0);
        s[31] = at(310 * MIB, 250.0);
        let r = slowest_region(&s).unwrap();
        assert_eq!((r.start, r.end, r.samples), (300 * MIB, 311 * MIB, 2));
        assert!((r.mbps - 250.0).abs() < 0.01, "{r:?}");
        // One sample: itself.
        let r = slowest_region(&s[..1]).unwrap();
        assert_eq!((r.start, r.end, r.samples), (0, MIB, 1));
        assert_eq!(slowest_region(&[]), None);
    }

    #[test]
    fn a_map_stopped_early_has_its_region_over_what_it_measured() {
        // 84 of 2000 planned: 5 % of the 84 is 5 samples, not all 84 (5 %
        // of 2000 would be 100, more than were measured).
        let mut s: Vec<SpanSample> = (0..84).map(|i| at(i * 10 * MIB, 500.0)).collect();
        for x in &mut s[40..45] {
            *x = at(x.offset, 100.0);
        }
        let r = SpanResult {
            device_bytes: 20_000 * MIB,
            test_file: false,
            sample_size: MIB,
            sample_test: "SEQ1M Q8T1".into(),
            engine: "io_uring".into(),
            samples_planned: 2000,
            samples: s,
            access_planned: 0,
            access_block: 4096,
            access: None,
            access_points: Vec::new(),
            ended_early: None,
        };
        assert!(r.partial());
        let region = r.slowest().unwrap();
        assert_eq!(region.samples, 5);
        assert_eq!((region.start, region.end), (400 * MIB, 441 * MIB));
        assert!((region.mbps - 100.0).abs() < 0.01, "{region:?}");
    }

    #[test]
    fn speeds_and_access_times_are_the_samples_own() {
        let r = SpanResult {
            device_bytes: 4 * MIB,
            test_file: false,
            sample_size: MIB,
            sample_test: "SEQ1M Q8T1".into(),
            engine: "psync".into(),
            samples_planned: 2,
            samples: vec![at(0, 100.0), at(3 * MIB, 300.0)],
            access_planned: 0,
            access_block: 4096,
            access: None,
            access_points: Vec::new(),
            ended_early: None,
        };
        let s = r.speeds().unwrap();
        assert!((s.min - 100.0).abs() < 0.01 && (s.max - 300.0).abs() < 0.01);
        assert!((s.mean - 200.0).abs() < 0.01);
        let mut h = Histogram::new();
        for v in [100_000u64, 200_000, 300_000] {
            h.record(v);
        }
        let a = AccessTimes::of(&h, 100_000, 300_000, 600_000).unwrap();
        assert_eq!((a.count, a.min_us, a.max_us), (3, 100.0, 300.0));
        assert_eq!(a.mean_us, 200.0);
        assert!((a.p50_us - 200.0).abs() < 2.0, "{a:?}");
        assert_eq!(AccessTimes::of(&Histogram::new(), 0, 0, 0), None);
    }
}
