//! Command-line definitions (clap). Values are parsed and range-checked
//! here; combinations are checked by [`Settings::validate`].

use crate::backend::Backend;
use crate::config::{MAX_LOOPS, MAX_SIZE, MIN_SIZE, Settings, UsageError};
use crate::engine::EngineKind;
use crate::engine::registry::{default_engine, probe, probe_all};
use crate::fio::FioEngine;
use crate::outputs::{Forbidden, OutputPath};
use crate::report::Format;
use crate::stats::LoopStat;
use crate::workload::{DataKind, Mode, Profile, TestSpec, parse_test};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::time::Duration;

/// Storage benchmark: CrystalDiskMark's tests (SEQ1M Q8T1 ... RND4K Q1T1)
/// in MB/s, IOPS and µs, measured correctly, with native I/O engines.
#[derive(Debug, Parser)]
#[command(
    name = "diskmark",
    version,
    max_term_width = 100,
    args_override_self = true,
    args_conflicts_with_subcommands = true
)]
#[command(
    after_help = "Sizes are binary: 1G = 1GiB = 1024 MiB. Times are seconds (0.2, 5, 500ms).\n\
Exit codes: 0 done, 1 benchmark failed, 2 bad usage, 128+N interrupted by signal N."
)]
pub struct Cli {
    /// Something other than a benchmark run
    #[command(subcommand)]
    pub command: Option<Command>,

    /// The benchmark run (when no subcommand is given)
    #[command(flatten)]
    pub run: RunArgs,
}

/// Parses the command line like [`Cli::parse`], with clearer sentences for
/// mistakes clap words in its own terms: a second target is named as such.
/// Exits on `--help`, `--version` and bad usage (exit 2).
pub fn parse() -> Cli {
    match crate::outputs::bad_std_stream() {
        Some("standard error") => std::process::exit(2),
        Some(stream) => {
            eprintln!(
                "error: {stream} is a block device or a kernel file; diskmark never writes there: redirect it to a file"
            );
            std::process::exit(2);
        }
        _ => {}
    }
    match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::{ContextKind, ContextValue, ErrorKind};
            if e.kind() == ErrorKind::ArgumentConflict
                && let Some(ContextValue::String(extra)) = e.get(ContextKind::InvalidSubcommand)
            {
                eprintln!(
                    "error: '{}' is a second target; diskmark tests one directory or device per run: give one (run it again for another)",
                    crate::outputs::printable(std::path::Path::new(extra))
                );
                std::process::exit(2);
            }
            // `diskmark tui /a /b`: clap calls the second an unexpected
            // argument.
            if e.kind() == ErrorKind::UnknownArgument
                && let Some(ContextValue::String(extra)) = e.get(ContextKind::InvalidArg)
                && !extra.starts_with('-')
            {
                eprintln!(
                    "error: '{}' is a second target; diskmark tests one directory or device per run: give one (run it again for another)",
                    crate::outputs::printable(std::path::Path::new(extra))
                );
                std::process::exit(2);
            }
            e.exit()
        }
    }
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the I/O engines: whether each works here (or why not), whether
    /// it is synchronous, and its depth limit here
    Engines {
        /// Output format
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
    /// CrystalDiskMark's grid in the terminal: pick settings, start, watch
    /// the numbers fill in (options as for a run set the starting values)
    Tui(Box<RunArgs>),
    /// Runs side by side, per test and direction, with the change against
    /// the first
    Compare(CompareArgs),
    /// The runs recorded with --save
    History(HistoryArgs),
    /// List the mounted, writable filesystems one would benchmark, with
    /// usage, device and model
    Targets {
        /// Output format
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
}

/// Formats of listings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ListFormat {
    /// A table.
    Text,
    /// JSON.
    Json,
}

