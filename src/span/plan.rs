//! A span map ready to start (docs/measurement.md#span): the run's own
//! plan (its refusals of a device that would be written, of free space,
//! of alignment), the bytes to map and where the samples go, and every
//! refusal of its own — before anything is opened.

use crate::config::Settings;
use crate::run::{RunError, RunPlan};
use crate::stats::span::offsets;
use crate::target::TargetInfo;
use crate::workload::{Pattern, TestSpec};

/// Bytes per random read of the access phase (at least the device's
/// direct-I/O alignment).
pub const ACCESS_BLOCK: u64 = 4096;

/// What a span map asks besides the run's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpanRequest {
    /// Samples over the span (at least 1).
    pub samples: usize,
    /// Bytes per sample.
    pub sample_size: u64,
    /// Random reads of the access phase (0: none).
    pub access: u64,
}

/// A span map that may start.
#[derive(Debug, Clone)]
pub struct SpanPlan {
    run: RunPlan,
    request: SpanRequest,
    bytes: u64,
    offsets: Vec<u64>,
    notes: Vec<String>,
}

impl SpanPlan {
    /// Plans the map: a native engine that does I/O, one sequential
    /// stream for the samples, a sample size that is a whole number of
    /// its blocks and fits the device (or `--size` for a directory), and
    /// the run's own refusals.
    pub fn prepare(
        settings: Settings,
        target: TargetInfo,
        request: SpanRequest,
    ) -> Result<SpanPlan, RunError> {
        check_engine(&settings)?;
        let test = *settings
            .tests
            .first()
            .ok_or_else(|| RunError::Refused("a span map needs one --sample-test".into()))?;
        check_sample(&test, request)?;
        let bytes = if target.is_device() {
            target.usage.total
        } else {
            settings.size
        };
        let what = if target.is_device() {
            "the device"
        } else {
            "the test file (--size)"
        };
        if request.sample_size > bytes {
            return Err(RunError::Refused(format!(
                "{what} holds {} bytes, less than one sample of {} bytes: give a smaller --sample-size",
                bytes, request.sample_size
            )));
        }
        let align = u64::from(target.dio_alignment()).max(512);
        if !request.sample_size.is_multiple_of(align) {
            return Err(RunError::Refused(format!(
                "--sample-size {} is not a multiple of the device's logical block ({align} bytes): give a multiple of it",
                request.sample_size
            )));
        }
        let offsets = offsets(bytes, request.sample_size, request.samples, align);
        let mut notes = Vec::new();
        if offsets.len() < request.samples {
            notes.push(format!(
                "--samples {}: {what} has room for {} distinct sample positions, so the map has {}",
                request.samples,
                offsets.len(),
                offsets.len()
            ));
        }
        // A synchronous engine keeps one read in flight per thread, and a
        // sample is one stream: it reads at Q1, rather than as the run's
        // planner would spread Q over threads.
        let settings = if settings.engine.synchronous() && test.q > 1 {
            notes.push(format!(
                "{} keeps one read in flight, and a sample is one sequential stream: the samples read as {}",
                settings.engine.name(),
                TestSpec { q: 1, ..test }
            ));
            let mut choices = (*settings).clone();
            choices.tests = vec![TestSpec { q: 1, ..test }];
            Settings::validate(choices).map_err(|e| RunError::Refused(e.to_string()))?
        } else {
            settings
        };
        let run = RunPlan::prepare(settings, target)?;
        Ok(SpanPlan {
            run,
            request,
            bytes,
            offsets,
            notes,
        })
    }

    /// The run's plan: settings, target, the planned sample test.
    pub fn run(&self) -> &RunPlan {
        &self.run
    }

    /// What was asked.
    pub fn request(&self) -> SpanRequest {
        self.request
    }

    /// Bytes mapped: the device's size, or the test file's.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Where the samples start, in order.
    pub fn offsets(&self) -> &[u64] {
        &self.offsets
    }

    /// What the preparation noted.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = self.run.notes().to_vec();
        notes.extend(self.notes.iter().cloned());
        notes
    }

    /// Bytes per random read: [`ACCESS_BLOCK`], or the device's
    /// alignment when that is larger.
    pub fn access_block(&self) -> u64 {
        ACCESS_BLOCK.max(u64::from(self.run.target().dio_alignment()))
    }
}

/// A native engine that moves data.
fn check_engine(settings: &Settings) -> Result<(), RunError> {
    match settings.engine.native() {
        None => Err(RunError::Refused(
            "a span map runs on diskmark's own engines, not through fio: drop --engine fio:… or give a native engine".into(),
        )),
        Some(_) if !settings.engine.does_io() => Err(RunError::Refused(
            "the null engine reads nothing, and a span map measures what the drive reads: choose another --engine".into(),
        )),
        Some(_) => Ok(()),
    }
}

/// One sequential stream, and a sample of whole blocks.
fn check_sample(test: &TestSpec, request: SpanRequest) -> Result<(), RunError> {
    if test.pattern != Pattern::Seq || test.t != 1 {
        return Err(RunError::Refused(format!(
            "--sample-test {test}: a sample is one sequential read, so give a SEQ test with T1 (e.g. SEQ1M Q8T1)"
        )));
    }
    if !request.sample_size.is_multiple_of(test.block_size) {
        return Err(RunError::Refused(format!(
            "--sample-size {} is not a multiple of the sample's block ({} bytes, from --sample-test {test}): give a multiple of it",
            request.sample_size, test.block_size
        )));
    }
    Ok(())
}
