//! The block device behind a filesystem, from sysfs: from
//! `/sys/dev/block/MAJ:MIN`, through partitions, device-mapper (dm-crypt,
//! LVM) and md RAID, down to the physical disk(s), with what each disk says
//! about itself.

use serde::Serialize;
use std::path::{Path, PathBuf};

/// A physical disk (or the lowest device sysfs knows).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
    /// `queue/logical_block_size`.
    pub logical_block_size: Option<u32>,
    /// `queue/physical_block_size`.
    pub physical_block_size: Option<u32>,
    /// `queue/nr_requests`.
    pub nr_requests: Option<u32>,
    /// Polled completions possible (`queue/io_poll`).
    pub io_poll: Option<bool>,
    /// `queue/write_cache`: `write back` (volatile cache) or `write through`.
    pub write_cache: Option<String>,
    /// Size in bytes (`size` × 512).
    pub size_bytes: Option<u64>,
    /// Its temperature sensor (NVMe hwmon or drivetemp), when it has one.
    #[serde(skip)]
    pub sensor: Option<super::thermal::Sensor>,
    /// Its link to the machine (SATA, USB, PCIe), when sysfs says
    /// (docs/measurement.md#faster-than-the-link).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<super::link::Link>,
}

/// The device of a filesystem and the disks under it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BlockDevice {
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
    /// The sysfs directory of `name`, for its I/O counters.
    #[serde(skip)]
    pub sys_dir: PathBuf,
}

fn read_trimmed(path: &Path) -> Option<String> {
    let s = std::fs::read_to_string(path).ok()?;
    let s = s.trim();
    (!s.is_empty()).then(|| s.to_string())
}

fn read_num<T: std::str::FromStr>(path: &Path) -> Option<T> {
    read_trimmed(path)?.parse().ok()
}

fn base_name(p: &Path) -> Option<String> {
    Some(p.file_name()?.to_string_lossy().into_owned())
}

impl Disk {
    /// Reads what the disk at sysfs directory `dir` says.
    pub fn read(dir: &Path) -> Disk {
        let name = base_name(dir).unwrap_or_default();
        let q = |f: &str| dir.join("queue").join(f);
        Disk {
            model: model_of(dir, &name),
            vendor: read_trimmed(&dir.join("device/vendor")),
            rotational: read_trimmed(&q("rotational")).map(|v| v == "1"),
            scheduler: read_trimmed(&q("scheduler")).map(|s| active_scheduler(&s)),
            logical_block_size: read_num(&q("logical_block_size")),
            physical_block_size: read_num(&q("physical_block_size")),
            nr_requests: read_num(&q("nr_requests")),
            io_poll: read_trimmed(&q("io_poll")).map(|v| v == "1"),
            write_cache: read_trimmed(&q("write_cache")),
            size_bytes: read_num::<u64>(&dir.join("size")).map(|s| s * 512),
            sensor: super::thermal::Sensor::find(dir),
            link: super::link::Link::of_disk(dir),
            name,
        }
    }
}

/// `mq-deadline [none] kyber` → `none`; a single word stays itself.
fn active_scheduler(s: &str) -> String {
    s.split_whitespace()
        .find_map(|w| w.strip_prefix('[').and_then(|w| w.strip_suffix(']')))
        .unwrap_or(s)
        .to_string()
}

/// A disk's model, with the fallbacks of buses that have no `device/model`.
fn model_of(dir: &Path, name: &str) -> String {
    if let Some(m) = read_trimmed(&dir.join("device/model")) {
        return m;
    }
    // SD and eMMC cards: the card's name, and its type.
    if let Some(card) = read_trimmed(&dir.join("device/name")) {
        return match read_trimmed(&dir.join("device/type")) {
            Some(t) => format!("{card} ({t})"),
            None => card,
        };
    }
    let driver = std::fs::read_link(dir.join("device/driver"))
        .ok()
        .and_then(|p| base_name(&p));
    let device = std::fs::canonicalize(dir.join("device"))
        .ok()
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_default();
    if driver.as_deref() == Some("virtio_blk") || device.contains("/virtio") {
        return "virtio disk".into();
    }
    if name.starts_with("loop") {
        return match read_trimmed(&dir.join("loop/backing_file")) {
            Some(f) => format!("loop device ({f})"),
            None => "loop device".into(),
        };
    }
    if name.starts_with("nvme") {
        // A namespace whose controller did not say: the controller's model.
        if let Some(m) = read_trimmed(&dir.join("device/device/model")) {
            return m;
        }
    }
    "unknown".into()
}

