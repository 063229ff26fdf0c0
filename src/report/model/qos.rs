//! Latency under load (docs/report.md#latency-under-load): present only
//! under `--qos`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// RND4K Q1T1 reads alone and under a background SEQ1M Q8T1 writer
/// (docs/measurement.md#latency-under-load).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Qos {
    /// The reads measured, in CrystalDiskMark's notation (`RND4K Q1T1`),
    /// as they ran.
    pub reads: String,
    /// The background writer, as it ran (`SEQ1M Q8T1`).
    pub writer: String,
    /// The reads alone.
    pub unloaded: QosReads,
    /// The same reads while the writer wrote.
    pub loaded: QosReads,
    /// The writer's throughput over its own window, 10^6 bytes/s; null
    /// when it completed no write.
    pub writer_mbps: Option<f64>,
}

/// The read latency of one of the two windows, from the merged histogram
/// of every read thread.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct QosReads {
    /// Reads completed in the window.
    pub ios: u64,
    /// Latencies the merged histogram holds (equal to `ios`).
    pub histogram_count: u64,
    /// Reads per second; null when none completed.
    pub iops: Option<f64>,
    /// Median latency, µs; null when no read completed.
    pub p50_us: Option<f64>,
    /// 99th percentile, µs.
    pub p99_us: Option<f64>,
    /// 99.9th percentile, µs.
    pub p999_us: Option<f64>,
}
