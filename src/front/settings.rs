//! The table of the settings an interface edits, one definition each (as
//! ripgrep defines each flag once): the option it stands for, its label,
//! what it shows, how it is edited (a switch, a pick of named values, typed
//! text with presets to step through), and whether a change clears the
//! results. The TUI and the window draw from it and edit through it, so a
//! setting added here is a setting of both (docs/architecture.md#modes).
//! The target and the engine are not here: their values are found at run
//! time (the targets listed, the engines probed), and each interface
//! offers them with what it knows.

use crate::config::{Choices, Settings};
use crate::fl;
use crate::stats::LoopStat;
use crate::workload::{DataKind, Mode, Profile};
use std::time::Duration;

/// How a setting is edited.
#[derive(Debug, Clone, Copy)]
pub enum Domain {
    /// On or off.
    Switch {
        /// Whether it is on.
        get: fn(&Choices) -> bool,
        /// Turns it on or off.
        set: fn(&mut Choices, bool),
    },
    /// One of `names`, by position.
    Pick {
        /// Each value's name, in order.
        names: fn() -> Vec<String>,
        /// The value in force, when it is one of them.
        get: fn(&Choices) -> Option<usize>,
        /// Chooses value `i`.
        set: fn(&mut Choices, usize),
    },
    /// Typed text, checked as the command line's option is; stepped
    /// through round values by the keyboard.
    Typed {
        /// The value in force as it is typed (`0.5`).
        text: fn(&Choices) -> String,
        /// The text read into the choices, or the parser's words.
        parse: fn(&mut Choices, &str) -> Result<(), String>,
        /// One round value up or down.
        step: fn(&mut Choices, bool),
    },
}

/// One editable setting.
#[derive(Debug, Clone, Copy)]
pub struct Setting {
    /// The command-line option it stands for (`--measure`): its name,
    /// and the one the library's refusals give.
    pub option: &'static str,
    /// Its label (the key the interfaces' translations will use).
    pub label: &'static str,
    /// What the label leaves out, for an interface with room to say it.
    pub hint: Option<&'static str>,
    /// The value in force, as an interface shows it.
    pub show: fn(&Choices) -> String,
    /// How it is edited.
    pub domain: Domain,
    /// Whether a change makes the grid's figures belong to other tests.
    pub clears_results: bool,
}

impl PartialEq for Setting {
    fn eq(&self, other: &Setting) -> bool {
        self.option == other.option
    }
}

impl Eq for Setting {}

impl Setting {
    /// The setting `option` stands for.
    pub fn named(option: &str) -> Option<&'static Setting> {
        SETTINGS.iter().find(|s| s.option == option)
    }

    /// Its label in the front-end's language: the message
    /// `setting-<option>` (a test checks every setting has one).
    pub fn title(&self) -> String {
        crate::i18n::message(&format!("setting-{}", self.option.trim_start_matches('-')))
    }

    /// Its hint in the front-end's language, when it has one: the message
    /// `setting-<option>-hint`.
    pub fn hint_text(&self) -> Option<String> {
        let id = format!("setting-{}-hint", self.option.trim_start_matches('-'));
        self.hint.map(|_| crate::i18n::message(&id))
    }

    /// The value in force, as shown.
    pub fn value(&self, c: &Choices) -> String {
        (self.show)(c)
    }

    /// One step forward or back: a switch flips, a pick goes to the next
    /// value round the list, typed text to the next round value.
    pub fn step(&self, c: &mut Choices, forward: bool) {
        match self.domain {
            Domain::Switch { get, set } => set(c, !get(c)),
            Domain::Pick { names, get, set } => {
                let n = names().len().max(1);
                let next = match (get(c), forward) {
                    (Some(i), true) => (i + 1) % n,
                    (Some(i), false) => (i + n - 1) % n,
                    (None, _) => 0,
                };
                set(c, next);
            }
            Domain::Typed { step, .. } => step(c, forward),
        }
    }

    /// `text` typed in it: the choices with it, when it parses and the
    /// library takes it, else why not (the parser's or the library's
    /// words; a refusal about another option is not this one's).
    pub fn typed(&self, c: &Choices, text: &str) -> Result<Choices, String> {
        let Domain::Typed { parse, .. } = self.domain else {
            return Err(format!("{} is not typed", self.label));
        };
        let mut trial = c.clone();
        parse(&mut trial, text)?;
        match Settings::validate(trial.clone()) {
            Err(e) if e.option == self.option => Err(e.message),
            _ => Ok(trial),
        }
    }
}

