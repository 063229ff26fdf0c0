//! Steady state (docs/measurement.md#steady-state): SNIA PTS's criteria on
//! the last rounds of a test, and what `--steady-state` asks for.
//!
//! A window of [`WINDOW`] round values is steady when its max excursion
//! (max − min) is at most LIMIT × the window's mean, and the excursion of
//! its least-squares line over the window (|slope| × (WINDOW − 1) rounds)
//! is at most LIMIT / 2 × the mean.

/// Rounds in the measurement window (SNIA PTS: five rounds).
pub const WINDOW: usize = 5;

/// The figure a round is judged by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SteadyMetric {
    /// I/Os per second.
    Iops,
    /// Bandwidth, 10^6 bytes per second.
    Bw,
}

impl SteadyMetric {
    /// As typed: `iops`, `bw`.
    pub fn name(self) -> &'static str {
        match self {
            SteadyMetric::Iops => "iops",
            SteadyMetric::Bw => "bw",
        }
    }

    /// The figure's unit in a report.
    pub fn unit(self) -> &'static str {
        match self {
            SteadyMetric::Iops => "IOPS",
            SteadyMetric::Bw => "MB/s",
        }
    }
}

/// `--steady-state METRIC:LIMIT%`, parsed but not yet range-checked (the
/// settings check the limit).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct SteadyGoal {
    /// The figure judged.
    pub metric: SteadyMetric,
    /// The allowed excursion, percent of the window's mean.
    pub limit_pct: f64,
}

impl SteadyGoal {
    /// Parses `iops:20%`, `bw:10%` (the `%` may be left out).
    pub fn parse(s: &str) -> Result<SteadyGoal, String> {
        let bad = || {
            format!(
                "'{s}' is not METRIC:LIMIT%; use iops:20% or bw:20% (the excursion allowed, percent of the mean)"
            )
        };
        let (metric, limit) = s.trim().split_once(':').ok_or_else(bad)?;
        let metric = match metric.trim().to_ascii_lowercase().as_str() {
            "iops" => SteadyMetric::Iops,
            "bw" => SteadyMetric::Bw,
            _ => return Err(bad()),
        };
        let limit = limit.trim();
        let limit = limit.strip_suffix('%').unwrap_or(limit).trim();
        let limit_pct: f64 = limit.parse().map_err(|_| bad())?;
        if !limit_pct.is_finite() {
            return Err(bad());
        }
        Ok(SteadyGoal { metric, limit_pct })
    }

    /// As typed: `iops:20%`.
    pub fn label(&self) -> String {
        format!("{}:{}%", self.metric.name(), self.limit_pct)
    }
}

/// What the criteria found in one window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Verdict {
    /// The window's mean: the steady-state value when it is steady.
    pub mean: f64,
    /// max − min of the window.
    pub excursion: f64,
    /// |slope| × (WINDOW − 1): how far the best-fit line moves over it.
    pub slope_excursion: f64,
    /// Both criteria hold.
    pub steady: bool,
}

/// Judges the last [`WINDOW`] of `values` against `limit_pct`; `None`
/// while there are fewer. A window whose mean is not above zero (no I/O)
/// is never steady.
pub fn judge(values: &[f64], limit_pct: f64) -> Option<Verdict> {
    let w = values.get(values.len().checked_sub(WINDOW)?..)?;
    let n = w.len() as f64;
    let mean = w.iter().sum::<f64>() / n;
    let max = w.iter().copied().fold(f64::MIN, f64::max);
    let min = w.iter().copied().fold(f64::MAX, f64::min);
    // Least squares against x = 0..n-1.
    let x_mean = (n - 1.0) / 2.0;
    let (mut sxy, mut sxx) = (0.0, 0.0);
    for (i, y) in w.iter().enumerate() {
        let dx = i as f64 - x_mean;
        sxy += dx * (y - mean);
        sxx += dx * dx;
    }
    let slope = if sxx > 0.0 { sxy / sxx } else { 0.0 };
    let excursion = max - min;
    let slope_excursion = slope.abs() * (n - 1.0);
    let limit = limit_pct / 100.0;
    let steady = mean > 0.0 && excursion <= limit * mean && slope_excursion <= limit / 2.0 * mean;
    Some(Verdict {
        mean,
        excursion,
        slope_excursion,
        steady,
    })
}

