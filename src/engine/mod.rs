//! The engine contract (one per thread) and the engines behind it.
//!
//! Like fio's `engines/`, one contract serves synchronous and asynchronous
//! engines. A worker thread owns `depth` slots, each with its own buffer,
//! and loops:
//!
//! 1. [`Engine::prepare`] a request in every free slot,
//! 2. read the clock (the issue time of all of them), [`Engine::submit`],
//! 3. [`Engine::reap`] at least one completion, read the clock (their
//!    completion time), free their slots.
//!
//! A synchronous engine (depth 1) does the I/O inside `submit`, and `reap`
//! hands back its result; an asynchronous engine hands the batch to the
//! kernel in `submit` and waits in `reap`. Either way a worker reads the
//! clock twice per batch and never more.

pub mod buffer;
pub mod null;
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

    /// Issues every staged request. A synchronous engine performs it here.
    fn submit(&mut self) -> Result<(), EngineError>;

    /// Waits until at least one issued request has completed and writes the
    /// completions to the front of `out` (which has room for `depth`),
    /// returning how many.
    fn reap(&mut self, out: &mut [Completion]) -> Result<usize, EngineError>;
}

/// What an engine can do: the planner adapts tests to it (DESIGN §2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capabilities {
    /// At most one I/O in flight per thread: QxTy runs as Q1T(x·y).
    pub synchronous: bool,
    /// Largest depth per thread it can keep in flight.
    pub max_depth: u32,
}

/// The engines diskmark has, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EngineKind {
    /// pread/pwrite, one I/O per thread at a time.
    Psync,
    /// No I/O at all: measures diskmark's own overhead.
    Null,
}

/// Why an engine name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine '{0}' (available: {list})", list = EngineKind::names().join(", "))]
pub struct UnknownEngine(pub String);

impl EngineKind {
    /// Every engine, best first for the default choice.
    pub const ALL: [EngineKind; 2] = [EngineKind::Psync, EngineKind::Null];

    /// Every engine's command-line name.
    pub fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|e| e.name()).collect()
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Psync => psync::Psync::NAME,
            EngineKind::Null => null::Null::NAME,
        }
    }

    /// Looks an engine up by name.
    pub fn parse(name: &str) -> Result<EngineKind, UnknownEngine> {
        Self::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| UnknownEngine(name.to_string()))
    }

    /// What it can do.
    pub fn capabilities(self) -> Capabilities {
        match self {
            EngineKind::Psync => Capabilities {
                synchronous: true,
                max_depth: 1,
            },
            EngineKind::Null => Capabilities {
                synchronous: false,
                max_depth: crate::workload::MAX_Q,
            },
        }
    }

    /// Whether it really moves data (the null engine does not).
    pub fn does_io(self) -> bool {
        !matches!(self, EngineKind::Null)
    }

    /// The default: the best engine that works on this kernel. Only psync
    /// exists natively so far, and it works everywhere.
    pub fn default_engine() -> EngineKind {
        EngineKind::Psync
    }

    /// How the report's footer names it: `psync (native)`.
    pub fn label(self) -> String {
        format!("{} (native)", self.name())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_names() {
        assert_eq!(EngineKind::parse("psync"), Ok(EngineKind::Psync));
        assert_eq!(EngineKind::parse("NULL"), Ok(EngineKind::Null));
        let e = EngineKind::parse("nosuch").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown engine 'nosuch' (available: psync, null)"
        );
        assert!(EngineKind::Psync.capabilities().synchronous);
        assert_eq!(EngineKind::Psync.label(), "psync (native)");
    }
}
