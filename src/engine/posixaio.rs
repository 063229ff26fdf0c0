//! `posixaio`: glibc's POSIX AIO (aio_read, aio_write, aio_suspend,
//! aio_error, aio_return).
//!
//! glibc serves the requests of one descriptor one at a time, in order, on
//! one helper thread (a plain pread), and runs at most 20 helper threads
//! unless `aio_init` raises the limit. So Q requests on one descriptor are
//! depth 1 at the device (fio's posixaio does exactly that), and Q requests
//! on Q descriptors are Q helper threads, which on a device that completes
//! an I/O on the calling CPU (zram decompresses inside the helper's pread)
//! take turns on the CPUs: 32 of them on 2 CPUs ran at 0.22× fio's one
//! descriptor. Real devices do absorb the depth (their helpers sleep
//! in the kernel), and a RAM loop device served 16 descriptors best, 32
//! worse (BENCHMARKS.md, "posixaio on fast devices").
//!
//! So a thread spreads its slots over `D = min(Q, cpus)` descriptors when
//! the device completes I/Os inline (bio-based with nothing under it: zram,
//! brd, pmem), else over `D = min(Q, 8 × cpus)`; slot `s` always uses
//! descriptor `s mod D`, and since each descriptor is served in order, only
//! the oldest request of each descriptor is waited for. The thread limit is
//! raised once per process to the run's largest Q×T (glibc starts threads
//! only for descriptors with work). glibc's own locking is exempt from the
//! hot-path rule.

use super::{
    AlignedBuf, Budget, Completion, Engine, EngineError, EngineFacts, EngineOps, Op, ThreadSetup,
};
use std::collections::VecDeque;
use std::fs::File;
use std::io;
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Descriptors per CPU on a device that absorbs depth: a RAM loop device
/// gained up to 8 per CPU and lost at 16 (2 CPUs).
const ASYNC_PER_CPU: usize = 8;

/// glibc's `struct aioinit` (aio.h, a GNU extension; not in the libc crate).
#[repr(C)]
struct AioInit {
    aio_threads: libc::c_int,
    aio_num: libc::c_int,
    aio_locks: libc::c_int,
    aio_usedba: libc::c_int,
    aio_debug: libc::c_int,
    aio_numusers: libc::c_int,
    aio_idle_time: libc::c_int,
    aio_reserved: libc::c_int,
}

unsafe extern "C" {
    fn aio_init(init: *const AioInit);
}

static INIT: OnceLock<usize> = OnceLock::new();

/// Raises glibc's helper-thread and request limits to `in_flight` (at
/// least glibc's defaults). glibc only honours this before the first
/// request of the process, so the runner calls it once with the run's
/// largest Q×T; later calls return the value that took effect.
pub fn init_process(in_flight: usize) -> usize {
    *INIT.get_or_init(|| {
        let n = in_flight.clamp(20, i32::MAX as usize);
        let init = AioInit {
            aio_threads: n as libc::c_int,
            aio_num: n.max(64) as libc::c_int,
            aio_locks: 0,
            aio_usedba: 0,
            aio_debug: 0,
            aio_numusers: 0,
            // Seconds an idle helper thread waits for work before it ends.
            aio_idle_time: 1,
            aio_reserved: 0,
        };
        // SAFETY: aio_init reads one valid `struct aioinit`.
        unsafe { aio_init(&init) };
        n
    })
}

/// The registry's process set-up: [`init_process`] with the run's largest
/// Q×T.
fn prepare_process(most_in_flight: usize) {
    init_process(most_in_flight);
}

/// What the set-up does, for the report.
fn process_note(most_in_flight: usize) -> Option<String> {
    Some(format!(
        "posixaio: glibc serves one descriptor's requests one at a time, so each thread spreads its Q requests over min(Q, 8 × CPUs) descriptors, or min(Q, CPUs) on a device that completes I/Os on the submitting CPU (zram, brd, pmem); glibc's helper-thread limit was raised to {}",
        most_in_flight.max(20)
    ))
}

/// posixaio spreads its requests over one descriptor each: the open-file
/// limit bounds the depth (with room for everything else).
fn descriptor_budget() -> Option<Budget> {
    let soft = rustix::process::getrlimit(rustix::process::Resource::Nofile).current?;
    let open = std::fs::read_dir("/proc/self/fd").map_or(16, |d| d.count() as u64);
    Some(Budget {
        total: soft.saturating_sub(open + 64),
        per_io: 1,
        min_per_thread: 1,
        resource: "the open-file limit (ulimit -n)".into(),
    })
}

