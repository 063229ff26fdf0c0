//! Why a run fails: one sentence per cause, naming the problem and the fix.

use super::stop::StopReason;
use super::worker::WorkerError;
use crate::workload::Direction;
use std::io;
use std::path::PathBuf;

/// Why a run failed. Each message is one sentence naming the problem and,
/// where there is one, the fix.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The target is unusable.
    #[error(transparent)]
    Target(#[from] crate::target::TargetError),
    /// Not enough free space for the test file.
    #[error(
        "not enough free space in {shown_path}: the test file needs {need} but only {available} is available; {fix}",
        shown_path = crate::escape::path(.path)
    )]
    NoSpace {
        /// Target directory.
        path: PathBuf,
        /// Test file size, human readable.
        need: String,
        /// Free space, human readable.
        available: String,
        /// What to do: a smaller --size only when one would fit.
        fix: String,
    },
    /// Space ran out while writing.
    #[error(
        "the disk filled up during the {during} ({shown_path} could not be written); free some space or use a smaller --size", shown_path = crate::escape::path(.path))]
    DiskFull {
        /// Test file.
        path: PathBuf,
        /// Which step.
        during: String,
    },
    /// A write went past RLIMIT_FSIZE (EFBIG).
    #[error(
        "the test file {shown_path} reached this process's file-size limit ({limit}, RLIMIT_FSIZE, set by `ulimit -f` or `prlimit --fsize`) during the {during}; raise it (`ulimit -f unlimited`) or use a --size below it", shown_path = crate::escape::path(.path))]
    FileSizeLimit {
        /// Test file.
        path: PathBuf,
        /// The limit, human readable.
        limit: String,
        /// Which step.
        during: String,
    },
    /// The memory limits leave too little address space for the run.
    #[error(
        "the memory limit {limit} leaves {free} of address space but this run needs about {need}; raise the limit, or run smaller tests (fewer threads, a smaller block or Q)"
    )]
    AddressSpace {
        /// The limit, human readable, and which one.
        limit: String,
        /// What it leaves.
        free: String,
        /// What the run needs.
        need: String,
    },
    /// A memory cgroup's limit or the machine's available memory leaves
    /// too little for the run: the OOM killer would end it with its test
    /// file in place.
    #[error(
        "the {limit} leaves {free} but this run needs about {need}; raise the limit, or run smaller tests (fewer threads, a smaller block or Q)"
    )]
    Memory {
        /// The limit, its value and where it is set.
        limit: String,
        /// What it leaves.
        free: String,
        /// What the run needs.
        need: String,
    },
    /// The filesystem refuses O_DIRECT.
    #[error("the filesystem of {shown_path} does not support O_DIRECT; run with --buffered", shown_path = crate::escape::path(.path))]
    DirectUnsupported {
        /// Target directory.
        path: PathBuf,
    },
    /// The target refused the creation of the test file.
    #[error("cannot create the test file in {shown_path}: {source}", shown_path = crate::escape::path(.path))]
    Create {
        /// Target directory.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// The pre-fill failed for another reason.
    #[error("pre-filling the test file {shown_path} failed: {source}", shown_path = crate::escape::path(.path))]
    Prefill {
        /// Test file.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// An I/O of a test failed or was short.
    #[error("{test} {direction}: {source}")]
    Io {
        /// Test name.
        test: String,
        /// Read, write or mix.
        direction: &'static str,
        /// What failed.
        source: WorkerError,
    },
    /// Worker threads could not be started.
    #[error("cannot start {threads} worker threads for {test}: {source}")]
    Threads {
        /// Test name.
        test: String,
        /// Threads asked for.
        threads: u32,
        /// The cause.
        source: io::Error,
    },
    /// Something else the OS refused between tests.
    #[error("{what} failed: {source}")]
    Os {
        /// Which step.
        what: &'static str,
        /// The cause.
        source: io::Error,
    },
    /// A worker thread panicked (a bug).
    #[error(
        "a worker thread of {test} panicked ({message}); this is a bug in diskmark, please report it"
    )]
    WorkerPanic {
        /// Test name.
        test: String,
        /// What the panic said.
        message: String,
    },
    /// The test cannot run on this engine at all.
    #[error(transparent)]
    Plan(crate::plan::PlanError),
    /// `--strict` and the engine would have to change a test.
    #[error("--strict: {reason}; drop --strict to let diskmark adapt, or choose another --engine")]
    Strict {
        /// The adaptations that would have been made.
        reason: String,
    },
    /// `--hipri` on a device that cannot poll.
    #[error("--hipri: polled completions are not possible here: {reason}")]
    Hipri {
        /// Why.
        reason: String,
    },
    /// An engine could not be set up for a test.
    #[error("{test}: {source}")]
    Engine {
        /// Test name.
        test: String,
        /// What failed.
        source: crate::engine::EngineError,
    },
    /// The block device target could not be opened or read.
    #[error("cannot read the block device {shown_path}: {source}", shown_path = crate::escape::path(.path))]
    Device {
        /// The device.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// A test cannot run on this target as asked.
    #[error("{0}")]
    Refused(String),
    /// fio failed or its output could not be used.
    #[error("{test} through fio: {source}")]
    Fio {
        /// Test and direction.
        test: String,
        /// What failed, in fio's words where it gave some.
        source: crate::fio::FioError,
    },
    /// --verify found blocks that did not read back as written.
    #[error(
        "--verify: {test}: {bad} of {checked} written blocks did not read back as written; first at {first}"
    )]
    Verify {
        /// Test and direction.
        test: String,
        /// Written blocks checked.
        checked: u64,
        /// Bad ones.
        bad: u64,
        /// The first ones, by offset.
        first: String,
    },
    /// A signal or the user asked the run to end. Handled by
    /// [`super::run`], which returns the finished results instead.
    #[error("interrupted by {0}")]
    Interrupted(StopReason),
}

