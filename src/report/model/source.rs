//! What a report is made from: a finished (or interrupted) run with what
//! was asked, where it ran and on what machine.

use crate::config::Settings;
use crate::host::HostInfo;
use crate::run::{CpuNote, RunOutput, TestResult};
use crate::stats::headline::headline;
use crate::stats::{DirSummary, Spread};
use crate::target::TargetInfo;
use crate::workload::Direction;

/// Everything a report shows.
#[derive(Debug, Clone, Copy)]
pub struct Report<'a> {
    /// What was asked.
    pub settings: &'a Settings,
    /// Where it ran.
    pub target: &'a TargetInfo,
    /// On what machine.
    pub host: &'a HostInfo,
    /// What was measured.
    pub output: &'a RunOutput,
}

impl Report<'_> {
    /// The directions that have at least one finished test, in report
    /// order.
    pub fn sections(&self) -> Vec<Direction> {
        self.settings
            .directions()
            .into_iter()
            .filter(|d| self.output.tests.iter().any(|t| t.direction == *d))
            .collect()
    }

    /// Finished tests of one direction, in profile order.
    pub fn tests_of(&self, d: Direction) -> impl Iterator<Item = &TestResult> {
        self.output.tests.iter().filter(move |t| t.direction == d)
    }

    /// Whether the run had tests but none completed an I/O in its window:
    /// nothing was measured.
    pub fn measured_nothing(&self) -> bool {
        let s = self.settings;
        !self.output.tests.is_empty()
            && self.output.tests.iter().all(|t| {
                t.selected(s.loop_stat).is_none_or(|sel| {
                    !headline(t.direction, &sel.result)
                        .summary(sel.result.window_ns)
                        .completed()
                })
            })
    }

    /// Every note: the run's, what the tests observed (the same note of
    /// several tests on one line), then an interruption if there was one.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = self.output.notes.clone();
        for o in collapse(&self.output.tests) {
            if !notes.contains(&o) {
                notes.push(o);
            }
        }
        let verified: Vec<u64> = self
            .output
            .tests
            .iter()
            .filter_map(|t| t.verified)
            .collect();
        if !verified.is_empty() {
            notes.push(format!(
                "--verify: every written block read back as written ({} blocks checked after {} write tests)",
                verified.iter().sum::<u64>(),
                verified.len()
            ));
        }
        // A span map shows samples, not tests.
        let what = match self.output.span {
            Some(_) => "samples",
            None => "tests",
        };
        match self.output.interrupted {
            Some(crate::run::StopReason::User) => {
                notes.push(format!("stopped: only the {what} that finished are shown"))
            }
            Some(crate::run::StopReason::Signal(sig)) => notes.push(format!(
                "interrupted by {}: only the {what} that finished are shown",
                signal_name(sig)
            )),
            None => {}
        }
        notes
    }
}

/// The tests' observations, the same note of several tests as one line
/// that lists them: `SEQ1M Q8T1 read, RND4K Q1T1 read: no I/O ...`; the
/// CPU-bound notes, which differ in their numbers, as one line per kind
/// with each number's range (docs/report.md#notes).
pub fn collapse(tests: &[TestResult]) -> Vec<String> {
    /// A line to be: a sentence and the tests that observed it, or the
    /// CPU notes of one kind, which are said together.
    enum Group {
        Same(String, Vec<String>),
        Cpu(Vec<(String, CpuNote)>),
    }
    let mut groups: Vec<Group> = Vec::new();
    for t in tests {
        let name = format!("{} {}", t.plan.requested, t.direction.name());
        let prefix = format!("{name}: ");
        for o in &t.observations {
            if let Some(c) = t.cpu.filter(|c| *o == c.note(&name)) {
                // One group for every CPU note; `cpu_note::collapse`
                // splits it by kind where it is said.
                match groups.iter_mut().find(|g| matches!(g, Group::Cpu(_))) {
                    Some(Group::Cpu(v)) => v.push((name.clone(), c)),
                    _ => groups.push(Group::Cpu(vec![(name.clone(), c)])),
                }
                continue;
            }
            let (what, who) = match o.strip_prefix(&prefix) {
                Some(rest) => (rest.to_string(), Some(name.clone())),
                None => (o.clone(), None),
            };
            let same = groups.iter_mut().find_map(|g| match g {
                Group::Same(w, names) if *w == what => Some(names),
                _ => None,
            });
            match same {
                Some(names) => names.extend(who.filter(|n| !names.contains(n))),
                None => groups.push(Group::Same(what, who.into_iter().collect())),
            }
        }
    }
    groups
        .into_iter()
        .flat_map(|g| match g {
            Group::Same(what, names) if names.is_empty() => vec![what],
            Group::Same(what, names) => vec![format!("{}: {what}", names.join(", "))],
            Group::Cpu(notes) => crate::run::cpu_note::collapse(&notes),
        })
        .collect()
}

