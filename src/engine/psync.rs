//! `psync`: pread/pwrite. Synchronous: one I/O in flight per thread, so the
//! planner runs QxTy as Q1T(x·y) (docs/measurement.md#engines-and-adaptation).

use super::{AlignedBuf, Completion, Engine, EngineError, EngineOps, Op, ThreadSetup, retry_eintr};
use std::fs::File;
use std::os::unix::fs::FileExt;

/// One thread's pread/pwrite engine.
pub struct Psync {
    file: File,
    buf: AlignedBuf,
    staged: Option<(u32, Op, u64)>,
    done: Option<Completion>,
}

impl Engine for Psync {
    const OPS: EngineOps = EngineOps {
        name: "psync",
        aliases: &[],
        synchronous: true,
        moves_data: true,
        polls: false,
        kernel_submits: false,
        features: EngineOps::no_features,
        probe: EngineOps::always_available,
        budget: EngineOps::unlimited,
        prepare_process: EngineOps::no_process_setup,
        process_note: EngineOps::no_process_note,
        buffered_note: None,
    };

    fn open(setup: &ThreadSetup<'_>) -> Result<Self, EngineError> {
        let setup_err = |source| EngineError::setup(Self::NAME, source);
        // A descriptor of its own: the file description (offset-free I/O,
        // O_DIRECT flag) is shared, nothing else.
        let file = setup.file.try_clone().map_err(setup_err)?;
        // Depth is 1 after planning; honour whatever was asked anyway.
        let buf = AlignedBuf::new(setup.depth.max(1) as usize, setup.block_size)
            .map_err(|e| setup_err(std::io::Error::new(std::io::ErrorKind::OutOfMemory, e)))?;
        Ok(Psync {
            file,
            buf,
            staged: None,
            done: None,
        })
    }

    #[inline]
    fn buffer(&mut self, slot: u32) -> &mut [u8] {
        self.buf.slot_mut(slot as usize)
    }

    #[inline]
    fn prepare(&mut self, slot: u32, op: Op, offset: u64) {
        debug_assert!(self.staged.is_none(), "psync keeps one request at a time");
        self.staged = Some((slot, op, offset));
    }

    #[inline]
    fn submit(&mut self) -> Result<(), EngineError> {
        let Some((slot, op, offset)) = self.staged.take() else {
            return Ok(());
        };
        let buf = self.buf.slot_mut(slot as usize);
        let r = match op {
            Op::Read => retry_eintr(|| self.file.read_at(buf, offset)),
            Op::Write => retry_eintr(|| self.file.write_at(buf, offset)),
        };
        let result = match r {
            Ok(n) => n as i64,
            Err(e) => -i64::from(e.raw_os_error().unwrap_or(libc::EIO)),
        };
        self.done = Some(Completion { slot, result });
        Ok(())
    }

    #[inline]
    fn reap(&mut self, out: &mut [Completion]) -> Result<usize, EngineError> {
        match self.done.take() {
            Some(c) => {
                out[0] = c;
                Ok(1)
            }
            None => Ok(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_through_the_contract() {
        let f = tempfile::tempfile().unwrap();
        f.set_len(8192).unwrap();
        let mut e = Psync::open(&ThreadSetup {
            file: &f,
            depth: 1,
            block_size: 4096,
            hipri: false,
            sqpoll: false,
        })
        .unwrap();
        let mut out = [Completion::default(); 1];
        e.buffer(0).fill(0xAB);
        e.prepare(0, Op::Write, 4096);
        e.submit().unwrap();
        assert_eq!(e.reap(&mut out).unwrap(), 1);
        assert_eq!(
            out[0],
            Completion {
                slot: 0,
                result: 4096
            }
        );
        e.buffer(0).fill(0);
        e.prepare(0, Op::Read, 4096);
        e.submit().unwrap();
        assert_eq!(e.reap(&mut out).unwrap(), 1);
        assert_eq!(out[0].result, 4096);
        assert!(e.buffer(0).iter().all(|&b| b == 0xAB));
        // Past the end: a short (empty) read, reported as 0 bytes.
        e.prepare(0, Op::Read, 8192);
        e.submit().unwrap();
        e.reap(&mut out).unwrap();
        assert_eq!(out[0].result, 0);
    }

    #[test]
    fn errors_come_back_as_negative_errno() {
        // A read-only descriptor refuses writes with EBADF.
        let path = tempfile::NamedTempFile::new().unwrap();
        let f = File::open(path.path()).unwrap();
        let mut e = Psync::open(&ThreadSetup {
            file: &f,
            depth: 1,
            block_size: 512,
            hipri: false,
            sqpoll: false,
        })
        .unwrap();
        let mut out = [Completion::default(); 1];
        e.prepare(0, Op::Write, 0);
        e.submit().unwrap();
        e.reap(&mut out).unwrap();
        assert_eq!(out[0].result, -i64::from(libc::EBADF));
    }
}
