//! `diskmark span` as the command line runs it: options → settings →
//! target → plan → map → every output, with the exit code
//! [`super::finish`] gives.

use crate::cli::SpanArgs;
use crate::export::ExportManager;
use crate::host::HostInfo;
use crate::progress::display::Display;
use crate::report::Report;
use crate::run::{RunError, StopToken};
use crate::span::{SpanPlan, SpanRequest, map};
use crate::{Error, target};

/// Runs `diskmark span` and returns its exit code: 0 done, 1 when a read
/// failed or nothing was measured, 2 bad usage, 128 + N for signal N (the
/// report of what was measured is delivered first).
pub fn span(args: SpanArgs) -> Result<u8, Error> {
    let request = SpanRequest {
        samples: args.samples,
        sample_size: args.sample_size,
        access: args.access,
    };
    let (settings, mut out) = args.run_args()?.into_settings()?;
    out.refuse_grid_formats("a span map")?;
    let show = super::finish::show_to(&mut out);
    let export = ExportManager::new(out.into_outputs(false));
    // The report would go nowhere: refuse before minutes of reading.
    export.ready()?;
    let target = target::resolve_answering(&settings.target).map_err(RunError::from)?;
    let plan = SpanPlan::prepare(settings, target, request)?;
    let mut display = super::finish::opened(Display::mode(&show, "span", plan.sentence()))?;
    let began = std::time::Instant::now();
    let mut output = map::run(&plan, &StopToken::new(), &mut |e| display.update(e))?;
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
