//! The contract every engine fulfils: requests, completions, set-up,
//! errors, facts, and what the planner is told of an engine (its ops,
//! budget and capabilities).

use std::fs::File;
use std::io;

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
    /// Submission by a kernel thread (io_uring SQPOLL, `--sqpoll`).
    pub sqpoll: bool,
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
    /// io_uring: the ring made without its SQ index array (NO_SQARRAY,
    /// Linux 6.6+).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_sqarray: Option<bool>,
    /// io_uring: the ring's descriptor registered, so that io_uring_enter
    /// skips a file lookup (Linux 5.18+).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registered_ring: Option<bool>,
    /// io_uring: submission by a kernel thread (`--sqpoll`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sqpoll: Option<bool>,
    /// posixaio: descriptors the thread's requests are spread over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub descriptors: Option<u32>,
    /// System calls made to issue and wait ([`Engine::calls`]), from set-up
    /// to drain, over the threads; with `ios`, the calls per I/O.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub calls: Option<u64>,
    /// I/Os completed over the same span (warm-up and drain included).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ios: Option<u64>,
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
    /// What the core knows of the engine besides this contract: the
    /// registry's entry for it.
    const OPS: EngineOps;

    /// Engine name as the report prints it (`psync`).
    const NAME: &'static str = Self::OPS.name;

    /// Sets up one thread's instance.
    fn open(setup: &ThreadSetup<'_>) -> Result<Self, EngineError>;

    /// The buffer of `slot`, `block_size` bytes: filled before a write,
    /// holds the data after a read.
    fn buffer(&mut self, slot: u32) -> &mut [u8];

    /// Stages one request in a free slot. Issues nothing yet.
    fn prepare(&mut self, slot: u32, op: Op, offset: u64);

    /// Issues every staged request (the worker stages a batch). A
    /// synchronous engine performs it here; an asynchronous one does not
    /// wait.
    fn submit(&mut self) -> Result<(), EngineError>;

    /// Waits until at least one issued request has completed (unless some
    /// already have) and writes the completions to the front of `out`
    /// (which has room for `depth`), returning how many.
    fn reap(&mut self, out: &mut [Completion]) -> Result<usize, EngineError>;

    /// Issues every staged request, then reaps as [`Engine::reap`] does:
    /// the worker's one call per batch (docs/measurement.md#batches). An
    /// engine that can issue and wait in one system call (io_uring_enter)
    /// does so.
    #[inline]
    fn submit_and_reap(&mut self, out: &mut [Completion]) -> Result<usize, EngineError> {
        self.submit()?;
        self.reap(out)
    }

    /// System calls this instance has made to issue and wait for I/O
    /// (io_submit, io_getevents, io_uring_enter, pread...), counted
    /// without a syscall of its own: the JSON reports them per I/O.
    /// `None` for an engine that does not count.
    fn calls(&self) -> Option<u64> {
        None
    }

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

/// One optional set-up of an engine and whether this kernel has it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Feature {
    /// Its name as the kernel's headers give it (`IORING_SETUP_SQPOLL`).
    pub name: &'static str,
    /// What it does, in a few words.
    pub what: &'static str,
    /// Whether this kernel took it when tried.
    pub available: bool,
    /// When it is used: always where available, or only when asked.
    pub used: &'static str,
}

/// What an engine can do here: the planner adapts tests to it (docs/measurement.md#engines-and-adaptation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capabilities {
    /// At most one I/O in flight per thread: QxTy runs as Q1T(x·y).
    pub synchronous: bool,
    /// Largest depth per thread it can keep in flight.
    pub max_depth: u32,
    /// A limit over all threads, if any.
    pub budget: Option<Budget>,
}

/// What the core may ask of an engine besides the per-thread contract,
/// like fio's `ioengine_ops`: the core reads these flags and calls these
/// hooks, never an engine's name. Each engine states its own in its
/// [`Engine::OPS`].
#[derive(Debug, Clone, Copy)]
pub struct EngineOps {
    /// The command-line and report name (`psync`).
    pub name: &'static str,
    /// Other names the command line accepts (`io-uring`).
    pub aliases: &'static [&'static str],
    /// At most one I/O in flight per thread: the planner runs QxTy as
    /// Q1T(x·y).
    pub synchronous: bool,
    /// Whether it really moves data (the null engine does not).
    pub moves_data: bool,
    /// Whether it can poll for completions (`--hipri`).
    pub polls: bool,
    /// Whether a kernel thread can submit for it (`--sqpoll`).
    pub kernel_submits: bool,
    /// Its optional set-ups and whether this kernel has each, tried for
    /// `diskmark engines` (docs/measurement.md#io_uring-setup).
    pub features: fn() -> Vec<Feature>,
    /// Whether it works here: `Ok`, or why not in words. The registry
    /// calls it once per process.
    pub probe: fn() -> Result<(), String>,
    /// A limit over all threads from a kernel or process resource, read
    /// when the engine is probed.
    pub budget: fn() -> Option<Budget>,
    /// Process-wide set-up before the first I/O of the process, given the
    /// largest Q×T the process will run.
    pub prepare_process: fn(most_in_flight: usize),
    /// What that set-up means for the figures, as a run note.
    pub process_note: fn(most_in_flight: usize) -> Option<String>,
    /// What running it without O_DIRECT does to the queue the device sees,
    /// the rest of the run note "ENGINE without O_DIRECT: …"; `None` when
    /// nothing changes.
    pub buffered_note: Option<&'static str>,
}

impl EngineOps {
    /// A probe for an engine that works wherever diskmark runs.
    pub fn always_available() -> Result<(), String> {
        Ok(())
    }

    /// A budget for an engine that no resource limits.
    pub fn unlimited() -> Option<Budget> {
        None
    }

    /// The features of an engine without optional set-ups.
    pub fn no_features() -> Vec<Feature> {
        Vec::new()
    }

    /// Process set-up for an engine that needs none.
    pub fn no_process_setup(_most_in_flight: usize) {}

    /// The note of an engine without process set-up.
    pub fn no_process_note(_most_in_flight: usize) -> Option<String> {
        None
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
pub(crate) mod checks {
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
