//! `diskmark sustained` (docs/measurement.md#sustained-write): a sequential
//! write into one growing test file until well past the drive's write
//! cache, sampled about every 0.5 s, with the knee where the cache ran out
//! ([`crate::stats::sustained`] finds it), the speeds before and after,
//! and the recoveries.
//!
//! The flow is a run's: a front-end's choices shaped by [`FillAsk`] (the
//! one definition of a sustained write's settings) → [`crate::config::Settings`] → target →
//! [`FillPlan::prepare`] (every refusal, the margin of free space) →
//! [`fill::run`] → [`crate::run::RunOutput`] with its `sustained` part →
//! [`crate::export::ExportManager`].

pub mod ask;
pub mod fill;
pub mod margin;
mod plan;
pub mod sampler;
pub mod sizing;
mod writer;

pub use ask::{FillAsk, FillAskError};
pub use plan::{FillPlan, FillRequest};
