//! Command-line definitions (clap): parsing only. A run's options become
//! [`Choices`](crate::config::Choices) ([`RunArgs::choices`]), which
//! [`Settings::validate`] checks; its outputs are checked beside them
//! ([`RunArgs::outputs`]).

mod as_run;
mod headings;
mod outputs;
mod report;
mod run_args;
mod span;
mod sustained;

pub use outputs::OutputOptions;
pub use report::ReportArgs;
pub use run_args::{EngineArg, RunArgs};
pub use span::SpanArgs;
pub use sustained::SustainedArgs;

use crate::config::{Settings, UsageError};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

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
#[command(after_help = NOTES, after_long_help = format!("{NOTES}\n\n{EXAMPLES}"))]
pub struct Cli {
    /// Something other than a benchmark run
    #[command(subcommand)]
    pub command: Option<Command>,

    /// The benchmark run (when no subcommand is given)
    #[command(flatten)]
    pub run: RunArgs,
}

/// What `--help` and `-h` end with.
const NOTES: &str = "Sizes are binary: 1G = 1GiB = 1024 MiB. Times are seconds (0.2, 5, 500ms).\n\
Exit codes: 0 done, 1 benchmark failed or compare --fail-if-worse found a worse figure,\n\
2 bad usage, 128+N interrupted by signal N.";

/// The end of `--help` (and of the manual page): a few runs as people
/// type them.
const EXAMPLES: &str = "\
EXAMPLES:
  diskmark /mnt/usb                      The Default profile (8 tests × 5 loops) on a USB stick
  diskmark --profile nvme --size 4G ~    KDiskMark's NVMe SSD tests, a 4 GiB test file in ~
  diskmark --test 'RND4K Q1T1' --loops 3 --label nightly -o r.json /var/tmp
                                         One test, three loops, the JSON kept for compare
  diskmark compare --fail-if-worse 10 base.json r.json
                                         Exit 1 when a figure is over 10 % worse, beyond the noise
  diskmark --save /data && diskmark history
                                         Record a run, then list the recorded runs
  diskmark --chart run.png --card card.png /data
                                         The chart and a result card to share, as PNG
  diskmark sustained /data               Write until the drive's cache runs out
  diskmark span /dev/sdb                 Read-only map of a whole device (root or the disk group)
  diskmark tui                           The grid in the terminal (keys: diskmark help tui)
  diskmark completions bash > ~/.local/share/bash-completion/completions/diskmark";

/// The command line's definition as `--help`, the manual pages and the
/// completions show it: the options under their headings.
pub fn command() -> clap::Command {
    headings::grouped(<Cli as clap::CommandFactory>::command())
}

/// Parses the command line like [`Cli::parse`], with clearer sentences for
/// mistakes clap words in its own terms: a second target is named as such.
/// Exits on `--help`, `--version` and bad usage (exit 2).
pub fn parse() -> Cli {
    match crate::outputs::bad_std_stream() {
        Some("standard error") => std::process::exit(2),
        Some(stream) => {
            crate::escape::say(format_args!(
                "error: {stream} is a block device or a kernel file; diskmark never writes there: redirect it to a file"
            ));
            std::process::exit(2);
        }
        _ => {}
    }
    let try_parse = |c: clap::Command| {
        c.try_get_matches()
            .and_then(|m| <Cli as clap::FromArgMatches>::from_arg_matches(&m))
    };
    match try_parse(command()) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::{ContextKind, ContextValue, ErrorKind};
            if e.kind() == ErrorKind::ArgumentConflict
                && let Some(ContextValue::String(extra)) = e.get(ContextKind::InvalidSubcommand)
            {
                crate::escape::say(format_args!(
                    "error: '{}' is a second target; diskmark tests one directory or device per run: give one (run it again for another)",
                    crate::escape::path(std::path::Path::new(extra))
                ));
                std::process::exit(2);
            }
            // `diskmark tui /a /b`: clap calls the second an unexpected
            // argument.
            if e.kind() == ErrorKind::UnknownArgument
                && let Some(ContextValue::String(extra)) = e.get(ContextKind::InvalidArg)
                && !extra.starts_with('-')
            {
                crate::escape::say(format_args!(
                    "error: '{}' is a second target; diskmark tests one directory or device per run: give one (run it again for another)",
                    crate::escape::path(std::path::Path::new(extra))
                ));
                std::process::exit(2);
            }
            usage_exit(e, || try_parse(plain(command())).err())
        }
    }
}

