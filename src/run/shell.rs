//! What every mode's run does around its measuring (the grid, `--qos`, a
//! sustained write, a span map, many hosts): the signal handlers and the
//! quiet worker-panic hook installed once, and the empty [`RunOutput`]
//! it fills. One home, so that no mode forgets a part of it
//! (docs/architecture.md#events-and-stopping).

use super::output::{RunOutput, TestFileInfo};
use super::{RunError, signals, worker};

/// Enters a run: SIGINT, SIGTERM and SIGHUP set the run's stop (exit
/// 128 + N), and a worker's panic becomes the run's one-sentence error.
pub fn enter() -> Result<(), RunError> {
    signals::install().map_err(|source| RunError::Os {
        what: "installing signal handlers",
        source,
    })?;
    worker::quiet_worker_panics();
    Ok(())
}

impl RunOutput {
    /// A run that starts now with `notes` (the plan's) and nothing
    /// measured yet.
    pub fn begin(notes: Vec<String>) -> RunOutput {
        RunOutput {
            started: chrono::Local::now(),
            tests: Vec::new(),
            notes,
            interrupted: None,
            kept_file: None,
            test_file: TestFileInfo::default(),
            qos: None,
            sustained: None,
            span: None,
            elapsed: None,
            engine: None,
        }
    }
}

/// A mode's prepared plan (the grid, a sustained write, a span map, many
/// hosts), every refusal made: it says what it will do and runs in the
/// shell above with a stop token and an observer of the one
/// [`super::Event`] type. `crate::modes::Plan` holds any of them.
pub trait ModePlan {
    /// The mode's name, as the `--progress jsonl` stream's `mode` line
    /// gives it (`grid`, `sustained`, `span`, `hosts`).
    const MODE: &'static str;
    /// The mode in a sentence about its result (`a span map`), for
    /// refusing the formats that hold only the grid's rows.
    const WHAT: &'static str;
    /// Whether its report has the grid's rows (CSV, Markdown and
    /// OpenMetrics hold only those).
    const GRID_ROWS: bool;
    /// Why it may fail.
    type Error;
    /// What was asked, validated.
    fn settings(&self) -> &crate::config::Settings;
    /// Where it runs (for many hosts, the remote directory).
    fn target(&self) -> &crate::target::TargetInfo;
    /// What the notes will say that is known before it starts.
    fn notes(&self) -> Vec<String>;
    /// What it will do, said before it starts.
    fn sentence(&self) -> String;
    /// Runs it; the test file is removed whatever happens.
    fn execute(
        &self,
        stop: &super::StopToken,
        observer: &mut dyn FnMut(&super::Event),
    ) -> Result<RunOutput, Self::Error>;
}

/// `notes` and the target's caveats that need nothing from the run
/// (memory, network, ZFS, encryption), worded as the report words them:
/// what a front-end shows before the run starts.
pub fn with_caveats(mut notes: Vec<String>, target: &crate::target::TargetInfo) -> Vec<String> {
    for n in (target.caveats.iter()).filter_map(crate::target::caveats::note) {
        if !notes.contains(&n) {
            notes.push(n);
        }
    }
    notes
}
