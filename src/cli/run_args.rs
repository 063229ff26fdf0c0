//! The options of a benchmark run, and the plain choices they make.

use crate::backend::Backend;
use crate::config::{Choices, MAX_LOOPS, MAX_ROUNDS, MAX_SIZE, MIN_SIZE, UsageError};
use crate::engine::EngineKind;
use crate::engine::registry::default_engine;
use crate::fio::FioEngine;
use crate::report::Format;
use crate::stats::LoopStat;
use crate::stats::steady::SteadyGoal;
use crate::workload::{DataKind, Mode, Profile, TestSpec, parse_test};
use clap::Args;
use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

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

    /// io_uring: a kernel thread submits the I/Os (SQPOLL), so the workers
    /// enter the kernel only to wait; it keeps a CPU busy while it runs
    #[arg(long)]
    pub sqpoll: bool,

    /// Run the workers on these CPUs, thread i on the list's i-th (mod its
    /// length), as `taskset -c` writes them: 0-3,6
    #[arg(long, value_name = "LIST", value_parser = crate::host::CpuList::parse)]
    pub cpus: Option<crate::host::CpuList>,

    /// Seed of the offset and data generators, to repeat a run
    /// [default: random; the JSON records it]
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,

    /// Leave the test file in place at the end, for inspection (its path is
    /// printed on standard error); it is still removed on an error or a
    /// signal
    #[arg(long)]
    pub keep_file: bool,

    /// Report format: text (KDiskMark's layout), json, csv, markdown or
    /// openmetrics [default: text, or from the extension of each --output]
    #[arg(long, value_enum)]
    pub format: Option<Format>,

    /// Write the report to FILE instead of standard output, in the format
    /// its extension says (.txt, .json, .csv, .md, .prom) unless --format says
    /// otherwise; repeatable
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Vec<PathBuf>,

    /// The CSV has one row per loop of each test (with its loop number)
    /// instead of one per test
    #[arg(long)]
    pub csv_loops: bool,

    /// Nothing on standard error but warnings and errors: no estimate at
    /// the start, no progress line, no line per finished test
    #[arg(short, long)]
    pub quiet: bool,

    /// Also write the run's progress as JSON lines, one event a line
    /// (schema: docs/progress.schema.json): `jsonl` on standard error in
    /// place of the progress line, `jsonl=PATH` to a file (checked as
    /// --output is)
    #[arg(long, value_name = "jsonl[=PATH]", value_parser = parse_progress_arg)]
    pub progress: Option<ProgressArg>,

    /// Run as one host of diskmark's own coordinator over ssh
    /// (docs/hosts.md#the-host-agent): the progress stream on standard
    /// error, each loop's counts in it, and each window begins when
    /// standard input says go; the end of standard input stops the run
    #[arg(long, hide = true)]
    pub host_agent: bool,

    /// Record the result in the history database (see diskmark history)
    #[arg(long)]
    pub save: bool,

    /// The history database [default: $XDG_DATA_HOME/diskmark/history.db]
    #[arg(long, value_name = "PATH")]
    pub history: Option<PathBuf>,

    /// Also draw the result as a chart, SVG or PNG by its name: bars per
    /// test and throughput over time
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub chart: Option<PathBuf>,

    /// Also draw a CrystalDiskMark-style result card, SVG or PNG by its
    /// name: the grid of MB/s with the drive, filesystem, link, profile,
    /// engine and date
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub card: Option<PathBuf>,

    /// Instead of --loops, run each test in rounds until the last 5 rounds'
    /// IOPS or MB/s are steady (SNIA PTS: their range within LIMIT of
    /// their mean, their trend within LIMIT/2), e.g. iops:20% or bw:20%
    #[arg(long, value_name = "METRIC:LIMIT%", conflicts_with = "loops",
          value_parser = parse_steady_arg)]
    pub steady_state: Option<SteadyGoal>,

    /// Most rounds per test under --steady-state, 5..1000 [default: 25]
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(1..=MAX_ROUNDS as i64))]
    pub max_rounds: Option<u32>,

    /// Most time of each test's rounds under --steady-state, seconds
    /// [default: 600]
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true,
          value_parser = parse_seconds_arg)]
    pub max_time: Option<Duration>,

    /// After the tests, measure RND4K Q1T1 read latency alone and under a
    /// background SEQ1M Q8T1 writer on a second test file (latency under
    /// load: p50, p99, p99.9)
    #[arg(long)]
    pub qos: bool,

    /// The text report also shows, under each test with two or more loops,
    /// the loops' spread: the 95 % confidence interval of the mean (±x %)
    /// of MB/s, IOPS and mean latency, and the loops' range
    #[arg(long)]
    pub details: bool,

    /// A name for this run (at most 64 printable characters), kept in its
    /// JSON and history; compare and the CSV name the run by it
    #[arg(long, value_name = "NAME")]
    pub label: Option<String>,

    /// Run every test on this host's fio server, all hosts at the same
    /// moment (HOST[:PORT], [IPv6]:PORT; port 8765 by default); repeatable;
    /// needs --engine fio:ENGINE and --remote-dir (see docs/hosts.md).
    /// fio's server has no authentication: anyone who reaches its port can
    /// run any job, and a job can run commands. Start it bound to one
    /// address, on a network only you reach: fio --server=ip:ADDR,PORT
    #[arg(long = "host", value_name = "HOST[:PORT]")]
    pub host: Vec<String>,

    /// A file of hosts for the run, one HOST[:PORT] a line (# comments)
    #[arg(long, value_name = "FILE")]
    pub hosts: Option<PathBuf>,

    /// With --host: the directory on every host in which its test file is
    /// made (an absolute path there)
    #[arg(long, value_name = "DIR")]
    pub remote_dir: Option<PathBuf>,

    /// With --host ssh://: diskmark's path on the hosts (else the
    /// diskmark on their PATH)
    #[arg(long, value_name = "PATH")]
    pub remote_diskmark: Option<PathBuf>,

    /// With --host ssh://: this ssh client configuration instead of the
    /// user's own (ssh -F FILE)
    #[arg(long, value_name = "FILE")]
    pub ssh_config: Option<PathBuf>,
}

