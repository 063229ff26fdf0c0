//! Where diskmark may write: the one home of that rule. Every output (a
//! report, a chart, the history database, a kept result, the TUI's save)
//! is checked here before the run starts, and opened here when it is
//! written, so that nothing but diskmark's own test file and the files the
//! user named ever changes — never a block device, never the device or file
//! under test, never a node in /dev.
//!
//! The check resolves the path as the kernel would (symlinks, `..`,
//! `/proc/self/fd/N`, `/dev/disk/by-id/...`, a directory that is a link) and
//! looks at what is there. Writing opens the resolved directory and creates
//! or opens the name in it without following a link, then looks at what was
//! opened (`fstat`) before the first byte goes out: a block device swapped
//! in during the run is still never written.

mod write;

use crate::config::UsageError;
use rustix::fs::FileType;
use std::ffi::OsString;
use std::io;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Component, Path, PathBuf};

/// What the output is, as seen before the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A regular file that exists, or a name that does not exist yet.
    File,
    /// A terminal, /dev/null, /dev/zero, /dev/full, or a pipe: opened as
    /// named (it may be a magic link such as /dev/stdout), never created.
    Stream,
    /// diskmark's own standard output (1) or error (2), under any name
    /// (/dev/stdout, /proc/self/fd/1, the file it is redirected to): written
    /// through that descriptor, at its offset, never emptied — so that
    /// `-o /dev/stdout >> log` appends as the shell promised.
    Std(i32),
}

/// An output path that passed [`check`]: where to write, and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputPath {
    /// The path as the user gave it (for messages).
    pub shown: PathBuf,
    /// The directory it is in, resolved (no link left in it).
    dir: PathBuf,
    /// Its name in that directory.
    name: OsString,
    kind: Kind,
    /// (device, inode) of what is there now, when something is.
    identity: Option<(u64, u64)>,
}

/// What no output may be: the target under test.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Forbidden {
    /// (device, inode) of the target directory or device node.
    target: Option<(u64, u64)>,
    /// The device number of a raw block device under test.
    target_rdev: Option<u64>,
    /// (device, inode) of the file behind the loop device under test (the
    /// raw device, or the one the target directory's filesystem is on):
    /// writing it is writing the device.
    backing: Option<(u64, u64)>,
}

impl Forbidden {
    /// The target `path` (a directory or a block device), as it is now.
    /// A target that does not answer within
    /// [`crate::target::RESOLVE_DEADLINE`] (a dead network or FUSE mount)
    /// forbids nothing more: the run refuses it right after, at once and
    /// before any output is written.
    pub fn target(path: &Path) -> Forbidden {
        crate::target::answering(path, Forbidden::target_now).unwrap_or_default()
    }

    fn target_now(path: &Path) -> Forbidden {
        match std::fs::metadata(path) {
            Ok(m) => {
                let device = if m.file_type().is_block_device() {
                    m.rdev()
                } else {
                    m.dev()
                };
                Forbidden {
                    target: Some((m.dev(), m.ino())),
                    target_rdev: m.file_type().is_block_device().then_some(m.rdev()),
                    backing: loop_backing_file(device),
                }
            }
            Err(_) => Forbidden::default(),
        }
    }
}

/// (device, inode) of the file a loop device (major 7) reads and writes.
fn loop_backing_file(rdev: u64) -> Option<(u64, u64)> {
    let (major, minor) = (rustix::fs::major(rdev), rustix::fs::minor(rdev));
    if major != 7 {
        return None;
    }
    let file = std::fs::read_to_string(format!("/sys/dev/block/{major}:{minor}/loop/backing_file"))
        .ok()?;
    let m = std::fs::metadata(file.trim_end_matches('\n')).ok()?;
    Some((m.dev(), m.ino()))
}

/// Character devices a report may go to: null, zero, full (major 1,
/// minors 3, 5, 7), terminals (4, 5) and pseudo-terminals (136..=143).
/// Others (/dev/mem, /dev/sg*, an NVMe controller) act on hardware.
fn harmless_char_device(rdev: u64) -> bool {
    let (major, minor) = (rustix::fs::major(rdev), rustix::fs::minor(rdev));
    matches!((major, minor), (1, 3 | 5 | 7)) || matches!(major, 4 | 5 | 136..=143)
}

