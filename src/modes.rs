//! Every mode as one plan of the one run API (docs/architecture.md#modes):
//! what a front-end asks ([`Request`]), the plan [`Plan::prepare`] makes
//! of it (the target resolved within its deadline, every refusal made,
//! nothing created), and its run in the shell of `run::shell`, telling
//! the one [`Event`] type. The CLI, the TUI and the window all start a
//! run here, whatever its mode.

use crate::config::{Choices, Settings};
use crate::hosts::{HostsError, HostsPlan, HostsRequest};
use crate::run::shell::ModePlan;
use crate::run::{Event, RunError, RunOutput, RunPlan, StopToken};
use crate::span::{SpanAsk, SpanAskError, SpanPlan, SpanRequest};
use crate::sustained::{FillAsk, FillAskError, FillPlan, FillRequest};
use crate::target::TargetInfo;

/// What a run is asked to do beyond its settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// The grid (and `--qos` after it, which the settings ask).
    Grid,
    /// A sustained write (`diskmark sustained`).
    Sustained(FillRequest),
    /// A span map (`diskmark span`).
    Span(SpanRequest),
    /// The grid on many hosts (`--host`).
    Hosts(HostsRequest),
}

/// The facts of a mode, its plan's [`ModePlan`] constants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModeInfo {
    /// Its name in the `--progress jsonl` stream (`span`).
    pub name: &'static str,
    /// Its result in a sentence (`a span map`).
    pub what: &'static str,
    /// Whether its report has the grid's rows.
    pub grid_rows: bool,
}

fn info<P: ModePlan>() -> ModeInfo {
    ModeInfo {
        name: P::MODE,
        what: P::WHAT,
        grid_rows: P::GRID_ROWS,
    }
}

impl Request {
    /// What the mode is, known before anything is prepared (to refuse
    /// the formats that hold only the grid's rows first).
    pub fn info(&self) -> ModeInfo {
        match self {
            Request::Grid => info::<RunPlan>(),
            Request::Sustained(_) => info::<FillPlan>(),
            Request::Span(_) => info::<SpanPlan>(),
            Request::Hosts(_) => info::<HostsPlan>(),
        }
    }
}

/// What a front-end starts: the validated settings and the mode's
/// request, for [`Plan::prepare`] or `front::RunHandle::start`.
#[derive(Debug, Clone, PartialEq)]
pub struct Asked {
    /// The run's settings, shaped for the mode.
    pub settings: Settings,
    /// The mode.
    pub request: Request,
}

impl Asked {
    /// A sustained write from a front-end's current `choices`, as `ask`
    /// says (`FillAsk::default()`: `diskmark sustained`'s defaults).
    pub fn sustained(choices: &Choices, ask: &FillAsk) -> Result<Asked, FillAskError> {
        let (settings, request) = ask.settings(choices)?;
        Ok(Asked {
            settings,
            request: Request::Sustained(request),
        })
    }

    /// A span map from a front-end's current `choices`, as `ask` says
    /// (`SpanAsk::default()`: `diskmark span`'s defaults).
    pub fn span(choices: &Choices, ask: &SpanAsk) -> Result<Asked, SpanAskError> {
        let (settings, request) = ask.settings(choices)?;
        Ok(Asked {
            settings,
            request: Request::Span(request),
        })
    }

    /// Latency under load on its own (the window's page,
    /// docs/measurement.md#latency-under-load): the reads it measures as
    /// the grid's one test, read only, one loop, then `--qos`; the rest
    /// of `choices` (target, engine, size, times) as they are.
    pub fn qos(choices: &Choices) -> Result<Asked, crate::config::UsageError> {
        let mut c = choices.clone();
        c.tests = vec![crate::run::qos::READS];
        c.profile = crate::workload::Profile::Custom;
        c.mode = crate::workload::Mode::Read;
        c.mix = false;
        c.loops = 1;
        c.steady = None;
        c.qos = true;
        Ok(Asked {
            settings: Settings::validate(c)?,
            request: Request::Grid,
        })
    }
}

