//! End to end, issue 13 §2 and §5: every signal whose default would end
//! the process ends a run cleanly; the file-size, CPU, address-space and
//! descriptor limits are one sentence with no test file left; a panicking
//! worker ends the run; a disk that fills up reads the same on every engine.

use crate::common;
use crate::safety_common;
use common::events::test_done;
use common::{FOUR_TESTS, Mount, disk_dir, json, leftovers, skip};
use rustix::process::{Pid, Signal, kill_process};
use safety_common::*;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

#[test]
fn every_signal_that_would_end_the_process_ends_the_run_cleanly() {
    let rtmin = libc::SIGRTMIN();
    let signals = [
        libc::SIGQUIT,
        libc::SIGUSR1,
        libc::SIGUSR2,
        libc::SIGALRM,
        libc::SIGXCPU,
        libc::SIGVTALRM,
        libc::SIGPROF,
        libc::SIGPWR,
        libc::SIGIO,
        libc::SIGABRT,
        rtmin,
        rtmin + 5,
    ];
    // The runs go side by side, one thread each: each signal lands when
    // its own run's first test has ended, whatever the others are at (one
    // by one, the first ones had finished all four tests on a loaded
    // machine before the last one had its test file).
    let runs: Vec<_> = std::thread::scope(|s| {
        let runs: Vec<_> = signals
            .iter()
            .map(|&sig| {
                s.spawn(move || {
                    let dir = disk_dir();
                    let (child, mut events) = spawn_following(dir.path(), &FOUR_TESTS, &[]);
                    // Three tests left of four: the signal lands in test 2
                    // or 3.
                    events.wait_for(DEADLINE, test_done(1));
                    // kill(1): rustix names no real-time signal without
                    // unsafe code.
                    let sent = Command::new("kill")
                        .args([format!("-{sig}"), child.id().to_string()])
                        .status()
                        .unwrap();
                    assert!(sent.success(), "kill -{sig}");
                    (sig, dir, finish_following(child, events))
                })
            })
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    for (sig, dir, out) in runs {
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(128 + sig), "signal {sig}: {err}");
        assert_eq!(leftovers(dir.path()), Vec::<String>::new(), "signal {sig}");
        let v = json(&out.stdout);
        assert_eq!(v["interrupted"], true, "signal {sig}");
        assert_eq!(v["signal"], sig, "signal {sig}");
        let done = v["tests"].as_array().unwrap().len();
        assert!((1..4).contains(&done), "signal {sig}: {done} of 4 finished");
    }
}

#[test]
fn the_cpu_time_limit_ends_the_run_cleanly() {
    // The null engine spins a CPU: RLIMIT_CPU's soft limit of 1 s sends
    // SIGXCPU long before the 20 s window ends (and the hard limit's
    // SIGKILL).
    let dir = disk_dir();
    let Some(out) = prlimit(
        "--cpu=1:30",
        dir.path(),
        &[
            "--engine",
            "null",
            "--size",
            "16M",
            "--measure",
            "20",
            "--warmup",
            "0",
            "--interval",
            "0",
            "--loops",
            "1",
            "--test",
            "RND4K Q1T1",
            "--format",
            "json",
        ],
        &[],
    ) else {
        return;
    };
    assert_eq!(
        out.status.code(),
        Some(128 + libc::SIGXCPU),
        "{}",
        stderr(&out)
    );
    let v = json(&out.stdout);
    assert_eq!(v["interrupted"], true);
    assert_eq!(v["signal"], libc::SIGXCPU);
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn sigquit_in_the_text_report_is_named() {
    let dir = disk_dir();
    let (child, mut events) = spawn_following(dir.path(), &FOUR_TESTS[..14], &[]);
    // In the run's tests, three of them left.
    events.wait_for(DEADLINE, test_done(1));
    kill_process(Pid::from_child(&child), Signal::QUIT).unwrap();
    let out = finish_following(child, events);
    assert_eq!(out.status.code(), Some(128 + libc::SIGQUIT));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("interrupted by SIGQUIT"), "{text}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

const FSIZE_SENTENCE: &str = "reached this process's file-size limit";

/// Issue 26 §7: a test file that cannot fit under RLIMIT_FSIZE is refused
/// before it exists, naming the limit whatever its value (never "does not
/// support O_DIRECT", never "Invalid argument"), and suggesting a --size
/// only when one fits; a --size under the limit runs.
#[test]
fn a_size_past_the_file_size_limit_is_refused_up_front_naming_it() {
    let dir = disk_dir();
    let mut big = ONE_TEST.to_vec();
    big[1] = "200M";
    for (limit, args, says) in [
        // Below the smallest --size: nothing to suggest.
        (
            1_000_000u64,
            &ONE_TEST[..],
            "no --size fits under it (the smallest is 16.00 MiB)",
        ),
        (8 << 20, &ONE_TEST[..], "no --size fits under it"),
        (100_000_000, &big[..], "give a --size of at most 95.00 MiB"),
    ] {
        for engine in ["psync", "io_uring", "null"] {
            let Some(out) = prlimit(
                &format!("--fsize={limit}"),
                dir.path(),
                &[args, &["--engine", engine]].concat(),
                &[],
            ) else {
                return;
            };
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{limit} {engine}: {err}");
            assert!(
                err.contains(&format!("({limit} bytes; RLIMIT_FSIZE"))
                    && err.contains("`ulimit -f`")
                    && err.contains(says),
                "{limit} {engine}: {err}"
            );
            assert!(
                !err.contains("O_DIRECT") && !err.contains("Invalid"),
                "{err}"
            );
            assert_eq!(err.trim().lines().count(), 1, "{err}");
            assert!(out.stdout.is_empty(), "{err}");
            assert_eq!(leftovers(dir.path()), Vec::<String>::new());
        }
    }
    // The 16 MiB file fits under 100,000,000 bytes: the run runs.
    let Some(out) = prlimit("--fsize=100000000", dir.path(), &ONE_TEST, &[]) else {
        return;
    };
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    json(&out.stdout);
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn the_file_size_limit_in_a_write_test_is_one_sentence_on_every_engine() {
    if Command::new("prlimit").arg("--version").output().is_err() {
        return skip("the_file_size_limit_in_a_write_test", "no prlimit");
    }
    for engine in ["psync", "io_uring", "libaio", "posixaio"] {
        let dir = disk_dir();
        let args = [
            "--size",
            "16M",
            "--measure",
            "3",
            "--warmup",
            "0",
            "--interval",
            "0",
            "--loops",
            "1",
            "--test",
            "RND4K Q4T1",
            "--mode",
            "write",
            "--engine",
            engine,
            "--format",
            "json",
        ];
        let (child, mut events) = spawn_following(dir.path(), &args, &[]);
        wait_for_window(&mut events);
        // The limit lowered under the running write test.
        let pid = child.id().to_string();
        let ok = Command::new("prlimit")
            .args(["--pid", &pid, &format!("--fsize={}", 1 << 20)])
            .status()
            .unwrap()
            .success();
        assert!(ok);
        let out = finish_following(child, events);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{engine}: {err}");
        assert!(err.contains(FSIZE_SENTENCE), "{engine}: {err}");
        assert!(err.contains("during the RND4K Q4T1 write test"), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{engine}: {err}");
        assert_eq!(leftovers(dir.path()), Vec::<String>::new(), "{engine}");
    }
}

#[test]
fn too_little_address_space_is_refused_before_the_file_exists() {
    let dir = disk_dir();
    // From too little to enough: every outcome is a clean success or one
    // sentence, never an abort or a hang, never a file left.
    let mut refused = 0;
    // The ladder starts where the loader can map the binary (its size
    // grows with the program: 8 MiB took 12, 10.7 MiB no longer did).
    let binary = std::fs::metadata(env!("CARGO_BIN_EXE_diskmark"))
        .unwrap()
        .len()
        >> 20;
    for extra in [4, 8, 12, 16, 24, 40, 56, 88, 120] {
        let mib = binary + extra;
        for engine in ["psync", "io_uring"] {
            let Some(out) = prlimit(
                &format!("--as={}", mib << 20),
                dir.path(),
                &[
                    "--size",
                    "16M",
                    "--measure",
                    "0.2",
                    "--warmup",
                    "0",
                    "--interval",
                    "0",
                    "--loops",
                    "1",
                    "--test",
                    "RND4K Q8T4",
                    "--engine",
                    engine,
                    "--format",
                    "json",
                ],
                &[("RUST_BACKTRACE", "1")],
            ) else {
                return;
            };
            let err = stderr(&out);
            match out.status.code() {
                Some(0) => {}
                // The dynamic loader could not map the program: diskmark
                // never ran, so there is nothing of its to check.
                Some(127) if err.contains("error while loading shared libraries") => {}
                Some(1) => {
                    assert_eq!(err.trim().lines().count(), 1, "{mib} MiB {engine}: {err}");
                    refused += err.contains("leaves") as u32;
                }
                other => panic!("{mib} MiB {engine}: exit {other:?}: {err}"),
            }
            assert_eq!(leftovers(dir.path()), Vec::<String>::new(), "{mib} MiB");
        }
    }
    assert!(refused > 0, "no limit was low enough to refuse");
}

/// A memory cgroup (v1 `memory`, or v2 with its memory controller) below
/// this process's own, limited to `bytes`; removed on drop (once the
/// child in it has ended).
struct MemCgroup {
    dir: std::path::PathBuf,
    v2: bool,
}

impl MemCgroup {
    fn new(bytes: u64) -> Result<MemCgroup, String> {
        if !rustix::process::geteuid().is_root() {
            return Err("needs root to create a cgroup".into());
        }
        let own = std::fs::read_to_string("/proc/self/cgroup").map_err(|e| e.to_string())?;
        let v1 = Path::new("/sys/fs/cgroup/memory");
        let (base, rel, v2) = if v1.join("memory.limit_in_bytes").exists() {
            let rel = own.lines().find_map(|l| {
                let mut f = l.splitn(3, ':');
                let (_, c, p) = (f.next()?, f.next()?, f.next()?);
                c.split(',').any(|c| c == "memory").then(|| p.to_string())
            });
            (
                v1.to_path_buf(),
                rel.ok_or("in no v1 memory cgroup")?,
                false,
            )
        } else {
            let root = Path::new("/sys/fs/cgroup");
            let ok = std::fs::read_to_string(root.join("cgroup.controllers"))
                .is_ok_and(|c| c.split_whitespace().any(|x| x == "memory"));
            if !ok {
                return Err("no cgroup v1 memory hierarchy and no v2 memory controller".into());
            }
            // A v2 group of the root, where the controller is enabled.
            std::fs::write(root.join("cgroup.subtree_control"), "+memory")
                .map_err(|e| format!("enabling the memory controller: {e}"))?;
            (root.to_path_buf(), "/".into(), true)
        };
        static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let name = format!(
            "diskmark-mem-{}-{}",
            std::process::id(),
            N.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        );
        let dir = base.join(rel.trim_start_matches('/')).join(name);
        std::fs::create_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let g = MemCgroup { dir, v2 };
        let file = if v2 {
            "memory.max"
        } else {
            "memory.limit_in_bytes"
        };
        std::fs::write(g.dir.join(file), bytes.to_string()).map_err(|e| format!("{file}: {e}"))?;
        Ok(g)
    }

    /// diskmark with `args`, inside the group from its first instruction.
    fn run(&self, args: &[&str]) -> std::process::Output {
        let child = Command::new("sh")
            .arg("-c")
            .arg(r#"echo $$ > "$0/cgroup.procs" && exec "$@""#)
            .arg(&self.dir)
            .arg(env!("CARGO_BIN_EXE_diskmark"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        finish(child)
    }
}

impl Drop for MemCgroup {
    fn drop(&mut self) {
        let end = Instant::now() + Duration::from_secs(5);
        while std::fs::remove_dir(&self.dir).is_err() && Instant::now() < end {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Issue 26 §5: under a memory cgroup of 64 MiB, SEQ1M Q512T64 on 1 GiB
/// was OOM-killed (exit 137) with its test file left behind. It is
/// refused before the file exists, naming the cgroup's limit and what the
/// run needs, in every mode that allocates buffers; a run that fits runs.
#[test]
fn a_run_past_the_memory_cgroup_s_limit_is_refused_before_the_file_exists() {
    let test = "a_run_past_the_memory_cgroup_s_limit_is_refused_before_the_file_exists";
    let group = match MemCgroup::new(64 << 20) {
        Ok(g) => g,
        Err(e) => return skip(test, &e),
    };
    let dir = disk_dir();
    let target = dir.path().to_str().unwrap();
    let big = [
        "--test",
        "SEQ1M Q512T64",
        "--measure",
        "0.2",
        "--warmup",
        "0",
        "--interval",
        "0",
    ];
    let runs: [Vec<&str>; 2] = [
        [&[target, "--size", "1G", "--loops", "1"][..], &big[..]].concat(),
        vec![
            "sustained",
            target,
            "--size",
            "64M",
            "--test",
            "SEQ1M Q512T64",
            "-q",
        ],
    ];
    let file = if group.v2 {
        "memory.max"
    } else {
        "memory.limit_in_bytes"
    };
    for args in runs {
        let out = group.run(&args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains("memory cgroup")
                && err.contains(&format!("limit of 64.00 MiB ({file}"))
                && err.contains("this run needs about"),
            "{args:?}: {err}"
        );
        assert_eq!(leftovers(dir.path()), Vec::<String>::new(), "{args:?}");
    }
    // What fits in the group runs in it.
    let out = group.run(&[
        target,
        "--size",
        "16M",
        "--measure",
        "0.2",
        "--warmup",
        "0",
        "--interval",
        "0",
        "--loops",
        "1",
        "--test",
        "RND4K Q1T1",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    json(&out.stdout);
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn too_few_descriptors_is_one_sentence_naming_the_limit() {
    let dir = disk_dir();
    let mut refused = 0;
    for n in [4, 6, 10, 16, 64] {
        for engine in ["psync", "io_uring", "libaio", "posixaio"] {
            let Some(out) = prlimit(
                &format!("--nofile={n}"),
                dir.path(),
                &[
                    "--size",
                    "16M",
                    "--measure",
                    "0.1",
                    "--warmup",
                    "0",
                    "--interval",
                    "0",
                    "--loops",
                    "1",
                    "--test",
                    "RND4K Q8T4",
                    "--engine",
                    engine,
                    "--format",
                    "json",
                ],
                &[],
            ) else {
                return;
            };
            let err = stderr(&out);
            match out.status.code() {
                Some(0) => {}
                Some(1 | 2) => {
                    assert_eq!(err.trim().lines().count(), 1, "{n} {engine}: {err}");
                    // libaio may meet the other shared limit first (the
                    // aio_limit test lowers it for a moment).
                    let named = err.contains("ulimit -n") || err.contains("fs.aio-max-nr");
                    assert!(named, "{n} {engine}: {err}");
                    refused += err.contains("ulimit -n") as u32;
                }
                other => panic!("{n} {engine}: exit {other:?}: {err}"),
            }
            assert_eq!(leftovers(dir.path()), Vec::<String>::new(), "{n} {engine}");
        }
    }
    assert!(refused > 0, "no limit was low enough to refuse");
}

#[test]
fn a_panicking_worker_ends_the_run_in_one_sentence() {
    for at in ["setup", "window"] {
        let dir = disk_dir();
        let started = Instant::now();
        let out = finish(spawn(
            dir.path(),
            &ONE_TEST,
            &[("DISKMARK_TEST_WORKER_PANIC", at), ("RUST_BACKTRACE", "1")],
        ));
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{at}: {err}");
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{at}: took {:?}",
            started.elapsed()
        );
        assert_eq!(
            err.trim(),
            format!(
                "error: a worker thread of RND4K Q1T1 panicked (DISKMARK_TEST_WORKER_PANIC={at}); this is a bug in diskmark, please report it"
            )
        );
        assert_eq!(leftovers(dir.path()), Vec::<String>::new(), "{at}");
    }
}

/// Fills the filesystem of `dir` up to `keep` free bytes with `fill`.
fn fill_up(dir: &Path, fill: &std::fs::File, keep: u64) {
    use rustix::fs::FallocateFlags;
    let mut end = fill.metadata().unwrap().len();
    loop {
        let st = rustix::fs::statvfs(dir).unwrap();
        let free = st.f_bavail * st.f_frsize;
        if free <= keep {
            return;
        }
        let mut len = free - keep;
        // Others allocate too: shrink until it fits.
        while rustix::fs::fallocate(fill, FallocateFlags::empty(), end, len).is_err() {
            len /= 2;
            if len < 4096 {
                return;
            }
        }
        end += len;
    }
}

#[test]
fn a_disk_that_fills_up_in_a_write_test_is_the_same_sentence_on_every_engine() {
    use rustix::fs::FallocateFlags;
    for engine in ["psync", "io_uring", "libaio", "posixaio"] {
        let fs = match Mount::new("tmpfs", "size=40m") {
            Ok(m) => m,
            Err(why) => return skip("a_disk_that_fills_up", &why),
        };
        let args = [
            "--size",
            "16M",
            "--measure",
            "5",
            "--warmup",
            "0",
            "--interval",
            "0",
            "--loops",
            "1",
            "--test",
            "SEQ1M Q4T1",
            "--mode",
            "write",
            "--engine",
            engine,
            "--format",
            "json",
        ];
        let (mut child, mut events) =
            spawn_following(fs.path(), &args, &[("DISKMARK_TEST_SKIP_SPACE_CHECK", "1")]);
        let name = wait_for_test_file(fs.path(), &mut child);
        let path = fs.path().join(&name);
        wait_for_window(&mut events);
        // Fill the rest, free the test file's pages, fill again but for
        // half a block: the write test's next writes find no room, some
        // of them part of a block. The run is stopped meanwhile, or its
        // writers could take the freed pages back before the second fill
        // (tmpfs rewrites 16 MiB in milliseconds), and never see ENOSPC.
        let pid = rustix::process::Pid::from_child(&child);
        rustix::process::kill_process(pid, rustix::process::Signal::STOP).unwrap();
        let fill = std::fs::File::create(fs.path().join("fill")).unwrap();
        fill_up(fs.path(), &fill, 0);
        let tf = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        rustix::fs::fallocate(
            &tf,
            FallocateFlags::PUNCH_HOLE | FallocateFlags::KEEP_SIZE,
            0,
            16 << 20,
        )
        .unwrap();
        drop(tf);
        fill_up(fs.path(), &fill, 512 << 10);
        rustix::process::kill_process(pid, rustix::process::Signal::CONT).unwrap();
        let out = finish_following(child, events);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{engine}: {err}");
        assert_eq!(
            err.trim(),
            format!(
                "error: the disk filled up during the SEQ1M Q4T1 write test ({}/{name} could not be written); free some space or use a smaller --size",
                fs.path().display()
            ),
            "{engine}"
        );
        drop(fill);
        assert_eq!(leftovers(fs.path()), Vec::<String>::new(), "{engine}");
    }
}
