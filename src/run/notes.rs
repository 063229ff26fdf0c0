//! What the report says besides the figures: every adaptation, what is
//! inside the windows, and what the device's and the CPU's view of each test
//! show.

use super::TestResult;
use super::testfile::{Nocow, TestFile};
use crate::config::Settings;
use crate::engine::{Backend, EngineKind};
use crate::plan::PlannedTest;
use crate::target::TargetInfo;
use crate::target::caveats::{self, Caveat};
use crate::workload::DataKind;
use crate::workload::Pattern;

/// The run-level notes: every adaptation, and what is inside the windows.
pub fn run_notes(settings: &Settings, plans: &[PlannedTest]) -> Vec<String> {
    let mut notes: Vec<String> = Vec::new();
    for n in plans.iter().flat_map(|p| p.notes.iter()) {
        if !notes.contains(n) {
            notes.push(n.clone());
        }
    }
    let writes = settings.directions().iter().any(|d| d.writes());
    if !settings.direct && writes {
        notes.push(
            "buffered writes: each write window ends with an fsync, whose time counts".into(),
        );
    }
    if !settings.direct && !settings.keep_cache && settings.directions().iter().any(|d| d.reads()) {
        notes.push(
            "buffered reads: the file's cached pages are dropped before each read loop".into(),
        );
    }
    if settings.keep_cache {
        notes.push("--keep-cache: reads may be served from the page cache".into());
    }
    if !settings.engine.does_io() {
        notes.push("null engine: no I/O was done; the figures are diskmark's own overhead".into());
    }
    let fio = match &settings.engine {
        Backend::Fio(f) => Some(f.ioengine.as_str()),
        Backend::Native(_) => None,
    };
    if (settings.engine == EngineKind::Libaio || fio == Some("libaio")) && !settings.direct {
        notes.push(format!(
            "{} without O_DIRECT: io_submit does each I/O synchronously, so the device sees depth 1",
            settings.engine
        ));
    }
    if fio == Some("posixaio") {
        notes.push(
            "fio:posixaio uses one descriptor, which glibc serves one request at a time: expect it to trail diskmark's native posixaio"
                .into(),
        );
    }
    if fio.is_some() {
        for p in plans
            .iter()
            .filter(|p| p.requested.pattern == Pattern::Seq && p.t > 1)
        {
            notes.push(format!(
                "fio cannot share one sequential cursor between jobs: {} ran as {} jobs, each reading its own 1/{} of the file",
                p.applied(),
                p.t,
                p.t
            ));
        }
    }
    if settings.engine == EngineKind::Posixaio {
        let most = plans.iter().map(|p| p.q * p.t).max().unwrap_or(1);
        notes.push(format!(
            "posixaio: each request in flight has its own descriptor (glibc serialises per descriptor) and glibc's helper threads were raised to {}",
            (most as usize).max(20)
        ));
    }
    if settings.hipri {
        notes.push("--hipri: completions are polled (IORING_SETUP_IOPOLL)".into());
    }
    notes
}

/// What the target and the test file add: filesystem caveats, NOCOW,
/// compression, and the page cache under --buffered.
pub fn file_notes(settings: &Settings, target: &TargetInfo, file: &TestFile) -> Vec<String> {
    let mut notes = Vec::new();
    let mut compressing = None;
    for c in &target.caveats {
        match c {
            Caveat::CopyOnWrite { fs } => notes.push(match (settings.cow, file.nocow()) {
                (true, _) => format!(
                    "{fs}: copy-on-write kept (--cow): data is checksummed, and compressed where the mount compresses; recent kernels may turn O_DIRECT writes to checksummed files into buffered writes"
                ),
                (false, Nocow::Set) => format!(
                    "{fs}: NOCOW set on the test file (no copy-on-write for it, and so no checksums or compression); --cow measures files as they normally live on {fs}"
                ),
                (false, Nocow::Failed(why)) => format!(
                    "{fs}: NOCOW could not be set on the test file ({why}): it is copy-on-write"
                ),
                (false, Nocow::NotAsked) => format!("{fs}: copy-on-write filesystem"),
            }),
            Caveat::Compression { fs, algorithm } => compressing = Some((fs, algorithm)),
            other => notes.extend(caveats::note(other)),
        }
    }
    // Compression applies only to copy-on-write files.
    if let Some((fs, algorithm)) = compressing
        && (settings.cow || !matches!(file.nocow(), Nocow::Set))
    {
        let zeros = if settings.data == DataKind::Zeros {
            ": with --data zeros the write figures are meaningless (zeros compress to nothing)"
        } else {
            ""
        };
        notes.push(format!(
            "{fs} is mounted with compression ({algorithm}): written data is compressed{zeros}"
        ));
    }
    if !settings.direct
        && !file.is_raw()
        && let Some(free) = mem_available()
        && file.size() < free
    {
        notes.push(format!(
            "--buffered: the test file ({}) fits in free memory ({}): reads may come from the page cache",
            crate::units::file_size_label(file.size()),
            crate::units::human_bytes(free)
        ));
    }
    if file.is_raw() {
        notes.push(format!(
            "raw device: {} read directly, read-only, over its first {}",
            target.path.display(),
            crate::units::human_bytes(file.size())
        ));
    }
    notes
}