/// `--progress` as typed: the JSON-lines stream, and its file if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgressArg {
    /// `jsonl=PATH`'s PATH; `None` for standard error.
    pub path: Option<PathBuf>,
}

impl ProgressArg {
    /// The value as `--progress` takes it back (`jsonl`, `jsonl=PATH`).
    pub fn as_arg(&self) -> OsString {
        match &self.path {
            None => "jsonl".into(),
            Some(p) => {
                let mut s = OsString::from("jsonl=");
                s.push(p);
                s
            }
        }
    }
}

pub(crate) fn parse_progress_arg(s: &str) -> Result<ProgressArg, String> {
    match s.strip_prefix("jsonl") {
        Some("") => Ok(ProgressArg { path: None }),
        Some(rest) => match rest.strip_prefix('=') {
            Some(p) if !p.is_empty() => Ok(ProgressArg {
                path: Some(PathBuf::from(p)),
            }),
            _ => Err("give jsonl (on standard error) or jsonl=PATH (to a file)".into()),
        },
        None => Err(
            "the one progress format is jsonl: give jsonl (on standard error) or jsonl=PATH (to a file)"
                .into(),
        ),
    }
}

fn parse_steady_arg(s: &str) -> Result<SteadyGoal, String> {
    SteadyGoal::parse(s)
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
            crate::config::available_engines().join(", ")
        )
    })
}

