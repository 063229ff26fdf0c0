//! The knees of a sustained write's series (docs/measurement.md#the-knees):
//! where a write cache ran out, each step of a cache in several stages.
//!
//! A knee is a change point, not a threshold crossing. The series is split
//! in two where two constant segments fit it best (least absolute
//! deviations about each segment's median, so that a burst of a few
//! samples does not move the split), and each part is split again in the
//! same way, as long as a split is a knee: the speed after it well below
//! the speed before, the step consistent (most samples of each side on
//! their side of the midpoint), and clear (the step many times its
//! noise). Then every knee is judged again against its final neighbours,
//! since a later split can shorten the segments a knee was found between.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// Fewest samples on each side of a knee: a burst of a sample or two (a
/// throttle's allowance, a first sample that caught the queue filling) is
/// no cache.
pub const MIN_SEGMENT: usize = 4;
/// A knee is a drop: the median after it below this share of the median
/// before it.
pub const DROP: f64 = 0.8;
/// Share of the samples on each side that must lie on their side of the
/// midpoint between the two medians for a split to be a knee.
pub const CONSISTENT: f64 = 2.0 / 3.0;
/// Least clarity of a knee: its step over the step's noise.
pub const CLEAR: f64 = 8.0;

/// A knee of a series.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Knee {
    /// Index of the first sample after it.
    pub index: usize,
    /// Median of the samples before it, back to the previous knee.
    pub before_mbps: f64,
    /// Median of the samples from it on, up to the next knee.
    pub after_mbps: f64,
    /// How clear it is: the step (the two medians' difference) over its
    /// noise, the samples' spread about their medians (1.4826 × their
    /// median absolute deviation, as a standard deviation) over the root of
    /// the shorter side's count. A step of pure noise is about 1; a knee
    /// needs [`CLEAR`].
    pub clarity: f64,
}

/// An `f64` ordered by `total_cmp`, for the heaps.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Ordered(f64);

impl Eq for Ordered {}

impl PartialOrd for Ordered {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ordered {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// A running median with the sum of absolute deviations about it: the
/// lower half in a max-heap, the upper half in a min-heap, with their sums.
#[derive(Debug, Default)]
struct RunningMedian {
    low: BinaryHeap<Ordered>,
    high: BinaryHeap<std::cmp::Reverse<Ordered>>,
    sum_low: f64,
    sum_high: f64,
}

impl RunningMedian {
    fn push(&mut self, v: f64) {
        if self.low.peek().is_none_or(|m| v <= m.0) {
            self.low.push(Ordered(v));
            self.sum_low += v;
        } else {
            self.high.push(std::cmp::Reverse(Ordered(v)));
            self.sum_high += v;
        }
        // Keep |low| = |high| or |high| + 1.
        if self.low.len() > self.high.len() + 1
            && let Some(m) = self.low.pop()
        {
            self.sum_low -= m.0;
            self.sum_high += m.0;
            self.high.push(std::cmp::Reverse(m));
        } else if self.high.len() > self.low.len()
            && let Some(std::cmp::Reverse(m)) = self.high.pop()
        {
            self.sum_high -= m.0;
            self.sum_low += m.0;
            self.low.push(m);
        }
    }