/// One thread's POSIX AIO engine.
pub struct PosixAio {
    /// Slot `s` uses descriptor `s % files.len()`: glibc serialises per
    /// descriptor.
    files: Vec<File>,
    /// One control block per slot; boxed so their addresses never move.
    cbs: Box<[libc::aiocb]>,
    buf: AlignedBuf,
    block_len: usize,
    staged: Vec<(u32, Op)>,
    /// Per descriptor, its slots in flight in submission order (glibc
    /// serves them in that order); capacity for all its slots, so pushing
    /// never allocates.
    queues: Box<[VecDeque<u32>]>,
    /// Requests in flight, over all descriptors.
    in_flight: usize,
    /// The descriptor whose queue the next reap looks at first, so that no
    /// descriptor's completions wait behind another's.
    next: usize,
    /// Scratch list of control blocks for aio_suspend.
    waiting: Vec<*const libc::aiocb>,
    /// Requests refused at submission, reported by the next reap.
    refused: Vec<Completion>,
}

/// Descriptors for one thread of `depth` slots: see the module comment.
fn descriptors(depth: usize, inline: bool, cpus: usize) -> usize {
    let cpus = cpus.max(1);
    let most = if inline { cpus } else { ASYNC_PER_CPU * cpus };
    depth.clamp(1, most)
}

/// Whether the block device under `file` completes I/Os in the submitting
/// thread, on its CPU: a bio-based device (no `mq` request queue) with no
/// device under it (zram, brd, pmem), or a stack of them. Unknown devices
/// (btrfs's anonymous ones, tmpfs) count as not.
fn completes_inline(file: &File) -> bool {
    let Ok(st) = rustix::fs::fstat(file) else {
        return false;
    };
    let mode = rustix::fs::FileType::from_raw_mode(st.st_mode);
    let dev = if mode == rustix::fs::FileType::BlockDevice {
        st.st_rdev
    } else {
        st.st_dev
    };
    let dir = PathBuf::from(format!(
        "/sys/dev/block/{}:{}",
        rustix::fs::major(dev),
        rustix::fs::minor(dev)
    ));
    inline_device(&dir, 0)
}

fn inline_device(dir: &Path, level: u32) -> bool {
    let Ok(mut dir) = dir.canonicalize() else {
        return false;
    };
    if dir.join("partition").exists() {
        dir.pop();
    }
    if level > 8 || dir.join("mq").exists() || !dir.join("queue").is_dir() {
        return false;
    }
    let under: Vec<PathBuf> = match std::fs::read_dir(dir.join("slaves")) {
        Ok(entries) => entries.flatten().map(|e| e.path()).collect(),
        Err(_) => Vec::new(),
    };
    under.iter().all(|d| inline_device(d, level + 1))
}

impl Engine for PosixAio {
    const OPS: EngineOps = EngineOps {
        name: "posixaio",
        aliases: &[],
        synchronous: false,
        moves_data: true,
        polls: false,
        kernel_submits: false,
        features: EngineOps::no_features,
        probe: EngineOps::always_available,
        budget: descriptor_budget,
        prepare_process,
        process_note,
        buffered_note: None,
    };

    fn open(setup: &ThreadSetup<'_>) -> Result<Self, EngineError> {
        let depth = setup.depth.max(1) as usize;
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        Self::with_descriptors(
            setup,
            descriptors(depth, completes_inline(setup.file), cpus),
        )
    }

    #[inline]
    fn buffer(&mut self, slot: u32) -> &mut [u8] {
        self.buf.slot_mut(slot as usize)
    }

    #[inline]
    fn prepare(&mut self, slot: u32, op: Op, offset: u64) {
        let s = slot as usize;
        let ptr = self.buf.slot_ptr(s);
        let cb = &mut self.cbs[s];
        cb.aio_fildes = self.files[s % self.files.len()].as_raw_fd();
        cb.aio_buf = ptr.cast();
        cb.aio_nbytes = self.block_len;
        cb.aio_offset = offset as libc::off_t;
        cb.aio_reqprio = 0;
        cb.aio_sigevent.sigev_notify = libc::SIGEV_NONE;
        self.staged.push((slot, op));
    }

