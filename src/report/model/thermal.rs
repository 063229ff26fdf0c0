//! The drive's temperature during a test (docs/measurement.md#temperature).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The drive's temperature over a test's loops; absent when the drive has
/// no sensor or no reading was taken (a fio run).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Temperature {
    /// The driver that exposes the sensor: `nvme` (hwmon) or `drivetemp`.
    pub sensor: String,
    /// The lowest reading, °C.
    pub min_c: f64,
    /// The highest reading, °C.
    pub max_c: f64,
    /// How many readings were taken (about one every 0.5 s of the windows).
    pub readings: u64,
    /// The drive's warning threshold (`temp1_max`), °C, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning_c: Option<f64>,
    /// The drive's critical threshold (`temp1_crit`), °C, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub critical_c: Option<f64>,
    /// The readings reached the warning threshold and the throughput fell
    /// while they were there: the test has the "thermal throttling likely"
    /// observation.
    pub throttling_likely: bool,
}
