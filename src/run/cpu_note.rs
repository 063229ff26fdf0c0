//! The CPU-bound note of a test (docs/measurement.md#device-view-and-cpu-view),
//! kept as its numbers: each test's observation says its own, and the
//! report says the same note of several tests once, with the range of
//! their numbers (docs/report.md#notes).

use crate::stats::CpuView;

/// What the CPU view says of a test's figure, as numbers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CpuNote {
    /// diskmark itself used about all the CPUs its threads could use.
    Own {
        /// CPUs' worth of time diskmark used over the window.
        used: f64,
        /// The CPUs its threads could use.
        usable: usize,
    },
    /// The machine's CPUs were busy, much of it with other processes.
    Others {
        /// The CPUs /proc/stat counts.
        machine: usize,
        /// Their busy share, whole percent.
        busy_pct: f64,
        /// The share other processes' user time took, whole percent.
        others_pct: f64,
    },
    /// The machine's CPUs were busy with diskmark and its kernel I/O
    /// workers.
    Machine {
        /// The CPUs /proc/stat counts.
        machine: usize,
        /// Their busy share, whole percent.
        busy_pct: f64,
    },
}

impl CpuNote {
    /// The note of a window `c`, if it was CPU-bound: by diskmark's own
    /// CPU time over the CPUs its `workers` could use of the `cpus` it may
    /// run on, or by the machine's busy share, saying whether that went to
    /// other processes. Every figure is a share of time that was there to
    /// use.
    pub fn of(c: &CpuView, workers: usize, cpus: usize) -> Option<CpuNote> {
        if c.span_s <= 0.0 {
            return None;
        }
        let usable = workers.min(cpus).max(1);
        // Clock ticks of 10 ms can make a short window look longer than
        // it was: no process uses more CPUs than it may run on.
        let used = ((c.process_user_s + c.process_system_s) / c.span_s).min(cpus as f64);
        if used >= 0.9 * usable as f64 {
            return Some(CpuNote::Own { used, usable });
        }
        let busy = c.busy_share()?;
        if busy < 0.9 {
            return None;
        }
        let machine = c.machine_cpus.max(1);
        let pct = |x: f64| (x * 100.0).round().min(100.0);
        let others = (c.others_user_s() / c.total_s.max(f64::MIN_POSITIVE)).min(busy);
        Some(if others >= 0.25 {
            CpuNote::Others {
                machine,
                busy_pct: pct(busy),
                others_pct: pct(others),
            }
        } else {
            CpuNote::Machine {
                machine,
                busy_pct: pct(busy),
            }
        })
    }

    /// The observation of the test named `name` (`SEQ1M Q8T1 read`).
    pub fn note(&self, name: &str) -> String {
        joined(&[(name.to_string(), *self)])
    }

    /// Whether `other` is the same note but for its numbers: the same
    /// kind, of the same number of CPUs.
    fn same_kind(&self, other: &CpuNote) -> bool {
        match (self, other) {
            (CpuNote::Own { usable: a, .. }, CpuNote::Own { usable: b, .. }) => a == b,
            (CpuNote::Others { machine: a, .. }, CpuNote::Others { machine: b, .. })
            | (CpuNote::Machine { machine: a, .. }, CpuNote::Machine { machine: b, .. }) => a == b,
            _ => false,
        }
    }
}

/// The CPU notes of several tests, `(name, note)` each, as lines: one per
/// kind of note, naming its tests, each number the range of theirs
/// (`98–100% busy`), or the number when they agree; in the order first
/// seen.
pub fn collapse(notes: &[(String, CpuNote)]) -> Vec<String> {
    let mut groups: Vec<Vec<(String, CpuNote)>> = Vec::new();
    for (name, n) in notes {
        match groups.iter_mut().find(|g| g[0].1.same_kind(n)) {
            Some(g) => g.push((name.clone(), *n)),
            None => groups.push(vec![(name.clone(), *n)]),
        }
    }
    groups.iter().map(|g| joined(g)).collect()
}

/// One line for notes of one kind (`g` is not empty and of one kind):
/// the tests' names, then the sentence with each number's range.
fn joined(g: &[(String, CpuNote)]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for (name, _) in g {
        if !names.contains(&name.as_str()) {
            names.push(name);
        }
    }
    let range = |f: &dyn Fn(&CpuNote) -> Option<f64>, digits: usize| {
        let v: Vec<f64> = g.iter().filter_map(|(_, n)| f(n)).collect();
        let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let (lo, hi) = (format!("{lo:.digits$}"), format!("{hi:.digits$}"));
        if lo == hi { lo } else { format!("{lo}–{hi}") }
    };
    let who = names.join(", ");
    match g[0].1 {
        CpuNote::Own { usable, .. } => {
            let used = range(
                &|n| match n {
                    CpuNote::Own { used, .. } => Some(*used),
                    _ => None,
                },
                2,
            );
            format!(
                "{who}: CPU-bound (diskmark used {used} of the {usable} CPUs its threads could use): the figure may be this machine's limit, not the device's"
            )
        }
        CpuNote::Others { machine, .. } => {
            let busy = range(&busy_pct, 0);
            let others = range(
                &|n| match n {
                    CpuNote::Others { others_pct, .. } => Some(*others_pct),
                    _ => None,
                },
                0,
            );
            format!(
                "{who}: the machine's {machine} CPUs were {busy}% busy, {others}% with other processes rather than diskmark and its kernel I/O workers: the figure may be lower than the device gives on an idle machine"
            )
        }
        CpuNote::Machine { machine, .. } => format!(
            "{who}: CPU-bound (the machine's {machine} CPUs were {}% busy, with diskmark and its kernel I/O workers): the figure may be this machine's limit, not the device's",
            range(&busy_pct, 0)
        ),
    }
}

