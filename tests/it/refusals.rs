//! Every refusal the runner makes happens before the test file exists: the
//! target directory is watched with inotify from before diskmark starts
//! until it ends, and no name may appear in it. Usage refusals exit 2 with
//! one sentence; the same refusals stop the TUI's Start with the sentence
//! on screen. A run that is not refused, watched the same way, shows that
//! the watch sees the test file.

use crate::common;
use common::tmux::Tmux;
use common::{LoopFs, Mount, TINY, disk_dir, diskmark, is_root, leftovers, skip};
use rustix::fs::inotify;
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};

/// An inotify watch on one directory: every name created, moved in or
/// written there.
struct Watch {
    fd: OwnedFd,
}

impl Watch {
    fn new(dir: &Path) -> Watch {
        let fd = inotify::init(inotify::CreateFlags::NONBLOCK | inotify::CreateFlags::CLOEXEC)
            .expect("inotify_init1");
        let what = inotify::WatchFlags::CREATE
            | inotify::WatchFlags::MOVED_TO
            | inotify::WatchFlags::MODIFY
            | inotify::WatchFlags::CLOSE_WRITE;
        inotify::add_watch(&fd, dir, what).expect("inotify_add_watch");
        Watch { fd }
    }

    /// The names seen so far.
    fn names(&self) -> Vec<String> {
        let mut buf = [std::mem::MaybeUninit::<u8>::uninit(); 64 << 10];
        let mut reader = inotify::Reader::new(&self.fd, &mut buf);
        let mut names = Vec::new();
        while let Ok(e) = reader.next() {
            if let Some(n) = e.file_name() {
                names.push(n.to_string_lossy().into_owned());
            }
        }
        names
    }
}

/// Runs diskmark with `args` on a watched `dir`; checks exit `code`, one
/// `error:` line containing `needle`, and that nothing appeared in `dir`.
fn refused(dir: &Path, args: &[&str], code: i32, needle: &str) {
    let watch = Watch::new(dir);
    let out = diskmark().arg(dir).args(TINY).args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
    assert!(
        err.starts_with("error: ") && err.lines().count() == 1,
        "{args:?}: not one sentence: {err}"
    );
    assert!(err.contains(needle), "{args:?}: want {needle:?} in {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert_eq!(watch.names(), Vec::<String>::new(), "{args:?}: {err}");
    assert_eq!(leftovers(dir), Vec::<String>::new());
}

/// A fresh, empty directory inside `parent`.
fn fresh(parent: &Path, name: &str) -> PathBuf {
    let d = parent.join(name);
    std::fs::create_dir(&d).unwrap();
    d
}

#[test]
fn the_watch_sees_a_test_file() {
    let dir = disk_dir();
    let watch = Watch::new(dir.path());
    diskmark()
        .arg(dir.path())
        .args(TINY)
        .args(["--profile", "demo", "--engine", "psync"])
        .assert()
        .success();
    let names = watch.names();
    assert!(
        names.iter().any(|n| n.starts_with(".diskmark-")),
        "{names:?}"
    );
}

#[test]
fn usage_refusals_come_before_the_test_file() {
    let dir = disk_dir();
    let d = dir.path();
    let cases: &[(&[&str], &str)] = &[
        (
            &["--strict", "--engine", "psync", "--test", "RND4K Q32T1"],
            "--strict: psync is synchronous",
        ),
        (
            &["--verify", "--engine", "psync", "--test", "SEQ1M Q16T1"],
            "--verify: SEQ1M Q1T16 keeps 16 I/Os in flight",
        ),
    ];
    for (args, needle) in cases {
        refused(d, args, 2, needle);
    }
}

#[test]
fn hipri_is_refused_before_the_test_file() {
    let dir = disk_dir();
    let target = diskmark::target::resolve(dir.path()).unwrap();
    if target.device.as_ref().and_then(|d| d.io_poll) == Some(true) {
        return skip("hipri refusal", "this disk polls");
    }
    if diskmark::engine::registry::probe(diskmark::engine::EngineKind::IoUring)
        .status
        .is_err()
    {
        return skip("hipri refusal", "io_uring is not available here");
    }
    refused(
        dir.path(),
        &["--hipri", "--engine", "io_uring"],
        2,
        "--hipri: polled completions are not possible here",
    );
}

#[test]
fn direct_io_alignment_is_refused_before_the_test_file() {
    let lf = match LoopFs::with_fs_sector("ext4", 64, "", 4096) {
        Ok(l) => l,
        Err(why) => return skip("4K sectors", &why),
    };
    let d = fresh(lf.path(), "d");
    refused(
        &d,
        &["--test", "RND512B Q1T1", "--engine", "psync"],
        2,
        "must be a multiple of 4096 bytes here",
    );
}

#[test]
fn a_block_device_is_never_written() {
    let content = b"diskmark-refusal-must-not-touch-this";
    let lf = match LoopFs::bare(32, content) {
        Ok(l) => l,
        Err(why) => return skip("block device refusal", &why),
    };
    let before = std::fs::read(&lf.device).unwrap();
    let out = diskmark()
        .arg(&lf.device)
        .args(TINY)
        .args(["--engine", "psync"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: ") && err.lines().count() == 1,
        "{err}"
    );
    assert!(err.contains("diskmark only reads a device"), "{err}");
    assert_eq!(std::fs::read(&lf.device).unwrap(), before);
}

#[test]
fn no_free_space_is_refused_before_the_test_file() {
    if !is_root() {
        return skip("free-space refusal", "not root: cannot mount");
    }
    let m = match Mount::new("tmpfs", "size=8m") {
        Ok(m) => m,
        Err(why) => return skip("free-space refusal", &why),
    };
    let d = fresh(m.path(), "d");
    refused(
        &d,
        &["--buffered", "--engine", "psync"],
        1,
        "not enough free space",
    );
}

/// Starts the TUI on `dir` with `extra`, presses Enter on All and waits
/// for `needle` on screen; nothing may appear in `dir`.
fn tui_refuses(dir: &Path, extra: &str, needle: &str) {
    let cwd = tempfile::tempdir().unwrap();
    let Some(t) = Tmux::start(cwd.path()) else {
        return skip("tui refusal", "tmux could not start a session");
    };
    let watch = Watch::new(dir);
    t.keys(&[
        &format!(
            "{} tui {} --size 16M --measure 0.2 --warmup 0 --interval 0 --loops 1 {extra}; echo EXITED=$?",
            env!("CARGO_BIN_EXE_diskmark"),
            dir.display()
        ),
        "Enter",
    ]);
    t.wait_for("Ready", 20);
    t.keys(&["Enter"]);
    let s = t.wait_for(needle, 20);
    assert!(s.contains("error: "), "{s}");
    t.keys(&["q"]);
    t.wait_for("EXITED=0", 10);
    assert_eq!(watch.names(), Vec::<String>::new(), "{extra}");
}

#[test]
fn the_tuis_start_refuses_before_the_test_file() {
    if crate::common::tmux::tmux().arg("-V").output().is_err() {
        return skip("tui refusal", "tmux is not installed");
    }
    let dir = disk_dir();
    let strict = fresh(dir.path(), "strict");
    tui_refuses(
        &strict,
        "--engine psync --strict --test 'RND4K Q32T1'",
        "--strict: psync is synchronous",
    );
    let verify = fresh(dir.path(), "verify");
    tui_refuses(
        &verify,
        "--engine psync --verify --test 'SEQ1M Q16T1'",
        "--verify: SEQ1M Q1T16 keeps 16",
    );
}
