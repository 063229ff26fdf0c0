//! The options of `diskmark span` (docs/measurement.md#span): the few a
//! span map has. The ones every run has (target, size, engine, outputs)
//! are read as a run's, so that they are validated, and their outputs
//! checked, as a run's are; the map's settings are then shaped by the
//! library's one definition ([`SpanAsk::choices`]), the one the TUI and
//! the window use.

use super::run_args::RunArgs;
use crate::config::UsageError;
use crate::modes::Asked;
use crate::report::Format;
use crate::span::ask::{SpanAsk, SpanAskError, check_access, check_sample_size, check_samples};
use crate::workload::{TestSpec, parse_test};
use clap::Args;
use std::ffi::OsString;
use std::path::PathBuf;

/// Options of `diskmark span`.
#[derive(Debug, Args)]
pub struct SpanArgs {
    /// The block device to map (read raw, read-only), or a directory, in
    /// which diskmark maps its own test file of --size
    #[arg(value_name = "DEVICE")]
    pub target: PathBuf,

    /// Samples, evenly spaced from the first byte to the last
    #[arg(long, default_value = "200", value_parser = parse_samples_arg)]
    pub samples: usize,

    /// Bytes each sample reads, a whole number of the sample test's blocks
    /// (8M, 16MiB, ...)
    #[arg(long, value_name = "SIZE", default_value = "8M", value_parser = parse_sample_size_arg)]
    pub sample_size: u64,

    /// How each sample reads, in CrystalDiskMark notation: a sequential
    /// test with T1 (SEQ1M Q8T1: 1 MiB blocks, 8 in flight)
    #[arg(long, value_name = "SPEC", default_value = "SEQ1M Q8T1", value_parser = parse_test_arg)]
    pub sample_test: TestSpec,

    /// Random 4 KiB reads over the whole span at Q1, after the samples, for
    /// the access times (0: none)
    #[arg(long, value_name = "N", default_value = "1000", value_parser = parse_access_arg)]
    pub access: u64,

    /// Size of the test file for a directory target [default: 1GiB]
    #[arg(long, allow_negative_numbers = true)]
    pub size: Option<String>,

    /// I/O engine: io_uring, libaio, posixaio or psync (see `diskmark
    /// engines`) [default: the best that works here]
    #[arg(long)]
    pub engine: Option<String>,

    /// Seed of the random offsets and of the test file's data [default:
    /// random; the JSON records it]
    #[arg(long)]
    pub seed: Option<u64>,

    /// Report format: text or json [default: text, or from the extension
    /// of each --output]
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

    /// Also draw MB/s against the position (GB) and the access times, as
    /// an SVG or PNG (by its name)
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub chart: Option<PathBuf>,
}

fn parse_test_arg(s: &str) -> Result<TestSpec, String> {
    parse_test(s).map_err(|e| e.to_string())
}

fn parse_samples_arg(s: &str) -> Result<usize, String> {
    // A number that does not parse is out of the range too.
    let n = s.parse::<usize>().unwrap_or(0);
    check_samples(n).map_err(|e| e.to_string())
}

fn parse_access_arg(s: &str) -> Result<u64, String> {
    let n = s.parse::<u64>().unwrap_or(u64::MAX);
    check_access(n).map_err(|e| e.to_string())
}

fn parse_sample_size_arg(s: &str) -> Result<u64, String> {
    let n = crate::units::parse_size(s).map_err(|e| e.to_string())?;
    check_sample_size(n).map_err(|e| e.to_string())
}

impl SpanArgs {
    /// What the map is asked, in the library's terms.
    pub fn ask(&self) -> SpanAsk {
        SpanAsk {
            sample_test: self.sample_test,
            samples: self.samples,
            sample_size: self.sample_size,
            access: self.access,
        }
    }

    /// The settings and request of the map ([`Asked::span`], the
    /// library's one definition) and where its report goes.
    pub fn into_asked(self) -> Result<(Asked, super::OutputOptions), UsageError> {
        let ask = self.ask();
        self.run_args()?
            .into_mode(|c| Asked::span(c, &ask).map_err(SpanAskError::into_usage))
    }

    /// The options a span map shares with a run (target, the test file's
    /// size, engine, seed, outputs) as a run's, so that every check of a
    /// run applies to them (a directory's test file fits its free space).
    pub fn run_args(&self) -> Result<RunArgs, UsageError> {
        let mut argv: Vec<OsString> = vec!["diskmark".into(), self.target.clone().into()];
        let mut pair = |k: &str, v: OsString| {
            argv.push(k.into());
            argv.push(v);
        };
        if let Some(s) = &self.size {
            pair("--size", s.into());
        }
        if let Some(e) = &self.engine {
            pair("--engine", e.into());
        }
        if let Some(s) = self.seed {
            pair("--seed", s.to_string().into());
        }
        if let Some(p) = &self.progress {
            pair("--progress", p.as_arg());
        }
        if self.quiet {
            argv.push("--quiet".into());
        }
        let outputs = super::as_run::Outputs {
            format: self.format,
            output: &self.output,
            chart: self.chart.as_deref(),
            card: None,
        };
        super::as_run::push_outputs(&mut argv, outputs);
        super::as_run::parse("diskmark span", argv)
    }
}
