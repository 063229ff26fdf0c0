//! `io_uring`: one ring per thread, sized to the power of two at or above
//! Q. The worker refills every freed slot, then one io_uring_enter both
//! issues the batch and waits for the next completions, after which the
//! completion queue is drained without another syscall: t/io_uring's
//! pattern (docs/measurement.md#batches), with fio's setup flags
//! (COOP_TASKRUN, SINGLE_ISSUER, DEFER_TASKRUN where the kernel has them).
//!
//! Where the kernel has them, the ring is made without its SQ index array
//! (NO_SQARRAY, Linux 6.6+) and its descriptor is registered (Linux 5.18+),
//! so that io_uring_enter skips a file lookup. `--sqpoll` hands submission
//! to a kernel thread (SQPOLL), which costs a core. Each is tried, and what
//! was refused is left out and said in the facts (docs/measurement.md#io_uring-setup).
//!
//! Buffers and the file are registered with the ring where the kernel
//! allows it (fixed buffers skip a page walk per I/O). Registered buffers
//! are charged to RLIMIT_MEMLOCK for a process without CAP_IPC_LOCK; when
//! registration is refused the engine falls back to plain buffers and says
//! so in its facts.

use super::{
    AlignedBuf, Completion, Engine, EngineError, EngineFacts, EngineOps, Feature, Op, ThreadSetup,
};
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
    /// Submission by a kernel thread: enters only to wake it or to wait.
    sqpoll: bool,
    /// The ring's index among this thread's registered ring descriptors.
    ring_index: Option<u32>,
    block_len: u32,
    /// Pushed to the submission queue, not yet entered.
    pending: u32,
    /// Entered and not yet reaped.
    in_flight: u32,
    /// io_uring_enter calls made since the ring was set up.
    calls: u64,
    facts: EngineFacts,
    /// A registered ring descriptor is an index into the registering
    /// thread's own table: the engine must stay on that thread (not Send).
    _one_thread: std::marker::PhantomData<*const ()>,
}

/// `IORING_ENTER_GETEVENTS`: wait for (and with DEFER_TASKRUN, run)
/// completions.
const ENTER_GETEVENTS: u32 = 1;
/// `IORING_ENTER_REGISTERED_RING`: the descriptor is a registered index.
const ENTER_REGISTERED_RING: u32 = 1 << 4;
/// `IORING_REGISTER_RING_FDS` and its inverse.
const REGISTER_RING_FDS: u32 = 20;
const UNREGISTER_RING_FDS: u32 = 21;

