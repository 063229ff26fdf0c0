//! A log-linear latency histogram (docs/measurement.md#the-latency-histogram): 64 linear sub-buckets per
//! power of two, like fio's. Values are nanoseconds. Recording is O(1) with
//! no branch on the value's size beyond a leading-zero count; two
//! histograms merge bucket by bucket; the memory is fixed.
//!
//! A value below 128 ns has its own bucket. Above, a bucket spans
//! `[L, L + w)` with `L >= 64·w`; reporting its midpoint is off by at most
//! `w/2 / L <= 1/128` of the true value.

/// Sub-buckets per power of two, as a power of two.
const SUB_BITS: u32 = 6;
const SUB: u64 = 1 << SUB_BITS;
/// Values at or above 2^MAX_BITS ns (~275 s) share the last bucket; the
/// exact maximum is kept apart by the caller.
const MAX_BITS: u32 = 38;
/// Number of buckets: the first `2·SUB` are 1 ns wide, then one block of
/// `SUB` for each further power of two below 2^MAX_BITS.
pub const BUCKETS: usize = ((MAX_BITS - SUB_BITS + 1) as usize) * SUB as usize;

/// Percentiles reported by default (fio's list).
pub const DEFAULT_PERCENTILES: [f64; 17] = [
    1.0, 5.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0, 95.0, 99.0, 99.5, 99.9, 99.95,
    99.99,
];

/// Counts of latencies in log-linear buckets.
#[derive(Clone, PartialEq, Eq)]
pub struct Histogram {
    counts: Box<[u64; BUCKETS]>,
}

impl std::fmt::Debug for Histogram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Histogram")
            .field("count", &self.count())
            .finish()
    }
}

impl Default for Histogram {
    fn default() -> Self {
        Self::new()
    }
}

/// The bucket of `v`.
#[inline]
pub fn bucket_of(v: u64) -> usize {
    let v = v.min((1u64 << MAX_BITS) - 1);
    // For v < 2·SUB the bucket is v itself; above, shift so that the
    // mantissa falls in [SUB, 2·SUB) and skip `shift` blocks of SUB.
    let msb = 63 - (v | 1).leading_zeros();
    let shift = msb.saturating_sub(SUB_BITS);
    ((shift as u64) * SUB + (v >> shift)) as usize
}

/// The lowest value and the width of bucket `i`.
#[inline]
fn bucket_range(i: usize) -> (u64, u64) {
    let i = i as u64;
    if i < 2 * SUB {
        return (i, 1);
    }
    let shift = i / SUB - 1;
    let mantissa = i - shift * SUB;
    (mantissa << shift, 1 << shift)
}

/// The value a bucket stands for: its midpoint (its only value when it is 1
/// wide).
#[inline]
pub fn bucket_value(i: usize) -> u64 {
    let (low, width) = bucket_range(i);
    low + width / 2
}

impl Histogram {
    /// An empty histogram.
    pub fn new() -> Self {
        // A boxed array built without a large stack temporary.
        let counts: Box<[u64]> = vec![0u64; BUCKETS].into_boxed_slice();
        let counts: Box<[u64; BUCKETS]> = match counts.try_into() {
            Ok(c) => c,
            // The vector was built with exactly BUCKETS elements.
            Err(_) => unreachable!("histogram buffer has BUCKETS entries"),
        };
        Histogram { counts }
    }

    /// Records one value (nanoseconds).
    #[inline]
    pub fn record(&mut self, v: u64) {
        self.counts[bucket_of(v)] += 1;
    }

    /// Records `count` values `v` at once (fio's bins).
    pub fn record_n(&mut self, v: u64, count: u64) {
        self.counts[bucket_of(v)] += count;
    }

    /// Adds every bucket of `other` to this one.
    pub fn merge(&mut self, other: &Histogram) {
        for (a, b) in self.counts.iter_mut().zip(other.counts.iter()) {
            *a += *b;
        }
    }

    /// Number of values recorded.
    pub fn count(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The non-empty buckets as `(value, count)` pairs.
    pub fn nonzero(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(i, c)| (bucket_value(i), *c))
    }

