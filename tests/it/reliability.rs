//! Nothing lost, nothing left behind: killed runs, concurrent runs, full
//! disks, signals between tests, and --verify catching corruption.

use crate::common;
use common::events::{Events, window_start};
use common::{Mount, TINY, disk_dir, json, leftovers, run_tiny, skip};
use rustix::process::{Pid, Signal, kill_process};
use std::io::{BufRead, BufReader};
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn wait_for_file(dir: &Path) -> std::path::PathBuf {
    let start = Instant::now();
    loop {
        if let Some(n) = leftovers(dir).first() {
            return dir.join(n);
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no test file appeared"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn a_killed_runs_file_is_removed_by_the_next_run() {
    let dir = disk_dir();
    let mut child = Command::new(env!("CARGO_BIN_EXE_diskmark"))
        .arg(dir.path())
        .args([
            "--size",
            "16M",
            "--measure",
            "5",
            "--warmup",
            "0",
            "--interval",
            "0",
        ])
        .args(["--loops", "1", "--test", "RND4K Q1T1"])
        .args(["--progress", "jsonl"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let file = wait_for_file(dir.path());
    // Killed in its 5 s window: the file is whole (16 MiB) and marked.
    let mut events = Events::follow(child.stderr.take().unwrap());
    events.wait_for(Duration::from_secs(60), window_start);
    kill_process(Pid::from_child(&child), Signal::KILL).unwrap();
    child.wait().unwrap();
    assert!(file.exists(), "SIGKILL cannot clean up: the file stays");
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    let out = run_tiny(dir.path(), &["--profile", "demo", "--format", "json"]);
    let notes = json(&out.stdout)["notes"].to_string();
    assert!(
        notes.contains(&format!(
            "removed {name} (16.00 MiB), a test file left by a diskmark run that was killed"
        )),
        "{notes}"
    );
}

#[test]
fn two_runs_on_one_directory_both_finish_and_clean_up() {
    let dir = disk_dir();
    let spawn = || {
        Command::new(env!("CARGO_BIN_EXE_diskmark"))
            .arg(dir.path())
            .args([
                "--size",
                "16M",
                "--measure",
                "0.3",
                "--warmup",
                "0",
                "--interval",
                "0.2",
            ])
            .args([
                "--loops",
                "2",
                "--test",
                "RND4K Q1T1",
                "--test",
                "SEQ1M Q2T1",
                "--format",
                "json",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let a = spawn();
    // The second starts while the first is running: it must leave the
    // first one's (locked) file alone.
    wait_for_file(dir.path());
    let b = spawn();
    for child in [a, b] {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v = json(&out.stdout);
        assert_eq!(v["tests"].as_array().unwrap().len(), 4);
        assert!(
            !v["notes"].to_string().contains("removed .diskmark-"),
            "{}",
            v["notes"]
        );
    }
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn a_full_disk_is_refused_up_front_or_ends_the_run_cleanly() {
    let m = match Mount::new("tmpfs", "size=32m") {
        Ok(m) => m,
        Err(why) => return skip("full disk", &why),
    };
    let run = |skip_check: bool| {
        let mut c = common::diskmark_with_hooks();
        c.arg(m.path())
            .args(TINY)
            .args(["--size", "64M", "--profile", "demo"])
            // The estimate aside: the error alone on stderr.
            .arg("--quiet");
        if skip_check {
            c.env("DISKMARK_TEST_SKIP_SPACE_CHECK", "1");
        }
        c.output().unwrap()
    };
    let out = run(false);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.starts_with("error: not enough free space in"), "{err}");
    assert!(
        err.contains("needs 64.00 MiB but only 32.00 MiB is available"),
        "{err}"
    );
    // Past the check, the pre-fill runs into ENOSPC.
    let out = run(true);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with("error: the disk filled up during the pre-fill"),
        "{err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert_eq!(leftovers(m.path()), Vec::<String>::new());
    let vfs = rustix::fs::statvfs(m.path()).unwrap();
    assert_eq!(vfs.f_bfree, vfs.f_blocks, "space given back");
}

#[test]
fn a_signal_in_the_interval_between_tests() {
    let dir = disk_dir();
    let mut child = Command::new(env!("CARGO_BIN_EXE_diskmark"))
        .arg(dir.path())
        .args([
            "--size",
            "16M",
            "--measure",
            "0.2",
            "--warmup",
            "0",
            "--interval",
            "3",
        ])
        .args([
            "--loops",
            "1",
            "--test",
            "RND4K Q1T1",
            "--mode",
            "read",
            "--test",
            "RND4K Q1T2",
        ])
        .args(["--format", "json", "--progress", "jsonl"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The 0.2 s test is over and the 3 s interval has begun.
    let mut events = Events::follow(child.stderr.take().unwrap());
    events.wait_for(Duration::from_secs(60), |v| v["type"] == "interval");
    kill_process(Pid::from_child(&child), Signal::TERM).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(143));
    let v = json(&out.stdout);
    assert_eq!(v["interrupted"], true);
    assert_eq!(v["tests"].as_array().unwrap().len(), 1);
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn verify_passes_on_a_healthy_run() {
    let dir = disk_dir();
    let out = run_tiny(
        dir.path(),
        &[
            "--test",
            "RND4K Q8T2",
            "--test",
            "SEQ1M Q4T1",
            "--mix",
            "--verify",
            "--format",
            "json",
        ],
    );
    let v = json(&out.stdout);
    for t in v["tests"].as_array().unwrap() {
        let writes = t["direction"] != "read";
        assert_eq!(t["verified_blocks"].is_u64(), writes, "{}", t["name"]);
        if writes {
            assert!(t["verified_blocks"].as_u64().unwrap() > 0);
        }
    }
    assert!(
        v["notes"]
            .to_string()
            .contains("--verify: every written block read back as written")
    );
}

/// Bytes flipped in the file between the writes and the read pass (the
/// documented test hook pauses there) fail the run, naming offsets.
#[test]
fn verify_catches_flipped_bytes() {
    let dir = disk_dir();
    let mut child = Command::new(env!("CARGO_BIN_EXE_diskmark-test-hooks"))
        .arg(dir.path())
        .args(TINY)
        .args([
            "--test",
            "RND4K Q4T1",
            "--mode",
            "write",
            "--verify",
            "--quiet",
        ])
        .env("DISKMARK_TEST_VERIFY_PAUSE_MS", "3000")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let file = wait_for_file(dir.path());
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    assert!(line.starts_with("verify: pausing"), "{line}");
    // Flip one byte in every 4 KiB block, past its header.
    let f = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&file)
        .unwrap();
    let mut b = [0u8; 1];
    for block in 0..(16u64 << 20) / 4096 {
        let at = block * 4096 + 1000;
        f.read_exact_at(&mut b, at).unwrap();
        b[0] ^= 0x40;
        f.write_all_at(&b, at).unwrap();
    }
    f.sync_all().unwrap();
    drop(f);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(1), "{rest}");
    assert!(
        rest.starts_with("error: --verify: RND4K Q4T1 write: "),
        "{rest}"
    );
    assert!(
        rest.contains("written blocks did not read back as written; first at offset"),
        "{rest}"
    );
    assert!(rest.contains("content does not match its crc32c"), "{rest}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}