impl RunError {
    /// The error for a test file that could not be created in `dir`.
    pub(crate) fn create(dir: &std::path::Path, e: io::Error) -> RunError {
        match e.raw_os_error() {
            Some(libc::EROFS) => crate::target::TargetError::ReadOnly(dir.to_path_buf()).into(),
            Some(libc::EACCES) | Some(libc::EPERM) => {
                crate::target::TargetError::NotWritable(dir.to_path_buf()).into()
            }
            Some(libc::ENOSPC) | Some(libc::EDQUOT) => RunError::DiskFull {
                path: dir.to_path_buf(),
                during: "creation of the test file".into(),
            },
            Some(libc::EMFILE) => RunError::Create {
                path: dir.to_path_buf(),
                source: io::Error::other(
                    "this process has too many open files; raise the open-file limit (ulimit -n)",
                ),
            },
            _ => RunError::Create {
                path: dir.to_path_buf(),
                source: e,
            },
        }
    }

    /// The error for a write of the test file that failed with `e` during
    /// `during`, when the cause is the disk or a limit rather than the I/O
    /// itself: ENOSPC/EDQUOT or EFBIG.
    pub(crate) fn full(path: &std::path::Path, during: &str, e: &io::Error) -> Option<RunError> {
        match e.raw_os_error() {
            Some(libc::ENOSPC) | Some(libc::EDQUOT) => Some(RunError::DiskFull {
                path: path.to_path_buf(),
                during: during.to_string(),
            }),
            Some(libc::EFBIG) => Some(RunError::FileSizeLimit {
                path: path.to_path_buf(),
                limit: fsize_limit().map_or("unlimited".into(), crate::units::human_bytes),
                during: during.to_string(),
            }),
            _ => None,
        }
    }

    /// Whether the user's input is at fault (exit 2) rather than the run
    /// (exit 1).
    pub fn is_usage(&self) -> bool {
        match self {
            RunError::Target(t) => t.is_usage(),
            RunError::Plan(_)
            | RunError::Strict { .. }
            | RunError::Hipri { .. }
            | RunError::Refused(_) => true,
            _ => false,
        }
    }
}

