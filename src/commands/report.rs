//! `diskmark report FILE.json`: a saved result read back (the sentences
//! `compare` says for a file that is not one), its outputs checked as a
//! run's, and delivered through the one output path
//! ([`crate::export::ExportManager::redraw`]).

use crate::Error;
use crate::cli::ReportArgs;
use crate::export::ExportManager;

/// Redraws a saved result and returns the exit code: 0 done, 1 when an
/// output could not be written, 2 bad usage (a file that is not a
/// diskmark result, an output that may not be written).
pub fn report(args: ReportArgs) -> Result<u8, Error> {
    let out = args.outputs()?;
    let run = crate::compare::read_result(&args.input, &crate::inputs::RESULT)?;
    if run.tests.is_empty() {
        // A span map or a sustained write: no grid rows for the tables.
        out.refuse_grid_formats(mode_words(&run))?;
    }
    let export = ExportManager::new(out.into_outputs(false));
    export.ready()?;
    Ok(super::finish::said(&export.redraw(&run)))
}

/// The result in a few words, for refusing the formats it has no rows for.
fn mode_words(run: &crate::report::model::Run) -> &'static str {
    match (&run.span, &run.sustained) {
        (Some(_), _) => "a span map",
        (_, Some(_)) => "a sustained write",
        _ => "a result without tests",
    }
}
