//! The options of `diskmark span` (docs/measurement.md#span): the few a
//! span map has, turned into a run's options so that they are validated,
//! and their outputs checked, as a run's are.

use super::run_args::RunArgs;
use crate::config::UsageError;
use crate::report::Format;
use crate::workload::{TestSpec, parse_test};
use clap::Args;
use std::ffi::OsString;
use std::path::PathBuf;

/// Most samples of one map.
pub const MAX_SAMPLES: usize = 100_000;
/// Most random reads of one map (each is kept for the chart: 16 bytes).
pub const MAX_ACCESS: u64 = 1_000_000;

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
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_SAMPLES).contains(&n) => Ok(n),
        _ => Err(format!(
            "the number of samples must be a whole number from 1 to {MAX_SAMPLES}"
        )),
    }
}

fn parse_access_arg(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if n <= MAX_ACCESS => Ok(n),
        _ => Err(format!(
            "the number of random reads must be a whole number from 0 to {MAX_ACCESS}"
        )),
    }
}

fn parse_sample_size_arg(s: &str) -> Result<u64, String> {
    let n = crate::units::parse_size(s).map_err(|e| e.to_string())?;
    if n == 0 || n > crate::config::MAX_SIZE {
        return Err("a sample reads at least one block and at most a run's largest --size".into());
    }
    Ok(n)
}

impl SpanArgs {
    /// The run these options make: the sample test read once over the
    /// target, so that every check of a run applies (a device is only
    /// read; a directory's test file fits its free space).
    pub fn run_args(&self) -> Result<RunArgs, UsageError> {
        let mut argv: Vec<OsString> = vec!["diskmark".into(), self.target.clone().into()];
        let mut pair = |k: &str, v: OsString| {
            argv.push(k.into());
            argv.push(v);
        };
        pair("--test", self.test_arg().into());
        pair("--mode", "read".into());
        pair("--loops", "1".into());
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

    /// The sample test as `--test` takes it.
    fn test_arg(&self) -> String {
        self.sample_test.to_string()
    }
}
