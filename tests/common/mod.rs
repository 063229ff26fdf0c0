//! Helpers shared by the end-to-end tests: a scratch directory on a real
//! disk, the binary with tiny settings, and the leftover check.
#![allow(dead_code)]

use assert_cmd::Command;
use std::path::{Path, PathBuf};

/// The diskmark binary under test.
pub fn diskmark() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_diskmark"));
    c.timeout(std::time::Duration::from_secs(300));
    c
}

/// Tiny settings: 16 MiB file, 0.2 s windows, one loop, no pause.
pub const TINY: [&str; 10] = [
    "--size",
    "16M",
    "--measure",
    "0.2",
    "--warmup",
    "0.1",
    "--interval",
    "0",
    "--loops",
    "1",
];

/// Filesystem type of `path` (from /proc/self/mountinfo through diskmark).
fn fs_type(path: &Path) -> String {
    diskmark::target::resolve(path)
        .map(|t| t.fs_type)
        .unwrap_or_default()
}

/// A fresh directory on a real disk: under /var/tmp, as the issue asks,
/// unless /var/tmp is memory (tmpfs), in which case the build directory's
/// scratch space is used and the reason printed.
pub fn disk_dir() -> tempfile::TempDir {
    let var_tmp = Path::new("/var/tmp");
    let base: PathBuf =
        if var_tmp.is_dir() && !matches!(fs_type(var_tmp).as_str(), "tmpfs" | "ramfs") {
            var_tmp.to_path_buf()
        } else {
            eprintln!(
                "note: /var/tmp is missing or in memory; using the build directory for disk tests"
            );
            PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        };
    tempfile::Builder::new()
        .prefix("diskmark-e2e-")
        .tempdir_in(base)
        .expect("create a scratch directory")
}

/// Test files left in `dir`.
pub fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with(".diskmark-"))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether we run as root (mounts, read-only filesystems).
pub fn is_root() -> bool {
    rustix::process::geteuid().is_root()
}

/// A tmpfs or ramfs mounted for one test, unmounted on drop. Needs root.
pub struct Mount {
    pub dir: tempfile::TempDir,
}

impl Mount {
    /// Mounts `fstype` with `options` on a fresh directory, or returns the
    /// reason it cannot.
    pub fn new(fstype: &str, options: &str) -> Result<Mount, String> {
        if !is_root() {
            return Err("not root: cannot mount".into());
        }
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        let st = std::process::Command::new("mount")
            .args(["-t", fstype, "-o", options, fstype])
            .arg(dir.path())
            .status()
            .map_err(|e| format!("mount: {e}"))?;
        if !st.success() {
            return Err(format!("mount -t {fstype} failed: {st}"));
        }
        Ok(Mount { dir })
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Remounts read-only.
    pub fn make_read_only(&self) {
        let st = std::process::Command::new("mount")
            .args(["-o", "remount,ro"])
            .arg(self.path())
            .status()
            .expect("remount");
        assert!(st.success());
    }
}

impl Drop for Mount {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg(self.dir.path())
            .status();
    }
}

/// Parses the JSON report on stdout.
pub fn json(stdout: &[u8]) -> serde_json::Value {
    serde_json::from_slice(stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}):\n{}",
            String::from_utf8_lossy(stdout)
        )
    })
}

/// Says why a test did not run. Written straight to the process's stderr,
/// past the test harness's capture, so the reason is seen in every run.
pub fn skip(test: &str, reason: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {reason}");
}

/// An ext4 filesystem on a RAM-backed loop device (DESIGN §8): a file on a
/// tmpfs attached with `losetup --direct-io=on`. Steadier than the virtio
/// disk for comparisons. Needs root; torn down on drop.
pub struct RamExt4 {
    tmpfs: Mount,
    pub mnt: tempfile::TempDir,
    pub device: String,
}

impl RamExt4 {
    /// A filesystem of `mib` MiB, or why it cannot be made here.
    pub fn new(mib: u64) -> Result<RamExt4, String> {
        let tmpfs = Mount::new("tmpfs", &format!("size={}m", mib + 16))?;
        let image = tmpfs.path().join("disk.img");
        std::fs::File::create(&image)
            .and_then(|f| f.set_len(mib << 20))
            .map_err(|e| format!("image: {e}"))?;
        let out = std::process::Command::new("losetup")
            .args(["--direct-io=on", "-f", "--show"])
            .arg(&image)
            .output()
            .map_err(|e| format!("losetup: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "losetup: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        let device = String::from_utf8_lossy(&out.stdout).trim().to_string();
        let mnt = tempfile::tempdir().map_err(|e| e.to_string())?;
        let fs = RamExt4 { tmpfs, mnt, device };
        let ok = |c: &mut std::process::Command| c.status().map(|s| s.success()).unwrap_or(false);
        if !ok(std::process::Command::new("mkfs.ext4").args(["-q", "-F", &fs.device])) {
            return Err("mkfs.ext4 failed (is e2fsprogs installed?)".into());
        }
        if !ok(std::process::Command::new("mount")
            .arg(&fs.device)
            .arg(fs.mnt.path()))
        {
            return Err("mounting the loop device failed".into());
        }
        Ok(fs)
    }

    pub fn path(&self) -> &Path {
        self.mnt.path()
    }
}

impl Drop for RamExt4 {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg(self.mnt.path())
            .status();
        let _ = std::process::Command::new("losetup")
            .args(["-d", &self.device])
            .status();
        let _ = &self.tmpfs;
    }
}

/// Whether fio is installed.
pub fn have_fio() -> bool {
    std::process::Command::new("fio")
        .arg("--version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}