/// Options of a benchmark run.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Directory in which the test file is created
    #[arg(default_value = ".", value_name = "TARGET")]
    pub target: PathBuf,

    /// Built-in set of tests (CrystalDiskMark / KDiskMark profiles)
    #[arg(long, value_enum, default_value_t = Profile::Default)]
    pub profile: Profile,

    /// Also run Mix tests (reads and writes at once)
    #[arg(long)]
    pub mix: bool,

    /// Read percentage of the Mix tests, 0..100 (with --mix or --mode mix)
    /// [default: 70]
    #[arg(long, value_name = "PCT", allow_negative_numbers = true,
          value_parser = clap::value_parser!(u8).range(0..=100))]
    pub mix_read: Option<u8>,

    /// Which tests run: read and write, read only, or write only
    #[arg(long, value_enum, default_value_t = Mode::Rw)]
    pub mode: Mode,

    /// Run this test instead of the profile's, in CrystalDiskMark notation
    /// ("SEQ1M Q8T1", "RND4K-Q32T16"); repeatable
    #[arg(long = "test", value_name = "SPEC", value_parser = parse_test_arg)]
    pub tests: Vec<TestSpec>,

    /// Test file size, 16MiB..64GiB (1G, 1GiB, 512M, 512MiB)
    #[arg(long, allow_negative_numbers = true, default_value = "1GiB", value_parser = parse_size_arg)]
    pub size: u64,

    /// Loops per test
    #[arg(long, allow_negative_numbers = true, default_value_t = 5,
          value_parser = clap::value_parser!(u32).range(1..=MAX_LOOPS as i64))]
    pub loops: u32,

    /// Measure window of each loop, seconds (> 0)
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, default_value = "5",
          value_parser = parse_measure_arg)]
    pub measure: Duration,

    /// Pause between tests, seconds
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, default_value = "5",
          value_parser = parse_seconds_arg)]
    pub interval: Duration,

    /// Warm-up before each measure window, seconds
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, default_value = "1",
          value_parser = parse_seconds_arg)]
    pub warmup: Duration,

    /// Written data: incompressible random bytes, or zeros
    #[arg(long, value_enum, default_value_t = DataKind::Random)]
    pub data: DataKind,

    /// Go through the page cache (O_DIRECT off); write windows then end
    /// with an fsync that counts
    #[arg(long)]
    pub buffered: bool,

    /// Do not drop the test file's cached pages before read loops (to
    /// measure the page cache on purpose)
    #[arg(long, conflicts_with = "drop_caches")]
    pub keep_cache: bool,

    /// Before each read loop also drop the whole page cache
    /// (/proc/sys/vm/drop_caches; root only) [default: only the test file's
    /// pages are dropped]
    #[arg(long)]
    pub drop_caches: bool,

    /// Open the test file with O_DSYNC: every write is durable when it
    /// completes
    #[arg(long)]
    pub dsync: bool,

    /// Data integrity: every written block carries a header (offset,
    /// sequence, crc32c) and is read back and checked after each write
    /// test; a mismatch fails the run (exit 1)
    #[arg(long)]
    pub verify: bool,

    /// On btrfs/bcachefs keep copy-on-write for the test file (measure files
    /// as they normally live there) [default: NOCOW is set on the test file]
    #[arg(long)]
    pub cow: bool,

    /// How loops are summarised: pooled mean, best loop or median loop
    /// [default: the profile's: mean for default and nvme, best for the others]
    #[arg(long, value_enum)]
    pub loop_stat: Option<LoopStat>,

    /// I/O engine: io_uring, libaio, posixaio, psync or null (see `diskmark
    /// engines`), or fio:ENGINE to run every test through fio with its
    /// ENGINE (psync, sync, libaio, io_uring, posixaio, ...) [default: the
    /// best that works here: io_uring, else libaio, else psync]
    #[arg(long, value_parser = parse_engine_arg)]
    pub engine: Option<EngineArg>,

    /// The fio binary for --engine fio:ENGINE [default: fio on PATH]
    #[arg(long, value_name = "PATH")]
    pub fio: Option<PathBuf>,

    /// Run exactly the requested Q and T, or refuse; without it, tests are
    /// adapted to the engine's limits and every change is noted
    #[arg(long)]
    pub strict: bool,

    /// Polled completions (io_uring IOPOLL); only where the device's
    /// queue/io_poll is 1
    #[arg(long)]
    pub hipri: bool,

    /// Seed of the offset and data generators, to repeat a run
    /// [default: random; the JSON records it]
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,

    /// Leave the test file in place at the end, for inspection (its path is
    /// printed on standard error); it is still removed on an error or a
    /// signal
    #[arg(long)]
    pub keep_file: bool,

    /// Report format: text (KDiskMark's layout), json, csv or markdown
    /// [default: text, or from the extension of each --output]
    #[arg(long, value_enum)]
    pub format: Option<Format>,

    /// Write the report to FILE instead of standard output, in the format
    /// its extension says (.txt, .json, .csv, .md) unless --format says
    /// otherwise; repeatable
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Vec<PathBuf>,

    /// No progress display on standard error
    #[arg(short, long)]
    pub quiet: bool,

    /// Record the result in the history database (see diskmark history)
    #[arg(long)]
    pub save: bool,

    /// The history database [default: $XDG_DATA_HOME/diskmark/history.db]
    #[arg(long, value_name = "PATH")]
    pub history: Option<PathBuf>,

    /// Also draw the result as an SVG chart: bars per test and throughput
    /// over time
    #[arg(long, value_name = "FILE.svg")]
    pub chart: Option<PathBuf>,
}

