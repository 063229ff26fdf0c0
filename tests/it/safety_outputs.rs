//! End to end, issue 13 §1 and §5: diskmark writes nothing but its test
//! file and the outputs the user named — never a block device, the device
//! or file under test, /dev, or a database that is not its own — and
//! contradicting options are refused before anything is created. Each
//! data-loss case checks the bytes of what must not change.

use crate::common;
use common::{LoopFs, TINY, disk_dir, diskmark, is_root, leftovers, skip};
use std::path::Path;

/// Tiny run options for a raw read of a device (no write test).
const RAW: [&str; 4] = ["--profile", "demo", "--mode", "read"];

/// Runs `args`, checks exit 2 and a single `error:` sentence containing
/// `needle`, no panic, nothing on stdout; returns stderr.
fn refused(args: &[&std::ffi::OsStr], needle: &str) -> String {
    let out = diskmark().args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.starts_with("error:"), "{args:?}: {err}");
    // One sentence (clap adds its pointer to --help after its own).
    let lines: Vec<_> = err
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
        .collect();
    assert_eq!(lines.len(), 1, "{args:?}: {err}");
    assert!(
        lines[0].contains(needle),
        "{args:?}: want {needle:?} in {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.stdout.is_empty(), "{args:?}");
    err
}

fn os(v: &[&str]) -> Vec<std::ffi::OsString> {
    v.iter().map(|s| s.into()).collect()
}

fn refs(v: &[std::ffi::OsString]) -> Vec<&std::ffi::OsStr> {
    v.iter().map(|s| s.as_os_str()).collect()
}

#[test]
fn no_output_reaches_a_block_device_by_any_name() {
    let lf = match LoopFs::new(64) {
        Ok(l) => l,
        Err(why) => return skip("outputs to a block device", &why),
    };
    let dev = lf.device.clone();
    // The mounted filesystem holds a user file: it must survive too.
    std::fs::write(lf.path().join("user-data"), b"precious").unwrap();
    // On the device before the comparison starts: else the journal's
    // commit (every 5 s) would change the device during a slow run.
    let synced = std::process::Command::new("sync")
        .arg("-f")
        .arg(lf.path())
        .status()
        .unwrap();
    assert!(synced.success());
    let before = std::fs::read(&dev).unwrap();
    let names = tempfile::tempdir().unwrap();
    let n = |s: &str| names.path().join(s);
    std::os::unix::fs::symlink(&dev, n("link.json")).unwrap();
    std::os::unix::fs::symlink(n("link.json"), n("link2.json")).unwrap();
    std::os::unix::fs::symlink(&dev, n("link.svg")).unwrap();
    std::os::unix::fs::symlink("/dev", n("devdir")).unwrap();
    // A second node of the same device (what a hard link to it is).
    let rdev = std::os::unix::fs::MetadataExt::rdev(&std::fs::metadata(&dev).unwrap());
    rustix::fs::mknodat(
        rustix::fs::CWD,
        n("node.json"),
        rustix::fs::FileType::BlockDevice,
        rustix::fs::Mode::from_raw_mode(0o600),
        rdev,
    )
    .unwrap();
    let base = Path::new(&dev).file_name().unwrap().to_str().unwrap();
    let dotdot = format!("/dev/../dev/./{base}");
    let via_dir = n("devdir").join(base);
    let outputs: Vec<(&str, std::ffi::OsString)> = vec![
        ("-o", dev.clone().into()),
        ("-o", n("link.json").into()),
        ("-o", n("link2.json").into()),
        ("-o", n("node.json").into()),
        ("-o", dotdot.into()),
        ("-o", via_dir.into()),
        ("--chart", n("link.svg").into()),
        ("--history", n("link.json").into()),
    ];
    for target in [lf.path().as_os_str().to_owned(), dev.clone().into()] {
        for (option, path) in &outputs {
            let mut a = vec![target.clone()];
            a.extend(os(&TINY));
            a.extend(os(&RAW));
            a.extend(os(&["--format", "json"]));
            a.push(option.into());
            a.push(path.clone());
            if *option == "--history" {
                a.push("--save".into());
            }
            let named = match *option {
                "-o" => "--output:",
                o => o,
            };
            let err = refused(&refs(&a), named);
            assert!(
                err.contains("block device") || err.contains("target under test"),
                "{err}"
            );
        }
    }
    // /proc/self/fd/N and a relative name, from a shell holding the device
    // open and sitting in /dev.
    let script = format!(
        "exec 7<>{dev}; cd /dev && {bin} {dev} {tiny} {raw} -o /proc/self/fd/7; a=$?; {bin} {dev} {tiny} {raw} -o {base}; b=$?; {bin} {dev} {tiny} {raw} >{dev}; c=$?; {bin} {dev} {tiny} {raw} --bogus 2>{dev}; echo \"$a $b $c $?\"",
        bin = env!("CARGO_BIN_EXE_diskmark"),
        tiny = TINY.join(" "),
        raw = RAW.join(" "),
    );
    let out = std::process::Command::new("bash")
        .args(["-c", &script])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "2 2 2 2",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The image file behind the loop device is the device by another name.
    let image = std::fs::read_to_string(format!("/sys/block/{base}/loop/backing_file")).unwrap();
    for target in [lf.path().as_os_str().to_owned(), dev.clone().into()] {
        let mut a = vec![target];
        a.extend(os(&TINY));
        a.extend(os(&RAW));
        a.extend(os(&["--format", "json", "-o", image.trim_end()]));
        refused(&refs(&a), "the image behind the loop device");
    }
    assert!(std::fs::read(&dev).unwrap() == before, "the device changed");
    assert_eq!(leftovers(lf.path()), Vec::<String>::new());
    assert_eq!(bytes(&lf.path().join("user-data")), b"precious");
    // A udev name (/dev/disk/by-*) for the device; where udev made none
    // (a container, a CI machine), the test makes one as udev would.
    let made = ByIdLink::new(&dev);
    let by_id = by_id_link(&dev).unwrap_or_else(|| made.path.clone());
    let mut a = os(&[&dev, "--mode", "read", "-o"]);
    a.push(by_id.into());
    refused(&refs(&a), "is the target under test");
}

