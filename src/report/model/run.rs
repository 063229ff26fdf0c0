//! The whole document: one run.

use super::setup::{Engine, Settings, TestFile};
use super::target::{Host, Target};
use super::test::Test;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Version of the JSON layout; bumped on any incompatible change.
pub const SCHEMA_VERSION: u32 = 1;

/// What `latency` says: where diskmark's latencies start and end.
pub const LATENCY: &str = "issue to completion, as fio's lat (not clat)";

/// One diskmark run: every setting that changes results, the target, the
/// engine and its adaptations, and per test every loop's raw counts beside
/// the derived figures.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
#[schemars(title = "diskmark result")]
pub struct Run {
    /// Version of this layout (1); bumped on any incompatible change.
    pub schema_version: u32,
    /// The program that wrote the file.
    pub tool: Tool,
    /// When the run started, RFC 3339 in local time.
    pub date: String,
    /// The name given with `--label`, which names the run in `compare`,
    /// `history` and the CSV; absent without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// How long the whole run took, seconds, from its start to its end
    /// (pre-fill, every test, clean-up); absent from a run that did not
    /// record it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elapsed_s: Option<f64>,
    /// The time the plan fixed before the run, seconds: every loop's
    /// warm-up and measure window with its set-up, and the intervals
    /// (docs/measurement.md#the-estimate-at-the-start); without the
    /// pre-fill, `--verify`'s read-backs and `--qos`, which depend on the
    /// disk. Absent where `elapsed_s` is absent, and from span, sustained and
    /// many-host runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub planned_s: Option<f64>,
    /// Whether a signal or the user stopped the run before every test
    /// finished (only the finished tests are in `tests`).
    pub interrupted: bool,
    /// The signal that stopped it (0: the user stopped it); null when
    /// it was not interrupted.
    pub signal: Option<i32>,
    /// Where latencies start and end: "issue to completion, as fio's lat
    /// (not clat)".
    pub latency: String,
    /// The machine.
    pub host: Host,
    /// What was tested.
    pub target: Target,
    /// The engine that ran the tests.
    pub engine: Engine,
    /// Every setting that changes results.
    pub settings: Settings,
    /// Where `--keep-file` left the test file; null when it was removed.
    pub kept_file: Option<PathBuf>,
    /// How the test file (or raw device) was set up: NOCOW, alignment.
    pub test_file: TestFile,
    /// Every note of the run: adaptations, caveats, observations, an
    /// interruption.
    pub notes: Vec<String>,
    /// The finished tests, in the order they ran.
    pub tests: Vec<Test>,
    /// Under `--qos`: read latency alone and under a background writer;
    /// absent without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub qos: Option<super::qos::Qos>,
    /// A sustained write (`diskmark sustained`); absent from a run of
    /// tests.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sustained: Option<super::sustained::Sustained>,
    /// A span map (`diskmark span`); absent from a run of tests.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub span: Option<super::span::Span>,
}

/// The program that wrote a result.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Tool {
    /// Always `diskmark`.
    pub name: String,
    /// Its version.
    pub version: String,
}

impl Run {
    /// The document as diskmark writes it: pretty-printed JSON and a line
    /// break.
    pub fn to_json(&self) -> String {
        // Only a path that is not UTF-8 can fail to serialise (numbers are
        // never NaN: every division guards its denominator); the file then
        // says why instead of holding half a report.
        let mut text = crate::escape::to_json_pretty(self).unwrap_or_else(|e| {
            format!("{{\"schema_version\":{SCHEMA_VERSION},\"error\":\"{e}\"}}")
        });
        text.push('\n');
        text
    }
}
