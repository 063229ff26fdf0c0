//! The progress line of the modes beyond the grid, from their
//! [`Step`](crate::run::Step)s: a sustained write (GB written, the current
//! MB/s, the time left at that rate) and a span map (the phase and how far
//! it is).

use crate::run::{FillStep, SpanStep};
use std::time::Duration;

/// `sustained write  12.35 of 80.00 GB  1234.56 MB/s  12 min 5 s left`.
pub fn fill_line(p: &FillStep) -> String {
    let rate = p
        .mbps
        .map_or_else(|| "--- MB/s".to_string(), |r| format!("{r:.2} MB/s"));
    let left = p.left.map_or_else(
        || "time left unknown".to_string(),
        |l| format!("{} left", left_label(l)),
    );
    format!(
        "sustained write {:>7.2} of {:.2} GB  {rate:>12}  {left}",
        p.written as f64 / 1e9,
        p.total as f64 / 1e9
    )
}

/// `span: sample    37 of 200     512.25 MB/s`.
pub fn span_line(p: &SpanStep) -> String {
    match *p {
        SpanStep::Fill { done, total } => format!(
            "span: filling the test file {:>7.2} of {:.2} GB",
            done as f64 / 1e9,
            total as f64 / 1e9
        ),
        SpanStep::Samples { done, total, mbps } => format!(
            "span: sample {done:>5} of {total}  {:>14}",
            mbps.map_or_else(|| "--- MB/s".to_string(), |r| format!("{r:.2} MB/s"))
        ),
        SpanStep::Access { done, total } => {
            format!("span: random read {done:>7} of {total}")
        }
    }
}

/// `54.9 s`, `12 min 5 s`, `1 h 3 min`.
pub fn left_label(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 60.0 {
        format!("{s:.1} s")
    } else if s < 3600.0 {
        format!("{} min {} s", (s / 60.0) as u64, (s % 60.0) as u64)
    } else {
        format!(
            "{} h {} min",
            (s / 3600.0) as u64,
            ((s % 3600.0) / 60.0) as u64
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fill_line_says_gb_written_rate_and_time_left() {
        let p = FillStep {
            written: 12_345_000_000,
            total: 80_000_000_000,
            mbps: Some(1234.561),
            left: Some(Duration::from_secs(725)),
        };
        assert_eq!(
            fill_line(&p),
            "sustained write   12.35 of 80.00 GB  1234.56 MB/s  12 min 5 s left"
        );
        let first = FillStep {
            mbps: None,
            left: None,
            ..p
        };
        assert!(fill_line(&first).ends_with("--- MB/s  time left unknown"));
    }

    #[test]
    fn the_span_line_names_the_phase_and_how_far_it_is() {
        let s = span_line(&SpanStep::Samples {
            done: 37,
            total: 200,
            mbps: Some(512.25),
        });
        assert_eq!(s, "span: sample    37 of 200     512.25 MB/s");
        let a = span_line(&SpanStep::Access {
            done: 64,
            total: 1000,
        });
        assert_eq!(a, "span: random read      64 of 1000");
        let f = span_line(&SpanStep::Fill {
            done: 500_000_000,
            total: 1_000_000_000,
        });
        assert_eq!(f, "span: filling the test file    0.50 of 1.00 GB");
    }
}