/// `/dev/disk/by-id/diskmark-test-PID-loopN`, a link to the device as udev
/// makes them, removed on drop (root: LoopFs needs it too).
struct ByIdLink {
    path: std::path::PathBuf,
}

impl ByIdLink {
    fn new(dev: &str) -> ByIdLink {
        let dir = Path::new("/dev/disk/by-id");
        std::fs::create_dir_all(dir).unwrap();
        let base = Path::new(dev).file_name().unwrap().to_string_lossy();
        let path = dir.join(format!("diskmark-test-{}-{base}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        std::os::unix::fs::symlink(format!("../../{base}"), &path).unwrap();
        ByIdLink { path }
    }
}

impl Drop for ByIdLink {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// A /dev/disk/by-*/ link to `dev`, when udev made one.
fn by_id_link(dev: &str) -> Option<std::path::PathBuf> {
    let real = std::fs::canonicalize(dev).ok()?;
    for kind in ["by-id", "by-path", "by-uuid", "by-diskseq"] {
        for e in std::fs::read_dir(Path::new("/dev/disk").join(kind))
            .ok()?
            .flatten()
        {
            if std::fs::canonicalize(e.path()).ok()? == real {
                return Some(e.path());
            }
        }
    }
    None
}

#[test]
fn a_symlink_swapped_in_during_the_run_is_not_followed() {
    let lf = match LoopFs::bare(32, b"diskmark-must-not-touch-this") {
        Ok(l) => l,
        Err(why) => return skip("symlink swapped during the run", &why),
    };
    let before = std::fs::read(&lf.device).unwrap();
    let dir = disk_dir();
    let out = tempfile::tempdir().unwrap();
    let report = out.path().join("r.json");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_diskmark"))
        .arg(dir.path())
        .args(TINY)
        .args(["--profile", "demo", "--measure", "1", "-o"])
        .arg(&report)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Once the test file exists, the checks are done: put the link in place.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while leftovers(dir.path()).is_empty() {
        assert!(
            std::time::Instant::now() < deadline,
            "no test file appeared"
        );
        assert!(child.try_wait().unwrap().is_none(), "diskmark ended early");
        std::thread::yield_now();
    }
    std::os::unix::fs::symlink(&lf.device, &report).unwrap();
    let done = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot write the report to"), "{err}");
    assert!(
        std::fs::read(&lf.device).unwrap() == before,
        "the device changed"
    );
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn outputs_in_dev_twice_or_named_like_a_test_file_are_refused() {
    let dir = disk_dir();
    let d = dir.path();
    let out = tempfile::tempdir().unwrap();
    let o = |s: &str| out.path().join(s).into_os_string();
    std::fs::write(out.path().join("real.json"), b"keep").unwrap();
    std::os::unix::fs::symlink(out.path().join("real.json"), out.path().join("alias.json"))
        .unwrap();
    let cases: Vec<(Vec<std::ffi::OsString>, &str)> = vec![
        (
            vec!["-o".into(), "/dev/diskmark-new.json".into()],
            "in /dev",
        ),
        (
            vec!["-o".into(), o("a.json"), "-o".into(), o("a.json")],
            "same file",
        ),
        (
            vec!["-o".into(), o("real.json"), "-o".into(), o("alias.json")],
            "same file",
        ),
        (
            vec![
                "-o".into(),
                o(".diskmark-1-0badf00d.tmp"),
                "--format".into(),
                "json".into(),
            ],
            "test file",
        ),
        (vec!["-o".into(), d.as_os_str().into()], "target under test"),
        (vec!["-o".into(), out.path().into()], "is a directory"),
        (
            vec![
                "-o".into(),
                o("r.json"),
                "--save".into(),
                "--history".into(),
                o("r.json"),
            ],
            "also an output",
        ),
        (
            vec!["--chart".into(), d.join("x.svg").join("y.svg").into()],
            "--chart",
        ),
    ];
    for (extra, needle) in cases {
        let mut a: Vec<std::ffi::OsString> = vec![d.as_os_str().into()];
        a.extend(os(&TINY));
        a.extend(extra);
        refused(&refs(&a), needle);
    }
    assert!(!Path::new("/dev/diskmark-new.json").exists());
    assert_eq!(
        std::fs::read(out.path().join("real.json")).unwrap(),
        b"keep"
    );
    assert_eq!(leftovers(d), Vec::<String>::new());
    let names: Vec<_> = std::fs::read_dir(out.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn terminals_null_and_stdout_stay_allowed() {
    let dir = disk_dir();
    let null = ["--engine", "null", "--profile", "demo"];
    let out = common::run_tiny(
        dir.path(),
        &[&null[..], &["-o", "/dev/stdout", "--format", "json"]].concat(),
    );
    common::json(&out.stdout);
    let out = common::run_tiny(
        dir.path(),
        &[&null[..], &["-o", "-", "--format", "csv"]].concat(),
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("test,"));
    let out = common::run_tiny(
        dir.path(),
        &[&null[..], &["-o", "/dev/null", "--chart", "/dev/null"]].concat(),
    );
    assert!(out.stdout.is_empty());
    // -o /dev/stdout into a log opened for appending: appended, the log's
    // earlier lines kept (the output is written through standard output,
    // never emptied).
    let log = dir.path().join("app.log");
    std::fs::write(&log, b"earlier line\n").unwrap();
    let script = format!(
        "{} {} {} --engine null --profile demo -q -o /dev/stdout --format csv >> {}",
        env!("CARGO_BIN_EXE_diskmark"),
        dir.path().display(),
        TINY.join(" "),
        log.display()
    );
    let st = std::process::Command::new("bash")
        .args(["-c", &script])
        .status()
        .unwrap();
    assert!(st.success());
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.starts_with("earlier line\ntest,"), "{text}");
}

/// Issue 26 §7: `--chart /dev/tty` with no controlling terminal (a cron
/// job; here `setsid`, a new session without one) is refused up front, in
/// one sentence, before any test file; not after the whole benchmark.
#[test]
fn a_terminal_that_cannot_be_opened_is_refused_before_the_run() {
    let dir = disk_dir();
    for option in ["--chart", "-o"] {
        let out = std::process::Command::new("setsid")
            .arg("-w")
            .arg(env!("CARGO_BIN_EXE_diskmark"))
            .arg(dir.path())
            .args(TINY)
            .args(["--profile", "demo", option, "/dev/tty"])
            .stdin(std::process::Stdio::null())
            .output()
            .expect("setsid (util-linux) runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{option}: {err}");
        assert_eq!(err.lines().count(), 1, "{option}: {err}");
        assert!(
            err.contains(
                "/dev/tty cannot be opened for writing (this process has no controlling terminal)"
            ),
            "{option}: {err}"
        );
        assert!(out.stdout.is_empty(), "{option}");
        assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    }
}

/// Issue 26 §7: a refusal never suggests a value that is itself refused.
/// On a filesystem with less free space than the smallest --size, "use a
/// smaller --size" would be one: the sentence says that none fits.
#[test]
fn no_refusal_suggests_a_size_that_is_itself_refused() {
    let test = "no_refusal_suggests_a_size_that_is_itself_refused";
    if !is_root() {
        return skip(test, "needs root to mount a tmpfs");
    }
    let small = match common::Mount::new("tmpfs", "size=8m") {
        Ok(m) => m,
        Err(e) => return skip(test, &e),
    };
    let out = diskmark()
        .arg(small.path())
        .args(["--profile", "demo", "--size", "16M"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("no --size fits (the smallest is 16.00 MiB)")
            && !err.contains("smaller --size"),
        "{err}"
    );
    assert_eq!(leftovers(small.path()), Vec::<String>::new());
}

/// The bytes of a file, for before/after comparisons.
fn bytes(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap()
}

#[test]
fn a_foreign_database_is_never_changed_by_reading_or_saving() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other-app.sqlite");
    rusqlite::Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('mine');")
        .unwrap();
    let empty = dir.path().join("empty.db");
    std::fs::write(&empty, b"").unwrap();
    let text = dir.path().join("notes.txt");
    std::fs::write(&text, b"plain text, not SQLite\n".repeat(300)).unwrap();
    let newer = dir.path().join("newer.db");
    rusqlite::Connection::open(&newer)
        .unwrap()
        .execute_batch("CREATE TABLE runs (id INTEGER PRIMARY KEY); PRAGMA user_version = 99;")
        .unwrap();
    let target = disk_dir();
    for (db, needle) in [
        (&other, "is not a diskmark history"),
        (&empty, "is not a diskmark history"),
        (&text, "is not a diskmark history"),
        (&newer, "schema version 99, newer than this diskmark's"),
    ] {
        let before = bytes(db);
        let d = db.as_os_str();
        let t = target.path().as_os_str();
        for a in [
            vec!["history".as_ref(), "--history".as_ref(), d],
            vec![
                "history".as_ref(),
                "show".as_ref(),
                "1".as_ref(),
                "--history".as_ref(),
                d,
            ],
            vec![
                "compare".as_ref(),
                "--last".as_ref(),
                "2".as_ref(),
                "--history".as_ref(),
                d,
            ],
            vec![
                "compare".as_ref(),
                "1".as_ref(),
                "2".as_ref(),
                "--history".as_ref(),
                d,
            ],
        ] {
            let out = diskmark().args(&a).output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_ne!(out.status.code(), Some(0), "{a:?}");
            assert!(
                err.starts_with("error:") && err.contains(needle),
                "{a:?}: {err}"
            );
            assert_eq!(err.trim_end().lines().count(), 1, "{err}");
            assert!(!err.contains("SELECT") && !err.contains("CREATE"), "{err}");
        }
        let mut a: Vec<&std::ffi::OsStr> = vec![t];
        a.extend(TINY.iter().map(std::ffi::OsStr::new));
        a.extend(
            [
                "--engine",
                "null",
                "--profile",
                "demo",
                "--save",
                "--history",
            ]
            .map(std::ffi::OsStr::new),
        );
        a.push(d);
        refused(&a, needle);
        assert_eq!(bytes(db), before, "{db:?} changed");
    }
    // Nothing else appeared beside them (no journal, no kept JSON).
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 4);
}

#[test]
fn a_history_that_fails_at_save_time_keeps_a_full_json_beside_it() {
    let target = disk_dir();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("history.db");
    // A diskmark history, locked by another writer for the whole run.
    common::run_tiny(
        target.path(),
        &[
            "--engine",
            "null",
            "--profile",
            "demo",
            "--quiet",
            "--save",
            "--history",
            db.to_str().unwrap(),
        ],
    );
    // Read first: closing any descriptor of the file would drop this
    // process's POSIX locks, SQLite's included.
    let before = bytes(&db);
    let other = rusqlite::Connection::open(&db).unwrap();
    other.execute_batch("BEGIN EXCLUSIVE;").unwrap();
    let out = diskmark()
        .arg(target.path())
        .args(TINY)
        .args([
            "--engine",
            "null",
            "--profile",
            "demo",
            "--save",
            "--history",
        ])
        .arg(&db)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let kept: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("diskmark-unsaved-")
        })
        .map(|e| e.path())
        .collect();
    assert_eq!(kept.len(), 1, "{err}");
    assert!(err.contains(&kept[0].display().to_string()), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&bytes(&kept[0])).unwrap();
    assert_eq!(v["tool"]["name"], "diskmark");
    other.execute_batch("ROLLBACK;").unwrap();
    drop(other);
    assert_eq!(bytes(&db), before);
}

#[test]
fn without_an_absolute_home_there_is_no_default_history() {
    let target = disk_dir();
    let cwd = tempfile::tempdir().unwrap();
    for (home, xdg) in [
        (None, None),
        (Some("relative/home"), Some("rel/xdg")),
        (Some(""), None),
    ] {
        let run = |a: &[&str]| {
            let mut c = diskmark();
            c.current_dir(cwd.path())
                .env_remove("HOME")
                .env_remove("XDG_DATA_HOME");
            if let Some(h) = home {
                c.env("HOME", h);
            }
            if let Some(x) = xdg {
                c.env("XDG_DATA_HOME", x);
            }
            c.args(a).output().unwrap()
        };
        let t = target.path().to_str().unwrap();
        let out = run(&[&[t][..], &TINY, &["--engine", "null", "--save"]].concat());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("neither XDG_DATA_HOME nor HOME"), "{err}");
        for sub in [&["history"][..], &["compare", "--last", "2"]] {
            let out = run(sub);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{sub:?}: {err}");
            assert!(err.contains("neither XDG_DATA_HOME nor HOME"), "{err}");
        }
        assert_eq!(
            std::fs::read_dir(cwd.path()).unwrap().count(),
            0,
            "wrote into the current directory"
        );
        assert_eq!(leftovers(target.path()), Vec::<String>::new());
    }
}

#[test]
fn contradicting_options_are_refused_before_any_file() {
    let dir = disk_dir();
    let d = dir.path().to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["--verify", "--engine", "null"],
            "--verify: the null engine writes nothing",
        ),
        (&["--verify", "--mode", "read"], "--verify: no test writes"),
        (&["--mix-read", "50"], "--mix-read:"),
        (&["--fio", "/usr/bin/fio"], "--fio:"),
        (&["--test", "SEQ1M Q-1T1"], "Q-1 is outside"),
        (&["--test", "SEQ1M Q1T-2"], "T-2 is outside"),
        (&["--test", "RND4K Q0T1"], "Q0 is outside"),
        (
            &["--test", "RND4K Q99999999999T1"],
            "Q99999999999 is outside",
        ),
        (&["-o", "/tmp/diskmark-report.pdf"], "--output:"),
        (&["-o", "/tmp/diskmark-report"], "--output:"),
        (&["--chart", "/tmp/diskmark-chart.jpg"], "--chart:"),
        (&["/var/tmp"], "'/var/tmp' is a second target"),
        (
            &["--history", "/tmp/diskmark-h.db"],
            "--history: /tmp/diskmark-h.db would only be used with --save",
        ),
        (
            &["--test", "RND99999999999T Q1T1"],
            "block size in 'RND99999999999T' is outside",
        ),
    ];
    for (extra, needle) in cases {
        let all = [&[d][..], &TINY, extra].concat();
        let a: Vec<&std::ffi::OsStr> = all.iter().map(std::ffi::OsStr::new).collect();
        refused(&a, needle);
        assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    }
    assert!(!Path::new("/tmp/diskmark-report.pdf").exists());
    // --mix-read with Mix tests, and the same with --mode mix, run.
    common::run_tiny(
        d,
        &[
            "--engine",
            "null",
            "--profile",
            "demo",
            "--mix",
            "--mix-read",
            "50",
        ],
    );
    let out = diskmark().args(["tui", d, "/var/tmp"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("'/var/tmp' is a second target"), "{err}");
    let a: Vec<&std::ffi::OsStr> = ["history", "--format", "csv"]
        .iter()
        .map(|s| s.as_ref())
        .collect();
    let out = diskmark().args(&a).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("'--format <FORMAT>'") && !err.contains("history_format"),
        "{err}"
    );
    let out = diskmark()
        .args(["compare", "a.json", "b.json", "--chart", "c.jpg"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("error: --chart:"), "{err}");
}

