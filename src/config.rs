//! The settings of one run. A front-end (the CLI, the TUI, a GUI) fills in
//! a plain [`Choices`]; [`Settings::validate`] checks every range and every
//! combination once and is the only way to a [`Settings`], which can be
//! read (it derefs to its choices) but no longer changed: everything after
//! it trusts it. To change a setting, edit the choices and validate again.

use crate::backend::Backend;
use crate::engine::EngineKind;
use crate::stats::LoopStat;
use crate::stats::steady::SteadyGoal;
use crate::units::{GIB, MIB};
use crate::workload::{DataKind, Direction, Mode, Profile, TestSpec};
use std::path::PathBuf;
use std::time::Duration;

/// Smallest test file.
pub const MIN_SIZE: u64 = 16 * MIB;
/// Largest test file.
pub const MAX_SIZE: u64 = 64 * GIB;
/// Most loops.
pub const MAX_LOOPS: u32 = 100;
/// Shortest measure window: below it a window holds too few I/Os (and too
/// few progress ticks) for its figures to mean anything.
pub const MIN_MEASURE: Duration = Duration::from_millis(100);

/// `--max-rounds`' default under `--steady-state`.
pub const DEFAULT_MAX_ROUNDS: u32 = 25;
/// Most rounds `--max-rounds` accepts.
pub const MAX_ROUNDS: u32 = 1000;
/// `--max-time`'s default under `--steady-state`.
pub const DEFAULT_MAX_TIME: Duration = Duration::from_secs(600);

/// Longest measure, warm-up or interval time.
pub const MAX_SECONDS: u64 = 3600;

/// What a front-end asks for: everything that decides what a run does and
/// what its numbers mean, not yet checked.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Choices {
    /// Directory in which the test file is created.
    pub target: PathBuf,
    /// Built-in profile, or Custom when tests were given.
    pub profile: Profile,
    /// The tests, in report order.
    pub tests: Vec<TestSpec>,
    /// Whether Mix tests run.
    pub mix: bool,
    /// Read percentage of Mix tests.
    pub mix_read: u8,
    /// Which of Read and Write run.
    pub mode: Mode,
    /// Test file size, bytes.
    pub size: u64,
    /// Loops per test.
    pub loops: u32,
    /// Measure window per loop.
    #[serde(serialize_with = "ser_secs")]
    pub measure: Duration,
    /// Pause between tests.
    #[serde(serialize_with = "ser_secs")]
    pub interval: Duration,
    /// Warm-up before each measure window.
    #[serde(serialize_with = "ser_secs")]
    pub warmup: Duration,
    /// Content of written data.
    pub data: DataKind,
    /// O_DIRECT on.
    pub direct: bool,
    /// Skip the page-cache drop before read loops.
    pub keep_cache: bool,
    /// How loops are summarised.
    pub loop_stat: LoopStat,
    /// I/O engine.
    pub engine: Backend,
    /// Seed of every generator of the run.
    pub seed: u64,
    /// Run exactly the requested Q and T or refuse.
    pub strict: bool,
    /// Polled completions (io_uring IOPOLL).
    pub hipri: bool,
    /// `--sqpoll`: a kernel thread submits (io_uring SQPOLL).
    pub sqpoll: bool,
    /// `--cpus`: the CPUs the workers run on; empty, wherever the
    /// scheduler puts them.
    #[serde(skip_serializing_if = "crate::host::CpuList::is_empty")]
    pub cpus: crate::host::CpuList,
    /// Leave the test file in place at the end (for inspection).
    pub keep_file: bool,
    /// Keep copy-on-write on btrfs/bcachefs (no NOCOW).
    pub cow: bool,
    /// Also drop the whole page cache before read loops (root).
    pub drop_caches: bool,
    /// Open the test file with O_DSYNC.
    pub dsync: bool,
    /// Check every written block afterwards.
    pub verify: bool,
    /// `--steady-state`: each test runs rounds until steady (docs/measurement.md#steady-state)
    /// instead of `loops` loops.
    pub steady: Option<SteadyGoal>,
    /// Most rounds of a test under `--steady-state`.
    pub max_rounds: u32,
    /// Most time of a test's rounds under `--steady-state`.
    #[serde(serialize_with = "ser_secs")]
    pub max_time: Duration,
    /// `--qos`: read latency alone and under a background writer
    /// (docs/measurement.md#latency-under-load).
    pub qos: bool,
    /// `--details`: the text report also shows how much each test's loops
    /// disagree (docs/report.md#details). Only how the result is shown.
    #[serde(skip)]
    pub details: bool,
    /// `--label`: a name for the run, kept in its JSON and history, that
    /// names it in `compare` and the CSV. Checked by
    /// [`Settings::validate`]: printable, at most [`MAX_LABEL`] characters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

