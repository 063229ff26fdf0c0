//! `io_uring`: one ring per thread, sized to the power of two at or above
//! Q. Every free slot is refilled and submitted as soon as it is free, and
//! one io_uring_enter waits for completions, after which the completion
//! queue is drained without another syscall — fio's pattern, with the same
//! setup flags (COOP_TASKRUN, SINGLE_ISSUER, DEFER_TASKRUN where the kernel
//! has them).
//!
//! Buffers and the file are registered with the ring where the kernel
//! allows it (fixed buffers skip a page walk per I/O). Registered buffers
//! are charged to RLIMIT_MEMLOCK for a process without CAP_IPC_LOCK; when
//! registration is refused the engine falls back to plain buffers and says
//! so in its facts.

use super::{AlignedBuf, Completion, Engine, EngineError, EngineFacts, EngineOps, Op, ThreadSetup};
use io_uring::{IoUring, opcode, squeue, types};
use std::fs::File;
use std::io;
use std::os::fd::AsRawFd;

/// Largest ring the kernel accepts.
const MAX_ENTRIES: u32 = 32768;

/// One thread's io_uring engine.
pub struct IoUringEngine {
    ring: IoUring,
    buf: AlignedBuf,
    /// Kept open for the ring's plain-descriptor requests.
    file: File,
    fixed_file: bool,
    fixed_bufs: bool,
    block_len: u32,
    /// Pushed to the submission queue, not yet entered.
    pending: u32,
    /// Entered and not yet reaped.
    in_flight: u32,
    facts: EngineFacts,
}

/// Environment variable that makes the io_uring probe behave as if
/// io_uring_setup had failed with EPERM and `kernel.io_uring_disabled`
/// held the given value. For tests only: the real sysctl is machine-wide.
pub const TEST_IO_URING_DISABLED: &str = "DISKMARK_TEST_IO_URING_DISABLED";

/// The registry's probe: [`probe`], with [`TEST_IO_URING_DISABLED`] read.
fn probe_here() -> Result<(), String> {
    probe(crate::testing::var(TEST_IO_URING_DISABLED))
}

/// Why io_uring_setup failed, in words, from its errno and the value of
/// `kernel.io_uring_disabled` (absent on kernels before 6.6).
pub fn io_uring_reason(errno: i32, disabled: Option<&str>) -> String {
    match errno {
        libc::ENOSYS => "this kernel has no io_uring (io_uring_setup: ENOSYS)".into(),
        libc::EPERM => match disabled.map(str::trim) {
            Some("2") => "io_uring is disabled on this machine (kernel.io_uring_disabled = 2)".into(),
            Some("1") => "io_uring is limited to the group in kernel.io_uring_group (kernel.io_uring_disabled = 1)".into(),
            _ => "io_uring is blocked by a seccomp filter or security policy (io_uring_setup: EPERM)"
                .into(),
        },
        libc::ENOMEM => "io_uring could not allocate its ring (ENOMEM: locked-memory limit?)".into(),
        e => format!(
            "io_uring_setup failed: {}",
            std::io::Error::from_raw_os_error(e)
        ),
    }
}

/// Whether io_uring works here: `Ok`, or the reason in words.
/// `simulate_disabled` pretends io_uring_setup failed with EPERM while
/// `kernel.io_uring_disabled` held that value (tests only).
pub fn probe(simulate_disabled: Option<String>) -> Result<(), String> {
    if let Some(v) = simulate_disabled {
        return Err(io_uring_reason(libc::EPERM, Some(&v)));
    }
    let ring = IoUring::new(2).map_err(|e| {
        let disabled = std::fs::read_to_string("/proc/sys/kernel/io_uring_disabled").ok();
        io_uring_reason(e.raw_os_error().unwrap_or(0), disabled.as_deref())
    })?;
    let mut p = io_uring::Probe::new();
    if ring.submitter().register_probe(&mut p).is_ok()
        && !(p.is_supported(opcode::Read::CODE) && p.is_supported(opcode::Write::CODE))
    {
        return Err(
            "this kernel's io_uring lacks IORING_OP_READ/WRITE (Linux 5.6 or later is needed)"
                .into(),
        );
    }
    Ok(())
}

