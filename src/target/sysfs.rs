//! The block device behind a filesystem, from sysfs
//! (`/sys/dev/block/MAJ:MIN`, walking from a partition to its disk).

use std::path::{Path, PathBuf};

/// A block device as sysfs describes it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct BlockDevice {
    /// Kernel name of the filesystem's device (`vda`, `nvme0n1p2`, `dm-0`).
    pub name: String,
    /// Kernel name of the whole disk (`nvme0n1` for `nvme0n1p2`).
    pub disk: String,
    /// Model, when the device says.
    pub model: Option<String>,
    /// Whether the driver can poll for completions (`queue/io_poll`).
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

impl BlockDevice {
    /// The device `dev` as seen under the sysfs root `sys` (normally
    /// `/sys`); `None` when it is not a block device (tmpfs, network).
    pub fn from_dev(sys: &Path, dev: (u32, u32)) -> Option<BlockDevice> {
        let link = sys.join(format!("dev/block/{}:{}", dev.0, dev.1));
        let dir = std::fs::canonicalize(&link).ok()?;
        let name = dir.file_name()?.to_string_lossy().into_owned();
        let disk_dir = if dir.join("partition").exists() {
            dir.parent()?.to_path_buf()
        } else {
            dir.clone()
        };
        let disk = disk_dir.file_name()?.to_string_lossy().into_owned();
        let model = read_trimmed(&disk_dir.join("device/model"));
        let io_poll = read_trimmed(&disk_dir.join("queue/io_poll")).map(|v| v == "1");
        Some(BlockDevice {
            name,
            disk,
            model,
            io_poll,
            sys_dir: dir,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn walks_from_a_partition_to_its_disk() {
        let root = tempfile::tempdir().unwrap();
        let sys = root.path();
        let disk = sys.join("devices/pci0000:00/nvme/nvme0/nvme0n1");
        fs::create_dir_all(disk.join("nvme0n1p2")).unwrap();
        fs::create_dir_all(disk.join("device")).unwrap();
        fs::write(disk.join("nvme0n1p2/partition"), "2\n").unwrap();
        fs::write(disk.join("device/model"), "Samsung SSD 980 PRO 1TB   \n").unwrap();
        fs::create_dir_all(disk.join("queue")).unwrap();
        fs::write(disk.join("queue/io_poll"), "1\n").unwrap();
        fs::create_dir_all(sys.join("dev/block")).unwrap();
        std::os::unix::fs::symlink(disk.join("nvme0n1p2"), sys.join("dev/block/259:2")).unwrap();
        std::os::unix::fs::symlink(&disk, sys.join("dev/block/259:0")).unwrap();

        let p = BlockDevice::from_dev(sys, (259, 2)).unwrap();
        assert_eq!(p.name, "nvme0n1p2");
        assert_eq!(p.disk, "nvme0n1");
        assert_eq!(p.model.as_deref(), Some("Samsung SSD 980 PRO 1TB"));
        assert_eq!(p.io_poll, Some(true));
        let d = BlockDevice::from_dev(sys, (259, 0)).unwrap();
        assert_eq!((d.name.as_str(), d.disk.as_str()), ("nvme0n1", "nvme0n1"));
        assert!(BlockDevice::from_dev(sys, (0, 23)).is_none());
    }
}