/// `struct io_uring_rsrc_update` of the kernel's uapi.
#[repr(C)]
struct RsrcUpdate {
    offset: u32,
    resv: u32,
    data: u64,
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

/// The optional set-ups, each tried on a ring of two entries: what
/// `diskmark engines` lists. Nothing where io_uring itself is refused.
fn io_uring_features() -> Vec<Feature> {
    if probe_here().is_err() {
        return Vec::new();
    }
    let lean = |b: &mut io_uring::Builder| {
        b.setup_coop_taskrun()
            .setup_single_issuer()
            .setup_defer_taskrun();
    };
    let takes = |f: &dyn Fn(&mut io_uring::Builder)| {
        let mut b = IoUring::builder();
        f(&mut b);
        b.build(2).is_ok()
    };
    let registers_ring = IoUring::new(2).ok().and_then(|r| {
        let index = register_ring_fd(&r)?;
        unregister_ring_fd(&r, index);
        Some(())
    });
    vec![
        Feature {
            name: "IORING_SETUP_DEFER_TASKRUN",
            what: "completion work done when the thread waits (with COOP_TASKRUN, SINGLE_ISSUER)",
            available: takes(&lean),
            used: "always where available",
        },
        Feature {
            name: "IORING_SETUP_NO_SQARRAY",
            what: "no submission index array",
            available: takes(&|b| {
                b.setup_no_sqarray();
            }),
            used: "always where available",
        },
        Feature {
            name: "IORING_REGISTER_RING_FDS",
            what: "the ring's descriptor registered: no file lookup per enter",
            available: registers_ring.is_some(),
            used: "always where available",
        },
        Feature {
            name: "IORING_SETUP_SQPOLL",
            what: "a kernel thread submits (it costs a core)",
            available: takes(&|b| {
                b.setup_sqpoll(1000);
            }),
            used: "with --sqpoll",
        },
    ]
}

/// Retries an io_uring_enter that a signal interrupted.
fn enter(ring: &IoUring, want: usize) -> io::Result<usize> {
    super::retry_eintr(|| ring.submit_and_wait(want))
}

/// What a ring is asked to be.
#[derive(Debug, Clone, Copy)]
struct RingAsk {
    entries: u32,
    hipri: bool,
    sqpoll: bool,
}

/// A ring and which of the optional setup flags the kernel took.
struct Built {
    ring: IoUring,
    /// COOP_TASKRUN, SINGLE_ISSUER, DEFER_TASKRUN.
    lean: bool,
    /// NO_SQARRAY.
    no_sqarray: bool,
}

/// A ring for `ask` with the optional flags the kernel has: every set is
/// tried, richest first, and a kernel that does not know a flag refuses it
/// with EINVAL. SQPOLL excludes DEFER_TASKRUN (the kernel thread, not this
/// one, runs the completion work).
fn build_ring(ask: RingAsk) -> io::Result<Built> {
    let build = |lean: bool, no_sqarray: bool| {
        let mut builder = IoUring::builder();
        if ask.hipri {
            builder.setup_iopoll();
        }
        if ask.sqpoll {
            // Idle time before the kernel thread sleeps, in ms (fio's and
            // t/io_uring's default is 1 s).
            builder.setup_sqpoll(1000);
        }
        if lean {
            // One thread submits and reaps: completion work can wait
            // until it asks (no IPIs, fewer wake-ups). Linux 6.1+.
            builder
                .setup_coop_taskrun()
                .setup_single_issuer()
                .setup_defer_taskrun();
        }
        if no_sqarray {
            builder.setup_no_sqarray();
        }
        builder.build(ask.entries)
    };
    let tries: &[(bool, bool)] = if ask.sqpoll {
        &[(false, true), (false, false)]
    } else {
        &[(true, true), (true, false), (false, false)]
    };
    let mut last = io::Error::from_raw_os_error(libc::EINVAL);
    for &(lean, no_sqarray) in tries {
        match build(lean, no_sqarray) {
            Ok(ring) => {
                return Ok(Built {
                    ring,
                    lean,
                    no_sqarray,
                });
            }
            Err(e) if e.raw_os_error() == Some(libc::EINVAL) => last = e,
            Err(e) => return Err(e),
        }
    }
    Err(last)
}

/// Registers `ring`'s descriptor with the calling thread (Linux 5.18+):
/// its index, or `None` where the kernel refuses.
fn register_ring_fd(ring: &IoUring) -> Option<u32> {
    let mut up = RsrcUpdate {
        offset: u32::MAX,
        resv: 0,
        data: ring.as_raw_fd() as u64,
    };
    // SAFETY: the argument is one io_uring_rsrc_update, valid for the call;
    // the kernel writes the chosen index into its `offset`.
    let r = unsafe {
        libc::syscall(
            libc::SYS_io_uring_register,
            ring.as_raw_fd(),
            REGISTER_RING_FDS,
            &mut up as *mut RsrcUpdate,
            1u32,
        )
    };
    (r == 1).then_some(up.offset)
}

/// Undoes [`register_ring_fd`] (on the thread that registered it).
fn unregister_ring_fd(ring: &IoUring, index: u32) {
    let mut up = RsrcUpdate {
        offset: index,
        resv: 0,
        data: 0,
    };
    // SAFETY: as in `register_ring_fd`; the kernel only reads `up`.
    unsafe {
        libc::syscall(
            libc::SYS_io_uring_register,
            ring.as_raw_fd(),
            UNREGISTER_RING_FDS,
            &mut up as *mut RsrcUpdate,
            1u32,
        )
    };
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

    /// One io_uring_enter: issues the staged requests and waits for `want`
    /// completions. Through the registered descriptor where there is one;
    /// under SQPOLL through the crate, which wakes the kernel thread and
    /// enters only when it must. Returns how many were issued.
    #[inline]
    fn enter_once(&mut self, want: u32) -> io::Result<u32> {
        let issued = if self.sqpoll {
            let pending = self.pending;
            self.ring.submit_and_wait(want as usize)?;
            // The kernel thread takes every published entry.
            pending
        } else {
            let (fd, flags) = match self.ring_index {
                Some(i) => (i as libc::c_int, ENTER_GETEVENTS | ENTER_REGISTERED_RING),
                None => (self.ring.as_raw_fd(), ENTER_GETEVENTS),
            };
            // SAFETY: io_uring_enter with no argument block (null, size 0);
            // the staged entries point into buffers that stay allocated
            // until reaped (see `prepare`).
            let r = unsafe {
                libc::syscall(
                    libc::SYS_io_uring_enter,
                    fd,
                    self.pending,
                    want,
                    flags,
                    std::ptr::null::<libc::c_void>(),
                    0usize,
                )
            };
            if r < 0 {
                return Err(io::Error::last_os_error());
            }
            (r as u32).min(self.pending)
        };
        self.calls += 1;
        self.pending -= issued;
        self.in_flight += issued;
        Ok(issued)
    }

    /// [`IoUringEngine::enter_once`] until every staged request is issued
    /// (a signal or a short moment of kernel memory may interrupt it).
    fn enter_all(&mut self, want: u32) -> Result<(), EngineError> {
        loop {
            match self.enter_once(want) {
                Ok(_) if self.pending == 0 => return Ok(()),
                Ok(_) => {}
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
        kernel_submits: true,
        features: io_uring_features,
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
        let built = build_ring(RingAsk {
            entries: depth.next_power_of_two(),
            hipri: setup.hipri,
            sqpoll: setup.sqpoll,
        })
        .map_err(err)?;
        let ring = built.ring;
        let file = setup.file.try_clone().map_err(err)?;
        let block_len = u32::try_from(setup.block_size).map_err(|_| {
            err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "block size too large for one io_uring request",
            ))
        })?;
        let mut buf = AlignedBuf::new(depth as usize, setup.block_size)
            .map_err(|e| err(io::Error::new(io::ErrorKind::OutOfMemory, e)))?;
        // Under SQPOLL the crate enters with the plain descriptor.
        let ring_index = if setup.sqpoll {
            None
        } else {
            register_ring_fd(&ring)
        };
        let mut facts = EngineFacts {
            polled: Some(setup.hipri),
            deferred_taskrun: Some(built.lean),
            no_sqarray: Some(built.no_sqarray),
            registered_ring: Some(ring_index.is_some()),
            sqpoll: Some(setup.sqpoll),
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
            sqpoll: setup.sqpoll,
            ring_index,
            block_len,
            pending: 0,
            in_flight: 0,
            calls: 0,
            facts,
            _one_thread: std::marker::PhantomData,
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
            let _ = self.enter_once(0);
        }
        self.pending += 1;
    }

    #[inline]
    fn submit(&mut self) -> Result<(), EngineError> {
        if self.pending == 0 {
            return Ok(());
        }
        self.enter_all(0)
    }

    #[inline]
    fn reap(&mut self, out: &mut [Completion]) -> Result<usize, EngineError> {
        loop {
            let n = self.drain(out);
            if n > 0 || self.in_flight == 0 {
                return Ok(n);
            }
            self.calls += 1;
            enter(&self.ring, 1).map_err(|source| EngineError::Syscall {
                engine: Self::NAME,
                what: "io_uring_enter",
                source,
            })?;
        }
    }

    /// One io_uring_enter issues the batch and waits for a completion;
    /// under SQPOLL, the kernel thread issues it and the thread enters only
    /// when nothing has completed yet.
    #[inline]
    fn submit_and_reap(&mut self, out: &mut [Completion]) -> Result<usize, EngineError> {
        if self.sqpoll {
            self.enter_all(0)?;
            return self.reap(out);
        }
        if self.pending > 0 {
            self.enter_all(1)?;
        }
        self.reap(out)
    }

    fn calls(&self) -> Option<u64> {
        Some(self.calls)
    }

    fn facts(&self) -> EngineFacts {
        self.facts.clone()
    }
}

impl Drop for IoUringEngine {
    fn drop(&mut self) {
        // Requests still in flight write into `buf`: wait for them before
        // the buffer is freed. Staged ones are entered too, then waited for.
        if self.pending > 0 {
            let _ = self.enter_once(0);
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
        if let Some(index) = self.ring_index {
            unregister_ring_fd(&self.ring, index);
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
                sqpoll: false,
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
