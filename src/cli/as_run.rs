//! A subcommand's few options turned into a run's (`diskmark span`,
//! `sustained`, `report`), so that they are validated, and their outputs
//! checked, as a run's are: one parser for all of them.

use super::run_args::RunArgs;
use crate::config::UsageError;
use crate::report::Format;
use clap::Parser;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// A run's options, parsed from the arguments a subcommand makes.
#[derive(Debug, Parser)]
#[command(name = "diskmark", args_override_self = true)]
struct AsRun {
    #[command(flatten)]
    run: RunArgs,
}

/// `argv` (its first item the program's name) read as a run's options;
/// clap's refusal is `command`'s, in one sentence.
pub fn parse(command: &'static str, argv: Vec<OsString>) -> Result<RunArgs, UsageError> {
    AsRun::try_parse_from(argv)
        .map(|a| a.run)
        .map_err(|e| UsageError::new(command, first_line(&e.to_string())))
}

/// Where a subcommand's report goes, as its options name it.
#[derive(Debug, Clone, Copy)]
pub struct Outputs<'a> {
    /// `--format`.
    pub format: Option<Format>,
    /// Each `-o`.
    pub output: &'a [PathBuf],
    /// `--chart`.
    pub chart: Option<&'a Path>,
    /// `--card`.
    pub card: Option<&'a Path>,
}

/// `outputs` appended to `argv` as a run's options.
pub fn push_outputs(argv: &mut Vec<OsString>, outputs: Outputs<'_>) {
    let mut pair = |k: &str, v: OsString| {
        argv.push(k.into());
        argv.push(v);
    };
    if let Some(f) = outputs.format {
        pair("--format", value_name(f).into());
    }
    for o in outputs.output {
        pair("--output", o.clone().into());
    }
    if let Some(c) = outputs.chart {
        pair("--chart", c.into());
    }
    if let Some(c) = outputs.card {
        pair("--card", c.into());
    }
}

/// The name clap knows a value by.
pub fn value_name(v: impl clap::ValueEnum) -> String {
    v.to_possible_value()
        .map(|p| p.get_name().to_string())
        .unwrap_or_default()
}

/// clap's message without its "error: " and usage lines.
fn first_line(s: &str) -> String {
    let line = s.lines().next().unwrap_or(s);
    line.strip_prefix("error: ").unwrap_or(line).to_string()
}
