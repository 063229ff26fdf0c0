//! How sure a change is: the noise of a change between two runs, from the
//! loops' spread of either run or both, and how many loops would bring it
//! under a gate's threshold (docs/report.md#better-or-worse-and-noise).

use crate::stats::spread::t95;

/// The most loops per run that "loops needed" looks at: past it, no
/// practical run would do.
pub const MAX_LOOPS: usize = 10_000;

/// One run's loops for one figure, as its file records them.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Loops {
    /// How many loops have the figure.
    pub n: usize,
    /// The half-width of the 95 % confidence interval of their mean,
    /// percent of it (`across_loops.*.ci95_pct`); `None` for one loop.
    pub ci95_pct: Option<f64>,
}

impl Loops {
    /// The spread to show beside the figure: the interval's half-width,
    /// percent, for two loops or more.
    pub fn shown(&self) -> Option<f64> {
        self.ci95_pct
            .filter(|c| c.is_finite() && *c >= 0.0 && self.n >= 2)
    }

    /// The loops' relative standard deviation, percent of their mean:
    /// the interval's half-width without Student's t and the √n of a
    /// mean (docs/measurement.md#repeatability: c = t(n − 1) · s / √n).
    /// `None` below two loops, which scatter by an unknown amount.
    pub fn scatter(&self) -> Option<f64> {
        let c = self.shown()?;
        Some(c * (self.n as f64).sqrt() / t95(self.n - 1))
    }
}

/// Whose loops the noise of a change stands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// Both runs have two loops or more.
    Both,
    /// Only the first run has; the other run's single loop is taken to
    /// scatter as the first run's loops do.
    First,
    /// Only this run has; the first run's single loop is taken to
    /// scatter as this run's loops do.
    This,
}

/// The noise of one change: the half-width of its 95 % interval, and
/// what it was made of, so that the loops that would shrink it can be
/// counted.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Noise {
    /// The half-width, in percentage points of the change.
    pub pct: f64,
    /// Whose loops it stands on.
    pub basis: Basis,
    /// The two runs' loops' relative standard deviations, percent (the
    /// known one for both when only one is known).
    scatter: (f64, f64),
    /// This run's figure over the first's.
    ratio: f64,
}

/// The noise of a change `ratio` = this / first between the first run's
/// `first` loops and this run's `this` loops; `None` when neither has
/// two loops with the figure: too few loops to tell.
///
/// The change is `ratio − 1`; its standard error is
/// `ratio · √(s₁²/n₁ + s₂²/n₂)` (the relative errors of two independent
/// means add in quadrature), with Welch–Satterthwaite's degrees of freedom
/// when both scatters are known, else the known run's n − 1 for a scatter
/// that stands for both. The noise is Student's t of those degrees of
/// freedom times the standard error.
pub fn noise(first: Loops, this: Loops, ratio: f64) -> Option<Noise> {
    let (a, b) = (first.scatter(), this.scatter());
    let (basis, scatter, df) = match (a, b) {
        (Some(a), Some(b)) => (Basis::Both, (a, b), None),
        (Some(a), None) => (Basis::First, (a, a), Some(first.n - 1)),
        (None, Some(b)) => (Basis::This, (b, b), Some(this.n - 1)),
        (None, None) => return None,
    };
    // A run with a figure has at least one loop, whatever its file lists.
    let (n1, n2) = (first.n.max(1) as f64, this.n.max(1) as f64);
    let (v1, v2) = (scatter.0.powi(2) / n1, scatter.1.powi(2) / n2);
    let df = df.unwrap_or_else(|| welch(v1, n1, v2, n2));
    let pct = t95(df) * ratio * (v1 + v2).sqrt();
    Some(Noise {
        pct,
        basis,
        scatter,
        ratio,
    })
}

/// Welch–Satterthwaite's degrees of freedom of two variances of means
/// `v1`, `v2` from `n1`, `n2` samples, rounded down (a smaller df, a
/// wider interval); at least 1.
fn welch(v1: f64, n1: f64, v2: f64, n2: f64) -> usize {
    let den = v1.powi(2) / (n1 - 1.0).max(1.0) + v2.powi(2) / (n2 - 1.0).max(1.0);
    if den <= 0.0 {
        // Loops that agree exactly: no noise, whatever t is.
        return 1;
    }
    ((v1 + v2).powi(2) / den).floor().max(1.0) as usize
}

impl Noise {
    /// The noise if each run had `n` loops scattering as these do.
    fn with_loops(&self, n: usize) -> f64 {
        let (s1, s2) = (self.scatter.0.powi(2), self.scatter.1.powi(2));
        let nf = n as f64;
        let df = if s1 + s2 > 0.0 {
            ((s1 + s2).powi(2) * (nf - 1.0) / (s1.powi(2) + s2.powi(2))).floor() as usize
        } else {
            1
        };
        t95(df.max(1)) * self.ratio * ((s1 + s2) / nf).sqrt()
    }

