//! The progress line of a span map on standard error, in the style of the
//! run's ([`crate::progress`]): the phase, how far it is, the last
//! sample's MB/s, one line rewritten in place.

use super::map::SpanProgress;
use std::io::Write;
use std::time::{Duration, Instant};

/// Most redraws per second.
const REDRAW: Duration = Duration::from_millis(100);

/// The line; silent when disabled (`--quiet`, or stderr not a terminal).
pub struct SpanLine {
    enabled: bool,
    last: Option<Instant>,
    shown: bool,
}

impl SpanLine {
    /// A line that draws when `enabled`.
    pub fn new(enabled: bool) -> Self {
        SpanLine {
            enabled,
            last: None,
            shown: false,
        }
    }

    /// The line's text for `p`.
    pub fn describe(p: &SpanProgress) -> String {
        match *p {
            SpanProgress::Fill { done, total } => format!(
                "span: filling the test file {:>7.2} of {:.2} GB",
                done as f64 / 1e9,
                total as f64 / 1e9
            ),
            SpanProgress::Samples { done, total, mbps } => format!(
                "span: sample {done:>5} of {total}  {:>14}",
                mbps.map_or_else(|| "--- MB/s".to_string(), |r| format!("{r:.2} MB/s"))
            ),
            SpanProgress::Access { done, total } => {
                format!("span: random read {done:>7} of {total}")
            }
        }
    }

    /// Redraws the line with `p`, at most every [`REDRAW`].
    pub fn update(&mut self, p: &SpanProgress) {
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

impl Drop for SpanLine {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_the_phase_and_how_far_it_is() {
        let s = SpanLine::describe(&SpanProgress::Samples {
            done: 37,
            total: 200,
            mbps: Some(512.25),
        });
        assert_eq!(s, "span: sample    37 of 200     512.25 MB/s");
        let a = SpanLine::describe(&SpanProgress::Access {
            done: 64,
            total: 1000,
        });
        assert_eq!(a, "span: random read      64 of 1000");
        let f = SpanLine::describe(&SpanProgress::Fill {
            done: 500_000_000,
            total: 1_000_000_000,
        });
        assert_eq!(f, "span: filling the test file    0.50 of 1.00 GB");
    }
}