impl RunArgs {
    /// The choices these options make: defaults filled in, a custom
    /// profile for given tests, fio found for `--engine fio:ENGINE`. Not
    /// validated yet: see [`crate::config::Settings::validate`].
    pub fn choices(&self) -> Result<Choices, UsageError> {
        self.check_combinations()?;
        let (profile, tests) = if self.tests.is_empty() {
            (self.profile, self.profile.tests().to_vec())
        } else {
            (Profile::Custom, self.tests.clone())
        };
        Ok(Choices {
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
            loop_stat: self
                .loop_stat
                .unwrap_or(crate::stats::LoopStat::for_profile(profile)),
            engine: self.backend()?,
            seed: self.seed.unwrap_or_else(crate::config::random_seed),
            strict: self.strict,
            hipri: self.hipri,
            sqpoll: self.sqpoll,
            cpus: self.cpus.clone().unwrap_or_default(),
            keep_file: self.keep_file,
            cow: self.cow,
            drop_caches: self.drop_caches,
            dsync: self.dsync,
            verify: self.verify,
            steady: self.steady_state,
            max_rounds: self.max_rounds.unwrap_or(crate::config::DEFAULT_MAX_ROUNDS),
            max_time: self.max_time.unwrap_or(crate::config::DEFAULT_MAX_TIME),
            qos: self.qos,
            details: self.details,
            label: self.label.clone(),
        })
    }

    /// The engine asked for: a native one (whether it works here is
    /// validated later), the best one here, or fio, found and asked for
    /// its version.
    fn backend(&self) -> Result<Backend, UsageError> {
        Ok(match &self.engine {
            Some(EngineArg::Native(kind)) => Backend::Native(*kind),
            Some(EngineArg::Fio(e)) => {
                // The version probe is a child process: a signal must end
                // it too, so the handlers are in place first.
                let _ = crate::run::signals::install();
                Backend::Fio(
                    FioEngine::locate_until(e, self.fio.as_deref(), &crate::run::signals::received)
                        .map_err(|err| UsageError::new("--engine", format!("fio:{e}: {err}")))?,
                )
            }
            None => Backend::Native(default_engine()),
        })
    }

    /// Whether the run is on many hosts (`--host` or `--hosts`).
    pub fn on_hosts(&self) -> bool {
        !self.host.is_empty() || self.hosts.is_some()
    }

    /// Options that only mean something together with another one: which
    /// flags were typed, which only the command line knows.
    fn check_combinations(&self) -> Result<(), UsageError> {
        if self.mix_read.is_some() && !self.mix && self.mode != Mode::Mix {
            return Err(UsageError::new(
                "--mix-read",
                "it sets the read share of Mix tests, and none run: add --mix (or --mode mix)",
            ));
        }
        if self.steady_state.is_none() {
            let typed = [
                ("--max-rounds", self.max_rounds.is_some()),
                ("--max-time", self.max_time.is_some()),
            ];
            if let Some((option, _)) = typed.into_iter().find(|t| t.1) {
                return Err(UsageError::new(
                    option,
                    "it bounds the rounds of --steady-state, which was not given; add e.g. --steady-state iops:20% or drop it",
                ));
            }
        }
        if let Some(db) = &self.history
            && !self.save
        {
            return Err(UsageError::new(
                "--history",
                format!(
                    "{} would only be used with --save, and it was not given; add --save to record the run",
                    crate::escape::path(db)
                ),
            ));
        }
        if self.remote_dir.is_some() && !self.on_hosts() {
            return Err(UsageError::new(
                "--remote-dir",
                "it names the directory on the hosts of --host, and none was given; add --host HOST or drop --remote-dir",
            ));
        }
        if let Some(fio) = &self.fio
            && !matches!(self.engine, Some(EngineArg::Fio(_)))
        {
            return Err(UsageError::new(
                "--fio",
                format!(
                    "{} would be used only by an --engine fio:ENGINE, and none was given; add e.g. --engine fio:libaio or drop --fio",
                    crate::escape::path(fio)
                ),
            ));
        }
        Ok(())
    }
}
