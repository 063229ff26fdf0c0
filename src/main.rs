//! diskmark's command line: parse, dispatch, report, map errors to exit
//! codes. A run reads as the pipeline: options → [`Settings`] (validated)
//! → target → [`RunPlan`] (every refusal) → run → [`ExportManager`]
//! (every output).

use diskmark::cli::{Command, RunArgs};
use diskmark::commands;
use diskmark::config::Settings;
use diskmark::export::ExportManager;
use diskmark::progress::jsonl::{JsonlStream, JsonlTo};
use diskmark::progress::{ProgressLine, Show};
use diskmark::report::Report;
use diskmark::run::{RunOutput, RunPlan, StopToken};
use diskmark::{Error, host::HostInfo, run, target};
use std::process::ExitCode;

/// Whether descriptor 1 is closed, asked before `main` (see
/// [`diskmark::export::stdout::started_closed`]): F_GETFD fails only on a
/// descriptor that is not open.
extern "C" fn note_closed_stdout() {
    let closed = rustix::io::fcntl_getfd(rustix::stdio::stdout()).is_err();
    diskmark::export::stdout::started_closed(closed);
}

/// The loader calls what `.init_array` lists before `main`, and so before
/// Rust's runtime reopens closed standard descriptors onto /dev/null.
// SAFETY: an `.init_array` entry is called once, single-threaded, before
// main, with no arguments, as `extern "C" fn()`; the function only makes
// one fcntl call and stores an atomic, which need no runtime set-up.
#[used]
#[unsafe(link_section = ".init_array")]
static NOTE_CLOSED_STDOUT: extern "C" fn() = note_closed_stdout;

pub fn main() -> ExitCode {
    let cli = diskmark::cli::parse();
    let result = match cli.command {
        Some(Command::Engines { format }) => commands::engines(format),
        Some(Command::Targets { format }) => commands::targets(format),
        Some(Command::Compare(args)) => commands::compare(args),
        Some(Command::History(args)) => commands::history(args),
        Some(Command::Tui(args)) => tui(*args),
        Some(Command::Sustained(args)) => diskmark::sustained::command(*args),
        Some(Command::Span(args)) => diskmark::span::command(*args),
        Some(Command::Completions { shell }) => commands::completions(shell),
        Some(Command::Man(args)) => commands::man(args),
        None => benchmark(cli.run),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            diskmark::escape::say(format_args!("error: {e}"));
            ExitCode::from(e.exit_code())
        }
    }
}

/// `diskmark tui`: the options set the starting values, checked as for a
/// run.
fn tui(args: RunArgs) -> Result<u8, Error> {
    let fail = |e: diskmark::tui::TuiError| {
        diskmark::escape::say(format_args!("error: {e}"));
        Ok(e.exit_code())
    };
    if args.on_hosts() {
        return Err(diskmark::config::UsageError::new(
            "--host",
            "the terminal interface runs on this machine only; run diskmark --host ... without tui",
        )
        .into());
    }
    refuse_progress(
        &args,
        "the terminal interface shows the run itself; run diskmark without tui",
    )?;
    if let Err(e) = diskmark::tui::check_terminal() {
        return fail(e);
    }
    let (settings, outputs) = args.into_settings()?;
    let export = ExportManager::new(outputs.into_outputs(true));
    diskmark::tui::run(settings, export).or_else(fail)
}

fn benchmark(args: RunArgs) -> Result<u8, Error> {
    if args.on_hosts() {
        refuse_progress(
            &args,
            "a run on many hosts does not stream its events yet; drop --progress",
        )?;
        return diskmark::hosts::command(args);
    }
    let (settings, mut out) = args.into_settings()?;
    let quiet = out.quiet;
    let stream_to = out.progress.take();
    let export = ExportManager::new(out.into_outputs(false));
    // The report would go nowhere: refuse before minutes of measuring.
    export.ready()?;
    let target = target::resolve_answering(&settings.target).map_err(run::RunError::from)?;
    let plan = RunPlan::prepare(settings, target)?;
    let estimate = plan.estimate();
    // `--progress jsonl` alone takes standard error's place of the line.
    let show = match stream_to {
        Some(JsonlTo::Stderr) => Show::Nothing,
        _ => Show::for_stderr(quiet),
    };
    let mut progress = ProgressLine::start(&estimate, show);
    let mut stream = match &stream_to {
        Some(to) => Some(JsonlStream::open(to, &estimate).map_err(|e| {
            diskmark::config::UsageError::new("--progress", format!("cannot write it: {e}"))
        })?),
        None => None,
    };
    let output = run::run(&plan, &StopToken::new(), &mut |e| {
        progress.update(e);
        stream.iter_mut().for_each(|s| s.update(e));
    })?;
    progress.finish(&output);
    stream.iter_mut().for_each(|s| s.finish(&output));
    deliver(plan.settings(), plan.target(), &output, &export)
}

/// Refuses `--progress` where no stream is written yet, saying `why`.
fn refuse_progress(args: &RunArgs, why: &str) -> Result<(), Error> {
    match args.progress {
        Some(_) => Err(diskmark::config::UsageError::new("--progress", why).into()),
        None => Ok(()),
    }
}

/// The report of a finished run to every output asked for, then the exit
/// code the run earned.
fn deliver(
    settings: &Settings,
    target: &target::TargetInfo,
    output: &RunOutput,
    export: &ExportManager,
) -> Result<u8, Error> {
    if let Some(path) = &output.kept_file {
        diskmark::escape::say(format_args!(
            "test file kept: {}",
            diskmark::escape::path(path)
        ));
    }
    let host = HostInfo::current();
    let report = Report {
        settings,
        target,
        host: &host,
        output,
    };
    commands::deliver(export, &report)?;
    // A run in which no test completed a single I/O measured nothing: the
    // report says so per test, and the run failed.
    if output.interrupted.is_none() && report.measured_nothing() {
        diskmark::escape::say(format_args!(
            "error: no test completed any I/O in its measure window: nothing was measured (a device that is throttled, stalled or too slow for --measure {} s)",
            settings.measure.as_secs_f64()
        ));
        return Ok(1);
    }
    // A signal while the report was being written still ends with its
    // exit code (the report itself is complete).
    let signal = output.interrupted.and_then(|r| r.signal());
    Ok(match signal.or_else(run::signals::received) {
        Some(sig) => 128 + sig as u8,
        None => 0,
    })
}
