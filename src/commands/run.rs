//! `diskmark [OPTIONS] [TARGET]` and `diskmark tui`: options → settings
//! (validated) → target → [`RunPlan`] (every refusal) → run → every
//! output, with the exit code [`super::finish`] gives.

use crate::cli::RunArgs;
use crate::export::ExportManager;
use crate::host::HostInfo;
use crate::progress::display::Display;
use crate::report::Report;
use crate::run::{self, RunPlan, StopToken};
use crate::{Error, target};

/// `diskmark tui`: the options set the starting values, checked as for a
/// run.
pub fn tui(args: RunArgs) -> Result<u8, Error> {
    let fail = |e: crate::tui::TuiError| {
        crate::escape::say(format_args!("error: {e}"));
        Ok(e.exit_code())
    };
    if args.on_hosts() {
        return Err(crate::config::UsageError::new(
            "--host",
            "the terminal interface runs on this machine only; run diskmark --host ... without tui",
        )
        .into());
    }
    if args.progress.is_some() {
        return Err(crate::config::UsageError::new(
            "--progress",
            "the terminal interface shows the run itself; run diskmark without tui",
        )
        .into());
    }
    if let Err(e) = crate::tui::check_terminal() {
        return fail(e);
    }
    let (settings, outputs) = args.into_settings()?;
    let export = ExportManager::new(outputs.into_outputs(true));
    crate::tui::run(settings, export).or_else(fail)
}

/// A run of the grid (or, with `--host`, on many hosts).
pub fn benchmark(args: RunArgs) -> Result<u8, Error> {
    if args.on_hosts() {
        return super::hosts::hosts(args);
    }
    let (settings, mut out) = args.into_settings()?;
    let show = super::finish::show_to(&mut out);
    let export = ExportManager::new(out.into_outputs(false));
    // The report would go nowhere: refuse before minutes of measuring.
    export.ready()?;
    let target = target::resolve_answering(&settings.target).map_err(run::RunError::from)?;
    let plan = RunPlan::prepare(settings, target)?;
    let mut display = super::finish::opened(Display::grid(&show, &plan.estimate()))?;
    let output = run::run(&plan, &StopToken::new(), &mut |e| display.update(e))?;
    display.finish(&output);
    let host = HostInfo::current();
    let report = Report {
        settings: plan.settings(),
        target: plan.target(),
        host: &host,
        output: &output,
    };
    Ok(super::finish::finish(&export, &report))
}