/// Why a mode could not be prepared or run.
#[derive(Debug, thiserror::Error)]
pub enum ModeError {
    /// On this machine.
    #[error(transparent)]
    Run(#[from] RunError),
    /// On many hosts.
    #[error(transparent)]
    Hosts(#[from] HostsError),
}

/// A run of any mode, ready to start.
#[derive(Debug, Clone)]
pub enum Plan {
    /// The grid.
    Grid(RunPlan),
    /// A sustained write.
    Sustained(FillPlan),
    /// A span map.
    Span(SpanPlan),
    /// The grid on many hosts.
    Hosts(HostsPlan),
}

/// Calls `$f` on the plan inside, whatever its mode.
macro_rules! each {
    ($plan:expr, $p:ident => $f:expr) => {
        match $plan {
            Plan::Grid($p) => $f,
            Plan::Sustained($p) => $f,
            Plan::Span($p) => $f,
            Plan::Hosts($p) => $f,
        }
    };
}

impl Plan {
    /// Plans `request` with `settings`: a local mode resolves its target
    /// within its deadline first (a dead mount is one sentence, not a
    /// hang), then its plan makes every refusal before anything is
    /// created.
    pub fn prepare(settings: Settings, request: Request) -> Result<Plan, ModeError> {
        let resolve = |s: &Settings| crate::target::resolve_answering(&s.target);
        Ok(match request {
            Request::Grid => {
                let target = resolve(&settings).map_err(RunError::from)?;
                Plan::Grid(RunPlan::prepare(settings, target)?)
            }
            Request::Sustained(r) => {
                let target = resolve(&settings).map_err(RunError::from)?;
                Plan::Sustained(FillPlan::prepare(settings, target, r)?)
            }
            Request::Span(r) => {
                let target = resolve(&settings).map_err(RunError::from)?;
                Plan::Span(SpanPlan::prepare(settings, target, r)?)
            }
            Request::Hosts(r) => Plan::Hosts(HostsPlan::prepare(settings, r)?),
        })
    }

    /// The mode's facts.
    pub fn info(&self) -> ModeInfo {
        each!(self, p => info_of(p))
    }

    /// What was asked, validated.
    pub fn settings(&self) -> &Settings {
        each!(self, p => ModePlan::settings(p))
    }

    /// Where it runs.
    pub fn target(&self) -> &TargetInfo {
        each!(self, p => ModePlan::target(p))
    }

    /// What the notes will say that is known before it starts.
    pub fn notes(&self) -> Vec<String> {
        each!(self, p => ModePlan::notes(p))
    }

    /// What it will do, said before it starts.
    pub fn sentence(&self) -> String {
        each!(self, p => ModePlan::sentence(p))
    }

    /// Runs it, telling `observer` every event; the test file is removed
    /// whatever happens, and the output says how long it took.
    pub fn execute(
        &self,
        stop: &StopToken,
        observer: &mut dyn FnMut(&Event),
    ) -> Result<RunOutput, ModeError> {
        let began = std::time::Instant::now();
        let mut output = each!(self, p => ModePlan::execute(p, stop, observer)?);
        output.elapsed.get_or_insert(began.elapsed());
        Ok(output)
    }
}

fn info_of<P: ModePlan>(_: &P) -> ModeInfo {
    info::<P>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::Backend;
    use crate::engine::EngineKind;
    use crate::workload::Mode;

    fn choices() -> Choices {
        let mut c = Choices::defaults("/var/tmp".into());
        c.engine = Backend::Native(EngineKind::Psync);
        c
    }

    #[test]
    fn a_front_end_asks_each_mode_from_its_choices() {
        let fill = Asked::sustained(&choices(), &FillAsk::default()).unwrap();
        assert_eq!(fill.settings.mode, Mode::Write);
        assert_eq!(fill.request.info().name, "sustained");
        assert!(matches!(fill.request, Request::Sustained(r) if r.size.is_none()));
        let span = Asked::span(&choices(), &SpanAsk::default()).unwrap();
        assert_eq!(span.settings.mode, Mode::Read);
        assert!(matches!(span.request, Request::Span(r) if r.samples == 200));
        let bad = FillAsk {
            size: Some(1),
            ..FillAsk::default()
        };
        assert!(matches!(
            Asked::sustained(&choices(), &bad),
            Err(FillAskError::TooSmall(1))
        ));
        let qos = Asked::qos(&choices()).unwrap();
        assert!(qos.settings.qos && qos.settings.tests == [crate::run::qos::READS]);
        assert_eq!((qos.settings.mode, qos.settings.loops), (Mode::Read, 1));
    }
}
