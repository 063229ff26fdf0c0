//! `diskmark sustained` as the command line runs it: options → settings →
//! target → plan → fill → every output, with the exit code
//! [`super::finish`] gives.

use crate::cli::SustainedArgs;
use crate::export::ExportManager;
use crate::host::HostInfo;
use crate::progress::display::Display;
use crate::report::Report;
use crate::run::{RunError, StopToken};
use crate::sustained::{FillPlan, FillRequest, fill};
use crate::{Error, target};

/// Runs `diskmark sustained` and returns its exit code: 0 done, 1 when
/// the filesystem filled up or nothing was written, 2 bad usage, 128 + N
/// for signal N (the report of what was sampled is delivered first).
pub fn sustained(args: SustainedArgs) -> Result<u8, Error> {
    let request = FillRequest {
        size: args.size,
        sample_interval: args.sample_interval,
    };
    let (settings, mut out) = args.run_args()?.into_settings()?;
    out.refuse_grid_formats("a sustained write")?;
    let show = super::finish::show_to(&mut out);
    let export = ExportManager::new(out.into_outputs(false));
    // The report would go nowhere: refuse before minutes of writing.
    export.ready()?;
    let target = target::resolve_answering(&settings.target).map_err(RunError::from)?;
    let plan = FillPlan::prepare(settings, target, request)?;
    let mut display = super::finish::opened(Display::mode(&show, "sustained", plan.sentence()))?;
    let began = std::time::Instant::now();
    let mut output = fill::run(&plan, &StopToken::new(), &mut |e| display.update(e))?;
    output.elapsed = Some(began.elapsed());
    display.finish(&output);
    let host = HostInfo::current();
    let report = Report {
        settings: plan.run().settings(),
        target: plan.run().target(),
        host: &host,
        output: &output,
    };
    Ok(super::finish::finish(&export, &report))
}
