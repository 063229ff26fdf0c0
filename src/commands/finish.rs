//! The end every command shares: the progress display opened from
//! `--quiet` and `--progress`, and the delivery with its exit code.

use crate::Error;
use crate::config::UsageError;
use crate::export::ExportManager;
use crate::export::outcome::Said;
use crate::progress::display::{Display, ShowTo};
use crate::report::Report;

/// Delivers `report` to every output `export` owns, says on stderr what
/// happened on the way, and returns the exit code the run earned
/// ([`ExportManager::finish`]: the one policy of every mode). The end of a
/// run, a span map, a sustained write and a run on many hosts.
pub fn finish(export: &ExportManager, report: &Report<'_>) -> u8 {
    let outcome = export.finish(report);
    for s in &outcome.said {
        match s {
            Said::Note(note) => crate::escape::say(format_args!("{note}")),
            Said::Error(e) => crate::escape::say(format_args!("error: {e}")),
        }
    }
    outcome.code
}

/// `--quiet` and `--progress` as the outputs hold them (taken out: the
/// outputs then name only what the report goes to).
pub(super) fn show_to(out: &mut crate::cli::OutputOptions) -> ShowTo {
    ShowTo {
        quiet: out.quiet,
        stream: out.progress.take(),
    }
}

/// The progress display opened: a stream file that cannot be written is
/// refused as `--progress`.
pub(super) fn opened(display: std::io::Result<Display>) -> Result<Display, Error> {
    display.map_err(|e| UsageError::new("--progress", format!("cannot write it: {e}")).into())
}
