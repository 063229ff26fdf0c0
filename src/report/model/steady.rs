//! Steady state of a test (docs/report.md#steady-state): present only
//! under `--steady-state`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How a test's rounds ended under `--steady-state`: SNIA PTS's criteria
/// on the last 5 rounds (docs/measurement.md#steady-state).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct SteadyState {
    /// The figure judged: `iops` or `bw` (MB/s).
    pub metric: String,
    /// The excursion allowed, percent of the window's mean.
    pub limit_pct: f64,
    /// The last 5 rounds met both criteria.
    pub reached: bool,
    /// Rounds run (each one loop, in `loops`).
    pub rounds: u32,
    /// From the first round's start to the last one's end, seconds.
    pub seconds: f64,
    /// The steady-state value: the mean of the last 5 rounds, in the
    /// metric's unit; null when steady state was not reached.
    pub value: Option<f64>,
    /// Each round's figure (IOPS or MB/s), in order.
    pub round_values: Vec<f64>,
    /// What ended the rounds short of steady state: `--max-rounds`,
    /// `--max-time` or `a stop`; absent when it was reached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped_by: Option<String>,
}

/// What `--steady-state` asked for, in the settings.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct SteadySettings {
    /// As typed: `iops:20%`, `bw:10%`.
    pub goal: String,
    /// `--max-rounds`: most rounds per test.
    pub max_rounds: u32,
    /// `--max-time`: most time of each test's rounds, seconds.
    pub max_time_s: f64,
}
