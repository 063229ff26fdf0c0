//! A subcommand's few options turned into a run's (`diskmark span`,
//! `sustained`, `report`), so that they are validated, and their outputs
//! checked, as a run's are: one parser for all of them.

use super::run_args::RunArgs;
use crate::config::UsageError;
use clap::Parser;
use std::ffi::OsString;

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
