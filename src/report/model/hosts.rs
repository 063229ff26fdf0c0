//! One host's part of a test run on many hosts (`--host`,
//! docs/report.md#many-hosts).

use super::test::Loop;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What one host measured of a test; the test's own `result` and `loops`
/// are then the totals over all hosts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct HostTest {
    /// The host as given (`HOST:PORT`, `[IPv6]:PORT`).
    pub host: String,
    /// What its fio server said its version is (`fio-3.33`).
    pub fio_version: Option<String>,
    /// Its loops summarised as the test's `result` is (the same loop
    /// statistic).
    pub result: Loop,
    /// Its loops, in order.
    pub loops: Vec<Loop>,
}
