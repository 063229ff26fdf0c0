//! What is being measured: the target directory, its filesystem, its usage
//! and the block device behind it (docs/measurement.md#caveats).

pub mod caveats;
pub mod link;
pub mod mountinfo;
pub mod sysfs;
pub mod thermal;

use rustix::fs::{Access, StatVfsMountFlags};
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

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

    /// `13% (11.00/252.00 GiB)`, KDiskMark's usage: the one wording of the
    /// text report, `diskmark targets`, the TUI and the window.
    pub fn text(&self) -> String {
        let (div, unit) = crate::units::usage_unit(self.total);
        format!(
            "{}% ({:.2}/{:.2} {unit})",
            self.used_percent(),
            self.used as f64 / div,
            self.total as f64 / div
        )
    }
}

/// A directory (the test file is created in it) or a block device (read
/// raw, read-only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetKind {
    /// A directory on a mounted filesystem.
    Directory,
    /// A block device, tested raw.
    BlockDevice,
}

/// A resolved target.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct TargetInfo {
    /// Canonical path of the directory or device.
    pub path: PathBuf,
    /// Directory or block device.
    pub kind: TargetKind,
    /// Mount point of its filesystem (of the device, if it is mounted).
    pub mount_point: Option<PathBuf>,
    /// Filesystem type (`ext4`, `tmpfs`, ...; `unmounted` for a raw device
    /// that is not mounted).
    pub fs_type: String,
    /// What is mounted (`/dev/vda`, `tmpfs`, ...).
    pub source: Option<String>,
    /// Mount and filesystem options.
    pub mount_options: Vec<String>,
    /// Device number of the filesystem (of the device itself when raw).
    pub dev: (u32, u32),
    /// The block device behind it, when there is one.
    pub device: Option<sysfs::BlockDevice>,
    /// Space at resolution time (for a raw device: its size).
    pub usage: Usage,
    /// What makes figures on this target not what a plain disk would give.
    pub caveats: Vec<caveats::Caveat>,
}

impl TargetInfo {
    /// Whether this is a raw block device.
    pub fn is_device(&self) -> bool {
        self.kind == TargetKind::BlockDevice
    }

    /// The model for the report, when known.
    pub fn model(&self) -> Option<&str> {
        self.device.as_ref().and_then(|d| d.model.as_deref())
    }

    /// The drive's link to the machine, when it has one disk and sysfs
    /// says (docs/measurement.md#faster-than-the-link).
    pub fn link(&self) -> Option<&link::Link> {
        self.device.as_ref().and_then(|d| d.link())
    }

    /// The drive's temperature sensor, when it has one
    /// (docs/measurement.md#temperature).
    pub fn sensor(&self) -> Option<&thermal::Sensor> {
        self.device.as_ref().and_then(|d| d.sensor())
    }

    /// The direct-I/O alignment sysfs gives: the largest logical block
    /// size under the target (512 when unknown). STATX_DIOALIGN on the test
    /// file, where the kernel has it, refines this.
    pub fn dio_alignment(&self) -> u32 {
        self.device
            .as_ref()
            .and_then(|d| d.logical_block_size())
            .unwrap_or(512)
    }
}

/// Why a target cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TargetError {
    /// The filesystem did not answer (a dead network or FUSE mount).
    #[error(
        "target {} did not answer within {} s (a dead network or FUSE mount?); check the mount, or choose another target",
        crate::escape::path(.0), RESOLVE_DEADLINE.as_secs()
    )]
    NoAnswer(PathBuf),
    /// No such path.
    #[error("target {shown_path} does not exist; give an existing directory", shown_path = crate::escape::path(.0))]
    NotFound(PathBuf),
    /// A file, character device or something else.
    #[error(
        "target {shown_path} is not a directory or a block device; give the directory in which to create the test file", shown_path = crate::escape::path(.0))]
    NotADirectory(PathBuf),
    /// A symbolic link.
    #[error("target {} is a symbolic link{}; give the directory itself", crate::escape::path(.path), .to.as_ref().map(|t| format!(" to {}", crate::escape::path(t))).unwrap_or_else(|| " that leads nowhere".into()))]
    Symlink {
        /// The link.
        path: PathBuf,
        /// Where it leads, if anywhere.
        to: Option<PathBuf>,
    },
    /// Mounted read-only.
    #[error("target {shown_path} is on a read-only filesystem; choose a writable directory", shown_path = crate::escape::path(.0))]
    ReadOnly(PathBuf),
    /// No write permission.
    #[error(
        "target {shown_path} is not writable by this user; choose a directory you can write to (e.g. your home or /var/tmp)", shown_path = crate::escape::path(.0))]
    NotWritable(PathBuf),
    /// A block device this user cannot read.
    #[error(
        "cannot read the block device {shown_path}: {source}; run as a user who may (e.g. in the disk group) or as root", shown_path = crate::escape::path(.path))]
    DeviceUnreadable {
        /// The device.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// A block device that even root may not open: a container's device
    /// cgroup or a security module forbids it.
    #[error(
        "cannot read the block device {shown_path}: {source}, although diskmark runs as root: a container's device cgroup or a security module forbids it; use it where that is allowed, or give a directory on it instead", shown_path = crate::escape::path(.path))]
    DeviceForbidden {
        /// The device.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// Anything else the OS refused.
    #[error("cannot use target {shown_path}: {source}", shown_path = crate::escape::path(.path))]
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
            TargetError::NotFound(_) | TargetError::NotADirectory(_) | TargetError::Symlink { .. }
        )
    }
}

