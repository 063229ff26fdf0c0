//! End to end: every fault named in the issue gives one `error:` sentence,
//! the right exit code, no panic, and no test file left behind.

use crate::common;
use common::{Mount, TINY, disk_dir, diskmark, is_root, leftovers, skip};

/// Runs with `args` and checks: exit `code`, stderr starts with `error:`,
/// contains `needle`, no panic text, nothing on stdout.
fn fails(args: &[&str], code: i32, needle: &str) {
    let out = diskmark().args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
    assert!(stderr.starts_with("error:"), "{args:?}: {stderr}");
    assert!(
        stderr.contains(needle),
        "{args:?}: want {needle:?} in {stderr}"
    );
    assert!(
        !stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty(), "{args:?}");
}

#[test]
fn bad_option_values_exit_2_before_any_file() {
    let dir = disk_dir();
    let d = dir.path().to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["--size", "8M"], "--size"),
        (&["--size", "65G"], "--size"),
        (&["--size", "0"], "--size"),
        (&["--size", "lots"], "--size"),
        (&["--size", "1.5K"], "--size"),
        (
            &["--size", "16M", "--test", "SEQ32M Q1T1"],
            "larger than the test file",
        ),
        (&["--test", "SEQ1M"], "--test"),
        (&["--test", "RND4K Q0T1"], "Q0"),
        (&["--test", "RND4K Q513T1"], "Q513"),
        (&["--test", "RND4K Q1T65"], "T65"),
        (&["--test", "RND256B Q1T1"], "block size"),
        (&["--test", "RND1000B Q1T1"], "multiple of 512"),
        (&["--mix-read", "101"], "--mix-read"),
        (&["--loops", "0"], "--loops"),
        (&["--loops", "-3"], "--loops"),
        (&["--measure", "0"], "--measure"),
        (&["--measure", "-1"], "--measure"),
        (&["--warmup", "x"], "--warmup"),
        (&["--interval", "99999"], "--interval"),
        (&["--profile", "turbo"], "--profile"),
        (&["--mode", "readwrite"], "--mode"),
        (&["--engine", "nosuch"], "unknown engine 'nosuch'"),
        (&["--format", "xml"], "--format"),
        (&["--loop-stat", "max"], "--loop-stat"),
        (&["--data", "ones"], "--data"),
        (&["--seed", "-1"], "--seed"),
        (&["-o", "/nonexistent-diskmark-dir/r.txt"], "does not exist"),
        (&["--bogus"], "--bogus"),
        (&["--size", "1P"], "--size"),
        (&["--size", "99999999999999999999G"], "--size"),
        (
            &["--size", "16M", "--test", "SEQ64M Q1T1"],
            "larger than the test file",
        ),
        (
            &["--test", "RND4K Q1T1", "--test", "XYZ"],
            "not a test in CrystalDiskMark notation",
        ),
        (&["--test", "RND4KQ32"], "--test"),
        (&["--mix-read", "-5"], "--mix-read"),
        (&["--loops", "1000"], "--loops"),
        (&["--measure", "0ms"], "--measure"),
        (&["--warmup", "-0.5"], "--warmup"),
        (&["--engine", "fio:"], "fio:ENGINE"),
        (&["--hipri", "--engine", "psync"], "--hipri"),
        (&["--sqpoll", "--engine", "psync"], "--sqpoll"),
        (&["--cpus", "2-1"], "--cpus"),
        (&["--cpus", "1023"], "may not run on CPU 1023"),
        (&["--cpus", "0", "--engine", "fio:psync"], "--cpus"),
        (
            &["--verify", "--engine", "fio:psync", "--fio", "/bin/false"],
            "--engine",
        ),
    ];
    assert!(cases.len() >= 30, "{} cases", cases.len());
    for (args, needle) in cases {
        let mut all = vec![d];
        all.extend_from_slice(args);
        fails(&all, 2, needle);
        assert_eq!(leftovers(dir.path()), Vec::<String>::new(), "{args:?}");
    }
}

