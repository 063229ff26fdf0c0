//! The engine contract (one per thread) and the engines behind it.
//!
//! Like fio's `engines/`, one contract serves synchronous and asynchronous
//! engines. A worker thread owns `depth` slots, each with its own buffer,
//! and loops:
//!
//! 1. for every free slot: [`Engine::prepare`] a request, read the clock
//!    (its issue time), [`Engine::submit`];
//! 2. [`Engine::reap`] at least one completion, read the clock (their
//!    completion time), free their slots.
//!
//! A synchronous engine (depth 1) does the I/O inside `submit`, and `reap`
//! hands back its result; an asynchronous engine hands the request to the
//! kernel in `submit` and waits in `reap`. Either way a worker reads the
//! clock at most twice per I/O.

pub mod buffer;
pub mod fio;
pub mod io_uring;
pub mod libaio;
pub mod null;
pub mod posixaio;
pub mod probe;
pub mod psync;

use std::fs::File;
use std::io;

pub use buffer::AlignedBuf;

/// Read or write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Op {
    /// Read a block.
    Read,
    /// Write a block.
    Write,
}

impl std::fmt::Display for Op {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Op {
    /// `read` or `write`.
    pub fn name(self) -> &'static str {
        match self {
            Op::Read => "read",
            Op::Write => "write",
        }
    }
}

/// One finished I/O: its slot and its result, bytes moved or `-errno`
/// (the kernel's convention, which io_uring and libaio return as is).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Completion {
    /// The slot the I/O was prepared in.
    pub slot: u32,
    /// Bytes transferred, or the negated errno.
    pub result: i64,
}

/// What one thread's engine is given to set itself up.
#[derive(Debug)]
pub struct ThreadSetup<'a> {
    /// The test file, opened read-write (with O_DIRECT when asked).
    pub file: &'a File,
    /// Requests in flight at once (the applied Q).
    pub depth: u32,
    /// Bytes per I/O.
    pub block_size: usize,
    /// Polled completions (io_uring IOPOLL), checked possible beforehand.
    pub hipri: bool,
}

/// Failures of an engine outside a single I/O's result.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// Setting the engine up failed (allocation, duplicate descriptor, ...).
    #[error("{engine} could not be set up: {source}")]
    Setup {
        /// Engine name.
        engine: &'static str,
        /// The cause.
        source: io::Error,
    },
    /// A kernel resource limit refused the setup; `hint` says which knob.
    #[error("{engine} could not be set up: {source}; {hint}")]
    Limit {
        /// Engine name.
        engine: &'static str,
        /// The cause.
        source: io::Error,
        /// What to change.
        hint: String,
    },
    /// Submitting or waiting failed as a whole, not one I/O.
    #[error("{engine}: {what} failed: {source}")]
    Syscall {
        /// Engine name.
        engine: &'static str,
        /// Which call.
        what: &'static str,
        /// The cause.
        source: io::Error,
    },
}

impl EngineError {
    /// A setup failure of `engine`; a descriptor limit is named with its
    /// knob, so that it reads the same on every engine.
    pub fn setup(engine: &'static str, source: io::Error) -> EngineError {
        let hint = match source.raw_os_error() {
            Some(libc::EMFILE) => "raise the open-file limit (ulimit -n)",
            Some(libc::ENFILE) => "the system's open-file table is full (sysctl fs.file-max)",
            _ => return EngineError::Setup { engine, source },
        };
        EngineError::Limit {
            engine,
            source,
            hint: hint.into(),
        }
    }
}

/// How an engine instance set itself up, where it had a choice: the JSON
/// reports it per test.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct EngineFacts {
    /// io_uring: buffers registered with the kernel (fixed buffers).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registered_buffers: Option<bool>,
    /// io_uring: the file registered with the ring.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registered_file: Option<bool>,
    /// io_uring: polled completions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub polled: Option<bool>,
    /// io_uring: completion work deferred until the thread waits
    /// (COOP_TASKRUN, SINGLE_ISSUER, DEFER_TASKRUN; Linux 6.1+).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deferred_taskrun: Option<bool>,
    /// posixaio: descriptors the thread's requests are spread over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub descriptors: Option<u32>,
    /// Why a preferred setup was not used (e.g. registration refused).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallback: Option<String>,
}

/// One thread's I/O engine.
///
/// Slots are `0..depth`. The worker prepares only free slots and every
/// prepared slot completes exactly once through `reap`. An engine's `Drop`
/// must not return while the kernel may still use a slot's buffer.
pub trait Engine: Sized {
    /// Engine name as the report prints it (`psync`).
    const NAME: &'static str;

