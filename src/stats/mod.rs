//! Counting and aggregation (docs/measurement.md#aggregation): per-direction accumulators that
//! each thread fills in its hot path, their merge across threads and loops,
//! and the summary values the reports print.

pub mod counts;
pub mod headline;
pub mod histogram;
pub mod knee;
pub mod loopstat;
pub mod span;
pub mod spread;
pub mod steady;
pub mod sustained;
pub mod wire;

pub use histogram::{DEFAULT_PERCENTILES, Histogram};
pub use loopstat::{LoopStat, Selected, select};

pub use counts::{
    CpuView, DeviceView, DirStats, DirSummary, LatSummary, LoopResult, NO_IO, Sample,
};
pub use spread::Spread;