/// Options of `diskmark history`.
#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// Show one stored run
    #[command(subcommand)]
    pub command: Option<HistoryCommand>,
    /// Only runs whose target contains this
    #[arg(long)]
    pub target: Option<String>,
    /// Only runs whose device model contains this
    #[arg(long)]
    pub model: Option<String>,
    /// The history database [default: $XDG_DATA_HOME/diskmark/history.db]
    // Own ids: clap hands global values up to the top level, where
    // the run's --history and --format (of other types) live.
    #[arg(
        id = "history_db",
        long = "history",
        value_name = "PATH",
        global = true
    )]
    pub history: Option<PathBuf>,
    /// Output format
    #[arg(id = "history_format", long = "format", value_name = "FORMAT", value_enum, default_value_t = ListFormat::Text, global = true)]
    pub format: ListFormat,
}

/// `diskmark history show`.
#[derive(Debug, Subcommand)]
pub enum HistoryCommand {
    /// One stored run: its figures (text) or its full JSON report (--format json)
    Show {
        /// The run's id (see diskmark history)
        id: i64,
    },
}

/// Formats of `diskmark compare`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CompareFormat {
    /// Tables.
    Text,
    /// Markdown tables.
    Markdown,
    /// JSON.
    Json,
}

/// Options of `diskmark compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Result files (diskmark's JSON) or ids of stored runs
    #[arg(value_name = "FILE|ID")]
    pub inputs: Vec<String>,
    /// The last N stored runs
    #[arg(long, value_name = "N")]
    pub last: Option<usize>,
    /// The history database [default: $XDG_DATA_HOME/diskmark/history.db]
    #[arg(long, value_name = "PATH")]
    pub history: Option<PathBuf>,
    /// Output format
    #[arg(long, value_enum, default_value_t = CompareFormat::Text)]
    pub format: CompareFormat,
    /// Also draw grouped bars per run as an SVG chart
    #[arg(long, value_name = "FILE.svg")]
    pub chart: Option<PathBuf>,
}

fn parse_test_arg(s: &str) -> Result<TestSpec, String> {
    parse_test(s).map_err(|e| e.to_string())
}

fn parse_size_arg(s: &str) -> Result<u64, String> {
    let n = crate::units::parse_size(s).map_err(|e| e.to_string())?;
    if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
        return Err("the test file must be 16MiB..64GiB".into());
    }
    Ok(n)
}

fn parse_seconds_arg(s: &str) -> Result<Duration, String> {
    crate::units::parse_seconds(s).map_err(|e| e.to_string())
}