    /// Sets up one thread's instance.
    fn open(setup: &ThreadSetup<'_>) -> Result<Self, EngineError>;

    /// The buffer of `slot`, `block_size` bytes: filled before a write,
    /// holds the data after a read.
    fn buffer(&mut self, slot: u32) -> &mut [u8];

    /// Stages one request in a free slot. Issues nothing yet.
    fn prepare(&mut self, slot: u32, op: Op, offset: u64);

    /// Issues every staged request (the worker stages one at a time). A
    /// synchronous engine performs it here; an asynchronous one does not
    /// wait.
    fn submit(&mut self) -> Result<(), EngineError>;

    /// Waits until at least one issued request has completed (unless some
    /// already have) and writes the completions to the front of `out`
    /// (which has room for `depth`), returning how many.
    fn reap(&mut self, out: &mut [Completion]) -> Result<usize, EngineError>;

    /// How this instance set itself up.
    fn facts(&self) -> EngineFacts {
        EngineFacts::default()
    }
}

/// A limit on the I/Os in flight over all threads of a test, from a kernel
/// or process resource: a thread with depth `q` costs
/// `per_io · max(q, min_per_thread)` of `total`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Budget {
    /// What is available.
    pub total: u64,
    /// Units one in-flight I/O costs.
    pub per_io: u64,
    /// Smallest depth a thread is charged for.
    pub min_per_thread: u64,
    /// The resource, as a user would change it (`fs.aio-max-nr`).
    pub resource: String,
}

impl Budget {
    /// Units that T threads of depth Q cost.
    pub fn cost(&self, q: u32, t: u32) -> u64 {
        u64::from(t) * self.per_io * u64::from(q).max(self.min_per_thread)
    }
}

/// What an engine can do here: the planner adapts tests to it (DESIGN §2.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capabilities {
    /// At most one I/O in flight per thread: QxTy runs as Q1T(x·y).
    pub synchronous: bool,
    /// Largest depth per thread it can keep in flight.
    pub max_depth: u32,
    /// A limit over all threads, if any.
    pub budget: Option<Budget>,
}

/// The engines diskmark has, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EngineKind {
    /// io_uring: one ring per thread, Q in flight.
    IoUring,
    /// Linux native AIO through raw syscalls.
    Libaio,
    /// glibc POSIX AIO, spread over descriptors.
    Posixaio,
    /// pread/pwrite, one I/O per thread at a time.
    Psync,
    /// No I/O at all: measures diskmark's own overhead.
    Null,
}

impl EngineKind {
    /// Every engine, best first for the default choice.
    pub const ALL: [EngineKind; 5] = [
        EngineKind::IoUring,
        EngineKind::Libaio,
        EngineKind::Posixaio,
        EngineKind::Psync,
        EngineKind::Null,
    ];

    /// The engines the default is chosen from, best first.
    pub const DEFAULT_ORDER: [EngineKind; 3] =
        [EngineKind::IoUring, EngineKind::Libaio, EngineKind::Psync];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::IoUring => io_uring::IoUringEngine::NAME,
            EngineKind::Libaio => libaio::Libaio::NAME,
            EngineKind::Posixaio => posixaio::PosixAio::NAME,
            EngineKind::Psync => psync::Psync::NAME,
            EngineKind::Null => null::Null::NAME,
        }
    }

    /// Looks an engine up by name (whether it works here is
    /// [`probe::probe`]'s business).
    pub fn parse(name: &str) -> Option<EngineKind> {
        let name = name.trim();
        Self::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(name))
            .or_else(|| {
                name.eq_ignore_ascii_case("io-uring")
                    .then_some(EngineKind::IoUring)
            })
    }

    /// Whether it really moves data (the null engine does not).
    pub fn does_io(self) -> bool {
        !matches!(self, EngineKind::Null)
    }

    /// Whether it keeps one I/O per thread.
    pub fn synchronous(self) -> bool {
        matches!(self, EngineKind::Psync)
    }

    /// How the report's footer names it: `psync (native)`.
    pub fn label(self) -> String {
        format!("{} (native)", self.name())
    }
}

impl std::fmt::Display for EngineKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What runs the tests: a native engine, or fio with one of its engines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Backend {
    /// diskmark's own engine.
    Native(EngineKind),
    /// The fio binary, per test and loop.
    Fio(fio::FioEngine),
}

impl PartialEq<EngineKind> for Backend {
    fn eq(&self, kind: &EngineKind) -> bool {
        matches!(self, Backend::Native(k) if k == kind)
    }
}

impl From<EngineKind> for Backend {
    fn from(k: EngineKind) -> Self {
        Backend::Native(k)
    }
}

impl Backend {
    /// `io_uring` or `fio:libaio`.
    pub fn name(&self) -> String {
        match self {
            Backend::Native(k) => k.name().to_string(),
            Backend::Fio(f) => format!("fio:{}", f.ioengine),
        }
    }

    /// The report footer's name: `io_uring (native)` or `fio-libaio`.
    pub fn label(&self) -> String {
        match self {
            Backend::Native(k) => k.label(),
            Backend::Fio(f) => format!("fio-{}", f.ioengine),
        }
    }

