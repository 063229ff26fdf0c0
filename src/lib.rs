//! diskmark: a storage benchmark for Linux in the spirit of CrystalDiskMark
//! and KDiskMark, measured correctly. See DESIGN.md for the specification.
//!
//! The pipeline: [`cli`] → [`config::Settings`] (validated) →
//! [`target::resolve`] → [`run::run`] (planner, test file, workers per
//! engine, statistics) → [`report`].

#![warn(missing_docs)]

pub mod cli;
pub mod commands;
pub mod compare;
pub mod config;
pub mod engine;
pub mod error;
pub mod export;
pub mod history;
pub mod host;
pub mod outputs;
pub mod plan;
pub mod progress;
pub mod report;
pub mod run;
pub mod stats;
pub mod target;
pub mod tui;
pub mod units;
pub mod workload;

pub use error::Error;
