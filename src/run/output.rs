//! What a run produced: its tests' loops, its notes, how it ended.

use super::stop::StopReason;
use crate::plan::PlannedTest;
use crate::stats::{LoopResult, Selected, select};
use crate::workload::Direction;
use std::path::PathBuf;

/// All loops of one test in one direction.
#[derive(Debug, Clone, PartialEq)]
pub struct TestResult {
    /// The test as planned (requested and applied Q/T, notes).
    pub plan: PlannedTest,
    /// Read, Write or Mix.
    pub direction: Direction,
    /// Every loop, in order.
    pub loops: Vec<LoopResult>,
    /// What the device's and the CPU's view say about the figures.
    pub observations: Vec<String>,
    /// Figures that are not the drive's: a cache's, or above its link
    /// (docs/measurement.md#flags); their notes are in `observations`.
    pub flags: Vec<super::flags::Flag>,
    /// The CPU-bound note's numbers, when the test was CPU-bound; its
    /// sentence is in `observations`, and the report says the notes of
    /// several tests as one line with their range
    /// (docs/report.md#notes).
    pub cpu: Option<super::cpu_note::CpuNote>,
    /// Under --verify: written blocks read back and found intact.
    pub verified: Option<u64>,
    /// How the engine set itself up (its first loop's; the same for
    /// every loop; default for fio).
    pub facts: crate::engine::EngineFacts,
    /// Under `--steady-state`: how its rounds ended.
    pub steady: Option<crate::stats::steady::SteadyOutcome>,
    /// On many hosts (`--host`): each host's loops; `loops` are then
    /// their totals (docs/hosts.md#the-total-over-hosts). Empty for a
    /// local run.
    pub hosts: Vec<HostLoops>,
}

/// I/Os and the bytes they moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counted {
    /// I/Os.
    pub ios: u64,
    /// Bytes.
    pub bytes: u64,
}

/// Where a host's window lay, ns from the first host's start of the loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WindowSpan {
    /// Its start.
    pub start_ns: u64,
    /// Its end (when it was done).
    pub end_ns: u64,
}

/// One host's part of a test run on many hosts at once.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct HostLoops {
    /// The host as given (`HOST:PORT`).
    pub host: String,
    /// What its fio server said its version is.
    pub fio_version: Option<String>,
    /// What its diskmark said its version is (over ssh).
    pub diskmark_version: Option<String>,
    /// Over ssh: its clock minus this machine's, ns, as measured at its
    /// last loop (docs/hosts.md#windows-that-start-together).
    pub clock_offset_ns: Option<i64>,
    /// Over ssh: per loop, what it counted while every host measured (the
    /// part of it the total holds).
    pub in_common: Vec<Counted>,
    /// Over ssh: per loop, where its window lay on this machine's clock,
    /// from the loop's first start.
    pub windows: Vec<WindowSpan>,
    /// Its loops, in order.
    pub loops: Vec<LoopResult>,
}

impl TestResult {
    /// A test before its loops, with nothing observed yet.
    pub fn empty(plan: PlannedTest, direction: Direction) -> Self {
        TestResult {
            plan,
            direction,
            loops: Vec::new(),
            observations: Vec::new(),
            flags: Vec::new(),
            cpu: None,
            verified: None,
            facts: Default::default(),
            steady: None,
            hosts: Vec::new(),
        }
    }

    /// A test run on many hosts (`--host`), before its loops: `hosts`
    /// receive each host's loops, `loops` their totals. It keeps no flags,
    /// CPU note or observations of its own: the cache and link flags read
    /// this machine's device and link, and the CPU note its CPUs, which a
    /// remote host's figures never touch; each host's own notes are the
    /// run's, under its name (docs/hosts.md).
    pub fn over_hosts(plan: PlannedTest, direction: Direction, hosts: Vec<HostLoops>) -> Self {
        TestResult {
            hosts,
            ..Self::empty(plan, direction)
        }
    }

    /// The loops summarised by `stat`.
    pub fn selected(&self, stat: crate::stats::LoopStat) -> Option<Selected> {
        select(&self.loops, stat)
    }

    /// One host's loops summarised as the total is: under `best` and
    /// `median` the host's part of the loop the total chose (not the
    /// host's own best, from another loop), so that the hosts' figures
    /// add up to the total's; under `mean` the host's loops pooled.
    pub fn host_selected(
        &self,
        host: &HostLoops,
        stat: crate::stats::LoopStat,
    ) -> Option<Selected> {
        match self.selected(stat)?.loop_index {
            Some(i) => host.loops.get(i).map(|l| Selected {
                result: l.clone(),
                loop_index: Some(i),
            }),
            None => select(&host.loops, stat),
        }
    }
}

/// What a run produced.
#[derive(Debug, Clone, PartialEq)]
pub struct RunOutput {
    /// When it started (local time).
    pub started: chrono::DateTime<chrono::Local>,
    /// Finished tests, in the order they ran.
    pub tests: Vec<TestResult>,
    /// Notes about the whole run (adaptations, caveats), deduplicated.
    pub notes: Vec<String>,
    /// What ended the run early, if something did.
    pub interrupted: Option<StopReason>,
    /// The test file, when `--keep-file` left it in place.
    pub kept_file: Option<PathBuf>,
    /// How the test file (or raw device) was set up.
    pub test_file: TestFileInfo,
    /// Under `--qos`: the reads alone and under the writer.
    pub qos: Option<super::qos::QosResult>,
    /// A sustained write's series and what it shows (`diskmark
    /// sustained`); `None` for a run of tests.
    pub sustained: Option<crate::stats::sustained::SustainedResult>,
    /// A span map's samples and access times (`diskmark span`); `None`
    /// for a run of tests.
    pub span: Option<crate::stats::span::SpanResult>,
    /// How long the whole run took, from its start to its end (pre-fill,
    /// every test and the clean-up); `None` until it has ended.
    pub elapsed: Option<std::time::Duration>,
    /// The engine the run used when it is not the settings' one: ssh hosts
    /// agreed on the best engine that works on all of them
    /// (docs/hosts.md#one-engine-on-every-host).
    pub engine: Option<crate::backend::Backend>,
}

/// How the test file was set up, for the JSON.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct TestFileInfo {
    /// A raw block device was read instead of a test file.
    pub raw_device: bool,
    /// Bytes tested.
    pub size: u64,
    /// The kernel's direct-I/O offset alignment for it (STATX_DIOALIGN).
    pub dio_align: Option<u32>,
    /// NOCOW on a copy-on-write filesystem: set (true), refused (false),
    /// or not asked (null).
    pub nocow: Option<bool>,
    /// Time the pre-fill took, writes and final fsync, ns (0: none).
    pub prefill_ns: u64,
}
