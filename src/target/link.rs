//! The link between a disk and the machine, from sysfs
//! (docs/measurement.md#faster-than-the-link): a SATA link's speed, a USB
//! device's, an NVMe controller's PCIe speed and width; and the most
//! payload that link can carry, the ceiling a figure of the drive cannot
//! pass. Only numbers parsed from sysfs make a link: a speed that is
//! unknown or not in the table gives none, and none is ever assumed.

use serde::Serialize;
use std::path::{Path, PathBuf};

/// Environment variable naming a disk directory of a sysfs fixture tree
/// whose link stands for every disk's. For tests only: honoured only for a
/// directory inside the system's temporary directory, under one whose
/// name starts with [`FIXTURE_PREFIX`], so that it cannot stand for a real
/// drive's link by accident. A fixture stands for a physical machine's
/// disk: its link is never a virtual machine's.
pub const TEST_LINK: &str = "DISKMARK_TEST_LINK";

/// How the name of a [`TEST_LINK`] fixture directory starts.
pub const FIXTURE_PREFIX: &str = "diskmark-link-fixture";

/// The bus of a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LinkKind {
    /// A SATA link (libata's `ata_link`).
    Sata,
    /// A USB device's connection.
    Usb,
    /// An NVMe controller's PCI Express link.
    Pcie,
}

/// A disk's link to the machine and what it can carry.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Link {
    /// SATA, USB or PCIe.
    pub kind: LinkKind,
    /// `SATA 6 Gb/s`, `USB 2.0`, `PCIe 3.0 x4`.
    pub label: String,
    /// The signalling rate of one lane, Gb/s (GT/s for PCIe).
    pub line_gbps: f64,
    /// Lanes: PCIe's link width, 2 for USB 3.2 Gen 2x2 (`None` for one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    /// The most payload the link can carry in one direction, MB/s (10^6
    /// bytes): the line rate less its encoding and the protocol's framing,
    /// in the best case (docs/measurement.md#faster-than-the-link).
    pub usable_mbps: f64,
    /// The machine is a virtual one: the link may be an emulator's, which
    /// limits nothing, so no figure is flagged against it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub virtual_machine: bool,
}

// Every figure of a link is a finite product of the table's constants,
// never NaN, so equality is total.
impl Eq for Link {}

impl Link {
    /// Whether reads and writes share the link's rate (SATA, USB 1 and 2
    /// take turns on one pair of wires) rather than each having its own
    /// (SuperSpeed USB and PCIe have a pair each way).
    pub fn half_duplex(&self) -> bool {
        match self.kind {
            LinkKind::Sata => true,
            LinkKind::Usb => self.line_gbps < 5.0,
            LinkKind::Pcie => false,
        }
    }

    /// The link of the disk whose sysfs directory is `disk_dir`
    /// (`/sys/block/sda`, or the same in another sysfs root), or the
    /// [`TEST_LINK`] fixture's when a test names one.
    /// A fixture stands for a physical machine's disk.
    pub fn of_disk(disk_dir: &Path) -> Option<Link> {
        match fixture() {
            Some(dir) => Link::find(&dir),
            None => Link::find(disk_dir).map(|l| Link {
                virtual_machine: virtual_machine(),
                ..l
            }),
        }
    }

    /// The link of the disk at `disk_dir`, from its real place in the
    /// device tree: the nearest ancestor that is a SATA port (`ataN`) or a
    /// USB device (it has `speed` and `idVendor`), or, for an NVMe
    /// namespace, its controller's PCI function.
    pub fn find(disk_dir: &Path) -> Option<Link> {
        let real = std::fs::canonicalize(disk_dir).ok()?;
        let name = real.file_name()?.to_string_lossy().into_owned();
        for dir in real.ancestors().skip(1) {
            if let Some(port) = ata_port(dir) {
                return sata(dir, port);
            }
            if dir.join("idVendor").is_file() && dir.join("speed").is_file() {
                return usb(&read(&dir.join("speed"))?);
            }
        }
        if name.starts_with("nvme") {
            return nvme_pci(&real).and_then(|pci| pcie(&pci));
        }
        None
    }
}

/// What the reports show of a drive: its model and its link's label,
/// `Kingston SKC600MS · SATA 6 Gb/s`, or whichever of the two is known.
/// The model is sysfs text: escape it before it reaches a terminal.
pub fn describe(model: Option<&str>, link: Option<&Link>) -> Option<String> {
    describe_labels(model, link.map(|l| l.label.as_str()))
}