/// Retries an io_uring_enter that a signal interrupted.
fn enter(ring: &IoUring, want: usize) -> io::Result<usize> {
    super::retry_eintr(|| ring.submit_and_wait(want))
}

/// A ring of `entries`, polled for `hipri`, with the lean setup flags
/// where the kernel has them; whether it has them.
fn build_ring(entries: u32, hipri: bool) -> io::Result<(IoUring, bool)> {
    let build = |lean: bool| {
        let mut builder = IoUring::builder();
        if hipri {
            builder.setup_iopoll();
        }
        if lean {
            // One thread submits and reaps: completion work can wait
            // until it asks (no IPIs, fewer wake-ups). Linux 6.1+.
            builder
                .setup_coop_taskrun()
                .setup_single_issuer()
                .setup_defer_taskrun();
        }
        builder.build(entries)
    };
    match build(true) {
        Ok(r) => Ok((r, true)),
        Err(e) if e.raw_os_error() == Some(libc::EINVAL) => Ok((build(false)?, false)),
        Err(e) => Err(e),
    }
}

/// Registers the `slots` buffers of `buf` with `ring`; when the kernel
/// refuses, says why and that plain buffers are used.
fn register_buffers(
    ring: &IoUring,
    buf: &mut AlignedBuf,
    slots: usize,
    slot_len: usize,
) -> Result<(), String> {
    let iovecs: Vec<libc::iovec> = (0..slots)
        .map(|s| libc::iovec {
            iov_base: buf.slot_ptr(s).cast(),
            iov_len: slot_len,
        })
        .collect();
    // SAFETY: every iovec points into `buf`, which the engine owns and
    // keeps alive (and never moves: it is one heap allocation) for as
    // long as the ring, which is dropped first (field order) or drained.
    unsafe { ring.submitter().register_buffers(&iovecs) }.map_err(|e| {
        let limit = rustix::process::getrlimit(rustix::process::Resource::Memlock).current;
        match limit {
            Some(l) => format!(
                "buffer registration refused ({e}; RLIMIT_MEMLOCK is {}): plain buffers used",
                crate::units::human_bytes(l)
            ),
            None => format!("buffer registration refused ({e}): plain buffers used"),
        }
    })
}

impl IoUringEngine {
    /// Moves available completions to `out`, as many as it holds; the rest
    /// stay in the completion queue for the next call.
    fn drain(&mut self, out: &mut [Completion]) -> usize {
        let mut n = 0;
        for (o, cqe) in out.iter_mut().zip(self.ring.completion()) {
            *o = Completion {
                slot: cqe.user_data() as u32,
                result: i64::from(cqe.result()),
            };
            n += 1;
        }
        self.in_flight -= n as u32;
        n
    }

    fn sqe(&mut self, slot: u32, op: Op, offset: u64) -> squeue::Entry {
        let ptr = self.buf.slot_ptr(slot as usize);
        let len = self.block_len;
        let fd = self.file.as_raw_fd();
        let entry = match (op, self.fixed_file, self.fixed_bufs) {
            (Op::Read, true, true) => {
                opcode::ReadFixed::new(types::Fixed(0), ptr, len, slot as u16)
                    .offset(offset)
                    .build()
            }
            (Op::Read, false, true) => opcode::ReadFixed::new(types::Fd(fd), ptr, len, slot as u16)
                .offset(offset)
                .build(),
            (Op::Read, true, false) => opcode::Read::new(types::Fixed(0), ptr, len)
                .offset(offset)
                .build(),
            (Op::Read, false, false) => opcode::Read::new(types::Fd(fd), ptr, len)
                .offset(offset)
                .build(),
            (Op::Write, true, true) => {
                opcode::WriteFixed::new(types::Fixed(0), ptr, len, slot as u16)
                    .offset(offset)
                    .build()
            }
            (Op::Write, false, true) => {
                opcode::WriteFixed::new(types::Fd(fd), ptr, len, slot as u16)
                    .offset(offset)
                    .build()
            }
            (Op::Write, true, false) => opcode::Write::new(types::Fixed(0), ptr, len)
                .offset(offset)
                .build(),
            (Op::Write, false, false) => opcode::Write::new(types::Fd(fd), ptr, len)
                .offset(offset)
                .build(),
        };
        entry.user_data(u64::from(slot))
    }
}