/// How long the target may take to answer [`resolve_answering`]: a
/// healthy filesystem answers stat and statfs in microseconds, a dead
/// network or FUSE mount never.
pub const RESOLVE_DEADLINE: Duration = Duration::from_secs(5);

/// Paths that did not answer within [`RESOLVE_DEADLINE`] in this process:
/// asked again, they fail at once rather than make the user wait twice.
static UNANSWERED: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

/// `f(path)` on a thread of its own, given [`RESOLVE_DEADLINE`]; `None` when
/// it did not answer (a dead mount: the thread is left blocked, detached),
/// or when `path` already did not answer once.
pub fn answering<T: Send + 'static>(
    path: &Path,
    f: impl FnOnce(&Path) -> T + Send + 'static,
) -> Option<T> {
    let dead = |list: &Vec<PathBuf>| list.iter().any(|p| p == path);
    // A poisoned list still holds paths; nothing in it can be half-written.
    if dead(&UNANSWERED.lock().unwrap_or_else(|e| e.into_inner())) {
        return None;
    }
    let (tx, rx) = std::sync::mpsc::channel();
    let p = path.to_path_buf();
    let f = std::sync::Arc::new(std::sync::Mutex::new(Some(f)));
    let on_thread = std::sync::Arc::clone(&f);
    let spawned = small_thread(move || {
        let taken = on_thread.lock().ok().and_then(|mut g| g.take());
        if let Some(f) = taken {
            let _ = tx.send(f(&p));
        }
    });
    if !spawned {
        // No thread to be had (RLIMIT_AS, RLIMIT_NPROC): asked here, without
        // a deadline, rather than not at all.
        let taken = f.lock().ok().and_then(|mut g| g.take());
        return taken.map(|f| f(path));
    }
    let answer = rx.recv_timeout(RESOLVE_DEADLINE).ok();
    if answer.is_none() {
        let mut list = UNANSWERED.lock().unwrap_or_else(|e| e.into_inner());
        list.push(path.to_path_buf());
    }
    answer
}

/// What a new thread's first allocation reserves beside its stack: glibc
/// gives it an arena of its own, a 64 MiB mapping (128 MiB while it
/// aligns one).
const THREAD_ARENA: u64 = 128 << 20;

/// Whether RLIMIT_AS leaves room for a thread's arena. Without it the
/// thread's first allocation fails, and Rust aborts the process on a
/// failed allocation: a tight `ulimit -v` must get its one sentence from
/// the run's own check instead.
fn room_for_a_thread() -> bool {
    let Some(limit) = rustix::process::getrlimit(rustix::process::Resource::As).current else {
        return true;
    };
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let used = (status.lines())
        .find_map(|l| l.strip_prefix("VmSize:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(u64::MAX, |kib| kib * 1024);
    limit.saturating_sub(used) >= THREAD_ARENA
}

/// Starts `f` on a detached thread with a small stack (a stat or a sysfs
/// walk needs little), so that it fits under a tight RLIMIT_AS; false when
/// no thread could be started, or RLIMIT_AS leaves no room for one.
fn small_thread(f: impl FnOnce() + Send + 'static) -> bool {
    if !room_for_a_thread() {
        return false;
    }
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .is_ok()
}

/// [`resolve`] given [`RESOLVE_DEADLINE`] ([`answering`]): a dead mount is
/// an error, not a hang.
pub fn resolve_answering(path: &Path) -> Result<TargetInfo, TargetError> {
    answering(path, resolve).unwrap_or_else(|| Err(TargetError::NoAnswer(path.to_path_buf())))
}

/// Resolves `path` and checks that the benchmark can use it: a directory
/// must take a test file; a block device must be readable.
pub fn resolve(path: &Path) -> Result<TargetInfo, TargetError> {
    // The target itself, not where a link points: a link is refused, so
    // that what is tested is what was named.
    if let Ok(m) = std::fs::symlink_metadata(path)
        && m.file_type().is_symlink()
    {
        return Err(TargetError::Symlink {
            path: path.to_path_buf(),
            to: std::fs::canonicalize(path).ok(),
        });
    }
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(TargetError::NotFound(path.to_path_buf()));
        }
        Err(e) => return Err(io_error(path, e)),
    };
    use std::os::unix::fs::FileTypeExt;
    if meta.file_type().is_block_device() {
        return resolve_device(path, &meta);
    }
    if !meta.is_dir() {
        return Err(TargetError::NotADirectory(path.to_path_buf()));
    }
    resolve_directory(path, &meta)
}

