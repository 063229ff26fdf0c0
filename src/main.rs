//! diskmark's command line: parse, run, report, map errors to exit codes.

use clap::Parser;
use diskmark::cli::Cli;
use diskmark::report::Report;
use diskmark::{Error, host::HostInfo, progress::ProgressLine, run, target};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match benchmark(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

fn benchmark(cli: Cli) -> Result<ExitCode, Error> {
    let (settings, out) = cli.into_settings()?;
    let target = target::resolve(&settings.target).map_err(run::RunError::from)?;
    let host = HostInfo::current();
    let mut progress = ProgressLine::new(!out.quiet && std::io::stderr().is_terminal());
    let output = run::run(&settings, &target, &mut |e| progress.update(e))?;
    progress.finish();
    let report = Report {
        settings: &settings,
        target: &target,
        host: &host,
        output: &output,
    };
    let text = report.render(out.format);
    match &out.file {
        Some(path) => std::fs::write(path, &text).map_err(|source| {
            // Keep the results: they cost minutes to measure.
            print!("{}", report.render(diskmark::report::Format::Text));
            Error::Output {
                path: path.clone(),
                source,
            }
        })?,
        None => {
            let mut stdout = std::io::stdout().lock();
            // A closed pipe (`| head`) is not an error worth a message.
            let _ = stdout
                .write_all(text.as_bytes())
                .and_then(|_| stdout.flush());
        }
    }
    Ok(match output.interrupted {
        Some(sig) => ExitCode::from(128 + sig as u8),
        None => ExitCode::SUCCESS,
    })
}
