//! diskmark's command line: parse, dispatch, report, map errors to exit
//! codes.

use clap::Parser;
use diskmark::cli::{Cli, Command, RunArgs};
use diskmark::commands::{self, print};
use diskmark::report::{Format, Report};
use diskmark::{Error, host::HostInfo, progress::ProgressLine, run, target};
use std::io::IsTerminal;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
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
    let target = target::resolve_answering(&settings.target).map_err(run::RunError::from)?;
    let host = HostInfo::current();
    let mut progress = ProgressLine::new(!out.quiet && std::io::stderr().is_terminal());
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
    if out.files.is_empty() {
        print(&report.render(out.format));
    }
    let write = |path: &std::path::PathBuf, text: String| {
        std::fs::write(path, text).map_err(|source| {
            // Keep the results: they cost minutes to measure.
            print(&report.render(Format::Text));
            Error::Output {
                path: path.clone(),
                source,
            }
        })
    };
    for (path, format) in &out.files {
        write(path, report.render(*format))?;
    }
    if let Some(path) = &out.chart {
        write(path, diskmark::report::chart::run_chart(&report))?;
    }
    if let Some(db) = &out.save {
        let id = diskmark::history::save_or_keep(db, &report.render(Format::Json))?;
        if !out.quiet {
            eprintln!("saved as run #{id} in {}", db.display());
        }
    }
    // A signal while the report was being written still ends with its
    // exit code (the report itself is complete).
    Ok(match output.interrupted.or_else(run::signals::received) {
        Some(sig) => 128 + sig as u8,
        None => 0,
    })
}
