//! What a run will do and about how long it takes, said before it starts
//! (docs/measurement.md#the-estimate-at-the-start): every cell (a test in
//! one direction) runs its loops of warm-up plus measure window, each loop
//! costs a set-up besides (threads, engine, drain, the cache drop), and
//! the interval separates the cells. The pre-fill, `--verify`'s read-backs
//! and `--qos` depend on the disk's speed, which is not known before the
//! run: they are named, not timed.

use crate::config::Settings;
use crate::workload::Direction;
use std::time::Duration;

/// What one loop costs besides its warm-up and measure window with a
/// native engine: its threads and engine set up, the drain, the merge of
/// what the threads counted, the cache drop before a read. About 10 ms on
/// a loaded two-CPU machine (docs/measurement.md#the-estimate-at-the-start).
pub const NATIVE_LOOP_SETUP: Duration = Duration::from_millis(10);

/// The same for a loop run by fio: one fio process started, its job set
/// up and its json+ parsed; about 0.43 s measured with fio 3.33.
pub const FIO_LOOP_SETUP: Duration = Duration::from_millis(430);

/// A run's plan in the words and numbers said at its start.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// The profile's name as the report prints it (`Default`, `Custom`).
    pub profile: &'static str,
    /// Tests asked for.
    pub tests: usize,
    /// The directions each test runs in, in run order.
    pub directions: Vec<Direction>,
    /// Loops per cell; under `--steady-state`, the most rounds.
    pub loops: u32,
    /// Whether `loops` is a bound (`--steady-state` stops when steady).
    pub at_most: bool,
    /// The time the plan fixes: every loop with its set-up, the intervals.
    pub fixed: Duration,
    /// Bytes the pre-fill writes before the first test (0: none).
    pub prefill_bytes: u64,
    /// Whether `--verify` reads every write test's blocks back.
    pub verify: bool,
    /// Whether `--qos` runs after the tests.
    pub qos: bool,
}

impl Estimate {
    /// The estimate of a run of `settings`; `prefill` says whether the run
    /// writes its test file first (not on a device, not with the null
    /// engine).
    pub fn new(settings: &Settings, prefill: bool) -> Estimate {
        let directions = settings.directions();
        let tests = settings.tests.len();
        let cells = (tests * directions.len()) as u32;
        let setup = if settings.engine.native().is_some() {
            NATIVE_LOOP_SETUP
        } else {
            FIO_LOOP_SETUP
        };
        let per_loop = settings.warmup + settings.measure + setup;
        let mut per_cell = per_loop * settings.rounds();
        if settings.steady.is_some() {
            // --max-time ends a test's rounds too.
            per_cell = per_cell.min(settings.max_time + per_loop);
        }
        let pauses = settings.interval * cells.saturating_sub(1);
        Estimate {
            profile: settings.profile.display_name(),
            tests,
            directions,
            loops: settings.rounds(),
            at_most: settings.steady.is_some(),
            fixed: per_cell * cells + pauses,
            prefill_bytes: if prefill { settings.size } else { 0 },
            verify: settings.verify && settings.directions().iter().any(|d| d.writes()),
            qos: settings.qos,
        }
    }

    /// Cells in all: each test in each direction, the `N` of `[i/N]`.
    pub fn cells(&self) -> usize {
        self.tests * self.directions.len()
    }

    /// `Default: 8 tests (4 × read, write) × 5 loops, about 4 min 35 s,
    /// plus the pre-fill of 1 GiB`.
    pub fn sentence(&self) -> String {
        let names: Vec<&str> = self.directions.iter().map(|d| d.name()).collect();
        let count = match (self.tests, self.directions.len()) {
            (t, 1) => format!("{} {}", plural(t, "test"), names[0]),
            (t, _) => format!(
                "{} ({t} × {})",
                plural(self.cells(), "test"),
                names.join(", ")
            ),
        };
        let loops = match self.at_most {
            true => format!(
                "up to {} until steady",
                plural(self.loops as usize, "round")
            ),
            false => plural(self.loops as usize, "loop"),
        };
        let bound = if self.at_most { "at most" } else { "about" };
        let mut s = format!(
            "{}: {count} × {loops}, {bound} {}",
            self.profile,
            duration_words(self.fixed)
        );
        let mut plus = Vec::new();
        if self.prefill_bytes > 0 {
            plus.push(format!(
                "the pre-fill of {}",
                crate::units::file_size_label(self.prefill_bytes)
            ));
        }
        if self.verify {
            plus.push("--verify's read-backs".to_string());
        }
        if self.qos {
            plus.push("--qos".to_string());
        }
        if !plus.is_empty() {
            s.push_str(", plus ");
            s.push_str(&plus.join(" and "));
        }
        s
    }
}

