//! A run's plan: every test planned for its engine, and every refusal made
//! before anything is created (the only thing done on disk is removing
//! test files that killed runs left). A front-end validates its
//! [`Settings`], resolves the target, prepares the plan, and runs it.

use super::error::RunError;
use super::memory;
use super::notes::{add_note, run_notes};
use super::qos::QosPlan;
use super::stale;
use super::timeline::{Schedule, Timeline};
use crate::config::Settings;
use crate::engine::Capabilities;
use crate::plan::{PlannedTest, plan};
use crate::target::TargetInfo;
use std::time::Duration;

/// Environment variable that skips the up-front free-space check, so that
/// a test can run into ENOSPC during the pre-fill. For tests only.
pub const TEST_SKIP_SPACE_CHECK: &str = "DISKMARK_TEST_SKIP_SPACE_CHECK";

/// A run ready to start: its settings, its target, every test planned, and
/// what the preparation noted. Only [`RunPlan::prepare`] makes one.
#[derive(Debug, Clone)]
pub struct RunPlan {
    settings: Settings,
    target: TargetInfo,
    tests: Vec<PlannedTest>,
    notes: Vec<String>,
    timeline: Timeline,
    qos: Option<QosPlan>,
}

impl RunPlan {
    /// Plans every test of `settings` on `target` and makes every refusal
    /// the run would make, before anything is created: `--strict`,
    /// `--hipri`, O_DIRECT alignment, `--verify`'s block count, writing to
    /// a block device, address space, free space. Usage refusals are
    /// [`RunError::is_usage`]. Test files left by killed runs in the
    /// target directory are removed first (they hold its free space), and
    /// noted.
    pub fn prepare(settings: Settings, target: TargetInfo) -> Result<RunPlan, RunError> {
        let tests = plan_all(&settings)?;
        check_hipri(&settings, &target)?;
        check_alignment(&settings, &tests, target.dio_alignment())?;
        check_verify(&settings, &tests)?;
        let mut notes = run_notes(&settings, &tests);
        let qos = QosPlan::new(&settings)?;
        if qos.is_some() && target.is_device() {
            return Err(RunError::Refused(format!(
                "--qos writes a second test file, and {} is a block device, which diskmark only reads; give a directory on it",
                crate::escape::path(&target.path)
            )));
        }
        // Every mode allocates its buffers, a device's reads too.
        memory::check(memory::need(&tests, settings.size, settings.verify))?;
        if target.is_device() {
            check_device(&settings, &target)?;
        } else {
            for stale::Removed { name, size } in stale::remove_stale(&target.path) {
                add_note(
                    &mut notes,
                    format!(
                        "removed {name} ({}), a test file left by a diskmark run that was killed",
                        crate::units::human_bytes(size)
                    ),
                );
            }
            super::fsize::check(settings.size, crate::config::MIN_SIZE)?;
            check_space(&settings, &target)?;
        }
        let mut timeline = Timeline::new(schedule(&settings, &target, tests.len()));
        if let Some(q) = &qos {
            timeline = timeline.with_tail(settings.size, q.fixed_time(&settings));
        }
        Ok(RunPlan {
            settings,
            target,
            tests,
            notes,
            timeline,
            qos,
        })
    }

    /// The validated settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Where it runs.
    pub fn target(&self) -> &TargetInfo {
        &self.target
    }

    /// Every test, as it will run.
    pub fn tests(&self) -> &[PlannedTest] {
        &self.tests
    }

    /// The run's notes so far: adaptations, what is inside the windows,
    /// stale files removed.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// The run's time as planned, the pre-fill at an assumed rate (events
    /// carry it refined as the run goes).
    pub fn planned_total(&self) -> Duration {
        self.timeline.planned()
    }

    /// `--qos`'s tests, when asked for.
    pub fn qos(&self) -> Option<&QosPlan> {
        self.qos.as_ref()
    }

    /// The schedule the run counts its time left on.
    pub(crate) fn timeline(&self) -> &Timeline {
        &self.timeline
    }
}

/// What the run will spend its time on.
fn schedule(settings: &Settings, target: &TargetInfo, tests: usize) -> Schedule {
    let prefill = !target.is_device() && settings.engine.does_io();
    let verified = settings
        .directions()
        .iter()
        .flat_map(|d| std::iter::repeat_n(settings.verify && d.writes(), tests))
        .collect();
    Schedule {
        prefill_bytes: if prefill { settings.size } else { 0 },
        verify_bytes: settings.size,
        verified,
        // Rounds under --steady-state end when steady: their bound.
        loops: settings.rounds(),
        warmup: settings.warmup,
        measure: settings.measure,
        interval: settings.interval,
    }
}

/// Plans every test of `settings` for its engine's capabilities here;
/// with `--strict`, any change is a refusal.
pub fn plan_all(settings: &Settings) -> Result<Vec<PlannedTest>, RunError> {
    plan_with(settings, &settings.engine.capabilities())
}