    #[inline]
    fn submit(&mut self) -> Result<(), EngineError> {
        for i in 0..self.staged.len() {
            let (slot, op) = self.staged[i];
            let cb: *mut libc::aiocb = &mut self.cbs[slot as usize];
            loop {
                // SAFETY: `cb` points into `self.cbs` (stable boxed storage)
                // and describes a slot of `self.buf`; both stay valid until
                // the request completes (Drop waits for all of them).
                let r = unsafe {
                    match op {
                        Op::Read => libc::aio_read(cb),
                        Op::Write => libc::aio_write(cb),
                    }
                };
                if r == 0 {
                    self.queues[slot as usize % self.queues.len()].push_back(slot);
                    self.in_flight += 1;
                    break;
                }
                let e = io::Error::last_os_error();
                match e.raw_os_error() {
                    // glibc is out of request slots for a moment.
                    Some(libc::EAGAIN) | Some(libc::EINTR) => std::thread::yield_now(),
                    Some(errno) => {
                        self.refused.push(Completion {
                            slot,
                            result: -i64::from(errno),
                        });
                        break;
                    }
                    None => {
                        return Err(EngineError::Syscall {
                            engine: Self::NAME,
                            what: "aio_read/aio_write",
                            source: e,
                        });
                    }
                }
            }
        }
        self.staged.clear();
        Ok(())
    }

    #[inline]
    fn reap(&mut self, out: &mut [Completion]) -> Result<usize, EngineError> {
        let mut n = 0;
        while n < out.len()
            && let Some(c) = self.refused.pop()
        {
            out[n] = c;
            n += 1;
        }
        let d = self.queues.len();
        loop {
            // Each descriptor's requests finish in order: only its oldest
            // can be the next one done.
            for k in 0..d {
                let q = (self.next + k) % d;
                while n < out.len()
                    && let Some(&slot) = self.queues[q].front()
                {
                    let cb: *mut libc::aiocb = &mut self.cbs[slot as usize];
                    // SAFETY: `cb` is a submitted control block of ours.
                    let status = unsafe { libc::aio_error(cb) };
                    if status == libc::EINPROGRESS {
                        break;
                    }
                    // SAFETY: the request is finished; aio_return collects
                    // it once.
                    let ret = unsafe { libc::aio_return(cb) };
                    out[n] = Completion {
                        slot,
                        result: if status == 0 {
                            ret as i64
                        } else {
                            -i64::from(status)
                        },
                    };
                    n += 1;
                    self.queues[q].pop_front();
                    self.in_flight -= 1;
                }
                if n == out.len() {
                    self.next = (q + 1) % d;
                    return Ok(n);
                }
            }
            if n > 0 || self.in_flight == 0 {
                return Ok(n);
            }
            self.suspend()?;
        }
    }

    fn facts(&self) -> EngineFacts {
        EngineFacts {
            descriptors: Some(self.files.len() as u32),
            ..EngineFacts::default()
        }
    }
}

impl PosixAio {
    /// The engine with its slots spread over `nfds` descriptors (1..=Q).
    fn with_descriptors(setup: &ThreadSetup<'_>, nfds: usize) -> Result<Self, EngineError> {
        let err = |source| EngineError::setup(Self::NAME, source);
        let depth = setup.depth.max(1) as usize;
        let nfds = nfds.clamp(1, depth);
        let files = (0..nfds)
            .map(|_| setup.file.try_clone())
            .collect::<io::Result<Vec<_>>>()
            .map_err(err)?;
        let buf = AlignedBuf::new(depth, setup.block_size)
            .map_err(|e| err(io::Error::new(io::ErrorKind::OutOfMemory, e)))?;
        // SAFETY: aiocb is a plain C struct for which all-zero is a valid
        // (empty) value; the fields that matter are set in `prepare`.
        let cb: libc::aiocb = unsafe { std::mem::zeroed() };
        let per_queue = depth.div_ceil(nfds);
        Ok(PosixAio {
            files,
            cbs: vec![cb; depth].into_boxed_slice(),
            buf,
            block_len: setup.block_size,
            staged: Vec::with_capacity(depth),
            queues: (0..nfds)
                .map(|_| VecDeque::with_capacity(per_queue))
                .collect(),
            in_flight: 0,
            next: 0,
            waiting: Vec::with_capacity(nfds),
            refused: Vec::with_capacity(depth),
        })
    }