impl super::RunPlan {
    /// What this run will do and about how long it takes, for saying so
    /// before it starts.
    pub fn estimate(&self) -> Estimate {
        let prefill = !self.target().is_device() && self.settings().engine.does_io();
        Estimate::new(self.settings(), prefill)
    }
}

/// `1 test`, `8 tests`.
fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// A duration as people say it, to the precision that matters at its
/// size: `3.2 s`, `42 s`, `4 min 35 s`, `1 h 5 min`.
pub fn duration_words(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 9.95 {
        return format!("{s:.1} s");
    }
    let whole = s.round() as u64;
    match whole {
        0..60 => format!("{whole} s"),
        60..3600 if whole.is_multiple_of(60) => format!("{} min", whole / 60),
        60..3600 => format!("{} min {} s", whole / 60, whole % 60),
        _ => {
            let minutes = (s / 60.0).round() as u64;
            match minutes % 60 {
                0 => format!("{} h", minutes / 60),
                m => format!("{} h {m} min", minutes / 60),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Choices;
    use crate::workload::Profile;

    fn settings(edit: impl FnOnce(&mut Choices)) -> Settings {
        let mut c = Choices::defaults(std::env::temp_dir());
        c.engine = crate::engine::EngineKind::Psync.into();
        edit(&mut c);
        Settings::validate(c).unwrap()
    }

    #[test]
    fn the_default_run_in_words() {
        let e = Estimate::new(&settings(|_| {}), true);
        assert_eq!(e.cells(), 8);
        // 40 loops of 1 + 5 s and their set-up, 7 intervals of 5 s.
        assert_eq!(e.fixed, Duration::from_millis(40 * 6010 + 35_000));
        assert_eq!(
            e.sentence(),
            "Default: 8 tests (4 × read, write) × 5 loops, about 4 min 35 s, plus the pre-fill of 1 GiB"
        );
    }

    #[test]
    fn one_direction_steady_rounds_fio_and_extras() {
        let s = settings(|c| {
            c.profile = Profile::Peak;
            c.tests = Profile::Peak.tests().to_vec();
            c.mode = crate::workload::Mode::Read;
            c.loops = 1;
            c.interval = Duration::ZERO;
            c.qos = true;
        });
        let e = Estimate::new(&s, false);
        assert_eq!(
            e.sentence(),
            "Peak Performance: 2 tests read × 1 loop, about 12 s, plus --qos"
        );
        let s = settings(|c| {
            c.steady = Some(crate::stats::steady::SteadyGoal::parse("iops:10%").unwrap());
            c.max_rounds = 25;
            c.verify = true;
        });
        let e = Estimate::new(&s, true);
        assert!(e.at_most && e.loops == 25);
        assert!(
            e.sentence()
                .contains("× up to 25 rounds until steady, at most ")
                && e.sentence()
                    .ends_with("plus the pre-fill of 1 GiB and --verify's read-backs"),
            "{}",
            e.sentence()
        );
        let fio = settings(|c| {
            c.engine = crate::backend::Backend::Fio(crate::fio::FioEngine {
                ioengine: "psync".into(),
                binary: "fio".into(),
                version: "fio-3.33".into(),
            })
        });
        let native = Estimate::new(&settings(|_| {}), true).fixed;
        assert_eq!(
            Estimate::new(&fio, true).fixed - native,
            (FIO_LOOP_SETUP - NATIVE_LOOP_SETUP) * 40
        );
    }

    #[test]
    fn durations_in_words() {
        let w = |s: f64| duration_words(Duration::from_secs_f64(s));
        assert_eq!(w(3.24), "3.2 s");
        assert_eq!(w(9.96), "10 s");
        assert_eq!(w(42.4), "42 s");
        assert_eq!(w(275.4), "4 min 35 s");
        assert_eq!(w(120.2), "2 min");
        assert_eq!(w(3900.0), "1 h 5 min");
        assert_eq!(w(7200.0), "2 h");
    }
}