/// Anything else the OS refused about `path`.
fn io_error(path: &Path, source: io::Error) -> TargetError {
    TargetError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// A directory (`meta` is its metadata): writable, its usage, its mount,
/// the block device behind it and its caveats.
fn resolve_directory(path: &Path, meta: &std::fs::Metadata) -> Result<TargetInfo, TargetError> {
    let canonical = std::fs::canonicalize(path).map_err(|e| io_error(path, e))?;
    let usage = writable_usage(path, &canonical)?;
    let dev = (rustix::fs::major(meta.dev()), rustix::fs::minor(meta.dev()));
    let mount = mountinfo::find(&canonical, dev);
    let device = backing_device(dev, mount.as_ref());
    let fs_type = mount
        .as_ref()
        .map(|m| m.fs_type.clone())
        .unwrap_or_else(|| "unknown".to_string());
    let caveats = caveats::detect(&fs_type, mount.as_ref(), device.as_ref());
    Ok(TargetInfo {
        path: canonical,
        kind: TargetKind::Directory,
        mount_point: mount.as_ref().map(|m| m.mount_point.clone()),
        fs_type,
        source: mount.as_ref().map(|m| m.source.clone()),
        mount_options: mount.map(|m| m.options).unwrap_or_default(),
        dev,
        device,
        usage,
        caveats,
    })
}

/// The space on the filesystem of the directory `canonical` (named `path`
/// by the user), once it is known to take a test file: mounted read-write
/// and writable by this user.
fn writable_usage(path: &Path, canonical: &Path) -> Result<Usage, TargetError> {
    let vfs = rustix::fs::statvfs(canonical).map_err(|e| io_error(path, e.into()))?;
    if vfs.f_flag.contains(StatVfsMountFlags::RDONLY) {
        return Err(TargetError::ReadOnly(canonical.to_path_buf()));
    }
    match rustix::fs::access(canonical, Access::WRITE_OK | Access::EXEC_OK) {
        Ok(()) => {}
        Err(rustix::io::Errno::ROFS) => return Err(TargetError::ReadOnly(canonical.to_path_buf())),
        Err(rustix::io::Errno::ACCESS) | Err(rustix::io::Errno::PERM) => {
            return Err(TargetError::NotWritable(canonical.to_path_buf()));
        }
        Err(e) => return Err(io_error(path, e.into())),
    }
    let frsize = vfs.f_frsize;
    Ok(Usage {
        total: vfs.f_blocks.saturating_mul(frsize),
        used: vfs
            .f_blocks
            .saturating_sub(vfs.f_bfree)
            .saturating_mul(frsize),
        available: vfs.f_bavail.saturating_mul(frsize),
    })
}

/// The block device behind a filesystem whose files have device number
/// `dev`. btrfs (and others) give files an anonymous device number: then
/// the mounted device, by its node, says which block device it is.
fn backing_device(dev: (u32, u32), mount: Option<&mountinfo::Mount>) -> Option<sysfs::BlockDevice> {
    sysfs::BlockDevice::from_dev(Path::new("/sys"), dev).or_else(|| {
        let source = mount?.source.clone();
        let meta =
            std::fs::metadata(source.strip_prefix("/dev/").map(|_| source.as_str())?).ok()?;
        use std::os::unix::fs::FileTypeExt;
        meta.file_type().is_block_device().then_some(())?;
        let rdev = (
            rustix::fs::major(meta.rdev()),
            rustix::fs::minor(meta.rdev()),
        );
        sysfs::BlockDevice::from_dev(Path::new("/sys"), rdev)
    })
}

/// Filesystems that are not storage a user would benchmark.
const PSEUDO: [&str; 22] = [
    "proc",
    "sysfs",
    "cgroup",
    "cgroup2",
    "devtmpfs",
    "devpts",
    "mqueue",
    "debugfs",
    "tracefs",
    "securityfs",
    "pstore",
    "bpf",
    "configfs",
    "fusectl",
    "hugetlbfs",
    "autofs",
    "binfmt_misc",
    "rpc_pipefs",
    "nsfs",
    "efivarfs",
    "selinuxfs",
    "squashfs",
];

/// Whether a mount is one a user would benchmark: real storage (or a
/// user's tmpfs), mounted read-write, the whole filesystem (not a bind
/// mount of a part), not the system's runtime directories, and an overlay
/// only when it is the root (a container's).
pub fn is_candidate(m: &mountinfo::Mount) -> bool {
    let system = ["/proc", "/sys", "/dev", "/run"]
        .iter()
        .any(|p| m.mount_point.starts_with(p));
    !PSEUDO.contains(&m.fs_type.as_str())
        && !m.read_only()
        && m.root == Path::new("/")
        && !system
        && (m.fs_type != "overlay" || m.mount_point == Path::new("/"))
}

/// The mounted, writable filesystems a user would benchmark (KDiskMark's
/// drive list), one per filesystem, in mount order. Each is listed by its
/// mount point when this user may write there, else by a directory on it
/// that this user may write to (the home directory, /var/tmp, /tmp,
/// /dev/shm): an unprivileged user cannot write to `/`, but can test the
/// disk under it in /var/tmp.
pub fn list() -> Vec<TargetInfo> {
    let dirs = user_dirs();
    let mounts: Vec<_> = mountinfo::all()
        .into_iter()
        .filter(|m| is_candidate(m) || is_shm(m))
        .collect();
    let answers = resolve_all_within(&mounts, &dirs, LIST_DEADLINE);
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for (m, answer) in mounts.iter().zip(answers) {
        if seen.contains(&m.dev) {
            continue;
        }
        // A filesystem mounted over another at the same place resolves to
        // the one on top: listed once.
        if let Some(t) = answer.filter(|t| !seen.contains(&t.dev)) {
            seen.push(m.dev);
            seen.push(t.dev);
            out.push(t);
        }
    }
    out
}

/// The mount point of `m` when this user may write there, else the first of
/// `dirs` that lies on the same filesystem and is writable.
fn writable_on(m: &mountinfo::Mount, dirs: &[PathBuf]) -> Option<TargetInfo> {
    let on_this_fs = dirs.iter().filter(|d| {
        std::fs::metadata(d)
            .is_ok_and(|md| (rustix::fs::major(md.dev()), rustix::fs::minor(md.dev())) == m.dev)
    });
    std::iter::once(&m.mount_point)
        .chain(on_this_fs)
        .find_map(|p| resolve(p).ok())
}

/// How long the mounts of the list may take to answer, together: a dead
/// network or FUSE mount never answers statfs, and is left out rather than
/// hang the list.
pub const LIST_DEADLINE: Duration = Duration::from_secs(2);

/// Each mount looked at on a thread of its own ([`writable_on`]); `None` for
/// one that did not answer within `deadline` (its thread is left blocked,
/// detached).
fn resolve_all_within(
    mounts: &[mountinfo::Mount],
    dirs: &[PathBuf],
    deadline: Duration,
) -> Vec<Option<TargetInfo>> {
    let until = std::time::Instant::now() + deadline;
    let receivers: Vec<_> = mounts
        .iter()
        .map(|m| {
            let (tx, rx) = std::sync::mpsc::channel();
            let (m, dirs) = (m.clone(), dirs.to_vec());
            // A mount that gets no thread is left out, as one that does not
            // answer is.
            small_thread(move || {
                let _ = tx.send(writable_on(&m, &dirs));
            });
            rx
        })
        .collect();
    receivers
        .into_iter()
        .map(|rx| {
            let left = until.saturating_duration_since(std::time::Instant::now());
            rx.recv_timeout(left).ok().flatten()
        })
        .collect()
}

/// /dev/shm: memory storage every user may write to, though under /dev.
fn is_shm(m: &mountinfo::Mount) -> bool {
    m.mount_point == Path::new("/dev/shm") && m.fs_type == "tmpfs" && !m.read_only()
}

/// Directories a user can usually write to, in the order they are
/// offered: the home directory, then the shared temporary ones.
fn user_dirs() -> Vec<PathBuf> {
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .filter(|h| h.is_absolute());
    home.into_iter()
        .chain(["/var/tmp", "/tmp", "/dev/shm"].map(PathBuf::from))
        .collect()
}

/// Why a device could not be opened: a permission refused to root is not
/// the user's to fix by becoming root.
fn unreadable(path: &Path, source: io::Error, root: bool) -> TargetError {
    let path = path.to_path_buf();
    let denied = matches!(source.raw_os_error(), Some(libc::EPERM | libc::EACCES));
    if denied && root {
        TargetError::DeviceForbidden { path, source }
    } else {
        TargetError::DeviceUnreadable { path, source }
    }
}

/// A block device: readable, its size, its disks, whether it is mounted.
fn resolve_device(path: &Path, meta: &std::fs::Metadata) -> Result<TargetInfo, TargetError> {
    use std::io::{Seek, SeekFrom};
    let canonical = std::fs::canonicalize(path).map_err(|source| TargetError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let size = std::fs::File::open(&canonical)
        .and_then(|mut f| f.seek(SeekFrom::End(0)))
        .map_err(|source| unreadable(&canonical, source, rustix::process::geteuid().is_root()))?;
    let rdev = meta.rdev();
    let dev = (rustix::fs::major(rdev), rustix::fs::minor(rdev));
    let mount = mountinfo::all().into_iter().find(|m| m.dev == dev);
    let device = sysfs::BlockDevice::from_dev(Path::new("/sys"), dev);
    let caveats = caveats::detect("", None, device.as_ref());
    Ok(TargetInfo {
        kind: TargetKind::BlockDevice,
        mount_point: mount.as_ref().map(|m| m.mount_point.clone()),
        fs_type: mount
            .as_ref()
            .map_or_else(|| "unmounted".to_string(), |m| m.fs_type.clone()),
        source: Some(canonical.to_string_lossy().into_owned()),
        mount_options: Vec::new(),
        path: canonical,
        dev,
        device,
        usage: Usage {
            total: size,
            used: 0,
            available: 0,
        },
        caveats,
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
        assert!(matches!(
            resolve(Path::new("/dev/null")),
            Err(TargetError::NotADirectory(_))
        ));
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(dir.path(), &link).unwrap();
        let e = resolve(&link).unwrap_err();
        assert!(matches!(e, TargetError::Symlink { to: Some(_), .. }), "{e}");
        assert!(e.to_string().contains("is a symbolic link to"));
        let dangling = dir.path().join("dangling");
        std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).unwrap();
        assert!(
            resolve(&dangling)
                .unwrap_err()
                .to_string()
                .contains("leads nowhere")
        );
    }

    #[test]
    fn candidates_for_the_targets_list() {
        use mountinfo::parse_line;
        let yes = [
            "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw",
            "90 27 7:0 / /mnt/data rw - xfs /dev/loop0 rw",
            "91 27 0:50 / /tmp rw - tmpfs tmpfs rw",
            "92 1 0:51 / / rw - overlay overlay rw,lowerdir=/a",
        ];
        let no = [
            "22 27 0:21 / /proc rw - proc proc rw",
            "25 24 0:23 / /dev/shm rw - tmpfs tmpfs rw",
            "28 27 0:25 / /mnt/ro ro,nosuid - tmpfs x ro",
            "29 27 254:0 /var/lib /srv/bind rw - ext4 /dev/vda rw",
            "30 27 0:52 / /var/lib/docker/overlay2/x/merged rw - overlay overlay rw",
            "31 27 0:53 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw",
            "32 27 0:54 / /run/user/1000 rw - tmpfs tmpfs rw",
        ];
        for l in yes {
            assert!(is_candidate(&parse_line(l).unwrap()), "{l}");
        }
        for l in no {
            assert!(!is_candidate(&parse_line(l).unwrap()), "{l}");
        }
        // This machine's list holds writable directories only.
        for t in list() {
            assert_eq!(t.kind, TargetKind::Directory);
            assert!(t.usage.total > 0 || t.fs_type == "ramfs");
        }
    }

    #[test]
    fn a_device_refused_to_root_does_not_say_become_root() {
        let eperm = || io::Error::from_raw_os_error(libc::EPERM);
        let dev = Path::new("/dev/vdz");
        let user = unreadable(dev, eperm(), false).to_string();
        assert!(user.contains("in the disk group) or as root"), "{user}");
        let root = unreadable(dev, eperm(), true).to_string();
        assert!(root.contains("although diskmark runs as root"), "{root}");
        assert!(!root.contains("or as root"), "{root}");
        let gone = unreadable(dev, io::Error::from_raw_os_error(libc::ENXIO), true);
        assert!(matches!(gone, TargetError::DeviceUnreadable { .. }));
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