/// Every setting, in the order the interfaces show them.
pub static SETTINGS: [Setting; 14] = [
    Setting {
        option: "--profile",
        label: "Profile",
        hint: None,
        show: |c| super::words::profile(c.profile),
        domain: Domain::Pick {
            names: || PROFILES.map(super::words::profile).to_vec(),
            get: |c| PROFILES.iter().position(|p| *p == c.profile),
            // As the command line's --profile does: its tests and its
            // loop statistic.
            set: |c, i| {
                let p = PROFILES[i % PROFILES.len()];
                c.profile = p;
                c.tests = p.tests().to_vec();
                c.loop_stat = LoopStat::for_profile(p);
            },
        },
        clears_results: true,
    },
    Setting {
        option: "--mix",
        label: "+Mix",
        hint: None,
        show: |c| on_off(c.mix),
        domain: Domain::Switch {
            get: |c| c.mix,
            set: |c, on| c.mix = on,
        },
        clears_results: false,
    },
    Setting {
        option: "--mix-read",
        label: "Mix read %",
        hint: None,
        show: |c| c.mix_read.to_string(),
        domain: Domain::Typed {
            text: |c| c.mix_read.to_string(),
            parse: |c, t| {
                c.mix_read = (t.trim().parse::<u8>()).map_err(|_| {
                    format!(
                        "'{}' is not a whole percentage 0..100",
                        crate::escape::escape(t)
                    )
                })?;
                Ok(())
            },
            step: |c, forward| c.mix_read = step(&MIX_READS, c.mix_read, forward),
        },
        clears_results: false,
    },
    Setting {
        option: "--mode",
        label: "Mode",
        hint: None,
        show: |c| mode_names().swap_remove(index(&MODES, c.mode).unwrap_or(0)),
        domain: Domain::Pick {
            names: || mode_names().to_vec(),
            get: |c| index(&MODES, c.mode),
            set: |c, i| c.mode = MODES[i % MODES.len()],
        },
        clears_results: false,
    },
    Setting {
        option: "--loops",
        label: "Loops",
        hint: None,
        show: |c| c.loops.to_string(),
        domain: Domain::Pick {
            names: || LOOPS.map(|n| n.to_string()).to_vec(),
            get: |c| index(&LOOPS, c.loops),
            set: |c, i| c.loops = LOOPS[i % LOOPS.len()],
        },
        clears_results: false,
    },
    Setting {
        option: "--size",
        label: "Size",
        hint: None,
        show: |c| crate::units::file_size_label(c.size),
        domain: Domain::Pick {
            names: || SIZES.map(crate::units::file_size_label).to_vec(),
            get: |c| index(&SIZES, c.size),
            set: |c, i| c.size = SIZES[i % SIZES.len()],
        },
        clears_results: false,
    },
    Setting {
        option: "--measure",
        label: "Measure (s)",
        hint: None,
        show: |c| seconds_text(c.measure),
        domain: Domain::Typed {
            text: |c| seconds_text(c.measure),
            parse: |c, t| {
                c.measure = parse_seconds(t)?;
                Ok(())
            },
            step: |c, forward| c.measure = step_seconds(c.measure, forward, 0.2),
        },
        clears_results: false,
    },
    Setting {
        option: "--interval",
        label: "Interval (s)",
        hint: None,
        show: |c| seconds_text(c.interval),
        domain: Domain::Typed {
            text: |c| seconds_text(c.interval),
            parse: |c, t| {
                c.interval = parse_seconds(t)?;
                Ok(())
            },
            step: |c, forward| c.interval = step_seconds(c.interval, forward, 0.0),
        },
        clears_results: false,
    },
    Setting {
        option: "--warmup",
        label: "Warm-up (s)",
        hint: None,
        show: |c| seconds_text(c.warmup),
        domain: Domain::Typed {
            text: |c| seconds_text(c.warmup),
            parse: |c, t| {
                c.warmup = parse_seconds(t)?;
                Ok(())
            },
            step: |c, forward| c.warmup = step_seconds(c.warmup, forward, 0.0),
        },
        clears_results: false,
    },
    Setting {
        option: "--data",
        label: "Data",
        hint: None,
        show: |c| data_names().swap_remove(index(&DATA, c.data).unwrap_or(0)),
        domain: Domain::Pick {
            names: || data_names().to_vec(),
            get: |c| index(&DATA, c.data),
            set: |c, i| c.data = DATA[i % DATA.len()],
        },
        clears_results: false,
    },
    Setting {
        option: "--buffered",
        label: "O_DIRECT",
        hint: None,
        show: |c| on_off(c.direct),
        domain: Domain::Switch {
            get: |c| c.direct,
            set: |c, on| c.direct = on,
        },
        clears_results: false,
    },
    Setting {
        option: "--drop-caches",
        label: "Flush page cache",
        hint: Some("root: the whole page cache before each read loop"),
        show: |c| on_off(c.drop_caches),
        domain: Domain::Switch {
            get: |c| c.drop_caches,
            set: |c, on| c.drop_caches = on,
        },
        clears_results: false,
    },
    Setting {
        option: "--strict",
        label: "Strict",
        hint: Some("the exact Q and T, or refuse"),
        show: |c| on_off(c.strict),
        domain: Domain::Switch {
            get: |c| c.strict,
            set: |c, on| c.strict = on,
        },
        clears_results: false,
    },
    Setting {
        option: "--loop-stat",
        label: "Loop statistic",
        hint: None,
        show: |c| stat_names().swap_remove(index(&LOOP_STATS, c.loop_stat).unwrap_or(0)),
        domain: Domain::Pick {
            names: || stat_names().to_vec(),
            get: |c| index(&LOOP_STATS, c.loop_stat),
            set: |c, i| c.loop_stat = LOOP_STATS[i % LOOP_STATS.len()],
        },
        clears_results: false,
    },
];