/// Filesystems whose files are kernel controls, not storage: writing a
/// report to /proc/sysrq-trigger or a sysfs attribute acts on the machine.
/// Magic numbers from linux/magic.h.
const PSEUDO_FS: [u64; 15] = [
    0x9fa0,      // proc
    0x6265_6572, // sysfs
    0x0027_e0eb, // cgroup
    0x6367_7270, // cgroup2
    0x6462_6720, // debugfs
    0x7472_6163, // tracefs
    0x7363_6673, // securityfs
    0x6265_6570, // configfs
    0xcafe_4a11, // bpf
    0xde5e_81e4, // efivarfs
    0x6165_676c, // pstore
    0xf97c_ff8c, // selinuxfs
    0x4249_4e4d, // binfmt_misc
    0x6573_5543, // fusectl
    0x1cd1,      // devpts
];

/// Whether the filesystem `stat` describes holds kernel controls.
fn is_pseudo(st: &rustix::fs::StatFs) -> bool {
    PSEUDO_FS.contains(&(st.f_type as u64))
}

/// Whether `dir` (resolved) is /dev or under it, where only the device
/// nodes above may be written; /dev/shm is ordinary memory storage.
fn in_dev(dir: &Path) -> bool {
    dir.starts_with("/dev") && !dir.starts_with("/dev/shm")
}

/// Whether `name` could be taken for a diskmark test file (and so be
/// removed by a stale-file scan, or be the test file itself).
fn looks_like_test_file(name: &std::ffi::OsStr) -> bool {
    let n = name.to_string_lossy();
    n.starts_with(crate::run::testfile::FILE_PREFIX)
        && n.ends_with(crate::run::testfile::FILE_SUFFIX)
}

/// Checks one output path given with `option`; refuses, in one sentence
/// naming the option, anything that could reach a device or the target.
pub fn check(
    path: &Path,
    option: &'static str,
    forbidden: Forbidden,
) -> Result<OutputPath, UsageError> {
    let refuse = |why: String| UsageError::new(option, why);
    if path.as_os_str().is_empty() {
        return Err(refuse("an empty path; give a file name".into()));
    }
    let name = match path.components().next_back() {
        Some(Component::Normal(n)) => n.to_os_string(),
        _ => {
            return Err(refuse(format!(
                "{} is a directory; give a file name",
                crate::escape::path(path)
            )));
        }
    };
    match std::fs::metadata(path) {
        Ok(m) => check_existing(path, &m, forbidden, &refuse),
        Err(e) if e.kind() == io::ErrorKind::NotFound => check_new(path, name, &refuse),
        Err(e) => Err(refuse(format!(
            "cannot use {}: {e}",
            crate::escape::path(path)
        ))),
    }
}

/// A terminal (or other allowed character device) opened for writing now,
/// as the output will be at the end: /dev/tty with no controlling
/// terminal (a cron job, `setsid`) fails with ENXIO, and is refused before
/// the benchmark rather than after it (docs/report.md#outputs).
fn writable_now(path: &Path, refuse: &dyn Fn(String) -> UsageError) -> Result<(), UsageError> {
    use rustix::fs::{Mode, OFlags};
    let flags = OFlags::WRONLY | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC;
    match rustix::fs::open(path, flags, Mode::empty()) {
        Ok(_) => Ok(()),
        Err(e) => {
            let why = if e == rustix::io::Errno::NXIO {
                "this process has no controlling terminal".to_string()
            } else {
                std::io::Error::from(e).to_string()
            };
            Err(refuse(format!(
                "{} cannot be opened for writing ({why}), so the output would be lost after the run; give a file name",
                crate::escape::path(path)
            )))
        }
    }
}

