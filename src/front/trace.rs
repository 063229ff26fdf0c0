//! The live series a front-end draws while a sustained write or a span
//! map runs, fed by the run's [`Event`]s as [`super::Grid`] is: MB/s
//! against GB written (`Step::Fill`), or against the position on the
//! device in percent (`Step::Span`'s samples, evenly spaced from its
//! first byte to its last). A step without a measured rate adds no point
//! (docs/measurement.md#sustained-write, #span).

use crate::run::{Event, SpanStep, Step};

/// A point of the series.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TracePoint {
    /// GB written, or percent of the device.
    pub x: f64,
    /// MB/s measured there.
    pub mbps: f64,
}

/// The series so far and where the run is.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Trace {
    points: Vec<TracePoint>,
    x_max: f64,
    done: u64,
    total: u64,
}

/// Bytes per GB on the x axis (10^9, as the reports' GB).
const GB: f64 = 1e9;

impl Trace {
    /// Applies one event of a sustained write or a span map; the others
    /// change nothing.
    pub fn apply(&mut self, e: &Event) {
        match &e.step {
            Step::Fill(f) => {
                self.x_max = f.total as f64 / GB;
                (self.done, self.total) = (f.written, f.total);
                if let Some(mbps) = f.mbps {
                    let x = f.written as f64 / GB;
                    self.points.push(TracePoint { x, mbps });
                }
            }
            Step::Span(SpanStep::Samples { done, total, mbps }) => {
                self.x_max = 100.0;
                (self.done, self.total) = (*done as u64, *total as u64);
                if let Some(mbps) = *mbps {
                    let last = total.saturating_sub(1).max(1) as f64;
                    let x = (done.saturating_sub(1)) as f64 / last * 100.0;
                    self.points.push(TracePoint { x, mbps });
                }
            }
            Step::Span(SpanStep::Fill { done, total } | SpanStep::Access { done, total }) => {
                (self.done, self.total) = (*done, *total);
            }
            _ => {}
        }
    }

    /// The points so far, in order.
    pub fn points(&self) -> &[TracePoint] {
        &self.points
    }

    /// Where the x axis ends: the bytes to write in GB, or 100 %.
    pub fn x_max(&self) -> f64 {
        self.x_max
    }

    /// The current phase's progress: done of total (bytes or samples or
    /// reads).
    pub fn progress(&self) -> (u64, u64) {
        (self.done, self.total)
    }

    /// The last point's MB/s.
    pub fn last_mbps(&self) -> Option<f64> {
        self.points.last().map(|p| p.mbps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::FillStep;

    fn event(step: Step) -> Event {
        Event { step, time: None }
    }

    #[test]
    fn a_fill_adds_a_point_only_with_a_measured_rate() {
        let mut t = Trace::default();
        let fill = |written, mbps| {
            event(Step::Fill(FillStep {
                written,
                total: 4_000_000_000,
                mbps,
                left: None,
            }))
        };
        t.apply(&fill(100, None));
        assert!(t.points().is_empty());
        assert_eq!((t.x_max(), t.progress()), (4.0, (100, 4_000_000_000)));
        t.apply(&fill(1_000_000_000, Some(512.0)));
        assert_eq!(
            t.points(),
            &[TracePoint {
                x: 1.0,
                mbps: 512.0
            }]
        );
        assert_eq!(t.last_mbps(), Some(512.0));
    }

    #[test]
    fn span_samples_are_placed_from_the_first_byte_to_the_last() {
        let mut t = Trace::default();
        let sample = |done, mbps| {
            event(Step::Span(SpanStep::Samples {
                done,
                total: 5,
                mbps,
            }))
        };
        t.apply(&sample(1, Some(100.0)));
        t.apply(&sample(2, None));
        t.apply(&sample(5, Some(80.0)));
        let xs: Vec<f64> = t.points().iter().map(|p| p.x).collect();
        assert_eq!(xs, vec![0.0, 100.0]);
        assert_eq!(t.x_max(), 100.0);
    }
}
