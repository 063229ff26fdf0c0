//! The progress line of a sustained write on standard error, in the style
//! of the run's ([`crate::progress`]): GB written, the current MB/s, the
//! time left at that rate, one line rewritten in place.

use super::fill::FillProgress;
use std::io::Write;
use std::time::{Duration, Instant};

/// Shortest time between two redraws.
const REDRAW: Duration = Duration::from_millis(100);

/// Prints a sustained write's progress as a single status line.
pub struct FillLine {
    enabled: bool,
    last: Option<Instant>,
    shown: bool,
}

impl FillLine {
    /// A line that prints only when `enabled`.
    pub fn new(enabled: bool) -> Self {
        FillLine {
            enabled,
            last: None,
            shown: false,
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

    /// Shows `p` (throttled).
    pub fn update(&mut self, p: &FillProgress) {
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        if self.last.is_some_and(|l| now - l < REDRAW) {
            return;
        }
        self.last = Some(now);
        self.shown = true;
        let mut err = std::io::stderr().lock();
        // A progress line that cannot be written is not worth failing for.
        let _ = write!(err, "\r\x1b[2K{}", Self::describe(p));
        let _ = err.flush();
    }

    /// Clears the line.
    pub fn finish(&mut self) {
        if self.enabled && self.shown {
            let _ = write!(std::io::stderr(), "\r\x1b[2K");
            self.shown = false;
        }
    }
}

impl Drop for FillLine {
    fn drop(&mut self) {
        self.finish();
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
