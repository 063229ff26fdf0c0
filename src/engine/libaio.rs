//! `libaio`: Linux native AIO through its raw syscalls (io_setup,
//! io_submit, io_getevents, io_destroy) with our own `#[repr(C)]` copies
//! of the kernel's structures (include/uapi/linux/aio_abi.h), so no C
//! library is needed. One context per thread with room for Q requests.
//!
//! Without O_DIRECT the kernel performs a buffered request inside
//! io_submit, synchronously: the device then sees depth 1 (the planner
//! notes it).

use super::{AlignedBuf, Budget, Completion, Engine, EngineError, EngineOps, Op, ThreadSetup};
use std::fs::File;
use std::io;
use std::os::fd::AsRawFd;

/// `aio_context_t`.
type AioContext = libc::c_ulong;

/// `IOCB_CMD_PREAD`.
pub const IOCB_CMD_PREAD: u16 = 0;
/// `IOCB_CMD_PWRITE`.
pub const IOCB_CMD_PWRITE: u16 = 1;

/// `struct iocb` of aio_abi.h on a little-endian 64-bit machine: 64 bytes.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct Iocb {
    /// Returned in `io_event.data`: the slot.
    pub aio_data: u64,
    /// Kernel use (PADDED(aio_key, aio_rw_flags): key first on LE).
    pub aio_key: u32,
    /// RWF_* flags.
    pub aio_rw_flags: i32,
    /// IOCB_CMD_*.
    pub aio_lio_opcode: u16,
    /// Request priority.
    pub aio_reqprio: i16,
    /// File descriptor.
    pub aio_fildes: u32,
    /// Buffer address.
    pub aio_buf: u64,
    /// Bytes.
    pub aio_nbytes: u64,
    /// File offset.
    pub aio_offset: i64,
    /// Reserved.
    pub aio_reserved2: u64,
    /// IOCB_FLAG_*.
    pub aio_flags: u32,
    /// eventfd for IOCB_FLAG_RESFD.
    pub aio_resfd: u32,
}

/// `struct io_event`: 32 bytes.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct IoEvent {
    /// The iocb's `aio_data`.
    pub data: u64,
    /// The iocb's address.
    pub obj: u64,
    /// Bytes moved or -errno.
    pub res: i64,
    /// Secondary result.
    pub res2: i64,
}

fn io_setup(nr: u32, ctx: &mut AioContext) -> io::Result<()> {
    // SAFETY: io_setup writes one aio_context_t to `ctx`, a valid pointer.
    let r = unsafe {
        libc::syscall(
            libc::SYS_io_setup,
            libc::c_long::from(nr as i32),
            ctx as *mut AioContext,
        )
    };
    if r < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
}

fn io_destroy(ctx: AioContext) {
    // SAFETY: `ctx` came from a successful io_setup and is destroyed once;
    // io_destroy waits for requests that cannot be cancelled.
    unsafe { libc::syscall(libc::SYS_io_destroy, ctx) };
}

/// Whether native AIO works here: `Ok`, or the reason in words.
///
/// io_setup(0) is refused with EINVAL by a kernel that has AIO and lets us
/// call it, before it allocates anything: a real context would cost an
/// io_destroy, which waits tens of milliseconds for an RCU grace period
/// (measured: 41 ms), too slow for `diskmark engines`. Whether
/// fs.aio-max-nr leaves room is read from the sysctls instead.
pub fn probe() -> Result<(), String> {
    let mut ctx: AioContext = 0;
    match io_setup(0, &mut ctx) {
        Err(e) if e.raw_os_error() == Some(libc::EINVAL) => {}
        Ok(()) => io_destroy(ctx),
        Err(e) => return Err(aio_reason(e.raw_os_error().unwrap_or(0))),
    }
    match aio_sysctls() {
        Some((max, used)) if used >= max => Err(aio_reason(libc::EAGAIN)),
        _ => Ok(()),
    }
}

/// Why io_setup failed, in words.
pub fn aio_reason(errno: i32) -> String {
    match errno {
        libc::ENOSYS => "this kernel has no native AIO (io_setup: ENOSYS, CONFIG_AIO off)".into(),
        libc::EAGAIN => {
            let (max, used) = aio_sysctls().unwrap_or((0, 0));
            format!(
                "fs.aio-max-nr is used up ({used} of {max} events); raise it with sysctl fs.aio-max-nr"
            )
        }
        libc::EPERM => {
            "native AIO is blocked by a seccomp filter or security policy (io_setup: EPERM)".into()
        }
        e => format!("io_setup failed: {}", std::io::Error::from_raw_os_error(e)),
    }
}

