//! diskmark's command line: parse, dispatch, report, map errors to exit
//! codes.

use diskmark::cli::{Command, RunArgs};
use diskmark::commands;
use diskmark::export::{ExportManager, FileOutput, Message, Outputs, Stdout};
use diskmark::report::Report;
use diskmark::{Error, host::HostInfo, progress::ProgressLine, run, target};
use std::io::IsTerminal;
use std::process::ExitCode;

fn main() -> ExitCode {
    commands::guard_std_fds();
    let cli = diskmark::cli::parse();
    let result = match cli.command {
        Some(Command::Engines { format }) => commands::engines(format),
        Some(Command::Targets { format }) => commands::targets(format),
        Some(Command::Compare(args)) => commands::compare(args),
        Some(Command::History(args)) => commands::history(args),
        Some(Command::Tui(args)) => diskmark::tui::run(*args),
        None => benchmark(cli.run),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

fn benchmark(args: RunArgs) -> Result<u8, Error> {
    let (settings, out) = args.into_settings()?;
    let quiet = out.quiet;
    let export = ExportManager::new(outputs(out));
    // The report would go nowhere: refuse before minutes of measuring.
    export.ready()?;
    let target = target::resolve_answering(&settings.target).map_err(run::RunError::from)?;
    let host = HostInfo::current();
    let mut progress = ProgressLine::new(!quiet && std::io::stderr().is_terminal());
    let output = run::run(&settings, &target, &mut |e| progress.update(e))?;
    progress.finish();
    if let Some(path) = &output.kept_file {
        eprintln!("test file kept: {}", path.display());
    }
    let report = Report {
        settings: &settings,
        target: &target,
        host: &host,
        output: &output,
    };
    let delivered = export.deliver(&report);
    let messages = match &delivered {
        Ok(d) => &d.messages,
        Err(u) => &u.delivered.messages,
    };
    for m in messages {
        match m {
            Message::Note(note) => eprintln!("{note}"),
            Message::Failure(e) => eprintln!("error: {e}"),
        }
    }
    if let Err(u) = delivered {
        return Err(u.error.into());
    }
    // A run in which no test completed a single I/O measured nothing: the
    // report says so per test, and the run failed.
    if output.interrupted.is_none() && report.measured_nothing() {
        eprintln!(
            "error: no test completed any I/O in its measure window: nothing was measured (a device that is throttled, stalled or too slow for --measure {} s)",
            settings.measure.as_secs_f64()
        );
        return Ok(1);
    }
    // A signal while the report was being written still ends with its
    // exit code (the report itself is complete).
    Ok(match output.interrupted.or_else(run::signals::received) {
        Some(sig) => 128 + sig as u8,
        None => 0,
    })
}

/// The command line's outputs as the export path takes them.
fn outputs(out: diskmark::cli::OutputOptions) -> Outputs {
    Outputs {
        stdout: if out.stdout {
            Stdout::Report
        } else {
            Stdout::Fallback
        },
        format: out.format,
        files: out
            .files
            .into_iter()
            .map(|(path, format)| FileOutput { path, format })
            .collect(),
        chart: out.chart,
        save: out.save,
        quiet: out.quiet,
    }
}