/// The machine's busy share of a note that has one.
fn busy_pct(n: &CpuNote) -> Option<f64> {
    match n {
        CpuNote::Others { busy_pct, .. } | CpuNote::Machine { busy_pct, .. } => Some(*busy_pct),
        CpuNote::Own { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cpu(process: f64, user: f64, system: f64, total: f64, machine_cpus: usize) -> CpuView {
        CpuView {
            process_user_s: process,
            process_system_s: 0.0,
            user_s: user,
            system_s: system,
            steal_s: 0.0,
            total_s: total,
            machine_cpus,
            span_s: 1.0,
        }
    }

    #[test]
    fn cpu_figures_stay_physical() {
        // A cgroup limits diskmark to 2 CPUs of a 10-CPU machine whose
        // other CPUs are busy: /proc/stat sums all ten. It used to read
        // "the machine's 2 CPUs were 500% busy".
        let c = cpu(0.2, 9.0, 0.8, 10.0, 10);
        let n = CpuNote::of(&c, 1, 2).unwrap().note("RND4K Q1T1 read");
        assert_eq!(
            n,
            "RND4K Q1T1 read: the machine's 10 CPUs were 98% busy, 88% with other processes rather than diskmark and its kernel I/O workers: the figure may be lower than the device gives on an idle machine"
        );
        // The machine busy with diskmark's own I/O: kernel time, little
        // user time elsewhere.
        let c = cpu(0.3, 0.35, 1.6, 2.0, 2);
        let n = CpuNote::of(&c, 1, 2).unwrap().note("SEQ1M Q8T1 write");
        assert!(
            n.contains("2 CPUs were 98% busy, with diskmark and its kernel"),
            "{n}"
        );
        // Ticks overcounting a short window: never more CPUs than there are.
        let c = cpu(2.3, 2.3, 0.0, 2.0, 2);
        let n = CpuNote::of(&c, 16, 2).unwrap().note("RND4K Q32T16 read");
        assert!(n.contains("diskmark used 2.00 of the 2 CPUs"), "{n}");
        // Busy share from counters that overlap: never above 100%.
        let c = cpu(0.0, 3.0, 3.0, 2.0, 2);
        let n = CpuNote::of(&c, 1, 2).unwrap().note("x");
        assert!(n.contains("100% busy"), "{n}");
        assert!(CpuNote::of(&cpu(0.1, 0.1, 0.1, 2.0, 2), 1, 2).is_none());
    }

    fn others(busy_pct: f64, others_pct: f64) -> CpuNote {
        CpuNote::Others {
            machine: 2,
            busy_pct,
            others_pct,
        }
    }

    // Issue 31: "2 CPUs were 100 % busy, 48 % / 73 % / 71 % … with other
    // processes", a line per test that differed only in its percentages.
    #[test]
    fn notes_that_differ_in_their_numbers_are_one_line_with_the_range() {
        let notes = [
            ("SEQ1M Q8T1 read".to_string(), others(100.0, 48.0)),
            ("SEQ1M Q1T1 read".to_string(), others(98.0, 73.0)),
            ("RND4K Q32T1 read".to_string(), others(100.0, 71.0)),
        ];
        assert_eq!(
            collapse(&notes),
            [
                "SEQ1M Q8T1 read, SEQ1M Q1T1 read, RND4K Q32T1 read: the machine's 2 CPUs were 98–100% busy, 48–73% with other processes rather than diskmark and its kernel I/O workers: the figure may be lower than the device gives on an idle machine"
            ]
        );
        // Numbers that agree stay one number; another kind of note, or
        // another machine, is a line of its own, in the order first seen.
        let own = CpuNote::Own {
            used: 0.95,
            usable: 1,
        };
        let mixed = [
            ("A read".to_string(), others(99.0, 50.0)),
            ("B read".to_string(), own),
            ("C read".to_string(), others(99.0, 50.0)),
            (
                "D read".to_string(),
                CpuNote::Own {
                    used: 0.99,
                    usable: 1,
                },
            ),
        ];
        let lines = collapse(&mixed);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(
            lines[0].starts_with("A read, C read: the machine's 2 CPUs were 99% busy, 50% with"),
            "{lines:?}"
        );
        assert!(
            lines[1]
                .starts_with("B read, D read: CPU-bound (diskmark used 0.95–0.99 of the 1 CPUs"),
            "{lines:?}"
        );
        // One test's line is its own observation.
        assert_eq!(collapse(&mixed[1..2]), [own.note("B read")]);
    }
}
