//! Page-aligned I/O buffers: O_DIRECT needs the memory aligned to the
//! device's DIO alignment, and a page satisfies every device we know.
//!
//! They are anonymous mappings of their own rather than heap memory: a
//! mapping is page-aligned and zeroed by construction, and its pages go
//! back to the system the moment a test drops it. From the heap, glibc
//! would keep the megabytes of one test's buffers (SEQ1M Q8T1 has 8 MiB)
//! cached in its arenas, and a profile's peak memory would be the sum of
//! its tests' buffers instead of the largest.

use rustix::mm::{MapFlags, ProtFlags, mmap_anonymous, munmap};
use std::ptr::NonNull;

/// Alignment of every I/O buffer.
pub const BUFFER_ALIGN: usize = 4096;

/// One zeroed, page-aligned allocation cut into `slots` buffers of
/// `slot_len` bytes each (rounded up to the alignment).
pub struct AlignedBuf {
    ptr: NonNull<u8>,
    /// Length of the mapping; 0 for [`AlignedBuf::empty`].
    len: usize,
    slot_len: usize,
    stride: usize,
    slots: usize,
}

/// Why a buffer could not be made.
#[derive(Debug, thiserror::Error)]
#[error("cannot allocate {bytes} bytes of I/O buffers")]
pub struct AllocError {
    /// Bytes asked for.
    pub bytes: usize,
}

impl AlignedBuf {
    /// `slots` zeroed buffers of `slot_len` bytes.
    pub fn new(slots: usize, slot_len: usize) -> Result<Self, AllocError> {
        let stride = slot_len.div_ceil(BUFFER_ALIGN).max(1) * BUFFER_ALIGN;
        let bytes = stride
            .checked_mul(slots.max(1))
            .ok_or(AllocError { bytes: usize::MAX })?;
        // SAFETY: a new private anonymous mapping (no address hint, no
        // file) aliases no memory of this program; `bytes` is non-zero
        // (stride >= BUFFER_ALIGN, at least one slot).
        let raw = unsafe {
            mmap_anonymous(
                std::ptr::null_mut(),
                bytes,
                ProtFlags::READ | ProtFlags::WRITE,
                MapFlags::PRIVATE,
            )
        }
        .map_err(|_| AllocError { bytes })?;
        let ptr = NonNull::new(raw.cast::<u8>()).ok_or(AllocError { bytes })?;
        Ok(AlignedBuf {
            ptr,
            len: bytes,
            slot_len,
            stride,
            slots,
        })
    }

    /// A buffer with no slot and no memory (a stand-in when the real one
    /// must be leaked).
    pub fn empty() -> Self {
        AlignedBuf {
            ptr: NonNull::dangling(),
            // Length 0: never unmapped.
            len: 0,
            slot_len: 0,
            stride: 0,
            slots: 0,
        }
    }

    /// Gives the memory up without freeing it: for a buffer the kernel may
    /// still write to.
    pub fn leak(self) {
        std::mem::forget(self);
    }

    /// Number of slots.
    pub fn slots(&self) -> usize {
        self.slots
    }

    /// Bytes per slot as asked for.
    pub fn slot_len(&self) -> usize {
        self.slot_len
    }

    /// The buffer of `slot`.
    ///
    /// # Panics
    /// If `slot` is out of range.
    #[inline]
    pub fn slot_mut(&mut self, slot: usize) -> &mut [u8] {
        assert!(slot < self.slots, "slot {slot} of {}", self.slots);
        // SAFETY: slot < slots, so [slot·stride, slot·stride + slot_len) lies
        // inside the allocation; `&mut self` makes the borrow unique.
        unsafe {
            std::slice::from_raw_parts_mut(self.ptr.as_ptr().add(slot * self.stride), self.slot_len)
        }
    }

    /// The buffer of `slot`, read-only.
    #[inline]
    pub fn slot(&self, slot: usize) -> &[u8] {
        assert!(slot < self.slots, "slot {slot} of {}", self.slots);
        // SAFETY: as in `slot_mut`; `&self` allows shared borrows only.
        unsafe {
            std::slice::from_raw_parts(self.ptr.as_ptr().add(slot * self.stride), self.slot_len)
        }
    }

