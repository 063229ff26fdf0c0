//! The steady-state line of a test in the text report
//! (docs/report.md#steady-state).

use crate::stats::steady::{SteadyMetric, SteadyOutcome};

/// `  steady state iops:20%: reached after 5 rounds (2.0 s), 12345.6 IOPS`,
/// or, not reached, the rounds and what stopped them.
pub fn line(o: &SteadyOutcome) -> String {
    let head = format!("  steady state {}:", o.goal.label());
    match o.value() {
        Some(v) => {
            let value = match o.goal.metric {
                SteadyMetric::Iops => format!("{v:.1} IOPS"),
                SteadyMetric::Bw => format!("{v:.3} MB/s"),
            };
            format!(
                "{head} reached after {} rounds ({:.1} s), {value}",
                o.rounds, o.seconds
            )
        }
        None => format!(
            "{head} not reached after {} rounds ({}, {:.1} s)",
            o.rounds,
            o.stopped_by.unwrap_or("a stop"),
            o.seconds
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::steady::{SteadyGoal, judge};

    fn outcome(values: &[f64], reached: bool) -> SteadyOutcome {
        SteadyOutcome {
            goal: SteadyGoal::parse("iops:20%").unwrap(),
            reached,
            rounds: values.len() as u32,
            seconds: 2.04,
            last: judge(values, 20.0),
            round_values: values.to_vec(),
            stopped_by: (!reached).then_some("--max-rounds"),
        }
    }

    #[test]
    fn says_the_value_or_why_not() {
        let o = outcome(&[100.0; 5], true);
        assert_eq!(
            line(&o),
            "  steady state iops:20%: reached after 5 rounds (2.0 s), 100.0 IOPS"
        );
        let o = outcome(&[100.0, 80.0, 60.0, 40.0, 20.0, 10.0, 5.0], false);
        assert_eq!(
            line(&o),
            "  steady state iops:20%: not reached after 7 rounds (--max-rounds, 2.0 s)"
        );
    }
}