/// An output that exists: what it is decides.
fn check_existing(
    path: &Path,
    m: &std::fs::Metadata,
    forbidden: Forbidden,
    refuse: &dyn Fn(String) -> UsageError,
) -> Result<OutputPath, UsageError> {
    let shown = crate::escape::path(path);
    let ft = m.file_type();
    let id = Some((m.dev(), m.ino()));
    let same_device = ft.is_block_device() && forbidden.target_rdev == Some(m.rdev());
    if id == forbidden.backing {
        return Err(refuse(format!(
            "{shown} is the image behind the loop device under test; diskmark never writes there: give another file"
        )));
    }
    if id == forbidden.target || same_device {
        return Err(refuse(format!(
            "{shown} is the target under test; diskmark never writes there: give a file name"
        )));
    }
    if ft.is_block_device() {
        return Err(refuse(format!(
            "{shown} is a block device; diskmark never writes to a device: give a file name"
        )));
    }
    if ft.is_dir() {
        return Err(refuse(format!("{shown} is a directory; give a file name")));
    }
    if ft.is_char_device() && !harmless_char_device(m.rdev()) {
        return Err(refuse(format!(
            "{shown} is a character device that is not a terminal or /dev/null; give a file name"
        )));
    }
    let null = ft.is_char_device() && m.rdev() == rustix::fs::makedev(1, 3);
    if ft.is_char_device() && !null {
        writable_now(path, refuse)?;
    }
    if !null && let Some(n) = std_stream_of(id) {
        return Ok(OutputPath {
            shown: path.to_path_buf(),
            dir: PathBuf::new(),
            name: path.as_os_str().to_os_string(),
            kind: Kind::Std(n),
            identity: id,
        });
    }
    if ft.is_char_device() || ft.is_fifo() {
        return Ok(OutputPath {
            shown: path.to_path_buf(),
            dir: PathBuf::new(),
            name: path.as_os_str().to_os_string(),
            kind: Kind::Stream,
            identity: id,
        });
    }
    if !ft.is_file() {
        return Err(refuse(format!(
            "{shown} is not a regular file; give a file name"
        )));
    }
    // A regular file: resolved fully, so that a link to it and the file
    // itself are seen as one.
    let real =
        std::fs::canonicalize(path).map_err(|e| refuse(format!("cannot resolve {shown}: {e}")))?;
    let (dir, name) = split(&real).ok_or_else(|| refuse(format!("cannot resolve {shown}")))?;
    finish(path, dir, name, Kind::File, id, refuse)
}

/// 1 or 2 when `id` is what diskmark's standard output or error is.
fn std_stream_of(id: Option<(u64, u64)>) -> Option<i32> {
    let same = |fd: std::os::fd::BorrowedFd<'_>| {
        rustix::fs::fstat(fd).is_ok_and(|st| Some((st.st_dev, st.st_ino)) == id)
    };
    if same(rustix::stdio::stdout()) {
        Some(1)
    } else if same(rustix::stdio::stderr()) {
        Some(2)
    } else {
        None
    }
}

