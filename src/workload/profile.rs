//! The built-in profiles of CrystalDiskMark / KDiskMark (docs/measurement.md#profiles-ranges-and-defaults).

use super::{Pattern, TestSpec};
use crate::units::{KIB, MIB};
use serde::Serialize;

/// A built-in profile, or `Custom` for tests given with `--test`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Profile {
    /// SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1; mean.
    Default,
    /// SEQ1M Q8T1, SEQ128K Q32T1, RND4K Q32T16, RND4K Q1T1; mean.
    Nvme,
    /// SEQ1M Q8T1, RND4K Q32T1; best.
    Peak,
    /// SEQ1M Q8T1, RND4K Q32T16; best.
    PeakNvme,
    /// SEQ1M Q1T1, RND4K Q1T1; best.
    Real,
    /// SEQ1M Q8T1; best.
    Demo,
    /// Tests given on the command line; mean.
    #[value(skip)]
    Custom,
}

const SEQ1M_Q8T1: TestSpec = TestSpec::new(Pattern::Seq, MIB, 8, 1);
const SEQ1M_Q1T1: TestSpec = TestSpec::new(Pattern::Seq, MIB, 1, 1);
const SEQ128K_Q32T1: TestSpec = TestSpec::new(Pattern::Seq, 128 * KIB, 32, 1);
const RND4K_Q32T1: TestSpec = TestSpec::new(Pattern::Rnd, 4 * KIB, 32, 1);
const RND4K_Q32T16: TestSpec = TestSpec::new(Pattern::Rnd, 4 * KIB, 32, 16);
const RND4K_Q1T1: TestSpec = TestSpec::new(Pattern::Rnd, 4 * KIB, 1, 1);

impl Profile {
    /// The profiles an interface offers (Custom is what typed tests make,
    /// not a choice).
    pub const OFFERED: [Profile; 6] = [
        Profile::Default,
        Profile::Nvme,
        Profile::Peak,
        Profile::PeakNvme,
        Profile::Real,
        Profile::Demo,
    ];

    /// The profile's tests in report order (empty for `Custom`).
    pub fn tests(self) -> &'static [TestSpec] {
        match self {
            Profile::Default => &[SEQ1M_Q8T1, SEQ1M_Q1T1, RND4K_Q32T1, RND4K_Q1T1],
            Profile::Nvme => &[SEQ1M_Q8T1, SEQ128K_Q32T1, RND4K_Q32T16, RND4K_Q1T1],
            Profile::Peak => &[SEQ1M_Q8T1, RND4K_Q32T1],
            Profile::PeakNvme => &[SEQ1M_Q8T1, RND4K_Q32T16],
            Profile::Real => &[SEQ1M_Q1T1, RND4K_Q1T1],
            Profile::Demo => &[SEQ1M_Q8T1],
            Profile::Custom => &[],
        }
    }

    /// The name the report prints (KDiskMark's).
    pub fn display_name(self) -> &'static str {
        match self {
            Profile::Default => "Default",
            Profile::Nvme => "NVMe SSD",
            Profile::Peak => "Peak Performance",
            Profile::PeakNvme => "Peak Performance (NVMe SSD)",
            Profile::Real => "Real World Performance",
            Profile::Demo => "Demo",
            Profile::Custom => "Custom",
        }
    }

    /// The command-line name (`default`, `peak-nvme`, ...).
    pub fn cli_name(self) -> &'static str {
        match self {
            Profile::Default => "default",
            Profile::Nvme => "nvme",
            Profile::Peak => "peak",
            Profile::PeakNvme => "peak-nvme",
            Profile::Real => "real",
            Profile::Demo => "demo",
            Profile::Custom => "custom",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles_match_design() {
        let names = |p: Profile| {
            p.tests()
                .iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        assert_eq!(
            names(Profile::Default),
            "SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1"
        );
        assert_eq!(
            names(Profile::Nvme),
            "SEQ1M Q8T1, SEQ128K Q32T1, RND4K Q32T16, RND4K Q1T1"
        );
        assert_eq!(names(Profile::Peak), "SEQ1M Q8T1, RND4K Q32T1");
        assert_eq!(names(Profile::PeakNvme), "SEQ1M Q8T1, RND4K Q32T16");
        assert_eq!(names(Profile::Real), "SEQ1M Q1T1, RND4K Q1T1");
        assert_eq!(names(Profile::Demo), "SEQ1M Q8T1");
        for p in Profile::OFFERED {
            for t in p.tests() {
                t.validate().unwrap();
            }
        }
    }
}
