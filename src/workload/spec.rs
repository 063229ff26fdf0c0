//! What a test is: its pattern, block size, queue depth and threads, and the directions and data of a run.

use serde::Serialize;

/// Why a test name was not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Does not have the shape SEQ|RND, size, Q, T.
    #[error(
        "'{}' is not a test in CrystalDiskMark notation (expected e.g. 'SEQ1M Q8T1' or 'RND4K Q32T16')", crate::escape::escaped(.0))]
    Shape(String),
    /// Block size outside 512 B..64 MiB.
    #[error("block size {0} bytes is outside {MIN_BLOCK} B..64 MiB")]
    BlockRange(u64),
    /// A block size too large to count, as typed.
    #[error("block size in '{}' is outside {MIN_BLOCK} B..64 MiB", crate::escape::escaped(.0))]
    BlockTyped(String),
    /// Queue depth outside 1..=512 (as typed, negative too).
    #[error("queue depth Q{0} is outside 1..{MAX_Q}")]
    QRange(i64),
    /// Threads outside 1..=64 (as typed, negative too).
    #[error("thread count T{0} is outside 1..{MAX_T}")]
    TRange(i64),
}

/// Smallest block size accepted (docs/measurement.md#profiles-ranges-and-defaults).
pub const MIN_BLOCK: u64 = 512;
/// Largest block size accepted.
pub const MAX_BLOCK: u64 = 64 * crate::units::MIB;
/// Largest queue depth per thread accepted.
pub const MAX_Q: u32 = 512;
/// Largest thread count accepted.
pub const MAX_T: u32 = 64;

/// Sequential (one shared cursor) or random (uniform block-aligned offsets).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Pattern {
    /// `SEQ`: one shared cursor per test that wraps at end of file.
    Seq,
    /// `RND`: uniformly random block-aligned offsets, one generator per thread.
    Rnd,
}

impl Pattern {
    /// `SEQ` or `RND`, as in the CrystalDiskMark notation.
    pub fn short(self) -> &'static str {
        match self {
            Pattern::Seq => "SEQ",
            Pattern::Rnd => "RND",
        }
    }

    /// `Sequential` or `Random`, as in the text report.
    pub fn long(self) -> &'static str {
        match self {
            Pattern::Seq => "Sequential",
            Pattern::Rnd => "Random",
        }
    }
}

/// A test as requested: `SEQ1M Q8T1` and the like.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct TestSpec {
    /// Sequential or random.
    pub pattern: Pattern,
    /// Bytes per I/O.
    pub block_size: u64,
    /// I/Os in flight per thread.
    pub q: u32,
    /// Threads.
    pub t: u32,
}

impl TestSpec {
    /// A test; the values are checked by [`TestSpec::validate`].
    pub const fn new(pattern: Pattern, block_size: u64, q: u32, t: u32) -> Self {
        TestSpec {
            pattern,
            block_size,
            q,
            t,
        }
    }

    /// Checks the ranges of docs/measurement.md#profiles-ranges-and-defaults that do not depend on the target.
    pub fn validate(&self) -> Result<(), NotationError> {
        if !(MIN_BLOCK..=MAX_BLOCK).contains(&self.block_size) {
            return Err(NotationError::BlockRange(self.block_size));
        }
        if !(1..=MAX_Q).contains(&self.q) {
            return Err(NotationError::QRange(self.q.into()));
        }
        if !(1..=MAX_T).contains(&self.t) {
            return Err(NotationError::TRange(self.t.into()));
        }
        Ok(())
    }
}

impl std::fmt::Display for TestSpec {
    /// `SEQ1M Q8T1`, `RND4K Q32T16`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}{} Q{}T{}",
            self.pattern.short(),
            crate::units::block_label(self.block_size),
            self.q,
            self.t
        )
    }
}

/// Which kind of I/O a test issues.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Reads only.
    Read,
    /// Writes only.
    Write,
    /// Each I/O is a read with probability `read_pct`%, else a write.
    Mix {
        /// Read percentage, 0..=100.
        read_pct: u8,
    },
}

impl Direction {
    /// `read`, `write` or `mix`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Read => "read",
            Direction::Write => "write",
            Direction::Mix { .. } => "mix",
        }
    }

    /// Whether this direction reads (and so wants the cache dropped first).
    pub fn reads(self) -> bool {
        !matches!(self, Direction::Write)
    }

    /// Whether this direction writes.
    pub fn writes(self) -> bool {
        !matches!(self, Direction::Read)
    }
}

/// Which sections run: `--mode rw|read|write`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Read tests, then write tests.
    Rw,
    /// Read tests only.
    Read,
    /// Write tests only.
    Write,
    /// Mix tests only (implies --mix).
    Mix,
}

/// What write buffers and the pre-fill contain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum DataKind {
    /// Incompressible random bytes, each block stamped so none repeats.
    Random,
    /// All 0x00 (CrystalDiskMark's "All 0x00").
    Zeros,
}

impl DataKind {
    /// `random` or `zeros`.
    pub fn name(self) -> &'static str {
        match self {
            DataKind::Random => "random",
            DataKind::Zeros => "zeros",
        }
    }
}