    /// Sleeps until the oldest request of some descriptor completes.
    fn suspend(&mut self) -> Result<(), EngineError> {
        self.waiting.clear();
        for q in self.queues.iter() {
            if let Some(&slot) = q.front() {
                self.waiting
                    .push(&self.cbs[slot as usize] as *const libc::aiocb);
            }
        }
        // SAFETY: `waiting` holds valid pointers to our submitted control
        // blocks; a null timeout waits without limit.
        let r = unsafe {
            libc::aio_suspend(
                self.waiting.as_ptr(),
                self.waiting.len() as libc::c_int,
                std::ptr::null(),
            )
        };
        if r != 0 {
            let e = io::Error::last_os_error();
            if !matches!(e.raw_os_error(), Some(libc::EINTR) | Some(libc::EAGAIN)) {
                return Err(EngineError::Syscall {
                    engine: Self::NAME,
                    what: "aio_suspend",
                    source: e,
                });
            }
        }
        Ok(())
    }
}

impl Drop for PosixAio {
    fn drop(&mut self) {
        // glibc's helper threads write into `buf`: wait for every request.
        let mut scratch = vec![Completion::default(); self.in_flight.max(1)];
        while self.in_flight > 0 {
            if self.reap(&mut scratch).is_err() {
                // Never free memory a helper thread may still write to.
                std::mem::replace(&mut self.buf, AlignedBuf::empty()).leak();
                let cbs = std::mem::take(&mut self.cbs);
                std::mem::forget(cbs);
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine(file: &File, depth: u32) -> PosixAio {
        init_process(64);
        PosixAio::open(&ThreadSetup {
            file,
            depth,
            block_size: 4096,
            hipri: false,
            sqpoll: false,
        })
        .unwrap()
    }

    #[test]
    fn descriptors_follow_the_cpus_and_the_device() {
        // zram-like on 2 CPUs: one descriptor (and helper) per CPU.
        assert_eq!(descriptors(32, true, 2), 2);
        // A device that absorbs depth: up to 8 per CPU, never above Q.
        assert_eq!(descriptors(32, false, 2), 16);
        assert_eq!(descriptors(32, false, 8), 32);
        assert_eq!(descriptors(4, false, 2), 4);
        assert_eq!(descriptors(1, true, 64), 1);
        assert_eq!(descriptors(0, true, 0), 1);
    }

    #[test]
    fn fewer_descriptors_than_slots_complete_every_request_once() {
        init_process(64);
        let f = tempfile::tempfile().unwrap();
        f.set_len(1 << 20).unwrap();
        for nfds in [1, 3, 8] {
            let setup = ThreadSetup {
                file: &f,
                depth: 8,
                block_size: 4096,
                hipri: false,
                sqpoll: false,
            };
            let mut e = PosixAio::with_descriptors(&setup, nfds).unwrap();
            assert_eq!(e.facts().descriptors, Some(nfds as u32));
            crate::engine::contract::checks::batch_completes_once_each(&mut e, &f, 8);
            // One completion at a time, as the worker reaps, refilling each
            // freed slot: every slot comes back, none twice in flight.
            let mut out = [Completion::default(); 1];
            for s in 0..8 {
                e.prepare(s, Op::Read, u64::from(s) * 4096);
            }
            e.submit().unwrap();
            let mut done = 0;
            while done < 64 {
                assert_eq!(e.reap(&mut out).unwrap(), 1);
                assert_eq!(out[0].result, 4096);
                done += 1;
                if done <= 56 {
                    e.prepare(out[0].slot, Op::Read, 0);
                    e.submit().unwrap();
                }
            }
            assert_eq!(e.in_flight, 0);
            assert_eq!(e.reap(&mut out).unwrap(), 0);
        }
    }

    #[test]
    fn a_memory_filesystem_is_not_an_inline_device() {
        // tmpfs has no block device: unknown, so the depth is kept.
        if let Ok(f) = File::open("/dev/shm") {
            assert!(!completes_inline(&f));
        }
        assert!(!inline_device(Path::new("/sys/dev/block/0:0"), 0));
    }

    #[test]
    fn spreads_slots_over_descriptors_and_completes_all() {
        let f = tempfile::tempfile().unwrap();
        f.set_len(1 << 20).unwrap();
        let mut e = engine(&f, 8);
        assert_eq!(e.facts().descriptors, Some(8));
        let fds: std::collections::HashSet<i32> = e.files.iter().map(|f| f.as_raw_fd()).collect();
        assert_eq!(fds.len(), 8);
        crate::engine::contract::checks::batch_completes_once_each(&mut e, &f, 8);
    }

    #[test]
    fn errors_come_back_per_request() {
        let path = tempfile::NamedTempFile::new().unwrap();
        let f = File::open(path.path()).unwrap();
        let mut e = engine(&f, 1);
        crate::engine::contract::checks::errors_come_back_per_request(&mut e);
    }
}