fn read_u64(path: &str) -> Option<u64> {
    std::fs::read_to_string(path).ok()?.trim().parse().ok()
}

/// `(fs.aio-max-nr, fs.aio-nr)`.
pub fn aio_sysctls() -> Option<(u64, u64)> {
    Some((
        read_u64("/proc/sys/fs/aio-max-nr")?,
        read_u64("/proc/sys/fs/aio-nr")?,
    ))
}

/// io_setup(nr) charges `nr` events to fs.aio-nr and fails with EAGAIN
/// beyond fs.aio-max-nr (fs/aio.c, ioctx_alloc; measured here: io_setup(32)
/// raises aio-nr by 32). The ring itself is sized larger, but that is not
/// what the limit counts.
fn aio_budget() -> Option<Budget> {
    let (max, used) = aio_sysctls()?;
    Some(Budget {
        total: max.saturating_sub(used),
        per_io: 1,
        min_per_thread: 1,
        resource: "fs.aio-max-nr".into(),
    })
}

/// One thread's native AIO engine.
pub struct Libaio {
    ctx: AioContext,
    /// One control block per slot; boxed so their addresses never move.
    iocbs: Box<[Iocb]>,
    /// Control blocks staged for the next io_submit.
    staged: Vec<*mut Iocb>,
    /// Events fetched by the last io_getevents: `events[next..got]` are
    /// still to be handed out.
    events: Box<[IoEvent]>,
    next: usize,
    got: usize,
    buf: AlignedBuf,
    /// Keeps the descriptor the iocbs name open.
    file: File,
    block_len: u64,
    in_flight: usize,
    /// Requests the kernel refused at submission, reported by the next
    /// reap like any completion (so the error names its offset).
    refused: Vec<Completion>,
    /// io_submit and io_getevents calls made.
    calls: u64,
}

impl Libaio {
    fn syscall_err(what: &'static str, source: io::Error) -> EngineError {
        EngineError::Syscall {
            engine: Self::NAME,
            what,
            source,
        }
    }
}

impl Engine for Libaio {
    const OPS: EngineOps = EngineOps {
        name: "libaio",
        aliases: &[],
        synchronous: false,
        moves_data: true,
        polls: false,
        kernel_submits: false,
        features: EngineOps::no_features,
        probe,
        budget: aio_budget,
        prepare_process: EngineOps::no_process_setup,
        process_note: EngineOps::no_process_note,
        // Without O_DIRECT the kernel serves io_submit inline.
        buffered_note: Some("io_submit does each I/O synchronously, so the device sees depth 1"),
    };

    fn open(setup: &ThreadSetup<'_>) -> Result<Self, EngineError> {
        let depth = setup.depth.max(1) as usize;
        let file = setup
            .file
            .try_clone()
            .map_err(|source| EngineError::setup(Self::NAME, source))?;
        let buf = AlignedBuf::new(depth, setup.block_size).map_err(|e| EngineError::Setup {
            engine: Self::NAME,
            source: io::Error::new(io::ErrorKind::OutOfMemory, e),
        })?;
        let mut ctx: AioContext = 0;
        if let Err(source) = io_setup(depth as u32, &mut ctx) {
            let errno = source.raw_os_error().unwrap_or(0);
            return Err(if errno == libc::EAGAIN {
                EngineError::Limit {
                    engine: Self::NAME,
                    source,
                    hint: aio_reason(errno),
                }
            } else {
                EngineError::setup(Self::NAME, source)
            });
        }
        Ok(Libaio {
            ctx,
            iocbs: vec![Iocb::default(); depth].into_boxed_slice(),
            staged: Vec::with_capacity(depth),
            events: vec![IoEvent::default(); depth].into_boxed_slice(),
            next: 0,
            got: 0,
            buf,
            file,
            block_len: setup.block_size as u64,
            in_flight: 0,
            refused: Vec::with_capacity(depth),
            calls: 0,
        })
    }

    #[inline]
    fn buffer(&mut self, slot: u32) -> &mut [u8] {
        self.buf.slot_mut(slot as usize)
    }