    /// Raw pointer to the start of `slot`, for engines that hand the memory
    /// to the kernel. The caller keeps the buffer alive while the kernel
    /// uses it.
    #[inline]
    pub fn slot_ptr(&mut self, slot: usize) -> *mut u8 {
        assert!(slot < self.slots, "slot {slot} of {}", self.slots);
        // SAFETY: the offset stays inside the allocation (slot < slots).
        unsafe { self.ptr.as_ptr().add(slot * self.stride) }
    }
}

impl Drop for AlignedBuf {
    fn drop(&mut self) {
        if self.len == 0 {
            return;
        }
        // SAFETY: a non-empty buffer's `ptr` and `len` are those of the
        // mapping made in `new`, unmapped only here, once; no slice into it
        // outlives `self` (they all borrow it). A failure would only leak.
        let _ = unsafe { munmap(self.ptr.as_ptr().cast(), self.len) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_aligned_zeroed_and_disjoint() {
        let mut b = AlignedBuf::new(3, 5000).unwrap();
        assert_eq!(b.slots(), 3);
        for s in 0..3 {
            assert_eq!(b.slot_ptr(s) as usize % BUFFER_ALIGN, 0);
            assert_eq!(b.slot(s).len(), 5000);
            assert!(b.slot(s).iter().all(|&x| x == 0));
        }
        b.slot_mut(1).fill(7);
        assert!(b.slot(0).iter().all(|&x| x == 0));
        assert!(b.slot(2).iter().all(|&x| x == 0));
        assert!(b.slot(1).iter().all(|&x| x == 7));
    }

    /// Resident KiB of the mappings of this process that overlap
    /// `[start, start + len)`, from /proc/self/smaps; `None` when none does.
    fn resident_kib(start: usize, len: usize) -> Option<u64> {
        let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
        let mut found = None;
        let mut overlaps = false;
        for line in smaps.lines() {
            let first = line.split_whitespace().next().unwrap_or("");
            if let Some((lo, hi)) = first.split_once('-')
                && let (Ok(lo), Ok(hi)) =
                    (usize::from_str_radix(lo, 16), usize::from_str_radix(hi, 16))
            {
                overlaps = lo < start + len && start < hi;
            } else if overlaps && let Some(kib) = line.strip_prefix("Rss:") {
                let kib: u64 = kib.trim().trim_end_matches("kB").trim().parse().unwrap();
                *found.get_or_insert(0) += kib;
            }
        }
        found
    }

    /// Fills a 64 MiB buffer, drops it, and says whether its addresses
    /// were free afterwards.
    fn unmapped_after_drop() -> bool {
        let mut b = AlignedBuf::new(64, 1 << 20).unwrap();
        for s in 0..64 {
            b.slot_mut(s).fill(1);
        }
        let (start, len) = (b.slot_ptr(0) as usize, 64 << 20);
        let touched = resident_kib(start, len).unwrap_or(0);
        assert!(touched >= 64 * 1024, "{touched} KiB resident");
        drop(b);
        resident_kib(start, len).is_none()
    }

    #[test]
    fn memory_goes_back_to_the_system_when_dropped() {
        // The buffer's own mapping, not the process's RSS, which other
        // tests running beside this one move by as much (issue 27). Another
        // thread's new mapping may take the freed addresses at once (the
        // kernel reuses a freed range first); a new buffer lands elsewhere,
        // while a buffer that stayed mapped fails every try.
        assert!(
            (0..3).any(|_| unmapped_after_drop()),
            "the buffer's pages stayed mapped after drop, 3 times"
        );
    }

    #[test]
    #[should_panic(expected = "slot 3 of 3")]
    fn out_of_range_slot_panics() {
        let b = AlignedBuf::new(3, 512).unwrap();
        let _ = b.slot(3);
    }
}
