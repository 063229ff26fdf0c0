//! End to end: the native engines on the test's own loop device over a file
//! on the disk (root; a disk-backed directory otherwise), checked by bookkeeping
//! (Little's law), by the device's own view (its read count), and by reading
//! back what the write tests wrote. The device counters are read from a
//! device that only this test uses (issue 27: the shared disk's counters
//! include every other process's I/O), and the heavy checks run in one test
//! function, engine after engine, so that no other test's I/O shows up in
//! them either.

use crate::common;
use common::{LoopFs, disk_dir, diskmark, is_root, json, leftovers, skip};
use diskmark::workload::stamp::{PREFILL_MAGIC, Stamp, WRITE_MAGIC, read_stamp};
use serde_json::Value;
use std::os::unix::fs::FileExt;
use std::path::Path;

const ENGINES: [&str; 4] = ["psync", "io_uring", "libaio", "posixaio"];

/// Engines that work here, by asking the binary.
fn available() -> Vec<String> {
    let out = diskmark()
        .args(["engines", "--format", "json"])
        .output()
        .unwrap();
    let v = json(&out.stdout);
    v["engines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["available"] == true)
        .map(|e| e["name"].as_str().unwrap().to_string())
        .collect()
}

fn run(dir: &Path, engine: &str, tests: &[&str], measure: &str, extra: &[&str]) -> Value {
    let mut cmd = diskmark();
    cmd.arg(dir).args([
        "--engine",
        engine,
        "--size",
        "32M",
        "--measure",
        measure,
        "--warmup",
        "0.2",
        "--interval",
        "0",
        "--loops",
        "1",
        "--mix",
        "--format",
        "json",
    ]);
    for t in tests {
        cmd.args(["--test", t]);
    }
    let out = cmd.args(extra).assert().success().get_output().clone();
    json(&out.stdout)
}

/// (a) mean latency × IOPS is Q×T, for every test and direction: at most
/// 10 % above it (more than Q×T I/Os cannot be in flight, so more means a
/// latency or a count is wrong) plus the window's edge (the I/Os in flight
/// when the window opens count their whole latency: up to Q×T × the longest
/// latency / the window, which a loaded disk makes tens of ms: 38.8 for
/// Q×T 32 under bench/load.sh), and at least a quarter of it. On a loaded
/// 2-core machine (load 10: a thread gets about a fifth of a CPU) the
/// engine's thread waits for a CPU between reaping an I/O and submitting
/// the next, so the slots stand empty much of the time (issue 27: a 10 %
/// floor, then a 50 % one, failed under bench/load.sh); a count or a
/// latency off by 4× or more is still caught, and any excess at once.
fn check_littles_law(engine: &str, v: &Value) {
    for t in v["tests"].as_array().unwrap() {
        let qt = t["applied"]["q"].as_f64().unwrap() * t["applied"]["t"].as_f64().unwrap();
        let r = &t["result"]["total"];
        // The CPU's view of every loop is in the JSON.
        let cpu = &t["loops"][0]["cpu"];
        for k in [
            "process_user_s",
            "process_system_s",
            "user_s",
            "system_s",
            "steal_s",
        ] {
            assert!(cpu[k].is_number(), "{engine}: cpu.{k} missing in {cpu}");
        }
        let l = r["iops"].as_f64().unwrap() * r["lat_us"]["mean"].as_f64().unwrap() / 1e6;
        let edge = r["lat_us"]["max"].as_f64().unwrap()
            / 1e6
            / (t["loops"][0]["window_ns"].as_f64().unwrap() / 1e9);
        let ceiling = qt * (1.10 + edge);
        eprintln!(
            "{engine:>8} {} {:<5}: IOPS x latency = {l:6.2}, Q×T = {qt}",
            t["name"],
            t["direction"].as_str().unwrap()
        );
        assert!(
            0.25 * qt <= l && l <= ceiling,
            "{engine} {} {}: IOPS x mean latency = {l:.3}, want {qt} (−75 %, up to {ceiling:.2})",
            t["name"],
            t["direction"]
        );
    }
}

/// The read test `name`'s device counters, when the target has them.
fn device<'a>(v: &'a Value, name: &str) -> Option<&'a Value> {
    let t = v["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == name && t["direction"] == "read")?;
    let d = &t["result"]["device"];
    d.is_object().then_some(d)
}

