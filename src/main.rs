//! diskmark's command line: parse, dispatch, report, map errors to exit
//! codes.

use diskmark::cli::{Command, RunArgs};
use diskmark::commands::{self, print};
use diskmark::report::{Format, Report};
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
    // The report would go nowhere: refuse before minutes of measuring
    // (with another output the result is kept, and the failure comes at
    // the end).
    if out.stdout && out.files.is_empty() && out.save.is_none() {
        commands::stdout_open()?;
    }
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
    // stdout gets one report at most: the asked one, or, when a file
    // cannot be written, the results kept there in the asked format. A
    // failure does not stop the other outputs (the results cost minutes
    // to measure); the first is the run's error, later ones are printed.
    let mut failed: Option<Error> = None;
    let mut fail = |e: Error| match &failed {
        None => failed = Some(e),
        Some(_) => eprintln!("error: {e}"),
    };
    let mut on_stdout = out.stdout;
    if on_stdout && let Err(e) = print(&report.render(out.format)) {
        fail(e);
    }
    // Outputs were checked before the run; writing checks again what it
    // opened (diskmark::outputs), so no device is ever written.
    let mut write = |path: &diskmark::outputs::OutputPath, text: String| {
        if let Err(source) = path.write(text.as_bytes()) {
            if !on_stdout {
                on_stdout = true;
                if let Err(e) = print(&report.render(out.format)) {
                    fail(e);
                }
            }
            fail(Error::Output {
                path: path.shown.clone(),
                source,
            });
        }
    };
    for (path, format) in &out.files {
        write(path, report.render(*format));
    }
    if let Some(path) = &out.chart {
        write(path, diskmark::report::chart::run_chart(&report));
    }
    if let Some(db) = &out.save {
        match diskmark::history::save_or_keep(db, &diskmark::report::json::build(&report)) {
            Ok(id) if !out.quiet => eprintln!("saved as run #{id} in {}", db.shown.display()),
            Ok(_) => {}
            Err(e) => fail(e.into()),
        }
    }
    if let Some(e) = failed {
        return Err(e);
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
