//! A block-I/O cgroup that caps one device, for the diskmark child alone:
//! the test process stays where it is (other tests of the binary run
//! beside it), and the child joins the group before it does any I/O
//! (`sh -c 'echo $$ > …/cgroup.procs; exec diskmark …'`). The caps can be
//! changed while the child runs. cgroup v1 blkio throttle where the
//! machine has it, else v2 io.max. Removed on drop.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Which interface the group caps through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Version {
    V1,
    V2,
}

/// One cap of a [`CapGroup`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cap {
    /// Reads per second.
    ReadIops,
    /// Writes per second.
    WriteIops,
    /// Bytes read per second.
    ReadBps,
    /// Bytes written per second.
    WriteBps,
}

/// A cgroup capping one block device; see the module.
pub struct CapGroup {
    dir: PathBuf,
    version: Version,
    /// `major:minor` of the device.
    mm: String,
}

/// Counter for distinct group names within one test process.
static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

impl CapGroup {
    /// An uncapped group for `device` (`/dev/loop3`), or why not here.
    pub fn new(device: &str) -> Result<CapGroup, String> {
        if !rustix::process::geteuid().is_root() {
            return Err("not root: cannot make a cgroup".into());
        }
        let rdev = std::fs::metadata(device)
            .map(|m| std::os::unix::fs::MetadataExt::rdev(&m))
            .map_err(|e| format!("{device}: {e}"))?;
        let mm = format!("{}:{}", libc::major(rdev), libc::minor(rdev));
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let name = format!("diskmark-cap-{}-{n}", std::process::id());
        let v1 = Path::new("/sys/fs/cgroup/blkio");
        let (root, version) = if v1.join("blkio.throttle.read_iops_device").exists() {
            (v1.to_path_buf(), Version::V1)
        } else {
            let root = ["/sys/fs/cgroup", "/sys/fs/cgroup/unified"]
                .into_iter()
                .map(Path::new)
                .find(|p| {
                    std::fs::read_to_string(p.join("cgroup.controllers"))
                        .is_ok_and(|c| c.split_whitespace().any(|x| x == "io"))
                })
                .ok_or("no cgroup v1 blkio hierarchy and no cgroup v2 io controller")?;
            std::fs::write(root.join("cgroup.subtree_control"), "+io")
                .map_err(|e| format!("enabling the io controller: {e}"))?;
            (root.to_path_buf(), Version::V2)
        };
        let dir = root.join(name);
        std::fs::create_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(CapGroup { dir, version, mm })
    }

    /// Sets `cap` to `value` per second (0: no cap), now.
    pub fn set(&self, cap: Cap, value: u64) -> Result<(), String> {
        let (file, line) = match self.version {
            Version::V1 => {
                let file = match cap {
                    Cap::ReadIops => "blkio.throttle.read_iops_device",
                    Cap::WriteIops => "blkio.throttle.write_iops_device",
                    Cap::ReadBps => "blkio.throttle.read_bps_device",
                    Cap::WriteBps => "blkio.throttle.write_bps_device",
                };
                (file, format!("{} {value}", self.mm))
            }
            Version::V2 => {
                let key = match cap {
                    Cap::ReadIops => "riops",
                    Cap::WriteIops => "wiops",
                    Cap::ReadBps => "rbps",
                    Cap::WriteBps => "wbps",
                };
                let v = if value == 0 {
                    "max".to_string()
                } else {
                    value.to_string()
                };
                ("io.max", format!("{} {key}={v}", self.mm))
            }
        };
        std::fs::write(self.dir.join(file), line).map_err(|e| format!("{file}: {e}"))
    }

    /// The group's `cgroup.procs`: a shell that writes its pid there runs
    /// its children in the group.
    pub fn procs(&self) -> PathBuf {
        self.dir.join("cgroup.procs")
    }

    /// `program args…`, which joins this group before it runs: the shell
    /// writes its own pid into the group and then becomes the program, at
    /// nice -10. The tests time what the program measures of a capped
    /// device, not how a busy machine schedules it: at nice 0 a load of 12
    /// on 2 cores left a 100 MB/s cap's writes without a completion for
    /// 0.4 s in 2 of 3 runs (the groups are made by root only).
    pub fn command(&self, program: impl AsRef<Path>) -> Command {
        let mut c = Command::new("sh");
        c.arg("-c")
            .arg("echo $$ > \"$0\" && exec nice -n -10 \"$@\"")
            .arg(self.dir.join("cgroup.procs"))
            .arg(program.as_ref());
        c
    }
}

impl Drop for CapGroup {
    fn drop(&mut self) {
        // The child has been waited for; its exit leaves the group empty,
        // which the kernel may take a moment to see.
        for _ in 0..50 {
            if std::fs::remove_dir(&self.dir).is_ok() || !self.dir.exists() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        eprintln!("warning: could not remove {}", self.dir.display());
    }
}

/// What /proc/diskstats says `device` (`/dev/loop3`) has done so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DiskCount {
    /// Reads completed.
    pub reads: u64,
    /// Bytes read.
    pub read_bytes: u64,
    /// Writes completed.
    pub writes: u64,
    /// Bytes written.
    pub write_bytes: u64,
}

/// The device's counts now, or `None` when /proc/diskstats lacks it.
pub fn disk_count(device: &str) -> Option<DiskCount> {
    let name = Path::new(device).file_name()?.to_str()?;
    let stats = std::fs::read_to_string("/proc/diskstats").ok()?;
    stats.lines().find_map(|l| {
        let f: Vec<&str> = l.split_whitespace().collect();
        if f.get(2) != Some(&name) {
            return None;
        }
        let n = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok());
        Some(DiskCount {
            reads: n(3)?,
            read_bytes: n(5)? * 512,
            writes: n(7)?,
            write_bytes: n(9)? * 512,
        })
    })
}
