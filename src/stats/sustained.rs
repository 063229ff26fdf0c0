//! A sustained write as numbers (docs/measurement.md#sustained-write): the
//! series of samples, and what it shows — the knees where the drive's
//! write cache ran out (found by [`super::knee`]), the speeds before and
//! after them, the recoveries.

pub use super::knee::{Knee, find_knees, median};

/// A recovery climbs back at least this share of the way from the
/// post-cache speed to the cached one.
pub const RECOVERY_SHARE: f64 = 0.5;
/// A recovery holds for at least this many samples.
pub const RECOVERY_SAMPLES: usize = 2;

/// One sample of a sustained write: the bytes completed since the
/// previous one over the time between them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SustainedSample {
    /// End of the sample, seconds since the first write was issued.
    pub seconds: f64,
    /// Bytes written (completed) by the end of the sample.
    pub bytes_written: u64,
    /// Throughput over the sample, MB/s (10^6 bytes per second).
    pub mbps: f64,
    /// The p99 latency of the writes completed in the sample, µs; `None`
    /// when none completed.
    pub p99_us: Option<f64>,
    /// The drive's temperature at the sample, °C, where it is known.
    pub temp_c: Option<f64>,
}

/// A stretch after the knee where the speed climbed back.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Recovery {
    /// When it began, seconds since the start.
    pub seconds: f64,
    /// Bytes written when it began.
    pub bytes_written: u64,
    /// Median throughput over it, MB/s.
    pub mbps: f64,
    /// How long it held, seconds.
    pub lasted_s: f64,
}

/// What a sustained write's series shows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SustainedSummary {
    /// Whether a knee was found.
    pub knee_found: bool,
    /// Bytes written before the first knee: the cache's size as seen from
    /// here.
    pub cache_bytes: Option<u64>,
    /// When the first knee came, seconds since the start.
    pub knee_seconds: Option<f64>,
    /// Median throughput before the first knee (of the whole series
    /// without one), MB/s.
    pub cached_mbps: Option<f64>,
    /// Median throughput after the last knee, MB/s.
    pub post_cache_mbps: Option<f64>,
    /// Every knee, in order: one per stage of a cache in stages.
    pub knees: Vec<KneeAt>,
    /// Bytes written over the time taken, MB/s.
    pub average_mbps: Option<f64>,
    /// Time taken, first write issued to last one completed, seconds.
    pub elapsed_s: f64,
    /// Where the speed climbed back after the knee.
    pub recoveries: Vec<Recovery>,
}

/// A knee where it came: bytes and time, the speeds on both sides, and
/// how clear it is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KneeAt {
    /// Bytes written before it.
    pub bytes: u64,
    /// When it came, seconds since the start.
    pub seconds: f64,
    /// Median throughput before it, back to the previous knee, MB/s.
    pub before_mbps: f64,
    /// Median throughput after it, up to the next knee, MB/s.
    pub after_mbps: f64,
    /// Its step over the step's noise ([`Knee::clarity`]).
    pub clarity: f64,
}

/// A whole sustained write: what was asked, what was written, the series
/// and its summary.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SustainedResult {
    /// The write as it ran, in CrystalDiskMark's notation.
    pub test: String,
    /// Bytes the fill was to write.
    pub planned_bytes: u64,
    /// Bytes written (completed).
    pub bytes_written: u64,
    /// Asked time between two samples, seconds.
    pub sample_interval_s: f64,
    /// The samples, in order.
    pub series: Vec<SustainedSample>,
    /// What they show.
    pub summary: SustainedSummary,
    /// Why the fill ended before `planned_bytes`, when something other
    /// than a stop ended it (the filesystem filled up).
    pub ended_early: Option<String>,
}

/// Where the cache ran out, in bytes and seconds: inside the sample that
/// straddles the knee (its rate between the two medians), at the point
/// where writing at the cached rate and then at the post-cache rate gives
/// that sample's bytes; else at the end of the last cached sample.
fn knee_point(series: &[SustainedSample], knee: &Knee) -> (u64, f64) {
    let start = |j: usize| {
        j.checked_sub(1).map_or((0u64, 0.0), |p| {
            (series[p].bytes_written, series[p].seconds)
        })
    };
    let (a, b) = (knee.before_mbps, knee.after_mbps);
    let share = |j: usize| (series[j].mbps - b) / (a - b);
    let straddling = [knee.index - 1, knee.index]
        .into_iter()
        .filter(|&j| (0.1..0.9).contains(&share(j)))
        .min_by(|&i, &j| (share(i) - 0.5).abs().total_cmp(&(share(j) - 0.5).abs()));
    if let Some(j) = straddling {
        let (b0, t0) = start(j);
        let d = series[j].seconds - t0;
        let bytes = series[j].bytes_written.saturating_sub(b0) as f64 / 1e6;
        // bytes = a·x + b·(d − x): x seconds at the cached rate.
        let x = ((bytes - b * d) / (a - b)).clamp(0.0, d);
        return (b0 + (a * x * 1e6) as u64, t0 + x);
    }
    let last = &series[knee.index - 1];
    (last.bytes_written, last.seconds)
}