    /// Nearest-rank percentiles: for each `p` in `ps` (ascending), the value
    /// of the bucket holding the ⌈p/100·n⌉-th smallest value, clamped to
    /// `[min, max]` (the exact extremes, which the caller tracks). `None`
    /// for an empty histogram.
    pub fn percentiles(&self, ps: &[f64], min: u64, max: u64) -> Option<Vec<u64>> {
        let n = self.count();
        if n == 0 {
            return None;
        }
        let mut out = Vec::with_capacity(ps.len());
        let mut cum = 0u64;
        let mut i = 0usize;
        for &p in ps {
            let rank = ((p / 100.0 * n as f64).ceil() as u64).clamp(1, n);
            while cum + self.counts[i] < rank {
                cum += self.counts[i];
                i += 1;
            }
            out.push(bucket_value(i).clamp(min, max));
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exact_percentile(sorted: &[u64], p: f64) -> u64 {
        let n = sorted.len() as u64;
        let rank = ((p / 100.0 * n as f64).ceil() as u64).clamp(1, n);
        sorted[(rank - 1) as usize]
    }

    fn check_within_error(values: &[u64]) {
        let mut h = Histogram::new();
        for &v in values {
            h.record(v);
        }
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        let (min, max) = (sorted[0], *sorted.last().unwrap());
        let got = h.percentiles(&DEFAULT_PERCENTILES, min, max).unwrap();
        for (p, g) in DEFAULT_PERCENTILES.iter().zip(got) {
            let want = exact_percentile(&sorted, *p);
            let err = (g as f64 - want as f64).abs() / want.max(1) as f64;
            assert!(err <= 1.0 / 128.0, "p{p}: got {g}, want {want}, err {err}");
        }
    }

    #[test]
    fn buckets_are_contiguous_and_monotone() {
        let mut last = 0;
        for v in 0..100_000u64 {
            let b = bucket_of(v);
            assert!(b == last || b == last + 1, "{v}");
            let (low, w) = bucket_range(b);
            assert!(low <= v && v < low + w, "{v} in bucket {b} [{low}, +{w})");
            last = b;
        }
        assert_eq!(bucket_of(u64::MAX), BUCKETS - 1);
        assert_eq!(bucket_of((1 << MAX_BITS) - 1), BUCKETS - 1);
    }

    #[test]
    fn every_bucket_midpoint_is_within_1_over_128() {
        for i in 0..BUCKETS {
            let (low, w) = bucket_range(i);
            let mid = bucket_value(i);
            for v in [low, low + w - 1] {
                let err = (mid as f64 - v as f64).abs() / v.max(1) as f64;
                assert!(err <= 1.0 / 128.0, "bucket {i}: {v} vs {mid}");
            }
        }
    }

    #[test]
    fn percentiles_of_known_sets() {
        // Uniform 1..=10000 ns: p50 = 5000, p99 = 9900.
        let uniform: Vec<u64> = (1..=10_000).collect();
        check_within_error(&uniform);
        let mut h = Histogram::new();
        uniform.iter().for_each(|&v| h.record(v));
        let p = h.percentiles(&[50.0, 99.0], 1, 10_000).unwrap();
        assert!((p[0] as f64 - 5000.0).abs() <= 5000.0 / 128.0, "{p:?}");
        assert!((p[1] as f64 - 9900.0).abs() <= 9900.0 / 128.0, "{p:?}");

        // Bimodal: 90% at 100 µs, 10% at 5 ms: p50 = 100 µs, p95 = 5 ms.
        let mut bimodal = vec![100_000u64; 900];
        bimodal.extend(std::iter::repeat_n(5_000_000u64, 100));
        check_within_error(&bimodal);

        // Geometric spread over 1 ns .. 100 s.
        let mut geo = Vec::new();
        let mut v = 1.0f64;
        while v < 1e11 {
            geo.push(v as u64);
            v *= 1.01;
        }
        check_within_error(&geo);

        // One value: every percentile is that value (clamped to min/max).
        let mut h = Histogram::new();
        h.record(123_456);
        assert_eq!(
            h.percentiles(&[1.0, 50.0, 99.99], 123_456, 123_456),
            Some(vec![123_456; 3])
        );
        assert_eq!(Histogram::new().percentiles(&[50.0], 0, 0), None);
    }

    #[test]
    fn merging_splits_equals_recording_together() {
        let mut rng = crate::workload::access::Rng::new(5);
        let values: Vec<u64> = (0..50_000).map(|_| rng.below(10_000_000)).collect();
        let mut whole = Histogram::new();
        values.iter().for_each(|&v| whole.record(v));
        for parts in [2usize, 3, 7] {
            let mut merged = Histogram::new();
            for chunk in values.chunks(values.len() / parts + 1) {
                let mut h = Histogram::new();
                chunk.iter().for_each(|&v| h.record(v));
                merged.merge(&h);
            }
            assert_eq!(merged, whole);
        }
        assert_eq!(whole.count(), 50_000);
    }
}