/// [`describe`] from the link's label alone, as a result file keeps it.
pub fn describe_labels(model: Option<&str>, link: Option<&str>) -> Option<String> {
    let parts: Vec<&str> = model.into_iter().chain(link).collect();
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// `ataN` → N: the directory of a libata port, whose host link is `linkN`.
fn ata_port(dir: &Path) -> Option<u32> {
    let name = dir.file_name()?.to_str()?;
    name.strip_prefix("ata")?.parse().ok()
}

/// The SATA link of port `ataN` at `dir`: its host link's `sata_spd`
/// (`6.0 Gb/s`; `<unknown>` when the link is down or not SATA), in the
/// transport class's directory under the port, which /sys/class/ata_link
/// links to. Behind a port multiplier the host link is the one to it.
fn sata(dir: &Path, port: u32) -> Option<Link> {
    let link = format!("link{port}");
    let spd = read(
        &dir.join(&link)
            .join("ata_link")
            .join(&link)
            .join("sata_spd"),
    )?;
    let gbps: f64 = spd.strip_suffix("Gb/s")?.trim().parse().ok()?;
    // 8b/10b, then the ALIGN pairs and the Data FIS's framing.
    let usable = match spd.as_str() {
        "1.5 Gb/s" | "3.0 Gb/s" | "6.0 Gb/s" => gbps * 1000.0 / 10.0 * SATA_PAYLOAD,
        _ => return None,
    };
    Some(Link {
        kind: LinkKind::Sata,
        label: format!("SATA {} Gb/s", trim_zero(gbps)),
        line_gbps: gbps,
        width: None,
        usable_mbps: usable,
        virtual_machine: false,
    })
}

/// The share of a SATA link's bytes (after 8b/10b) that can be data: a
/// Data FIS carries at most 2048 Dwords, framed by at least 6 (X_RDY, SOF,
/// the FIS type Dword, CRC, EOF, WTRM), and a pair of ALIGNs is sent at
/// least every 254 Dwords (docs/measurement.md#faster-than-the-link).
const SATA_PAYLOAD: f64 = (2048.0 / 2054.0) * (254.0 / 256.0);

/// The share of a SuperSpeed USB link's bytes (after the encoding) that can
/// be data: a 1024-byte data packet needs a 20-byte header packet and 12
/// bytes of its own framing and CRC (docs/measurement.md#faster-than-the-link).
const USB3_PAYLOAD: f64 = 1024.0 / 1056.0;

/// The link of a USB device whose `speed` is `speed` (Mb/s, as the kernel
/// writes it).
fn usb(speed: &str) -> Option<Link> {
    // Full and high speed: the most bulk packets a (micro)frame holds (USB
    // 2.0's tables of them, docs/measurement.md#faster-than-the-link). Low speed has no bulk transfers: its bit
    // rate is its ceiling. SuperSpeed: 8b/10b (Gen 1) or 128b/132b (Gen
    // 2), then the packets' framing; Gen 2x2 has two lanes.
    let (label, gbps, lanes, usable) = match speed {
        "1.5" => ("USB 1.1 low speed", 0.0015, None, 1.5 / 8.0),
        "12" => ("USB 1.1", 0.012, None, 19.0 * 64.0 * 1000.0 / 1e6),
        "480" => ("USB 2.0", 0.48, None, 13.0 * 512.0 * 8000.0 / 1e6),
        "5000" => ("USB 3.2 Gen 1 (5 Gb/s)", 5.0, None, 500.0 * USB3_PAYLOAD),
        "10000" => ("USB 3.2 Gen 2 (10 Gb/s)", 10.0, None, GEN2_LANE_MBPS),
        "20000" => (
            "USB 3.2 Gen 2x2 (20 Gb/s)",
            10.0,
            Some(2),
            2.0 * GEN2_LANE_MBPS,
        ),
        _ => return None,
    };
    Some(Link {
        kind: LinkKind::Usb,
        label: label.into(),
        line_gbps: gbps,
        width: lanes,
        usable_mbps: usable,
        virtual_machine: false,
    })
}

/// One SuperSpeedPlus lane (10 Gb/s, 128b/132b) after its framing, MB/s.
const GEN2_LANE_MBPS: f64 = 10_000.0 * 128.0 / 132.0 / 8.0 * USB3_PAYLOAD;

/// The PCI function of the NVMe namespace at `ns` (its real path): the
/// controller's `device`. A multipath namespace's `device` is its
/// subsystem, with its controllers as `nvmeN` in it: with one controller,
/// that one's; with several, none (the paths may add up).
fn nvme_pci(ns: &Path) -> Option<PathBuf> {
    let ctrl = std::fs::canonicalize(ns.join("device")).ok()?;
    if let Ok(pci) = std::fs::canonicalize(ctrl.join("device"))
        && pci.join("current_link_speed").is_file()
    {
        return Some(pci);
    }
    let mut ctrls: Vec<PathBuf> = std::fs::read_dir(&ctrl)
        .ok()?
        .filter_map(|e| e.ok())
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.strip_prefix("nvme")
                .is_some_and(|r| !r.is_empty() && r.chars().all(|c| c.is_ascii_digit()))
        })
        .map(|e| e.path())
        .collect();
    if ctrls.len() != 1 {
        return None;
    }
    std::fs::canonicalize(ctrls.pop()?.join("device")).ok()
}

