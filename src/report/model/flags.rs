//! A drive's link and the flags on figures that are not the drive's, as
//! the JSON report holds them (docs/measurement.md#flags).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The bus of a drive's link.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LinkKind {
    /// A SATA link.
    #[default]
    Sata,
    /// A USB connection.
    Usb,
    /// An NVMe controller's PCI Express link.
    Pcie,
}

/// The drive's link to the machine, as sysfs gives it, and the most
/// payload it can carry.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Link {
    /// SATA, USB or PCIe.
    pub kind: LinkKind,
    /// `SATA 6 Gb/s`, `USB 2.0`, `PCIe 3.0 x4`.
    pub label: String,
    /// The signalling rate of one lane, Gb/s (GT/s for PCIe).
    pub line_gbps: f64,
    /// Lanes: PCIe's link width, 2 for USB 3.2 Gen 2x2; absent for one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    /// The most payload the link carries in one direction, MB/s: the line
    /// rate less its encoding and the protocol's framing, in the best case.
    pub usable_mbps: f64,
    /// The machine is a virtual one, whose link may be an emulator's: no
    /// figure is flagged against it. Absent on a physical machine.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub virtual_machine: bool,
}

/// Which of a test's bytes a flag is about.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Traffic {
    /// The reads.
    #[default]
    Read,
    /// The writes.
    Write,
    /// Reads and writes together, on a link that carries one at a time.
    Both,
}

/// A figure that is not the drive's; its note is in the test's
/// `observations`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Flag {
    /// The device delivered (reads), or saw within the window (O_DIRECT
    /// writes), under half the bytes diskmark counted: a cache's figure.
    Cache {
        /// Reads or writes.
        traffic: Traffic,
        /// The device's bytes over diskmark's, percent.
        device_pct: f64,
    },
    /// A figure above the most the drive's link can carry: a cache's.
    Link {
        /// Reads, writes, or both on a link that takes turns.
        traffic: Traffic,
        /// The link (`USB 2.0`), as `target.link.label`.
        link: String,
        /// The link's ceiling, MB/s.
        usable_mbps: f64,
        /// The figure above it, MB/s.
        figure_mbps: f64,
        /// The loop whose figure it is (0-based, as `loops[].index`) when
        /// the test's result itself is not above the link; absent when it
        /// is the result's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        loop_index: Option<u64>,
    },
}
