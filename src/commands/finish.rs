//! The end every command shares: the progress display opened from
//! `--quiet` and `--progress`, and the delivery with its exit code.

use crate::Error;
use crate::config::Settings;
use crate::config::UsageError;
use crate::export::ExportManager;
use crate::export::outcome::Said;
use crate::host::HostInfo;
use crate::modes::{Plan, Request};
use crate::progress::display::{Display, ShowTo};
use crate::report::Report;
use crate::run::StopToken;

/// Delivers `report` to every output `export` owns, says on stderr what
/// happened on the way, and returns the exit code the run earned
/// ([`ExportManager::finish`]: the one policy of every mode). The end of a
/// run, a span map, a sustained write and a run on many hosts.
pub fn finish(export: &ExportManager, report: &Report<'_>) -> u8 {
    said(&export.finish(report))
}

/// Says on stderr what `outcome` says, and gives its exit code.
pub(super) fn said(outcome: &crate::export::outcome::Outcome) -> u8 {
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
        wire: out.host_agent,
    }
}

/// The progress display opened: a stream file that cannot be written is
/// refused as `--progress`.
pub(super) fn opened(display: std::io::Result<Display>) -> Result<Display, Error> {
    display.map_err(|e| UsageError::new("--progress", format!("cannot write it: {e}")).into())
}

/// A run of any mode from its command line to its exit code: the formats
/// that hold only the grid's rows refused for a mode without them, the
/// outputs checked, the plan [`Plan::prepare`] makes (the target resolved
/// within its deadline, every refusal), the run with its progress, and
/// [`finish`].
pub(super) fn mode(
    (settings, mut out): (Settings, crate::cli::OutputOptions),
    request: Request,
) -> Result<u8, Error> {
    let info = request.info();
    if !info.grid_rows {
        out.refuse_grid_formats(info.what)?;
    }
    let show = show_to(&mut out);
    let export = ExportManager::new(out.into_outputs(false));
    // The report would go nowhere: refuse before minutes of measuring.
    export.ready()?;
    let plan = Plan::prepare(settings, request)?;
    let mut display = opened(Display::of(&show, &plan))?;
    let mut stop = StopToken::new();
    if show.wire {
        // A host agent killed outright (its host's OOM killer, kill -9)
        // runs no clean-up: its guardian removes its file
        // (docs/hosts.md#the-host-agent).
        crate::run::guard::start().map_err(|e| crate::run::RunError::Create {
            path: plan.settings().target.clone(),
            source: std::io::Error::other(format!(
                "cannot start the guardian that would remove it if this host agent were killed: {e}"
            )),
        })?;
        let agent = crate::progress::agent::Agent::start(&stop);
        stop = stop.with_barrier(std::sync::Arc::new(agent));
    }
    let output = plan.execute(&stop, &mut |e| display.update(e))?;
    display.finish(&output);
    let host = HostInfo::current();
    let report = Report {
        settings: plan.settings(),
        target: plan.target(),
        host: &host,
        output: &output,
    };
    Ok(finish(&export, &report))
}
