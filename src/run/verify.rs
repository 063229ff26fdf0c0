//! `--verify`: every block a write test writes carries a header (magic,
//! offset, write sequence, crc32c of the block); afterwards a read pass
//! checks every written block. Two writes to one block are never in flight
//! at once (their final content would be undefined): workers claim a block
//! before issuing to it and release it on completion.

use crate::engine::AlignedBuf;
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::sync::atomic::{AtomicU64, Ordering};

/// Marks a block written under `--verify`.
pub const VERIFY_MAGIC: [u8; 8] = *b"DMVERIF1";
/// Bytes of the header at the start of a block.
pub const HEADER_LEN: usize = 28;
/// Where the checksum sits in the header.
const CRC_AT: std::ops::Range<usize> = 24..28;

/// Writes the header into `block` (at least [`HEADER_LEN`] bytes): magic,
/// offset, sequence, and last the crc32c of the whole block computed with
/// the crc field zero.
#[inline]
pub fn seal(block: &mut [u8], offset: u64, seq: u64) {
    block[..8].copy_from_slice(&VERIFY_MAGIC);
    block[8..16].copy_from_slice(&offset.to_le_bytes());
    block[16..24].copy_from_slice(&seq.to_le_bytes());
    block[CRC_AT].fill(0);
    let crc = crc32c::crc32c(block);
    block[CRC_AT].copy_from_slice(&crc.to_le_bytes());
}

/// How a block read back differs from what was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mismatch {
    /// No verify header: never written by this test, or overwritten.
    NoHeader,
    /// A header naming another offset: written to the wrong place.
    Misplaced(u64),
    /// An older (or other) write than the last one that completed.
    Stale {
        /// Sequence found.
        found: u64,
        /// Sequence of the last completed write.
        expected: u64,
    },
    /// The content does not match its checksum.
    Corrupt,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Mismatch::NoHeader => write!(f, "no diskmark header"),
            Mismatch::Misplaced(o) => write!(f, "holds the block written for offset {o}"),
            Mismatch::Stale { found, expected } => {
                write!(
                    f,
                    "holds write #{found:x}, not the last one (#{expected:x})"
                )
            }
            Mismatch::Corrupt => write!(f, "content does not match its crc32c"),
        }
    }
}

/// Checks one block read back from `offset` against the last write
/// `expected` there.
pub fn check_block(block: &[u8], offset: u64, expected: u64) -> Result<(), Mismatch> {
    if block.len() < HEADER_LEN || block[..8] != VERIFY_MAGIC {
        return Err(Mismatch::NoHeader);
    }
    let word = |r: std::ops::Range<usize>| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&block[r]);
        u64::from_le_bytes(b)
    };
    let at = word(8..16);
    if at != offset {
        return Err(Mismatch::Misplaced(at));
    }
    let mut crc_bytes = [0u8; 4];
    crc_bytes.copy_from_slice(&block[CRC_AT]);
    let stored = u32::from_le_bytes(crc_bytes);
    let crc = crc32c::crc32c_append(crc32c::crc32c(&block[..CRC_AT.start]), &[0u8; 4]);
    let crc = crc32c::crc32c_append(crc, &block[CRC_AT.end..]);
    if crc != stored {
        return Err(Mismatch::Corrupt);
    }
    let seq = word(16..24);
    if seq != expected {
        return Err(Mismatch::Stale {
            found: seq,
            expected,
        });
    }
    Ok(())
}

/// Per test: which blocks are being written now, and the last completed
/// write of each block.
#[derive(Debug)]
pub struct VerifyMap {
    block_size: u64,
    /// Sequence of the last completed write per block; 0 = not written.
    last: Vec<AtomicU64>,
    /// One bit per block with an I/O in flight.
    busy: Vec<AtomicU64>,
}

/// What the read pass found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyReport {
    /// Written blocks checked.
    pub checked: u64,
    /// How many did not read back as written.
    pub bad: u64,
    /// The first mismatches, by offset.
    pub first: Vec<(u64, Mismatch)>,
}