impl Engine for IoUringEngine {
    const OPS: EngineOps = EngineOps {
        name: "io_uring",
        aliases: &["io-uring"],
        synchronous: false,
        moves_data: true,
        polls: true,
        probe: probe_here,
        budget: EngineOps::unlimited,
        prepare_process: EngineOps::no_process_setup,
        process_note: EngineOps::no_process_note,
        buffered_note: None,
    };

    fn open(setup: &ThreadSetup<'_>) -> Result<Self, EngineError> {
        let err = |source| EngineError::setup(Self::NAME, source);
        let depth = setup.depth.max(1);
        if depth > MAX_ENTRIES || depth > u32::from(u16::MAX) {
            return Err(err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("depth {depth} exceeds the ring's limit"),
            )));
        }
        let (ring, lean) = build_ring(depth.next_power_of_two(), setup.hipri).map_err(err)?;
        let file = setup.file.try_clone().map_err(err)?;
        let block_len = u32::try_from(setup.block_size).map_err(|_| {
            err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "block size too large for one io_uring request",
            ))
        })?;
        let mut buf = AlignedBuf::new(depth as usize, setup.block_size)
            .map_err(|e| err(io::Error::new(io::ErrorKind::OutOfMemory, e)))?;
        let mut facts = EngineFacts {
            polled: Some(setup.hipri),
            deferred_taskrun: Some(lean),
            ..EngineFacts::default()
        };
        let fixed_file = ring.submitter().register_files(&[file.as_raw_fd()]).is_ok();
        facts.registered_file = Some(fixed_file);
        let fixed_bufs = match register_buffers(&ring, &mut buf, depth as usize, setup.block_size) {
            Ok(()) => true,
            Err(fallback) => {
                facts.fallback = Some(fallback);
                false
            }
        };
        facts.registered_buffers = Some(fixed_bufs);
        Ok(IoUringEngine {
            ring,
            buf,
            file,
            fixed_file,
            fixed_bufs,
            block_len,
            pending: 0,
            in_flight: 0,
            facts,
        })
    }

    #[inline]
    fn buffer(&mut self, slot: u32) -> &mut [u8] {
        self.buf.slot_mut(slot as usize)
    }

    #[inline]
    fn prepare(&mut self, slot: u32, op: Op, offset: u64) {
        let entry = self.sqe(slot, op, offset);
        loop {
            // SAFETY: the entry points into this slot's buffer, which stays
            // allocated and untouched by the worker until the slot's
            // completion is reaped; Drop drains every request first.
            let pushed = unsafe { self.ring.submission().push(&entry) };
            if pushed.is_ok() {
                break;
            }
            // The ring has at least depth entries and a batch never holds
            // more than depth, so this is unreachable in practice; if it
            // happens, hand what is queued to the kernel and try again.
            if self.ring.submit().is_ok() {
                self.in_flight += self.pending;
                self.pending = 0;
            }
        }
        self.pending += 1;
    }

    #[inline]
    fn submit(&mut self) -> Result<(), EngineError> {
        if self.pending == 0 {
            return Ok(());
        }
        while self.pending > 0 {
            match self.ring.submit() {
                Ok(n) => {
                    let n = (n as u32).min(self.pending);
                    self.in_flight += n;
                    self.pending -= n;
                }
                // Interrupted, or the kernel is short of resources for a
                // moment: try again.
                Err(e)
                    if matches!(
                        e.raw_os_error(),
                        Some(libc::EINTR) | Some(libc::EAGAIN) | Some(libc::EBUSY)
                    ) =>
                {
                    std::thread::yield_now()
                }
                Err(source) => {
                    return Err(EngineError::Syscall {
                        engine: Self::NAME,
                        what: "io_uring_enter",
                        source,
                    });
                }
            }
        }
        Ok(())
    }

    #[inline]
    fn reap(&mut self, out: &mut [Completion]) -> Result<usize, EngineError> {
        loop {
            let n = self.drain(out);
            if n > 0 || self.in_flight == 0 {
                return Ok(n);
            }
            enter(&self.ring, 1).map_err(|source| EngineError::Syscall {
                engine: Self::NAME,
                what: "io_uring_enter",
                source,
            })?;
        }
    }

    fn facts(&self) -> EngineFacts {
        self.facts.clone()
    }
}

