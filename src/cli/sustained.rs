//! The options of `diskmark sustained` (docs/measurement.md#sustained-write):
//! the few a sustained write has. The ones every run has (target, engine,
//! data, outputs) are read as a run's, so that they are validated, and
//! their outputs checked, as a run's are; the write's settings are then
//! shaped by the library's one definition ([`FillAsk::choices`]), the one
//! the TUI and the window use.

use super::run_args::RunArgs;
use crate::config::UsageError;
use crate::modes::Asked;
use crate::report::Format;
use crate::sustained::ask::{FillAsk, FillAskError, check_interval, check_size};
use crate::workload::{DataKind, TestSpec, parse_test};
use clap::Args;
use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

/// Options of `diskmark sustained`.
#[derive(Debug, Args)]
pub struct SustainedArgs {
    /// Directory in which the test file is created
    #[arg(default_value = ".", value_name = "TARGET")]
    pub target: PathBuf,

    /// The write, in CrystalDiskMark notation
    #[arg(long = "test", value_name = "SPEC", default_value = "SEQ1M Q8T1",
          value_parser = parse_test_arg)]
    pub test: TestSpec,

    /// Bytes to write, at least 64MiB [default: the free space minus the
    /// larger of 10 % of the filesystem and 2 GiB, and at least 1 GiB]
    #[arg(long, allow_negative_numbers = true, value_parser = parse_size_arg)]
    pub size: Option<u64>,

    /// Time between two samples of the throughput, seconds (0.05..10)
    #[arg(long, value_name = "SECONDS", default_value = "0.5", value_parser = parse_interval_arg)]
    pub sample_interval: Duration,

    /// Written data: incompressible random bytes, or zeros
    #[arg(long, value_enum, default_value_t = DataKind::Random)]
    pub data: DataKind,

    /// Go through the page cache (O_DIRECT off)
    #[arg(long)]
    pub buffered: bool,

    /// I/O engine: io_uring, libaio, posixaio or psync (see `diskmark
    /// engines`) [default: the best that works here]
    #[arg(long)]
    pub engine: Option<String>,

    /// Seed of the data generator [default: random; the JSON records it]
    #[arg(long)]
    pub seed: Option<u64>,

    /// Report format: text, json, csv or markdown [default: text, or from
    /// the extension of each --output]
    #[arg(long, value_enum)]
    pub format: Option<Format>,

    /// Write the report to FILE instead of standard output; repeatable
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Vec<PathBuf>,

    /// No progress display on standard error
    #[arg(short, long)]
    pub quiet: bool,

    /// Also write the progress as JSON lines, one event a line (schema:
    /// docs/progress.schema.json): `jsonl` on standard error in place of
    /// the progress line, `jsonl=PATH` to a file (checked as --output is)
    #[arg(long, value_name = "jsonl[=PATH]", value_parser = super::run_args::parse_progress_arg)]
    pub progress: Option<super::run_args::ProgressArg>,

    /// Record the result in the history database
    #[arg(long)]
    pub save: bool,

    /// The history database [default: $XDG_DATA_HOME/diskmark/history.db]
    #[arg(long, value_name = "PATH")]
    pub history: Option<PathBuf>,

    /// Also draw MB/s against GB written, with the knee marked, as an SVG
    /// or PNG (by its name)
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub chart: Option<PathBuf>,
}

fn parse_test_arg(s: &str) -> Result<TestSpec, String> {
    parse_test(s).map_err(|e| e.to_string())
}

fn parse_size_arg(s: &str) -> Result<u64, String> {
    let n = crate::units::parse_size(s).map_err(|e| e.to_string())?;
    check_size(n).map_err(|e| e.to_string())
}

fn parse_interval_arg(s: &str) -> Result<Duration, String> {
    let d = crate::units::parse_seconds(s).map_err(|e| e.to_string())?;
    check_interval(d).map_err(|e| e.to_string())
}

impl SustainedArgs {
    /// What the write is asked, in the library's terms.
    pub fn ask(&self) -> FillAsk {
        FillAsk {
            test: self.test,
            size: self.size,
            sample_interval: self.sample_interval,
        }
    }

    /// The settings and request of the write ([`Asked::sustained`], the
    /// library's one definition) and where its report goes.
    pub fn into_asked(self) -> Result<(Asked, super::OutputOptions), UsageError> {
        let ask = self.ask();
        self.run_args()?
            .into_mode(|c| Asked::sustained(c, &ask).map_err(FillAskError::into_usage))
    }

    /// The options a sustained write shares with a run (target, data,
    /// O_DIRECT, engine, seed, outputs) as a run's, so that every check
    /// of a run applies to them.
    pub fn run_args(&self) -> Result<RunArgs, UsageError> {
        let mut argv: Vec<OsString> = vec!["diskmark".into(), self.target.clone().into()];
        let mut pair = |k: &str, v: OsString| {
            argv.push(k.into());
            argv.push(v);
        };
        pair("--data", super::as_run::value_name(self.data).into());
        if let Some(e) = &self.engine {
            pair("--engine", e.into());
        }
        if let Some(s) = self.seed {
            pair("--seed", s.to_string().into());
        }
        if let Some(p) = &self.progress {
            pair("--progress", p.as_arg());
        }
        if let Some(h) = &self.history {
            pair("--history", h.clone().into());
        }
        for (flag, on) in [
            ("--buffered", self.buffered),
            ("--quiet", self.quiet),
            ("--save", self.save),
        ] {
            if on {
                argv.push(flag.into());
            }
        }
        let outputs = super::as_run::Outputs {
            format: self.format,
            output: &self.output,
            chart: self.chart.as_deref(),
            card: None,
        };
        super::as_run::push_outputs(&mut argv, outputs);
        super::as_run::parse("diskmark sustained", argv)
    }
}
