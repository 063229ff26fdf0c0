//! The progress line of a sustained write on standard error, in the style
//! of the run's ([`crate::progress`]): GB written, the current MB/s, the
//! time left at that rate, one line rewritten in place.

use super::fill::FillProgress;
use std::time::Duration;

/// Prints a sustained write's progress as a single status line.
pub struct FillLine {
    line: crate::progress::StatusLine,
}

impl FillLine {
    /// A line that prints only when `enabled`.
    pub fn new(enabled: bool) -> Self {
        FillLine {
            line: crate::progress::StatusLine::new(enabled),
        }
    }

    /// `sustained write  12.35 of 80.00 GB  1234.56 MB/s  54.9 s left`.
    pub fn describe(p: &FillProgress) -> String {
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

    /// Redraws the line with `p` (throttled).
    pub fn update(&mut self, p: &FillProgress) {
        self.line.draw(false, || Some(Self::describe(p)));
    }

    /// Clears the line.
    pub fn finish(&mut self) {
        self.line.finish();
    }
}

/// `54.9 s`, `12 min 5 s`, `1 h 3 min`.
fn left_label(d: Duration) -> String {
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
    fn the_line_says_gb_written_rate_and_time_left() {
        let p = FillProgress {
            written: 12_345_000_000,
            total: 80_000_000_000,
            mbps: Some(1234.561),
            left: Some(Duration::from_secs(725)),
        };
        assert_eq!(
            FillLine::describe(&p),
            "sustained write   12.35 of 80.00 GB  1234.56 MB/s  12 min 5 s left"
        );
        let first = FillProgress {
            mbps: None,
            left: None,
            ..p
        };
        assert!(FillLine::describe(&first).ends_with("--- MB/s  time left unknown"));
    }
}