/// (b) The device's own view: on a device that only this test uses, the
/// device counted the reads diskmark counted, and saw a queue. The device
/// is read when the coordinator first looks after the window opened and
/// again once it closed: it counts no more than diskmark, give or take the
/// Q×T I/Os in flight at each edge, and less by what completed before
/// that first look, which a busy machine delays (36 ms of 8740 IOPS, 313
/// reads, under bench/load.sh): at least half of diskmark's count, so a
/// wrong device or a count off by 2× is still caught.
///
/// The Q32T1 depth is printed, not compared with Q1T1's: a loop device
/// serves its requests nearly one after another (here 1.3 at Q32T1 against
/// 0.4 at Q1T1 idle, 1.28 against 0.79 under bench/load.sh), so a 3× ratio is
/// not certain on the only kind of device a test can own (issue 27); the
/// shared disk, which showed it, counts every other process's I/O too.
fn check_device_counts(engine: &str, v: &Value, name: &str, qt: f64) -> bool {
    let Some(d) = device(v, name) else {
        return false;
    };
    let t = v["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == name && t["direction"] == "read")
        .unwrap();
    let ios = t["result"]["read"]["ios"].as_f64().unwrap();
    let dev = d["read_ios"].as_f64().unwrap();
    let depth = d["avg_queue_depth"].as_f64().unwrap();
    eprintln!("{engine:>8}: {name}: {ios} reads, the device counted {dev}, queue depth {depth:.2}");
    assert!(
        dev <= 1.05 * ios + 2.0 * qt && dev >= 0.5 * ios,
        "{engine} {name}: diskmark counted {ios} reads, its own device {dev}"
    );
    assert!(depth > 0.0, "{engine} {name}: device queue depth {depth}");
    true
}

/// (c) Pages of the kept file carry the write tests' stamps, each naming its
/// own offset; the pre-fill's stamps remain where nothing was written.
fn check_written_stamps(engine: &str, file: &Path, writes: f64) {
    let f = std::fs::File::open(file).unwrap();
    let pages = f.metadata().unwrap().len() / 4096;
    let mut page = [0u8; 4096];
    let (mut written, mut prefilled) = (0, 0);
    let mut seqs = std::collections::HashSet::new();
    // 512 pages spread over the file.
    for i in 0..512u64 {
        let at = (i * 7919 % pages) * 4096;
        f.read_exact_at(&mut page, at).unwrap();
        let Stamp {
            magic,
            offset: off,
            seq,
        } = read_stamp(&page).unwrap();
        if magic == WRITE_MAGIC {
            assert_eq!(
                off, at,
                "{engine}: a written page names offset {off}, it sits at {at}"
            );
            seqs.insert(seq);
            written += 1;
        } else {
            assert_eq!(magic, PREFILL_MAGIC, "{engine}: page at {at} has no stamp");
            assert_eq!((off, seq), (at, 0), "{engine}: pre-fill stamp at {at}");
            prefilled += 1;
        }
    }
    eprintln!(
        "{engine:>8}: {written} of 512 sampled pages written by the tests, {prefilled} still pre-filled"
    );
    // `writes` random 4 KiB writes over the file's pages leave a fraction
    // 1 - e^(-writes/pages) of them written: at least half that many of the
    // sampled pages must carry a stamp. (A fixed 256 of 512 assumed an idle
    // machine's tens of thousands of writes; under load there are fewer,
    // issue 27.)
    let expected = 512.0 * (1.0 - (-writes / pages as f64).exp());
    assert!(
        written > 0 && written as f64 >= 0.5 * expected,
        "{engine}: only {written} of 512 sampled pages carry a write stamp, after {writes} writes ({expected:.0} expected)"
    );
    // Sequence numbers differ from write to write.
    assert!(
        seqs.len() * 10 >= written * 9,
        "{engine}: {} distinct sequence numbers in {written} pages",
        seqs.len()
    );
}

#[test]
fn every_engine_keeps_its_books_its_depth_and_its_data() {
    let here = available();
    // The test's own device, so that the device counters of (b) are
    // diskmark's alone; without root, the disk (and no depth check). It is
    // RAM-backed: a loop device over a disk file shares that disk, where a
    // writer beside the test left a 0.5 s window without one I/O.
    let own = if is_root() {
        Some(LoopFs::new(96).expect("a RAM-backed loop device (root)"))
    } else {
        skip(
            "every_engine (device depth)",
            "needs root for its own loop device",
        );
        None
    };
    let disk = disk_dir();
    let dir: &Path = own.as_ref().map_or(disk.path(), |r| r.path());
    for engine in ENGINES {
        if !here.contains(&engine.to_string()) {
            skip("every_engine", &format!("{engine} is not available here"));
            continue;
        }
        // SEQ1M with 1 s windows, RND4K with 0.5 s, as Read, Write and Mix.
        let seq = run(dir, engine, &["SEQ1M Q8T1", "SEQ1M Q1T1"], "1", &[]);
        check_littles_law(engine, &seq);
        let rnd = run(
            dir,
            engine,
            &["RND4K Q32T1", "RND4K Q1T1"],
            "0.5",
            &["--keep-file"],
        );
        check_littles_law(engine, &rnd);
        let kept = rnd["kept_file"]
            .as_str()
            .expect("kept_file in the JSON")
            .to_string();
        let writes: f64 = rnd["tests"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|t| t["result"]["write"]["ios"].as_f64())
            .sum();
        check_written_stamps(engine, Path::new(&kept), writes);
        std::fs::remove_file(&kept).unwrap();
        // (b) the device's view, on the test's own device only: a loop
        // device has counters, so none is a failure, not a skip.
        if own.is_some() {
            for (name, qt) in [("RND4K Q32T1", 32.0), ("RND4K Q1T1", 1.0)] {
                assert!(
                    check_device_counts(engine, &rnd, name, qt),
                    "{engine} {name}: no device counters for the test's own loop device"
                );
            }
        }
        assert_eq!(leftovers(dir), Vec::<String>::new());
    }
}

#[test]
fn engines_lists_every_engine_in_text_and_json() {
    let out = diskmark()
        .arg("engines")
        .assert()
        .success()
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("engine     status        kind         depth limit here\n"),
        "{text}"
    );
    for e in ["io_uring", "libaio", "posixaio", "psync", "null"] {
        assert!(
            text.lines().any(|l| l.starts_with(e)),
            "{e} missing:\n{text}"
        );
    }
    assert!(text.contains("synchronous  1 per thread"));
    let v = json(
        &diskmark()
            .args(["engines", "--format", "json"])
            .output()
            .unwrap()
            .stdout,
    );
    let names: Vec<&str> = v["engines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["io_uring", "libaio", "posixaio", "psync", "null"]);
    let default = v["default"].as_str().unwrap();
    assert!(["io_uring", "libaio", "psync"].contains(&default));
}

#[test]
fn a_disabled_io_uring_is_reported_with_its_reason_and_not_chosen() {
    let out = common::diskmark_with_hooks()
        .args(["engines", "--format", "json"])
        .env("DISKMARK_TEST_IO_URING_DISABLED", "2")
        .output()
        .unwrap();
    let v = json(&out.stdout);
    let io = &v["engines"][0];
    assert_eq!(io["name"], "io_uring");
    assert_eq!(io["available"], false);
    assert_eq!(
        io["reason"],
        "io_uring is disabled on this machine (kernel.io_uring_disabled = 2)"
    );
    assert_ne!(v["default"], "io_uring");
    // Asking for it names the reason and what is available instead.
    let dir = disk_dir();
    let out = common::diskmark_with_hooks()
        .arg(dir.path())
        .args(["--engine", "io_uring", "--size", "16M"])
        .env("DISKMARK_TEST_IO_URING_DISABLED", "2")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: --engine: io_uring is not available here: io_uring is disabled"),
        "{err}"
    );
    assert!(err.contains("available here: libaio"), "{err}");
    // Without --engine the run falls back to the next engine.
    let out = common::diskmark_with_hooks()
        .arg(dir.path())
        .args(common::TINY)
        .args(["--profile", "demo", "--mode", "read", "--format", "json"])
        .env("DISKMARK_TEST_IO_URING_DISABLED", "1")
        .assert()
        .success()
        .get_output()
        .clone();
    assert_ne!(json(&out.stdout)["engine"]["name"], "io_uring");
}

