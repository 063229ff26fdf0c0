//! A test's rounds under `--steady-state` (docs/measurement.md#steady-state):
//! each round is one loop as without it; after each, SNIA PTS's criteria
//! are judged on the last rounds, and the rounds stop when they hold, at
//! `--max-rounds` or at `--max-time`. Without `--steady-state` a test runs
//! its `--loops` and nothing here changes it.

use super::notes::add_note;
use crate::config::Settings;
use crate::stats::LoopResult;
use crate::stats::headline::headline;
use crate::stats::steady::{SteadyGoal, SteadyMetric, SteadyOutcome, judge};
use crate::workload::Direction;
use std::time::{Duration, Instant};

/// The rounds of one test so far.
pub(crate) struct Rounds {
    goal: Option<SteadyGoal>,
    max_rounds: u32,
    max_time: Duration,
    started: Instant,
    values: Vec<f64>,
    reached: bool,
    stopped_by: Option<&'static str>,
}

impl Rounds {
    /// Before the first round of a test.
    pub(crate) fn start(settings: &Settings) -> Rounds {
        Rounds {
            goal: settings.steady,
            max_rounds: settings.rounds(),
            max_time: settings.max_time,
            started: Instant::now(),
            values: Vec::new(),
            reached: false,
            stopped_by: None,
        }
    }

    /// Records the round just measured; whether the test stops before the
    /// planned rounds are all run (steady state reached, or no time for
    /// another round within `--max-time`).
    pub(crate) fn stop_after(&mut self, direction: Direction, l: &LoopResult) -> bool {
        let Some(goal) = self.goal else {
            return false;
        };
        let s = headline(direction, l).summary(l.window_ns);
        self.values.push(match goal.metric {
            SteadyMetric::Iops => s.iops,
            SteadyMetric::Bw => s.mbps,
        });
        let done = self.values.len() as u32;
        if judge(&self.values, goal.limit_pct).is_some_and(|v| v.steady) {
            self.reached = true;
            return true;
        }
        if done >= self.max_rounds {
            self.stopped_by = Some("--max-rounds");
            return false;
        }
        // Another round of the rounds' average length must still fit.
        let elapsed = self.started.elapsed();
        if elapsed + elapsed / done > self.max_time {
            self.stopped_by = Some("--max-time");
            return true;
        }
        false
    }

    /// What the rounds of `test` came to, with a note in `notes` when
    /// they did not reach steady state; `None` without `--steady-state`.
    pub(crate) fn finish(self, test: &str, notes: &mut Vec<String>) -> Option<SteadyOutcome> {
        let o = self.outcome()?;
        if let Some(n) = not_reached_note(test, &o) {
            add_note(notes, n);
        }
        Some(o)
    }

    /// What the rounds came to; `None` without `--steady-state`.
    fn outcome(self) -> Option<SteadyOutcome> {
        let goal = self.goal?;
        Some(SteadyOutcome {
            goal,
            reached: self.reached,
            rounds: self.values.len() as u32,
            seconds: self.started.elapsed().as_secs_f64(),
            last: judge(&self.values, goal.limit_pct),
            round_values: self.values,
            stopped_by: if self.reached {
                None
            } else {
                self.stopped_by.or(Some("a stop"))
            },
        })
    }
}

/// The note of a test that did not reach steady state, naming what fell
/// short (docs/report.md#steady-state).
fn not_reached_note(test: &str, o: &SteadyOutcome) -> Option<String> {
    if o.reached {
        return None;
    }
    let by = o.stopped_by.unwrap_or("a stop");
    let limit = o.goal.limit_pct;
    let why = match o.last {
        None => format!("fewer than {} rounds ran", crate::stats::steady::WINDOW),
        Some(v) => format!(
            "the last {} rounds' {} vary by {:.1}% of their mean (limit {limit}%) and trend by {:.1}% (limit {}%)",
            crate::stats::steady::WINDOW,
            o.goal.metric.unit(),
            pct(v.excursion, v.mean),
            pct(v.slope_excursion, v.mean),
            limit / 2.0
        ),
    };
    Some(format!(
        "{test}: not in steady state after {} rounds ({by}, {:.1} s): {why}",
        o.rounds, o.seconds
    ))
}

/// `part` as a percentage of `whole` (0 when `whole` is not above 0).
fn pct(part: f64, whole: f64) -> f64 {
    if whole > 0.0 {
        part / whole * 100.0
    } else {
        0.0
    }
}