/// The link of the PCI function at `pci`: `current_link_speed` (`8.0 GT/s
/// PCIe`; older kernels leave out `PCIe`) × `current_link_width`.
fn pcie(pci: &Path) -> Option<Link> {
    let speed = read(&pci.join("current_link_speed"))?;
    let width: u32 = read(&pci.join("current_link_width"))?
        .trim_start_matches('x')
        .parse()
        .ok()?;
    let mut words = speed.split_whitespace();
    let gt: f64 = words.next()?.parse().ok()?;
    if words.next() != Some("GT/s") {
        return None;
    }
    // Per lane after the encoding: 8b/10b to 5 GT/s, 128b/130b to 32,
    // and at 64 the FLIT (236 of every 256 bytes are TLP bytes). Older
    // kernels write `8 GT/s`, newer `8.0 GT/s PCIe`.
    let (generation, lane_mbps) = match (gt * 10.0).round() as u32 {
        25 => ("1.0", 250.0),
        50 => ("2.0", 500.0),
        80 => ("3.0", 8000.0 * 128.0 / 130.0 / 8.0),
        160 => ("4.0", 16_000.0 * 128.0 / 130.0 / 8.0),
        320 => ("5.0", 32_000.0 * 128.0 / 130.0 / 8.0),
        640 => ("6.0", 64_000.0 / 8.0 * 236.0 / 256.0),
        _ => return None,
    };
    if width == 0 || width > 32 {
        return None;
    }
    Some(Link {
        kind: LinkKind::Pcie,
        label: format!("PCIe {generation} x{width}"),
        line_gbps: gt,
        width: Some(width),
        usable_mbps: lane_mbps * f64::from(width) * PCIE_PAYLOAD,
        virtual_machine: false,
    })
}

/// The share of a PCIe link's bytes (after the encoding) that can be data,
/// in the best case: a TLP with the largest payload the specification
/// allows (4096 bytes), a 3-Dword header and 8 bytes of framing (sequence
/// number, LCRC, start and end). Most machines set 256 or 512 bytes,
/// which leaves 91 % or 95 % (docs/measurement.md#faster-than-the-link).
const PCIE_PAYLOAD: f64 = 4096.0 / (4096.0 + 12.0 + 8.0);

/// `6.0` → `6`, `1.5` → `1.5`.
fn trim_zero(x: f64) -> String {
    let s = format!("{x:.1}");
    s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
}

/// A sysfs attribute, trimmed; `None` when missing or empty.
fn read(path: &Path) -> Option<String> {
    let s = std::fs::read_to_string(path).ok()?;
    let s = s.trim();
    (!s.is_empty()).then(|| s.to_string())
}

/// Whether this machine is a virtual one, asked once: the CPU's
/// `hypervisor` flag (set by KVM, Xen HVM, VMware, Hyper-V), a Xen guest's
/// /sys/hypervisor, or an emulator's name as the firmware gives it.
fn virtual_machine() -> bool {
    static VM: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *VM.get_or_init(|| {
        let cpu_flag = std::fs::read_to_string("/proc/cpuinfo").is_ok_and(|c| {
            c.lines()
                .filter(|l| l.starts_with("flags"))
                .any(|l| l.split_whitespace().any(|w| w == "hypervisor"))
        });
        let vendor = read(Path::new("/sys/class/dmi/id/sys_vendor")).unwrap_or_default();
        cpu_flag
            || read(Path::new("/sys/hypervisor/type")).is_some()
            || [
                "QEMU",
                "innotek GmbH",
                "VMware, Inc.",
                "Xen",
                "Parallels Software International Inc.",
            ]
            .contains(&vendor.as_str())
    })
}

/// The [`TEST_LINK`] fixture, when it is set to a fixture directory in the
/// temporary directory.
fn fixture() -> Option<PathBuf> {
    let named = PathBuf::from(crate::testing::var_os(TEST_LINK)?);
    let dir = std::fs::canonicalize(named).ok()?;
    let tmp = std::fs::canonicalize(std::env::temp_dir()).ok()?;
    let is_fixture = dir.starts_with(&tmp)
        && dir.ancestors().any(|a| {
            a.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(FIXTURE_PREFIX))
        });
    is_fixture.then_some(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usable_rates() {
        let close = |a: f64, b: f64| (a - b).abs() < 0.05;
        assert!(close(usb("480").unwrap().usable_mbps, 53.248));
        assert!(close(usb("12").unwrap().usable_mbps, 1.216));
        assert!(close(usb("5000").unwrap().usable_mbps, 484.85));
        assert!(close(usb("10000").unwrap().usable_mbps, 1175.39));
        assert!(usb("53.3-480").is_none());
        assert_eq!(trim_zero(6.0), "6");
        assert_eq!(trim_zero(1.5), "1.5");
        const { assert!(SATA_PAYLOAD > 0.989 && SATA_PAYLOAD < 0.990) };
    }
}
