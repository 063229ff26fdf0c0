//! Each change judged in its figure's own sense (up is better for MB/s and
//! IOPS, down for latency), against the loops' noise, and the figures that
//! fail `--fail-if-worse` (docs/report.md#compare).

use super::summary::{RowSpread, RunSummary, change, find, find_spread, keys};
use crate::report::tables::rows::Row;

/// One figure compared.
pub struct Metric {
    /// Its heading.
    pub name: &'static str,
    /// The figure of a row.
    pub figure: fn(&Row) -> Option<f64>,
    /// Its loop spread (CI95 half-width, %).
    pub spread: fn(&RowSpread) -> Option<f64>,
    /// Up is better (throughput), or down (latency).
    pub higher_is_better: bool,
    /// Decimals shown.
    pub digits: usize,
    /// Its key in compare's JSON (`mbps`, `iops`, `mean_us`).
    pub key: &'static str,
}

/// The metrics compared.
pub const METRICS: [Metric; 3] = [
    Metric {
        name: "MB/s",
        figure: |r| r.mbps,
        spread: |s| s.mbps,
        higher_is_better: true,
        digits: 3,
        key: "mbps",
    },
    Metric {
        name: "IOPS",
        figure: |r| r.iops,
        spread: |s| s.iops,
        higher_is_better: true,
        digits: 1,
        key: "iops",
    },
    Metric {
        name: "mean latency, µs",
        figure: |r| r.mean_us,
        spread: |s| s.mean_us,
        higher_is_better: false,
        digits: 2,
        key: "mean_us",
    },
];

/// What a change means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Better in the figure's sense, beyond the noise (or without one).
    Better,
    /// Worse in the figure's sense, beyond the noise (or without one).
    Worse,
    /// Inside the combined loop spread of the two runs.
    WithinNoise,
    /// No change at the precision shown (below 0.05 %).
    Same,
}

impl Mark {
    /// The word shown.
    pub fn word(self) -> &'static str {
        match self {
            Mark::Better => "better",
            Mark::Worse => "worse",
            Mark::WithinNoise => "within noise",
            Mark::Same => "same",
        }
    }
}

/// A change judged.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Judged {
    /// Change against the first run, percent.
    pub change_pct: f64,
    /// The combined spread of the two runs, percent; `None` when either
    /// has no spread (one loop).
    pub noise_pct: Option<f64>,
    /// What it means.
    pub mark: Mark,
    /// How much worse, percent, in the figure's sense (negative: better).
    pub worse_pct: f64,
}

/// The combined spread of two runs' figures: the two CI95 half-widths,
/// in percent, added in quadrature (docs/report.md#compare); none when
/// either run has no spread.
pub fn combined(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    Some(a?.hypot(b?))
}

/// The change of `this` against `base` in `m`'s sense; `None` when
/// either lacks the figure (no I/O) or the base is 0 (a gap, see
/// [`super::gaps`]).
pub fn judge(m: &Metric, base: (&Row, RowSpread), this: (&Row, RowSpread)) -> Option<Judged> {
    let change_pct = change((m.figure)(base.0)?, (m.figure)(this.0)?)?;
    let noise_pct = combined((m.spread)(&base.1), (m.spread)(&this.1));
    let worse_pct = if m.higher_is_better {
        -change_pct
    } else {
        change_pct
    };
    let mark = if change_pct.abs() < 0.05 {
        Mark::Same
    } else if noise_pct.is_some_and(|n| change_pct.abs() <= n) {
        Mark::WithinNoise
    } else if worse_pct > 0.0 {
        Mark::Worse
    } else {
        Mark::Better
    };
    Some(Judged {
        change_pct,
        noise_pct,
        mark,
        worse_pct,
    })
}

/// Run `i`'s change against the first for `key` and `m`.
pub fn judge_key(
    runs: &[RunSummary],
    i: usize,
    key: &(String, String),
    m: &Metric,
) -> Option<Judged> {
    let (base, this) = (runs.first()?, runs.get(i)?);
    judge(
        m,
        (find(base, key)?, find_spread(base, key)),
        (find(this, key)?, find_spread(this, key)),
    )
}

/// A figure worse than `--fail-if-worse` allows.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    /// The run, from 1.
    pub run: usize,
    /// How it is named.
    pub label: String,
    /// Test and direction (`RND4K Q1T1 read`).
    pub test: String,
    /// The figure (`MB/s`).
    pub metric: &'static str,
    /// Its value in the first run and in this one.
    pub first: f64,
    /// Its value in this run.
    pub this: f64,
    /// The change judged.
    pub judged: Judged,
    /// Decimals to show.
    pub digits: usize,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let d = self.digits;
        write!(
            f,
            "worse: [{}] {} {} {}: {:.d$} → {:.d$} ({:+.1}%), {:.1}% worse",
            self.run,
            self.label,
            self.test,
            self.metric,
            self.first,
            self.this,
            self.judged.change_pct,
            self.judged.worse_pct,
        )?;
        match self.judged.noise_pct {
            Some(n) => write!(f, ", beyond the loops' noise (±{n:.1}%)"),
            None => write!(f, " (no loop spread to judge noise by)"),
        }
    }
}

