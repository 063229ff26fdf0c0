//! How a run was set up: the engine, the settings that change results, the
//! test file.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The I/O engine that ran the tests.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Engine {
    /// Its name (`io_uring`, `psync`, `fio:libaio`, ...).
    pub name: String,
    /// diskmark's own engines, or fio.
    pub backend: Backend,
    /// How reports name it (`io_uring (native)`).
    pub label: String,
    /// One I/O per thread at a time: queue depths run as threads.
    pub synchronous: bool,
    /// fio's `--version`, for the fio backend.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fio_version: Option<String>,
    /// The fio binary, for the fio backend.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fio_binary: Option<PathBuf>,
}

/// Which backend measured.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Backend {
    /// diskmark's own engines.
    #[default]
    Native,
    /// fio, run once per loop.
    Fio,
}

/// How an engine instance set itself up, where it had a choice; each field
/// is present only for the engines it concerns.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct EngineSetup {
    /// io_uring: buffers registered with the kernel (fixed buffers).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registered_buffers: Option<bool>,
    /// io_uring: the file registered with the ring.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registered_file: Option<bool>,
    /// io_uring: polled completions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub polled: Option<bool>,
    /// io_uring: completion work deferred until the thread waits
    /// (COOP_TASKRUN, SINGLE_ISSUER, DEFER_TASKRUN; Linux 6.1+).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deferred_taskrun: Option<bool>,
    /// io_uring: the ring made without its SQ index array (NO_SQARRAY,
    /// Linux 6.6+).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_sqarray: Option<bool>,
    /// io_uring: the ring's descriptor registered (Linux 5.18+).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registered_ring: Option<bool>,
    /// io_uring: submission by a kernel thread (`--sqpoll`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sqpoll: Option<bool>,
    /// posixaio: descriptors the thread's requests are spread over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub descriptors: Option<u32>,
    /// System calls made to issue and wait for I/O, per I/O, over the
    /// first loop's threads from set-up to drain (io_uring_enter; io_submit
    /// and io_getevents): how well the I/Os were batched
    /// (docs/measurement.md#batches).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub calls_per_io: Option<f64>,
    /// Why a preferred setup was not used (e.g. registration refused).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallback: Option<String>,
}

/// Every setting that changes results.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Settings {
    /// The profile's command-line name (`default`, `nvme`, `real`, ...).
    pub profile: String,
    /// The tests asked for, in CrystalDiskMark's notation (`SEQ1M Q8T1`).
    pub tests: Vec<String>,
    /// Which sections ran (`--mode`).
    pub mode: Mode,
    /// Whether the Mix section ran (`--mix`).
    pub mix: bool,
    /// Share of reads in Mix tests, percent.
    pub mix_read_pct: u8,
    /// Size of the test file (or of the tested region of a device), bytes.
    pub size_bytes: u64,
    /// Loops per test.
    pub loops: u32,
    /// Measure window of each loop, seconds.
    pub measure_s: f64,
    /// Pause between loops and tests, seconds.
    pub interval_s: f64,
    /// Warm-up before each measure window, seconds (not measured).
    pub warmup_s: f64,
    /// What write buffers and the pre-fill contain.
    pub data: DataKind,
    /// O_DIRECT: the page cache bypassed.
    pub direct: bool,
    /// What happened to the page cache before read tests.
    pub cache: Cache,
    /// How the loops of one test are summarised.
    pub loop_stat: LoopStat,
    /// Seed of the random offsets and data.
    pub seed: u64,
    /// `--strict`: no adaptation of a test to the engine allowed.
    pub strict: bool,
    /// `--hipri`: polled completions asked for.
    pub hipri: bool,
    /// `--sqpoll`: submission by a kernel thread asked for.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub sqpoll: bool,
    /// `--cpus`: the CPUs the workers ran on, thread i on the i-th.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cpus: Vec<u32>,
    /// `--cow`: copy-on-write left on for the test file.
    pub cow: bool,
    /// `--dsync`: O_DSYNC writes.
    pub dsync: bool,
    /// The target as given on the command line.
    pub target: PathBuf,
    /// `--steady-state` and its bounds; absent without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steady_state: Option<super::steady::SteadySettings>,
    /// `--qos` was given; absent without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub qos: Option<bool>,
    /// `--details` was given: the text report shows how much each test's
    /// loops disagree (how the result is shown, not what was measured);
    /// absent without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<bool>,
}

/// Which sections run: `--mode`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Read tests, then write tests.
    #[default]
    Rw,
    /// Read tests only.
    Read,
    /// Write tests only.
    Write,
    /// Mix tests only.
    Mix,
}

/// What write buffers and the pre-fill contain.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum DataKind {
    /// Incompressible random bytes, each block stamped so none repeats.
    #[default]
    Random,
    /// All 0x00 (CrystalDiskMark's "All 0x00").
    Zeros,
}

/// The page cache before read tests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Cache {
    /// Dropped for the test file (`posix_fadvise` DONTNEED).
    #[default]
    #[serde(rename = "dropped")]
    Dropped,
    /// Dropped for the whole machine (`--drop-caches`).
    #[serde(rename = "dropped (drop_caches)")]
    DroppedAll,
    /// Kept (`--keep-cache`).
    #[serde(rename = "kept")]
    Kept,
}

/// How the loops of one test are summarised.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LoopStat {
    /// The loops pooled: Σbytes/Σwindows, Σlatency/ΣI/Os, merged histograms.
    #[default]
    Mean,
    /// The loop with the highest throughput, with its own numbers.
    Best,
    /// The loop with the median throughput, with its own numbers.
    Median,
}

/// How the test file (or raw device) was set up.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct TestFile {
    /// A raw block device was read instead of a test file.
    pub raw_device: bool,
    /// Bytes tested.
    pub size: u64,
    /// The kernel's direct-I/O offset alignment for it (STATX_DIOALIGN),
    /// bytes.
    pub dio_align: Option<u32>,
    /// NOCOW on a copy-on-write filesystem: set (true), refused (false),
    /// or not asked (null).
    pub nocow: Option<bool>,
    /// Time the pre-fill took, writes and final fsync, ns (0: none).
    pub prefill_ns: u64,
}
