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
        }
    }
}

/// A mode beyond the grid as its command runs it (a sustained write, a
/// span map): a prepared plan, every refusal made, that says what it will
/// do and runs in the shell above with a stop token and an observer of the
/// one [`super::Event`] type.
pub trait ModePlan {
    /// The mode's name, as the `--progress jsonl` stream's `mode` line
    /// gives it (`sustained`, `span`).
    const MODE: &'static str;
    /// The mode in a sentence about its result (`a span map`), for
    /// refusing the formats that hold only the grid's rows.
    const WHAT: &'static str;
    /// The run's plan within it: its settings and target.
    fn run_plan(&self) -> &super::RunPlan;
    /// What it will do, said before it starts.
    fn sentence(&self) -> String;
    /// Runs it; the test file is removed whatever happens.
    fn execute(
        &self,
        stop: &super::StopToken,
        observer: &mut dyn FnMut(&super::Event),
    ) -> Result<RunOutput, RunError>;
}
