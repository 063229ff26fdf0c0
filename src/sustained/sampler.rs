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
}
