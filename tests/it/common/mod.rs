//! Helpers shared by the end-to-end tests: a scratch directory on a real
//! disk, the binary with tiny settings, and the leftover check.
#![allow(dead_code)]

pub mod capped;
pub mod events;
pub mod skips;
pub mod sshd;
pub mod sysfs;
pub mod throttle;
pub mod tmux;
pub mod zram;

use assert_cmd::Command;
use std::path::{Path, PathBuf};

/// The diskmark binary under test.
pub fn diskmark() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_diskmark"));
    c.timeout(std::time::Duration::from_secs(300));
    c
}

/// The binary with its test hooks honoured (src/testing.rs): for the
/// tests that set a `DISKMARK_TEST_*` variable, which [`diskmark`] ignores.
pub fn diskmark_with_hooks() -> Command {
    let mut c = Command::new(WITH_HOOKS);
    c.timeout(std::time::Duration::from_secs(300));
    c
}

/// The path of the binary with the test hooks.
pub const WITH_HOOKS: &str = env!("CARGO_BIN_EXE_diskmark-test-hooks");

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

/// Runs diskmark on `target` with [`TINY`] settings and `args`, asserts that
/// it succeeded and left no test file, and returns what it printed.
pub fn run_tiny(target: impl AsRef<Path>, args: &[&str]) -> std::process::Output {
    let target = target.as_ref();
    let out = diskmark()
        .arg(target)
        .args(TINY)
        .args(args)
        .assert()
        .success()
        .get_output()
        .clone();
    if target.is_dir() {
        assert_eq!(leftovers(target), Vec::<String>::new());
    }
    out
}

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

/// A fresh directory in memory (/dev/shm, tmpfs), for a test of what
/// diskmark makes of its figures rather than of a disk: every window holds
/// I/O there, while on a disk that another process loads a 0.2 s window
/// may complete none, and then has no figure to check (issue 27).
pub fn memory_dir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("diskmark-e2e-")
        .tempdir_in("/dev/shm")
        .expect("create a scratch directory in /dev/shm")
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

