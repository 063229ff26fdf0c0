//! `--fail-if-worse PCT`, compare's gate (docs/report.md#failing-a-ci-job):
//! the figures worse than PCT beyond their noise, the tests it could not
//! compare (both fail it), and what it says without failing: figures too
//! noisy for it to see a change of PCT, with the loops that would, and
//! figures with too few loops to tell a change from noise.

use super::gaps::{Gap, gaps};
use super::noise::MAX_LOOPS;
use super::summary::{RunSummary, find, keys};
use super::verdict::{Judged, METRICS, Mark, Metric, judge_key};

/// One figure of a later run judged against the first.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    /// The run, from 1.
    pub run: usize,
    /// How it is named.
    pub label: String,
    /// Test and direction (`RND4K Q1T1 read`).
    pub test: String,
    /// The figure (`MB/s`).
    pub metric: &'static str,
    /// Its value in the first run.
    pub first: f64,
    /// Its value in this run.
    pub this: f64,
    /// The change judged.
    pub judged: Judged,
    /// Decimals to show.
    pub digits: usize,
}

/// A figure worse than `--fail-if-worse` allows.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure(pub Figure);

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let x = &self.0;
        let d = x.digits;
        write!(
            f,
            "worse: [{}] {} {} {}: {:.d$} → {:.d$} ({:+.1}%), {:.1}% worse",
            x.run,
            x.label,
            x.test,
            x.metric,
            x.first,
            x.this,
            x.judged.change_pct,
            x.judged.worse_pct,
        )?;
        match x.judged.noise_pct() {
            Some(n) => write!(f, ", beyond the loops' noise (±{n:.1}%)"),
            None => write!(
                f,
                " (one loop in each run: too few loops to tell a change from noise, so the threshold alone decides)"
            ),
        }
    }
}

/// A figure whose noise is larger than the threshold: the gate cannot
/// see a change of the threshold's size in it, whatever it did.
#[derive(Debug, Clone, PartialEq)]
pub struct Blind {
    /// The figure.
    pub figure: Figure,
    /// Its noise, percentage points: more than the threshold.
    pub noise_pct: f64,
    /// The gate's threshold, percent.
    pub threshold: f64,
    /// The loops in each run that would bring the noise under it; `None`
    /// beyond [`MAX_LOOPS`].
    pub loops_needed: Option<usize>,
}

impl std::fmt::Display for Blind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let x = &self.figure;
        let (t, noise) = (self.threshold, self.noise_pct);
        write!(
            f,
            "cannot tell: [{}] {} {} {} ({:+.1}%, {}): its noise, ±{noise:.1}%, is larger than {t}%, so this gate cannot detect a {t}% change at this noise; ",
            x.run,
            x.label,
            x.test,
            x.metric,
            x.judged.change_pct,
            x.judged.mark.word(),
        )?;
        match self.loops_needed {
            Some(n) => write!(f, "about {n} loops in each run would"),
            None => write!(
                f,
                "more than {MAX_LOOPS} loops in each run would be needed: make the runs less noisy"
            ),
        }
    }
}

/// The figures of a later run that neither it nor the first run has two
/// loops of: the gate judges them by the threshold alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unjudged {
    /// The run, from 1.
    pub run: usize,
    /// How it is named.
    pub label: String,
    /// How the first run is named.
    pub first: String,
    /// How many of its figures.
    pub figures: usize,
}

impl std::fmt::Display for Unjudged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "too few loops: [{}] {} and [1] {} have one loop each for {} figure(s): the gate cannot tell a change from noise there, so the threshold alone decides",
            self.run, self.label, self.first, self.figures
        )
    }
}

/// What the gate found.
#[derive(Debug, Clone, PartialEq)]
pub struct Gate {
    /// The threshold, percent.
    pub threshold: f64,
    /// The figures that fail it.
    pub failures: Vec<Failure>,
    /// The tests it could not compare, which fail it too.
    pub gaps: Vec<Gap>,
    /// The figures too noisy for it.
    pub blind: Vec<Blind>,
    /// Per later run, the figures without a noise to judge by.
    pub unjudged: Vec<Unjudged>,
}

impl Gate {
    /// Whether it passed: no figure worse than allowed, none missing.
    pub fn passed(&self) -> bool {
        self.failures.is_empty() && self.gaps.is_empty()
    }