/// Turns a worker's failure into the run's error, naming the test.
/// `in_flight` is the most bytes the test's I/Os can have in flight.
pub(crate) fn io_error(
    test: String,
    direction: Direction,
    path: &std::path::Path,
    e: WorkerError,
    in_flight: u64,
) -> RunError {
    if let WorkerError::Engine(source) = e {
        return RunError::Engine { test, source };
    }
    let during = format!("{test} {} test", direction.name());
    if let WorkerError::Panic(message) = e {
        return RunError::WorkerPanic { test, message };
    }
    if let WorkerError::Io { source, .. } = &e
        && let Some(full) = RunError::full(path, &during, source)
    {
        return full;
    }
    // An O_DIRECT write that crosses RLIMIT_FSIZE is cut by the kernel to
    // an unaligned length and fails with EINVAL, not EFBIG: near the limit
    // that is the limit, not the filesystem (issue 26 §7).
    if let WorkerError::Io {
        op: crate::engine::Op::Write,
        offset,
        source,
    } = &e
        && source.raw_os_error() == Some(libc::EINVAL)
        && past_fsize_limit(*offset, in_flight.max(1))
    {
        let efbig = io::Error::from_raw_os_error(libc::EFBIG);
        if let Some(full) = RunError::full(path, &during, &efbig) {
            return full;
        }
    }
    // A write cut short on a regular file is the disk filling up or the
    // file-size limit: the errno would only come with the next write. The
    // space left is read after every thread has stopped, when the blocks
    // the other writes in flight had reserved are free again: a disk with
    // less free than all the I/Os in flight could take was full for them.
    if let WorkerError::Short {
        op: crate::engine::Op::Write,
        offset,
        want,
        ..
    } = &e
    {
        let past_limit = fsize_limit().is_some_and(|l| offset + want > l);
        let errno = if past_limit {
            Some(libc::EFBIG)
        } else if free_bytes(path).is_some_and(|f| f < (*want).max(in_flight)) {
            Some(libc::ENOSPC)
        } else {
            None
        };
        if let Some(full) =
            errno.and_then(|n| RunError::full(path, &during, &io::Error::from_raw_os_error(n)))
        {
            return full;
        }
    }
    RunError::Io {
        test,
        direction: direction.name(),
        source: e,
    }
}

/// Whether a write of `len` bytes at `offset` reaches past RLIMIT_FSIZE.
pub(crate) fn past_fsize_limit(offset: u64, len: u64) -> bool {
    fsize_limit().is_some_and(|l| offset.saturating_add(len) > l)
}

/// RLIMIT_FSIZE's soft limit, if there is one.
pub(crate) fn fsize_limit() -> Option<u64> {
    rustix::process::getrlimit(rustix::process::Resource::Fsize).current
}

/// Bytes free for this user on the filesystem of `path`'s directory.
fn free_bytes(path: &std::path::Path) -> Option<u64> {
    let st = rustix::fs::statvfs(path.parent()?).ok()?;
    Some(st.f_bavail.saturating_mul(st.f_frsize))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Op;

    // The disk's free space lies between one block and what the I/Os in
    // flight could take: a short write is the disk filling up only when
    // less is free than all of them could have held.
    #[test]
    fn a_short_write_is_a_full_disk_when_less_is_free_than_is_in_flight() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".diskmark-1.tmp");
        let free = free_bytes(&path).unwrap();
        let short = || WorkerError::Short {
            op: Op::Write,
            offset: 0,
            got: 512,
            want: 4096,
        };
        let e = |in_flight| {
            io_error(
                "SEQ1M Q8T1".into(),
                Direction::Write,
                &path,
                short(),
                in_flight,
            )
        };
        assert!(matches!(e(4096), RunError::Io { .. }), "{}", e(4096));
        let full = e(free.saturating_mul(2).max(1 << 40));
        assert!(matches!(full, RunError::DiskFull { .. }), "{full}");
    }

    #[test]
    fn io_errors_name_test_offset_and_errno() {
        let e = io_error(
            "RND4K Q1T1".into(),
            Direction::Write,
            std::path::Path::new("/x/.diskmark-1.tmp"),
            WorkerError::Io {
                op: Op::Write,
                offset: 8192,
                source: io::Error::from_raw_os_error(libc::EIO),
            },
            1 << 20,
        );
        let msg = e.to_string();
        assert!(
            msg.starts_with("RND4K Q1T1 write: write at offset 8192 failed: Input/output error"),
            "{msg}"
        );
        assert!(msg.contains("os error 5"), "{msg}");
        let full = io_error(
            "SEQ1M Q8T1".into(),
            Direction::Write,
            std::path::Path::new("/x/.diskmark-1.tmp"),
            WorkerError::Io {
                op: Op::Write,
                offset: 0,
                source: io::Error::from_raw_os_error(libc::ENOSPC),
            },
            8 << 20,
        );
        assert!(matches!(full, RunError::DiskFull { .. }), "{full}");
        assert!(
            full.to_string()
                .contains("disk filled up during the SEQ1M Q8T1 write test")
        );
    }
}