/// [`plan_all`] with given capabilities.
pub fn plan_with(settings: &Settings, caps: &Capabilities) -> Result<Vec<PlannedTest>, RunError> {
    let engine = settings.engine.name();
    let engine = engine.as_str();
    let mut plans = Vec::with_capacity(settings.tests.len());
    for t in &settings.tests {
        let p = plan(*t, engine, caps).map_err(RunError::Plan)?;
        if settings.strict && p.adapted() {
            return Err(RunError::Strict {
                reason: p.notes.join("; "),
            });
        }
        plans.push(p);
    }
    Ok(plans)
}

/// With O_DIRECT, every block must be a multiple of the direct-I/O
/// alignment; refused before anything is written otherwise.
pub(crate) fn check_alignment(
    settings: &Settings,
    plans: &[PlannedTest],
    align: u32,
) -> Result<(), RunError> {
    if !settings.direct || align <= 1 {
        return Ok(());
    }
    match plans
        .iter()
        .find(|p| !p.requested.block_size.is_multiple_of(u64::from(align)))
    {
        Some(p) => Err(RunError::Refused(format!(
            "{}: with O_DIRECT the block size must be a multiple of {align} bytes here (the direct-I/O alignment of this target); use a larger block or --buffered",
            p.requested
        ))),
        None => Ok(()),
    }
}

/// `--hipri` needs a device whose driver polls (`queue/io_poll` = 1).
fn check_hipri(settings: &Settings, target: &TargetInfo) -> Result<(), RunError> {
    if !settings.hipri {
        return Ok(());
    }
    let reason = match &target.device {
        None => "the target is not on a block device".to_string(),
        Some(d) => match d.io_poll {
            Some(true) => return Ok(()),
            Some(false) => format!(
                "{}'s queue/io_poll is 0 (its driver has no poll queues; for NVMe, load the driver with poll_queues > 0)",
                d.disk
            ),
            None => format!(
                "{} does not say whether it can poll (no queue/io_poll)",
                d.disk
            ),
        },
    };
    Err(RunError::Hipri { reason })
}

/// `--verify` claims each block for one write at a time: the file must
/// hold more blocks than there are I/Os in flight.
fn check_verify(settings: &Settings, plans: &[PlannedTest]) -> Result<(), RunError> {
    if !settings.verify {
        return Ok(());
    }
    match plans
        .iter()
        .find(|p| settings.size / p.requested.block_size <= u64::from(p.q * p.t))
    {
        Some(p) => Err(RunError::Refused(format!(
            "--verify: {} keeps {} I/Os in flight but a {} file has only {} blocks of that size, and two writes must never share a block; use a larger --size",
            p.applied(),
            p.q * p.t,
            crate::units::file_size_label(settings.size),
            settings.size / p.requested.block_size
        ))),
        None => Ok(()),
    }
}

/// A block device is only ever read.
fn check_device(settings: &Settings, target: &TargetInfo) -> Result<(), RunError> {
    if settings.directions().iter().any(|d| d.writes()) {
        return Err(RunError::Refused(format!(
            "{} is a block device: diskmark only reads a device, it never writes to one; run with --mode read and without --mix, or give a directory",
            crate::escape::path(&target.path)
        )));
    }
    // fio opens a device by its name (a test file through diskmark's own
    // descriptor): the name must reach fio as it is
    // (docs/fio.md#what-fio-reads-as-written).
    if let crate::backend::Backend::Fio(_) = &settings.engine
        && let Err(e) = crate::fio::job::literal_path(&target.path)
    {
        return Err(RunError::Refused(format!(
            "{} {e}, and fio opens a device by its name; give a name of the device without it (e.g. /dev/sdX)",
            target.path.to_string_lossy().escape_debug()
        )));
    }
    Ok(())
}

/// The test file must fit in the target's free space.
fn check_space(settings: &Settings, target: &TargetInfo) -> Result<(), RunError> {
    // --qos's writer has a test file of its own, as large.
    let need = settings.size * if settings.qos { 2 } else { 1 };
    let available =
        crate::target::available_space_settled(&target.path, need).map_err(|source| {
            RunError::Os {
                what: "reading the free space",
                source,
            }
        })?;
    // A documented test-only switch: lets a test reach ENOSPC during the
    // pre-fill deterministically.
    let skip_check = crate::testing::var_os(TEST_SKIP_SPACE_CHECK).is_some();
    match available {
        Some(available) if available < need && !skip_check => Err(RunError::NoSpace {
            path: target.path.clone(),
            need: crate::units::human_bytes(need),
            available: crate::units::human_bytes(available),
            // Never a size that would itself be refused (issue 26 §7).
            fix: if available >= need / settings.size.max(1) * crate::config::MIN_SIZE {
                "use a smaller --size or another target".into()
            } else {
                format!(
                    "no --size fits (the smallest is {}): free some space or use another target",
                    crate::units::human_bytes(crate::config::MIN_SIZE)
                )
            },
        }),
        _ => Ok(()),
    }
}