/// Walks from a device directory down to its physical disks.
fn physical_disks(dir: &Path, dm_uuids: &mut Vec<String>, depth: u32) -> Vec<Disk> {
    let disk_dir = if dir.join("partition").exists() {
        dir.parent().unwrap_or(dir).to_path_buf()
    } else {
        dir.to_path_buf()
    };
    if let Some(uuid) = read_trimmed(&disk_dir.join("dm/uuid")) {
        dm_uuids.push(uuid);
    }
    let mut slaves: Vec<PathBuf> = std::fs::read_dir(disk_dir.join("slaves"))
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter_map(|e| std::fs::canonicalize(e.path()).ok())
                .collect()
        })
        .unwrap_or_default();
    slaves.sort();
    if slaves.is_empty() || depth > 8 {
        return vec![Disk::read(&disk_dir)];
    }
    let mut disks: Vec<Disk> = Vec::new();
    for s in slaves {
        for d in physical_disks(&s, dm_uuids, depth + 1) {
            if !disks.iter().any(|x| x.name == d.name) {
                disks.push(d);
            }
        }
    }
    disks
}

impl BlockDevice {
    /// The device `dev` as seen under the sysfs root `sys` (normally
    /// `/sys`); `None` when it is not a block device (tmpfs, network).
    pub fn from_dev(sys: &Path, dev: (u32, u32)) -> Option<BlockDevice> {
        let link = sys.join(format!("dev/block/{}:{}", dev.0, dev.1));
        let dir = std::fs::canonicalize(&link).ok()?;
        let name = base_name(&dir)?;
        let disk = if dir.join("partition").exists() {
            base_name(dir.parent()?)?
        } else {
            name.clone()
        };
        let mut dm_uuids = Vec::new();
        let disks = physical_disks(&dir, &mut dm_uuids, 0);
        let mut models: Vec<&str> = disks.iter().map(|d| d.model.as_str()).collect();
        models.dedup();
        let io_poll = if disks.iter().all(|d| d.io_poll == Some(true)) {
            Some(true)
        } else if disks.iter().any(|d| d.io_poll == Some(false)) {
            Some(false)
        } else {
            None
        };
        Some(BlockDevice {
            model: (!models.is_empty()).then(|| models.join(" + ")),
            dm_name: read_trimmed(&dir.join("dm/name")),
            md_level: read_trimmed(&dir.join("md/level")),
            io_poll,
            disks,
            dm_uuids,
            disk,
            name,
            sys_dir: dir,
        })
    }

    /// Whether dm-crypt is on the way down (a uuid `CRYPT-...`).
    pub fn encrypted(&self) -> bool {
        self.dm_uuids.iter().any(|u| u.starts_with("CRYPT-"))
    }

    /// The largest logical block size of the disks: the direct-I/O
    /// alignment when the kernel cannot say (no STATX_DIOALIGN).
    pub fn logical_block_size(&self) -> Option<u32> {
        self.disks.iter().filter_map(|d| d.logical_block_size).max()
    }

    /// The link of the disk under it, when there is one disk and sysfs
    /// says what its link is: several disks (md, LVM over two) may add
    /// their links up, so they have none
    /// (docs/measurement.md#faster-than-the-link).
    pub fn link(&self) -> Option<&super::link::Link> {
        match self.disks.as_slice() {
            [one] => one.link.as_ref(),
            _ => None,
        }
    }

