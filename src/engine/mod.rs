//! The engine contract (one per thread) and the engines behind it.
//!
//! Like fio's `engines/`, one contract serves synchronous and asynchronous
//! engines. A worker thread owns `depth` slots, each with its own buffer,
//! and loops:
//!
//! 1. for every free slot: [`Engine::prepare`] a request, read the clock
//!    (its issue time), [`Engine::submit`];
//! 2. [`Engine::reap`] at least one completion, read the clock (their
//!    completion time), free their slots.
//!
//! A synchronous engine (depth 1) does the I/O inside `submit`, and `reap`
//! hands back its result; an asynchronous engine hands the request to the
//! kernel in `submit` and waits in `reap`. Either way a worker reads the
//! clock at most twice per I/O.
//!
//! Each engine's file holds all that is known of it: its [`Engine`] impl
//! and, in that impl, its [`EngineOps`] (name, whether it is synchronous,
//! its probe and budget, its process set-up). [`registry`] lists the
//! engines once and is the one place that turns an [`EngineKind`] into a
//! concrete engine type.

pub mod buffer;
pub mod contract;
pub mod io_uring;
pub mod libaio;
pub mod null;
pub mod posixaio;
pub mod psync;
pub mod registry;

pub use buffer::AlignedBuf;
pub(crate) use contract::retry_eintr;
pub use contract::{
    Budget, Capabilities, Completion, Engine, EngineError, EngineFacts, EngineOps, Feature, Op,
    ThreadSetup,
};
pub use registry::EngineKind;