    /// What it says on stderr after the report, one line each: what
    /// failed, what it could not compare, what it could not see, and a
    /// count; nothing when there is nothing to say.
    pub fn lines(&self) -> Vec<String> {
        let mut out: Vec<String> = (self.failures.iter().map(ToString::to_string))
            .chain(self.gaps.iter().map(ToString::to_string))
            .chain(self.blind.iter().map(ToString::to_string))
            .chain(self.unjudged.iter().map(ToString::to_string))
            .collect();
        let pct = self.threshold;
        if !self.passed() {
            out.push(format!(
                "{} figure(s) worse by more than {pct}% and beyond the noise, {} test(s) missing or unmeasured (--fail-if-worse)",
                self.failures.len(),
                self.gaps.len()
            ));
        } else if !self.blind.is_empty() {
            out.push(format!(
                "passed, but {} figure(s) are too noisy for this gate to detect a {pct}% change (--fail-if-worse)",
                self.blind.len()
            ));
        }
        out
    }
}

/// Judges every figure of every later run against the first under a
/// threshold of `pct` percent (docs/report.md#failing-a-ci-job).
pub fn gate(runs: &[RunSummary], pct: f64) -> Gate {
    let mut g = Gate {
        threshold: pct,
        failures: Vec::new(),
        gaps: gaps(runs),
        blind: Vec::new(),
        unjudged: Vec::new(),
    };
    // Per run, its figures without a noise; the first run's stays 0.
    let mut unknown = vec![0usize; runs.len()];
    for k in keys(runs) {
        for m in &METRICS {
            for (i, without) in unknown.iter_mut().enumerate().skip(1) {
                let Some(x) = figure(runs, i, &k, m) else {
                    continue;
                };
                let j = x.judged;
                if j.mark == Mark::Worse && j.worse_pct > pct {
                    g.failures.push(Failure(x));
                } else if let Some(n) = j.noise.filter(|n| n.pct > pct) {
                    let loops_needed = n.loops_needed(pct);
                    g.blind.push(Blind {
                        figure: x,
                        noise_pct: n.pct,
                        threshold: pct,
                        loops_needed,
                    });
                } else if j.noise.is_none() {
                    *without += 1;
                }
            }
        }
    }
    g.unjudged = (unknown.iter().enumerate())
        .filter(|(_, n)| **n > 0)
        .map(|(i, n)| Unjudged {
            run: i + 1,
            label: runs[i].label.clone(),
            first: runs[0].label.clone(),
            figures: *n,
        })
        .collect();
    g
}

