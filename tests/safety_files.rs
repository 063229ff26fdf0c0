//! End to end, issue 13 §2: diskmark removes only its own test file, and
//! always removes it. Removal by identity (a file put over the test file's
//! name keeps its bytes; a renamed file, a renamed directory, a lazily
//! unmounted filesystem), stale clean-up of certainly-abandoned files only,
//! concurrent runs in one directory, every terminating signal, the
//! file-size limit, the address-space limit, a panicking worker, and a disk
//! that fills up looking the same on every engine.

mod common;
use common::{LoopFs, Mount, disk_dir, is_root, json, leftovers, skip};
use rustix::process::{Pid, Signal, kill_process};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// No run here may take longer: a run that does has hung.
const DEADLINE: Duration = Duration::from_secs(60);

/// One read test of 1.5 s on a 16 MiB file: time to act on the file while
/// the run is in its window.
const ONE_TEST: [&str; 14] = [
    "--size",
    "16M",
    "--measure",
    "1.5",
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
];

fn spawn(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_diskmark"))
        .arg(dir)
        .args(args)
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits for the child within [`DEADLINE`]; kills it and fails if it hangs.
fn finish(mut child: Child) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "diskmark hung for {DEADLINE:?}; stderr: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.wait_with_output().unwrap()
}

/// Waits until a test file exists in `dir` and returns its name.
fn wait_for_test_file(dir: &Path, child: &mut Child) -> String {
    let start = Instant::now();
    loop {
        if let Some(n) = leftovers(dir).into_iter().next() {
            return n;
        }
        assert!(child.try_wait().unwrap().is_none(), "diskmark ended early");
        assert!(start.elapsed() < DEADLINE, "no test file appeared");
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Waits until the test file is fully pre-filled (the run is in its tests).
fn wait_for_prefill(path: &Path, size: u64) {
    let start = Instant::now();
    while std::fs::metadata(path).map_or(0, |m| m.len()) < size {
        assert!(start.elapsed() < DEADLINE, "the pre-fill never finished");
        std::thread::sleep(Duration::from_millis(1));
    }
    // Past its final fsync and into the window.
    std::thread::sleep(Duration::from_millis(200));
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn checksum(path: &Path) -> u32 {
    crc32c::crc32c(&std::fs::read(path).unwrap())
}

/// A user's file of 1 MiB that is not all one byte.
fn user_file(path: &Path) -> u32 {
    let data: Vec<u8> = (0..1u32 << 20).map(|i| (i * 7 + i / 4096) as u8).collect();
    std::fs::write(path, &data).unwrap();
    checksum(path)
}

#[test]
fn a_user_file_moved_over_the_test_files_name_keeps_its_bytes() {
    let dir = disk_dir();
    let mut child = spawn(dir.path(), &ONE_TEST, &[]);
    let name = wait_for_test_file(dir.path(), &mut child);
    let user = dir.path().join("mine.dat");
    let sum = user_file(&user);
    std::fs::rename(&user, dir.path().join(&name)).unwrap();
    let out = finish(child);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The user's file, under the name the test file had, untouched.
    assert_eq!(checksum(&dir.path().join(&name)), sum);
    assert_eq!(leftovers(dir.path()), [name]);
}

#[test]
fn fio_never_writes_to_a_file_put_in_the_test_files_place() {
    if !common::have_fio() {
        return skip(
            "fio_never_writes_to_a_file_put_in_the_test_files_place",
            "no fio",
        );
    }
    let dir = disk_dir();
    let args = [
        "--engine",
        "fio:psync",
        "--size",
        "16M",
        "--measure",
        "0.3",
        "--warmup",
        "0",
        "--interval",
        "0",
        "--loops",
        "4",
        "--test",
        "SEQ1M Q1T1",
        "--mode",
        "write",
        "--format",
        "json",
    ];
    let mut child = spawn(dir.path(), &args, &[]);
    let name = wait_for_test_file(dir.path(), &mut child);
    wait_for_prefill(&dir.path().join(&name), 16 << 20);
    let user = dir.path().join("mine.dat");
    let sum = user_file(&user);
    std::fs::rename(&user, dir.path().join(&name)).unwrap();
    let out = finish(child);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // Every later fio loop wrote to the test file, not to its name.
    assert_eq!(checksum(&dir.path().join(&name)), sum);
    assert_eq!(
        std::fs::metadata(dir.path().join(&name)).unwrap().len(),
        1 << 20
    );
}

#[test]
fn a_test_file_renamed_in_its_directory_is_still_removed() {
    let dir = disk_dir();
    let mut child = spawn(dir.path(), &ONE_TEST, &[]);
    let name = wait_for_test_file(dir.path(), &mut child);
    let renamed = dir.path().join("renamed.bin");
    std::fs::rename(dir.path().join(&name), &renamed).unwrap();
    // A look-alike under the old name is someone else's.
    let sum = user_file(&dir.path().join(&name));
    let out = finish(child);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!renamed.exists(), "the renamed test file was left");
    assert_eq!(checksum(&dir.path().join(&name)), sum);
}

#[test]
fn a_target_directory_renamed_during_the_run_loses_its_test_file() {
    let base = disk_dir();
    let (a, b) = (base.path().join("a"), base.path().join("b"));
    std::fs::create_dir(&a).unwrap();
    let mut child = spawn(&a, &ONE_TEST, &[]);
    let name = wait_for_test_file(&a, &mut child);
    std::fs::rename(&a, &b).unwrap();
    // A new directory under the old name, holding a file of that name.
    std::fs::create_dir(&a).unwrap();
    let sum = user_file(&a.join(&name));
    let out = finish(child);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(leftovers(&b), Vec::<String>::new());
    assert_eq!(checksum(&a.join(&name)), sum);
}

#[test]
fn a_test_file_moved_out_of_its_directory_is_named_with_its_size() {
    let base = disk_dir();
    let (a, elsewhere) = (base.path().join("a"), base.path().join("elsewhere"));
    std::fs::create_dir(&a).unwrap();
    std::fs::create_dir(&elsewhere).unwrap();
    let mut child = spawn(&a, &ONE_TEST, &[]);
    let name = wait_for_test_file(&a, &mut child);
    wait_for_prefill(&a.join(&name), 16 << 20);
    std::fs::rename(a.join(&name), elsewhere.join(&name)).unwrap();
    let out = finish(child);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let sentence = format!(
        "the test file {} (16.00 MiB) could not be removed: it was moved out of its directory during the run; find it and remove it by hand",
        a.join(&name).display()
    );
    assert!(err.contains(&sentence), "{err}");
    let v = json(&out.stdout);
    let notes: Vec<_> = v["notes"].as_array().unwrap().iter().collect();
    assert!(
        notes.iter().any(|n| n.as_str() == Some(&sentence)),
        "{notes:?}"
    );
    assert!(elsewhere.join(&name).exists());
}

#[test]
fn a_lazily_unmounted_filesystem_keeps_no_test_file() {
    let fs = match LoopFs::new(64) {
        Ok(fs) => fs,
        Err(why) => return skip("a_lazily_unmounted_filesystem_keeps_no_test_file", &why),
    };
    let mut child = spawn(fs.path(), &ONE_TEST, &[]);
    wait_for_test_file(fs.path(), &mut child);
    let ok = Command::new("umount")
        .arg("-l")
        .arg(fs.path())
        .status()
        .unwrap()
        .success();
    assert!(ok, "umount -l failed");
    let out = finish(child);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The detached filesystem is released once diskmark has exited; mount
    // it again and look.
    let again = tempfile::tempdir().unwrap();
    let start = Instant::now();
    while !Command::new("mount")
        .arg(&fs.device)
        .arg(again.path())
        .status()
        .unwrap()
        .success()
    {
        assert!(start.elapsed() < DEADLINE, "the filesystem stayed busy");
        std::thread::sleep(Duration::from_millis(50));
    }
    let left = leftovers(again.path());
    common::umount(again.path());
    assert_eq!(left, Vec::<String>::new());
}

/// A real leftover: a run killed with SIGKILL (no clean-up possible) after
/// its pre-fill. Returns the file's name.
fn killed_run(dir: &Path) -> String {
    let mut child = spawn(dir, &ONE_TEST, &[]);
    let name = wait_for_test_file(dir, &mut child);
    wait_for_prefill(&dir.join(&name), 16 << 20);
    child.kill().unwrap();
    child.wait().unwrap();
    name
}

/// A short run in `dir`; returns its JSON notes.
fn notes_of_a_run(dir: &Path) -> Vec<String> {
    let out = finish(spawn(
        dir,
        &[
            "--size",
            "16M",
            "--measure",
            "0.2",
            "--warmup",
            "0",
            "--loops",
            "1",
            "--test",
            "RND4K Q1T1",
            "--mode",
            "read",
            "--format",
            "json",
        ],
        &[],
    ));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    json(&out.stdout)["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect()
}

fn removed_note(notes: &[String], name: &str) -> bool {
    notes
        .iter()
        .any(|n| n.starts_with(&format!("removed {name} (16.00 MiB), a test file left")))
}

#[test]
fn a_killed_runs_file_is_removed_only_when_certainly_abandoned() {
    let dir = disk_dir();
    let name = killed_run(dir.path());
    let path = dir.path().join(&name);
    let sum = checksum(&path);

    // Under someone's fcntl (POSIX) lock: in use.
    {
        let holder = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&path)
            .unwrap();
        rustix::fs::fcntl_lock(&holder, rustix::fs::FlockOperation::LockShared).unwrap();
        let notes = notes_of_a_run(dir.path());
        assert!(!removed_note(&notes, &name), "{notes:?}");
        assert_eq!(checksum(&path), sum);
    }
    // Under someone's flock: in use.
    {
        let holder = std::fs::File::open(&path).unwrap();
        rustix::fs::flock(&holder, rustix::fs::FlockOperation::LockShared).unwrap();
        let notes = notes_of_a_run(dir.path());
        assert!(!removed_note(&notes, &name), "{notes:?}");
        assert_eq!(checksum(&path), sum);
    }
    // Another user's: not ours to take (only root can make one here).
    if is_root() {
        std::os::unix::fs::chown(&path, Some(65534), Some(65534)).unwrap();
        let notes = notes_of_a_run(dir.path());
        assert!(!removed_note(&notes, &name), "{notes:?}");
        assert_eq!(checksum(&path), sum);
        std::os::unix::fs::chown(&path, Some(0), Some(0)).unwrap();
    } else {
        skip(
            "a_killed_runs_file_is_removed_only_when_certainly_abandoned",
            "not root: the other user's file case needs chown",
        );
    }
    // A file that only has the name of one, and no mark.
    let lookalike = dir.path().join(".diskmark-999999-0badf00d.tmp");
    let lsum = user_file(&lookalike);
    // Now certainly abandoned: removed, and said so.
    let notes = notes_of_a_run(dir.path());
    assert!(removed_note(&notes, &name), "{notes:?}");
    assert!(!path.exists());
    assert_eq!(checksum(&lookalike), lsum);
    assert_eq!(leftovers(dir.path()), [".diskmark-999999-0badf00d.tmp"]);
}

#[test]
fn a_kept_file_is_not_removed_by_the_next_run() {
    let dir = disk_dir();
    let out = finish(spawn(
        dir.path(),
        &[
            "--size",
            "16M",
            "--measure",
            "0.2",
            "--warmup",
            "0",
            "--loops",
            "1",
            "--test",
            "RND4K Q1T1",
            "--format",
            "json",
            "--keep-file",
        ],
        &[],
    ));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let kept = leftovers(dir.path());
    assert_eq!(kept.len(), 1, "{kept:?}");
    let path = dir.path().join(&kept[0]);
    let sum = checksum(&path);
    let notes = notes_of_a_run(dir.path());
    assert!(
        !notes.iter().any(|n| n.contains("killed")),
        "the kept file was taken for a leftover: {notes:?}"
    );
    assert_eq!(checksum(&path), sum);
}

/// Watches `dir` for new names (inotify) and at once tries to lock each
/// new test file, as a stale scan's probe would: counts the files it could
/// lock (visible unlocked), holding each such lock a moment so that a run
/// that locks late fails. Ends when a file named `stop` appears.
fn prober(dir: &Path) -> std::thread::JoinHandle<u32> {
    use rustix::fs::inotify;
    let dir = dir.to_path_buf();
    let fd = inotify::init(inotify::CreateFlags::CLOEXEC).unwrap();
    inotify::add_watch(&fd, &dir, inotify::WatchFlags::CREATE).unwrap();
    std::thread::spawn(move || {
        let mut buf = [std::mem::MaybeUninit::uninit(); 4096];
        let mut reader = inotify::Reader::new(&fd, &mut buf);
        let mut unlocked = 0;
        loop {
            let ev = reader.next().unwrap();
            let Some(name) = ev.file_name().and_then(|n| n.to_str().ok()) else {
                continue;
            };
            if name == "stop" {
                return unlocked;
            }
            let Ok(f) = std::fs::File::open(dir.join(name)) else {
                continue;
            };
            if rustix::fs::flock(&f, rustix::fs::FlockOperation::NonBlockingLockExclusive).is_ok() {
                unlocked += 1;
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    })
}

#[test]
fn many_runs_at_once_in_one_directory_all_succeed() {
    let dir = disk_dir();
    let probe = prober(dir.path());
    let args = [
        "--engine",
        "null",
        "--size",
        "16M",
        "--measure",
        "0.05",
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
    ];
    for round in 0..5 {
        let children: Vec<_> = (0..8).map(|_| spawn(dir.path(), &args, &[])).collect();
        for c in children {
            let out = finish(c);
            assert_eq!(
                out.status.code(),
                Some(0),
                "round {round}: {}",
                stderr(&out)
            );
            let notes = json(&out.stdout)["notes"].to_string();
            assert!(!notes.contains("killed"), "round {round}: {notes}");
        }
        assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    }
    std::fs::write(dir.path().join("stop"), b"").unwrap();
    assert_eq!(probe.join().unwrap(), 0, "test files were visible unlocked");
}

/// Four tests of 0.3 s each; a signal arrives in the middle.
const FOUR_TESTS: [&str; 16] = [
    "--size",
    "16M",
    "--measure",
    "0.3",
    "--warmup",
    "0",
    "--interval",
    "0",
    "--loops",
    "1",
    "--test",
    "RND4K Q1T1",
    "--test",
    "RND4K Q1T2",
    "--format",
    "json",
];

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
    let runs: Vec<_> = signals
        .iter()
        .map(|&sig| {
            let dir = disk_dir();
            let mut child = spawn(dir.path(), &FOUR_TESTS, &[]);
            wait_for_test_file(dir.path(), &mut child);
            (sig, dir, child)
        })
        .collect();
    // Inside test 2 or 3 of 4 for every run.
    std::thread::sleep(Duration::from_millis(750));
    for (sig, _, child) in &runs {
        // kill(1): rustix names no real-time signal without unsafe code.
        let sent = Command::new("kill")
            .args([format!("-{sig}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -{sig}");
    }
    for (sig, dir, child) in runs {
        let out = finish(child);
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
    let mut child = spawn(dir.path(), &FOUR_TESTS[..14], &[]);
    wait_for_test_file(dir.path(), &mut child);
    std::thread::sleep(Duration::from_millis(750));
    kill_process(Pid::from_child(&child), Signal::QUIT).unwrap();
    let out = finish(child);
    assert_eq!(out.status.code(), Some(128 + libc::SIGQUIT));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("interrupted by SIGQUIT"), "{text}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

const FSIZE_SENTENCE: &str = "reached this process's file-size limit";

/// `prlimit` with `args` around diskmark, or why it cannot run here.
fn prlimit(limit: &str, dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Option<Output> {
    if Command::new("prlimit").arg("--version").output().is_err() {
        skip("prlimit", "util-linux's prlimit is not installed");
        return None;
    }
    let child = Command::new("prlimit")
        .arg(limit)
        .arg(env!("CARGO_BIN_EXE_diskmark"))
        .arg(dir)
        .args(args)
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    Some(finish(child))
}

#[test]
fn the_file_size_limit_in_the_prefill_is_one_sentence() {
    let dir = disk_dir();
    for engine in ["psync", "null"] {
        let Some(out) = prlimit(
            &format!("--fsize={}", 8 << 20),
            dir.path(),
            &[&ONE_TEST[..], &["--engine", engine]].concat(),
            &[],
        ) else {
            return;
        };
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{engine}: {err}");
        assert!(err.contains(FSIZE_SENTENCE), "{engine}: {err}");
        assert!(
            err.contains("`ulimit -f`") && err.contains("8.00 MiB"),
            "{err}"
        );
        assert!(!err.contains("O_DIRECT"), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    }
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
        let mut child = spawn(dir.path(), &args, &[]);
        let name = wait_for_test_file(dir.path(), &mut child);
        wait_for_prefill(&dir.path().join(name), 16 << 20);
        // The limit lowered under the running write test.
        let pid = child.id().to_string();
        let ok = Command::new("prlimit")
            .args(["--pid", &pid, &format!("--fsize={}", 1 << 20)])
            .status()
            .unwrap()
            .success();
        assert!(ok);
        let out = finish(child);
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
    for mib in [12, 16, 20, 24, 32, 48, 64, 96, 128] {
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
        let mut child = spawn(fs.path(), &args, &[("DISKMARK_TEST_SKIP_SPACE_CHECK", "1")]);
        let name = wait_for_test_file(fs.path(), &mut child);
        let path = fs.path().join(&name);
        wait_for_prefill(&path, 16 << 20);
        // Fill the rest, free the test file's pages, fill again but for
        // half a block: the write test's next writes find no room, some
        // of them part of a block.
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
        let out = finish(child);
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