    /// The temperature sensor of the first disk that has one
    /// (docs/measurement.md#temperature).
    pub fn sensor(&self) -> Option<&super::thermal::Sensor> {
        self.disks.iter().find_map(|d| d.sensor.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::os::unix::fs::symlink;

    /// Writes `files` (path relative to `root`, content) and makes the
    /// directories.
    fn tree(root: &Path, files: &[(&str, &str)]) {
        for (p, c) in files {
            let p = root.join(p);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            fs::write(p, c).unwrap();
        }
    }

    fn link(root: &Path, target: &str, at: &str) {
        let at = root.join(at);
        fs::create_dir_all(at.parent().unwrap()).unwrap();
        symlink(root.join(target), at).unwrap();
    }

    #[test]
    fn nvme_partition() {
        let t = tempfile::tempdir().unwrap();
        let r = t.path();
        let ns = "devices/pci0000:00/0000:00:01.0/nvme/nvme0/nvme0n1";
        tree(
            r,
            &[
                (
                    "devices/pci0000:00/0000:00:01.0/nvme/nvme0/model",
                    "Samsung SSD 980 PRO 1TB  \n",
                ),
                (&format!("{ns}/queue/rotational"), "0\n"),
                (
                    &format!("{ns}/queue/scheduler"),
                    "[none] mq-deadline kyber bfq\n",
                ),
                (&format!("{ns}/queue/logical_block_size"), "512\n"),
                (&format!("{ns}/queue/physical_block_size"), "512\n"),
                (&format!("{ns}/queue/nr_requests"), "1023\n"),
                (&format!("{ns}/queue/io_poll"), "1\n"),
                (&format!("{ns}/queue/write_cache"), "write back\n"),
                (&format!("{ns}/size"), "1953525168\n"),
                (&format!("{ns}/nvme0n1p2/partition"), "2\n"),
            ],
        );
        link(
            r,
            "devices/pci0000:00/0000:00:01.0/nvme/nvme0",
            &format!("{ns}/device"),
        );
        link(r, &format!("{ns}/nvme0n1p2"), "dev/block/259:2");
        let d = BlockDevice::from_dev(r, (259, 2)).unwrap();
        assert_eq!((d.name.as_str(), d.disk.as_str()), ("nvme0n1p2", "nvme0n1"));
        assert_eq!(d.model.as_deref(), Some("Samsung SSD 980 PRO 1TB"));
        assert_eq!(d.disks.len(), 1);
        let disk = &d.disks[0];
        assert_eq!(disk.name, "nvme0n1");
        assert_eq!(disk.rotational, Some(false));
        assert_eq!(disk.scheduler.as_deref(), Some("none"));
        assert_eq!(
            (disk.logical_block_size, disk.nr_requests),
            (Some(512), Some(1023))
        );
        assert_eq!(disk.write_cache.as_deref(), Some("write back"));
        assert_eq!(disk.size_bytes, Some(1953525168 * 512));
        assert_eq!(d.io_poll, Some(true));
        assert!(!d.encrypted());
    }

    #[test]
    fn dm_crypt_on_a_sata_partition() {
        let t = tempfile::tempdir().unwrap();
        let r = t.path();
        let sda = "devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0/block/sda";
        tree(
            r,
            &[
                (
                    "devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0/model",
                    "Samsung SSD 860 \n",
                ),
                (
                    "devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0/vendor",
                    "ATA     \n",
                ),
                (&format!("{sda}/queue/rotational"), "0\n"),
                (&format!("{sda}/queue/logical_block_size"), "512\n"),
                (&format!("{sda}/queue/scheduler"), "[mq-deadline] none\n"),
                (&format!("{sda}/sda2/partition"), "2\n"),
                ("devices/virtual/block/dm-0/dm/name", "luks-1234\n"),
                (
                    "devices/virtual/block/dm-0/dm/uuid",
                    "CRYPT-LUKS2-0123abcd-luks-1234\n",
                ),
                (
                    "devices/virtual/block/dm-0/queue/logical_block_size",
                    "4096\n",
                ),
            ],
        );
        link(
            r,
            "devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0",
            &format!("{sda}/device"),
        );
        link(
            r,
            &format!("{sda}/sda2"),
            "devices/virtual/block/dm-0/slaves/sda2",
        );
        link(r, "devices/virtual/block/dm-0", "dev/block/253:0");
        let d = BlockDevice::from_dev(r, (253, 0)).unwrap();
        assert_eq!(d.name, "dm-0");
        assert_eq!(d.dm_name.as_deref(), Some("luks-1234"));
        assert!(d.encrypted());
        assert_eq!(d.disks.len(), 1);
        assert_eq!(d.disks[0].name, "sda");
        assert_eq!(d.model.as_deref(), Some("Samsung SSD 860"));
        assert_eq!(d.disks[0].vendor.as_deref(), Some("ATA"));
        assert_eq!(d.disks[0].scheduler.as_deref(), Some("mq-deadline"));
    }

    #[test]
    fn virtio_disk_without_a_model() {
        let t = tempfile::tempdir().unwrap();
        let r = t.path();
        tree(
            r,
            &[
                (
                    "devices/pci0000:00/0000:00:02.0/virtio1/block/vda/queue/rotational",
                    "1\n",
                ),
                ("devices/pci0000:00/0000:00:02.0/virtio1/features", "0\n"),
                ("bus/virtio/drivers/virtio_blk/bind", ""),
            ],
        );
        link(
            r,
            "devices/pci0000:00/0000:00:02.0/virtio1",
            "devices/pci0000:00/0000:00:02.0/virtio1/block/vda/device",
        );
        link(
            r,
            "bus/virtio/drivers/virtio_blk",
            "devices/pci0000:00/0000:00:02.0/virtio1/driver",
        );
        link(
            r,
            "devices/pci0000:00/0000:00:02.0/virtio1/block/vda",
            "dev/block/254:0",
        );
        let d = BlockDevice::from_dev(r, (254, 0)).unwrap();
        assert_eq!(d.disk, "vda");
        assert_eq!(d.model.as_deref(), Some("virtio disk"));
        assert_eq!(d.disks[0].rotational, Some(true));
        assert_eq!(d.io_poll, None);
    }

    #[test]
    fn mmc_card_partition() {
        let t = tempfile::tempdir().unwrap();
        let r = t.path();
        let card = "devices/platform/soc/fe340000.mmc/mmc_host/mmc0/mmc0:aaaa";
        tree(
            r,
            &[
                (&format!("{card}/name"), "SD64G\n"),
                (&format!("{card}/type"), "SD\n"),
                (&format!("{card}/block/mmcblk0/mmcblk0p1/partition"), "1\n"),
            ],
        );
        link(r, card, &format!("{card}/block/mmcblk0/device"));
        link(
            r,
            &format!("{card}/block/mmcblk0/mmcblk0p1"),
            "dev/block/179:1",
        );
        let d = BlockDevice::from_dev(r, (179, 1)).unwrap();
        assert_eq!((d.name.as_str(), d.disk.as_str()), ("mmcblk0p1", "mmcblk0"));
        assert_eq!(d.model.as_deref(), Some("SD64G (SD)"));
    }

    #[test]
    fn md_raid1_over_two_disks_and_unknown_models() {
        let t = tempfile::tempdir().unwrap();
        let r = t.path();
        tree(
            r,
            &[
                ("devices/virtual/block/md0/md/level", "raid1\n"),
                ("devices/x/block/sdb/queue/rotational", "1\n"),
                ("devices/x/block/sdc/queue/rotational", "1\n"),
            ],
        );
        link(
            r,
            "devices/x/block/sdb",
            "devices/virtual/block/md0/slaves/sdb",
        );
        link(
            r,
            "devices/x/block/sdc",
            "devices/virtual/block/md0/slaves/sdc",
        );
        link(r, "devices/virtual/block/md0", "dev/block/9:0");
        let d = BlockDevice::from_dev(r, (9, 0)).unwrap();
        assert_eq!(d.md_level.as_deref(), Some("raid1"));
        let names: Vec<&str> = d.disks.iter().map(|x| x.name.as_str()).collect();
        assert_eq!(names, ["sdb", "sdc"]);
        // Never empty: `unknown`, once for identical models.
        assert_eq!(d.model.as_deref(), Some("unknown"));
        assert!(BlockDevice::from_dev(r, (0, 23)).is_none());
    }

    #[test]
    fn schedulers() {
        assert_eq!(active_scheduler("mq-deadline [none] kyber"), "none");
        assert_eq!(active_scheduler("none"), "none");
    }
}