fn ser_secs<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

/// Validated [`Choices`]: made only by [`Settings::validate`], read through
/// `Deref` (`settings.size`), never changed afterwards.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(transparent)]
pub struct Settings {
    choices: Choices,
}

impl std::ops::Deref for Settings {
    type Target = Choices;
    fn deref(&self) -> &Choices {
        &self.choices
    }
}

/// A setting that cannot be used; names the option and what is accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{option}: {message}")]
pub struct UsageError {
    /// The option, as typed (`--size`).
    pub option: &'static str,
    /// What is wrong and what is accepted.
    pub message: String,
}

impl UsageError {
    /// An error about `option`.
    pub fn new(option: &'static str, message: impl Into<String>) -> Self {
        UsageError {
            option,
            message: message.into(),
        }
    }
}

impl Choices {
    /// The defaults of docs/measurement.md#profiles-ranges-and-defaults for `target`.
    pub fn defaults(target: PathBuf) -> Self {
        Choices {
            target,
            profile: Profile::Default,
            tests: Profile::Default.tests().to_vec(),
            mix: false,
            mix_read: 70,
            mode: Mode::Rw,
            size: GIB,
            loops: 5,
            measure: Duration::from_secs(5),
            interval: Duration::from_secs(5),
            warmup: Duration::from_secs(1),
            data: DataKind::Random,
            direct: true,
            keep_cache: false,
            loop_stat: LoopStat::Mean,
            engine: Backend::Native(EngineKind::PORTABLE),
            seed: 0,
            strict: false,
            hipri: false,
            sqpoll: false,
            cpus: crate::host::CpuList::default(),
            keep_file: false,
            cow: false,
            drop_caches: false,
            dsync: false,
            verify: false,
            steady: None,
            max_rounds: DEFAULT_MAX_ROUNDS,
            max_time: DEFAULT_MAX_TIME,
            qos: false,
            details: false,
            label: None,
        }
    }

    /// A run of `test` alone in `mode`, once, from a front-end's `base`
    /// (a sustained write's, a span map's): the target, engine, seed and
    /// label kept; everything else a run's default, so that nothing the
    /// mode does not do (verify, QoS, steady state, Mix) comes along. The
    /// test is the user's own (the custom profile).
    pub fn one_test(base: &Choices, test: TestSpec, mode: Mode) -> Choices {
        let mut c = Choices::defaults(base.target.clone());
        c.profile = Profile::Custom;
        c.tests = vec![test];
        c.loop_stat = LoopStat::for_profile(Profile::Custom);
        c.mode = mode;
        c.loops = 1;
        c.engine = base.engine.clone();
        c.sqpoll = base.sqpoll;
        c.cpus = base.cpus.clone();
        c.seed = base.seed;
        c.label = base.label.clone();
        c
    }

    /// Loops (rounds) each test runs at most: `loops`, or under
    /// `--steady-state` `max_rounds`.
    pub fn rounds(&self) -> u32 {
        match self.steady {
            Some(_) => self.max_rounds,
            None => self.loops,
        }
    }

    /// The directions that run, in report order: Read, Write, Mix.
    pub fn directions(&self) -> Vec<Direction> {
        let mut d = Vec::new();
        if matches!(self.mode, Mode::Rw | Mode::Read) {
            d.push(Direction::Read);
        }
        if matches!(self.mode, Mode::Rw | Mode::Write) {
            d.push(Direction::Write);
        }
        if self.mix || self.mode == Mode::Mix {
            d.push(Direction::Mix {
                read_pct: self.mix_read,
            });
        }
        d
    }
}

