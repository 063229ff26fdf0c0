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