fn parse_measure_arg(s: &str) -> Result<Duration, String> {
    let d = parse_seconds_arg(s)?;
    if d < crate::config::MIN_MEASURE {
        return Err(format!(
            "the measure time must be at least {} s: a shorter window holds too few I/Os to mean anything",
            crate::config::MIN_MEASURE.as_secs_f64()
        ));
    }
    Ok(d)
}

/// `--engine` as typed: a native engine, or `fio:ENGINE`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineArg {
    /// A native engine.
    Native(EngineKind),
    /// fio with this `--ioengine` (passed through as is).
    Fio(String),
}

fn parse_engine_arg(s: &str) -> Result<EngineArg, String> {
    if let Some(e) = s.trim().strip_prefix("fio:") {
        if e.is_empty() || e.contains(char::is_whitespace) {
            return Err(
                "fio:ENGINE needs the name of one of fio's engines, e.g. fio:libaio".into(),
            );
        }
        return Ok(EngineArg::Fio(e.to_string()));
    }
    EngineKind::parse(s).map(EngineArg::Native).ok_or_else(|| {
        format!(
            "unknown engine '{s}' (available here: {}; or fio:ENGINE)",
            available_engines().join(", ")
        )
    })
}

/// Names of the engines that work here.
pub fn available_engines() -> Vec<&'static str> {
    probe_all()
        .into_iter()
        .filter(|p| p.status.is_ok())
        .map(|p| p.kind.name())
        .collect()
}

/// Where the report goes and how it looks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputOptions {
    /// Format on standard output.
    pub format: Format,
    /// Whether the report goes to standard output (no `-o`, or `-o -`).
    pub stdout: bool,
    /// Files instead of standard output, each with its format.
    pub files: Vec<(OutputPath, Format)>,
    /// No progress display.
    pub quiet: bool,
    /// Record in the history database at this path.
    pub save: Option<OutputPath>,
    /// Draw an SVG chart to this file.
    pub chart: Option<OutputPath>,
}

impl RunArgs {
    /// Turns the parsed command line into validated settings and output
    /// options. Checks everything before any file is created.
    pub fn into_settings(self) -> Result<(Settings, OutputOptions), UsageError> {
        self.check_combinations()?;
        let (profile, tests) = if self.tests.is_empty() {
            (self.profile, self.profile.tests().to_vec())
        } else {
            (Profile::Custom, self.tests.clone())
        };
        let seed = self.seed.unwrap_or_else(random_seed);
        let settings = Settings {
            target: self.target.clone(),
            profile,
            tests,
            mix: self.mix,
            mix_read: self.mix_read.unwrap_or(70),
            mode: self.mode,
            size: self.size,
            loops: self.loops,
            measure: self.measure,
            interval: self.interval,
            warmup: self.warmup,
            data: self.data,
            direct: !self.buffered,
            keep_cache: self.keep_cache,
            loop_stat: self.loop_stat.unwrap_or(LoopStat::for_profile(profile)),
            engine: match self.engine.clone() {
                Some(EngineArg::Native(kind)) => {
                    if let Err(why) = probe(kind).status {
                        return Err(UsageError::new(
                            "--engine",
                            format!(
                                "{kind} is not available here: {why} (available here: {})",
                                available_engines().join(", ")
                            ),
                        ));
                    }
                    Backend::Native(kind)
                }
                Some(EngineArg::Fio(e)) => {
                    // The version probe is a child process: a signal must
                    // end it too, so the handlers are in place first.
                    let _ = crate::run::signals::install();
                    Backend::Fio(
                        FioEngine::locate_until(
                            &e,
                            self.fio.as_deref(),
                            &crate::run::signals::received,
                        )
                        .map_err(|err| UsageError::new("--engine", format!("fio:{e}: {err}")))?,
                    )
                }
                None => Backend::Native(default_engine()),
            },
            seed,
            strict: self.strict,
            hipri: self.hipri,
            keep_file: self.keep_file,
            cow: self.cow,
            drop_caches: self.drop_caches,
            dsync: self.dsync,
            verify: self.verify,
        };
        if settings.drop_caches && !rustix::process::geteuid().is_root() {
            return Err(UsageError::new(
                "--drop-caches",
                "writing /proc/sys/vm/drop_caches needs root; without it diskmark still drops the test file's own cached pages before each read loop",
            ));
        }
        settings.validate()?;
        let outputs = self.check_outputs(&settings)?;
        Ok((settings, outputs))
    }

