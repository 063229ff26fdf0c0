//! `null`: completes every request at once without any I/O. It measures
//! diskmark's own per-I/O cost (clock reads, offsets, bookkeeping) and lets
//! the whole pipeline run in tests without a disk. It keeps any depth.

use super::{AlignedBuf, Completion, Engine, EngineError, EngineOps, Op, ThreadSetup};

/// One thread's null engine.
pub struct Null {
    buf: AlignedBuf,
    block_size: i64,
    /// Slots submitted and not yet reaped, in order.
    ready: std::collections::VecDeque<u32>,
    /// Slots prepared and not yet submitted.
    staged: Vec<u32>,
}

impl Engine for Null {
    const OPS: EngineOps = EngineOps {
        name: "null",
        aliases: &[],
        synchronous: false,
        moves_data: false,
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
        let depth = setup.depth.max(1) as usize;
        let buf = AlignedBuf::new(depth, setup.block_size).map_err(|e| EngineError::Setup {
            engine: Self::NAME,
            source: std::io::Error::new(std::io::ErrorKind::OutOfMemory, e),
        })?;
        Ok(Null {
            buf,
            block_size: setup.block_size as i64,
            ready: std::collections::VecDeque::with_capacity(depth),
            staged: Vec::with_capacity(depth),
        })
    }

    #[inline]
    fn buffer(&mut self, slot: u32) -> &mut [u8] {
        self.buf.slot_mut(slot as usize)
    }

    #[inline]
    fn prepare(&mut self, slot: u32, _op: Op, _offset: u64) {
        // Capacity is depth and only free slots are prepared: no growth.
        self.staged.push(slot);
    }

    #[inline]
    fn submit(&mut self) -> Result<(), EngineError> {
        // At most depth are in flight: the deque never grows.
        self.ready.extend(self.staged.drain(..));
        Ok(())
    }

    #[inline]
    fn reap(&mut self, out: &mut [Completion]) -> Result<usize, EngineError> {
        let n = self.ready.len().min(out.len());
        for (o, slot) in out.iter_mut().zip(self.ready.drain(..n)) {
            *o = Completion {
                slot,
                result: self.block_size,
            };
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_every_prepared_slot_once() {
        let f = tempfile::tempfile().unwrap();
        let mut e = Null::open(&ThreadSetup {
            file: &f,
            depth: 4,
            block_size: 4096,
            hipri: false,
            sqpoll: false,
        })
        .unwrap();
        for s in 0..4 {
            e.prepare(s, Op::Read, 0);
        }
        e.submit().unwrap();
        let mut out = [Completion::default(); 4];
        assert_eq!(e.reap(&mut out).unwrap(), 4);
        let mut slots: Vec<u32> = out.iter().map(|c| c.slot).collect();
        slots.sort_unstable();
        assert_eq!(slots, [0, 1, 2, 3]);
        assert!(out.iter().all(|c| c.result == 4096));
        assert_eq!(e.reap(&mut out).unwrap(), 0);
    }
}