#[test]
fn an_unprivileged_user_is_offered_the_filesystems_it_can_write() {
    if !is_root() {
        return skip(
            "targets as nobody",
            "not root: cannot switch to another user",
        );
    }
    let out = std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(env!("CARGO_BIN_EXE_diskmark"))
        .args(["targets", "--format", "json"])
        .env("HOME", "/nonexistent")
        .output();
    let out = match out {
        Ok(o) => o,
        Err(e) => return skip("targets as nobody", &format!("setpriv: {e}")),
    };
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = common::json(&out.stdout);
    let list = v["targets"].as_array().unwrap();
    assert!(!list.is_empty(), "nothing listed for nobody");
    for t in list {
        let path = t["target"].as_str().unwrap();
        // Each one is writable by that user: a run as nobody may use it.
        let ok = std::process::Command::new("setpriv")
            .args([
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                "test",
                "-w",
                path,
            ])
            .status()
            .unwrap();
        assert!(ok.success(), "{path} listed but not writable by nobody");
    }
}

#[test]
fn the_tui_never_saves_into_dev() {
    if crate::common::tmux::tmux().arg("-V").output().is_err() {
        return skip("tui save in /dev", "tmux is not installed");
    }
    let dir = disk_dir();
    // The TUI saves into its working directory: here /dev.
    let Some(t) = crate::common::tmux::Tmux::start(std::path::Path::new("/dev")) else {
        return skip("tui save in /dev", "tmux could not start a session");
    };
    let before: Vec<_> = std::fs::read_dir("/dev")
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    t.keys(&[
        &format!(
            "{} tui {} --size 16M --measure 0.2 --warmup 0 --interval 0 --loops 1 --engine null --profile demo; echo EXITED=$?",
            env!("CARGO_BIN_EXE_diskmark"),
            dir.path().display()
        ),
        "Enter",
    ]);
    t.wait_for("Ready", 20);
    t.keys(&["Enter"]);
    t.wait_for("Finished", 60);
    t.keys(&["s"]);
    t.wait_for("cannot save diskmark_", 10);
    t.keys(&["J"]);
    t.wait_for(".json: diskmark_", 10);
    t.keys(&["q"]);
    t.wait_for("EXITED=0", 10);
    let after: Vec<_> = std::fs::read_dir("/dev")
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    let new: Vec<_> = after.iter().filter(|n| !before.contains(n)).collect();
    assert!(
        new.iter()
            .all(|n| !n.to_string_lossy().starts_with("diskmark_")),
        "{new:?}"
    );
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn a_full_disk_leaves_neither_an_empty_database_nor_a_partial_json() {
    let m = match common::Mount::new("tmpfs", "size=64k") {
        Ok(m) => m,
        Err(why) => return skip("history on a full disk", &why),
    };
    // Fill it up, but for a few bytes.
    let filler = m.path().join("filler");
    let mut f = std::fs::File::create(&filler).unwrap();
    use std::io::Write;
    while f.write_all(&[0u8; 4096]).is_ok() {}
    let _ = f.sync_all();
    let target = disk_dir();
    let db = m.path().join("history.db");
    let out = diskmark()
        .arg(target.path())
        .args(TINY)
        .args([
            "--engine",
            "null",
            "--profile",
            "demo",
            "--save",
            "--history",
        ])
        .arg(&db)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("so it is not saved"), "{err}");
    let names: Vec<_> = std::fs::read_dir(m.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["filler"], "{err}");
    assert_eq!(leftovers(target.path()), Vec::<String>::new());
}