    /// The fewest loops in each run that would bring the noise to at most
    /// `threshold` percent, the standard error shrinking with √n and
    /// Student's t with the degrees of freedom; `None` beyond
    /// [`MAX_LOOPS`].
    pub fn loops_needed(&self, threshold: f64) -> Option<usize> {
        // The noise falls as n grows: the first n at or under it.
        let fits = |n: usize| self.with_loops(n) <= threshold;
        if !fits(MAX_LOOPS) {
            return None;
        }
        let (mut lo, mut hi) = (2, MAX_LOOPS);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if fits(mid) { hi = mid } else { lo = mid + 1 }
        }
        Some(lo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loops(n: usize, ci95_pct: f64) -> Loops {
        Loops {
            n,
            ci95_pct: Some(ci95_pct),
        }
    }

    const ONE: Loops = Loops {
        n: 1,
        ci95_pct: None,
    };

    #[test]
    fn scatter_undoes_t_and_root_n() {
        // 5 loops, ±2.776 %: t(4) = 2.776, so s/√5 = 1 %, s = √5 %.
        let s = loops(5, 2.776).scatter().unwrap();
        assert!((s - 5f64.sqrt()).abs() < 1e-9, "{s}");
        assert_eq!(ONE.scatter(), None);
        assert_eq!(loops(1, 3.0).scatter(), None);
        assert_eq!(loops(3, f64::NAN).scatter(), None);
    }

    // docs/report.md#better-or-worse-and-noise, the worked example: the
    // first run one loop, this run 5 loops at ±13.6 %, 6.9 % slower.
    // s = 13.6 · √5 / 2.776 = 10.955 %; se = 0.931 · 10.955 · √(1 + 1/5)
    // = 11.172; t(4) = 2.776: ±31.0 %.
    #[test]
    fn one_loop_takes_the_other_runs_scatter() {
        let n = noise(ONE, loops(5, 13.6), 0.931).unwrap();
        assert_eq!(n.basis, Basis::This);
        assert!((n.pct - 31.01).abs() < 0.01, "{n:?}");
        // The same from the other side.
        let m = noise(loops(5, 13.6), ONE, 0.931).unwrap();
        assert_eq!(m.basis, Basis::First);
        assert!((m.pct - n.pct).abs() < 1e-9);
        // Far more than the ±13.6 % of the 5 loops' mean alone: one loop
        // scatters by s, not s / √5.
        assert!(n.pct > 13.6 * 2.0);
        assert!(noise(ONE, ONE, 1.0).is_none());
    }

    // Both 5 loops at ±13 %: s = 13 · √5 / 2.776 = 10.471 % each; se =
    // 0.85 · √(2 · 10.471² / 5) = 5.629; Welch: (2v)² / (2v² / 4) = 8
    // degrees of freedom, t(8) = 2.306: ±12.98 %.
    #[test]
    fn both_runs_combine_with_welch() {
        let n = noise(loops(5, 13.0), loops(5, 13.0), 0.85).unwrap();
        assert_eq!(n.basis, Basis::Both);
        assert!((n.pct - 12.98).abs() < 0.01, "{n:?}");
        // Unequal: the noisier run dominates and the degrees of freedom
        // fall towards its n − 1.
        let m = noise(loops(3, 40.0), loops(10, 2.0), 1.0).unwrap();
        assert!(m.pct > 40.0 / 3f64.sqrt(), "{m:?}");
        // Loops that agree exactly: no noise.
        let z = noise(loops(3, 0.0), loops(3, 0.0), 1.0).unwrap();
        assert_eq!(z.pct, 0.0);
    }

    #[test]
    fn loops_needed_bring_the_noise_under_the_threshold() {
        let n = noise(ONE, loops(5, 13.6), 0.931).unwrap();
        let k = n.loops_needed(5.0).unwrap();
        // 34 loops each: t(66) · 0.931 · 10.955 · √(2/34) ≈ 4.94 ≤ 5;
        // 33 would give 5.02.
        assert_eq!(k, 34, "{n:?}");
        assert!(n.with_loops(k) <= 5.0 && n.with_loops(k - 1) > 5.0);
        // A threshold no practical run reaches.
        assert_eq!(n.loops_needed(0.01), None);
        // A noise already under it: the fewest loops that give a noise.
        let quiet = noise(loops(5, 0.5), loops(5, 0.5), 1.0).unwrap();
        assert_eq!(quiet.loops_needed(5.0), Some(2));
    }
}
