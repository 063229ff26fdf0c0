//! The steady-state line of a test in the text report
//! (docs/report.md#steady-state).

use crate::report::escape::escape;
use crate::report::model::SteadyState;

/// `  steady state iops:20%: reached after 5 rounds (2.0 s), 12345.6 IOPS`,
/// or, not reached, the rounds and what stopped them.
pub fn line(o: &SteadyState) -> String {
    // The goal as typed: `iops:20%`.
    let head = format!("  steady state {}:{}%:", escape(&o.metric), o.limit_pct);
    match o.value {
        Some(v) => {
            let value = match o.metric.as_str() {
                "iops" => format!("{v:.1} IOPS"),
                _ => format!("{v:.3} MB/s"),
            };
            format!(
                "{head} reached after {} rounds ({:.1} s), {value}",
                o.rounds, o.seconds
            )
        }
        None => format!(
            "{head} not reached after {} rounds ({}, {:.1} s)",
            o.rounds,
            escape(o.stopped_by.as_deref().unwrap_or("a stop")),
            o.seconds
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(values: &[f64], reached: bool) -> SteadyState {
        SteadyState {
            metric: "iops".into(),
            limit_pct: 20.0,
            reached,
            rounds: values.len() as u32,
            seconds: 2.04,
            value: reached.then_some(100.0),
            round_values: values.to_vec(),
            stopped_by: (!reached).then(|| "--max-rounds".into()),
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