/// The recoveries after the last knee: each run of at least
/// [`RECOVERY_SAMPLES`] samples at or above its post-cache speed plus
/// [`RECOVERY_SHARE`] of the way back to the speed before it, after a
/// sample below that.
pub fn recoveries(series: &[SustainedSample], knee: &Knee) -> Vec<Recovery> {
    let bar = knee.after_mbps + RECOVERY_SHARE * (knee.before_mbps - knee.after_mbps);
    let mut out = Vec::new();
    let mut i = knee.index;
    while i < series.len() {
        if series[i].mbps < bar {
            i += 1;
            continue;
        }
        let begin = i;
        while i < series.len() && series[i].mbps >= bar {
            i += 1;
        }
        // A run that starts right at the knee is the knee's own edge.
        if i - begin >= RECOVERY_SAMPLES && begin > knee.index {
            let from = &series[begin - 1];
            let rates: Vec<f64> = series[begin..i].iter().map(|s| s.mbps).collect();
            out.push(Recovery {
                seconds: from.seconds,
                bytes_written: from.bytes_written,
                mbps: median(&rates).unwrap_or(0.0),
                lasted_s: series[i - 1].seconds - from.seconds,
            });
        }
    }
    out
}

/// Summarises a series of `bytes_written` over `elapsed_s` seconds.
pub fn summarize(
    series: &[SustainedSample],
    bytes_written: u64,
    elapsed_s: f64,
) -> SustainedSummary {
    let rates: Vec<f64> = series.iter().map(|s| s.mbps).collect();
    let average_mbps =
        (elapsed_s > 0.0 && bytes_written > 0).then(|| bytes_written as f64 / elapsed_s / 1e6);
    let knees = find_knees(&rates);
    let (Some(first), Some(last)) = (knees.first(), knees.last()) else {
        return SustainedSummary {
            cached_mbps: median(&rates),
            average_mbps,
            elapsed_s,
            ..SustainedSummary::default()
        };
    };
    let at: Vec<KneeAt> = (knees.iter())
        .map(|k| {
            let (bytes, seconds) = knee_point(series, k);
            KneeAt {
                bytes,
                seconds,
                before_mbps: k.before_mbps,
                after_mbps: k.after_mbps,
                clarity: k.clarity,
            }
        })
        .collect();
    SustainedSummary {
        knee_found: true,
        cache_bytes: Some(at[0].bytes),
        knee_seconds: Some(at[0].seconds),
        cached_mbps: Some(first.before_mbps),
        post_cache_mbps: Some(last.after_mbps),
        average_mbps,
        elapsed_s,
        recoveries: recoveries(series, last),
        knees: at,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::knee::tests::noisy;

    fn find_knee(y: &[f64]) -> Option<Knee> {
        find_knees(y).first().copied()
    }

    /// A series at `rates`, one sample every 0.5 s.
    fn series(rates: &[f64]) -> Vec<SustainedSample> {
        let mut bytes = 0u64;
        rates
            .iter()
            .enumerate()
            .map(|(i, r)| {
                bytes += (r * 0.5 * 1e6) as u64;
                SustainedSample {
                    seconds: (i + 1) as f64 * 0.5,
                    bytes_written: bytes,
                    mbps: *r,
                    p99_us: None,
                    temp_c: None,
                }
            })
            .collect()
    }

    fn step(before: usize, a: f64, after: usize, b: f64) -> Vec<f64> {
        let mut v = vec![a; before];
        v.extend(vec![b; after]);
        v
    }

    #[test]
    fn a_clean_step_is_a_knee_at_the_step() {
        let y = step(10, 400.0, 30, 100.0);
        let k = find_knee(&y).unwrap();
        assert_eq!((k.index, k.before_mbps, k.after_mbps), (10, 400.0, 100.0));
        let s = summarize(&series(&y), 0, 20.0);
        // 10 samples of 0.5 s at 400 MB/s.
        assert_eq!(s.cache_bytes, Some(2_000_000_000));
        assert!(s.recoveries.is_empty());
    }

    #[test]
    fn a_flat_series_has_no_knee_and_its_median() {
        let s = summarize(&series(&[300.0; 8]), 1_200_000_000, 4.0);
        assert!(!s.knee_found && s.cache_bytes.is_none() && s.post_cache_mbps.is_none());
        assert!(s.knees.is_empty());
        assert_eq!(s.cached_mbps, Some(300.0));
        assert_eq!(s.average_mbps, Some(300.0));
    }

    #[test]
    fn a_noisy_step_is_found_near_the_step() {
        for seed in 1..20 {
            let y = noisy(&step(12, 400.0, 40, 100.0), 0.1, seed);
            let k = find_knee(&y).unwrap();
            assert!((11..=13).contains(&k.index), "seed {seed}: {k:?}");
            assert!((k.before_mbps - 400.0).abs() < 40.0, "{k:?}");
            assert!((k.after_mbps - 100.0).abs() < 10.0, "{k:?}");
        }
    }

    #[test]
    fn a_short_cache_with_a_dip_before_a_noisy_tail_is_a_knee() {
        // What a blkio throttle lowered from 400 to 100 MB/s looks like at
        // 0.1 s samples: a burst, a dip, then slices of 40..170 MB/s.
        let mut y = vec![722.9, 471.5, 398.2, 188.6, 492.5, 461.0];
        y.extend(noisy(&[100.0; 40], 0.6, 3));
        let k = find_knee(&y).unwrap();
        assert_eq!(k.index, 6, "{k:?}");
    }

    #[test]
    fn a_climb_back_after_the_knee_is_a_recovery() {
        let mut y = step(10, 400.0, 10, 100.0);
        y.extend([380.0, 390.0, 385.0, 100.0, 100.0, 100.0, 100.0, 100.0]);
        let s = summarize(&series(&y), 0, 14.0);
        assert!(s.knee_found);
        assert_eq!(s.cache_bytes, Some(2_000_000_000));
        assert_eq!(s.recoveries.len(), 1, "{s:?}");
        let r = s.recoveries[0];
        assert_eq!(r.seconds, 10.0);
        assert_eq!(r.mbps, 385.0);
        assert_eq!(r.lasted_s, 1.5);
        // One sample above the bar is no recovery.
        let mut y = step(10, 400.0, 10, 100.0);
        y.extend([390.0, 100.0, 100.0, 100.0]);
        assert!(summarize(&series(&y), 0, 12.0).recoveries.is_empty());
    }

    #[test]
    fn the_knee_falls_inside_the_sample_that_straddles_it() {
        // 0.2 s of the 11th sample at 400, 0.3 s at 100: 110 MB at 220 MB/s.
        let mut y = step(10, 400.0, 1, 220.0);
        y.extend(vec![100.0; 20]);
        let s = summarize(&series(&y), 0, 15.5);
        let bytes = s.cache_bytes.unwrap() as f64;
        assert!((bytes - 2_080_000_000.0).abs() < 1e6, "{bytes}");
        assert!((s.knee_seconds.unwrap() - 5.2).abs() < 1e-6);
    }

    #[test]
    fn a_cache_in_two_stages_has_both_knees_and_the_outer_speeds() {
        let mut y = step(10, 400.0, 20, 200.0);
        y.extend(vec![50.0; 30]);
        let s = summarize(&series(&y), 0, 30.0);
        assert_eq!(s.knees.len(), 2, "{s:?}");
        // 10 samples of 0.5 s at 400 MB/s, then 20 at 200.
        assert_eq!(s.knees[0].bytes, 2_000_000_000);
        assert_eq!(s.knees[1].bytes, 4_000_000_000);
        assert_eq!(
            (s.knees[1].before_mbps, s.knees[1].after_mbps),
            (200.0, 50.0)
        );
        assert_eq!(
            (s.cached_mbps, s.post_cache_mbps),
            (Some(400.0), Some(50.0))
        );
        assert_eq!(s.cache_bytes, Some(2_000_000_000));
    }

    #[test]
    fn too_short_a_series_has_no_knee() {
        assert_eq!(summarize(&[], 0, 0.0), SustainedSummary::default());
    }
}
