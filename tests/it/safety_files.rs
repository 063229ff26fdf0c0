//! End to end, issue 13 §2: diskmark removes only its own test file, and
//! always removes it. Removal by identity (a file put over the test file's
//! name keeps its bytes, and fio never writes to it; a renamed file, a
//! renamed directory, a lazily unmounted filesystem), stale clean-up of
//! certainly-abandoned files only, a kept file left alone, concurrent runs
//! in one directory under a lock prober.

use crate::common;
use crate::safety_common;
use common::{LoopFs, disk_dir, is_root, json, leftovers, skip};
use safety_common::*;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

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
    let (mut child, mut events) = spawn_following(dir.path(), &args, &[]);
    let name = wait_for_test_file(dir.path(), &mut child);
    wait_for_window(&mut events);
    let user = dir.path().join("mine.dat");
    let sum = user_file(&user);
    std::fs::rename(&user, dir.path().join(&name)).unwrap();
    let out = finish_following(child, events);
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
    let (mut child, mut events) = spawn_following(&a, &ONE_TEST, &[]);
    let name = wait_for_test_file(&a, &mut child);
    wait_for_window(&mut events);
    std::fs::rename(a.join(&name), elsewhere.join(&name)).unwrap();
    let out = finish_following(child, events);
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
    let (mut child, mut events) = spawn_following(dir, &ONE_TEST, &[]);
    let name = wait_for_test_file(dir, &mut child);
    wait_for_window(&mut events);
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
        "0.1",
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
