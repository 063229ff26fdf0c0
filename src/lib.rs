//! diskmark: a storage benchmark for Linux in the spirit of CrystalDiskMark
//! and KDiskMark, measured correctly. See docs/README.md for the specification.
//!
//! The pipeline: [`cli`] → [`config::Choices`] →
//! [`config::Settings::validate`] → [`target::resolve`] →
//! [`run::RunPlan::prepare`] (every test planned, every refusal) →
//! [`run::run`] (test file, workers per engine, statistics; one
//! [`run::Event`] stream for every front-end) → [`report`].

#![warn(missing_docs)]

pub mod backend;
pub mod cli;
pub mod commands;
pub mod compare;
pub mod config;
pub mod engine;
pub mod error;
pub mod escape;
pub mod export;
pub mod fio;
pub mod front;
pub mod history;
pub mod host;
pub mod hosts;
pub mod i18n;
pub mod inputs;
pub mod manual;
pub mod modes;
pub mod outputs;
pub mod plan;
pub mod progress;
pub mod report;
pub mod run;
pub mod span;
pub mod stats;
pub mod sustained;
pub mod target;
pub mod testing;
pub mod tui;
pub mod units;
pub mod workload;

pub use error::Error;
