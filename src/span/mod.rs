//! `diskmark span` (docs/measurement.md#span): a read-only map of a whole
//! block device. Evenly spaced sequential samples from its first byte to
//! its last give MB/s against position; random 4 KiB reads over it at Q1
//! give the access times. A directory maps diskmark's own test file.
//!
//! The flow is a run's: a front-end's choices shaped by [`SpanAsk`] (the
//! one definition of a span map's settings) → [`crate::config::Settings`] → target →
//! [`SpanPlan::prepare`] (every refusal) → [`map::run`] →
//! [`crate::run::RunOutput`] with its `span` part (numbers in
//! [`crate::stats::span`]) → [`crate::export::ExportManager`].

pub mod ask;
pub mod map;
mod plan;
pub mod reader;

pub use ask::{SpanAsk, SpanAskError};
pub use plan::{ACCESS_BLOCK, SpanPlan, SpanRequest};
