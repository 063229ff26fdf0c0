//! diskmark's command line: parse, run, report, map errors to exit codes.

use clap::Parser;
use diskmark::cli::{Cli, Command, ListFormat, RunArgs};
use diskmark::engine::probe::{default_engine, probe_all};
use diskmark::report::{Format, Report, engines};
use diskmark::{Error, host::HostInfo, progress::ProgressLine, run, target};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Engines { format }) => list_engines(format),
        Some(Command::Tui(args)) => diskmark::tui::run(*args).map(ExitCode::from),
        Some(Command::Targets { format }) => {
            let targets = diskmark::target::list();
            print(&match format {
                ListFormat::Text => diskmark::report::targets::render_text(&targets),
                ListFormat::Json => diskmark::report::targets::render_json(&targets),
            });
            Ok(ExitCode::SUCCESS)
        }
        None => benchmark(cli.run),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// Writes `text` to stdout; a closed pipe (`| head`) is not worth a message.
fn print(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush());
}

fn list_engines(format: ListFormat) -> Result<ExitCode, Error> {
    let probes = probe_all();
    let default = default_engine();
    print(&match format {
        ListFormat::Text => engines::render_text(&probes, default),
        ListFormat::Json => engines::render_json(&probes, default),
    });
    Ok(ExitCode::SUCCESS)
}

fn benchmark(args: RunArgs) -> Result<ExitCode, Error> {
    let (settings, out) = args.into_settings()?;
    let target = target::resolve(&settings.target).map_err(run::RunError::from)?;
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
    for (path, format) in &out.files {
        std::fs::write(path, report.render(*format)).map_err(|source| {
            // Keep the results: they cost minutes to measure.
            print(&report.render(Format::Text));
            Error::Output {
                path: path.clone(),
                source,
            }
        })?;
    }
    // A signal while the report was being written still ends with its
    // exit code (the report itself is complete).
    Ok(match output.interrupted.or_else(run::signals::received) {
        Some(sig) => ExitCode::from(128 + sig as u8),
        None => ExitCode::SUCCESS,
    })
}