/// `SIGINT`, `SIGQUIT`, `SIGRTMIN+1`, ... or `signal N`.
pub fn signal_name(sig: i32) -> String {
    crate::run::signals::name(sig)
}

/// How much a test's loops disagree: the spread of each headline figure
/// over the loops that have figures (docs/measurement.md#repeatability).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoopSpread {
    /// Of MB/s.
    pub mbps: Option<Spread>,
    /// Of IOPS.
    pub iops: Option<Spread>,
    /// Of the mean latency, µs.
    pub mean_lat_us: Option<Spread>,
}

impl LoopSpread {
    /// The spread of `test`'s loops.
    pub fn of(test: &TestResult) -> LoopSpread {
        let per_loop: Vec<DirSummary> = test
            .loops
            .iter()
            .map(|l| headline(test.direction, l).summary(l.window_ns))
            .collect();
        let spread = |f: &dyn Fn(&DirSummary) -> Option<f64>| {
            Spread::of(&per_loop.iter().filter_map(f).collect::<Vec<f64>>())
        };
        LoopSpread {
            mbps: spread(&|d| d.completed().then_some(d.mbps)),
            iops: spread(&|d| d.completed().then_some(d.iops)),
            mean_lat_us: spread(&|d| d.lat.as_ref().map(|l| l.mean_us)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;

    // Issue 31: "2 CPUs were 100 % busy, 48 % / 73 % / 71 % … with other
    // processes", one line per test. Every renderer reads `Report::notes`
    // (the text report, the JSON's `notes`, the TUI and the window), and
    // each test keeps its own sentence in its observations.
    #[test]
    fn cpu_notes_of_several_tests_are_one_line_with_the_range() {
        let settings = fixtures::settings();
        let mut output = fixtures::output(&settings);
        let shares = [(100.0, 48.0), (98.0, 73.0), (100.0, 71.0)];
        let mut names = Vec::new();
        for (t, (busy_pct, others_pct)) in output.tests.iter_mut().zip(shares) {
            let c = CpuNote::Others {
                machine: 2,
                busy_pct,
                others_pct,
            };
            let name = format!("{} {}", t.plan.requested, t.direction.name());
            t.observations.push(c.note(&name));
            t.cpu = Some(c);
            names.push(name);
        }
        let (target, host) = (fixtures::target(), fixtures::host());
        let report = Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        };
        let notes = report.notes();
        let cpu: Vec<&String> = notes.iter().filter(|n| n.contains("CPUs were")).collect();
        assert_eq!(
            cpu,
            [&format!(
                "{}: the machine's 2 CPUs were 98–100% busy, 48–73% with other processes rather than diskmark and its kernel I/O workers: the figure may be lower than the device gives on an idle machine",
                names.join(", ")
            )],
            "{notes:?}"
        );
        let run = crate::report::model::Run::build(&report);
        assert_eq!(run.notes, notes);
        // The per-test facts stay in the JSON, each test its own.
        assert_eq!(
            run.tests[0].observations,
            [output.tests[0].observations[0].clone()]
        );
        assert!(run.tests[0].observations[0].contains("100% busy, 48% with"));
        assert!(run.tests[1].observations[0].contains("98% busy, 73% with"));
        let text = crate::report::text::render(&run);
        assert_eq!(text.matches("CPUs were").count(), 1, "{text}");
        assert!(text.contains("98–100% busy, 48–73% with other"), "{text}");
    }
}
