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

    /// Bytes completed since the last sample ended.
    pub fn bytes_since(&self, progress: &[Padded]) -> u64 {
        Self::completed(progress).saturating_sub(self.last_bytes)
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

/// When samples close and when the coordinator looks
/// (docs/measurement.md#sustained-write): a sample closes after the
/// interval or once it holds its bytes, whichever comes first. Its bytes
/// are a share of what was written before it, so that samples are fine
/// early, between a floor of a few blocks and a ceiling of a share of the
/// fill; so a cache is resolved in bytes whatever the drive's speed.
#[derive(Debug, Clone, Copy)]
pub struct Cadence {
    /// The longest sample, ns.
    pub interval: u64,
    /// The fewest bytes a sample closes at.
    pub floor: u64,
    /// The most bytes a sample holds.
    pub ceiling: u64,
}

/// The shortest nap of the coordinator between two looks.
const MIN_NAP_NS: u64 = 1_000_000;

impl Cadence {
    /// The bytes that close the next sample of `sampler`.
    pub fn quantum(&self, sampler: &Sampler) -> u64 {
        (sampler.last_bytes / super::plan::EARLY_SHARE)
            .min(self.ceiling)
            .max(self.floor)
    }

    /// Whether the sample under way is due at `now_ns`.
    pub fn due(&self, sampler: &Sampler, now_ns: u64, progress: &[Padded]) -> bool {
        sampler.since_last(now_ns) >= self.interval
            || sampler.bytes_since(progress) >= self.quantum(sampler)
    }

    /// How long to sleep before the next look, at most `tick`: until the
    /// sample is due by time, or half way to its bytes at the last
    /// sample's rate (`last_mbps`; the shortest nap before any rate is
    /// known, so that the first samples are fine too).
    pub fn nap(
        &self,
        sampler: &Sampler,
        now_ns: u64,
        progress: &[Padded],
        last_mbps: Option<f64>,
        tick: std::time::Duration,
    ) -> std::time::Duration {
        let by_time = self.interval.saturating_sub(sampler.since_last(now_ns));
        let left = self.quantum(sampler).saturating_sub(sampler.bytes_since(progress));
        let by_bytes = match last_mbps.filter(|r| *r > 0.0) {
            // MB/s is bytes per µs: left / rate µs, half of it in ns.
            Some(rate) => (left as f64 / rate * 1e3 / 2.0) as u64,
            None => 0,
        };
        std::time::Duration::from_nanos(by_time.min(by_bytes).max(MIN_NAP_NS)).min(tick)
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

    #[test]
    fn samples_close_by_time_or_by_bytes_fine_early() {
        let c = Cadence {
            interval: 500_000_000,
            floor: 8 << 20,
            ceiling: 64 << 20,
        };
        let progress = vec![Padded::default()];
        let buckets = vec![LatencyBuckets::default()];
        let mut s = Sampler::new(1, 0);
        // Early: the floor of 8 MiB closes a sample, whatever the time.
        progress[0].0.store(8 << 20, Ordering::Relaxed);
        assert!(c.due(&s, 1_000_000, &progress));
        s.take(1_000_000, &progress, &buckets).unwrap();
        progress[0].0.store(9 << 20, Ordering::Relaxed);
        assert!(!c.due(&s, 2_000_000, &progress));
        // By time, whatever the bytes.
        assert!(c.due(&s, 501_000_000, &progress));
        // Later: a 32nd of what was written, up to the ceiling.
        progress[0].0.store(1 << 30, Ordering::Relaxed);
        s.take(600_000_000, &progress, &buckets).unwrap();
        assert_eq!(c.quantum(&s), 32 << 20);
        progress[0].0.store(8 << 30, Ordering::Relaxed);
        s.take(700_000_000, &progress, &buckets).unwrap();
        assert_eq!(c.quantum(&s), 64 << 20);
        // At 1000 MB/s, 64 MiB take 67 ms: a nap of half that.
        let tick = std::time::Duration::from_millis(100);
        let nap = c.nap(&s, 700_000_000, &progress, Some(1000.0), tick);
        assert_eq!(nap.as_millis(), 33, "{nap:?}");
        // Before any rate is known, the shortest nap.
        assert_eq!(c.nap(&s, 700_000_000, &progress, None, tick).as_millis(), 1);
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
