//! How much a test's loops disagree: their spread and the 95 % confidence
//! interval of their mean (docs/measurement.md#repeatability).

/// Min, median, max, mean and sample standard deviation of a set of
/// values, and the 95 % confidence interval of the mean.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spread {
    /// How many values.
    pub n: usize,
    /// Smallest.
    pub min: f64,
    /// Median (mean of the middle two for an even count).
    pub median: f64,
    /// Largest.
    pub max: f64,
    /// Arithmetic mean.
    pub mean: f64,
    /// Sample standard deviation (0 for one value).
    pub stddev: f64,
    /// Half-width of the 95 % confidence interval of the mean (Student's
    /// t with n − 1 degrees of freedom), percent of the mean; `None` for
    /// fewer than two values or a mean of 0.
    pub ci95_pct: Option<f64>,
}

impl Spread {
    /// The spread of `values`; `None` when empty.
    pub fn of(values: &[f64]) -> Option<Spread> {
        if values.is_empty() {
            return None;
        }
        let mut v = values.to_vec();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let median = if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        };
        let mean = v.iter().sum::<f64>() / n as f64;
        let stddev = if n > 1 {
            (v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt()
        } else {
            0.0
        };
        let ci95_pct = (n > 1 && mean != 0.0)
            .then(|| t95(n - 1) * stddev / (n as f64).sqrt() / mean.abs() * 100.0);
        Some(Spread {
            n,
            min: v[0],
            median,
            max: v[n - 1],
            mean,
            stddev,
            ci95_pct,
        })
    }
}

/// Two-sided 95 % critical values of Student's t for 1 to 30 degrees of
/// freedom (any statistics table, e.g. NIST/SEMATECH e-Handbook 1.3.6.7.2).
const T95: [f64; 30] = [
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
    2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
    2.052, 2.048, 2.045, 2.042,
];

/// The two-sided 95 % critical value of Student's t with `df` degrees of
/// freedom (`df` ≥ 1). Past the table, the Cornish-Fisher expansion around
/// the normal quantile, which is within 0.001 of the exact value there.
pub fn t95(df: usize) -> f64 {
    if let Some(t) = df.checked_sub(1).and_then(|i| T95.get(i)) {
        return *t;
    }
    let z: f64 = 1.959_964;
    let d = df.max(1) as f64;
    z + (z.powi(3) + z) / (4.0 * d)
        + (5.0 * z.powi(5) + 16.0 * z.powi(3) + 3.0 * z) / (96.0 * d * d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread() {
        let s = Spread::of(&[3.0, 1.0, 2.0, 10.0]).unwrap();
        assert_eq!((s.min, s.median, s.max), (1.0, 2.5, 10.0));
        assert!((s.stddev - 4.082_482_904_638_63).abs() < 1e-9);
        assert_eq!(s.mean, 4.0);
        let one = Spread::of(&[5.0]).unwrap();
        assert_eq!(one.stddev, 0.0);
        assert_eq!(one.ci95_pct, None);
        assert!(Spread::of(&[]).is_none());
        assert_eq!(Spread::of(&[0.0, 0.0]).unwrap().ci95_pct, None);
    }

    // By hand: mean 110, s = 10, n = 3, t(2) = 4.303:
    // 4.303 × 10 / √3 = 24.843, over 110 = 22.58 %.
    #[test]
    fn three_loops_by_hand() {
        let s = Spread::of(&[100.0, 120.0, 110.0]).unwrap();
        assert_eq!(s.mean, 110.0);
        assert_eq!(s.stddev, 10.0);
        assert!((s.ci95_pct.unwrap() - 22.58).abs() < 0.005, "{s:?}");
    }

    // By hand: mean 100, squared deviations 0+4+4+1+1 = 10, s = √2.5 =
    // 1.5811, t(4) = 2.776: 2.776 × 1.5811 / √5 = 1.963 → 1.96 %.
    #[test]
    fn five_loops_by_hand() {
        let s = Spread::of(&[100.0, 102.0, 98.0, 101.0, 99.0]).unwrap();
        assert_eq!(s.mean, 100.0);
        assert!((s.ci95_pct.unwrap() - 1.963).abs() < 0.0005, "{s:?}");
    }

    #[test]
    fn identical_loops_have_no_spread() {
        assert_eq!(Spread::of(&[7.0; 4]).unwrap().ci95_pct, Some(0.0));
    }

    #[test]
    fn t_past_the_table_joins_it() {
        assert!((t95(30) - 2.042).abs() < 1e-9);
        // Exact: t(40) = 2.0211, t(60) = 2.0003, t(120) = 1.9799.
        assert!((t95(40) - 2.0211).abs() < 0.001, "{}", t95(40));
        assert!((t95(60) - 2.0003).abs() < 0.001, "{}", t95(60));
        assert!((t95(120) - 1.9799).abs() < 0.001, "{}", t95(120));
        assert!(t95(31) < t95(30));
    }
}
