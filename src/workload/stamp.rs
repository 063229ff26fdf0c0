//! Data stamps: every 4 KiB of written data starts with who
//! wrote it (a magic), where (its file offset) and when (a sequence
//! number), so that no two written pages are alike and a reader can tell
//! who wrote a block. Stamping runs once per write, so it allocates
//! nothing.

/// Bytes a stamp takes at the start of a block.
pub const STAMP_LEN: usize = 24;
/// Marks a block written by a write test.
pub const WRITE_MAGIC: [u8; 8] = *b"DMWRITE1";
/// Marks a block written by the pre-fill.
pub const PREFILL_MAGIC: [u8; 8] = *b"DMPREFL1";

/// Granule of stamping: every 4 KiB of a block carries a stamp, because
/// deduplicating drives compare 4 KiB pages, not whole I/Os (fio's
/// scramble_buffers stamps every 512 bytes for the same reason).
pub const STAMP_EVERY: usize = 4096;

/// Writes the stamp (magic, offset, sequence number) at the start of
/// `block`, so that a reader can tell who wrote a block. `block` must hold
/// at least [`STAMP_LEN`] bytes.
#[inline]
pub fn stamp(block: &mut [u8], magic: &[u8; 8], offset: u64, seq: u64) {
    block[..8].copy_from_slice(magic);
    block[8..16].copy_from_slice(&offset.to_le_bytes());
    block[16..24].copy_from_slice(&seq.to_le_bytes());
}

/// Stamps every [`STAMP_EVERY`] bytes of `buf`, which goes to file offset
/// `offset`, each piece with its own offset: no two written 4 KiB pages of
/// a run are identical. `buf` must hold at least [`STAMP_LEN`] bytes.
#[inline]
pub fn stamp_pages(buf: &mut [u8], magic: &[u8; 8], offset: u64, seq: u64) {
    let mut at = 0usize;
    while at + STAMP_LEN <= buf.len() {
        stamp(&mut buf[at..], magic, offset + at as u64, seq);
        at += STAMP_EVERY;
    }
}

/// A stamp read back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    /// Who wrote the block ([`WRITE_MAGIC`], [`PREFILL_MAGIC`]).
    pub magic: [u8; 8],
    /// The file offset it was written to.
    pub offset: u64,
    /// Its sequence number.
    pub seq: u64,
}

/// Reads a stamp back, if the block is long enough.
pub fn read_stamp(block: &[u8]) -> Option<Stamp> {
    Some(Stamp {
        magic: block.get(..8)?.try_into().ok()?,
        offset: u64::from_le_bytes(block.get(8..16)?.try_into().ok()?),
        seq: u64::from_le_bytes(block.get(16..24)?.try_into().ok()?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_round_trip() {
        let mut block = vec![0u8; 512];
        stamp(&mut block, &WRITE_MAGIC, 8192, 77);
        assert_eq!(
            read_stamp(&block),
            Some(Stamp {
                magic: WRITE_MAGIC,
                offset: 8192,
                seq: 77
            })
        );
        assert_eq!(read_stamp(&block[..10]), None);
    }

    #[test]
    fn every_page_of_a_large_block_is_stamped() {
        let mut buf = vec![0u8; 3 * STAMP_EVERY + 100];
        stamp_pages(&mut buf, &WRITE_MAGIC, 1 << 20, 5);
        for i in 0..4 {
            let at = i * STAMP_EVERY;
            assert_eq!(
                read_stamp(&buf[at..]),
                Some(Stamp {
                    magic: WRITE_MAGIC,
                    offset: (1 << 20) + at as u64,
                    seq: 5
                }),
                "page {i}"
            );
        }
        let mut small = vec![0u8; 512];
        stamp_pages(&mut small, &PREFILL_MAGIC, 512, 0);
        assert_eq!(
            read_stamp(&small),
            Some(Stamp {
                magic: PREFILL_MAGIC,
                offset: 512,
                seq: 0
            })
        );
    }
}
