//! A zram device of the test's own with ext4 mounted on it: RAM-backed,
//! and it completes every I/O inside the call that submits it (its
//! `submit_bio` copies the data), so how many I/Os one system call
//! carries depends on diskmark alone, however loaded the machine is
//! (docs/measurement.md#measuring-diskmark-itself). Needs root and a
//! kernel with zram; torn down on drop.

use std::path::Path;

/// One zram device, formatted and mounted.
pub struct Zram {
    id: u32,
    mnt: Option<tempfile::TempDir>,
}

const CONTROL: &str = "/sys/class/zram-control";

impl Zram {
    /// ext4 of `mib` MiB on a new zram device, or why not here.
    pub fn ext4(mib: u64) -> Result<Zram, String> {
        if !super::is_root() {
            return Err("not root: cannot add a zram device".into());
        }
        let added = std::fs::read_to_string(format!("{CONTROL}/hot_add"))
            .map_err(|e| format!("{CONTROL}/hot_add: {e} (no zram in this kernel?)"))?;
        let id: u32 = added
            .trim()
            .parse()
            .map_err(|_| format!("hot_add said {added:?}"))?;
        let mut z = Zram { id, mnt: None };
        let sys = format!("/sys/block/zram{id}/disksize");
        std::fs::write(&sys, format!("{}", mib << 20)).map_err(|e| format!("{sys}: {e}"))?;
        let dev = z.device();
        // devtmpfs makes the node; give it a moment to appear.
        for _ in 0..100 {
            if Path::new(&dev).exists() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let made = std::process::Command::new("mkfs.ext4")
            .args(["-q", "-F", &dev])
            .output()
            .map_err(|e| format!("mkfs.ext4: {e}"))?;
        if !made.status.success() {
            return Err(format!(
                "mkfs.ext4 {dev}: {}",
                String::from_utf8_lossy(&made.stderr)
            ));
        }
        let mnt = tempfile::tempdir().map_err(|e| e.to_string())?;
        let ok = std::process::Command::new("mount")
            .arg(&dev)
            .arg(mnt.path())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            return Err(format!("mounting {dev} failed"));
        }
        z.mnt = Some(mnt);
        Ok(z)
    }

    /// `/dev/zramN`.
    pub fn device(&self) -> String {
        format!("/dev/zram{}", self.id)
    }

    /// The mount point.
    pub fn path(&self) -> &Path {
        self.mnt.as_ref().expect("mounted").path()
    }
}

impl Drop for Zram {
    fn drop(&mut self) {
        if let Some(m) = &self.mnt {
            super::umount(m.path());
        }
        let _ = std::fs::write(format!("/sys/block/zram{}/reset", self.id), "1");
        let _ = std::fs::write(format!("{CONTROL}/hot_remove"), self.id.to_string());
    }
}