    /// The report's second header line.
    pub fn header(&self) -> String {
        match self {
            Backend::Native(k) => format!("Native I/O engine: {}", k.name()),
            Backend::Fio(f) => {
                format!(
                    "Flexible I/O Tester ({}): https://github.com/axboe/fio",
                    f.version
                )
            }
        }
    }

    /// Whether it keeps one I/O in flight per thread.
    pub fn synchronous(&self) -> bool {
        match self {
            Backend::Native(k) => k.synchronous(),
            Backend::Fio(f) => f.synchronous(),
        }
    }

    /// Whether it really moves data.
    pub fn does_io(&self) -> bool {
        match self {
            Backend::Native(k) => k.does_io(),
            Backend::Fio(f) => f.ioengine != "null",
        }
    }

    /// Its limits here (native engines are probed).
    pub fn capabilities(&self) -> Capabilities {
        match self {
            Backend::Native(k) => probe::probe(*k).caps,
            Backend::Fio(f) => f.capabilities(),
        }
    }

    /// The native engine, if it is one.
    pub fn native(&self) -> Option<EngineKind> {
        match self {
            Backend::Native(k) => Some(*k),
            Backend::Fio(_) => None,
        }
    }
}

impl std::fmt::Display for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

impl serde::Serialize for Backend {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

/// Retries a syscall-like closure while it fails with EINTR (a signal
/// arrived; diskmark's own handlers only set a flag).
pub(crate) fn retry_eintr<T>(mut f: impl FnMut() -> io::Result<T>) -> io::Result<T> {
    loop {
        match f() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            r => return r,
        }
    }
}

/// Checks of the [`Engine`] contract that every asynchronous engine's tests
/// run on their own instance.
#[cfg(test)]
pub(crate) mod contract {
    use super::{Completion, Engine, Op};
    use std::fs::File;
    use std::os::unix::fs::FileExt;

    /// Writes `depth` blocks of 4 KiB (slot `s` filled with `s + 1`, at
    /// offset `s · 4096`) in one batch: every slot completes exactly once
    /// with the whole block, nothing is left in flight, and `file` holds
    /// the data afterwards.
    pub(crate) fn batch_completes_once_each<E: Engine>(e: &mut E, file: &File, depth: u32) {
        for s in 0..depth {
            e.buffer(s).fill(s as u8 + 1);
            e.prepare(s, Op::Write, u64::from(s) * 4096);
        }
        e.submit().unwrap();
        let mut out = vec![Completion::default(); depth as usize];
        let mut seen = Vec::new();
        while seen.len() < depth as usize {
            let n = e.reap(&mut out).unwrap();
            assert!(n > 0, "reap returned nothing with requests in flight");
            for c in &out[..n] {
                assert_eq!(c.result, 4096, "{c:?}");
                seen.push(c.slot);
            }
        }
        seen.sort_unstable();
        assert_eq!(seen, (0..depth).collect::<Vec<_>>());
        let mut data = vec![0u8; 4096];
        for s in 0..depth {
            file.read_exact_at(&mut data, u64::from(s) * 4096).unwrap();
            assert!(data.iter().all(|&b| b == s as u8 + 1), "block {s}");
        }
    }

    /// A write on a read-only descriptor: the error comes back as that
    /// request's completion (a negative errno), not as a failed call.
    pub(crate) fn errors_come_back_per_request<E: Engine>(e: &mut E) {
        e.prepare(0, Op::Write, 0);
        e.submit().unwrap();
        let mut out = [Completion::default(); 1];
        assert_eq!(e.reap(&mut out).unwrap(), 1);
        assert_eq!(
            out[0],
            Completion {
                slot: 0,
                result: -i64::from(libc::EBADF)
            }
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_names() {
        assert_eq!(EngineKind::parse("psync"), Some(EngineKind::Psync));
        assert_eq!(EngineKind::parse("NULL"), Some(EngineKind::Null));
        assert_eq!(EngineKind::parse("io_uring"), Some(EngineKind::IoUring));
        assert_eq!(EngineKind::parse("io-uring"), Some(EngineKind::IoUring));
        assert_eq!(EngineKind::parse("libaio"), Some(EngineKind::Libaio));
        assert_eq!(EngineKind::parse("posixaio"), Some(EngineKind::Posixaio));
        assert_eq!(EngineKind::parse("nosuch"), None);
        assert!(EngineKind::Psync.synchronous());
        assert_eq!(EngineKind::Psync.label(), "psync (native)");
    }

    #[test]
    fn budgets_charge_the_minimum_depth() {
        let b = Budget {
            total: 100,
            per_io: 2,
            min_per_thread: 8,
            resource: "fs.aio-max-nr".into(),
        };
        assert_eq!(b.cost(1, 1), 16);
        assert_eq!(b.cost(32, 2), 128);
    }
}
