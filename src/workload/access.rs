//! Offsets and the read/write choice (docs/measurement.md#access-patterns). Everything here runs
//! once per I/O, so it allocates nothing and takes no lock.

use std::sync::atomic::{AtomicU64, Ordering};

/// splitmix64: turns any seed into well-spread generator state.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// xoshiro256++: fast, 256 bits of state, good enough for offsets and data.
/// Twenty lines; not worth a crate.
#[derive(Debug, Clone)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator whose whole sequence follows from `seed`.
    pub fn new(seed: u64) -> Self {
        let mut sm = seed;
        Rng {
            s: [
                splitmix64(&mut sm),
                splitmix64(&mut sm),
                splitmix64(&mut sm),
                splitmix64(&mut sm),
            ],
        }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A number in `0..n` (Lemire's multiply-shift: no division).
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// Fills `buf` with random bytes.
    pub fn fill(&mut self, buf: &mut [u8]) {
        let mut chunks = buf.chunks_exact_mut(8);
        for c in &mut chunks {
            c.copy_from_slice(&self.next_u64().to_le_bytes());
        }
        let rest = chunks.into_remainder();
        let last = self.next_u64().to_le_bytes();
        rest.copy_from_slice(&last[..rest.len()]);
    }
}

/// The seed of one thread of one loop of one test: distinct for each, and
/// fixed by the run's seed so that `--seed` repeats a run.
pub fn thread_seed(run_seed: u64, test: usize, loop_index: u32, thread: u32) -> u64 {
    let mut s = run_seed
        ^ (test as u64).wrapping_mul(0xA24B_AED4_963E_E407)
        ^ u64::from(loop_index).wrapping_mul(0x9FB2_1C65_1E98_DF25)
        ^ u64::from(thread).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    splitmix64(&mut s)
}

/// The one cursor that all threads of a SEQ test share, so that the device
/// sees one sequential stream whatever Q and T are. Counts blocks.
#[derive(Debug, Default)]
pub struct SeqCursor {
    next: AtomicU64,
}

impl SeqCursor {
    /// A cursor at the start of the file.
    pub fn new() -> Self {
        Self::default()
    }

    /// Claims the next block number (not yet wrapped).
    #[inline]
    fn claim(&self) -> u64 {
        self.next.fetch_add(1, Ordering::Relaxed)
    }
}

/// Where the next I/O of one thread goes.
#[derive(Debug)]
pub enum Offsets<'a> {
    /// Next block of the shared cursor, wrapping at end of file.
    Seq {
        /// The test's shared cursor.
        cursor: &'a SeqCursor,
        /// Blocks in the file.
        blocks: u64,
        /// Bytes per block.
        block_size: u64,
    },
    /// A uniformly random block.
    Rnd {
        /// Blocks in the file.
        blocks: u64,
        /// Bytes per block.
        block_size: u64,
    },
}

impl Offsets<'_> {
    /// The byte offset of the next I/O.
    #[inline]
    pub fn next(&self, rng: &mut Rng) -> u64 {
        match *self {
            Offsets::Seq {
                cursor,
                blocks,
                block_size,
            } => (cursor.claim() % blocks) * block_size,
            Offsets::Rnd { blocks, block_size } => rng.below(blocks) * block_size,
        }
    }
}

/// Picks read or write for a Mix test: a read with probability `pct`%.
#[derive(Debug, Clone, Copy)]
pub struct MixChooser {
    /// A draw below this is a read; `u64::MAX` draws can never reach 100%
    /// exactly, so 100 is handled apart.
    threshold: u64,
    all_reads: bool,
}

impl MixChooser {
    /// A chooser for `pct`% reads (0..=100).
    pub fn new(pct: u8) -> Self {
        let pct = u128::from(pct.min(100));
        MixChooser {
            threshold: ((u128::from(u64::MAX) + 1) * pct / 100) as u64,
            all_reads: pct == 100,
        }
    }

    /// True for a read.
    #[inline]
    pub fn is_read(&self, rng: &mut Rng) -> bool {
        self.all_reads || rng.next_u64() < self.threshold
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn rng_is_repeatable_and_uniform_enough() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        let mut counts = [0u32; 16];
        for _ in 0..160_000 {
            counts[a.below(16) as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn thread_seeds_differ() {
        let mut seen = HashSet::new();
        for test in 0..4 {
            for l in 0..3 {
                for t in 0..8 {
                    assert!(seen.insert(thread_seed(7, test, l, t)));
                }
            }
        }
    }

    #[test]
    fn shared_cursor_gives_one_stream_across_threads() {
        let cursor = SeqCursor::new();
        let off = Offsets::Seq {
            cursor: &cursor,
            blocks: 4,
            block_size: 4096,
        };
        let mut got = Vec::new();
        std::thread::scope(|s| {
            let hs: Vec<_> = (0..2)
                .map(|_| {
                    s.spawn(|| {
                        let mut r = Rng::new(1);
                        (0..4).map(|_| off.next(&mut r)).collect::<Vec<_>>()
                    })
                })
                .collect();
            for h in hs {
                got.extend(h.join().unwrap());
            }
        });
        got.sort_unstable();
        // 8 claims over 4 blocks: each block exactly twice (wrapped once).
        assert_eq!(got, [0, 0, 4096, 4096, 8192, 8192, 12288, 12288]);
    }

    #[test]
    fn random_offsets_are_block_aligned_and_inside() {
        let off = Offsets::Rnd {
            blocks: 1000,
            block_size: 4096,
        };
        let mut r = Rng::new(3);
        let mut seen = HashSet::new();
        for _ in 0..10_000 {
            let o = off.next(&mut r);
            assert_eq!(o % 4096, 0);
            assert!(o < 1000 * 4096);
            seen.insert(o);
        }
        assert!(seen.len() > 990);
    }

    #[test]
    fn mix_probability() {
        let mut r = Rng::new(9);
        for pct in [0u8, 30, 70, 100] {
            let m = MixChooser::new(pct);
            let reads = (0..100_000).filter(|_| m.is_read(&mut r)).count();
            let want = usize::from(pct) * 1000;
            assert!(reads.abs_diff(want) <= 1000, "{pct}: {reads}");
        }
        assert!((0..1000).all(|_| MixChooser::new(100).is_read(&mut r)));
        assert!((0..1000).all(|_| !MixChooser::new(0).is_read(&mut r)));
    }
}