    #[inline]
    fn prepare(&mut self, slot: u32, op: Op, offset: u64) {
        let ptr = self.buf.slot_ptr(slot as usize);
        let cb = &mut self.iocbs[slot as usize];
        *cb = Iocb {
            aio_data: u64::from(slot),
            aio_lio_opcode: match op {
                Op::Read => IOCB_CMD_PREAD,
                Op::Write => IOCB_CMD_PWRITE,
            },
            aio_fildes: self.file.as_raw_fd() as u32,
            aio_buf: ptr as u64,
            aio_nbytes: self.block_len,
            aio_offset: offset as i64,
            ..Iocb::default()
        };
        // Capacity is depth and only free slots are staged: no growth.
        self.staged.push(cb as *mut Iocb);
    }

    #[inline]
    fn submit(&mut self) -> Result<(), EngineError> {
        let mut done = 0;
        while done < self.staged.len() {
            let rest = &mut self.staged[done..];
            self.calls += 1;
            // SAFETY: each pointer is an iocb of `self.iocbs` (stable boxed
            // storage) describing a buffer slot of `self.buf`; both outlive
            // the request, since Drop destroys the context (which waits for
            // requests) before freeing them.
            let r = unsafe {
                libc::syscall(
                    libc::SYS_io_submit,
                    self.ctx,
                    rest.len() as libc::c_long,
                    rest.as_mut_ptr(),
                )
            };
            if r < 0 {
                let e = io::Error::last_os_error();
                match e.raw_os_error() {
                    Some(libc::EINTR) | Some(libc::EAGAIN) => continue,
                    // The first request itself is bad (EBADF, EINVAL...):
                    // it completes with that error, the rest go on.
                    Some(errno) if errno != libc::EFAULT && errno != libc::ENOSYS => {
                        // SAFETY: `rest[0]` points into `self.iocbs`.
                        let slot = unsafe { (*rest[0]).aio_data } as u32;
                        self.refused.push(Completion {
                            slot,
                            result: -i64::from(errno),
                        });
                        done += 1;
                        continue;
                    }
                    _ => return Err(Self::syscall_err("io_submit", e)),
                }
            }
            done += r as usize;
            self.in_flight += r as usize;
        }
        self.staged.clear();
        Ok(())
    }

    #[inline]
    fn reap(&mut self, out: &mut [Completion]) -> Result<usize, EngineError> {
        if !self.refused.is_empty() {
            let n = self.refused.len().min(out.len());
            for (o, c) in out.iter_mut().zip(self.refused.drain(..n)) {
                *o = c;
            }
            return Ok(n);
        }
        if self.next == self.got {
            if self.in_flight == 0 {
                return Ok(0);
            }
            self.got = self.getevents()?;
            self.next = 0;
        }
        let n = (self.got - self.next).min(out.len());
        for (o, ev) in out.iter_mut().zip(&self.events[self.next..self.next + n]) {
            *o = Completion {
                slot: ev.data as u32,
                result: ev.res,
            };
        }
        self.next += n;
        Ok(n)
    }

    fn calls(&self) -> Option<u64> {
        Some(self.calls)
    }
}

impl Libaio {
    /// Waits for at least one completion and fetches all that are ready
    /// (one syscall for a burst; they are handed out one by one).
    fn getevents(&mut self) -> Result<usize, EngineError> {
        let max = self.events.len();
        let n = loop {
            self.calls += 1;
            // SAFETY: `events` has room for `max` io_events; a null timeout
            // waits for at least one.
            let r = unsafe {
                libc::syscall(
                    libc::SYS_io_getevents,
                    self.ctx,
                    1 as libc::c_long,
                    max as libc::c_long,
                    self.events.as_mut_ptr(),
                    std::ptr::null_mut::<libc::timespec>(),
                )
            };
            if r >= 0 {
                break r as usize;
            }
            let e = io::Error::last_os_error();
            if e.raw_os_error() != Some(libc::EINTR) {
                return Err(Self::syscall_err("io_getevents", e));
            }
        };
        self.in_flight -= n;
        Ok(n)
    }
}

