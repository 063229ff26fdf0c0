//! A span map's settings, shaped in one place for every front-end
//! (`diskmark span`, the TUI, the window): from the choices a front-end
//! holds, the sample test read once over the target, and the
//! [`SpanRequest`] (docs/measurement.md#span).

use super::plan::SpanRequest;
use crate::config::{Choices, MAX_SIZE, Settings, UsageError};
use crate::units::MIB;
use crate::workload::{Mode, Pattern, TestSpec};

/// Most samples of one map.
pub const MAX_SAMPLES: usize = 100_000;
/// Most random reads of one map (each is kept for the chart: 16 bytes).
pub const MAX_ACCESS: u64 = 1_000_000;
/// Samples unless asked otherwise.
pub const DEFAULT_SAMPLES: usize = 200;
/// Bytes a sample reads unless asked otherwise.
pub const DEFAULT_SAMPLE_SIZE: u64 = 8 * MIB;
/// How a sample reads unless asked otherwise: `SEQ1M Q8T1`.
pub const DEFAULT_SAMPLE_TEST: TestSpec = TestSpec::new(Pattern::Seq, MIB, 8, 1);
/// Random reads of the access phase unless asked otherwise.
pub const DEFAULT_ACCESS: u64 = 1000;

/// What a front-end asks of a span map besides the choices it holds
/// (target, engine, seed, and the test file's size for a directory).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpanAsk {
    /// How each sample reads.
    pub sample_test: TestSpec,
    /// Samples, evenly spaced from the first byte to the last.
    pub samples: usize,
    /// Bytes each sample reads.
    pub sample_size: u64,
    /// Random reads after the samples (0: none).
    pub access: u64,
}

impl Default for SpanAsk {
    /// `diskmark span`'s defaults: 200 samples of 8 MiB read as SEQ1M
    /// Q8T1, then 1000 random reads.
    fn default() -> SpanAsk {
        SpanAsk {
            sample_test: DEFAULT_SAMPLE_TEST,
            samples: DEFAULT_SAMPLES,
            sample_size: DEFAULT_SAMPLE_SIZE,
            access: DEFAULT_ACCESS,
        }
    }
}

/// Why a span map cannot be asked so.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpanAskError {
    /// No sample, or more than [`MAX_SAMPLES`].
    #[error("the number of samples must be a whole number from 1 to {MAX_SAMPLES}")]
    Samples(usize),
    /// More random reads than [`MAX_ACCESS`].
    #[error("the number of random reads must be a whole number from 0 to {MAX_ACCESS}")]
    Access(u64),
    /// A sample of no bytes, or of more than a run's largest size.
    #[error("a sample reads at least one block and at most a run's largest --size")]
    SampleSize(u64),
    /// The run's own checks ([`Settings::validate`]).
    #[error(transparent)]
    Usage(#[from] UsageError),
}

impl SpanAskError {
    /// As a usage error naming the option (`--samples`), as the CLI says
    /// it.
    pub fn into_usage(self) -> UsageError {
        let option = match self {
            SpanAskError::Samples(_) => "--samples",
            SpanAskError::Access(_) => "--access",
            SpanAskError::SampleSize(_) => "--sample-size",
            SpanAskError::Usage(u) => return u,
        };
        UsageError::new(option, self.to_string())
    }
}

/// A number of samples, if a map takes it.
pub fn check_samples(n: usize) -> Result<usize, SpanAskError> {
    match n {
        1..=MAX_SAMPLES => Ok(n),
        _ => Err(SpanAskError::Samples(n)),
    }
}

/// A number of random reads, if a map takes it.
pub fn check_access(n: u64) -> Result<u64, SpanAskError> {
    match n {
        0..=MAX_ACCESS => Ok(n),
        _ => Err(SpanAskError::Access(n)),
    }
}

/// The bytes of a sample, if a map takes them (that they are a whole
/// number of blocks is the plan's check, on the target).
pub fn check_sample_size(bytes: u64) -> Result<u64, SpanAskError> {
    if bytes == 0 || bytes > MAX_SIZE {
        return Err(SpanAskError::SampleSize(bytes));
    }
    Ok(bytes)
}