    /// Options that only mean something together with another one.
    fn check_combinations(&self) -> Result<(), UsageError> {
        if self.mix_read.is_some() && !self.mix && self.mode != Mode::Mix {
            return Err(UsageError::new(
                "--mix-read",
                "it sets the read share of Mix tests, and none run: add --mix (or --mode mix)",
            ));
        }
        if let Some(db) = &self.history
            && !self.save
        {
            return Err(UsageError::new(
                "--history",
                format!(
                    "{} would only be used with --save, and it was not given; add --save to record the run",
                    crate::outputs::printable(db)
                ),
            ));
        }
        if let Some(fio) = &self.fio
            && !matches!(self.engine, Some(EngineArg::Fio(_)))
        {
            return Err(UsageError::new(
                "--fio",
                format!(
                    "{} would be used only by an --engine fio:ENGINE, and none was given; add e.g. --engine fio:libaio or drop --fio",
                    crate::outputs::printable(fio)
                ),
            ));
        }
        Ok(())
    }

    /// Every output path, checked before anything is created: each one's
    /// format, and where it goes (see [`crate::outputs`]).
    fn check_outputs(&self, settings: &Settings) -> Result<OutputOptions, UsageError> {
        let stdout = self.output.is_empty() || self.output.iter().any(|o| o.as_os_str() == "-");
        if let Some(chart) = &self.chart
            && !chart
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("svg"))
            && !is_stream_path(chart)
        {
            return Err(UsageError::new(
                "--chart",
                format!(
                    "{} does not end in .svg; the chart is an SVG image: name it e.g. chart.svg",
                    crate::outputs::printable(chart)
                ),
            ));
        }
        let history = match (self.save, &self.history) {
            (true, Some(p)) => Some(p.clone()),
            (true, None) => Some(
                crate::history::default_path()
                    .map_err(|e| UsageError::new("--save", e.to_string()))?,
            ),
            (false, _) => None,
        };
        let mut list: Vec<(&std::path::Path, &'static str)> = self
            .output
            .iter()
            .filter(|o| o.as_os_str() != "-")
            .map(|o| (o.as_path(), "--output"))
            .collect();
        list.extend(self.chart.as_deref().map(|c| (c, "--chart")));
        let forbidden = Forbidden::target(&settings.target);
        let mut checked = crate::outputs::check_all(&list, forbidden)?;
        let save = match &history {
            Some(h) => {
                let db = crate::outputs::check_in_new_dir(h, "--history", forbidden)?;
                if db.is_stream() {
                    return Err(UsageError::new(
                        "--history",
                        "the history database must be a file, not a device or a pipe",
                    ));
                }
                if let Some(o) = checked.iter().find(|o| o.resolved() == db.resolved()) {
                    return Err(UsageError::new(
                        "--history",
                        format!(
                            "{} is also an output of the report; give the history its own file",
                            crate::outputs::printable(&o.shown)
                        ),
                    ));
                }
                check_history(&db.resolved())?;
                Some(db)
            }
            None => None,
        };
        if stdout && !self.output.is_empty() && checked.iter().any(|o| o.is_stdout()) {
            return Err(UsageError::new(
                "--output",
                "- and another name of standard output are the same file; give each output its own file",
            ));
        }
        let chart = self
            .chart
            .as_ref()
            .map(|_| checked.remove(checked.len() - 1));
        let mut files = Vec::new();
        for o in checked {
            let format = match (self.format, ext_format(&o.shown)) {
                (Some(f), _) | (None, Some(f)) => f,
                (None, None) if o.is_stream() => Format::Text,
                (None, None) => {
                    return Err(UsageError::new(
                        "--output",
                        format!(
                            "{}: the extension says no format (.txt, .json, .csv or .md); rename it or add --format",
                            crate::outputs::printable(&o.shown)
                        ),
                    ));
                }
            };
            files.push((o, format));
        }
        Ok(OutputOptions {
            format: self.format.unwrap_or(Format::Text),
            stdout,
            files,
            quiet: self.quiet,
            save,
            chart,
        })
    }
}

