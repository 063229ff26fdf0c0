//! Files diskmark reads (issue 26 §3, §7; docs/architecture.md#files-diskmark-reads):
//! every input — compare's result files, `--history` for compare and
//! history, `--hosts` — refuses a FIFO, a socket, a character device, a
//! block device and a directory in one sentence, at once; reads a bounded
//! size; ends on a signal while it waits; and a new history made by six
//! runs at once keeps all six.

use crate::common;
use common::{LoopFs, TINY, disk_dir, finish, is_root, leftovers};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Far longer than any refusal takes on a loaded machine: past it, the
/// command hangs.
const DEADLINE: Duration = Duration::from_secs(60);

/// A minimal diskmark result.
const RESULT: &str = r#"{"schema_version": 1, "tool": {"name": "diskmark"}, "date": "2026-11-30T10:00:00+00:00",
 "tests": [{"name": "SEQ1M Q8T1", "direction": "read",
   "result": {"total": {"ios": 10, "mbps": 100.0, "iops": 100.0, "lat_us": {"mean": 10.0}}}}]}"#;

/// The special files an input must refuse, each with the word the
/// refusal uses. The socket's listener and the loop device live as long
/// as the value.
struct Specials {
    dir: tempfile::TempDir,
    _socket: std::os::unix::net::UnixListener,
    block: LoopFs,
}

impl Specials {
    fn new() -> Specials {
        assert!(is_root(), "a block device (a loop device) needs root");
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo failed");
        let socket = std::os::unix::net::UnixListener::bind(dir.path().join("socket")).unwrap();
        let block = LoopFs::bare(1, b"\0").expect("a loop device");
        Specials {
            dir,
            _socket: socket,
            block,
        }
    }

    fn all(&self) -> Vec<(PathBuf, &'static str)> {
        vec![
            (self.dir.path().join("fifo"), "a FIFO"),
            (self.dir.path().join("socket"), "a socket"),
            (PathBuf::from("/dev/null"), "a character device"),
            (PathBuf::from(&self.block.device), "a block device"),
            (self.dir.path().join("sub"), "a directory"),
        ]
    }
}

