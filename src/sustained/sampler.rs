//! The samples of a sustained write, taken off the hot path
//! (docs/measurement.md#sustained-write): each writer counts its latencies
//! in buckets only it writes, and the coordinator, about every sample
//! interval, reads them and the bytes completed, takes the difference from
//! its last look, and turns it into one sample with its p99.

use crate::run::worker::Padded;
use crate::stats::histogram::{BUCKETS, Histogram, bucket_of, bucket_value};
use crate::stats::sustained::SustainedSample;
use std::sync::atomic::{AtomicU64, Ordering};

/// A latency histogram that one thread writes and another reads while it
/// runs: the buckets of [`crate::stats::histogram`] as atomics.
#[derive(Debug)]
pub struct LatencyBuckets {
    counts: Box<[AtomicU64]>,
}

impl Default for LatencyBuckets {
    fn default() -> Self {
        LatencyBuckets {
            counts: (0..BUCKETS).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl LatencyBuckets {
    /// Records one latency, ns. Only the owning writer calls it, so a plain
    /// load and store (no read-modify-write, no lock prefix) suffice; the
    /// reader sees each bucket's count at some recent moment.
    #[inline]
    pub fn record(&self, ns: u64) {
        let c = &self.counts[bucket_of(ns)];
        c.store(c.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
    }

    /// Adds to `into` what each bucket gained since `seen`, and updates
    /// `seen` to the counts now.
    fn take_new(&self, seen: &mut [u64], into: &mut Histogram) {
        for (i, (c, s)) in self.counts.iter().zip(seen.iter_mut()).enumerate() {
            let now = c.load(Ordering::Relaxed);
            if now > *s {
                into.record_n(bucket_value(i), now - *s);
                *s = now;
            }
        }
    }
}

/// The coordinator's side: where the last sample ended, and what each
/// writer's buckets held then.
#[derive(Debug)]
pub struct Sampler {
    seen: Vec<Vec<u64>>,
    last_ns: u64,
    last_bytes: u64,
    start_ns: u64,
}

impl Sampler {
    /// A sampler of `threads` writers whose first write was issued at
    /// `start_ns`.
    pub fn new(threads: usize, start_ns: u64) -> Sampler {
        Sampler {
            seen: vec![vec![0; BUCKETS]; threads],
            last_ns: start_ns,
            last_bytes: 0,
            start_ns,
        }
    }

    /// Nanoseconds since the last sample ended.
    pub fn since_last(&self, now_ns: u64) -> u64 {
        now_ns.saturating_sub(self.last_ns)
    }

    /// Bytes completed by every writer.
    pub fn completed(progress: &[Padded]) -> u64 {
        progress.iter().map(|p| p.0.load(Ordering::Relaxed)).sum()
    }

    /// Closes a sample at `now_ns`: the bytes completed and the latencies
    /// recorded since the last one. `None` when no time has passed.
    pub fn take(
        &mut self,
        now_ns: u64,
        progress: &[Padded],
        buckets: &[LatencyBuckets],
    ) -> Option<SustainedSample> {
        if now_ns <= self.last_ns {
            return None;
        }
        let bytes = Self::completed(progress);
        let mut h = Histogram::new();
        for (b, seen) in buckets.iter().zip(self.seen.iter_mut()) {
            b.take_new(seen, &mut h);
        }
        let secs = (now_ns - self.last_ns) as f64 / 1e9;
        let sample = SustainedSample {
            seconds: (now_ns - self.start_ns) as f64 / 1e9,
            bytes_written: bytes,
            mbps: bytes.saturating_sub(self.last_bytes) as f64 / secs / 1e6,
            p99_us: h
                .percentiles(&[99.0], 0, u64::MAX)
                .and_then(|p| p.first().copied())
                .map(|ns| ns as f64 / 1e3),
            temp_c: None,
        };
        (self.last_ns, self.last_bytes) = (now_ns, bytes);
        Some(sample)
    }
}

/// The drive's temperature beside each sample, read on its own thread
/// (docs/measurement.md#temperature): a sample carries a reading only when
/// a new one came in during it. The reader starts with the fill, so its
/// first reading is the fill's too.
pub struct Temps {
    reader: Option<crate::run::ThermalSampler>,
    seen: u32,
}

impl Temps {
    /// Starts reading `sensor`, when the drive has one.
    pub fn start(sensor: Option<crate::target::thermal::Sensor>) -> Temps {
        Temps {
            reader: sensor.and_then(crate::run::ThermalSampler::start),
            seen: 0,
        }
    }

    /// `s` with the reading that came in since the last sample, if any.
    pub fn tag(&mut self, mut s: SustainedSample) -> SustainedSample {
        s.temp_c = self.reader.as_ref().and_then(|t| t.newer(&mut self.seen));
        s
    }
}

/// The "thermal throttling likely" note of a sustained write of `test`,
/// by the same rule as a test's (docs/measurement.md#temperature), when
/// the drive has a warning threshold (`warning_c`).
pub fn throttling_note(
    test: &str,
    warning_c: Option<f64>,
    series: &[SustainedSample],
) -> Option<String> {
    use crate::target::thermal::{Slice, throttling};
    let slices: Vec<Slice> = (series.iter())
        .map(|s| Slice {
            mbps: s.mbps,
            temp_c: s.temp_c,
        })
        .collect();
    let t = throttling(&slices, warning_c?)?;
    Some(format!(
        "{test} sustained write: thermal throttling likely: the drive reached its warning temperature of {:.0} °C (up to {:.0} °C) and its throughput fell from {:.0} MB/s to {:.0} MB/s (medians) while it was there",
        t.warning_c, t.peak_c, t.before_mbps, t.hot_mbps
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_sample_has_only_its_own_latencies_and_bytes() {
        let buckets = vec![LatencyBuckets::default(), LatencyBuckets::default()];
        let progress = vec![Padded::default(), Padded::default()];
        let mut s = Sampler::new(2, 1_000_000_000);
        for _ in 0..99 {
            buckets[0].record(100_000);
        }
        buckets[1].record(5_000_000);
        progress[0].0.store(40_000_000, Ordering::Relaxed);
        progress[1].0.store(10_000_000, Ordering::Relaxed);
        let a = s.take(1_500_000_000, &progress, &buckets).unwrap();
        assert_eq!(
            (a.seconds, a.bytes_written, a.mbps),
            (0.5, 50_000_000, 100.0)
        );
        // 99 of 100 at 100 µs: the p99 is 100 µs (within a bucket).
        assert!((a.p99_us.unwrap() - 100.0).abs() < 1.0, "{a:?}");
        // The next sample starts empty: only what came after the first.
        for _ in 0..10 {
            buckets[1].record(5_000_000);
        }
        progress[1].0.store(60_000_000, Ordering::Relaxed);
        let b = s.take(2_500_000_000, &progress, &buckets).unwrap();
        assert_eq!((b.bytes_written, b.mbps), (100_000_000, 50.0));
        assert!((b.p99_us.unwrap() - 5000.0).abs() < 40.0, "{b:?}");
        let c = s.take(3_000_000_000, &progress, &buckets).unwrap();
        assert_eq!((c.mbps, c.p99_us), (0.0, None));
        assert!(s.take(3_000_000_000, &progress, &buckets).is_none());
    }

    fn at(mbps: f64, temp_c: Option<f64>) -> SustainedSample {
        SustainedSample {
            seconds: 0.0,
            bytes_written: 0,
            mbps,
            p99_us: None,
            temp_c,
        }
    }

    #[test]
    fn a_fill_that_slows_once_hot_gets_the_throttling_note() {
        let mut series: Vec<SustainedSample> = (0..6).map(|_| at(1000.0, Some(60.0))).collect();
        series.extend((0..6).map(|_| at(300.0, Some(75.0))));
        let note = throttling_note("SEQ1M Q8T1", Some(70.0), &series).unwrap();
        assert!(
            note.contains("thermal throttling likely")
                && note.contains("from 1000 MB/s to 300 MB/s"),
            "{note}"
        );
        // No threshold, or hot but as fast: no note.
        assert_eq!(throttling_note("SEQ1M Q8T1", None, &series), None);
        let steady: Vec<SustainedSample> = (0..12)
            .map(|i| at(1000.0, Some(if i < 6 { 60.0 } else { 75.0 })))
            .collect();
        assert_eq!(throttling_note("SEQ1M Q8T1", Some(70.0), &steady), None);
    }
}
