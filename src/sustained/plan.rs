//! A sustained write ready to start: the run's own plan (every refusal of
//! a write test made there), the bytes to write, and every refusal of its
//! own — before any file exists.

use super::sizing::{Space, bytes_to_write};
use crate::config::Settings;
use crate::run::{RunError, RunPlan};
use crate::target::TargetInfo;
use std::time::Duration;

/// What a sustained write asks besides the run's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FillRequest {
    /// An explicit `--size`; `None` for the default (up to the margin).
    pub size: Option<u64>,
    /// Time between two samples.
    pub sample_interval: Duration,
}

/// A sustained write that may start.
#[derive(Debug, Clone)]
pub struct FillPlan {
    run: RunPlan,
    notes: Vec<String>,
    bytes: u64,
    margin: u64,
    sample_interval: Duration,
}

/// The space of the filesystem at `dir` now.
fn space(dir: &std::path::Path) -> Result<Space, RunError> {
    Space::of(dir).map_err(|source| RunError::Os {
        what: "reading the filesystem's free space",
        source,
    })
}

impl FillPlan {
    /// Plans the write: the one test of `settings` (planned for the
    /// engine as a run's), a directory target, a native engine that does
    /// I/O, and the bytes the margin allows. Stale test files are removed
    /// first, as a run does, so that their space counts.
    pub fn prepare(
        settings: Settings,
        target: TargetInfo,
        request: FillRequest,
    ) -> Result<FillPlan, RunError> {
        if target.is_device() {
            return Err(RunError::Refused(format!(
                "{} is a block device, and a sustained write writes a test file: give a directory on the filesystem to test",
                crate::escape::path(&target.path)
            )));
        }
        match settings.engine.native() {
            None => {
                return Err(RunError::Refused(
                    "a sustained write runs on diskmark's own engines, not through fio: drop --engine fio:… or give a native engine".into(),
                ));
            }
            Some(_) if !settings.engine.does_io() => {
                return Err(RunError::Refused(
                    "the null engine writes nothing, and a sustained write measures what the drive writes: choose another --engine".into(),
                ));
            }
            Some(_) => {}
        }
        let block = (settings.tests.first())
            .ok_or_else(|| RunError::Refused("a sustained write needs one --test".into()))?
            .block_size;
        // An explicit size past the margin is refused as asked, before the
        // run's own free-space check words it otherwise.
        if let Some(size) = request.size {
            bytes_to_write(space(&target.path)?, request.size, block).map_err(RunError::Refused)?;
            crate::run::fsize::check(size, super::sizing::MIN_EXPLICIT)?;
        }
        // The run's refusals, and the stale test files removed (they hold
        // free space): the size is decided after.
        let first = RunPlan::prepare(settings.clone(), target.clone())?;
        let now = space(&target.path)?;
        let bytes = bytes_to_write(now, request.size, block).map_err(RunError::Refused)?;
        // The default size too must fit under RLIMIT_FSIZE.
        crate::run::fsize::check(bytes, super::sizing::MIN_EXPLICIT)?;
        // The settings say the size written (within a run's range).
        let mut choices = (*settings).clone();
        choices.size = bytes.clamp(crate::config::MIN_SIZE, crate::config::MAX_SIZE);
        let settings = Settings::validate(choices).map_err(|e| RunError::Refused(e.to_string()))?;
        let run = RunPlan::prepare(settings, target)?;
        Ok(FillPlan {
            run,
            notes: first.notes().to_vec(),
            bytes,
            margin: now.margin(),
            sample_interval: request.sample_interval,
        })
    }

    /// What the preparation noted (stale test files removed, caveats).
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// The run's plan: settings, target, the planned test.
    pub fn run(&self) -> &RunPlan {
        &self.run
    }

    /// Bytes to write.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Free space the fill keeps, bytes (held while it runs, see
    /// [`super::margin`]).
    pub fn margin(&self) -> u64 {
        self.margin
    }

    /// Time between two samples.
    pub fn sample_interval(&self) -> Duration {
        self.sample_interval
    }
}