impl Settings {
    /// Checks every range and every combination of `choices`, and that the
    /// chosen native engine works here; the first problem found is
    /// returned. Nothing is touched on disk.
    pub fn validate(choices: Choices) -> Result<Settings, UsageError> {
        check_engine(&choices)?;
        check_privileges(&choices)?;
        check_ranges(&choices)?;
        check_combinations(&choices)?;
        check_tests(&choices)?;
        check_steady(&choices)?;
        check_qos(&choices)?;
        check_label(&choices)?;
        Ok(Settings { choices })
    }

    /// These settings with `engine` in place of theirs, for a run whose
    /// I/O is done elsewhere: ssh hosts that agreed on the best engine
    /// that works on all of them (docs/hosts.md#one-engine-on-every-host).
    /// It is not checked here, where it does no I/O; every range and
    /// combination was checked already, and none depends on a native
    /// engine.
    pub(crate) fn with_remote_engine(&self, engine: crate::engine::EngineKind) -> Settings {
        let mut choices = self.choices.clone();
        choices.engine = Backend::Native(engine);
        Settings { choices }
    }

    /// The choices these settings were made from, to edit and validate
    /// again.
    pub fn choices(&self) -> &Choices {
        &self.choices
    }

    /// The choices, given back.
    pub fn into_choices(self) -> Choices {
        self.choices
    }
}

/// The longest `--label`, in characters.
pub const MAX_LABEL: usize = 64;

/// A label is shown in tables and stored in files: one short line of
/// printable characters, so it never moves a terminal's cursor.
fn check_label(c: &Choices) -> Result<(), UsageError> {
    let Some(label) = &c.label else {
        return Ok(());
    };
    let why = if label.trim().is_empty() {
        "the label is empty"
    } else if label.chars().count() > MAX_LABEL {
        "the label is longer than 64 characters"
    } else if label.chars().any(char::is_control) {
        "the label holds a control character (a newline, a tab or an escape)"
    } else {
        return Ok(());
    };
    Err(UsageError::new(
        "--label",
        format!("{why}: give a short name of printable characters, e.g. --label nightly-nvme0"),
    ))
}

/// Names of the engines that work here.
pub fn available_engines() -> Vec<&'static str> {
    crate::engine::registry::probe_all()
        .into_iter()
        .filter(|p| p.status.is_ok())
        .map(|p| p.kind.name())
        .collect()
}

/// A native engine must work here (fio was found when it was chosen); a
/// fio engine's name goes into fio's command line and job files, where
/// fio must read it as typed (docs/fio.md#what-fio-reads-as-written).
fn check_engine(c: &Choices) -> Result<(), UsageError> {
    if let Backend::Fio(f) = &c.engine
        && let Err(e) = crate::fio::job::literal(&f.ioengine)
    {
        return Err(UsageError::new(
            "--engine",
            format!(
                "fio:{} {e}; give the name of one of fio's engines, e.g. fio:libaio",
                f.ioengine.escape_debug()
            ),
        ));
    }
    if let Backend::Native(kind) = c.engine
        && let Err(why) = crate::engine::registry::probe(kind).status
    {
        return Err(UsageError::new(
            "--engine",
            format!(
                "{kind} is not available here: {why} (available here: {})",
                available_engines().join(", ")
            ),
        ));
    }
    Ok(())
}

/// What needs root.
fn check_privileges(c: &Choices) -> Result<(), UsageError> {
    if c.drop_caches && !rustix::process::geteuid().is_root() {
        return Err(UsageError::new(
            "--drop-caches",
            "writing /proc/sys/vm/drop_caches needs root; without it diskmark still drops the test file's own cached pages before each read loop",
        ));
    }
    Ok(())
}

