//! A span map (`diskmark span`): the top-level `span` object, with the
//! samples and access times that charts and scripts read by these names
//! (docs/report.md#span).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What a span map measured: MB/s against position, and the access times.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Span {
    /// Bytes mapped: the device's capacity (or the test file's size for a
    /// directory target).
    pub device_bytes: u64,
    /// Whether the map is of diskmark's own test file in a directory, not
    /// of a raw device.
    pub test_file: bool,
    /// Bytes each sample reads.
    pub sample_size: u64,
    /// How each sample reads, in CrystalDiskMark's notation as it ran
    /// (`SEQ1M Q8T1`).
    pub sample_test: String,
    /// The engine that read.
    pub engine: String,
    /// Samples planned; `samples` has fewer only when the map was stopped
    /// or a read failed.
    pub samples_planned: u64,
    /// Every sample measured, in offset order.
    pub samples: Vec<SpanSample>,
    /// The slowest sample, MB/s; null without samples.
    pub min_mbps: Option<f64>,
    /// The mean of the samples, MB/s; null without samples.
    pub mean_mbps: Option<f64>,
    /// The fastest sample, MB/s; null without samples.
    pub max_mbps: Option<f64>,
    /// The slowest region (docs/measurement.md#span); null without samples.
    pub slowest: Option<SpanRegion>,
    /// Random reads planned.
    pub access_planned: u64,
    /// Bytes per random read.
    pub access_block: u64,
    /// The random reads' times, issue to completion, µs; null when none
    /// was timed.
    pub access_us: Option<AccessUs>,
    /// Every random read timed, in the order it was read: where it read
    /// and how long it took (what the chart plots). Absent from files
    /// written before it was added.
    pub access_points: Vec<AccessPoint>,
    /// Why the map ended before its last sample or read when no stop
    /// ended it (a read failed); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended_early: Option<String>,
}

/// One sample: a sequential read at a place on the device.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct SpanSample {
    /// Where it started, bytes from the device's first byte.
    pub offset: u64,
    /// Bytes it read.
    pub bytes: u64,
    /// Bytes over its own time, first submission to last completion, MB/s.
    pub mbps: f64,
}

/// The slowest region of the map: the run of consecutive samples that
/// spans 5 % of them with the lowest mean.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct SpanRegion {
    /// Its first byte.
    pub start: u64,
    /// One past its last byte.
    pub end: u64,
    /// The mean of its samples, MB/s.
    pub mbps: f64,
    /// Samples in it.
    pub samples: u64,
}

/// The distribution of the random reads' times, µs.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct AccessUs {
    /// Reads timed.
    pub count: u64,
    /// The fastest (exact).
    pub min: f64,
    /// The mean (exact): its inverse is the rate the reads achieved at Q1.
    pub mean: f64,
    /// The median (nearest rank).
    pub p50: f64,
    /// The 99th percentile (nearest rank).
    pub p99: f64,
    /// The slowest (exact).
    pub max: f64,
}

/// One timed random read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct AccessPoint {
    /// Where it read, bytes from the device's first byte.
    pub offset: u64,
    /// Its time, issue to completion, µs.
    pub us: f64,
}