/// An output that does not exist yet: its directory must, outside /dev.
fn check_new(
    path: &Path,
    name: OsString,
    refuse: &dyn Fn(String) -> UsageError,
) -> Result<OutputPath, UsageError> {
    if std::fs::symlink_metadata(path).is_ok() {
        return Err(refuse(format!(
            "{} is a symbolic link that leads nowhere; give the file itself",
            crate::escape::path(path)
        )));
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let dir = match std::fs::canonicalize(parent) {
        Ok(d) if d.is_dir() => d,
        Ok(_) => {
            return Err(refuse(format!(
                "{} is not a directory; give a file in a directory",
                crate::escape::path(parent)
            )));
        }
        Err(_) => {
            return Err(refuse(format!(
                "the directory {} does not exist; create it or choose another file",
                crate::escape::path(parent)
            )));
        }
    };
    finish(path, dir, name, Kind::File, None, refuse)
}

/// The checks common to an existing file and a new one.
fn finish(
    path: &Path,
    dir: PathBuf,
    name: OsString,
    kind: Kind,
    identity: Option<(u64, u64)>,
    refuse: &dyn Fn(String) -> UsageError,
) -> Result<OutputPath, UsageError> {
    if in_dev(&dir) {
        return Err(refuse(format!(
            "{} is in /dev, where diskmark writes only to /dev/null and terminals; give a file elsewhere",
            crate::escape::path(path)
        )));
    }
    if looks_like_test_file(&name) {
        return Err(refuse(format!(
            "{} has the name of a diskmark test file; choose another name",
            crate::escape::path(path)
        )));
    }
    // The directory may not exist yet (the history's): its nearest
    // existing ancestor says where it would be made.
    let existing = dir
        .ancestors()
        .find(|a| a.exists())
        .unwrap_or(Path::new("/"));
    if rustix::fs::statfs(existing).is_ok_and(|st| is_pseudo(&st)) {
        return Err(refuse(format!(
            "{} is on a kernel filesystem (/proc, /sys, ...), where a write is a command, not a file; give a file elsewhere",
            crate::escape::path(path)
        )));
    }
    // Found out now rather than after minutes of measuring.
    let writable = match identity {
        Some(_) => rustix::fs::access(dir.join(&name), rustix::fs::Access::WRITE_OK),
        None => rustix::fs::access(
            existing,
            rustix::fs::Access::WRITE_OK | rustix::fs::Access::EXEC_OK,
        ),
    };
    if let Err(e) = writable {
        return Err(refuse(format!(
            "cannot write {}: {}; choose a file you may write",
            crate::escape::path(path),
            std::io::Error::from(e)
        )));
    }
    Ok(OutputPath {
        shown: path.to_path_buf(),
        dir,
        name,
        kind,
        identity,
    })
}

/// Like [`check`], for a file whose directories may not exist yet (the
/// history database's default place): the nearest existing directory is
/// resolved and the rest appended, so a link in it is still seen.
pub fn check_in_new_dir(
    path: &Path,
    option: &'static str,
    forbidden: Forbidden,
) -> Result<OutputPath, UsageError> {
    let mut base = path.parent().unwrap_or(Path::new("."));
    let mut rest = Vec::new();
    while !base.as_os_str().is_empty() && std::fs::symlink_metadata(base).is_err() {
        match base.file_name() {
            Some(n) if base.components().next_back() != Some(Component::ParentDir) => {
                rest.push(n.to_os_string())
            }
            _ => break,
        }
        base = base.parent().unwrap_or(Path::new(""));
    }
    if rest.is_empty() {
        return check(path, option, forbidden);
    }
    let base = if base.as_os_str().is_empty() {
        Path::new(".")
    } else {
        base
    };
    let mut dir = std::fs::canonicalize(base).map_err(|e| {
        UsageError::new(
            option,
            format!("cannot use {}: {e}", crate::escape::path(base)),
        )
    })?;
    if !dir.is_dir() {
        return Err(UsageError::new(
            option,
            format!(
                "{} is not a directory; give a file in a directory",
                crate::escape::path(base)
            ),
        ));
    }
    dir.extend(rest.iter().rev());
    let name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    finish(path, dir, name, Kind::File, None, &|why| {
        UsageError::new(option, why)
    })
}

fn split(real: &Path) -> Option<(PathBuf, OsString)> {
    Some((
        real.parent()?.to_path_buf(),
        real.file_name()?.to_os_string(),
    ))
}

/// Which standard stream is a block device or a kernel control file
/// (`diskmark /dev/sdb > /dev/sdb`, `2> /proc/sysrq-trigger`): diskmark
/// then writes nothing at all, not even an error, and exits 2.
pub fn bad_std_stream() -> Option<&'static str> {
    let bad = |fd: std::os::fd::BorrowedFd<'_>| {
        rustix::fs::fstat(fd).is_ok_and(|st| {
            FileType::from_raw_mode(st.st_mode) == FileType::BlockDevice
                || (FileType::from_raw_mode(st.st_mode) == FileType::RegularFile
                    && rustix::fs::fstatfs(fd).is_ok_and(|fs| is_pseudo(&fs)))
        })
    };
    if bad(rustix::stdio::stderr()) {
        Some("standard error")
    } else if bad(rustix::stdio::stdout()) {
        Some("standard output")
    } else {
        None
    }
}