/// Each number within its accepted range.
fn check_ranges(c: &Choices) -> Result<(), UsageError> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&c.size) {
        return Err(UsageError::new(
            "--size",
            format!(
                "{} is outside the accepted 16MiB..64GiB",
                crate::units::human_bytes(c.size)
            ),
        ));
    }
    if !c.size.is_multiple_of(MIB) {
        return Err(UsageError::new(
            "--size",
            "the test file must be a whole number of MiB (e.g. 1G, 512M)",
        ));
    }
    if !(1..=MAX_LOOPS).contains(&c.loops) {
        return Err(UsageError::new(
            "--loops",
            format!("{} is outside the accepted 1..{MAX_LOOPS}", c.loops),
        ));
    }
    let max = Duration::from_secs(MAX_SECONDS);
    if c.measure < MIN_MEASURE || c.measure > max {
        return Err(UsageError::new(
            "--measure",
            format!(
                "must be {}..{MAX_SECONDS} seconds",
                MIN_MEASURE.as_secs_f64()
            ),
        ));
    }
    for (option, d) in [("--interval", c.interval), ("--warmup", c.warmup)] {
        if d > max {
            return Err(UsageError::new(
                option,
                format!("must be 0..{MAX_SECONDS} seconds"),
            ));
        }
    }
    if c.mix_read > 100 {
        return Err(UsageError::new(
            "--mix-read",
            format!("{} is outside the accepted 0..100", c.mix_read),
        ));
    }
    Ok(())
}

/// `--sqpoll` and `--cpus` place diskmark's own engine's work.
fn check_placement(c: &Choices) -> Result<(), UsageError> {
    if c.sqpoll && !c.engine.native().is_some_and(EngineKind::kernel_submits) {
        return Err(UsageError::new(
            "--sqpoll",
            format!(
                "submission by a kernel thread needs --engine {}, not {}",
                EngineKind::kernel_submitting_names(),
                c.engine
            ),
        ));
    }
    if !c.cpus.is_empty() && c.engine.native().is_none() {
        return Err(UsageError::new(
            "--cpus",
            format!(
                "places diskmark's own workers: use a native engine, not {} (fio has --cpus_allowed)",
                c.engine
            ),
        ));
    }
    let refused = c.cpus.not_allowed();
    if !refused.is_empty() {
        let list: Vec<String> = refused.iter().map(u32::to_string).collect();
        return Err(UsageError::new(
            "--cpus",
            format!(
                "this process may not run on CPU {}; `taskset -pc $$` lists the CPUs it may use",
                list.join(", ")
            ),
        ));
    }
    Ok(())
}

/// Options that need others: --hipri, --verify.
fn check_combinations(c: &Choices) -> Result<(), UsageError> {
    if c.hipri && !c.engine.polls() {
        return Err(UsageError::new(
            "--hipri",
            format!(
                "polled completions need --engine {}, not {}",
                EngineKind::polling_names(),
                c.engine
            ),
        ));
    }
    if c.hipri && !c.direct {
        return Err(UsageError::new(
            "--hipri",
            "polled completions need O_DIRECT; drop --buffered",
        ));
    }
    check_placement(c)?;
    if c.verify && c.engine.native().is_none() {
        return Err(UsageError::new(
            "--verify",
            format!(
                "checks need diskmark's own writes: use a native engine, not {}",
                c.engine
            ),
        ));
    }
    if c.verify && !c.engine.does_io() {
        return Err(UsageError::new(
            "--verify",
            format!(
                "the {} engine writes nothing, so there is nothing to check; use a real engine (see diskmark engines)",
                c.engine
            ),
        ));
    }
    if c.verify && !c.directions().iter().any(|d| d.writes()) {
        return Err(UsageError::new(
            "--verify",
            "no test writes with this --mode, so there is nothing to check; use --mode rw, write or mix, or drop --verify",
        ));
    }
    Ok(())
}

/// Every test valid in itself and against the file size and O_DIRECT.
fn check_tests(c: &Choices) -> Result<(), UsageError> {
    if c.tests.is_empty() {
        return Err(UsageError::new("--test", "no test to run"));
    }
    for t in &c.tests {
        t.validate()
            .map_err(|e| UsageError::new("--test", e.to_string()))?;
        if t.block_size > c.size {
            return Err(UsageError::new(
                "--test",
                format!(
                    "{t}: block size {} is larger than the test file ({}); use a larger --size",
                    crate::units::block_label(t.block_size),
                    crate::units::file_size_label(c.size)
                ),
            ));
        }
        if c.direct && t.block_size % 512 != 0 {
            return Err(UsageError::new(
                "--test",
                format!(
                    "{t}: with O_DIRECT the block size must be a multiple of 512 bytes (or use --buffered)"
                ),
            ));
        }
    }
    Ok(())
}