impl Drop for Libaio {
    fn drop(&mut self) {
        // Cancels what it can and waits for the rest, so `buf` and `iocbs`
        // are free to go afterwards.
        io_destroy(self.ctx);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::{offset_of, size_of};

    /// Sizes and offsets of include/uapi/linux/aio_abi.h on x86_64 and
    /// aarch64 (little-endian, 64-bit).
    #[test]
    fn structs_match_the_kernel_abi() {
        assert_eq!(size_of::<Iocb>(), 64);
        assert_eq!(offset_of!(Iocb, aio_data), 0);
        assert_eq!(offset_of!(Iocb, aio_key), 8);
        assert_eq!(offset_of!(Iocb, aio_rw_flags), 12);
        assert_eq!(offset_of!(Iocb, aio_lio_opcode), 16);
        assert_eq!(offset_of!(Iocb, aio_reqprio), 18);
        assert_eq!(offset_of!(Iocb, aio_fildes), 20);
        assert_eq!(offset_of!(Iocb, aio_buf), 24);
        assert_eq!(offset_of!(Iocb, aio_nbytes), 32);
        assert_eq!(offset_of!(Iocb, aio_offset), 40);
        assert_eq!(offset_of!(Iocb, aio_reserved2), 48);
        assert_eq!(offset_of!(Iocb, aio_flags), 56);
        assert_eq!(offset_of!(Iocb, aio_resfd), 60);
        assert_eq!(size_of::<IoEvent>(), 32);
        assert_eq!(offset_of!(IoEvent, data), 0);
        assert_eq!(offset_of!(IoEvent, obj), 8);
        assert_eq!(offset_of!(IoEvent, res), 16);
        assert_eq!(offset_of!(IoEvent, res2), 24);
        assert_eq!(size_of::<AioContext>(), 8);
    }

    /// Where the kernel headers are installed, compare with them too.
    #[test]
    fn structs_match_the_installed_header() {
        let Ok(h) = std::fs::read_to_string("/usr/include/linux/aio_abi.h") else {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED structs_match_the_installed_header: /usr/include/linux/aio_abi.h absent"
            );
            return;
        };
        let body = h
            .split("struct iocb {")
            .nth(1)
            .unwrap()
            .split("};")
            .next()
            .unwrap();
        let fields: Vec<&str> = [
            "aio_data",
            "aio_key",
            "aio_rw_flags",
            "aio_lio_opcode",
            "aio_reqprio",
            "aio_fildes",
            "aio_buf",
            "aio_nbytes",
            "aio_offset",
            "aio_reserved2",
            "aio_flags",
            "aio_resfd",
        ]
        .into_iter()
        .filter(|f| body.contains(f))
        .collect();
        assert_eq!(fields.len(), 12, "{body}");
        // Declaration order in the header equals ours.
        let pos: Vec<usize> = fields.iter().map(|f| body.find(f).unwrap()).collect();
        assert!(pos.windows(2).all(|w| w[0] < w[1]), "{body}");
        assert!(h.contains("IOCB_CMD_PREAD = 0") && h.contains("IOCB_CMD_PWRITE = 1"));
    }

    fn engine(file: &File, depth: u32) -> Option<Libaio> {
        if let Err(why) = probe() {
            eprintln!("SKIPPED libaio engine test: {why}");
            return None;
        }
        Some(
            Libaio::open(&ThreadSetup {
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
    fn aio_reasons() {
        assert!(aio_reason(libc::ENOSYS).contains("CONFIG_AIO"));
        assert!(aio_reason(libc::EAGAIN).contains("fs.aio-max-nr"));
        assert!(aio_reason(libc::EPERM).contains("seccomp"));
    }

    #[test]
    fn writes_then_reads_a_batch() {
        let f = tempfile::tempfile().unwrap();
        f.set_len(1 << 20).unwrap();
        let Some(mut e) = engine(&f, 4) else { return };
        crate::engine::contract::checks::batch_completes_once_each(&mut e, &f, 4);
        let mut out = [Completion::default(); 4];
        e.buffer(0).fill(0);
        e.prepare(0, Op::Read, 2 * 4096);
        e.submit().unwrap();
        assert_eq!(e.reap(&mut out).unwrap(), 1);
        assert_eq!(
            out[0],
            Completion {
                slot: 0,
                result: 4096
            }
        );
        assert!(e.buffer(0).iter().all(|&b| b == 3));
    }

    #[test]
    fn errors_come_back_per_request() {
        let path = tempfile::NamedTempFile::new().unwrap();
        let f = File::open(path.path()).unwrap();
        let Some(mut e) = engine(&f, 1) else { return };
        // The kernel refuses a write on a read-only descriptor at submit
        // time (EBADF); it comes back as that request's completion.
        crate::engine::contract::checks::errors_come_back_per_request(&mut e);
    }
}
