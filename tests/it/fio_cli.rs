//! `--engine fio:ENGINE` end to end: the report's header and applied Q/T,
//! and every way fio can fail, each as one sentence quoting fio, with no
//! test file left.

use crate::common;
use common::{TINY, disk_dir, diskmark, have_fio, json, leftovers, run_tiny, skip};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// A stand-in for fio: answers --version like fio 3.33, and otherwise runs
/// `body` (a shell fragment).
fn fake_fio(dir: &Path, body: &str) -> PathBuf {
    let path = dir.join("fake-fio");
    std::fs::write(
        &path,
        format!("#!/bin/sh\nif [ \"$1\" = --version ]; then echo fio-3.33; exit 0; fi\n{body}\n"),
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

fn fails_with(args: &[&str], fio: Option<&Path>, code: i32, needles: &[&str]) {
    let dir = disk_dir();
    let mut cmd = diskmark();
    // --quiet: the estimate and the per-test lines aside, the error alone.
    cmd.arg(dir.path()).args(TINY).arg("--quiet").args(args);
    if let Some(f) = fio {
        cmd.arg("--fio").arg(f);
    }
    let out = cmd.output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one sentence: {err}");
    for n in needles {
        assert!(err.contains(n), "want {n:?} in {err}");
    }
    assert!(!err.contains("panicked"));
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn fio_psync_reports_the_applied_depth_and_fios_header() {
    if !have_fio() {
        skip("fio_psync_header", "fio is not installed");
        return;
    }
    let dir = disk_dir();
    let out = run_tiny(
        dir.path(),
        &[
            "--engine",
            "fio:psync",
            "--profile",
            "default",
            "--mode",
            "read",
        ],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let version = String::from_utf8(
        std::process::Command::new("fio")
            .arg("--version")
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let header = format!(
        "Flexible I/O Tester ({}): https://github.com/axboe/fio",
        version.trim()
    );
    assert_eq!(
        text.lines().nth(1).unwrap(),
        format!("{header:>80}"),
        "{text}"
    );
    assert!(text.contains("Sequential   1 MiB (Q=  1, T= 8):"), "{text}");
    assert!(text.contains("    Random   4 KiB (Q=  1, T=32):"), "{text}");
    assert!(text.contains("\n Engine: fio-psync\n"), "{text}");
    assert!(text.contains("fio:psync is synchronous: Q8T1 ran as Q1T8"));
    assert!(text.contains("fio cannot share one sequential cursor between jobs"));
}

#[test]
fn fio_json_has_every_loop_with_fios_figures() {
    if !have_fio() {
        skip("fio_json", "fio is not installed");
        return;
    }
    let dir = disk_dir();
    let out = run_tiny(
        dir.path(),
        &[
            "--engine",
            "fio:io_uring",
            "--test",
            "RND4K Q4T2",
            "--mix",
            "--loops",
            "2",
            "--format",
            "json",
        ],
    );
    let v = json(&out.stdout);
    assert_eq!(v["engine"]["name"], "fio:io_uring");
    assert_eq!(v["engine"]["backend"], "fio");
    assert!(
        v["engine"]["fio_version"]
            .as_str()
            .unwrap()
            .starts_with("fio-")
    );
    for t in v["tests"].as_array().unwrap() {
        assert_eq!(
            (t["applied"]["q"].as_u64(), t["applied"]["t"].as_u64()),
            (Some(4), Some(2))
        );
        assert_eq!(t["loops"].as_array().unwrap().len(), 2);
        for l in t["loops"].as_array().unwrap() {
            let total = &l["total"];
            assert!(total["ios"].as_u64().unwrap() > 0);
            // fio's window: its runtime, the 0.2 s asked for or more (its
            // jobs' edges; 412 ms under a load of 11), read in ns: a unit
            // slip would be 1000× off.
            let w = l["window_ns"].as_u64().unwrap();
            assert!((190_000_000..2_000_000_000).contains(&w), "{w}");
            assert_eq!(
                total["lat_us"]["percentiles"].as_object().unwrap().len(),
                17
            );
        }
        // Little's law ties fio's IOPS to its mean latency: parsed in the
        // right units, their product is the 8 I/Os in flight. fio's window
        // edges (its jobs start and stop a few ms apart, and more under
        // load, over a window of 0.2 s) move it by tens of percent; a unit
        // slip would move it 1000×. So the bound is loose and certain.
        let r = &t["result"]["total"];
        let mean_us = r["lat_us"]["mean"].as_f64().unwrap();
        let loops = t["loops"].as_array().unwrap().len() as f64;
        let window_s = t["result"]["window_ns"].as_f64().unwrap() / 1e9 / loops;
        let l = r["iops"].as_f64().unwrap() * mean_us / 1e6;
        assert!(
            (8.0 * 0.5..=8.0 * 2.0).contains(&l),
            "{} {}: {l} (mean latency {mean_us} µs, window {window_s} s)",
            t["name"],
            t["direction"]
        );
    }
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn an_unknown_fio_engine_fails_with_fios_message() {
    if !have_fio() {
        skip("fio_nosuch", "fio is not installed");
        return;
    }
    fails_with(
        &["--engine", "fio:nosuch", "--profile", "demo"],
        None,
        1,
        &[
            "SEQ1M Q8T1 read through fio: fio failed",
            "fio: engine nosuch not loadable",
        ],
    );
}

#[test]
fn fio_missing_is_explained() {
    let dir = disk_dir();
    let out = diskmark()
        .arg(dir.path())
        .args(["--engine", "fio:libaio"])
        .env("PATH", "/nonexistent")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("fio is not installed") && err.contains("--engine io_uring"),
        "{err}"
    );
    fails_with(
        &["--engine", "fio:psync"],
        Some(Path::new("/nonexistent/fio")),
        2,
        &["cannot run fio at /nonexistent/fio"],
    );
}

#[test]
fn fio_failures_quote_fio() {
    let tmp = tempfile::tempdir().unwrap();
    // Exits non-zero with its own words.
    let f = fake_fio(tmp.path(), "echo 'fio: something broke' >&2; exit 3");
    fails_with(
        &["--engine", "fio:psync", "--profile", "demo"],
        Some(&f),
        1,
        &["fio failed (exit status: 3): fio: something broke"],
    );
    // Output that is not fio's JSON.
    let f = fake_fio(tmp.path(), "echo 'hello'; echo '{\"jobs\": [ {'; exit 0");
    fails_with(
        &["--engine", "fio:psync", "--profile", "demo"],
        Some(&f),
        1,
        &["fio's JSON output cannot be read"],
    );
    // A job that failed, as fio reports it (the libaio sample).
    let sample = format!(
        "{}/tests/fixtures/fio/error-libaio-too-deep.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let f = fake_fio(tmp.path(), &format!("cat '{sample}'; exit 0"));
    fails_with(
        &["--engine", "fio:libaio", "--profile", "demo"],
        Some(&f),
        1,
        &[
            "fio reported error 11",
            "func=io_queue_init, error=Resource temporarily unavailable",
        ],
    );
}

#[test]
fn a_value_fio_would_read_otherwise_is_refused_before_fio_runs() {
    if !have_fio() {
        return skip("fio_literal", "fio is not installed");
    }
    // The engine's name goes into fio's command line (a blank in it is
    // refused by the option's parser already).
    for (engine, named) in [
        ("fio:psync;touch", "';'"),
        ("fio:${HOME}", "'$'"),
        ("fio:psync#x", "'#'"),
    ] {
        fails_with(&["--engine", engine], None, 2, &["--engine", named]);
    }
}

#[test]
fn a_device_fio_would_not_open_by_its_name_is_refused() {
    if !have_fio() {
        return skip("fio_literal_device", "fio is not installed");
    }
    let dev = match common::LoopFs::bare(16, b"diskmark") {
        Ok(d) => d,
        Err(why) => return skip("fio_literal_device", &why),
    };
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let meta = std::fs::metadata(&dev.device).unwrap();
    assert!(meta.file_type().is_block_device());
    // The same device under a name holding ';': fio would open "…/dev".
    let dir = disk_dir();
    let node = dir.path().join("dev;x");
    let rdev = meta.rdev();
    let st = std::process::Command::new("mknod")
        .arg(&node)
        .arg("b")
        .arg(rustix::fs::major(rdev).to_string())
        .arg(rustix::fs::minor(rdev).to_string())
        .status()
        .unwrap();
    assert!(st.success());
    let out = diskmark()
        .arg(&node)
        .args(TINY)
        .args(["--engine", "fio:psync", "--mode", "read", "--quiet"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("holds ';'"), "{err}");
    assert!(!dir.path().join("dev").exists());
}
