//! Each change judged in its figure's own sense (up is better for MB/s and
//! IOPS, down for latency), against its noise
//! (docs/report.md#better-or-worse-and-noise).

use super::noise::{Loops, Noise, noise};
use super::summary::{RowSpread, RunSummary, change, find, find_spread};
use crate::report::tables::rows::Row;

/// One figure compared.
pub struct Metric {
    /// Its heading.
    pub name: &'static str,
    /// The figure of a row.
    pub figure: fn(&Row) -> Option<f64>,
    /// Its loops: how many, and their spread (CI95 half-width, %).
    pub spread: fn(&RowSpread) -> Loops,
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
    /// Better in the figure's sense, beyond the noise (or, with too few
    /// loops to know the noise, by its size alone).
    Better,
    /// Worse in the figure's sense, beyond the noise (or, with too few
    /// loops to know the noise, by its size alone).
    Worse,
    /// Inside the change's noise: neither better nor worse.
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
    /// The change's noise; `None` when neither run has two loops with
    /// the figure (too few loops to tell).
    pub noise: Option<Noise>,
    /// What it means.
    pub mark: Mark,
    /// How much worse, percent, in the figure's sense (negative: better).
    pub worse_pct: f64,
}

impl Judged {
    /// The half-width of the change's 95 % interval, percentage points.
    pub fn noise_pct(&self) -> Option<f64> {
        self.noise.map(|n| n.pct)
    }
}

/// The change of `this` against `base` in `m`'s sense; `None` when
/// either lacks the figure (no I/O) or the base is 0 (a gap, see
/// [`super::gaps`]). A change is never better or worse within its noise.
pub fn judge(m: &Metric, base: (&Row, RowSpread), this: (&Row, RowSpread)) -> Option<Judged> {
    let (a, b) = ((m.figure)(base.0)?, (m.figure)(this.0)?);
    let change_pct = change(a, b)?;
    let noise = noise((m.spread)(&base.1), (m.spread)(&this.1), b / a);
    let worse_pct = if m.higher_is_better {
        -change_pct
    } else {
        change_pct
    };
    let mark = if change_pct.abs() < 0.05 {
        Mark::Same
    } else if noise.is_some_and(|n| change_pct.abs() <= n.pct) {
        Mark::WithinNoise
    } else if worse_pct > 0.0 {
        Mark::Worse
    } else {
        Mark::Better
    };
    Some(Judged {
        change_pct,
        noise,
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

    /// `n` loops at ±`p` % for every figure.
    fn spread(n: usize, p: f64) -> RowSpread {
        let l = Loops {
            n,
            ci95_pct: Some(p),
        };
        RowSpread {
            mbps: l,
            iops: l,
            mean_us: l,
        }
    }

    /// One loop: no spread.
    fn one() -> RowSpread {
        let l = Loops {
            n: 1,
            ci95_pct: None,
        };
        RowSpread {
            mbps: l,
            iops: l,
            mean_us: l,
        }
    }

    #[test]
    fn each_figure_in_its_own_sense() {
        let (a, b) = (row(100.0, 10.0), row(90.0, 11.0));
        let none = one();
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
    fn noise_from_both_runs_or_the_one_that_has_loops() {
        let (a, b) = (row(100.0, 10.0), row(90.0, 11.0));
        // Both 5 loops at ±8 %: s = 8·√5/2.776 = 6.444 %, se = 0.9 ·
        // √(2 · 6.444² / 5) = 3.668, Welch 8 df, t = 2.306: ±8.46 %,
        // so the 10 % drop is worse.
        let j = judge(&METRICS[0], (&a, spread(5, 8.0)), (&b, spread(5, 8.0))).unwrap();
        assert!((j.noise_pct().unwrap() - 8.46).abs() < 0.01, "{j:?}");
        assert_eq!(j.mark, Mark::Worse);
        // At ±10 % each: ±10.57 %, and the same drop is within noise.
        let j = judge(&METRICS[0], (&a, spread(5, 10.0)), (&b, spread(5, 10.0))).unwrap();
        assert!((j.noise_pct().unwrap() - 10.57).abs() < 0.01, "{j:?}");
        assert_eq!(j.mark, Mark::WithinNoise);
        // Only one run has loops: they stand for both, and a single loop
        // scatters as much as one of them (se = 0.9 · 6.444 · √1.2 =
        // 6.353, t(4) = 2.776: ±17.64 %), so the drop that both runs'
        // ±8 % called worse is within noise, from either side.
        for (x, y) in [(spread(5, 8.0), one()), (one(), spread(5, 8.0))] {
            let j = judge(&METRICS[0], (&a, x), (&b, y)).unwrap();
            assert!((j.noise_pct().unwrap() - 17.64).abs() < 0.01, "{j:?}");
            assert_eq!(j.mark, Mark::WithinNoise);
        }
        // Neither: too few loops to tell; marked by its size alone.
        let j = judge(&METRICS[0], (&a, one()), (&b, one())).unwrap();
        assert_eq!((j.mark, j.noise_pct()), (Mark::Worse, None));
    }

    // Issue 31: "±118.6 % (+19.7 %) better": a change inside the spread
    // of the run that has loops is never called better or worse.
    #[test]
    fn never_better_or_worse_within_its_noise() {
        let a = row(100.0, 10.0);
        let b = row(119.7, 10.0 / 1.197);
        for m in &METRICS {
            let j = judge(m, (&a, one()), (&b, spread(2, 118.6))).unwrap();
            assert_eq!(j.mark, Mark::WithinNoise, "{}: {j:?}", m.name);
            assert!(j.change_pct.abs() <= j.noise_pct().unwrap());
        }
    }
}
