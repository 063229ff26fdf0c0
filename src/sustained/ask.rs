//! A sustained write's settings, shaped in one place for every front-end
//! (`diskmark sustained`, the TUI, the window): from the choices a
//! front-end holds, the one write test, one loop, the size within a run's
//! range, and the [`FillRequest`] (docs/measurement.md#sustained-write).

use super::plan::FillRequest;
use super::sizing::MIN_EXPLICIT;
use crate::config::{Choices, MAX_SIZE, MIN_SIZE, Settings, UsageError};
use crate::units::MIB;
use crate::workload::{Mode, Pattern, TestSpec};
use std::ops::RangeInclusive;
use std::time::Duration;

/// The write a sustained write runs unless asked otherwise: `SEQ1M Q8T1`.
pub const DEFAULT_TEST: TestSpec = TestSpec::new(Pattern::Seq, MIB, 8, 1);
/// Time between two samples unless asked otherwise.
pub const DEFAULT_SAMPLE_INTERVAL: Duration = Duration::from_millis(500);
/// Shortest and longest time between two samples.
pub const SAMPLE_INTERVALS: RangeInclusive<Duration> =
    Duration::from_millis(50)..=Duration::from_secs(10);

/// What a front-end asks of a sustained write besides the choices it
/// holds (target, engine, data, O_DIRECT, seed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FillAsk {
    /// The write, in CrystalDiskMark notation's terms.
    pub test: TestSpec,
    /// Bytes to write; `None` for the default rule (the free space minus
    /// the margin, see [`super::sizing`]).
    pub size: Option<u64>,
    /// Time between two samples.
    pub sample_interval: Duration,
}

impl Default for FillAsk {
    /// `diskmark sustained`'s defaults: SEQ1M Q8T1, the default size,
    /// a sample every 0.5 s.
    fn default() -> FillAsk {
        FillAsk {
            test: DEFAULT_TEST,
            size: None,
            sample_interval: DEFAULT_SAMPLE_INTERVAL,
        }
    }
}

/// Why a sustained write cannot be asked so.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FillAskError {
    /// An explicit size below [`MIN_EXPLICIT`].
    #[error("a sustained write writes at least 64MiB")]
    TooSmall(u64),
    /// A sample interval outside [`SAMPLE_INTERVALS`].
    #[error("the sample interval must be 0.05..10 seconds")]
    Interval(Duration),
    /// The run's own checks ([`Settings::validate`]).
    #[error(transparent)]
    Usage(#[from] UsageError),
}

impl FillAskError {
    /// As a usage error naming the option (`--size`), as the CLI says it.
    pub fn into_usage(self) -> UsageError {
        match self {
            FillAskError::TooSmall(_) => UsageError::new("--size", self.to_string()),
            FillAskError::Interval(_) => UsageError::new("--sample-interval", self.to_string()),
            FillAskError::Usage(u) => u,
        }
    }
}

/// An explicit size, if it is one a sustained write takes.
pub fn check_size(bytes: u64) -> Result<u64, FillAskError> {
    if bytes < MIN_EXPLICIT {
        return Err(FillAskError::TooSmall(bytes));
    }
    Ok(bytes)
}

/// A sample interval, if it is one a sustained write takes.
pub fn check_interval(interval: Duration) -> Result<Duration, FillAskError> {
    if !SAMPLE_INTERVALS.contains(&interval) {
        return Err(FillAskError::Interval(interval));
    }
    Ok(interval)
}

impl FillAsk {
    /// The choices of the write from `base`, a front-end's: its target,
    /// engine, data, O_DIRECT, seed and label are kept; everything else
    /// is a run's default, so that nothing a sustained write does not do
    /// (verify, QoS, steady state, Mix) comes along. One write test as a
    /// custom profile, one loop, and a run's size: the explicit one (or
    /// the smallest) clamped into a run's range, the bytes written being
    /// decided on the target by the plan.
    pub fn choices(&self, base: &Choices) -> Result<Choices, FillAskError> {
        if let Some(bytes) = self.size {
            check_size(bytes)?;
        }
        check_interval(self.sample_interval)?;
        let mut c = Choices::one_test(base, self.test, Mode::Write);
        c.size = self.size.unwrap_or(MIN_SIZE).clamp(MIN_SIZE, MAX_SIZE);
        c.data = base.data;
        c.direct = base.direct;
        Ok(c)
    }