#[test]
fn unknown_engine_and_strict_refusals() {
    let dir = disk_dir();
    let out = diskmark()
        .arg(dir.path())
        .args(["--engine", "nosuch"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("unknown engine 'nosuch' (available here: ") && err.contains("psync"),
        "{err}"
    );
    // psync cannot keep 8 in flight per thread: --strict refuses.
    let out = diskmark()
        .arg(dir.path())
        .args(common::TINY)
        .args(["--engine", "psync", "--strict", "--profile", "demo"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(
        err.trim_end(),
        "error: --strict: psync is synchronous: Q8T1 ran as Q1T8; drop --strict to let diskmark adapt, or choose another --engine"
    );
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    // What needs no change runs under --strict.
    diskmark()
        .arg(dir.path())
        .args(common::TINY)
        .args([
            "--engine",
            "psync",
            "--strict",
            "--test",
            "RND4K Q1T2",
            "--mode",
            "read",
        ])
        .assert()
        .success();
}

#[test]
fn hipri_is_refused_where_the_device_cannot_poll() {
    let dir = disk_dir();
    let t = diskmark::target::resolve(dir.path()).unwrap();
    if t.device.as_ref().and_then(|d| d.io_poll) == Some(true) {
        skip("hipri refusal", "this device can poll");
        return;
    }
    if !available().contains(&"io_uring".to_string()) {
        skip("hipri refusal", "io_uring is not available here");
        return;
    }
    let out = diskmark()
        .arg(dir.path())
        .args(common::TINY)
        .args(["--engine", "io_uring", "--hipri"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: --hipri: polled completions are not possible here"),
        "{err}"
    );
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    let out = diskmark()
        .arg(dir.path())
        .args(["--engine", "psync", "--hipri"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("need --engine io_uring"));
}

/// `--cpus` places every worker on its CPU: a worker of a process that may
/// run only on CPU 0 cannot be placed on CPU 1, and the run is refused
/// before any file; on its own CPU it runs, and the report says where.
#[test]
fn cpus_places_the_workers_where_the_process_may_run() {
    let dir = disk_dir();
    let mine = rustix::thread::sched_getaffinity(None).unwrap();
    let Some(cpu) = (0..1024).find(|&c| mine.is_set(c)) else {
        return skip("--cpus", "no CPU in this process's affinity");
    };
    let other = (0..1024).find(|&c| c != cpu && mine.is_set(c));
    let out = on_cpu(
        cpu,
        dir.path(),
        &[
            "--test",
            "RND4K Q4T2",
            "--mode",
            "read",
            "--format",
            "json",
            "--cpus",
            &cpu.to_string(),
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out.stdout);
    assert_eq!(
        v["settings"]["cpus"],
        serde_json::json!([cpu]),
        "{}",
        v["settings"]
    );
    let notes = v["notes"].to_string();
    assert!(
        notes.contains(&format!("--cpus: the workers ran on CPUs {cpu}")),
        "{notes}"
    );
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    let Some(other) = other else {
        return skip("--cpus refusal", "this process may run on one CPU only");
    };
    let out = on_cpu(cpu, dir.path(), &["--cpus", &other.to_string()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with(&format!(
            "error: --cpus: this process may not run on CPU {other};"
        )),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

/// diskmark with tiny settings on `dir` and `args`, its process allowed
/// on `cpu` alone (taskset).
fn on_cpu(cpu: usize, dir: &Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new("taskset")
        .args(["-c", &cpu.to_string()])
        .arg(env!("CARGO_BIN_EXE_diskmark"))
        .arg(dir)
        .args(common::TINY)
        .args(args)
        .output()
        .unwrap()
}

/// `--sqpoll` hands submission to a kernel thread: the report says the
/// ring was made so (and, since the crate enters with the plain
/// descriptor then, without a registered one), and the figures are there.
#[test]
fn sqpoll_runs_and_says_so() {
    if !available().contains(&"io_uring".to_string()) {
        return skip("--sqpoll", "io_uring is not available here");
    }
    let dir = disk_dir();
    let out = diskmark()
        .arg(dir.path())
        .args(common::TINY)
        .args(["--engine", "io_uring", "--sqpoll", "--test", "RND4K Q8T1"])
        .args(["--mode", "read", "--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out.stdout);
    let setup = &v["tests"][0]["engine_setup"];
    assert_eq!(setup["sqpoll"], true, "{setup}");
    assert_eq!(setup["registered_ring"], false, "{setup}");
    assert!(v["tests"][0]["result"]["total"]["ios"].as_u64().unwrap() > 0);
    assert_eq!(v["settings"]["sqpoll"], true);
    assert!(
        v["notes"]
            .to_string()
            .contains("--sqpoll: a kernel thread submits")
    );
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

/// `diskmark engines` tries io_uring's optional set-ups and lists each.
#[test]
fn engines_lists_io_urings_setups() {
    if !available().contains(&"io_uring".to_string()) {
        return skip("engines set-ups", "io_uring is not available here");
    }
    let out = diskmark()
        .args(["engines", "--format", "json"])
        .output()
        .unwrap();
    let v = json(&out.stdout);
    let uring = (v["engines"].as_array().unwrap().iter())
        .find(|e| e["name"] == "io_uring")
        .unwrap();
    let names: Vec<&str> = (uring["features"].as_array().unwrap().iter())
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    for want in [
        "IORING_SETUP_DEFER_TASKRUN",
        "IORING_SETUP_NO_SQARRAY",
        "IORING_REGISTER_RING_FDS",
        "IORING_SETUP_SQPOLL",
    ] {
        assert!(names.contains(&want), "{names:?}");
    }
    let psync = (v["engines"].as_array().unwrap().iter())
        .find(|e| e["name"] == "psync")
        .unwrap();
    assert_eq!(psync["features"], serde_json::json!([]));
}

/// Registered buffers are charged to RLIMIT_MEMLOCK without CAP_IPC_LOCK:
/// with a 64 KiB limit, SEQ1M Q8T1 (8 MiB of buffers) must fall back to
/// plain buffers, and say so.
#[test]
fn io_uring_falls_back_to_plain_buffers_when_registration_is_refused() {
    if !available().contains(&"io_uring".to_string()) {
        skip("io_uring fallback", "io_uring is not available here");
        return;
    }
    for tool in ["prlimit", "setpriv"] {
        if std::process::Command::new(tool)
            .arg("--version")
            .output()
            .is_err()
        {
            skip(
                "io_uring fallback",
                &format!("{tool} (util-linux) is needed"),
            );
            return;
        }
    }
    let dir = disk_dir();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let mut cmd = std::process::Command::new("prlimit");
    cmd.args(["--memlock=65536:65536", "--"]);
    if is_root() {
        // Root has CAP_IPC_LOCK: run as nobody, without capabilities.
        cmd.args([
            "setpriv",
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            "--inh-caps=-all",
            "--",
        ]);
    }
    cmd.arg(env!("CARGO_BIN_EXE_diskmark"))
        .arg(dir.path())
        .args(common::TINY)
        .args([
            "--engine",
            "io_uring",
            "--test",
            "SEQ1M Q8T1",
            "--mode",
            "read",
            "--format",
            "json",
        ]);
    let out = cmd.output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    if err.contains("Permission denied") && !out.status.success() && out.stdout.is_empty() {
        skip(
            "io_uring fallback",
            &format!("nobody cannot run the test binary here: {err}"),
        );
        return;
    }
    assert!(out.status.success(), "{err}");
    let v = json(&out.stdout);
    let setup = &v["tests"][0]["engine_setup"];
    assert_eq!(setup["registered_buffers"], false, "{setup}");
    assert!(
        setup["fallback"]
            .as_str()
            .unwrap()
            .contains("RLIMIT_MEMLOCK is 64.00 KiB"),
        "{setup}"
    );
    let notes = v["notes"].to_string();
    assert!(
        notes.contains("io_uring: buffer registration refused"),
        "{notes}"
    );
    assert!(v["tests"][0]["result"]["total"]["ios"].as_u64().unwrap() > 0);
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}
