//! A sustained write (`diskmark sustained`): the top-level `sustained`
//! object, with the series that bars and scripts read by these names
//! (docs/report.md#sustained-write).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What a sustained write measured and what its series shows.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Sustained {
    /// The write, in CrystalDiskMark's notation as it ran (`SEQ1M Q8T1`).
    pub test: String,
    /// Whether a knee (the write cache running out) was found.
    pub knee_found: bool,
    /// Bytes written before the knee: the cache's size as seen by the
    /// writes; null without a knee.
    pub cache_bytes: Option<u64>,
    /// When the knee came, seconds after the first write; null without one.
    pub knee_s: Option<f64>,
    /// Median MB/s before the knee (of every sample without one); null
    /// when nothing was sampled.
    pub cached_mbps: Option<f64>,
    /// Median MB/s after the knee; null without one.
    pub post_cache_mbps: Option<f64>,
    /// Bytes written over the time taken, MB/s; null when nothing was
    /// written.
    pub average_mbps: Option<f64>,
    /// Time taken, first write issued to last one completed, seconds.
    pub elapsed_s: f64,
    /// Bytes the write was to write.
    pub planned_bytes: u64,
    /// Bytes it wrote (completed).
    pub bytes_written: u64,
    /// Time asked between two samples, seconds.
    pub sample_interval_s: f64,
    /// Why it ended before `planned_bytes` when no stop ended it (the
    /// filesystem filled up); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended_early: Option<String>,
    /// Every knee, in order: one for a cache, one per stage of a cache in
    /// stages (docs/measurement.md#the-knees). `cache_bytes` and `knee_s`
    /// are the first's, `cached_mbps` the speed before the first and
    /// `post_cache_mbps` the speed after the last.
    pub knees: Vec<SustainedKnee>,
    /// Each stretch after the last knee where the speed climbed back.
    pub recoveries: Vec<Recovery>,
    /// The samples, in order.
    pub series: Vec<SustainedSample>,
}

/// One knee of a sustained write: where the speed fell and stayed down.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct SustainedKnee {
    /// Bytes written before it.
    pub bytes: u64,
    /// When it came, seconds after the first write.
    pub seconds: f64,
    /// Median MB/s of the samples before it, back to the previous knee.
    pub before_mbps: f64,
    /// Median MB/s of the samples after it, up to the next knee.
    pub after_mbps: f64,
    /// How clear it is: the step between the two medians over its noise
    /// (the samples' spread about their medians over the root of the
    /// shorter side's count); pure noise gives about 1, and a knee needs 8.
    pub clarity: f64,
}

/// A stretch after the knee where the speed climbed at least half way
/// back to the cached speed, for at least two samples.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Recovery {
    /// When it began, seconds after the first write.
    pub seconds: f64,
    /// Bytes written when it began.
    pub bytes_written: u64,
    /// Median MB/s over it.
    pub mbps: f64,
    /// How long it held, seconds.
    pub lasted_s: f64,
}

/// One sample: the writes completed since the previous one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct SustainedSample {
    /// End of the sample, seconds after the first write.
    pub seconds: f64,
    /// Bytes written by the end of the sample.
    pub bytes_written: u64,
    /// 10^6 bytes/s over the sample.
    pub mbps: f64,
    /// p99 latency of the writes completed in the sample, µs (issue to
    /// completion); null when none completed.
    pub p99_us: Option<f64>,
    /// The drive's temperature at the sample, °C; absent where unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub temp_c: Option<f64>,
}
