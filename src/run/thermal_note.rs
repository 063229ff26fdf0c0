//! The "thermal throttling likely" observation of a test
//! (docs/measurement.md#temperature), from its samples' temperatures and
//! throughput, apart from the sampler so that what a run produced
//! (`output.rs`) and the thread that reads the sensor do not meet.

use super::output::TestResult;
use crate::target::thermal::{Sensor, Slice, Throttling, throttling};

/// The "thermal throttling likely" observation of a test
/// (docs/measurement.md#temperature), when the sensor has a warning
/// threshold, the samples of the test's loops (one after the other) reached
/// it, and the throughput fell while they were there.
pub fn throttling_note(test: &TestResult, sensor: Option<&Sensor>) -> Option<String> {
    let t = test_throttling(test, sensor)?;
    Some(format!(
        "{} {}: thermal throttling likely: the drive reached its warning temperature of {:.0} °C (up to {:.0} °C) and its throughput fell from {:.0} MB/s to {:.0} MB/s (medians) while it was there",
        test.plan.requested,
        test.direction.name(),
        t.warning_c,
        t.peak_c,
        t.before_mbps,
        t.hot_mbps
    ))
}

/// [`throttling`] over the samples of a test's loops, one after the other,
/// against the sensor's warning threshold.
pub fn test_throttling(test: &TestResult, sensor: Option<&Sensor>) -> Option<Throttling> {
    let warning_c = sensor?.warning_c()?;
    let slices: Vec<Slice> = test
        .loops
        .iter()
        .flat_map(|l| l.samples.iter())
        .map(|s| Slice {
            mbps: s.mbps,
            temp_c: s.temp_c,
        })
        .collect();
    throttling(&slices, warning_c)
}
