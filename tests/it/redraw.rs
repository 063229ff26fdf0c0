//! `diskmark report FILE.json` (issue 29, item 4): a saved result redrawn
//! without running anything. Every format, the chart and the card come out
//! byte for byte as the run itself wrote them, since every renderer reads
//! the model alone; the result file is never an output; what is not a
//! diskmark result is refused in one sentence, at once.

use crate::common::{diskmark, memory_dir};
use std::path::Path;

/// A tiny psync run on `dir/t` writing every output into `dir` with the
/// prefix `r`.
fn run_with_every_output(dir: &Path) {
    std::fs::create_dir(dir.join("t")).unwrap();
    diskmark()
        .current_dir(dir)
        .arg("t")
        .args(crate::common::TINY)
        .args(["--profile", "demo", "--engine", "psync", "--quiet"])
        .args(["-o", "r.json", "-o", "r.txt", "-o", "r.md", "-o", "r.csv"])
        .args(["-o", "r.prom", "--chart", "r.svg", "--card", "rc.svg"])
        .assert()
        .success();
}

#[test]
fn a_saved_result_redraws_as_the_run_wrote_it() {
    let dir = memory_dir();
    run_with_every_output(dir.path());
    diskmark()
        .current_dir(dir.path())
        .args([
            "report", "r.json", "-o", "a.json", "-o", "a.txt", "-o", "a.md",
        ])
        .args([
            "-o", "a.csv", "-o", "a.prom", "--chart", "a.svg", "--card", "ac.svg",
        ])
        .assert()
        .success();
    for (ran, redrawn) in [
        ("r.json", "a.json"),
        ("r.txt", "a.txt"),
        ("r.md", "a.md"),
        ("r.csv", "a.csv"),
        ("r.prom", "a.prom"),
        ("r.svg", "a.svg"),
        ("rc.svg", "ac.svg"),
    ] {
        let read = |n: &str| std::fs::read(dir.path().join(n)).unwrap();
        assert!(read(ran) == read(redrawn), "{redrawn} differs from {ran}");
    }
    // On standard output, the text report by default.
    let out = diskmark()
        .current_dir(dir.path())
        .args(["report", "r.json"])
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(out.stdout, std::fs::read(dir.path().join("r.txt")).unwrap());
}

#[test]
fn the_result_file_is_never_an_output_and_what_is_not_one_is_refused() {
    let dir = memory_dir();
    run_with_every_output(dir.path());
    let before = std::fs::read(dir.path().join("r.json")).unwrap();
    std::os::unix::fs::symlink("r.json", dir.path().join("link.json")).unwrap();
    let fifo = dir.path().join("fifo.json");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    std::fs::write(dir.path().join("other.json"), "{\"a\": 1}").unwrap();
    let cases: [(&[&str], &str); 5] = [
        (
            &["r.json", "-o", "r.json"],
            "--output: r.json is the result being redrawn",
        ),
        (
            &["r.json", "--card", "link.json"],
            "--card: link.json is the result being redrawn",
        ),
        (&["fifo.json"], "is a FIFO, not a diskmark result file"),
        (
            &["/dev/zero"],
            "is a character device, not a diskmark result file",
        ),
        (&["other.json"], "other.json is not a diskmark result"),
    ];
    for (args, needle) in cases {
        let out = diskmark()
            .current_dir(dir.path())
            .arg("report")
            .args(args)
            .timeout(std::time::Duration::from_secs(30))
            .assert()
            .code(2)
            .get_output()
            .clone();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    assert_eq!(std::fs::read(dir.path().join("r.json")).unwrap(), before);
}

#[test]
fn a_sustained_write_redraws_but_has_no_rows_for_the_tables() {
    let dir = memory_dir();
    std::fs::create_dir(dir.path().join("t")).unwrap();
    diskmark()
        .current_dir(dir.path())
        .args([
            "sustained",
            "t",
            "--size",
            "64M",
            "--engine",
            "psync",
            "--quiet",
        ])
        .args(["--sample-interval", "0.1", "-o", "s.json", "-o", "s.txt"])
        .assert()
        .success();
    let out = diskmark()
        .current_dir(dir.path())
        .args(["report", "s.json", "--format", "csv"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("a sustained write"), "{err}");
    let out = diskmark()
        .current_dir(dir.path())
        .args(["report", "s.json"])
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(out.stdout, std::fs::read(dir.path().join("s.txt")).unwrap());
}