/// `--steady-state`'s limit and its bounds (docs/measurement.md#steady-state).
fn check_steady(c: &Choices) -> Result<(), UsageError> {
    use crate::stats::steady::WINDOW;
    let Some(goal) = c.steady else {
        return Ok(());
    };
    if !(goal.limit_pct > 0.0 && goal.limit_pct <= 100.0) {
        return Err(UsageError::new(
            "--steady-state",
            format!(
                "the limit {}% is outside the accepted 0..100% (excluded 0); SNIA's is 20%, e.g. iops:20%",
                goal.limit_pct
            ),
        ));
    }
    if !(WINDOW as u32..=MAX_ROUNDS).contains(&c.max_rounds) {
        return Err(UsageError::new(
            "--max-rounds",
            format!(
                "{} is outside the accepted {WINDOW}..{MAX_ROUNDS}: steady state is judged on the last {WINDOW} rounds",
                c.max_rounds
            ),
        ));
    }
    let round = c.warmup + c.measure;
    if c.max_time < round || c.max_time > Duration::from_secs(24 * MAX_SECONDS) {
        return Err(UsageError::new(
            "--max-time",
            format!(
                "must be at least one round ({} s of warm-up and measure) and at most 24 hours",
                round.as_secs_f64()
            ),
        ));
    }
    Ok(())
}

/// `--qos` reads through diskmark's own histograms, on a file it writes.
fn check_qos(c: &Choices) -> Result<(), UsageError> {
    if !c.qos {
        return Ok(());
    }
    if c.engine.native().is_none() {
        return Err(UsageError::new(
            "--qos",
            format!(
                "its percentiles come from diskmark's merged histograms: use a native engine, not {}",
                c.engine
            ),
        ));
    }
    if !c.engine.does_io() {
        return Err(UsageError::new(
            "--qos",
            format!(
                "the {} engine does no I/O, so there is no latency to measure; use a real engine (see diskmark engines)",
                c.engine
            ),
        ));
    }
    Ok(())
}

