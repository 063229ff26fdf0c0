//! `diskmark sustained` as the command line runs it: options → settings →
//! target → plan → fill → every output, with a run's exit codes.

use super::fill;
use super::plan::{FillPlan, FillRequest};
use super::progress::FillLine;
use crate::cli::SustainedArgs;
use crate::export::ExportManager;
use crate::host::HostInfo;
use crate::report::Report;
use crate::run::{RunError, StopToken};
use crate::{Error, target};
use std::io::IsTerminal;

/// Runs `diskmark sustained` and returns its exit code: 0 done, 1 when
/// the filesystem filled up or nothing was written, 2 bad usage, 128 + N
/// for signal N (the report of what was sampled is delivered first).
pub fn command(args: SustainedArgs) -> Result<u8, Error> {
    let request = FillRequest {
        size: args.size,
        sample_interval: args.sample_interval,
    };
    let (settings, out) = args.run_args()?.into_settings()?;
    out.refuse_grid_formats("a sustained write")?;
    let quiet = out.quiet;
    let export = ExportManager::new(out.into_outputs(false));
    // The report would go nowhere: refuse before minutes of writing.
    export.ready()?;
    let target = target::resolve_answering(&settings.target).map_err(RunError::from)?;
    let plan = FillPlan::prepare(settings, target, request)?;
    let mut line = FillLine::new(!quiet && std::io::stderr().is_terminal());
    let began = std::time::Instant::now();
    let mut output = fill::run(&plan, &StopToken::new(), &mut |p| line.update(p))?;
    output.elapsed = Some(began.elapsed());
    line.finish();
    let host = HostInfo::current();
    let report = Report {
        settings: plan.run().settings(),
        target: plan.run().target(),
        host: &host,
        output: &output,
    };
    crate::commands::deliver(&export, &report)?;
    let signal = output.interrupted.and_then(|r| r.signal());
    if let Some(sig) = signal.or_else(crate::run::signals::received) {
        return Ok(128 + sig as u8);
    }
    let Some(s) = &output.sustained else {
        return Ok(0);
    };
    if let Some(why) = &s.ended_early {
        crate::escape::say(format_args!("error: {why}"));
        return Ok(1);
    }
    if output.interrupted.is_none() && s.bytes_written == 0 {
        crate::escape::say(format_args!(
            "error: no write completed: nothing was measured (a device that is throttled or stalled)"
        ));
        return Ok(1);
    }
    Ok(0)
}