/// A history database that is there already must be diskmark's, of a
/// version this diskmark knows: found out before the run, so that minutes
/// of measurement do not end in a refusal. A locked or damaged one is left
/// to the save, which keeps the result beside it.
fn check_history(db: &std::path::Path) -> Result<(), UsageError> {
    use crate::history::{History, HistoryError};
    match History::open_existing(db) {
        Err(
            e @ (HistoryError::NotHistory(_)
            | HistoryError::Newer { .. }
            | HistoryError::Unknown { .. }),
        ) => Err(UsageError::new("--history", e.to_string())),
        _ => Ok(()),
    }
}

/// Whether `path` names a terminal, pipe or /dev/null rather than a file
/// (its name then says nothing about a format).
fn is_stream_path(path: &std::path::Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::metadata(path).is_ok_and(|m| m.file_type().is_char_device() || m.file_type().is_fifo())
}

/// The format a file's extension names, if any.
fn ext_format(path: &std::path::Path) -> Option<Format> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "txt" | "text" => Some(Format::Text),
        "json" => Some(Format::Json),
        "csv" => Some(Format::Csv),
        "md" | "markdown" => Some(Format::Markdown),
        _ => None,
    }
}

/// A seed that differs from run to run.
fn random_seed() -> u64 {
    let mut s = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        ^ (u64::from(std::process::id()) << 32);
    crate::workload::access::splitmix64(&mut s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::{GIB, MIB};

    fn parse(args: &[&str]) -> Result<(Settings, OutputOptions), String> {
        let mut v = vec!["diskmark"];
        v.extend_from_slice(args);
        let cli = Cli::try_parse_from(v).map_err(|e| e.to_string())?;
        assert!(cli.command.is_none());
        cli.run.into_settings().map_err(|e| e.to_string())
    }

    #[test]
    fn defaults() {
        let (s, o) = parse(&[]).unwrap();
        assert_eq!(s.target, PathBuf::from("."));
        assert_eq!(s.profile, Profile::Default);
        assert_eq!(s.tests.len(), 4);
        assert_eq!(s.size, GIB);
        assert_eq!(s.loops, 5);
        assert_eq!(s.measure, Duration::from_secs(5));
        assert_eq!(s.interval, Duration::from_secs(5));
        assert_eq!(s.warmup, Duration::from_secs(1));
        assert!(s.direct);
        assert_eq!(s.mix_read, 70);
        assert_eq!(s.loop_stat, LoopStat::Mean);
        assert_eq!(s.engine, default_engine());
        assert_eq!(s.engine.native(), Some(default_engine()));
        assert!(!s.strict && !s.hipri && !s.keep_file);
        assert_eq!(o.format, Format::Text);
    }

    #[test]
    fn every_option() {
        let (s, o) = parse(&[
            "/tmp",
            "--profile",
            "peak",
            "--mix",
            "--mix-read",
            "60",
            "--mode",
            "read",
            "--size",
            "512M",
            "--loops",
            "2",
            "--measure",
            "0.2",
            "--interval",
            "0",
            "--warmup",
            "0.25",
            "--data",
            "zeros",
            "--buffered",
            "--keep-cache",
            "--engine",
            "null",
            "--seed",
            "7",
            "-o",
            "/tmp/r.json",
            "--quiet",
            "--strict",
            "--keep-file",
        ])
        .unwrap();
        assert_eq!(s.target, PathBuf::from("/tmp"));
        assert_eq!(s.profile, Profile::Peak);
        assert_eq!(s.loop_stat, LoopStat::Best);
        assert!(s.mix);
        assert_eq!(s.mix_read, 60);
        assert_eq!(s.mode, Mode::Read);
        assert_eq!(s.size, 512 * MIB);
        assert_eq!(s.loops, 2);
        assert_eq!(s.measure, Duration::from_millis(200));
        assert_eq!(s.interval, Duration::ZERO);
        assert_eq!(s.warmup, Duration::from_millis(250));
        assert_eq!(s.data, DataKind::Zeros);
        assert!(!s.direct && s.keep_cache);
        assert_eq!(s.engine, EngineKind::Null);
        assert_eq!(s.seed, 7);
        assert_eq!(o.files.len(), 1);
        assert_eq!(o.files[0].0.shown, PathBuf::from("/tmp/r.json"));
        assert_eq!(o.files[0].1, Format::Json);
        assert!(!o.stdout);
        assert!(o.quiet && s.strict && s.keep_file);
    }

    #[test]
    fn tests_make_a_custom_profile() {
        let (s, _) = parse(&[
            "--test",
            "SEQ1M Q8T1",
            "--test",
            "rnd4k-q32t16",
            "--loop-stat",
            "median",
        ])
        .unwrap();
        assert_eq!(s.profile, Profile::Custom);
        assert_eq!(s.tests.len(), 2);
        assert_eq!(s.tests[1].to_string(), "RND4K Q32T16");
        assert_eq!(s.loop_stat, LoopStat::Median);
    }

    #[test]
    fn bad_values_name_the_option() {
        let cases = [
            (&["--size", "8M"][..], "--size"),
            (&["--size", "1X"], "--size"),
            (&["--size=-1G"], "--size"),
            (&["--loops", "0"], "--loops"),
            (&["--measure", "0"], "--measure"),
            (&["--warmup", "abc"], "--warmup"),
            (&["--mix-read", "101"], "--mix-read"),
            (&["--profile", "fast"], "--profile"),
            (&["--engine", "nosuch"], "--engine"),
            (&["--format", "xml"], "--format"),
            (&["--loop-stat", "max"], "--loop-stat"),
            (&["--test", "SEQ1M"], "--test"),
            (&["--test", "RND4K Q0T1"], "--test"),
            (&["--size", "16M", "--test", "SEQ32M Q1T1"], "--test"),
            (&["-o", "/nonexistent-dir/x.json"], "--output"),
        ];
        for (args, option) in cases {
            let e = parse(args).unwrap_err();
            assert!(e.contains(option), "{args:?}: {e}");
        }
    }

    #[test]
    fn engines_subcommand() {
        let cli = Cli::try_parse_from(["diskmark", "engines", "--format", "json"]).unwrap();
        assert!(matches!(
            cli.command,
            Some(Command::Engines {
                format: ListFormat::Json
            })
        ));
        // Run options do not mix with subcommands; after a run option,
        // `engines` is a directory name.
        assert!(Cli::try_parse_from(["diskmark", "engines", "--size", "1G"]).is_err());
        let cli = Cli::try_parse_from(["diskmark", "--size", "1G", "engines"]).unwrap();
        assert!(cli.command.is_none());
        assert_eq!(cli.run.target, PathBuf::from("engines"));
    }

    #[test]
    fn help_states_each_default() {
        use clap::CommandFactory;
        let help = Cli::command().render_long_help().to_string();
        // Defaults may be wrapped over lines: compare with single spaces.
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        for d in [
            "[default: .]",
            "[default: default]",
            "[default: 70]",
            "[default: rw]",
            "[default: 1GiB]",
            "[default: 5]",
            "[default: 1]",
            "[default: random]",
            "[default: the profile's",
            "[default: the best that works here",
            "[default: random; the JSON records it]",
            "[default: text",
        ] {
            assert!(help.contains(d), "missing {d} in\n{help}");
        }
    }
}