/// Runs diskmark with `args`, with its standard input closed, killed (and
/// failed) if it has not ended by [`DEADLINE`].
fn run(args: &[&std::ffi::OsStr]) -> common::Ended {
    let child = Command::new(env!("CARGO_BIN_EXE_diskmark"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    finish(child, Instant::now(), DEADLINE)
}

fn os<T: AsRef<std::ffi::OsStr> + ?Sized>(s: &T) -> &std::ffi::OsStr {
    s.as_ref()
}

/// One sentence, exit `code`, naming `path` as `kind` and what it should
/// have been.
fn refused(ended: &common::Ended, code: i32, path: &Path, kind: &str, what: &str, case: &str) {
    let err = &ended.stderr;
    assert_eq!(ended.code, Some(code), "{case}: {err}");
    assert_eq!(err.lines().count(), 1, "{case}: one sentence: {err}");
    assert!(
        err.contains(&format!(
            "{} is {kind}, not {what}; give a regular file",
            path.display()
        )),
        "{case}: {err}"
    );
    assert!(!err.contains("panicked"), "{case}: {err}");
}

#[test]
fn every_input_refuses_what_is_not_a_regular_file_at_once() {
    let specials = Specials::new();
    std::fs::create_dir(specials.dir.path().join("sub")).unwrap();
    let good = specials.dir.path().join("good.json");
    std::fs::write(&good, RESULT).unwrap();
    let target = disk_dir();
    for (path, kind) in specials.all() {
        let case = |what: &str| format!("{what} {}", path.display());
        // compare's result files, first or later.
        let e = run(&[os("compare"), os(&good), os(&path)]);
        refused(
            &e,
            2,
            &path,
            kind,
            "a diskmark result file",
            &case("compare"),
        );
        let e = run(&[os("compare"), os(&path), os(&good)]);
        refused(
            &e,
            2,
            &path,
            kind,
            "a diskmark result file",
            &case("compare"),
        );
        // --history, for compare and history.
        for args in [
            &["compare", "--last", "2", "--history"][..],
            &["history", "--history"],
            &["history", "show", "1", "--history"],
        ] {
            let mut a: Vec<&std::ffi::OsStr> = args.iter().map(os).collect();
            a.push(os(&path));
            let e = run(&a);
            refused(
                &e,
                2,
                &path,
                kind,
                "a history database",
                &case(&args.join(" ")),
            );
        }
        // --hosts, before anything starts.
        let e = run(&[
            os("--engine"),
            os("fio:libaio"),
            os("--remote-dir"),
            os("/tmp"),
            os("--hosts"),
            os(&path),
        ]);
        refused(&e, 2, &path, kind, "a list of hosts", &case("--hosts"));
        // --save --history: an output checked before the run, refused in
        // one sentence, nothing created.
        let mut a: Vec<&std::ffi::OsStr> = vec![os(target.path())];
        a.extend(TINY.iter().map(os));
        a.extend([os("--save"), os("--history"), os(&path)]);
        let e = run(&a);
        assert_eq!(e.code, Some(2), "{}: {}", case("--save"), e.stderr);
        assert_eq!(e.stderr.lines().count(), 1, "{}", e.stderr);
        assert!(e.stderr.contains("--history"), "{}", e.stderr);
        assert_eq!(leftovers(target.path()), Vec::<String>::new());
    }
}

#[test]
fn an_input_larger_than_its_kind_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.json");
    std::fs::write(&good, RESULT).unwrap();
    // Sparse: nothing is written, and nothing must be read.
    let huge = dir.path().join("huge.json");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len((256 << 20) + 1)
        .unwrap();
    let e = run(&[os("compare"), os(&good), os(&huge)]);
    assert_eq!(e.code, Some(2), "{}", e.stderr);
    assert!(
        e.stderr.contains(&format!(
            "{} is larger than 256 MiB, more than a diskmark result file can be",
            huge.display()
        )),
        "{}",
        e.stderr
    );
    let hosts = dir.path().join("hosts");
    std::fs::File::create(&hosts)
        .unwrap()
        .set_len((1 << 20) + 1)
        .unwrap();
    let e = run(&[
        os("--engine"),
        os("fio:libaio"),
        os("--remote-dir"),
        os("/tmp"),
        os("--hosts"),
        os(&hosts),
    ]);
    assert_eq!(e.code, Some(2), "{}", e.stderr);
    assert!(
        e.stderr.contains(&format!(
            "{} is larger than 1 MiB, more than a list of hosts can be",
            hosts.display()
        )),
        "{}",
        e.stderr
    );
}

/// Whether `pid` has `file` open.
fn has_open(pid: u32, file: &Path) -> bool {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .map(|fds| {
            fds.flatten()
                .any(|fd| std::fs::read_link(fd.path()).is_ok_and(|l| l == file))
        })
        .unwrap_or(false)
}

/// Starts `args` while another process holds the history `db` locked,
/// waits until diskmark has the database open (it then waits for the
/// lock, up to its busy timeout), and sends `sig`. `None` when diskmark
/// ended on its own first (a machine so loaded that the busy timeout
/// passed before the signal was sent).
fn signalled_while_waiting(
    db: &Path,
    args: &[&str],
    sig: rustix::process::Signal,
) -> Option<std::process::ExitStatus> {
    let lock = rusqlite::Connection::open(db).unwrap();
    lock.execute_batch("BEGIN EXCLUSIVE").unwrap();
    // A signal ignored where the suite was started (a shell's background
    // job ignores SIGINT) stays ignored in diskmark, which catches no
    // signal outside a run: env restores the default it is tested with.
    let mut child: Child = Command::new("env")
        .arg("--default-signal=INT,TERM")
        .arg(env!("CARGO_BIN_EXE_diskmark"))
        .args(args)
        .arg("--history")
        .arg(db)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let from = Instant::now();
    while !has_open(child.id(), db) {
        if child.try_wait().unwrap().is_some() {
            return None;
        }
        if from.elapsed() > DEADLINE {
            let _ = child.kill();
            panic!("diskmark {args:?} never opened the history");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    rustix::process::kill_process(rustix::process::Pid::from_child(&child), sig).unwrap();
    let ended = finish_status(&mut child);
    lock.execute_batch("ROLLBACK").unwrap();
    // Killed by the signal, or ended by the busy timeout before it came.
    (ended.signal() == Some(sig.as_raw()) || ended.code() != Some(1)).then_some(ended)
}

fn finish_status(child: &mut Child) -> std::process::ExitStatus {
    let from = Instant::now();
    loop {
        if let Some(s) = child.try_wait().unwrap() {
            return s;
        }
        if from.elapsed() > DEADLINE {
            let _ = child.kill();
            panic!("diskmark still running {DEADLINE:?} after the signal: it hangs");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_signal_ends_compare_and_history_while_they_wait_for_the_history() {
    // No input can block any more (each is a regular file of bounded
    // size, looked at before it is opened); the one wait left is
    // SQLite's for another process's lock, bounded by its busy timeout.
    // A signal must end the command during it, at once.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("history.db");
    diskmark::history::History::open(&db).unwrap();
    use rustix::process::Signal;
    for (args, sig) in [
        (&["history"][..], Signal::INT),
        (&["compare", "--last", "2"], Signal::TERM),
        (&["history", "show", "1"], Signal::INT),
    ] {
        let status = (0..3)
            .find_map(|_| signalled_while_waiting(&db, args, sig))
            .unwrap_or_else(|| panic!("{args:?} always ended before the signal came"));
        assert_eq!(status.signal(), Some(sig.as_raw()), "{args:?}: {status:?}");
    }
}

#[test]
fn six_runs_saving_at_once_into_a_new_history_all_save() {
    let target = disk_dir();
    let out = tempfile::tempdir().unwrap();
    let db = out.path().join("new").join("history.db");
    let children: Vec<Child> = (0..6)
        .map(|i| {
            Command::new(env!("CARGO_BIN_EXE_diskmark"))
                .arg(target.path())
                .args(TINY)
                .args(["--test", "SEQ1M Q1T1", "--mode", "read", "--quiet"])
                .args(["--label", &format!("run{i}"), "--save", "--history"])
                .arg(&db)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let from = Instant::now();
    for (i, c) in children.into_iter().enumerate() {
        let e = finish(c, from, Duration::from_secs(300));
        assert_eq!(e.code, Some(0), "run {i}: {}", e.stderr);
        assert!(
            !e.stderr.contains("not a diskmark history") && !e.stderr.contains("instead"),
            "run {i}: {}",
            e.stderr
        );
    }
    let h = diskmark::history::History::open_existing(&db).unwrap();
    let mut labels: Vec<String> = h
        .list(None, None)
        .unwrap()
        .into_iter()
        .filter_map(|r| r.label)
        .collect();
    labels.sort();
    assert_eq!(labels, ["run0", "run1", "run2", "run3", "run4", "run5"]);
    // The history alone: no private file, no journal, no result kept
    // beside it.
    let names: Vec<String> = std::fs::read_dir(db.parent().unwrap())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["history.db"]);
    assert_eq!(leftovers(target.path()), Vec::<String>::new());
}
