//! `diskmark sustained` end to end, on a simulated write cache
//! (docs/measurement.md#sustained-write): an ext4 filesystem on a
//! RAM-backed loop device, the diskmark process in a cgroup v1 blkio group
//! that caps its writes to the device, and a watcher thread that lowers
//! the cap once /proc/diskstats shows X MiB written. Timings are compared:
//! run on a release build. The timed tests run one after another.

use crate::common;
use common::events::Events;
use common::{LoopFs, diskmark, is_root, leftovers, skip};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// One timed test at a time: they share the two cores.
static TIMED: std::sync::Mutex<()> = std::sync::Mutex::new(());

const MB: f64 = 1e6;
const MIB: u64 = 1 << 20;

/// A cgroup v1 blkio group capping writes to one device; removed on drop
/// (after its one process, the child, has ended).
struct WriteCap {
    dir: PathBuf,
    mm: String,
}

impl WriteCap {
    /// A group capping writes to `device` at `bps` bytes per second, or why
    /// it cannot be made here.
    fn new(device: &str, bps: u64) -> Result<WriteCap, String> {
        let v1 = Path::new("/sys/fs/cgroup/blkio");
        if !v1.join("blkio.throttle.write_bps_device").exists() {
            return Err("no cgroup v1 blkio hierarchy".into());
        }
        let rdev = std::fs::metadata(device)
            .map(|m| std::os::unix::fs::MetadataExt::rdev(&m))
            .map_err(|e| format!("{device}: {e}"))?;
        static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let dir = v1.join(format!(
            "diskmark-sustained-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let cap = WriteCap {
            dir,
            mm: format!("{}:{}", libc::major(rdev), libc::minor(rdev)),
        };
        cap.set(bps)?;
        Ok(cap)
    }

    fn set(&self, bps: u64) -> Result<(), String> {
        std::fs::write(
            self.dir.join("blkio.throttle.write_bps_device"),
            format!("{} {bps}", self.mm),
        )
        .map_err(|e| format!("write_bps_device: {e}"))
    }

    /// diskmark sustained in this group from its first instruction: the
    /// shell joins the group, then becomes diskmark.
    fn command(&self, args: &[&str]) -> std::process::Command {
        let mut c = std::process::Command::new("sh");
        c.arg("-c")
            .arg(r#"echo $$ > "$0/cgroup.procs" && exec "$@""#)
            .arg(&self.dir)
            .arg(env!("CARGO_BIN_EXE_diskmark"))
            .arg("sustained")
            .args(args)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        c
    }
}

impl Drop for WriteCap {
    fn drop(&mut self) {
        // The child has been waited for; the group empties as it exits.
        let end = Instant::now() + Duration::from_secs(5);
        while std::fs::remove_dir(&self.dir).is_err() && Instant::now() < end {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Bytes written to `device` (`/dev/loopN`) so far, from /proc/diskstats.
fn written(device: &str) -> Option<u64> {
    let name = device.rsplit('/').next()?;
    let stats = std::fs::read_to_string("/proc/diskstats").ok()?;
    stats.lines().find_map(|l| {
        let f: Vec<&str> = l.split_whitespace().collect();
        (f.get(2) == Some(&name)).then(|| f.get(9)?.parse::<u64>().ok().map(|s| s * 512))?
    })
}

/// Lowers `cap` to `bps` once `device` has seen `after` bytes more than
/// now; ends when `done` is set (or after 60 s).
fn watcher(
    cap: Arc<WriteCap>,
    device: String,
    after: u64,
    bps: u64,
    done: Arc<AtomicBool>,
) -> std::thread::JoinHandle<Option<u64>> {
    let base = written(&device).unwrap_or(0);
    std::thread::spawn(move || {
        let end = Instant::now() + Duration::from_secs(60);
        while !done.load(Ordering::Relaxed) && Instant::now() < end {
            let w = written(&device).unwrap_or(0).saturating_sub(base);
            if w >= after {
                cap.set(bps).ok()?;
                return Some(w);
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        None
    })
}

/// Runs `cmd` to its end (killed and failed past 60 s).
fn finish(cmd: &mut std::process::Command) -> common::Ended {
    let child = cmd.spawn().expect("start diskmark");
    common::finish(child, Instant::now(), Duration::from_secs(60))
}

/// The set-up, or the printed reason it cannot be made here.
fn device(test: &str, mib: u64) -> Option<LoopFs> {
    if !is_root() {
        skip(test, "needs root (loop devices, mounts, cgroups)");
        return None;
    }
    if cfg!(debug_assertions) {
        skip(test, "a timing test: run it on a release build");
        return None;
    }
    match LoopFs::new(mib) {
        Ok(fs) => Some(fs),
        Err(e) => {
            skip(test, &e);
            None
        }
    }
}

fn read_json(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).expect("the JSON report");
    serde_json::from_str(&text).expect("JSON")
}

fn num(v: &serde_json::Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} is not a number: {v}"))
}

fn within(got: f64, want: f64, share: f64) -> bool {
    (got - want).abs() <= share * want
}

#[test]
fn a_simulated_write_cache_gives_its_knee_and_both_speeds() {
    let _one = TIMED.lock().unwrap_or_else(|e| e.into_inner());
    let test = "a_simulated_write_cache_gives_its_knee_and_both_speeds";
    let Some(fs) = device(test, 3584) else { return };
    // Two speeds 6.4× apart, and 3 s of cached writes: 31 samples, so
    // that the 10 % the knee may be off is three of them, however bursty a
    // busy machine makes the throttle (126 to 889 MB/s a sample was seen
    // under a cap of 400, whose median it still gave). The cached speed is
    // one a loaded machine still gives a RAM-backed device from start to
    // end (100 MB/s did not, four 0.1 s samples in a row, in 3 tries of
    // one run in 5 under a load of 9; 320 MB/s sagged under a load of 13
    // and moved the knee to a third of the cache). A sample holds a whole
    // number of writes: 256 KiB ones give 4 a sample at 10 MB/s, so that
    // one more or less does not blur the post-cache speed by more than
    // the tolerance.
    let (fast, slow, x) = (64 * 1_000_000u64, 10 * 1_000_000u64, 192 * MIB);
    let cap = match WriteCap::new(&fs.device, fast) {
        Ok(c) => Arc::new(c),
        Err(e) => return skip(test, &e),
    };
    let target = fs.path().to_str().unwrap().to_string();
    let out = tempfile::tempdir().unwrap();
    let (report, chart) = (out.path().join("r.json"), out.path().join("c.svg"));
    // A loaded machine can starve the loop device's worker until the
    // cached speed itself sags, and that sag is a knee of its own (it put
    // one at 169 MiB of 193 under a load of 9): the run is taken when its
    // series held 0.8 × the fast cap over every 4 samples before the cap
    // fell, and run again when it did not.
    let mut seen = Vec::new();
    let (json, fell) = (0..6)
        .map(|_| {
            cap.set(fast).unwrap();
            let done = Arc::new(AtomicBool::new(false));
            let watch = watcher(cap.clone(), fs.device.clone(), x, slow, done.clone());
            let mut cmd = cap.command(&[
                &target,
                "--test",
                "SEQ256K Q8T1",
                "--size",
                "224M",
                "--sample-interval",
                "0.1",
                "-o",
                report.to_str().unwrap(),
                "--chart",
                chart.to_str().unwrap(),
            ]);
            let end = finish(&mut cmd);
            done.store(true, Ordering::Relaxed);
            let lowered_at = watch.join().unwrap();
            assert_eq!(end.code, Some(0), "{}", end.stderr);
            assert_eq!(leftovers(fs.path()), Vec::<String>::new());
            (
                read_json(&report),
                lowered_at.expect("the cap was never lowered"),
            )
        })
        .find(|(json, fell)| {
            let cached: Vec<f64> = (json["sustained"]["series"].as_array().unwrap().iter())
                .filter(|p| num(p, "bytes_written") <= *fell as f64)
                .map(|p| num(p, "mbps"))
                .collect();
            let low = lowest_held(&cached);
            seen.push(format!(
                "{} cached samples, the slowest 4 at {low:.1} MB/s",
                cached.len()
            ));
            cached.len() >= 8 && low >= 0.8 * fast as f64 / MB
        })
        .unwrap_or_else(|| panic!("in 6 runs the machine never held the fast cap: {seen:?}"));
    let s = &json["sustained"];
    assert_eq!(s["knee_found"], true, "{s}");
    assert_eq!(s["bytes_written"], 224 * MIB);
    let cache = knee_nearest(s, fell);
    assert!(
        within(cache, fell as f64, 0.10),
        "knee at {:.1} MiB, the cap fell at {:.1} MiB: {:#}",
        cache / MIB as f64,
        fell as f64 / MIB as f64,
        s["knees"]
    );
    let (cached, post) = (num(s, "cached_mbps"), num(s, "post_cache_mbps"));
    eprintln!(
        "knee at {:.1} MiB (cap lowered at {:.1} MiB), cached {cached:.1} MB/s, post-cache {post:.1} MB/s",
        cache / MIB as f64,
        fell as f64 / MIB as f64
    );
    // Each speed is its cap's, up to the throttle's slices (its first
    // slice lets a burst through: 461 MB/s was seen under a cap of 400);
    // the two are 6.4× apart by construction, which no such slice blurs.
    assert!(within(cached, fast as f64 / MB, 0.25), "cached {cached}");
    assert!(within(post, slow as f64 / MB, 0.25), "post-cache {post}");
    assert!(cached >= 4.0 * post, "cached {cached}, post-cache {post}");
    let series = s["series"].as_array().unwrap();
    let first: Vec<String> = (series.iter().take(16))
        .map(|p| format!("{:.0}", num(p, "mbps")))
        .collect();
    eprintln!("first samples, MB/s: {}", first.join(" "));
    assert!(series.len() > 20, "{} samples", series.len());
    // A sample in which no write completed has no p99: a throttle
    // releases writes in slices, and on a busy machine in bursts (48 of 56
    // samples had one). Most have one.
    let with_p99 = (series.iter())
        .filter(|p| p["p99_us"].as_f64().is_some_and(|v| v > 0.0))
        .count();
    assert!(
        with_p99 * 2 >= series.len(),
        "{with_p99} of {}",
        series.len()
    );
    // The report is valid against the schema, and reads back the same.
    let schema: serde_json::Value =
        serde_json::from_str(&diskmark::report::model::schema()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = (validator.iter_errors(&json))
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let text = std::fs::read_to_string(&report).unwrap();
    let run = diskmark::report::model::Run::from_json(&text).unwrap();
    assert_eq!(run.to_json(), text);
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(
        svg.contains("knee: ") && svg.contains("post-cache"),
        "{svg}"
    );
    // The title names the write's own settings, not a grid's profile.
    assert!(
        svg.contains("GB planned") && svg.contains("a sample every"),
        "{svg}"
    );
    assert!(!svg.contains("Custom"), "{svg}");
}

/// The knee of `s` nearest to `fell` bytes, where the cap fell. A loaded
/// machine can starve the loop device's worker for a stretch before it
/// (a knee was found at 164.8 MiB of a 192.2 MiB cache under a load of
/// 8), and the search for every stage of a cache reports that stretch as
/// a stage of its own: the knee of the cap is still the one to find.
fn knee_nearest(s: &serde_json::Value, fell: u64) -> f64 {
    let knees = s["knees"].as_array().unwrap();
    (knees.iter().map(|k| num(k, "bytes")))
        .min_by(|a, b| (a - fell as f64).abs().total_cmp(&(b - fell as f64).abs()))
        .unwrap_or_else(|| panic!("no knee: {s}"))
}

/// The lowest level a series held, to be judged against 0.8 × its cap:
/// the lowest mean of 4 samples in a row (0 for fewer than 4), or the
/// lowest median of the samples from any point on (8 at least) scaled so
/// that it must reach 0.85 × the cap. A loaded machine that starves the
/// loop device's worker for the rest of a stage lowers the speed for good,
/// which is a knee of its own (one was found at 29.9 MiB of a 192.8 MiB
/// cache under a load of 7.6): such a run is the machine's, not the cap's.
fn lowest_held(mbps: &[f64]) -> f64 {
    let mean_4 = (mbps.windows(4))
        .map(|w| w.iter().sum::<f64>() / 4.0)
        .reduce(f64::min)
        .unwrap_or(0.0);
    // Tails of 8 samples at least: a throttle's bursts make shorter ones
    // swing from 0 to twice the cap on a loaded machine.
    let tail = (0..mbps.len().saturating_sub(7))
        .filter_map(|i| median(&mbps[i..]))
        .reduce(f64::min)
        .unwrap_or(0.0);
    mean_4.min(tail / 0.85 * 0.8)
}

/// The median of `v`.
fn median(v: &[f64]) -> Option<f64> {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    (!s.is_empty()).then(|| (s[(s.len() - 1) / 2] + s[s.len() / 2]) / 2.0)
}

/// A 192 MiB fill of `target` under `cap`, sampled every 0.1 s: the
/// report's `sustained`.
fn fill_at_constant_cap(cap: &WriteCap, target: &str) -> serde_json::Value {
    let out = tempfile::tempdir().unwrap();
    let report = out.path().join("r.json");
    let mut cmd = cap.command(&[
        target,
        "--size",
        "192M",
        "--sample-interval",
        "0.1",
        "-o",
        report.to_str().unwrap(),
    ]);
    let end = finish(&mut cmd);
    assert_eq!(end.code, Some(0), "{}", end.stderr);
    assert_eq!(leftovers(Path::new(target)), Vec::<String>::new());
    read_json(&report)["sustained"].clone()
}

#[test]
fn a_constant_cap_has_no_knee_5_runs_of_5() {
    let _one = TIMED.lock().unwrap_or_else(|e| e.into_inner());
    let test = "a_constant_cap_has_no_knee_5_runs_of_5";
    let Some(fs) = device(test, 3584) else { return };
    // 100 MB/s: a speed a busy machine still gives a RAM-backed device
    // from start to end, so that it holds no knee of its own (and 10
    // whole 1 MiB writes a sample, so that one more or less is a tenth).
    let cap = match WriteCap::new(&fs.device, 100 * 1_000_000) {
        Ok(c) => c,
        Err(e) => return skip(test, &e),
    };
    let target = fs.path().to_str().unwrap().to_string();
    // A loaded machine can starve the loop device's worker for long enough
    // that the cap's speed truly falls for a while, which is a knee to
    // find. A run counts when its own series shows no 4 samples running
    // below 0.8 × the cap; 5 such runs must all have no knee (issue 31 §2;
    // bench/knee_constant.py runs 20).
    let mut seen = Vec::new();
    let mut held = 0;
    for attempt in 0..10 {
        let s = fill_at_constant_cap(&cap, &target);
        let series: Vec<f64> = (s["series"].as_array().unwrap().iter())
            .map(|p| num(p, "mbps"))
            .collect();
        let low = lowest_held(&series);
        seen.push(format!(
            "{} samples, the slowest 4 at {low:.1} MB/s",
            series.len()
        ));
        if series.len() < 8 || low < 80.0 {
            continue;
        }
        held += 1;
        assert_eq!(s["knee_found"], false, "attempt {attempt}: {s}");
        assert_eq!(s["knees"], serde_json::json!([]), "attempt {attempt}");
        assert!(s["cache_bytes"].is_null() && s["post_cache_mbps"].is_null());
        assert!(within(num(&s, "cached_mbps"), 100.0, 0.15), "{s}");
        if held == 5 {
            break;
        }
    }
    assert_eq!(
        held, 5,
        "in 10 runs the machine held the cap only {held} times: {seen:?}"
    );
    let text = std::process::Command::new(env!("CARGO_BIN_EXE_diskmark"))
        .args(["sustained", &target, "--size", "64M", "-q"])
        .output()
        .unwrap();
    assert!(text.status.success());
    assert!(
        String::from_utf8_lossy(&text.stdout).contains("no cache exhaustion in 64.00 MiB"),
        "{}",
        String::from_utf8_lossy(&text.stdout)
    );
}

#[test]
fn a_signal_mid_fill_removes_the_file_and_reports_what_was_sampled() {
    let _one = TIMED.lock().unwrap_or_else(|e| e.into_inner());
    let test = "a_signal_mid_fill_removes_the_file_and_reports_what_was_sampled";
    let Some(fs) = device(test, 3584) else { return };
    let cap = match WriteCap::new(&fs.device, 100 * 1_000_000) {
        Ok(c) => c,
        Err(e) => return skip(test, &e),
    };
    let out = tempfile::tempdir().unwrap();
    let report = out.path().join("r.json");
    let target = fs.path().to_str().unwrap().to_string();
    let mut cmd = cap.command(&[
        &target,
        "--size",
        "640M",
        "--sample-interval",
        "0.1",
        "-o",
        report.to_str().unwrap(),
        "--progress",
        "jsonl",
    ]);
    let start = Instant::now();
    let mut child = cmd.spawn().expect("start diskmark");
    // The fill's own events say how far it is: SIGINT once 128 MiB are
    // written, a fifth of the way.
    let mut events = Events::follow(child.stderr.take().unwrap());
    let first = events.wait_for(Duration::from_secs(60), |_| true);
    assert_eq!(
        [&first["type"], &first["mode"]],
        ["mode", "sustained"],
        "{first}"
    );
    let at = events.wait_for(Duration::from_secs(60), |v| {
        v["type"] == "fill" && v["written_bytes"].as_u64() >= Some(128 * MIB)
    });
    assert_eq!(at["total_bytes"], 640 * MIB, "{at}");
    assert!(at["mbps"].as_f64().unwrap() > 0.0, "{at}");
    // The child is ours and not yet waited for: its pid is its own.
    let pid = rustix::process::Pid::from_child(&child);
    rustix::process::kill_process(pid, rustix::process::Signal::INT).unwrap();
    let end = common::finish(child, start, Duration::from_secs(60));
    let lines = events.all();
    let last: serde_json::Value = serde_json::from_str(lines.last().unwrap()).unwrap();
    assert_eq!(
        [&last["type"], &last["interrupted"]],
        ["done", "signal 2"],
        "{last}"
    );
    assert_eq!(end.code, Some(130), "{}", end.stderr);
    assert_eq!(leftovers(fs.path()), Vec::<String>::new());
    let json = read_json(&report);
    assert_eq!(json["interrupted"], true);
    let s = &json["sustained"];
    let written = s["bytes_written"].as_u64().unwrap();
    assert!(written > 0 && written < 640 * MIB, "{s}");
    assert!(s["series"].as_array().unwrap().len() >= 5, "{s}");
}

/// Free space for this user on the filesystem of `dir`, and its margin as
/// diskmark computes it (the larger of 10 % and 2 GiB).
fn free_and_margin(dir: &Path) -> (u64, u64) {
    let st = rustix::fs::statvfs(dir).unwrap();
    let total = st.f_blocks * st.f_frsize;
    (st.f_bavail * st.f_frsize, (total / 100 * 10).max(2 << 30))
}

/// Issue 26 §2: another writer fills the filesystem while a sustained
/// write runs. The test samples the free space on its own (statvfs every
/// 2 ms) from before diskmark starts until it has ended; the free space
/// never falls below the margin by more than the fill's writes in flight
/// (T × Q × block = 1 × 8 × 1 MiB), and diskmark stops with the sentence,
/// reporting what it measured, with a note.
#[test]
fn another_writer_on_the_filesystem_never_takes_the_free_space_below_the_margin() {
    let _one = TIMED.lock().unwrap_or_else(|e| e.into_inner());
    let test = "another_writer_on_the_filesystem_never_takes_the_free_space_below_the_margin";
    // 2.5 GiB of ext4: a little more free than the 2 GiB margin.
    let Some(fs) = device(test, 2560) else { return };
    let cap = match WriteCap::new(&fs.device, 32 * 1_000_000) {
        Ok(c) => c,
        Err(e) => return skip(test, &e),
    };
    let dir = fs.path().to_path_buf();
    let (free0, margin) = free_and_margin(&dir);
    let writable = free0.saturating_sub(margin) / MIB * MIB;
    assert!(
        writable >= 128 * MIB,
        "set-up: only {writable} bytes above the margin"
    );
    let size = (writable - 8 * MIB).min(192 * MIB);
    let in_flight = 8 * MIB;
    // The test's own sampler of the free space.
    let done = Arc::new(AtomicBool::new(false));
    let sampler = {
        let (dir, done) = (dir.clone(), done.clone());
        std::thread::spawn(move || {
            let mut least = u64::MAX;
            while !done.load(Ordering::Relaxed) {
                least = least.min(free_and_margin(&dir).0);
                std::thread::sleep(Duration::from_millis(2));
            }
            least
        })
    };
    let report = tempfile::tempdir().unwrap();
    let json_path = report.path().join("r.json");
    let mut cmd = cap.command(&[
        dir.to_str().unwrap(),
        "--size",
        &format!("{}M", size / MIB),
        "--test",
        "SEQ1M Q8T1",
        "--sample-interval",
        "0.1",
        "-q",
        "-o",
        json_path.to_str().unwrap(),
    ]);
    let base = written(&fs.device).unwrap_or(0);
    let child = cmd.spawn().expect("start diskmark");
    let start = Instant::now();
    // Once diskmark has written 16 MiB, another writer takes all but
    // 128 MiB of what is above the margin: the rest of the fill no longer
    // fits. The 128 MiB are 4 s of the capped fill: the coordinator's
    // next look must come before they are gone, and at a load of 10 on 2
    // cores a thread can wait that long (64 MiB, 2 s, once fell 9 MB
    // short under bench/load.sh).
    while written(&fs.device).unwrap_or(0).saturating_sub(base) < 16 * MIB {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "diskmark never wrote 16 MiB"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    let other = dir.join("other-writer.bin");
    let (free, _) = free_and_margin(&dir);
    let take = free.saturating_sub(margin + 128 * MIB) / MIB;
    {
        use std::io::Write;
        let mut f = std::fs::File::create(&other).unwrap();
        let chunk = vec![0x5au8; MIB as usize];
        for _ in 0..take {
            f.write_all(&chunk).unwrap();
        }
        f.sync_all().unwrap();
    }
    let end = common::finish(child, start, Duration::from_secs(60));
    done.store(true, Ordering::Relaxed);
    let least = sampler.join().unwrap();
    std::fs::remove_file(&other).unwrap();
    eprintln!(
        "margin {} MiB, least free {} MiB, the other writer took {take} MiB",
        margin / MIB,
        least / MIB
    );
    assert!(
        least + in_flight >= margin,
        "free space fell to {least} bytes, below the margin {margin} less {in_flight} in flight"
    );
    assert_eq!(end.code, Some(1), "{}", end.stderr);
    assert_eq!(end.stderr.lines().count(), 1, "{}", end.stderr);
    assert!(
        end.stderr
            .starts_with("error: something else is writing to this filesystem"),
        "{}",
        end.stderr
    );
    assert_eq!(leftovers(&dir), Vec::<String>::new());
    let json = read_json(&json_path);
    let s = &json["sustained"];
    let bytes = s["bytes_written"].as_u64().unwrap();
    assert!(bytes >= 16 * MIB && bytes < size, "{s}");
    assert!(!s["series"].as_array().unwrap().is_empty(), "{s}");
    assert!(
        s["ended_early"]
            .as_str()
            .unwrap()
            .contains("something else is writing to this filesystem"),
        "{s}"
    );
    let notes = json["notes"].as_array().unwrap();
    assert!(
        notes.iter().any(|n| n
            .as_str()
            .unwrap()
            .contains("because another writer was filling the filesystem")),
        "{notes:?}"
    );
}

#[test]
fn a_filesystem_too_full_for_the_margin_is_refused_before_any_file() {
    let test = "a_filesystem_too_full_for_the_margin_is_refused_before_any_file";
    if !is_root() {
        return skip(test, "needs root (loop devices, mounts)");
    }
    // 1 GiB of ext4: less free than the 2 GiB margin.
    let fs = match LoopFs::new(1024) {
        Ok(fs) => fs,
        Err(e) => return skip(test, &e),
    };
    let target = fs.path().to_str().unwrap();
    for size in [None, Some("128M")] {
        let mut c = diskmark();
        c.args(["sustained", target, "-q"]);
        if let Some(s) = size {
            c.args(["--size", s]);
        }
        let out = c.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        match size {
            None => assert!(err.contains("would write only"), "{err}"),
            // Less free than the margin: no --size fits, and none is
            // suggested (never "at most 0 Bytes").
            Some(_) => assert!(
                err.contains("past its margin")
                    && err.contains("no --size fits")
                    && !err.contains("at most"),
                "{err}"
            ),
        }
        assert!(out.stdout.is_empty());
        assert_eq!(leftovers(fs.path()), Vec::<String>::new());
    }
}

/// Issue 26 §7: `prlimit --fsize=100000000 diskmark sustained DIR --size
/// 200M` said "write at offset 99614720 failed: Invalid argument"; it is
/// refused before any file, naming RLIMIT_FSIZE and a --size that fits,
/// and that size runs.
#[test]
fn a_size_past_the_file_size_limit_is_refused_before_any_file() {
    let dir = common::disk_dir();
    let target = dir.path().join("t");
    std::fs::create_dir(&target).unwrap();
    let sustained = |size: &str| {
        std::process::Command::new("prlimit")
            .arg("--fsize=100000000")
            .arg(env!("CARGO_BIN_EXE_diskmark"))
            .args(["sustained", target.to_str().unwrap(), "--size", size])
            .args(["-q", "--sample-interval", "0.05", "--format", "json"])
            .output()
            .expect("prlimit (util-linux) runs")
    };
    let out = sustained("200M");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("file-size limit of 95.37 MiB (100000000 bytes; RLIMIT_FSIZE")
            && err.contains("give a --size of at most 95.00 MiB"),
        "{err}"
    );
    assert!(!err.contains("Invalid argument"), "{err}");
    assert!(out.stdout.is_empty());
    assert_eq!(leftovers(&target), Vec::<String>::new());
    // What the sentence offers fits, and runs.
    let out = sustained("95M");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["sustained"]["bytes_written"], 95 * MIB, "{json}");
    assert_eq!(leftovers(&target), Vec::<String>::new());
}

/// The file-size limit lowered while the fill runs (`prlimit --pid`), to
/// a value that is no multiple of the block: the O_DIRECT write across it
/// fails with EINVAL, and is named as the file-size limit, not as the
/// filesystem (issue 26 §7); the fill keeps what it sampled, no file left.
#[test]
fn a_file_size_limit_lowered_mid_fill_is_named_as_such() {
    let _one = TIMED.lock().unwrap_or_else(|e| e.into_inner());
    let test = "a_file_size_limit_lowered_mid_fill_is_named_as_such";
    let Some(fs) = device(test, 3584) else { return };
    let cap = match WriteCap::new(&fs.device, 32 * 1_000_000) {
        Ok(c) => c,
        Err(e) => return skip(test, &e),
    };
    let report = tempfile::tempdir().unwrap();
    let json_path = report.path().join("r.json");
    let target = fs.path().to_str().unwrap().to_string();
    let mut cmd = cap.command(&[
        &target,
        "--size",
        "256M",
        "--sample-interval",
        "0.1",
        "-q",
        "-o",
        json_path.to_str().unwrap(),
    ]);
    let base = written(&fs.device).unwrap_or(0);
    let child = cmd.spawn().expect("start diskmark");
    let start = Instant::now();
    while written(&fs.device).unwrap_or(0).saturating_sub(base) < 16 * MIB {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "diskmark never wrote 16 MiB"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    let limit = 100_000_000u64;
    let lowered = std::process::Command::new("prlimit")
        .args([
            "--pid",
            &child.id().to_string(),
            &format!("--fsize={limit}"),
        ])
        .status()
        .expect("prlimit (util-linux) runs");
    assert!(lowered.success());
    let end = common::finish(child, start, Duration::from_secs(60));
    assert_eq!(end.code, Some(1), "{}", end.stderr);
    assert_eq!(end.stderr.lines().count(), 1, "{}", end.stderr);
    assert!(
        end.stderr
            .contains("file-size limit (95.37 MiB, RLIMIT_FSIZE")
            && !end.stderr.contains("Invalid argument")
            && !end.stderr.contains("O_DIRECT"),
        "{}",
        end.stderr
    );
    assert_eq!(leftovers(fs.path()), Vec::<String>::new());
    let json = read_json(&json_path);
    let s = &json["sustained"];
    let bytes = s["bytes_written"].as_u64().unwrap();
    assert!(bytes >= 16 * MIB && bytes <= limit, "{s}");
    assert!(
        s["ended_early"]
            .as_str()
            .unwrap()
            .contains("file-size limit"),
        "{s}"
    );
}

#[test]
fn bad_sizes_and_intervals_are_usage_errors() {
    let dir = common::disk_dir();
    let target = dir.path().to_str().unwrap();
    for (args, says) in [
        (&["--size", "32M"][..], "at least 64MiB"),
        (&["--sample-interval", "0.01"][..], "0.05..10"),
        (&["--engine", "null", "--size", "64M"][..], "null engine"),
        (
            &["--size", "64M", "-o", "x.csv"][..],
            "CSV, Markdown and OpenMetrics",
        ),
        (
            &["--size", "64M", "-o", "x.prom"][..],
            "CSV, Markdown and OpenMetrics",
        ),
    ] {
        let out = diskmark()
            .args(["sustained", target])
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    }
}