/// How a test's rounds ended under `--steady-state`.
#[derive(Debug, Clone, PartialEq)]
pub struct SteadyOutcome {
    /// What was asked.
    pub goal: SteadyGoal,
    /// The last window met both criteria.
    pub reached: bool,
    /// Rounds run.
    pub rounds: u32,
    /// From the first round's start to the last one's end, seconds.
    pub seconds: f64,
    /// The last window's verdict (`None` when fewer than [`WINDOW`]
    /// rounds ran).
    pub last: Option<Verdict>,
    /// Each round's figure, in order.
    pub round_values: Vec<f64>,
    /// Why the rounds stopped short of steady state: `--max-rounds` or
    /// `--max-time`; `None` when reached.
    pub stopped_by: Option<&'static str>,
}

impl SteadyOutcome {
    /// The steady-state value: the window's mean, when reached.
    pub fn value(&self) -> Option<f64> {
        self.last.filter(|v| v.steady).map(|v| v.mean)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_goal_and_refuses_the_rest() {
        let g = SteadyGoal::parse("iops:20%").unwrap();
        assert_eq!(g.metric, SteadyMetric::Iops);
        assert_eq!(g.limit_pct, 20.0);
        assert_eq!(SteadyGoal::parse(" BW:7.5 ").unwrap().limit_pct, 7.5);
        assert_eq!(g.label(), "iops:20%");
        for bad in ["", "iops", "lat:20%", "iops:x%", "iops:inf%", ":20"] {
            let e = SteadyGoal::parse(bad).unwrap_err();
            assert!(e.contains("iops:20%"), "{bad}: {e}");
        }
    }

    #[test]
    fn needs_a_full_window() {
        assert_eq!(judge(&[100.0; 4], 20.0), None);
        assert!(judge(&[100.0; 5], 20.0).unwrap().steady);
    }

    #[test]
    fn flat_is_steady() {
        let v = judge(&[1.0, 50.0, 100.0, 100.0, 100.0, 100.0, 100.0], 20.0).unwrap();
        assert!(v.steady);
        assert_eq!((v.mean, v.excursion, v.slope_excursion), (100.0, 0.0, 0.0));
    }

    #[test]
    fn noise_within_the_limit_is_steady() {
        // Range 18 of mean 100 (< 20), no trend to speak of.
        let v = judge(&[95.0, 105.0, 91.0, 109.0, 100.0], 20.0).unwrap();
        assert!(v.steady, "{v:?}");
        assert!((v.mean - 100.0).abs() < 1e-9);
        assert_eq!(v.excursion, 18.0);
        // The same noise is too much for 10 %.
        assert!(
            !judge(&[95.0, 105.0, 91.0, 109.0, 100.0], 10.0)
                .unwrap()
                .steady
        );
    }

    #[test]
    fn a_trend_inside_the_range_limit_is_not_steady() {
        // Range 16 ≤ 20 % of 100, but the line climbs 16 > 10 % over the window.
        let v = judge(&[92.0, 96.0, 100.0, 104.0, 108.0], 20.0).unwrap();
        assert!((v.slope_excursion - 16.0).abs() < 1e-9, "{v:?}");
        assert!(v.excursion <= 20.0 && !v.steady);
    }

    #[test]
    fn one_outlier_breaks_the_window_until_it_leaves_it() {
        let mut rounds = vec![100.0, 100.0, 60.0, 100.0, 100.0];
        let v = judge(&rounds, 20.0).unwrap();
        assert!(!v.steady && v.excursion == 40.0, "{v:?}");
        rounds.extend([100.0, 100.0]);
        assert!(!judge(&rounds, 20.0).unwrap().steady);
        rounds.push(100.0);
        assert!(judge(&rounds, 20.0).unwrap().steady);
    }

    #[test]
    fn no_io_is_never_steady() {
        assert!(!judge(&[0.0; 5], 20.0).unwrap().steady);
    }
}
