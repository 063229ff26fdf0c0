//! What an interface offers beside the settings table: the presets (a
//! profile with the times that suit a kind of drive, as KDiskMark's
//! Settings menu has them) and the values each row's test parameters are
//! picked from (KDiskMark's settings dialog: pattern, block size, queue
//! depth and threads). Defined once for the window and the TUI
//! (docs/architecture.md#modes).

use crate::config::Choices;
use crate::stats::LoopStat;
use crate::workload::{Pattern, Profile, TestSpec};
use std::time::Duration;

/// A preset: a profile with its times.
#[derive(Debug, Clone, Copy)]
pub struct Preset {
    /// Its name in a menu.
    pub name: &'static str,
    /// What it is for.
    pub hint: &'static str,
    profile: Profile,
    measure: Duration,
    interval: Duration,
}

/// The presets offered.
pub static PRESETS: [Preset; 3] = [
    Preset {
        name: "Default",
        hint: "CrystalDiskMark's tests, 5 s each, 5 s apart",
        profile: Profile::Default,
        measure: Duration::from_secs(5),
        interval: Duration::from_secs(5),
    },
    Preset {
        name: "NVMe SSD",
        hint: "the NVMe profile's deeper queues and more threads",
        profile: Profile::Nvme,
        measure: Duration::from_secs(5),
        interval: Duration::from_secs(5),
    },
    Preset {
        name: "Flash memory",
        hint: "USB sticks and cards: 1 s tests, 30 s apart to let the flash recover",
        profile: Profile::Default,
        measure: Duration::from_secs(1),
        interval: Duration::from_secs(30),
    },
];

impl Preset {
    /// Puts the preset in force: its profile's tests and loop statistic,
    /// and its times.
    pub fn apply(&self, c: &mut Choices) {
        c.profile = self.profile;
        c.tests = self.profile.tests().to_vec();
        c.loop_stat = LoopStat::for_profile(self.profile);
        c.measure = self.measure;
        c.interval = self.interval;
    }

    /// Whether the choices are this preset's.
    pub fn is_in_force(&self, c: &Choices) -> bool {
        c.profile == self.profile
            && c.tests == self.profile.tests()
            && (c.measure, c.interval) == (self.measure, self.interval)
    }
}

/// The patterns a row can have.
pub const PATTERNS: [Pattern; 2] = [Pattern::Seq, Pattern::Rnd];

/// The block sizes offered: 4 KiB to 8 MiB, doubling.
pub const BLOCKS: [u64; 12] = {
    let mut b = [0u64; 12];
    let mut i = 0;
    while i < 12 {
        b[i] = 4096 << i;
        i += 1;
    }
    b
};

/// The queue depths offered.
pub const QUEUES: [u32; 10] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];

/// The thread counts offered.
pub const THREADS: [u32; 7] = [1, 2, 4, 8, 16, 32, 64];

/// One parameter of a row's test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Param {
    /// Sequential or random.
    Pattern(Pattern),
    /// Bytes per I/O.
    Block(u64),
    /// I/Os in flight per thread.
    Queue(u32),
    /// Threads.
    Threads(u32),
}

/// Changes one parameter of row `row`'s test, checked as a test typed on
/// the command line is; the tests are then the user's own (the custom
/// profile), their loop statistic kept. `Err` is why not, the choices
/// unchanged.
pub fn set_param(c: &mut Choices, row: usize, p: Param) -> Result<(), String> {
    let Some(now) = c.tests.get(row).copied() else {
        return Err(format!("there is no test {}", row + 1));
    };
    let t = match p {
        Param::Pattern(pattern) => TestSpec { pattern, ..now },
        Param::Block(block_size) => TestSpec { block_size, ..now },
        Param::Queue(q) => TestSpec { q, ..now },
        Param::Threads(t) => TestSpec { t, ..now },
    };
    t.validate().map_err(|e| e.to_string())?;
    if t != now {
        c.tests[row] = t;
        c.profile = Profile::Custom;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choices() -> Choices {
        Choices::defaults("/var/tmp".into())
    }

    #[test]
    fn a_preset_brings_its_profile_and_times_and_is_then_in_force() {
        let mut c = choices();
        let flash = &PRESETS[2];
        assert!(PRESETS[0].is_in_force(&c) && !flash.is_in_force(&c));
        flash.apply(&mut c);
        assert_eq!(
            (c.measure, c.interval),
            (Duration::from_secs(1), Duration::from_secs(30))
        );
        assert!(flash.is_in_force(&c) && !PRESETS[0].is_in_force(&c));
        PRESETS[1].apply(&mut c);
        assert_eq!(c.tests, Profile::Nvme.tests());
        assert!(crate::config::Settings::validate(c).is_ok());
    }

    #[test]
    fn a_row_is_edited_within_the_ranges_of_a_typed_test() {
        let mut c = choices();
        set_param(&mut c, 3, Param::Threads(8)).unwrap();
        set_param(&mut c, 3, Param::Block(BLOCKS[11])).unwrap();
        set_param(&mut c, 3, Param::Pattern(Pattern::Seq)).unwrap();
        assert_eq!(c.tests[3].to_string(), "SEQ8M Q1T8");
        assert_eq!(c.profile, Profile::Custom);
        // Every value offered is one a test may have.
        for q in QUEUES {
            set_param(&mut c, 0, Param::Queue(q)).unwrap();
        }
        let before = c.clone();
        assert!(set_param(&mut c, 9, Param::Queue(1)).is_err());
        assert!(set_param(&mut c, 0, Param::Queue(0)).is_err());
        assert_eq!(c, before, "a refusal changes nothing");
    }
}