impl VerifyMap {
    /// A map for a file of `blocks` blocks of `block_size` bytes.
    pub fn new(blocks: u64, block_size: u64) -> Self {
        VerifyMap {
            block_size,
            last: (0..blocks).map(|_| AtomicU64::new(0)).collect(),
            busy: (0..blocks.div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect(),
        }
    }

    /// Claims the block at `offset` for one I/O; false when another I/O
    /// holds it.
    #[inline]
    pub fn try_claim(&self, offset: u64) -> bool {
        let b = offset / self.block_size;
        let bit = 1u64 << (b % 64);
        self.busy[(b / 64) as usize].fetch_or(bit, Ordering::AcqRel) & bit == 0
    }

    /// Releases the block at `offset`; a completed write with `seq` becomes
    /// the one the read pass expects.
    #[inline]
    pub fn complete(&self, offset: u64, write_seq: Option<u64>) {
        let b = offset / self.block_size;
        if let Some(seq) = write_seq {
            self.last[b as usize].store(seq, Ordering::Release);
        }
        self.busy[(b / 64) as usize].fetch_and(!(1u64 << (b % 64)), Ordering::AcqRel);
    }

    /// Reads the whole file back in large pieces and checks every block a
    /// write completed on.
    pub fn check(&self, file: &File) -> std::io::Result<VerifyReport> {
        let bs = self.block_size as usize;
        let per_read = (4 << 20).max(bs) / bs * bs;
        let mut buf = AlignedBuf::new(1, per_read)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::OutOfMemory, e))?;
        let mut report = VerifyReport {
            checked: 0,
            bad: 0,
            first: Vec::new(),
        };
        let blocks = self.last.len();
        let mut b = 0usize;
        while b < blocks {
            let n = (per_read / bs).min(blocks - b);
            let chunk = &mut buf.slot_mut(0)[..n * bs];
            let at = b as u64 * self.block_size;
            crate::engine::retry_eintr(|| file.read_exact_at(chunk, at))?;
            for i in 0..n {
                let expected = self.last[b + i].load(Ordering::Acquire);
                if expected == 0 {
                    continue;
                }
                report.checked += 1;
                let offset = (b + i) as u64 * self.block_size;
                if let Err(m) = check_block(&chunk[i * bs..(i + 1) * bs], offset, expected) {
                    report.bad += 1;
                    if report.first.len() < 5 {
                        report.first.push((offset, m));
                    }
                }
            }
            b += n;
        }
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_blocks_check_and_flips_are_caught() {
        let mut block = vec![0x5Au8; 4096];
        seal(&mut block, 8192, 7);
        assert_eq!(check_block(&block, 8192, 7), Ok(()));
        assert_eq!(check_block(&block, 4096, 7), Err(Mismatch::Misplaced(8192)));
        assert_eq!(
            check_block(&block, 8192, 9),
            Err(Mismatch::Stale {
                found: 7,
                expected: 9
            })
        );
        for at in [30, 100, 4095] {
            let mut b = block.clone();
            b[at] ^= 1;
            assert_eq!(
                check_block(&b, 8192, 7),
                Err(Mismatch::Corrupt),
                "flip at {at}"
            );
        }
        assert_eq!(check_block(&[0u8; 4096], 0, 1), Err(Mismatch::NoHeader));
    }

    #[test]
    fn claims_are_exclusive_until_completion() {
        let m = VerifyMap::new(130, 4096);
        assert!(m.try_claim(129 * 4096));
        assert!(!m.try_claim(129 * 4096));
        assert!(m.try_claim(0));
        m.complete(129 * 4096, Some(5));
        assert!(m.try_claim(129 * 4096));
        assert_eq!(m.last[129].load(Ordering::Relaxed), 5);
        assert_eq!(m.last[0].load(Ordering::Relaxed), 0);
    }

    #[test]
    fn the_read_pass_checks_written_blocks_only() {
        let f = tempfile::tempfile().unwrap();
        f.set_len(16 * 4096).unwrap();
        let m = VerifyMap::new(16, 4096);
        let mut block = vec![1u8; 4096];
        for (b, seq) in [(2u64, 11u64), (9, 12)] {
            seal(&mut block, b * 4096, seq);
            f.write_all_at(&block, b * 4096).unwrap();
            assert!(m.try_claim(b * 4096));
            m.complete(b * 4096, Some(seq));
        }
        let r = m.check(&f).unwrap();
        assert_eq!((r.checked, r.bad), (2, 0));
        // A flipped byte in block 9 is found, by offset.
        f.write_all_at(&[0xFF], 9 * 4096 + 1000).unwrap();
        let r = m.check(&f).unwrap();
        assert_eq!((r.checked, r.bad), (2, 1));
        assert_eq!(r.first, [(9 * 4096, Mismatch::Corrupt)]);
    }
}