/// Unmounts `path`, waiting out a busy moment (the kernel releases an
/// exited process's files in the background), lazily as a last resort.
pub fn umount(path: &Path) {
    for _ in 0..20 {
        let ok = std::process::Command::new("umount")
            .arg(path)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let _ = std::process::Command::new("umount")
        .arg("-l")
        .arg(path)
        .status();
}

impl Drop for Mount {
    fn drop(&mut self) {
        umount(self.dir.path());
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

/// Says why a test did not run, or fails it under
/// `DISKMARK_TEST_REQUIRE=all` (see [`skips`]).
pub use skips::skip;

/// A loop device over a file on a fresh tmpfs (docs/measurement.md#measuring-diskmark-itself: RAM-backed,
/// steadier than the virtio disk), optionally with a filesystem on it,
/// mounted. Needs root; torn down on drop.
pub struct LoopFs {
    /// The tmpfs holding the image (RAM-backed), or the disk directory
    /// holding it ([`LoopFs::disk_ext4`]); dropped after the device.
    tmpfs: Option<Mount>,
    disk: Option<tempfile::TempDir>,
    pub mnt: Option<tempfile::TempDir>,
    pub device: String,
}

/// An ext4 filesystem on a RAM-backed loop device.
pub type RamExt4 = LoopFs;

impl LoopFs {
    /// ext4 of `mib` MiB, or why it cannot be made here.
    pub fn new(mib: u64) -> Result<LoopFs, String> {
        Self::with_fs("ext4", mib, "")
    }

    /// A bare loop device of `mib` MiB holding `content` (repeated).
    pub fn bare(mib: u64, content: &[u8]) -> Result<LoopFs, String> {
        let (tmpfs, image) = Self::image(mib)?;
        let mut data = Vec::with_capacity((mib << 20) as usize);
        while data.len() < (mib << 20) as usize {
            data.extend_from_slice(content);
        }
        data.truncate((mib << 20) as usize);
        std::fs::write(&image, &data).map_err(|e| format!("image: {e}"))?;
        let device = Self::attach(&image, 512)?;
        Ok(LoopFs {
            tmpfs: Some(tmpfs),
            disk: None,
            mnt: None,
            device,
        })
    }

    /// A `fs` filesystem (ext4, xfs, btrfs) of `mib` MiB, mounted with
    /// `options` (may be empty).
    pub fn with_fs(fs: &str, mib: u64, options: &str) -> Result<LoopFs, String> {
        Self::with_fs_sector(fs, mib, options, 512)
    }

    /// [`LoopFs::with_fs`] on a device with `sector`-byte logical blocks.
    pub fn with_fs_sector(
        fs: &str,
        mib: u64,
        options: &str,
        sector: u32,
    ) -> Result<LoopFs, String> {
        let (tmpfs, image) = Self::image(mib)?;
        Self::format(Some(tmpfs), None, &image, fs, mib, options, sector)
    }

    /// ext4 of `mib` MiB on a loop device over a file on the disk (a
    /// [`disk_dir`]): the disk's latency, so that queues build up in the
    /// device as on a drive, with counters that only the test's own I/O
    /// moves (issue 27: the shared disk's counters count every process's
    /// I/O; a RAM-backed device's queue stays low whatever the engine,
    /// docs/measurement.md#measuring-diskmark-itself).
    pub fn disk_ext4(mib: u64) -> Result<LoopFs, String> {
        let disk = disk_dir();
        let image = disk.path().join("disk.img");
        Self::format(None, Some(disk), &image, "ext4", mib, "", 512)
    }

    fn format(
        tmpfs: Option<Mount>,
        disk: Option<tempfile::TempDir>,
        image: &Path,
        fs: &str,
        mib: u64,
        options: &str,
        sector: u32,
    ) -> Result<LoopFs, String> {
        std::fs::File::create(image)
            .and_then(|f| f.set_len(mib << 20))
            .map_err(|e| format!("image: {e}"))?;
        let device = Self::attach(image, sector)?;
        let mut lf = LoopFs {
            tmpfs,
            disk,
            mnt: None,
            device,
        };
        let mkfs = format!("mkfs.{fs}");
        let quiet: &[&str] = match fs {
            // No lazy inode-table or journal init: a background kernel
            // thread would write to the device after the mount, and tests
            // compare the device's bytes.
            "ext4" => &["-q", "-F", "-E", "lazy_itable_init=0,lazy_journal_init=0"],
            _ => &["-q", "-f"],
        };
        let made = std::process::Command::new(&mkfs)
            .args(quiet)
            .arg(&lf.device)
            .output()
            .map_err(|e| format!("{mkfs} is not installed ({e})"))?;
        if !made.status.success() {
            return Err(format!(
                "{mkfs} failed: {}",
                String::from_utf8_lossy(&made.stderr).trim()
            ));
        }
        let mnt = tempfile::tempdir().map_err(|e| e.to_string())?;
        let mut mount = std::process::Command::new("mount");
        if !options.is_empty() {
            mount.args(["-o", options]);
        }
        let ok = mount
            .arg(&lf.device)
            .arg(mnt.path())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            return Err(format!("mounting {fs} failed"));
        }
        lf.mnt = Some(mnt);
        Ok(lf)
    }

    fn image(mib: u64) -> Result<(Mount, PathBuf), String> {
        let tmpfs = Mount::new("tmpfs", &format!("size={}m", mib + 16))?;
        let image = tmpfs.path().join("disk.img");
        Ok((tmpfs, image))
    }

    fn attach(image: &Path, sector: u32) -> Result<String, String> {
        let out = std::process::Command::new("losetup")
            .args([
                "--direct-io=on",
                "-f",
                "--show",
                "--sector-size",
                &sector.to_string(),
            ])
            .arg(image)
            .output()
            .map_err(|e| format!("losetup: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "losetup: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
    }

    /// The mount point (a filesystem loop device only).
    pub fn path(&self) -> &Path {
        self.mnt.as_ref().expect("a mounted filesystem").path()
    }
}

impl Drop for LoopFs {
    fn drop(&mut self) {
        if let Some(m) = &self.mnt {
            umount(m.path());
        }
        let _ = std::process::Command::new("losetup")
            .args(["-d", &self.device])
            .status();
        let _ = (&self.tmpfs, &self.disk);
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

/// The calling thread moved into a block-I/O cgroup that caps `device` at
/// a number of I/Os and bytes per second (cgroup v1 blkio throttle, or v2
/// io.max): a device of known speed, on which any two honest benchmarks
/// must agree. Threads and child processes it starts afterwards inherit
/// it. Moves back and removes the cgroup on drop. Needs root.
///
/// Tests of other modules run beside it in the one test binary: cgroup v1
/// moves this thread alone (`tasks`); v2 can only move the whole process,
/// so there one Throttle at a time holds [`V2_WHOLE_PROCESS`] (the cap is
/// on the test's own device, so the other tests' I/O is not capped).
pub struct Throttle {
    dir: PathBuf,
    back: PathBuf,
    /// `tasks` (v1: this thread) or `cgroup.procs` (v2: the process).
    file: &'static str,
    /// This thread's id, or the process's.
    id: String,
    _whole: Option<std::sync::MutexGuard<'static, ()>>,
}

/// Held by the one v2 [`Throttle`] that has the whole process.
static V2_WHOLE_PROCESS: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// This thread's id, from /proc/thread-self (a link to `PID/task/TID`).
fn thread_id() -> Result<String, String> {
    let link =
        std::fs::read_link("/proc/thread-self").map_err(|e| format!("/proc/thread-self: {e}"))?;
    link.file_name()
        .map(|t| t.to_string_lossy().into_owned())
        .ok_or_else(|| format!("/proc/thread-self is {}", link.display()))
}

impl Throttle {
    /// Caps `device` (e.g. `/dev/loop3`) at `iops` reads and writes per
    /// second and `bps` bytes per second each way, or says why not.
    pub fn new(device: &str, iops: u64, bps: u64) -> Result<Throttle, String> {
        let rdev = std::fs::metadata(device)
            .map(|m| std::os::unix::fs::MetadataExt::rdev(&m))
            .map_err(|e| format!("{device}: {e}"))?;
        let mm = format!("{}:{}", libc::major(rdev), libc::minor(rdev));
        let own = std::fs::read_to_string("/proc/self/cgroup").map_err(|e| e.to_string())?;
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let name = format!("diskmark-test-{}-{n}", std::process::id());
        // cgroup v1: the blkio hierarchy.
        let v1 = Path::new("/sys/fs/cgroup/blkio");
        if v1.join("blkio.throttle.read_iops_device").exists() {
            let rel = own
                .lines()
                .find_map(|l| {
                    let mut f = l.splitn(3, ':');
                    let (_, ctrl, path) = (f.next()?, f.next()?, f.next()?);
                    ctrl.split(',')
                        .any(|c| c == "blkio")
                        .then(|| path.to_string())
                })
                .ok_or("this process is in no blkio cgroup")?;
            let dir = v1.join(&name);
            let t = Throttle {
                back: v1.join(rel.trim_start_matches('/')),
                dir: dir.clone(),
                file: "tasks",
                id: thread_id()?,
                _whole: None,
            };
            std::fs::create_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            for (file, v) in [
                ("blkio.throttle.read_iops_device", iops),
                ("blkio.throttle.write_iops_device", iops),
                ("blkio.throttle.read_bps_device", bps),
                ("blkio.throttle.write_bps_device", bps),
            ] {
                std::fs::write(dir.join(file), format!("{mm} {v}"))
                    .map_err(|e| format!("{file}: {e}"))?;
            }
            t.enter()?;
            return Ok(t);
        }
        // cgroup v2: a child of the root, where the io controller is enabled.
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
        let rel = own
            .lines()
            .find_map(|l| l.strip_prefix("0::"))
            .ok_or("this process is in no cgroup v2 group")?;
        let dir = root.join(&name);
        let whole = V2_WHOLE_PROCESS.lock().unwrap_or_else(|e| e.into_inner());
        let t = Throttle {
            back: root.join(rel.trim_start_matches('/')),
            dir: dir.clone(),
            file: "cgroup.procs",
            id: std::process::id().to_string(),
            _whole: Some(whole),
        };
        std::fs::create_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        std::fs::write(
            dir.join("io.max"),
            format!("{mm} riops={iops} wiops={iops} rbps={bps} wbps={bps}"),
        )
        .map_err(|e| format!("io.max: {e}"))?;
        t.enter()?;
        Ok(t)
    }

    fn enter(&self) -> Result<(), String> {
        std::fs::write(self.dir.join(self.file), &self.id)
            .map_err(|e| format!("joining {}: {e}", self.dir.display()))
    }
}

impl Drop for Throttle {
    fn drop(&mut self) {
        let _ = std::fs::write(self.back.join(self.file), &self.id);
        // The children it started have been waited for; the kernel may
        // take a moment to see the group empty.
        for _ in 0..50 {
            if std::fs::remove_dir(&self.dir).is_ok() || !self.dir.exists() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}

/// Held by a test that drops the machine's page cache (`--drop-caches`)
/// and by the tests that count on what is in it: in the one test binary
/// they would otherwise run side by side.
pub static PAGE_CACHE: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// [`PAGE_CACHE`], held (a test that failed while holding it leaves it
/// usable).
pub fn page_cache() -> std::sync::MutexGuard<'static, ()> {
    PAGE_CACHE.lock().unwrap_or_else(|e| e.into_inner())
}

/// How a child ended, from [`finish`].
pub struct Ended {
    /// Its exit code (`None` when a signal ended it).
    pub code: Option<i32>,
    /// Its standard error.
    pub stderr: String,
    /// How long it took from the instant given.
    pub took: std::time::Duration,
}

/// Waits for `child` (its stderr piped); kills it and fails if it takes
/// longer than `limit` from `from` (it hangs).
pub fn finish(
    mut child: std::process::Child,
    from: std::time::Instant,
    limit: std::time::Duration,
) -> Ended {
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if from.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("diskmark still running {limit:?} later: it hangs");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let took = from.elapsed();
    let out = child.wait_with_output().unwrap();
    Ended {
        code: out.status.code(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        took,
    }
}

/// utime + stime of `pid` in clock ticks, `None` once it is gone or a
/// zombie.
pub fn cpu_ticks(pid: i32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = stat.rsplit_once(") ")?;
    let f: Vec<&str> = rest.split_whitespace().collect();
    if f.first() == Some(&"Z") {
        return None;
    }
    Some(f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?)
}

/// Four tests of 0.3 s each; the signal arrives in the middle.
pub const FOUR_TESTS: [&str; 16] = [
    "--size",
    "16M",
    "--measure",
    "0.3",
    "--warmup",
    "0",
    "--interval",
    "0",
    "--loops",
    "1",
    "--test",
    "RND4K Q1T1",
    "--test",
    "RND4K Q1T2",
    "--format",
    "json",
];