impl SpanAsk {
    /// The choices of the map from `base`, a front-end's: its target,
    /// engine, seed, label and size (the test file's, for a directory)
    /// are kept; everything else is a run's default, so that nothing a
    /// map does not do (writes, verify, QoS, steady state, Mix, buffered
    /// reads) comes along. The sample test as a custom profile, read once.
    pub fn choices(&self, base: &Choices) -> Result<Choices, SpanAskError> {
        check_samples(self.samples)?;
        check_access(self.access)?;
        check_sample_size(self.sample_size)?;
        let mut c = Choices::one_test(base, self.sample_test, Mode::Read);
        c.size = base.size;
        Ok(c)
    }

    /// What the plan is asked besides the settings.
    pub fn request(&self) -> SpanRequest {
        SpanRequest {
            samples: self.samples,
            sample_size: self.sample_size,
            access: self.access,
        }
    }

    /// The validated settings of the map from `base`, and its request.
    pub fn settings(&self, base: &Choices) -> Result<(Settings, SpanRequest), SpanAskError> {
        let settings = Settings::validate(self.choices(base)?)?;
        Ok((settings, self.request()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::Backend;
    use crate::engine::EngineKind;
    use crate::units::GIB;
    use crate::workload::{DataKind, Profile, parse_test};

    fn base() -> Choices {
        let mut c = Choices::defaults("/var/tmp".into());
        c.engine = Backend::Native(EngineKind::Psync);
        c.size = 2 * GIB;
        c.seed = 7;
        c.direct = false;
        c.data = DataKind::Zeros;
        c.verify = true;
        c.mode = crate::workload::Mode::Write;
        c
    }

    #[test]
    fn the_defaults_are_the_commands() {
        let a = SpanAsk::default();
        assert_eq!(a.sample_test, parse_test("SEQ1M Q8T1").unwrap());
        assert_eq!((a.samples, a.sample_size, a.access), (200, 8 * MIB, 1000));
    }

    #[test]
    fn the_sample_test_read_once_keeping_what_a_map_uses() {
        let c = SpanAsk::default().choices(&base()).unwrap();
        assert_eq!(c.tests, [DEFAULT_SAMPLE_TEST]);
        assert_eq!(
            (c.profile, c.mode, c.loops),
            (Profile::Custom, Mode::Read, 1)
        );
        assert_eq!((c.size, c.seed), (2 * GIB, 7));
        assert_eq!(c.engine, Backend::Native(EngineKind::Psync));
        // A map reads with O_DIRECT, and does not verify.
        assert!(c.direct && !c.verify);
        let (s, r) = SpanAsk::default().settings(&base()).unwrap();
        assert_eq!(s.mode, Mode::Read);
        assert_eq!(
            r,
            SpanRequest {
                samples: 200,
                sample_size: 8 * MIB,
                access: 1000
            }
        );
    }

    #[test]
    fn refusals_are_typed_and_name_their_option() {
        let ask = |edit: fn(&mut SpanAsk)| {
            let mut a = SpanAsk::default();
            edit(&mut a);
            a.choices(&base()).unwrap_err()
        };
        assert_eq!(ask(|a| a.samples = 0), SpanAskError::Samples(0));
        assert_eq!(
            ask(|a| a.samples = MAX_SAMPLES + 1).into_usage().option,
            "--samples"
        );
        assert_eq!(
            ask(|a| a.access = MAX_ACCESS + 1).into_usage().option,
            "--access"
        );
        assert_eq!(
            ask(|a| a.sample_size = 0).into_usage().option,
            "--sample-size"
        );
        let mut b = base();
        b.size = 1;
        let e = SpanAsk::default().settings(&b).unwrap_err();
        assert!(
            matches!(&e, SpanAskError::Usage(u) if u.option == "--size"),
            "{e}"
        );
    }
}