/// MemAvailable of /proc/meminfo, bytes.
fn mem_available() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Adds `note` to `notes` unless it is there already.
pub(crate) fn add_note(notes: &mut Vec<String>, note: String) {
    if !notes.contains(&note) {
        notes.push(note);
    }
}

/// What the device's and the CPU's view of a test say about its figures
/// (DESIGN §3): an engine, filesystem or cache that serialised the I/Os,
/// or a test limited by the CPU rather than the device.
pub fn observations(settings: &Settings, test: &TestResult, cpus: usize) -> Vec<String> {
    let mut notes = Vec::new();
    let Some(sel) = test.selected(crate::workload::LoopStat::Mean) else {
        return notes;
    };
    let l = &sel.result;
    let name = format!("{} {}", test.plan.requested, test.direction.name());
    let in_flight = f64::from(test.plan.q * test.plan.t);
    if let Some(d) = l.device
        && settings.direct
        && settings.engine.does_io()
        && in_flight >= 4.0
        && d.avg_queue_depth < in_flight / 8.0
    {
        notes.push(format!(
            "{name}: the device saw an average queue depth of {:.1} while {} I/Os were in flight",
            d.avg_queue_depth, in_flight
        ));
    }
    if let Some(c) = l.cpu
        && l.window_ns > 0
    {
        // Threads that could keep a CPU busy: the workers, or for posixaio
        // glibc's helper threads.
        let workers = if settings.engine == EngineKind::Posixaio {
            test.plan.q * test.plan.t
        } else {
            test.plan.t
        };
        let usable = (workers as usize).min(cpus).max(1) as f64;
        let secs = l.window_ns as f64 / 1e9;
        let used = (c.process_user_s + c.process_system_s) / secs;
        // The machine as a whole: kernel threads (a loop device's worker,
        // io-wq) do part of the I/O work outside diskmark's own time.
        let busy = (c.user_s + c.system_s + c.steal_s) / secs;
        if used >= 0.9 * usable {
            notes.push(format!(
                "{name}: CPU-bound (diskmark used {used:.2} of the {usable} CPUs its threads could use): the figure may be this machine's limit, not the device's"
            ));
        } else if busy >= 0.9 * cpus as f64 {
            notes.push(format!(
                "{name}: CPU-bound (the machine's {cpus} CPUs were {:.0}% busy): the figure may be this machine's limit, not the device's",
                busy / cpus as f64 * 100.0
            ));
        }
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::plan_all;
    use std::path::PathBuf;

    #[test]
    fn notes_name_every_adaptation_once_and_the_window_contents() {
        let mut s = Settings::defaults(PathBuf::from("."));
        s.tests = vec![
            crate::workload::parse_test("SEQ1M Q8T1").unwrap(),
            crate::workload::parse_test("SEQ128K Q8T1").unwrap(),
        ];
        s.direct = false;
        s.engine = EngineKind::Psync.into();
        let notes = run_notes(&s, &plan_all(&s).unwrap());
        assert_eq!(
            notes,
            [
                "psync is synchronous: Q8T1 ran as Q1T8",
                "buffered writes: each write window ends with an fsync, whose time counts",
                "buffered reads: the file's cached pages are dropped before each read loop",
            ]
        );
    }
}