/// A seed that differs from run to run.
pub fn random_seed() -> u64 {
    let mut s = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        ^ (u64::from(std::process::id()) << 32);
    crate::workload::access::splitmix64(&mut s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workload::parse_test;

    fn ok() -> Choices {
        Choices::defaults(PathBuf::from("."))
    }

    #[test]
    fn a_label_is_one_short_printable_line() {
        let with = |l: &str| Choices {
            label: Some(l.into()),
            ..ok()
        };
        assert!(Settings::validate(with("nightly nvme0 · ext4")).is_ok());
        for bad in ["", "  ", "a\nb", "a\u{1b}[2Jb", &"x".repeat(MAX_LABEL + 1)] {
            let e = Settings::validate(with(bad)).unwrap_err();
            assert_eq!(e.option, "--label", "{bad:?}");
        }
        assert!(Settings::validate(with(&"é".repeat(MAX_LABEL))).is_ok());
    }

    #[test]
    fn defaults_are_valid() {
        let s = Settings::validate(ok()).unwrap();
        assert_eq!(s.directions(), [Direction::Read, Direction::Write]);
        assert_eq!(s.choices(), &ok());
        assert_eq!(s.into_choices(), ok());
    }

    #[test]
    fn each_bad_value_names_its_option() {
        type Change = Box<dyn Fn(&mut Choices)>;
        let io_uring = crate::engine::registry::probe(EngineKind::IoUring)
            .status
            .is_ok();
        let mut cases: Vec<(&str, Change)> = vec![
            ("--size", Box::new(|s| s.size = 8 * MIB)),
            ("--size", Box::new(|s| s.size = 65 * GIB)),
            ("--size", Box::new(|s| s.size = 16 * MIB + 4096)),
            ("--loops", Box::new(|s| s.loops = 0)),
            ("--loops", Box::new(|s| s.loops = 101)),
            ("--measure", Box::new(|s| s.measure = Duration::ZERO)),
            (
                "--measure",
                Box::new(|s| s.measure = Duration::from_secs(3601)),
            ),
            (
                "--warmup",
                Box::new(|s| s.warmup = Duration::from_secs(3601)),
            ),
            (
                "--interval",
                Box::new(|s| s.interval = Duration::from_secs(9999)),
            ),
            ("--mix-read", Box::new(|s| s.mix_read = 101)),
            ("--hipri", Box::new(|s| s.hipri = true)),
            ("--sqpoll", Box::new(|s| s.sqpoll = true)),
            (
                "--cpus",
                Box::new(|s| {
                    s.cpus = crate::host::CpuList::parse(&format!("{}", crate::host::MAX_CPUS - 1))
                        .unwrap()
                }),
            ),
            (
                "--verify",
                Box::new(|s| {
                    s.verify = true;
                    s.engine = EngineKind::Null.into();
                }),
            ),
            (
                "--verify",
                Box::new(|s| {
                    s.verify = true;
                    s.mode = Mode::Read;
                }),
            ),
            ("--test", Box::new(|s| s.tests.clear())),
            (
                "--test",
                Box::new(|s| {
                    s.size = 16 * MIB;
                    s.tests = vec![parse_test("SEQ32M Q1T1").unwrap()];
                }),
            ),
            (
                "--test",
                Box::new(|s| {
                    s.tests = vec![TestSpec {
                        block_size: 1000,
                        ..parse_test("RND4K Q1T1").unwrap()
                    }]
                }),
            ),
        ];
        // The engine is checked first: where io_uring does not work, that
        // is the refusal.
        cases.push((
            if io_uring { "--hipri" } else { "--engine" },
            Box::new(|s| {
                s.hipri = true;
                s.engine = EngineKind::IoUring.into();
                s.direct = false;
            }),
        ));
        if !rustix::process::geteuid().is_root() {
            cases.push(("--drop-caches", Box::new(|s| s.drop_caches = true)));
        }
        for (option, change) in cases {
            let mut s = ok();
            change(&mut s);
            let e = Settings::validate(s).unwrap_err();
            assert_eq!(e.option, option, "{e}");
        }
    }

    #[test]
    fn odd_block_is_fine_when_buffered() {
        let mut s = ok();
        s.direct = false;
        s.tests = vec![TestSpec {
            block_size: 1000,
            ..parse_test("RND4K Q1T1").unwrap()
        }];
        Settings::validate(s).unwrap();
    }

    #[test]
    fn modes_and_mix_choose_sections() {
        let mut s = ok();
        s.mode = Mode::Read;
        s.mix = true;
        s.mix_read = 60;
        assert_eq!(
            s.directions(),
            [Direction::Read, Direction::Mix { read_pct: 60 }]
        );
        s.mode = Mode::Write;
        s.mix = false;
        assert_eq!(s.directions(), [Direction::Write]);
        s.mode = Mode::Mix;
        assert_eq!(s.directions(), [Direction::Mix { read_pct: 60 }]);
    }

    #[test]
    fn steady_state_and_qos_are_checked_once() {
        fn goal(s: &str) -> Option<SteadyGoal> {
            Some(SteadyGoal::parse(s).unwrap())
        }
        let mut c = ok();
        c.steady = goal("iops:20%");
        let s = Settings::validate(c.clone()).unwrap();
        assert_eq!(s.rounds(), DEFAULT_MAX_ROUNDS);
        assert_eq!(Settings::validate(ok()).unwrap().rounds(), 5);
        type Change = Box<dyn Fn(&mut Choices)>;
        let cases: Vec<(&str, Change)> = vec![
            ("--steady-state", Box::new(|s| s.steady = goal("bw:0%"))),
            ("--steady-state", Box::new(|s| s.steady = goal("bw:101%"))),
            ("--max-rounds", Box::new(|s| s.max_rounds = 4)),
            ("--max-rounds", Box::new(|s| s.max_rounds = MAX_ROUNDS + 1)),
            (
                "--max-time",
                Box::new(|s| s.max_time = Duration::from_millis(500)),
            ),
        ];
        for (option, change) in cases {
            let mut bad = c.clone();
            change(&mut bad);
            let e = Settings::validate(bad).unwrap_err();
            assert_eq!(e.option, option, "{e}");
            assert!(!e.message.contains('\n'), "{e}");
        }
        let mut q = ok();
        q.qos = true;
        assert!(Settings::validate(q.clone()).is_ok());
        q.engine = EngineKind::Null.into();
        assert_eq!(Settings::validate(q).unwrap_err().option, "--qos");
    }
}
