//! `posixaio`: glibc's POSIX AIO (aio_read, aio_write, aio_suspend,
//! aio_error, aio_return).
//!
//! glibc serves the requests of one descriptor one at a time, on one helper
//! thread, and runs at most 20 helper threads unless `aio_init` raises the
//! limit. So a plain QD32 on one descriptor behaves like QD1 (fio's
//! posixaio does exactly that). This engine gives every slot its own
//! descriptor of the test file and raises the thread limit once per
//! process to the run's largest Q×T, so that Q×T requests really are in
//! flight. glibc's own locking is exempt from the hot-path rule.

use super::{AlignedBuf, Completion, Engine, EngineError, EngineFacts, Op, ThreadSetup};
use std::fs::File;
use std::io;
use std::os::fd::AsRawFd;
use std::sync::OnceLock;

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

/// One thread's POSIX AIO engine.
pub struct PosixAio {
    /// One descriptor per slot: glibc serialises per descriptor.
    files: Vec<File>,
    /// One control block per slot; boxed so their addresses never move.
    cbs: Box<[libc::aiocb]>,
    buf: AlignedBuf,
    block_len: usize,
    staged: Vec<(u32, Op)>,
    /// Slots with a request in flight.
    in_flight: Vec<u32>,
    /// Scratch list of control blocks for aio_suspend.
    waiting: Vec<*const libc::aiocb>,
    /// Requests refused at submission, reported by the next reap.
    refused: Vec<Completion>,
}

impl Engine for PosixAio {
    const NAME: &'static str = "posixaio";

    fn open(setup: &ThreadSetup<'_>) -> Result<Self, EngineError> {
        let err = |source| EngineError::setup(Self::NAME, source);
        let depth = setup.depth.max(1) as usize;
        let files = (0..depth)
            .map(|_| setup.file.try_clone())
            .collect::<io::Result<Vec<_>>>()
            .map_err(err)?;
        let buf = AlignedBuf::new(depth, setup.block_size)
            .map_err(|e| err(io::Error::new(io::ErrorKind::OutOfMemory, e)))?;
        // SAFETY: aiocb is a plain C struct for which all-zero is a valid
        // (empty) value; the fields that matter are set in `prepare`.
        let cb: libc::aiocb = unsafe { std::mem::zeroed() };
        Ok(PosixAio {
            files,
            cbs: vec![cb; depth].into_boxed_slice(),
            buf,
            block_len: setup.block_size,
            staged: Vec::with_capacity(depth),
            in_flight: Vec::with_capacity(depth),
            waiting: Vec::with_capacity(depth),
            refused: Vec::with_capacity(depth),
        })
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
        cb.aio_fildes = self.files[s].as_raw_fd();
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
                    self.in_flight.push(slot);
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
        while let Some(c) = self.refused.pop() {
            out[n] = c;
            n += 1;
        }
        loop {
            let mut i = 0;
            while i < self.in_flight.len() && n < out.len() {
                let slot = self.in_flight[i];
                let cb: *mut libc::aiocb = &mut self.cbs[slot as usize];
                // SAFETY: `cb` is a submitted control block of ours.
                let status = unsafe { libc::aio_error(cb) };
                if status == libc::EINPROGRESS {
                    i += 1;
                    continue;
                }
                // SAFETY: the request is finished; aio_return collects it once.
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
                self.in_flight.swap_remove(i);
            }
            if n > 0 || self.in_flight.is_empty() {
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
    /// Sleeps until one of the requests in flight completes.
    fn suspend(&mut self) -> Result<(), EngineError> {
        self.waiting.clear();
        for &slot in &self.in_flight {
            self.waiting
                .push(&self.cbs[slot as usize] as *const libc::aiocb);
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
        let mut scratch = vec![Completion::default(); self.in_flight.len().max(1)];
        while !self.in_flight.is_empty() {
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
        })
        .unwrap()
    }

    #[test]
    fn spreads_slots_over_descriptors_and_completes_all() {
        let f = tempfile::tempfile().unwrap();
        f.set_len(1 << 20).unwrap();
        let mut e = engine(&f, 8);
        assert_eq!(e.facts().descriptors, Some(8));
        let fds: std::collections::HashSet<i32> = e.files.iter().map(|f| f.as_raw_fd()).collect();
        assert_eq!(fds.len(), 8);
        crate::engine::contract::batch_completes_once_each(&mut e, &f, 8);
    }

    #[test]
    fn errors_come_back_per_request() {
        let path = tempfile::NamedTempFile::new().unwrap();
        let f = File::open(path.path()).unwrap();
        let mut e = engine(&f, 1);
        crate::engine::contract::errors_come_back_per_request(&mut e);
    }
}