impl Drop for IoUringEngine {
    fn drop(&mut self) {
        // Requests still in flight write into `buf`: wait for them before
        // the buffer is freed. Staged ones are entered too, then waited for.
        if self.pending > 0 && self.ring.submit().is_ok() {
            self.in_flight += self.pending;
            self.pending = 0;
        }
        let mut scratch = [Completion::default(); 64];
        let mut failures = 0;
        while self.in_flight > 0 {
            if self.drain(&mut scratch) == 0 && enter(&self.ring, 1).is_err() {
                failures += 1;
                if failures > 100 {
                    // Never free memory the kernel may still write to.
                    std::mem::replace(&mut self.buf, AlignedBuf::empty()).leak();
                    return;
                }
            }
        }
        // The kernel tears a ring down in the background after its
        // descriptor closes, holding the registered file until then: a
        // filesystem unmounted right after diskmark ends would be busy.
        // Unregistering waits for the file to be let go.
        if self.fixed_file {
            let _ = self.ring.submitter().unregister_files();
        }
        if self.fixed_bufs {
            let _ = self.ring.submitter().unregister_buffers();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine(file: &File, depth: u32) -> Option<IoUringEngine> {
        if let Err(why) = probe(None) {
            eprintln!("SKIPPED io_uring engine test: {why}");
            return None;
        }
        Some(
            IoUringEngine::open(&ThreadSetup {
                file,
                depth,
                block_size: 4096,
                hipri: false,
            })
            .unwrap(),
        )
    }

    #[test]
    fn keeps_a_batch_in_flight_and_reaps_all() {
        let f = tempfile::tempfile().unwrap();
        f.set_len(1 << 20).unwrap();
        let Some(mut e) = engine(&f, 8) else { return };
        crate::engine::contract::checks::batch_completes_once_each(&mut e, &f, 8);
        let mut out = [Completion::default(); 8];
        assert_eq!(e.reap(&mut out).unwrap(), 0, "nothing left in flight");
        assert!(e.facts().registered_file.is_some());
    }

    #[test]
    fn errors_come_back_per_request() {
        let path = tempfile::NamedTempFile::new().unwrap();
        let f = File::open(path.path()).unwrap();
        let Some(mut e) = engine(&f, 2) else { return };
        crate::engine::contract::checks::errors_come_back_per_request(&mut e);
    }

    #[test]
    fn dropping_with_requests_in_flight_waits_for_them() {
        let f = tempfile::tempfile().unwrap();
        f.set_len(1 << 20).unwrap();
        let Some(mut e) = engine(&f, 4) else { return };
        for s in 0..4 {
            e.prepare(s, Op::Read, 0);
        }
        e.submit().unwrap();
        drop(e);
    }

    #[test]
    fn io_uring_reasons() {
        assert!(io_uring_reason(libc::ENOSYS, None).contains("no io_uring"));
        assert_eq!(
            io_uring_reason(libc::EPERM, Some("2\n")),
            "io_uring is disabled on this machine (kernel.io_uring_disabled = 2)"
        );
        assert!(io_uring_reason(libc::EPERM, Some("1")).contains("io_uring_group"));
        assert!(io_uring_reason(libc::EPERM, Some("0")).contains("seccomp"));
        assert!(io_uring_reason(libc::EPERM, None).contains("seccomp"));
        assert!(io_uring_reason(libc::EINVAL, None).starts_with("io_uring_setup failed"));
    }

    #[test]
    fn simulated_disable_gives_the_sysctl_reason() {
        assert_eq!(
            probe(Some("2".into())),
            Err("io_uring is disabled on this machine (kernel.io_uring_disabled = 2)".into())
        );
    }
}
