//! How a delivered run ends, for every mode (the grid, `--qos`, a
//! sustained write, a span map, many hosts) and every front-end (the CLI,
//! the TUI, the window): what to tell the user, and the exit code. The one
//! home of the exit-code policy (docs/report.md#exit-codes): 0 done, 1
//! when an output failed or nothing was measured, 128 + N after signal N.

use super::{ExportManager, Message};
use crate::report::Report;

/// One thing a delivery tells the user, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// Information (`saved as run #3 in …`, `test file kept: …`).
    Note(String),
    /// A failure (an output, or a run that measured nothing).
    Error(String),
}

/// A delivered run's end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// What to tell the user, in the order it happened.
    pub said: Vec<Said>,
    /// The exit code the run earned.
    pub code: u8,
    /// Whether standard output got the report.
    pub on_stdout: bool,
    /// The outputs written, as the user named them (`-o`, `--chart`,
    /// `--card`, not the history), when all of them were.
    pub written: Vec<std::path::PathBuf>,
}

impl ExportManager {
    /// Delivers `report` to every output asked for, then judges the run:
    /// the one function each front-end ends a run with.
    pub fn finish(&self, report: &Report<'_>) -> Outcome {
        let mut said = Vec::new();
        if let Some(path) = &report.output.kept_file {
            said.push(Said::Note(format!(
                "test file kept: {}",
                crate::escape::path(path)
            )));
        }
        let verdict = verdict(report);
        self.outcome(said, self.deliver(report), verdict)
    }

    /// Delivers a result read back (`diskmark report`, the window's
    /// opened result) to every output asked for: 0, or 1 when an output
    /// failed (said last). Nothing is judged again: the file says how its
    /// run went.
    pub fn redraw(&self, run: &crate::report::model::Run) -> Outcome {
        let done = Verdict {
            code: 0,
            failure: None,
        };
        self.outcome(Vec::new(), self.deliver_model(run), done)
    }

    /// What a delivery and its verdict come to.
    fn outcome(
        &self,
        mut said: Vec<Said>,
        result: Result<super::Delivered, super::Undelivered>,
        verdict: Verdict,
    ) -> Outcome {
        let (delivered, failed) = match result {
            Ok(d) => (d, None),
            Err(u) => (u.delivered, Some(u.error)),
        };
        for m in delivered.messages {
            said.push(match m {
                Message::Note(n) => Said::Note(n),
                Message::Failure(e) => Said::Error(e.to_string()),
            });
        }
        // An output that failed is said last and is the run's failure (the
        // results were kept where they could be).
        let (failure, code) = match &failed {
            Some(e) => (Some(e.to_string()), verdict.code.max(1)),
            None => (verdict.failure, verdict.code),
        };
        said.extend(failure.map(Said::Error));
        Outcome {
            written: match failed {
                None => self.outputs.written(),
                Some(_) => Vec::new(),
            },
            said,
            code,
            on_stdout: delivered.on_stdout,
        }
    }
}

impl Outcome {
    /// The file names written (not their directories), for a one-line
    /// message.
    pub fn written_names(&self) -> Vec<String> {
        (self.written.iter())
            .map(|p| p.file_name().unwrap_or(p.as_os_str()))
            .map(|n| n.to_string_lossy().into_owned())
            .collect()
    }

    /// What an interface says of the delivery in its one message line:
    /// `written: r.json, card.svg; saved as run #3 in …`, errors as
    /// `error: …`; `None` when there is nothing to say.
    pub fn line(&self) -> Option<String> {
        let names = self.written_names();
        let written = (!names.is_empty()).then(|| format!("written: {}", names.join(", ")));
        let said = self.said.iter().map(|s| match s {
            Said::Note(n) => n.clone(),
            Said::Error(e) => format!("error: {e}"),
        });
        let all: Vec<String> = written.into_iter().chain(said).collect();
        (!all.is_empty()).then(|| all.join("; "))
    }
}

impl super::Outputs {
    /// The files asked for, as named: `-o`, `--chart`, `--card`.
    pub fn written(&self) -> Vec<std::path::PathBuf> {
        (self.files.iter().map(|f| &f.path))
            .chain(&self.chart)
            .chain(&self.card)
            .map(|p| p.shown.clone())
            .collect()
    }

    /// Whether anything but standard output was asked for: a file, an
    /// image or the history.
    pub fn any_beside_stdout(&self) -> bool {
        !self.written().is_empty() || self.save.is_some()
    }
}

/// A run judged: its exit code, and why it failed when it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// 0, 1, or 128 + N.
    pub code: u8,
    /// The sentence of a failure (without `error: `).
    pub failure: Option<String>,
}

/// The exit code `report`'s run earned, whatever its mode: a signal's
/// 128 + N first (the report of what was measured is complete), then 1
/// when it ended early or measured nothing.
pub fn verdict(report: &Report<'_>) -> Verdict {
    let output = report.output;
    let signal = output.interrupted.and_then(|r| r.signal());
    if let Some(sig) = signal.or_else(crate::run::signals::received) {
        return Verdict {
            code: 128 + sig as u8,
            failure: None,
        };
    }
    let failure = failure(report);
    Verdict {
        code: u8::from(failure.is_some()),
        failure,
    }
}

/// Why a run that was not stopped by a signal failed, if it did.
fn failure(report: &Report<'_>) -> Option<String> {
    let output = report.output;
    let stopped = output.interrupted.is_some();
    if let Some(s) = &output.sustained {
        return match &s.ended_early {
            Some(why) => Some(why.clone()),
            None => (!stopped && s.bytes_written == 0).then(|| {
                "no write completed: nothing was measured (a device that is throttled or stalled)"
                    .to_string()
            }),
        };
    }
    if let Some(s) = &output.span {
        return match &s.ended_early {
            Some(why) => Some(why.clone()),
            None => (!stopped && s.samples.is_empty())
                .then(|| "no sample completed: nothing was measured".to_string()),
        };
    }
    if stopped || !report.measured_nothing() {
        return None;
    }
    Some(match output.tests.iter().any(|t| !t.hosts.is_empty()) {
        true => "no test completed any I/O on any host: nothing was measured".to_string(),
        false => format!(
            "no test completed any I/O in its measure window: nothing was measured (a device that is throttled, stalled or too slow for --measure {} s)",
            report.settings.measure.as_secs_f64()
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;
    use crate::run::{RunOutput, StopReason};

    fn judged(output: &RunOutput) -> Verdict {
        let (settings, target, host) = (fixtures::settings(), fixtures::target(), fixtures::host());
        verdict(&Report {
            settings: &settings,
            target: &target,
            host: &host,
            output,
        })
    }

    #[test]
    fn one_policy_for_every_mode() {
        let settings = fixtures::settings();
        let measured = fixtures::output(&settings);
        assert_eq!(judged(&measured).code, 0);
        // A grid whose tests completed no I/O measured nothing.
        let mut nothing = measured.clone();
        for t in &mut nothing.tests {
            for l in &mut t.loops {
                *l = crate::stats::LoopResult::empty(l.window_ns);
            }
        }
        let v = judged(&nothing);
        assert_eq!(v.code, 1);
        assert!(v.failure.unwrap().contains("nothing was measured"));
        // Stopped by the user: what finished is the report, exit 0; by
        // SIGTERM, 128 + 15.
        nothing.interrupted = Some(StopReason::User);
        assert_eq!(
            judged(&nothing),
            Verdict {
                code: 0,
                failure: None
            }
        );
        nothing.interrupted = Some(StopReason::Signal(15));
        assert_eq!(judged(&nothing).code, 143);
    }
}
