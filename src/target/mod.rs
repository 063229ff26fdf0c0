//! What is being measured: the target directory, its filesystem, its usage
//! and the block device behind it (DESIGN §5).

pub mod mountinfo;
pub mod sysfs;

use rustix::fs::{Access, StatVfsMountFlags};
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// Space on the target's filesystem, bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Usage {
    /// Size of the filesystem.
    pub total: u64,
    /// Used (total − free).
    pub used: u64,
    /// Available to an unprivileged user.
    pub available: u64,
}

impl Usage {
    /// Used share in whole percent as df and KDiskMark print it: used over
    /// what a user could have (used + available, leaving out the blocks
    /// reserved for root), rounded up.
    pub fn used_percent(&self) -> u64 {
        let base = self.used.saturating_add(self.available);
        if base == 0 {
            return 0;
        }
        (u128::from(self.used) * 100).div_ceil(u128::from(base)) as u64
    }
}

/// A resolved target directory.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct TargetInfo {
    /// Canonical path of the directory.
    pub path: PathBuf,
    /// Mount point of its filesystem.
    pub mount_point: Option<PathBuf>,
    /// Filesystem type (`ext4`, `tmpfs`, ...).
    pub fs_type: String,
    /// What is mounted (`/dev/vda`, `tmpfs`, ...).
    pub source: Option<String>,
    /// Device number of the filesystem, `major:minor`.
    pub dev: (u32, u32),
    /// The block device behind it, when there is one.
    pub device: Option<sysfs::BlockDevice>,
    /// Space at resolution time.
    pub usage: Usage,
}

/// Why a target cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TargetError {
    /// No such path.
    #[error("target {0} does not exist; give an existing directory")]
    NotFound(PathBuf),
    /// A file, device or something else.
    #[error("target {0} is not a directory; give the directory in which to create the test file")]
    NotADirectory(PathBuf),
    /// Mounted read-only.
    #[error("target {0} is on a read-only filesystem; choose a writable directory")]
    ReadOnly(PathBuf),
    /// No write permission.
    #[error(
        "target {0} is not writable by this user; choose a directory you can write to (e.g. your home or /var/tmp)"
    )]
    NotWritable(PathBuf),
    /// Anything else the OS refused.
    #[error("cannot use target {path}: {source}")]
    Io {
        /// The target.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
}

impl TargetError {
    /// Whether this is the user's input at fault (exit 2) rather than the
    /// environment (exit 1).
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            TargetError::NotFound(_) | TargetError::NotADirectory(_)
        )
    }
}

/// Resolves `path` and checks that a test file can be created in it.
pub fn resolve(path: &Path) -> Result<TargetInfo, TargetError> {
    let io_err = |source| TargetError::Io {
        path: path.to_path_buf(),
        source,
    };
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(TargetError::NotFound(path.to_path_buf()));
        }
        Err(e) => return Err(io_err(e)),
    };
    if !meta.is_dir() {
        return Err(TargetError::NotADirectory(path.to_path_buf()));
    }
    let canonical = std::fs::canonicalize(path).map_err(io_err)?;
    let vfs = rustix::fs::statvfs(&canonical).map_err(|e| io_err(e.into()))?;
    if vfs.f_flag.contains(StatVfsMountFlags::RDONLY) {
        return Err(TargetError::ReadOnly(canonical));
    }
    match rustix::fs::access(&canonical, Access::WRITE_OK | Access::EXEC_OK) {
        Ok(()) => {}
        Err(rustix::io::Errno::ROFS) => return Err(TargetError::ReadOnly(canonical)),
        Err(rustix::io::Errno::ACCESS) | Err(rustix::io::Errno::PERM) => {
            return Err(TargetError::NotWritable(canonical));
        }
        Err(e) => return Err(io_err(e.into())),
    }
    let frsize = vfs.f_frsize;
    let usage = Usage {
        total: vfs.f_blocks.saturating_mul(frsize),
        used: vfs
            .f_blocks
            .saturating_sub(vfs.f_bfree)
            .saturating_mul(frsize),
        available: vfs.f_bavail.saturating_mul(frsize),
    };
    let dev = (rustix::fs::major(meta.dev()), rustix::fs::minor(meta.dev()));
    let mount = mountinfo::find(&canonical, dev);
    let device = sysfs::BlockDevice::from_dev(Path::new("/sys"), dev);
    Ok(TargetInfo {
        path: canonical,
        mount_point: mount.as_ref().map(|m| m.mount_point.clone()),
        fs_type: mount
            .as_ref()
            .map(|m| m.fs_type.clone())
            .unwrap_or_else(|| "unknown".to_string()),
        source: mount.map(|m| m.source),
        dev,
        device,
        usage,
    })
}

/// Bytes available to this user on the filesystem of `path` now; `None`
/// when the filesystem reports no size at all (ramfs), so there is no
/// limit to check against.
pub fn available_space(path: &Path) -> io::Result<Option<u64>> {
    let vfs = rustix::fs::statvfs(path)?;
    if vfs.f_blocks == 0 {
        return Ok(None);
    }
    Ok(Some(vfs.f_bavail.saturating_mul(vfs.f_frsize)))
}

/// [`available_space`], but when it falls short of `need`, first lets the
/// filesystem settle: a file deleted a moment ago (the previous run's test
/// file) gives its space back only when the journal commits, so the
/// filesystem is synced and asked again for up to a second.
pub fn available_space_settled(path: &Path, need: u64) -> io::Result<Option<u64>> {
    let mut available = available_space(path)?;
    if available.is_some_and(|a| a < need) {
        if let Ok(dir) = std::fs::File::open(path) {
            let _ = rustix::fs::syncfs(&dir);
        }
        for _ in 0..10 {
            available = available_space(path)?;
            if available.is_none_or(|a| a >= need) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    }
    Ok(available)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_a_temp_directory() {
        let dir = tempfile::tempdir().unwrap();
        let t = resolve(dir.path()).unwrap();
        assert_eq!(t.path, std::fs::canonicalize(dir.path()).unwrap());
        assert!(t.usage.total > 0);
        assert!(t.usage.used <= t.usage.total);
        assert_ne!(t.fs_type, "");
        assert!(t.usage.used_percent() <= 100);
    }

    #[test]
    fn refuses_missing_and_non_directories() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("nope");
        assert!(matches!(resolve(&missing), Err(TargetError::NotFound(_))));
        let file = dir.path().join("f");
        std::fs::write(&file, b"x").unwrap();
        let e = resolve(&file).unwrap_err();
        assert!(matches!(e, TargetError::NotADirectory(_)));
        assert!(e.is_usage());
    }

    #[test]
    fn usage_percent_rounds() {
        // df on this machine: 252G size, 11G used, 80G available: 13%.
        let u = Usage {
            total: 252,
            used: 11,
            available: 80,
        };
        assert_eq!(u.used_percent(), 13);
        let u = Usage {
            total: 1000,
            used: 1000,
            available: 0,
        };
        assert_eq!(u.used_percent(), 100);
        let u = Usage {
            total: 0,
            used: 0,
            available: 0,
        };
        assert_eq!(u.used_percent(), 0);
    }
}