    /// What the plan is asked besides the settings.
    pub fn request(&self) -> FillRequest {
        FillRequest {
            size: self.size,
            sample_interval: self.sample_interval,
        }
    }

    /// The validated settings of the write from `base`, and its request.
    pub fn settings(&self, base: &Choices) -> Result<(Settings, FillRequest), FillAskError> {
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
        c.data = DataKind::Zeros;
        c.direct = false;
        c.seed = 42;
        c.verify = true;
        c.qos = true;
        c.mix = true;
        c.loops = 9;
        c.size = 4 * GIB;
        c
    }

    #[test]
    fn the_defaults_are_the_commands() {
        let ask = FillAsk::default();
        assert_eq!(ask.test, parse_test("SEQ1M Q8T1").unwrap());
        assert_eq!(ask.size, None);
        assert_eq!(ask.sample_interval, Duration::from_millis(500));
    }

    #[test]
    fn one_write_of_one_loop_keeping_what_a_fill_uses() {
        let c = FillAsk::default().choices(&base()).unwrap();
        assert_eq!(c.tests, [DEFAULT_TEST]);
        assert_eq!(
            (c.profile, c.mode, c.loops),
            (Profile::Custom, Mode::Write, 1)
        );
        // The default size asks the smallest run; the plan decides.
        assert_eq!(c.size, MIN_SIZE);
        assert_eq!(c.engine, Backend::Native(EngineKind::Psync));
        assert_eq!((c.data, c.direct, c.seed), (DataKind::Zeros, false, 42));
        // What a fill does not do does not come along.
        assert!(!c.verify && !c.qos && !c.mix && c.steady.is_none());
        let (s, r) = FillAsk::default().settings(&base()).unwrap();
        assert_eq!(s.tests, [DEFAULT_TEST]);
        assert_eq!(
            r,
            FillRequest {
                size: None,
                sample_interval: DEFAULT_SAMPLE_INTERVAL
            }
        );
    }

    #[test]
    fn the_size_is_clamped_into_a_runs_range_and_kept_as_asked() {
        let ask = |size| FillAsk {
            size: Some(size),
            ..FillAsk::default()
        };
        assert_eq!(ask(64 * MIB).choices(&base()).unwrap().size, 64 * MIB);
        assert_eq!(ask(100 * GIB).choices(&base()).unwrap().size, MAX_SIZE);
        assert_eq!(ask(100 * GIB).request().size, Some(100 * GIB));
    }

    #[test]
    fn refusals_are_typed_and_name_their_option() {
        let small = FillAsk {
            size: Some(32 * MIB),
            ..FillAsk::default()
        };
        let e = small.choices(&base()).unwrap_err();
        assert_eq!(e, FillAskError::TooSmall(32 * MIB));
        assert_eq!(
            e.into_usage().to_string(),
            "--size: a sustained write writes at least 64MiB"
        );
        let fast = FillAsk {
            sample_interval: Duration::from_millis(10),
            ..FillAsk::default()
        };
        let e = fast.choices(&base()).unwrap_err();
        assert!(matches!(e, FillAskError::Interval(_)));
        assert!(
            e.into_usage()
                .to_string()
                .starts_with("--sample-interval: ")
        );
        let mut b = base();
        b.label = Some("bad\nlabel".into());
        let e = FillAsk::default().settings(&b).unwrap_err();
        assert!(
            matches!(&e, FillAskError::Usage(u) if u.option == "--label"),
            "{e}"
        );
    }
}