/// `cmd` without colours or bold: its errors rendered with
/// [`clap::builder::StyledStr::ansi`] then hold no escape of clap's own,
/// only what was typed, which [`crate::escape::say`] shows escaped.
fn plain(cmd: clap::Command) -> clap::Command {
    cmd.styles(clap::builder::Styles::plain())
}

/// Parses the command line into `T` as clap's `parse` does, but with the
/// errors of [`usage_exit`]: for a front-end other than `diskmark` (the
/// window's `diskmark-gui`).
pub fn parse_or_exit<T: clap::FromArgMatches>(cmd: impl Fn() -> clap::Command) -> T {
    let try_parse = |c: clap::Command| c.try_get_matches().and_then(|m| T::from_arg_matches(&m));
    match try_parse(cmd()) {
        Ok(v) => v,
        Err(e) => usage_exit(e, || try_parse(plain(cmd())).err()),
    }
}

/// Ends the process for clap's `e` as `e.exit()` would (help and version
/// on stdout, exit 0), except that an error goes through the one sink of
/// messages ([`crate::escape::say`]): clap quotes the offending value as
/// typed, and `--test $'\e]0;x\a'` must not set the window's title. The
/// message is the same error from the command without styles (`plain`,
/// parsed again), so that the value is shown escaped, not cut short by
/// clap's own stripping of escapes; the exit code stays clap's (2).
pub fn usage_exit(e: clap::Error, plain: impl FnOnce() -> Option<clap::Error>) -> ! {
    if !e.use_stderr() {
        e.exit()
    }
    let text = match plain() {
        Some(p) => p.render().ansi().to_string(),
        // Not reached (the same arguments fail the same way); clap's
        // plain text has its escapes stripped, which is safe too.
        None => e.render().to_string(),
    };
    crate::escape::say(text.trim_end());
    std::process::exit(e.exit_code())
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
    #[command(after_help = crate::tui::keys_help())]
    Tui(Box<TuiArgs>),
    /// Runs side by side, per test and direction, with the change against
    /// the first
    Compare(CompareArgs),
    /// The runs recorded with --save
    History(HistoryArgs),
    /// A sequential write until well past the drive's write cache: MB/s
    /// against GB written, the knee where the cache ran out, the speed
    /// after it (one test file, removed at the end)
    Sustained(Box<SustainedArgs>),
    /// A read-only map of a whole block device: sequential samples evenly
    /// spaced from its first byte to its last (MB/s against position),
    /// then random 4 KiB reads over it (the access times); a directory
    /// maps diskmark's own test file of --size
    Span(Box<SpanArgs>),
    /// A saved result redrawn without running anything: in any format,
    /// as a chart or as a card (the outputs checked as a run's are)
    Report(ReportArgs),
    /// List the mounted, writable filesystems one would benchmark, with
    /// usage, device and model
    Targets {
        /// Output format
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
    /// Print the shell completion script for SHELL (see the README's
    /// Install section for where it goes)
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff, for man -l), or write every page into
    /// a directory with --dir
    Man(ManArgs),
}

/// `diskmark tui`: a run's options, which set the starting values, and
/// the interface's language.
#[derive(Debug, clap::Args)]
pub struct TuiArgs {
    /// The run's options
    #[command(flatten)]
    pub run: RunArgs,
    /// The interface's language
    #[command(flatten)]
    pub lang: crate::i18n::LangArgs,
}