#[test]
fn bad_targets() {
    let dir = disk_dir();
    let link = dir.path().join("link");
    std::os::unix::fs::symlink(dir.path(), &link).unwrap();
    let dangling = dir.path().join("dangling");
    std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).unwrap();
    let cases: [(&str, &str); 5] = [
        (link.to_str().unwrap(), "is a symbolic link to"),
        (dangling.to_str().unwrap(), "leads nowhere"),
        ("/dev/null", "is not a directory or a block device"),
        ("/dev/zero", "is not a directory or a block device"),
        ("/nonexistent-diskmark-target", "does not exist"),
    ];
    for (target, needle) in cases {
        fails(&[target, "--size", "16M"], 2, needle);
    }
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn missing_target_and_non_directory() {
    let dir = disk_dir();
    let missing = dir.path().join("missing");
    fails(&[missing.to_str().unwrap()], 2, "does not exist");
    let file = dir.path().join("plain-file");
    std::fs::write(&file, b"data").unwrap();
    fails(&[file.to_str().unwrap()], 2, "is not a directory");
    assert_eq!(std::fs::read(&file).unwrap(), b"data");
}

#[test]
fn not_enough_free_space_is_refused_up_front() {
    match Mount::new("tmpfs", "size=20m") {
        Ok(m) => {
            let p = m.path().to_str().unwrap();
            let mut args = vec![p];
            args.extend_from_slice(&TINY);
            args[2] = "32M";
            fails(&args, 1, "not enough free space");
            assert_eq!(leftovers(m.path()), Vec::<String>::new());
        }
        Err(why) => skip(
            "not_enough_free_space",
            &format!("a small tmpfs is needed ({why})"),
        ),
    }
}

#[test]
fn read_only_filesystem() {
    match Mount::new("tmpfs", "size=64m") {
        Ok(m) => {
            m.make_read_only();
            let mut args = vec![m.path().to_str().unwrap()];
            args.extend_from_slice(&TINY);
            fails(&args, 1, "read-only filesystem");
        }
        Err(why) => skip(
            "read_only_filesystem",
            &format!("a read-only mount is needed ({why})"),
        ),
    }
}

#[test]
fn unwritable_directory() {
    let dir = disk_dir();
    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_diskmark"));
    if is_root() {
        // Root ignores permissions: run as nobody.
        if std::process::Command::new("setpriv")
            .arg("--version")
            .output()
            .is_err()
        {
            skip("unwritable_directory", "setpriv is needed to drop root");
            return;
        }
        // nobody must be able to reach the directory.
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        cmd = std::process::Command::new("setpriv");
        cmd.args([
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            env!("CARGO_BIN_EXE_diskmark"),
        ]);
    }
    let out = cmd.arg(&locked).args(TINY).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    if is_root() && stderr.contains("Permission denied") && stderr.contains("setpriv") {
        skip(
            "unwritable_directory",
            &format!("nobody cannot execute the test binary here ({stderr})"),
        );
        return;
    }
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("error:") && stderr.contains("not writable"),
        "{stderr}"
    );
    assert_eq!(leftovers(&locked), Vec::<String>::new());
}

#[test]
fn filesystem_without_o_direct_suggests_buffered() {
    match Mount::new("ramfs", "mode=0755") {
        Ok(m) => {
            let mut args = vec![m.path().to_str().unwrap()];
            args.extend_from_slice(&TINY);
            fails(&args, 1, "--buffered");
            assert_eq!(leftovers(m.path()), Vec::<String>::new());
            // And with --buffered it runs.
            diskmark()
                .arg(m.path())
                .args(TINY)
                .args(["--profile", "demo", "--buffered"])
                .assert()
                .success();
            assert_eq!(leftovers(m.path()), Vec::<String>::new());
        }
        Err(why) => skip(
            "filesystem_without_o_direct",
            &format!("ramfs (which refuses O_DIRECT) is needed ({why})"),
        ),
    }
}

#[test]
fn help_and_version() {
    let out = diskmark().arg("--help").output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains("Usage: diskmark [OPTIONS] [TARGET]"),
        "{help}"
    );
    let out = diskmark().arg("--version").output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("diskmark "));
}