/// Run `i`'s figure `m` of test `k`, judged; `None` where either run
/// lacks it (a gap).
fn figure(runs: &[RunSummary], i: usize, k: &(String, String), m: &Metric) -> Option<Figure> {
    let (a, b) = (find(runs.first()?, k)?, find(runs.get(i)?, k)?);
    Some(Figure {
        run: i + 1,
        label: runs[i].label.clone(),
        test: format!("{} {}", k.0, k.1),
        metric: m.name,
        first: (m.figure)(a)?,
        this: (m.figure)(b)?,
        judged: judge_key(runs, i, k, m)?,
        digits: m.digits,
    })
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

    /// A result of one test, SEQ1M Q8T1 read, at `mbps` (IOPS alike,
    /// latency inversely), over `loops` loops whose mean's 95 % interval
    /// is ±`ci95_pct` for every figure (recorded only for two loops or
    /// more, as diskmark writes it).
    fn run(name: &str, mbps: f64, loops: usize, ci95_pct: f64) -> RunSummary {
        let total = serde_json::json!({"ios": 1000, "mbps": mbps, "iops": mbps * 10.0,
            "lat_us": {"mean": 1000.0 / mbps}});
        let spread = |mean: f64| {
            let mut v = serde_json::json!({"min": mean, "median": mean, "max": mean, "mean": mean, "stddev": 0.0});
            if loops > 1 {
                v["ci95_pct"] = serde_json::json!(ci95_pct);
            }
            v
        };
        let test = serde_json::json!({"name": "SEQ1M Q8T1", "direction": "read", "read_pct": null,
            "result": {"total": total}, "loops": vec![serde_json::json!({"total": total}); loops],
            "across_loops": {"mbps": spread(mbps), "iops": spread(mbps * 10.0),
                "mean_lat_us": spread(1000.0 / mbps)}});
        let text = serde_json::json!({"schema_version": 1, "tool": {"name": "diskmark"},
            "date": "2026-11-30T10:00:00+00:00", "engine": {"label": "io_uring (native)"},
            "tests": [test]})
        .to_string();
        super::super::from_json(name, &text).unwrap()
    }

    // Issue 31: `--fail-if-worse 5` failed on a 6.9 % drop although the
    // new run's loops spread ±13.6 %, because the first run had one loop.
    // The known spread is used, from either side: the drop is within its
    // noise (±31.0 %, docs/report.md#better-or-worse-and-noise), and the
    // gate says it cannot see a 5 % change there, and how many loops
    // would.
    #[test]
    fn one_loop_on_either_side_takes_the_other_runs_noise() {
        for (a, b) in [
            (run("a.json", 1000.0, 1, 0.0), run("b.json", 931.0, 5, 13.6)),
            (run("a.json", 1000.0, 5, 13.6), run("b.json", 931.0, 1, 0.0)),
        ] {
            let g = gate(&[a, b], 5.0);
            assert!(g.passed(), "{:?}", g.lines());
            assert!(g.failures.is_empty() && g.unjudged.is_empty());
            // All three figures; MB/s: ±31.0 %, 34 loops each.
            assert_eq!(g.blind.len(), 3, "{:?}", g.lines());
            let mbps = &g.blind[0];
            assert_eq!(mbps.figure.judged.mark, Mark::WithinNoise);
            assert_eq!(mbps.loops_needed, Some(34));
            assert_eq!(
                mbps.to_string(),
                "cannot tell: [2] b.json SEQ1M Q8T1 read MB/s (-6.9%, within noise): its noise, ±31.0%, is larger than 5%, so this gate cannot detect a 5% change at this noise; about 34 loops in each run would"
            );
            assert_eq!(
                g.lines().last().unwrap(),
                "passed, but 3 figure(s) are too noisy for this gate to detect a 5% change (--fail-if-worse)"
            );
        }
    }

    #[test]
    fn noise_above_the_threshold_passes_what_it_cannot_see_and_fails_what_it_can() {
        // Both 5 loops at ±13 %: s = 10.471 % each, se = 6.623 %, Welch
        // 8 df, t = 2.306: ±15.27 % times the ratio. A 10 % drop (±13.74
        // %) is within it, and a 10 % gate cannot see it.
        let a = run("a.json", 1000.0, 5, 13.0);
        let g = gate(&[a.clone(), run("b.json", 900.0, 5, 13.0)], 10.0);
        assert!(g.passed(), "{:?}", g.lines());
        assert_eq!(g.blind.len(), 3, "{:?}", g.lines());
        let noise = g.blind[0].noise_pct;
        assert!((noise - 13.74).abs() < 0.01, "{noise}");
        assert!(
            g.blind
                .iter()
                .all(|b| b.loops_needed.is_some_and(|n| n > 5))
        );
        // A 30 % drop is beyond it (±10.69 %): all three fail.
        let g = gate(&[a, run("b.json", 700.0, 5, 13.0)], 10.0);
        assert!(!g.passed());
        assert_eq!(g.failures.len(), 3, "{:?}", g.lines());
        assert!(
            g.failures[0]
                .to_string()
                .ends_with(", beyond the loops' noise (±10.7%)"),
            "{}",
            g.failures[0]
        );
    }

    #[test]
    fn noise_below_the_threshold_judges_by_it() {
        // Both 5 loops at ±1 %: noise about ±1 %, under a 5 % gate.
        let a = run("a.json", 1000.0, 5, 1.0);
        let g = gate(&[a.clone(), run("b.json", 960.0, 5, 1.0)], 5.0);
        // 4 % worse, beyond the noise but within the threshold: passes,
        // and nothing to say.
        assert!(g.passed() && g.lines().is_empty(), "{:?}", g.lines());
        let g = gate(&[a, run("b.json", 930.0, 5, 1.0)], 5.0);
        assert!(!g.passed());
        assert_eq!(g.failures.len(), 3, "{:?}", g.lines());
        assert!(g.blind.is_empty());
    }

    #[test]
    fn one_loop_on_both_sides_is_too_few_to_tell() {
        let a = run("a.json", 1000.0, 1, 0.0);
        let g = gate(&[a.clone(), run("b.json", 850.0, 1, 0.0)], 10.0);
        assert_eq!(g.failures.len(), 3);
        assert!(
            g.failures[0].to_string().ends_with(
                " (one loop in each run: too few loops to tell a change from noise, so the threshold alone decides)"
            ),
            "{}",
            g.failures[0]
        );
        // A pass says it too: the gate judged without a noise.
        let g = gate(&[a, run("b.json", 950.0, 1, 0.0)], 10.0);
        assert!(g.passed());
        assert_eq!(
            g.lines(),
            [
                "too few loops: [2] b.json and [1] a.json have one loop each for 3 figure(s): the gate cannot tell a change from noise there, so the threshold alone decides"
            ]
        );
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
