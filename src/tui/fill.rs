//! The sustained-write page's state (docs/measurement.md#sustained-write):
//! the size asked, the samples so far as MB/s against GB written, and at
//! the end the result's own series and the report's section. No
//! terminal, no I/O, so that every step can be tested.

use crate::report::model::Sustained;
use crate::run::FillStep;
use crate::stats::sustained::SustainedResult;
use crate::sustained::FillAsk;
use crate::units::{GIB, MIB, human_bytes};

/// The sizes the page offers: `None` is `diskmark sustained`'s default
/// (the free space minus the margin, at least 1 GiB).
pub const SIZES: [Option<u64>; 8] = [
    None,
    Some(64 * MIB),
    Some(256 * MIB),
    Some(GIB),
    Some(4 * GIB),
    Some(16 * GIB),
    Some(64 * GIB),
    Some(256 * GIB),
];

/// One sample: MB/s at the bytes written when it was taken.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// GB (10^9 bytes) written.
    pub gb: f64,
    /// MB/s of the sample.
    pub mbps: f64,
}

/// The page's state.
#[derive(Debug, Default)]
pub struct FillPage {
    /// The index of the size in [`SIZES`].
    pub size: usize,
    /// The samples drawn: the live ones during the write, the result's
    /// series after it.
    pub points: Vec<Point>,
    /// The last step told: bytes written of total, MB/s now.
    pub now: Option<FillStep>,
    /// The result's figures, once the write ended with one.
    pub result: Option<Sustained>,
    /// The notes of the write (the plan's, then the report's).
    pub notes: Vec<String>,
}

impl FillPage {
    /// The write the page asks for: `diskmark sustained`'s defaults with
    /// the size chosen.
    pub fn ask(&self) -> FillAsk {
        FillAsk {
            size: SIZES.get(self.size).copied().flatten(),
            ..FillAsk::default()
        }
    }

    /// The size chosen, in words.
    pub fn size_label(&self) -> String {
        match self.ask().size {
            Some(bytes) => human_bytes(bytes),
            None => crate::fl!("tui-fill-default-size"),
        }
    }

    /// The next (or previous) size.
    pub fn step_size(&mut self, forward: bool) {
        let n = SIZES.len();
        self.size = if forward {
            (self.size + 1) % n
        } else {
            (self.size + n - 1) % n
        };
    }

    /// A write starts: nothing of the last one stays.
    pub fn start(&mut self) {
        let size = self.size;
        *self = FillPage {
            size,
            ..FillPage::default()
        };
    }

    /// A step of the write. A step repeats the last sample's rate until
    /// the next sample: a point is added only when the rate changes, at
    /// the bytes written then (the step is told right after the sample
    /// is taken), so that no point is drawn that was not measured.
    pub fn on_step(&mut self, step: &FillStep) {
        self.now = Some(*step);
        let Some(mbps) = step.mbps else { return };
        if self.points.last().is_none_or(|p| p.mbps != mbps) {
            self.points.push(Point {
                gb: step.written as f64 / 1e9,
                mbps,
            });
        }
    }

    /// The write ended with `result`: its series (every sample, at the
    /// bytes it counted) replaces the live one.
    pub fn on_result(&mut self, result: &SustainedResult) {
        let model = crate::report::model::build::modes::sustained(result);
        self.points = (model.series.iter())
            .map(|s| Point {
                gb: s.bytes_written as f64 / 1e9,
                mbps: s.mbps,
            })
            .collect();
        self.result = Some(model);
    }

    /// The report's section of the result (`diskmark sustained`'s words:
    /// the knee, the cache size, the speed after it), one line each.
    pub fn section(&self) -> Vec<String> {
        let Some(model) = &self.result else {
            return Vec::new();
        };
        let mut text = String::new();
        crate::report::text::sustained::section(&mut text, model);
        (text.lines())
            .filter(|l| !l.trim().is_empty())
            .map(str::to_string)
            .collect()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn step(written: u64, mbps: Option<f64>) -> FillStep {
        FillStep {
            written,
            total: 64 * MIB,
            mbps,
            left: None,
        }
    }

    #[test]
    fn sizes_cycle_from_the_commands_default() {
        let mut p = FillPage::default();
        assert_eq!(p.ask(), FillAsk::default());
        assert!(p.size_label().starts_with("default"));
        p.step_size(true);
        assert_eq!(p.ask().size, Some(64 * MIB));
        assert_eq!(p.size_label(), "64.00 MiB");
        p.step_size(false);
        p.step_size(false);
        assert_eq!(p.ask().size, Some(256 * GIB));
    }

    #[test]
    fn a_point_per_sample_never_before_the_first() {
        let mut p = FillPage::default();
        p.on_step(&step(1_000_000, None));
        assert!(p.points.is_empty());
        assert_eq!(p.now.unwrap().written, 1_000_000);
        p.on_step(&step(2_000_000_000, Some(500.0)));
        // The same sample told again: no new point.
        p.on_step(&step(2_100_000_000, Some(500.0)));
        p.on_step(&step(3_000_000_000, Some(250.0)));
        assert_eq!(
            p.points,
            [
                Point {
                    gb: 2.0,
                    mbps: 500.0
                },
                Point {
                    gb: 3.0,
                    mbps: 250.0
                }
            ]
        );
        p.size = 1;
        p.start();
        assert!(p.points.is_empty() && p.now.is_none());
        assert_eq!(p.size, 1);
    }

    #[test]
    fn the_result_replaces_the_live_series_and_says_the_knee() {
        let mut p = FillPage::default();
        p.on_step(&step(1, Some(1.0)));
        p.on_result(&crate::report::fixtures::fill());
        assert_eq!(p.points.len(), 28);
        let section = p.section().join("\n");
        for want in [
            "Cached: 400.00 MB/s",
            "Cache size: 2.00 GB",
            "Post-cache: 100.00 MB/s",
        ] {
            assert!(section.contains(want), "{want} in {section}");
        }
    }
}