/// Options of `diskmark man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The subcommand whose page to print (compare, "history show", …)
    /// [default: diskmark's own page]
    #[arg(value_name = "SUBCOMMAND", num_args = 0.., conflicts_with = "dir")]
    pub subcommand: Vec<String>,
    /// Write every page (diskmark.1, diskmark-compare.1, …) into this
    /// existing directory instead
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Formats of listings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ListFormat {
    /// A table.
    Text,
    /// JSON.
    Json,
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
    /// Also draw grouped bars per run on a linear MB/s axis, as an SVG or
    /// PNG chart (by its name)
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub chart: Option<PathBuf>,
    /// Refuse (exit 2) runs whose settings differ (engine, O_DIRECT, size,
    /// data, profile and tests, applied Q/T, loop statistic, device)
    #[arg(long, help_heading = "Compare")]
    pub same_settings: bool,
    /// Exit 1 when any figure of a later run is worse than the first's by
    /// more than PCT percent and beyond the loops' noise; stderr names
    /// each (0 < PCT <= 1000)
    #[arg(long, value_name = "PCT", value_parser = crate::compare::parse_pct, help_heading = "Compare")]
    pub fail_if_worse: Option<f64>,
}

impl RunArgs {
    /// Turns the parsed command line into validated settings and output
    /// options. Checks everything before any file is created.
    pub fn into_settings(self) -> Result<(Settings, OutputOptions), UsageError> {
        let settings = Settings::validate(self.choices()?)?;
        let outputs = self.outputs(&settings.target)?;
        Ok((settings, outputs))
    }

    /// As [`RunArgs::into_settings`], the choices shaped into a mode's
    /// settings by `mode` (the library's one definition of them, e.g.
    /// [`crate::modes::Asked::sustained`]) before the outputs are checked
    /// against its target.
    pub fn into_mode(
        self,
        mode: impl FnOnce(&crate::config::Choices) -> Result<crate::modes::Asked, UsageError>,
    ) -> Result<(crate::modes::Asked, OutputOptions), UsageError> {
        let asked = mode(&self.choices()?)?;
        let outputs = self.outputs(&asked.settings.target)?;
        Ok((asked, outputs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_of_the_interfaces_is_an_option_named_once() {
        use crate::front::{SETTINGS, Setting};
        let cli = command();
        for (i, s) in SETTINGS.iter().enumerate() {
            let long = s.option.trim_start_matches("--");
            assert!(
                cli.get_arguments().any(|a| a.get_long() == Some(long)),
                "{} is no option of diskmark",
                s.option
            );
            assert!(std::ptr::eq(
                Setting::named(s.option).unwrap(),
                &SETTINGS[i]
            ));
        }
    }
    use crate::engine::EngineKind;
    use crate::engine::registry::default_engine;
    use crate::report::Format;
    use crate::stats::LoopStat;
    use crate::units::{GIB, MIB};
    use crate::workload::{DataKind, Mode, Profile};
    use std::time::Duration;

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

    /// The commands' defaults are the library's, which the TUI and the
    /// window start a sustained write and a span map with.
    #[test]
    fn sustained_and_span_default_to_the_librarys_asks() {
        use crate::span::SpanAsk;
        use crate::sustained::FillAsk;
        let cli = Cli::try_parse_from(["diskmark", "sustained", "/var/tmp"]).unwrap();
        let Some(Command::Sustained(args)) = cli.command else {
            panic!("not sustained");
        };
        assert_eq!(args.ask(), FillAsk::default());
        let cli = Cli::try_parse_from(["diskmark", "span", "/var/tmp"]).unwrap();
        let Some(Command::Span(args)) = cli.command else {
            panic!("not span");
        };
        assert_eq!(args.ask(), SpanAsk::default());
        let (asked, _) = args.into_asked().unwrap();
        assert_eq!(asked.settings.size, GIB);
        assert_eq!(asked.settings.mode, Mode::Read);
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