/// The profiles offered.
const PROFILES: [Profile; 6] = Profile::OFFERED;

const MODES: [Mode; 4] = [Mode::Rw, Mode::Read, Mode::Write, Mode::Mix];
fn mode_names() -> Vec<String> {
    vec![
        fl!("mode-read-write"),
        fl!("mode-read"),
        fl!("mode-write"),
        fl!("mode-mix"),
    ]
}
const DATA: [DataKind; 2] = [DataKind::Random, DataKind::Zeros];
fn data_names() -> Vec<String> {
    vec![fl!("data-random"), fl!("data-zeros")]
}
const LOOP_STATS: [LoopStat; 3] = [LoopStat::Mean, LoopStat::Best, LoopStat::Median];
fn stat_names() -> Vec<String> {
    vec![fl!("stat-mean"), fl!("stat-best"), fl!("stat-median")]
}
const LOOPS: [u32; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const MIX_READS: [u8; 9] = [10, 20, 30, 40, 50, 60, 70, 80, 90];

/// The test-file sizes offered: 16 MiB to 64 GiB, doubling.
pub const SIZES: [u64; 13] = {
    let mut s = [0u64; 13];
    let mut i = 0;
    while i < 13 {
        s[i] = (16 << 20) << i;
        i += 1;
    }
    s
};

/// Round durations, seconds, to step through.
const SECONDS: [f64; 12] = [
    0.2, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 15.0, 20.0, 30.0, 60.0, 120.0,
];

fn index<T: PartialEq>(all: &[T], v: T) -> Option<usize> {
    all.iter().position(|x| *x == v)
}

fn on_off(on: bool) -> String {
    if on { fl!("on") } else { fl!("off") }
}

/// A duration as typed: seconds, without a unit (`0.5`).
fn seconds_text(d: Duration) -> String {
    format!("{}", d.as_secs_f64())
}

fn parse_seconds(t: &str) -> Result<Duration, String> {
    crate::units::parse_seconds(t).map_err(|e| e.to_string())
}

/// The next preset after `now` (forward) or before it; the last or first
/// when there is none.
fn step<T: PartialOrd + Copy>(presets: &[T], now: T, forward: bool) -> T {
    let found = match forward {
        true => presets.iter().copied().find(|p| *p > now),
        false => presets.iter().rev().copied().find(|p| *p < now),
    };
    match (found, forward) {
        (Some(p), _) => p,
        (None, true) => presets[presets.len() - 1],
        (None, false) => presets[0],
    }
}

/// A duration one round value up or down, at least `min` (0 offered when
/// `min` is 0).
fn step_seconds(d: Duration, forward: bool, min: f64) -> Duration {
    let mut presets: Vec<f64> = SECONDS.iter().copied().filter(|s| *s >= min).collect();
    if min == 0.0 {
        presets.insert(0, 0.0);
    }
    Duration::from_secs_f64(step(&presets, d.as_secs_f64(), forward))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choices() -> Choices {
        Choices::defaults("/var/tmp".into())
    }

    #[test]
    fn a_step_round_the_picks_comes_back_and_a_switch_flips() {
        for s in &SETTINGS {
            let mut c = choices();
            let before = s.value(&c);
            match s.domain {
                Domain::Pick { names, .. } => {
                    let n = names().len();
                    let mut seen = std::collections::BTreeSet::new();
                    for _ in 0..n {
                        s.step(&mut c, true);
                        seen.insert(s.value(&c));
                    }
                    assert_eq!(seen.len(), n, "{}", s.option);
                    assert_eq!(s.value(&c), before, "{}", s.option);
                }
                Domain::Switch { get, .. } => {
                    let on = get(&c);
                    s.step(&mut c, true);
                    assert_eq!(get(&c), !on, "{}", s.option);
                }
                Domain::Typed { text, .. } => {
                    s.step(&mut c, true);
                    assert_ne!(text(&c), before, "{}", s.option);
                    s.step(&mut c, false);
                    assert_eq!(text(&c), before, "{}", s.option);
                }
            }
            // Flushing the whole page cache needs root (the library says
            // so); every other value stepped to is one a run takes.
            let root = rustix::process::geteuid().is_root();
            if s.option != "--drop-caches" || root {
                assert!(Settings::validate(c).is_ok(), "{}", s.option);
            }
        }
    }

    #[test]
    fn typed_text_is_checked_as_the_command_line_checks_it() {
        let c = choices();
        let measure = Setting::named("--measure").unwrap();
        let got = measure.typed(&c, "250ms").unwrap();
        assert_eq!(got.measure, Duration::from_millis(250));
        assert!(measure.typed(&c, "abc").unwrap_err().contains("abc"));
        // Below the library's minimum: its refusal, in its words.
        assert!(measure.typed(&c, "0.01").is_err());
        let mix = Setting::named("--mix-read").unwrap();
        assert!(mix.typed(&c, "101").is_err());
        assert_eq!(mix.typed(&c, "40").unwrap().mix_read, 40);
        assert!(Setting::named("--mode").unwrap().typed(&c, "x").is_err());
    }

    #[test]
    fn a_profile_brings_its_tests_and_clears_the_results() {
        let p = Setting::named("--profile").unwrap();
        assert!(p.clears_results);
        let mut c = choices();
        let Domain::Pick { set, .. } = p.domain else {
            panic!("a pick");
        };
        set(&mut c, 2);
        assert_eq!(c.profile, Profile::Peak);
        assert_eq!(c.tests, Profile::Peak.tests());
        assert_eq!(c.loop_stat, LoopStat::Best);
    }
}