    /// Sum of |v − median| over the values: the same for any median
    /// between the two middle values.
    fn cost(&self) -> f64 {
        let Some(m) = self.low.peek() else {
            return 0.0;
        };
        let m = m.0;
        (m * self.low.len() as f64 - self.sum_low) + (self.sum_high - m * self.high.len() as f64)
    }
}

/// The median of `v` (the mean of the two middle values for an even
/// count); `None` when empty.
pub fn median(v: &[f64]) -> Option<f64> {
    if v.is_empty() {
        return None;
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    Some(if n % 2 == 1 {
        s[n / 2]
    } else {
        (s[n / 2 - 1] + s[n / 2]) / 2.0
    })
}

/// The best two-segment split of `y` (least absolute deviations, each
/// segment at least [`MIN_SEGMENT`] long): its index. O(n log n).
fn best_split(y: &[f64]) -> Option<usize> {
    let n = y.len();
    if n < 2 * MIN_SEGMENT {
        return None;
    }
    // cost_before[k]: the cost of y[..k]; cost_after[k]: of y[k..].
    let mut cost_before = vec![0.0; n + 1];
    let mut run = RunningMedian::default();
    for (i, v) in y.iter().enumerate() {
        run.push(*v);
        cost_before[i + 1] = run.cost();
    }
    let mut cost_after = vec![0.0; n + 1];
    let mut run = RunningMedian::default();
    for i in (0..n).rev() {
        run.push(y[i]);
        cost_after[i] = run.cost();
    }
    (MIN_SEGMENT..=n - MIN_SEGMENT)
        .map(|k| (k, cost_before[k] + cost_after[k]))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(k, _)| k)
}

/// The step between `a` and `b` (adjacent segments) as a knee, when it is
/// one: a drop below [`DROP`], consistent, and clear.
fn judge(a: &[f64], b: &[f64], index: usize) -> Option<Knee> {
    let (before, after) = (median(a)?, median(b)?);
    let mid = (before + after) / 2.0;
    let share = |s: &[f64], above: bool| {
        s.iter().filter(|v| (**v > mid) == above).count() as f64 / s.len() as f64
    };
    let consistent = share(a, true) >= CONSISTENT && share(b, false) >= CONSISTENT;
    let deviations: Vec<f64> = (a.iter().map(|v| (v - before).abs()))
        .chain(b.iter().map(|v| (v - after).abs()))
        .collect();
    // A floor of 1 % of the faster speed: a perfectly flat series (a
    // synthetic one, a device that never varies) has a finite clarity.
    let sd = (1.4826 * median(&deviations)?).max(0.01 * before);
    let clarity = (before - after) / (sd / (a.len().min(b.len()) as f64).sqrt());
    (after < DROP * before && consistent && clarity >= CLEAR).then_some(Knee {
        index,
        before_mbps: before,
        after_mbps: after,
        clarity,
    })
}

/// Splits `y[lo..hi]` where it has a knee, then each side, adding the
/// knees' indexes to `out`.
fn split(y: &[f64], lo: usize, hi: usize, out: &mut Vec<usize>) {
    let Some(k) = best_split(&y[lo..hi]) else {
        return;
    };
    let at = lo + k;
    if judge(&y[lo..at], &y[at..hi], at).is_some() {
        out.push(at);
        split(y, lo, at, out);
        split(y, at, hi, out);
    }
}

/// The knees of a throughput series, MB/s per sample, in order: none for a
/// series at one speed, one for a cache, one per step for a cache in
/// stages (see the module).
pub fn find_knees(y: &[f64]) -> Vec<Knee> {
    let mut at = Vec::new();
    split(y, 0, y.len(), &mut at);
    at.sort_unstable();
    // Each knee against its final neighbours; one that no longer holds is
    // dropped, which lengthens its neighbours' segments: judge again.
    loop {
        let bounds: Vec<usize> = std::iter::once(0)
            .chain(at.iter().copied())
            .chain(std::iter::once(y.len()))
            .collect();
        let knees: Vec<Option<Knee>> = (1..bounds.len() - 1)
            .map(|i| {
                let (a, b, c) = (bounds[i - 1], bounds[i], bounds[i + 1]);
                judge(&y[a..b], &y[b..c], b)
            })
            .collect();
        if knees.iter().all(Option::is_some) {
            return knees.into_iter().flatten().collect();
        }
        // Drop the weakest that failed, one at a time.
        if let Some(i) = knees.iter().position(Option::is_none) {
            at.remove(i);
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Noise of ±`amp` share, fixed by `seed` (xorshift).
    pub(crate) fn noisy(base: &[f64], amp: f64, seed: u64) -> Vec<f64> {
        let mut s = seed | 1;
        base.iter()
            .map(|v| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                let u = (s % 10_000) as f64 / 10_000.0 * 2.0 - 1.0;
                v * (1.0 + amp * u)
            })
            .collect()
    }

    fn steps(parts: &[(usize, f64)]) -> Vec<f64> {
        parts
            .iter()
            .flat_map(|&(n, v)| std::iter::repeat_n(v, n))
            .collect()
    }

    #[test]
    fn a_clean_step_is_one_knee_at_the_step() {
        let k = find_knees(&steps(&[(10, 400.0), (30, 100.0)]));
        assert_eq!(k.len(), 1, "{k:?}");
        assert_eq!(
            (k[0].index, k[0].before_mbps, k[0].after_mbps),
            (10, 400.0, 100.0)
        );
        assert!(k[0].clarity >= CLEAR);
    }

    #[test]
    fn a_cache_in_two_stages_gives_two_knees() {
        for seed in 1..20 {
            let y = noisy(&steps(&[(20, 400.0), (40, 200.0), (60, 50.0)]), 0.1, seed);
            let k = find_knees(&y);
            assert_eq!(k.len(), 2, "seed {seed}: {k:?}");
            assert!((19..=21).contains(&k[0].index), "{k:?}");
            assert!((59..=61).contains(&k[1].index), "{k:?}");
            assert!((k[0].before_mbps - 400.0).abs() < 20.0, "{k:?}");
            assert!((k[0].after_mbps - 200.0).abs() < 10.0, "{k:?}");
            assert!((k[1].after_mbps - 50.0).abs() < 3.0, "{k:?}");
        }
    }

    #[test]
    fn a_flat_or_noisy_flat_series_has_no_knee() {
        assert!(find_knees(&[300.0; 40]).is_empty());
        for seed in 1..40 {
            let y = noisy(&[300.0; 300], 0.3, seed);
            assert!(find_knees(&y).is_empty(), "seed {seed}");
        }
    }

    #[test]
    fn a_small_drop_is_no_knee() {
        assert!(find_knees(&steps(&[(10, 400.0), (30, 360.0)])).is_empty());
    }

    #[test]
    fn a_burst_of_a_few_samples_before_a_steady_speed_is_no_knee() {
        // A throttle's first fraction of a second, then its noisy cap.
        let mut y = vec![722.0, 471.0, 230.0];
        y.extend(noisy(&[200.0; 40], 0.3, 7));
        assert!(find_knees(&y).is_empty(), "{y:?}");
    }

    #[test]
    fn a_burst_in_the_first_sample_does_not_move_the_knee() {
        let mut y = steps(&[(7, 400.0), (50, 100.0)]);
        y[0] = 2000.0;
        assert_eq!(find_knees(&y)[0].index, 7);
    }

    #[test]
    fn a_dip_that_comes_back_is_no_knee() {
        // The cached speed sags for a while (a loaded machine), comes back,
        // then the cache runs out: one knee, at the end of the cache.
        let y = noisy(
            &steps(&[(30, 400.0), (8, 250.0), (30, 400.0), (60, 100.0)]),
            0.05,
            3,
        );
        let k = find_knees(&y);
        assert_eq!(k.len(), 1, "{k:?}");
        assert!((67..=69).contains(&k[0].index), "{k:?}");
    }

    #[test]
    fn too_short_a_series_has_no_knee() {
        assert!(find_knees(&[400.0, 400.0, 400.0, 100.0, 100.0, 100.0]).is_empty());
        assert!(find_knees(&[]).is_empty());
    }
}
