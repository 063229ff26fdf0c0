//! What compare cannot judge (docs/report.md#failing-a-ci-job): a run
//! without tests, a test that one run has and the other lacks, a test
//! without a figure. Each is shown under the tables and fails
//! `--fail-if-worse`: a gate passes only on figures it has compared.

use super::summary::{RunSummary, find, keys};
use super::verdict::METRICS;
use crate::report::tables::rows::Row;

/// Why a test of a run could not be judged against the first run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// The run has no tests at all (no `tests` key, or an empty list).
    NoTests,
    /// The run lacks a test that run `other` (from 1) has.
    Missing {
        /// The run that has it.
        other: usize,
        /// How that run is named.
        other_label: String,
    },
    /// The run has the test, but its window completed no I/O.
    NoIo,
    /// The run has the test without these figures.
    NoFigure(Vec<&'static str>),
    /// These figures are 0 in the first run: no change can be computed
    /// against them.
    Zero(Vec<&'static str>),
}

/// A test of a run that the gate could not judge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gap {
    /// The run, from 1.
    pub run: usize,
    /// How it is named.
    pub label: String,
    /// Test and direction (`RND4K Q1T1 read`); empty for [`Why::NoTests`].
    pub test: String,
    /// Why.
    pub why: Why,
}

impl Gap {
    /// One word for the JSON: `no tests`, `missing`, `no I/O`, `no
    /// figure`, `zero`.
    pub fn word(&self) -> &'static str {
        match self.why {
            Why::NoTests => "no tests",
            Why::Missing { .. } => "missing",
            Why::NoIo => "no I/O",
            Why::NoFigure(_) => "no figure",
            Why::Zero(_) => "zero",
        }
    }
}

impl std::fmt::Display for Gap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (run, label, test) = (self.run, &self.label, &self.test);
        match &self.why {
            Why::NoTests => write!(
                f,
                "missing: [{run}] {label} has no tests, so none of its figures is compared"
            ),
            Why::Missing { other, other_label } => write!(
                f,
                "missing: [{run}] {label} has no {test}, which [{other}] {other_label} has"
            ),
            Why::NoIo => write!(
                f,
                "unmeasured: [{run}] {label} {test} completed no I/O in its window, so it has no figure to compare"
            ),
            Why::NoFigure(m) => write!(
                f,
                "unmeasured: [{run}] {label} {test} has no {} figure",
                m.join(", ")
            ),
            Why::Zero(m) => write!(
                f,
                "unmeasured: [{run}] {label} {test} has {} 0, against which no change can be computed",
                m.join(", ")
            ),
        }
    }
}

/// Every test of every run that cannot be judged against the first run,
/// in the order of the tables, each once.
pub fn gaps(runs: &[RunSummary]) -> Vec<Gap> {
    let mut out: Vec<Gap> = Vec::new();
    let mut add = |g: Gap| {
        if !out.contains(&g) {
            out.push(g);
        }
    };
    for (i, r) in runs.iter().enumerate() {
        if r.rows.is_empty() {
            add(gap(runs, i, String::new(), Why::NoTests));
        }
    }
    let Some(base) = runs.first() else {
        return out;
    };
    for k in keys(runs) {
        let test = format!("{} {}", k.0, k.1);
        for (i, r) in runs.iter().enumerate().skip(1) {
            match (find(base, &k), find(r, &k)) {
                (Some(a), Some(b)) => {
                    for (run, row) in [(0, a), (i, b)] {
                        if let Some(why) = unmeasured(row) {
                            add(gap(runs, run, test.clone(), why));
                        }
                    }
                    if let Some(why) = zero(a, b) {
                        add(gap(runs, 0, test.clone(), why));
                    }
                }
                (None, None) => {}
                (a, _) => {
                    // The run that lacks it, and the one that has it; a
                    // run without tests is said once, above.
                    let (lacks, has) = if a.is_none() { (0, i) } else { (i, 0) };
                    if !runs[lacks].rows.is_empty() {
                        let why = Why::Missing {
                            other: has + 1,
                            other_label: runs[has].label.clone(),
                        };
                        add(gap(runs, lacks, test.clone(), why));
                    }
                }
            }
        }
    }
    out
}

fn gap(runs: &[RunSummary], i: usize, test: String, why: Why) -> Gap {
    Gap {
        run: i + 1,
        label: runs[i].label.clone(),
        test,
        why,
    }
}

/// Why `row` has no figure to compare, if it lacks one.
fn unmeasured(row: &Row) -> Option<Why> {
    let lacking: Vec<&'static str> = METRICS
        .iter()
        .filter(|m| (m.figure)(row).is_none())
        .map(|m| m.name)
        .collect();
    match lacking.len() {
        0 => None,
        n if n == METRICS.len() => Some(Why::NoIo),
        _ => Some(Why::NoFigure(lacking)),
    }
}

/// The figures of the first run's row `a` that are 0 while `b` has them:
/// a change against 0 is no number.
fn zero(a: &Row, b: &Row) -> Option<Why> {
    let zeros: Vec<&'static str> = METRICS
        .iter()
        .filter(|m| (m.figure)(a) == Some(0.0) && (m.figure)(b).is_some())
        .map(|m| m.name)
        .collect();
    (!zeros.is_empty()).then_some(Why::Zero(zeros))
}
