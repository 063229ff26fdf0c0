//! The progress line of a span map on standard error, in the style of the
//! run's ([`crate::progress`]): the phase, how far it is, the last
//! sample's MB/s, one line rewritten in place.

use super::map::SpanProgress;

/// The line; silent when disabled (`--quiet`, or stderr not a terminal).
pub struct SpanLine {
    line: crate::progress::StatusLine,
}

impl SpanLine {
    /// A line that draws when `enabled`.
    pub fn new(enabled: bool) -> Self {
        SpanLine {
            line: crate::progress::StatusLine::new(enabled),
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

    /// Redraws the line with `p` (throttled).
    pub fn update(&mut self, p: &SpanProgress) {
        self.line.draw(false, || Some(Self::describe(p)));
    }

    /// Clears the line.
    pub fn finish(&mut self) {
        self.line.finish();
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
