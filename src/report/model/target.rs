//! The machine and the target of a run, as the JSON report holds them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The machine the run ran on.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Host {
    /// `ID` of /etc/os-release (`debian`), or `unknown`.
    pub os_id: String,
    /// `VERSION_ID` of /etc/os-release (`12`), or `unknown`.
    pub os_version: String,
    /// Kernel name, lower case (`linux`).
    pub sysname: String,
    /// Kernel release (`6.18.44`).
    pub release: String,
    /// Logical CPUs.
    pub cpus: u64,
    /// The machine's host name (uname's nodename), which the CSV's
    /// `hostname` column shows; absent when it has none or the file
    /// predates it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hostname: Option<String>,
}

/// The filesystem type of a run on many hosts' target (`fs_type`): the
/// directory is on the hosts, not here (docs/report.md#many-hosts).
pub const REMOTE: &str = crate::hosts::plan::REMOTE_FS;

/// What was tested: a directory (the test file is created in it) or a
/// block device (read raw).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Target {
    /// Canonical path of the directory or device.
    pub path: PathBuf,
    /// Directory or block device.
    pub kind: TargetKind,
    /// Mount options of its filesystem, as /proc/self/mountinfo lists them.
    pub mount_options: Vec<String>,
    /// What makes figures on this target differ from a plain disk's.
    pub caveats: Vec<Caveat>,
    /// The direct-I/O alignment sysfs gives: the largest logical block size
    /// under the target (512 when unknown), bytes.
    pub logical_block_size: u32,
    /// Mount point of its filesystem (of the device, if it is mounted).
    pub mount_point: Option<PathBuf>,
    /// Filesystem type (`ext4`, `tmpfs`, ...; `unmounted` for a raw device
    /// that is not mounted).
    pub fs_type: String,
    /// What is mounted (`/dev/vda`, `tmpfs`, ...).
    pub source: Option<String>,
    /// The filesystem's device number, `major:minor`.
    pub dev: String,
    /// The block device under the filesystem and its disks, when sysfs
    /// knows it (none for tmpfs, network filesystems...).
    pub device: Option<Device>,
    /// Space of the filesystem (of the device, for a raw device).
    pub usage: Usage,
    /// The drive's link (SATA, USB, PCIe) when it has one disk and sysfs
    /// says; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<super::flags::Link>,
}

/// A directory or a block device.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TargetKind {
    /// A directory on a mounted filesystem.
    #[default]
    Directory,
    /// A block device, tested raw (read-only).
    BlockDevice,
}

/// One thing that makes figures on a target differ from a plain disk's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Caveat {
    /// btrfs or bcachefs: data is copy-on-write and checksummed.
    CopyOnWrite {
        /// The filesystem.
        fs: String,
    },
    /// The mount compresses data (`compress=`, `compress-force=`).
    Compression {
        /// The filesystem.
        fs: String,
        /// The option's value (`zstd:3`).
        algorithm: String,
    },
    /// ZFS: its own cache (ARC), compression, copy-on-write.
    Zfs,
    /// tmpfs or ramfs: memory, not a disk.
    Memory {
        /// The filesystem.
        fs: String,
    },
    /// A network (or host-shared) filesystem.
    Network {
        /// The filesystem.
        fs: String,
    },
    /// dm-crypt on the way to the disk.
    Encrypted {
        /// The device-mapper name, when known.
        device: String,
    },
}

/// The device of a filesystem and the disks under it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Device {
    /// Kernel name of the filesystem's device (`vda`, `nvme0n1p2`, `dm-0`).
    pub name: String,
    /// The disk this device is, or is a partition of, when it is not a
    /// stacked device (for dm and md: the device itself).
    pub disk: String,
    /// device-mapper name (`luks-...`, `vg-root`), for dm devices.
    pub dm_name: Option<String>,
    /// device-mapper uuids met on the way down (`CRYPT-LUKS2-...`, `LVM-...`).
    pub dm_uuids: Vec<String>,
    /// md RAID level (`raid1`), for md devices.
    pub md_level: Option<String>,
    /// The physical disks under it, in sysfs order.
    pub disks: Vec<Disk>,
    /// Model for the report: the disks' models, joined with ` + ` when
    /// they differ.
    pub model: Option<String>,
    /// Whether polled completions are possible: every disk says yes.
    pub io_poll: Option<bool>,
}

/// A physical disk (or the lowest device sysfs knows).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Disk {
    /// Kernel name (`nvme0n1`, `sda`, `vda`, `mmcblk0`).
    pub name: String,
    /// Model, never empty: `device/model`, else what the bus says (mmc
    /// `device/name`, virtio, loop), else `unknown`.
    pub model: String,
    /// `device/vendor`, when present.
    pub vendor: Option<String>,
    /// Spinning disk (`queue/rotational`).
    pub rotational: Option<bool>,
    /// The active I/O scheduler (`queue/scheduler`, the bracketed one).
    pub scheduler: Option<String>,
    /// `queue/logical_block_size`, bytes.
    pub logical_block_size: Option<u32>,
    /// `queue/physical_block_size`, bytes.
    pub physical_block_size: Option<u32>,
    /// `queue/nr_requests`.
    pub nr_requests: Option<u32>,
    /// Polled completions possible (`queue/io_poll`).
    pub io_poll: Option<bool>,
    /// `queue/write_cache`: `write back` (volatile cache) or `write through`.
    pub write_cache: Option<String>,
    /// Size in bytes (`size` × 512).
    pub size_bytes: Option<u64>,
}

/// Space of a filesystem or a device.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Usage {
    /// Size, bytes.
    pub total_bytes: u64,
    /// Used (total − free), bytes.
    pub used_bytes: u64,
    /// Free for an unprivileged user, bytes.
    pub available_bytes: u64,
    /// Used share in whole percent as `df` prints it: used over used +
    /// available (leaving out the blocks reserved for root), rounded up.
    pub used_percent: u64,
}
