//! `diskmark span` as the command line runs it: options → settings →
//! target → plan → map → every output, with a run's exit codes.

use super::map;
use super::plan::{SpanPlan, SpanRequest};
use super::progress::SpanLine;
use crate::cli::SpanArgs;
use crate::export::ExportManager;
use crate::host::HostInfo;
use crate::report::Report;
use crate::run::{RunError, StopToken};
use crate::{Error, target};
use std::io::IsTerminal;

/// Runs `diskmark span` and returns its exit code: 0 done, 1 when a read
/// failed or nothing was measured, 2 bad usage, 128 + N for signal N (the
/// report of what was measured is delivered first).
pub fn command(args: SpanArgs) -> Result<u8, Error> {
    let request = SpanRequest {
        samples: args.samples,
        sample_size: args.sample_size,
        access: args.access,
    };
    let (settings, out) = args.run_args()?.into_settings()?;
    out.refuse_grid_formats("a span map")?;
    let quiet = out.quiet;
    let export = ExportManager::new(out.into_outputs(false));
    // The report would go nowhere: refuse before minutes of reading.
    export.ready()?;
    let target = target::resolve_answering(&settings.target).map_err(RunError::from)?;
    let plan = SpanPlan::prepare(settings, target, request)?;
    let mut line = SpanLine::new(!quiet && std::io::stderr().is_terminal());
    let began = std::time::Instant::now();
    let mut output = map::run(&plan, &StopToken::new(), &mut |p| line.update(p))?;
    output.elapsed = Some(began.elapsed());
    line.finish();
    let output = &output;
    let host = HostInfo::current();
    let report = Report {
        settings: plan.run().settings(),
        target: plan.run().target(),
        host: &host,
        output,
    };
    crate::commands::deliver(&export, &report)?;
    let signal = output.interrupted.and_then(|r| r.signal());
    if let Some(sig) = signal.or_else(crate::run::signals::received) {
        return Ok(128 + sig as u8);
    }
    if let Some(why) = output.span.as_ref().and_then(|s| s.ended_early.as_ref()) {
        crate::escape::say(format_args!("error: {why}"));
        return Ok(1);
    }
    let measured = output.span.as_ref().is_some_and(|s| !s.samples.is_empty());
    if output.interrupted.is_none() && !measured {
        crate::escape::say(format_args!(
            "error: no sample completed: nothing was measured"
        ));
        return Ok(1);
    }
    Ok(0)
}