/// Checks every output of one command: each alone, and no two of them the
/// same file (two reports into one file would leave only the last).
pub fn check_all(
    outputs: &[(&Path, &'static str)],
    forbidden: Forbidden,
) -> Result<Vec<OutputPath>, UsageError> {
    let mut checked: Vec<OutputPath> = Vec::new();
    for (path, option) in outputs {
        let o = check(path, option, forbidden)?;
        if let Some(prev) = checked.iter().find(|p| p.same_as(&o)) {
            return Err(UsageError::new(
                option,
                format!(
                    "{} and {} are the same file; give each output its own file",
                    crate::escape::path(&prev.shown),
                    crate::escape::path(&o.shown)
                ),
            ));
        }
        checked.push(o);
    }
    Ok(checked)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_target() -> Forbidden {
        Forbidden::default()
    }

    #[test]
    fn files_streams_and_refusals() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("r.json");
        let o = check(&f, "--output", no_target()).unwrap();
        o.write(b"first, longer\n").unwrap();
        o.write(b"second\n").unwrap();
        assert_eq!(std::fs::read(&f).unwrap(), b"second\n");
        assert!(
            check(Path::new("/dev/null"), "--output", no_target())
                .unwrap()
                .is_stream()
        );
        for (p, why) in [
            (PathBuf::from("/dev/new-report.json"), "in /dev"),
            (PathBuf::from("/proc/sysrq-trigger"), "kernel filesystem"),
            (PathBuf::from("/sys/kernel/new.json"), "kernel filesystem"),
            (PathBuf::from("/proc/self/fd/../comm"), "kernel filesystem"),
            (dir.path().to_path_buf(), "is a directory"),
            (dir.path().join(".diskmark-1-0badf00d.tmp"), "test file"),
            (dir.path().join("no/such/r.json"), "does not exist"),
        ] {
            let e = check(&p, "--output", no_target()).unwrap_err().to_string();
            assert!(e.starts_with("--output: ") && e.contains(why), "{p:?}: {e}");
        }
        let mk = rustix::fs::makedev;
        assert!(harmless_char_device(mk(1, 3)) && harmless_char_device(mk(136, 2)));
        // /dev/mem, /dev/port, SCSI generic, an NVMe controller.
        for rdev in [mk(1, 1), mk(1, 4), mk(21, 0), mk(240, 0)] {
            assert!(!harmless_char_device(rdev));
        }
        let target = Forbidden::target(dir.path());
        let e = check(dir.path(), "--chart", target)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("--chart: "), "{e}");
    }

    #[test]
    fn links_resolve_to_what_they_name() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.json");
        std::fs::write(&real, "x").unwrap();
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let e = check_all(&[(&real, "--output"), (&link, "--chart")], no_target())
            .unwrap_err()
            .to_string();
        assert!(e.contains("same file"), "{e}");
        let dangling = dir.path().join("dangling.json");
        std::os::unix::fs::symlink(dir.path().join("gone"), &dangling).unwrap();
        let e = check(&dangling, "--output", no_target())
            .unwrap_err()
            .to_string();
        assert!(e.contains("leads nowhere"), "{e}");
        // A directory reached through a link: the file lands in the real one.
        let via = dir.path().join("via");
        std::os::unix::fs::symlink(dir.path(), &via).unwrap();
        let o = check(&via.join("new.txt"), "--output", no_target()).unwrap();
        assert_eq!(
            o.resolved(),
            std::fs::canonicalize(dir.path()).unwrap().join("new.txt")
        );
        assert!(
            check_all(
                &[
                    (Path::new("/dev/null"), "-o"),
                    (Path::new("/dev/null"), "--chart")
                ],
                no_target()
            )
            .is_ok()
        );
    }

    #[test]
    fn new_directories_are_resolved_from_the_nearest_existing_one() {
        let dir = tempfile::tempdir().unwrap();
        let via = dir.path().join("via");
        std::os::unix::fs::symlink(dir.path(), &via).unwrap();
        let o = check_in_new_dir(&via.join("a/b/h.db"), "--history", no_target()).unwrap();
        let real = std::fs::canonicalize(dir.path()).unwrap();
        assert_eq!(o.resolved(), real.join("a/b/h.db"));
        let e = check_in_new_dir(
            Path::new("/dev/nonexistent-dir/h.db"),
            "--history",
            no_target(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("in /dev"), "{e}");
    }
}