/// Every figure of every run worse than the first by more than `pct`
/// percent and beyond the noise.
pub fn failures(runs: &[RunSummary], pct: f64) -> Vec<Failure> {
    let mut out = Vec::new();
    let Some(base) = runs.first() else {
        return out;
    };
    for k in keys(runs) {
        for m in &METRICS {
            for (i, r) in runs.iter().enumerate().skip(1) {
                let (Some(a), Some(b)) = (find(base, &k), find(r, &k)) else {
                    continue;
                };
                let Some(j) = judge_key(runs, i, &k, m) else {
                    continue;
                };
                if j.mark == Mark::Worse && j.worse_pct > pct {
                    out.push(Failure {
                        run: i + 1,
                        label: r.label.clone(),
                        test: format!("{} {}", k.0, k.1),
                        metric: m.name,
                        first: (m.figure)(a).unwrap_or(0.0),
                        this: (m.figure)(b).unwrap_or(0.0),
                        judged: j,
                        digits: m.digits,
                    });
                }
            }
        }
    }
    out
}

/// Parses `--fail-if-worse`: a percentage above 0 and at most 1000, with
/// at most one `%` (`5%%` is a typo, not a threshold).
pub fn parse_pct(s: &str) -> Result<f64, String> {
    let t = s.trim();
    let v: f64 = t
        .strip_suffix('%')
        .unwrap_or(t)
        .parse()
        .map_err(|_| format!("'{s}' is not a number: give a percentage, e.g. 10"))?;
    if !(v.is_finite() && v > 0.0 && v <= 1000.0) {
        return Err(format!(
            "{s} is out of range: give a percentage above 0 and at most 1000, e.g. 10"
        ));
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(mbps: f64, mean_us: f64) -> Row {
        Row {
            test: "SEQ1M Q8T1".into(),
            direction: "read".into(),
            mbps: Some(mbps),
            iops: Some(mbps),
            mean_us: Some(mean_us),
            p99_us: None,
            q: 8,
            t: 1,
        }
    }

    fn spread(p: f64) -> RowSpread {
        RowSpread {
            mbps: Some(p),
            iops: Some(p),
            mean_us: Some(p),
        }
    }

    #[test]
    fn each_figure_in_its_own_sense() {
        let (a, b) = (row(100.0, 10.0), row(90.0, 11.0));
        let none = RowSpread::default();
        let mbps = judge(&METRICS[0], (&a, none), (&b, none)).unwrap();
        assert_eq!(mbps.mark, Mark::Worse);
        assert!((mbps.worse_pct - 10.0).abs() < 1e-9);
        let lat = judge(&METRICS[2], (&a, none), (&b, none)).unwrap();
        assert_eq!(lat.mark, Mark::Worse);
        // The other way round, both are better.
        assert_eq!(
            judge(&METRICS[0], (&b, none), (&a, none)).unwrap().mark,
            Mark::Better
        );
        assert_eq!(
            judge(&METRICS[2], (&b, none), (&a, none)).unwrap().mark,
            Mark::Better
        );
        assert_eq!(
            judge(&METRICS[1], (&a, none), (&a, none)).unwrap().mark,
            Mark::Same
        );
    }

    #[test]
    fn noise_needs_both_spreads() {
        let (a, b) = (row(100.0, 10.0), row(90.0, 11.0));
        // 6² + 8² = 10²: a 10 % change is inside, 10.5 % would not be.
        let j = judge(&METRICS[0], (&a, spread(6.0)), (&b, spread(8.0))).unwrap();
        assert_eq!(j.mark, Mark::WithinNoise);
        assert!((j.noise_pct.unwrap() - 10.0).abs() < 1e-9);
        let j = judge(&METRICS[0], (&a, spread(6.0)), (&b, spread(7.9))).unwrap();
        assert_eq!(j.mark, Mark::Worse);
        let j = judge(&METRICS[0], (&a, spread(50.0)), (&b, RowSpread::default())).unwrap();
        assert_eq!((j.mark, j.noise_pct), (Mark::Worse, None));
    }

    #[test]
    fn fail_if_worse_is_validated() {
        assert_eq!(parse_pct("10"), Ok(10.0));
        assert_eq!(parse_pct("2.5%"), Ok(2.5));
        for bad in [
            "0", "-5", "1000.1", "abc", "NaN", "inf", "", "5%%", "%", "5%5",
        ] {
            assert!(parse_pct(bad).is_err(), "{bad}");
        }
    }
}
