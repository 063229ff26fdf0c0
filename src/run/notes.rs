//! What the report says besides the figures: every adaptation, what is
//! inside the windows, and what the device's and the CPU's view of each test
//! show.

use super::cpu_note::CpuNote;
use super::flags::Flag;
use super::output::TestResult;
use super::testfile::{Nocow, TestFile};
use crate::backend::Backend;
use crate::config::Settings;
use crate::plan::PlannedTest;
use crate::target::TargetInfo;
use crate::target::caveats::{self, Caveat};
use crate::target::link::Link;
use crate::workload::DataKind;
use crate::workload::Pattern;
use std::path::Path;

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
    notes.extend(settings.engine.queue_notes(settings.direct));
    if matches!(settings.engine, Backend::Fio(_)) {
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
    let most = plans.iter().map(|p| p.q * p.t).max().unwrap_or(1);
    notes.extend(settings.engine.process_note(most as usize));
    if settings.hipri {
        notes.push("--hipri: completions are polled (IORING_SETUP_IOPOLL)".into());
    }
    if settings.sqpoll {
        notes.push(
            "--sqpoll: a kernel thread submits the I/Os (IORING_SETUP_SQPOLL); its CPU time is not in the process's".into(),
        );
    }
    if !settings.cpus.is_empty() {
        notes.push(format!(
            "--cpus: the workers ran on CPUs {}, thread i on the list's i-th",
            settings.cpus
        ));
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
            crate::escape::path(&target.path),
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
/// (docs/measurement.md#device-view-and-cpu-view): an engine, filesystem or cache that serialised the I/Os,
/// or a test limited by the CPU rather than the device; and windows whose
/// figures are no figures (no I/O completed) or not to be trusted (the
/// process did not run). Each note starts with `TEST DIRECTION: `, which
/// the report uses to collapse the same note of several tests into one.
pub fn observations(
    settings: &Settings,
    test: &TestResult,
    device_dir: Option<&Path>,
) -> Vec<String> {
    let mut notes = Vec::new();
    let name = format!("{} {}", test.plan.requested, test.direction.name());
    let empty: Vec<usize> = test
        .loops
        .iter()
        .enumerate()
        .filter(|(_, l)| {
            !crate::stats::headline::headline(test.direction, l)
                .summary(l.window_ns)
                .completed()
        })
        .map(|(i, _)| i + 1)
        .collect();
    if !empty.is_empty() {
        let which = if empty.len() == test.loops.len() {
            String::new()
        } else {
            let list: Vec<String> = empty.iter().map(|i| i.to_string()).collect();
            format!(" (loop {} of {})", list.join(", "), test.loops.len())
        };
        notes.push(format!("{name}: {}{which}", crate::stats::NO_IO));
    }
    let stopped_ns: u64 = test.loops.iter().map(|l| l.stopped_ns).sum();
    if stopped_ns > 0 {
        notes.push(format!(
            "{name}: diskmark did not run for {:.1} s of its measure window (stopped by SIGSTOP or a frozen cgroup, or the machine suspended): its figures are not to be trusted",
            stopped_ns as f64 / 1e9
        ));
    }
    let Some(sel) = test.selected(crate::stats::LoopStat::Mean) else {
        return notes;
    };
    let l = &sel.result;
    let in_flight = f64::from(test.plan.q * test.plan.t);
    if let Some(d) = l.device
        && settings.direct
        && settings.engine.does_io()
        && in_flight >= 4.0
        && d.avg_queue_depth < in_flight / 8.0
    {
        // "Submitted and not completed", not "in flight": a cgroup
        // throttle holds I/Os in the block layer before the device counts
        // them, and then it is named.
        let throttle = device_dir
            .and_then(cgroup_throttle)
            .map(|t| format!("; this process's cgroup throttles the device ({t}), which holds I/Os back before the device sees them"))
            .unwrap_or_default();
        notes.push(format!(
            "{name}: the device saw an average queue depth of {:.1} while {} I/Os were submitted and not yet completed{throttle}",
            d.avg_queue_depth, in_flight
        ));
    }
    // The flags' notes (docs/measurement.md#flags), made by `flags`.
    notes.extend(test.flags.iter().map(|f| f.note(&name, test.direction)));
    notes.extend(test.cpu.map(|c| c.note(&name)));
    notes
}

/// The CPU-bound note of `test`, if it was (docs/measurement.md#device-view-and-cpu-view),
/// from its loops pooled, on a machine where diskmark may run on `cpus`.
pub fn cpu(test: &TestResult, cpus: usize) -> Option<CpuNote> {
    let c = test.selected(crate::stats::LoopStat::Mean)?.result.cpu?;
    // Threads that could keep a CPU busy: the workers, or for posixaio
    // glibc's helper threads, one per descriptor with work.
    let workers = match test.facts.descriptors {
        Some(d) => d * test.plan.t,
        None => test.plan.t,
    };
    CpuNote::of(&c, workers as usize, cpus)
}

/// Every flag of `test` (docs/measurement.md#flags): its cache flags,
/// from its loops pooled as the device's view is, then its figures above
/// `link`, the drive's link, when it has one and the machine is not a
/// virtual one; none for an engine that moves no data.
pub fn flags(settings: &Settings, test: &TestResult, link: Option<&Link>) -> Vec<Flag> {
    let mut out = Vec::new();
    // An engine that moves no data (the null engine) reads and writes no
    // device: its bytes are neither a device's nor a cache's, and its
    // figures are diskmark's own overhead, which its run note says
    // (docs/measurement.md#flags). The capability is asked, never the name.
    if !settings.engine.does_io() {
        return out;
    }
    if let Some(sel) = test.selected(crate::stats::LoopStat::Mean) {
        out.extend(super::flags::cache_flags(&sel.result, settings.direct));
    }
    // A virtual machine's link may be an emulator's, which limits nothing.
    let link = link.filter(|l| !l.virtual_machine);
    if let (Some(link), Some(sel)) = (link, test.selected(settings.loop_stat)) {
        out.extend(super::flags::link_flags(
            test.direction,
            &test.loops,
            &sel.result,
            link,
        ));
    }
    out
}

/// cgroup v1's throttle files, one `MAJ:MIN VALUE` line per device.
const V1_THROTTLES: [&str; 4] = [
    "blkio.throttle.read_iops_device",
    "blkio.throttle.write_iops_device",
    "blkio.throttle.read_bps_device",
    "blkio.throttle.write_bps_device",
];

/// The I/O limits that this process's cgroup, or one above it, puts on
/// the device of `device_dir` (its own numbers, and its disk's for a
/// partition): cgroup v2 `io.max`, v1 `blkio.throttle.*`. `None` when
/// there are none or they cannot be read. Only parsed numbers are quoted.
fn cgroup_throttle(device_dir: &Path) -> Option<String> {
    let mut devs = vec![read_dev(device_dir)?];
    if device_dir.join("partition").exists()
        && let Some(disk) = device_dir.parent().and_then(read_dev)
    {
        devs.push(disk);
    }
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let v2_root = ["/sys/fs/cgroup", "/sys/fs/cgroup/unified"]
        .into_iter()
        .find(|r| {
            Path::new(r).join("cgroup.procs").exists()
                && Path::new(r).join("cgroup.controllers").exists()
        });
    let mut found = Vec::new();
    for line in own.lines() {
        let mut f = line.splitn(3, ':');
        let (Some(_), Some(ctrl), Some(path)) = (f.next(), f.next(), f.next()) else {
            continue;
        };
        let (root, files): (&str, &[&str]) = if ctrl.is_empty() {
            match v2_root {
                Some(r) => (r, &["io.max"]),
                None => continue,
            }
        } else if ctrl.split(',').any(|c| c == "blkio") {
            ("/sys/fs/cgroup/blkio", &V1_THROTTLES)
        } else {
            continue;
        };
        // The limits of every ancestor apply too.
        let mut dir = std::path::PathBuf::from(root);
        let parts = path.split('/').filter(|p| !p.is_empty() && *p != "..");
        for part in std::iter::once("").chain(parts) {
            if !part.is_empty() {
                dir.push(part);
            }
            for file in files {
                if let Ok(text) = std::fs::read_to_string(dir.join(file)) {
                    found.extend(throttle_limits(file, &text, &devs));
                }
            }
        }
    }
    found.dedup();
    (!found.is_empty()).then(|| found.join(", "))
}

/// A block device's `MAJ:MIN`, from its sysfs `dev` file.
fn read_dev(dir: &Path) -> Option<String> {
    let s = std::fs::read_to_string(dir.join("dev")).ok()?;
    let (maj, min) = s.trim().split_once(':')?;
    Some(format!(
        "{}:{}",
        maj.parse::<u32>().ok()?,
        min.parse::<u32>().ok()?
    ))
}

/// The limits in one throttle file's `text` on any of `devs`: v1's
/// `MAJ:MIN VALUE` lines as `FILE VALUE`, v2's `io.max` lines
/// (`MAJ:MIN riops=N wbps=max ...`) as `io.max riops=N` for each key that
/// is not `max`.
fn throttle_limits(file: &str, text: &str, devs: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let mut f = line.split_whitespace();
        let Some(dev) = f.next() else { continue };
        if !devs.iter().any(|d| d == dev) {
            continue;
        }
        for field in f {
            let (key, value) = match field.split_once('=') {
                Some((k, v)) if k.chars().all(|c| c.is_ascii_lowercase()) => (Some(k), v),
                Some(_) => continue,
                None => (None, field),
            };
            let Ok(n) = value.parse::<u64>() else {
                continue;
            };
            out.push(match key {
                Some(k) => format!("{file} {k}={n}"),
                None => format!("{file} {n}"),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn throttle_limits_of_the_device_only() {
        let devs = ["7:3".to_string()];
        assert_eq!(
            throttle_limits(
                "io.max",
                "7:3 rbps=max wbps=max riops=10000 wiops=max\n8:0 riops=5\n",
                &devs
            ),
            ["io.max riops=10000"]
        );
        assert_eq!(
            throttle_limits(
                "blkio.throttle.read_iops_device",
                "7:3 10000\n7:30 5\n",
                &devs
            ),
            ["blkio.throttle.read_iops_device 10000"]
        );
        // Nothing on this device, garbage, or a terminal escape: nothing.
        assert!(
            throttle_limits("io.max", "8:0 riops=1\n\n7:3 \u{1b}[2J riops=x\n", &devs).is_empty()
        );
    }
    use crate::run::plan_all;
    use std::path::PathBuf;

    #[test]
    fn notes_name_every_adaptation_once_and_the_window_contents() {
        let mut s = crate::config::Choices::defaults(PathBuf::from("."));
        s.tests = vec![
            crate::workload::parse_test("SEQ1M Q8T1").unwrap(),
            crate::workload::parse_test("SEQ128K Q8T1").unwrap(),
        ];
        s.direct = false;
        s.engine = crate::engine::EngineKind::Psync.into();
        let s = Settings::validate(s).unwrap();
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

    /// A SEQ1M Q1T1 read of `engine` whose one loop counted 64 MiB in a
    /// second that the device never delivered, as a cache (or no device
    /// at all) gives.
    fn undelivered(engine: crate::engine::EngineKind) -> (Settings, TestResult) {
        let mut c = crate::config::Choices::defaults(PathBuf::from("."));
        c.tests = vec![crate::workload::parse_test("SEQ1M Q1T1").unwrap()];
        c.engine = engine.into();
        let s = Settings::validate(c).unwrap();
        let plan = plan_all(&s).unwrap().remove(0);
        let mut l = crate::stats::LoopResult::empty(1_000_000_000);
        for _ in 0..64 {
            l.read.record(1000, 1 << 20);
        }
        l.device = Some(crate::stats::DeviceView::default());
        let t = TestResult {
            loops: vec![l],
            ..TestResult::empty(plan, crate::workload::Direction::Read)
        };
        (s, t)
    }

    // Issue 31: the null engine's JSON said "the device delivered 0 % of
    // these bytes: the rest came from a cache". It reads no device.
    #[test]
    fn an_engine_that_moves_no_data_has_no_cache_or_link_flag() {
        let usb2 = Link {
            kind: crate::target::link::LinkKind::Usb,
            label: "USB 2.0".into(),
            line_gbps: 0.48,
            width: None,
            usable_mbps: 53.248,
            virtual_machine: false,
        };
        // An engine that moves data: 67 MB/s that the device did not
        // deliver, above USB 2's 53 MB/s, is flagged twice.
        let (s, mut t) = undelivered(crate::engine::EngineKind::Psync);
        t.flags = flags(&s, &t, Some(&usb2));
        assert_eq!(t.flags.len(), 2, "{:?}", t.flags);
        let notes = observations(&s, &t, None);
        assert!(
            notes
                .iter()
                .any(|n| n.contains("the device delivered 0 % of these bytes")),
            "{notes:?}"
        );
        // The null engine: neither, and no note says a cache or a device
        // delivered anything.
        let (s, mut t) = undelivered(crate::engine::EngineKind::Null);
        assert!(!s.engine.does_io());
        t.flags = flags(&s, &t, Some(&usb2));
        assert!(t.flags.is_empty(), "{:?}", t.flags);
        let notes = observations(&s, &t, None);
        assert!(
            !notes
                .iter()
                .any(|n| n.contains("delivered") || n.contains("cache") || n.contains("link")),
            "{notes:?}"
        );
    }
}
