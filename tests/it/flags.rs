//! Flags on figures that cannot be the drive's (issue 17): reads served
//! from a cache, seen against the device's own counters: those of a loop
//! device over a file on the disk that only the test uses (issue 27 §2:
//! the shared disk's counters count every process's reads).

use crate::common;
use common::{LoopFs, diskmark, is_root, json, leftovers, skip};

/// The notes of a tiny read-only run of `test` on the test's own device,
/// with `extra`; `None` (said) without root for the device.
fn read_notes(case: &str, test: &str, extra: &[&str]) -> Option<Vec<String>> {
    if !is_root() {
        skip(case, "a loop device of the test's own needs root");
        return None;
    }
    let own = LoopFs::disk_ext4(64).expect("a loop device over a disk file (root)");
    let dir = own.path();
    // No test beside it drops the page cache while it counts on it.
    let _cache = common::page_cache();
    let out = diskmark()
        .arg(dir)
        .args(["--size", "16M", "--measure", "0.3", "--warmup", "0"])
        .args(["--interval", "0", "--loops", "1", "--mode", "read"])
        .args(["--test", test, "--engine", "psync", "--format", "json"])
        .args(extra)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(leftovers(dir), Vec::<String>::new());
    let v = json(&out.stdout);
    let t = &v["tests"][0];
    // A loop device has counters: none is a failure.
    assert!(!t["result"]["device"].is_null(), "no device view: {t}");
    Some(
        (t["observations"].as_array().unwrap().iter())
            .map(|n| n.as_str().unwrap().to_string())
            .collect(),
    )
}

#[test]
fn buffered_reads_of_a_small_file_are_flagged_as_the_caches() {
    // 16 MiB read over and over for 0.3 s: after the first pass (with
    // read-ahead, some 20 ms at the disk's speed) every read is the page
    // cache's. Sequential, so that a loaded machine still finishes that
    // first pass early in the window.
    let Some(notes) = read_notes("buffered reads flagged", "SEQ1M Q1T1", &["--buffered"]) else {
        return;
    };
    let flag = notes.iter().find(|n| n.contains("came from a cache"));
    assert!(flag.is_some(), "{notes:?}");
    assert!(
        flag.unwrap()
            .starts_with("SEQ1M Q1T1 read: the device delivered ")
    );
}

#[test]
fn a_fully_cached_file_read_with_keep_cache_is_flagged() {
    // --keep-cache: the pages the pre-fill wrote stay, so even the first
    // pass comes from memory.
    let Some(notes) = read_notes(
        "cached reads flagged",
        "RND4K Q1T1",
        &["--buffered", "--keep-cache"],
    ) else {
        return;
    };
    assert!(
        notes.iter().any(|n| n.contains("came from a cache")),
        "{notes:?}"
    );
}

#[test]
fn direct_reads_are_not_flagged() {
    let Some(notes) = read_notes("direct reads not flagged", "RND4K Q1T1", &[]) else {
        return;
    };
    assert!(
        !notes.iter().any(|n| n.contains("came from a cache")),
        "{notes:?}"
    );
}

// Issue 31: the null engine's JSON said "the device delivered 0 % of
// these bytes: the rest came from a cache". It reads no device, so no
// figure of it is flagged (docs/measurement.md#flags), although its
// device view, like any run's, sees next to none of the bytes it counts.
#[test]
fn the_null_engine_has_no_cache_flag() {
    let dir = common::disk_dir();
    let out = common::run_tiny(
        dir.path(),
        &[
            "--engine",
            "null",
            "--mode",
            "read",
            "--test",
            "SEQ1M Q8T1",
            "--format",
            "json",
        ],
    );
    let v = json(&out.stdout);
    let t = &v["tests"][0];
    let counted = t["result"]["read"]["bytes"].as_u64().unwrap();
    match t["result"]["device"]["read_bytes"].as_u64() {
        // A device view that would have flagged it: under half delivered.
        Some(delivered) => assert!(
            delivered * 2 < counted && counted >= 4 << 20,
            "{delivered} of {counted}"
        ),
        None => skip(
            "null engine not flagged",
            "the scratch directory's filesystem has no device view",
        ),
    }
    assert!(t["flags"].is_null(), "{}", t["flags"]);
    let says_cache = |n: &serde_json::Value| {
        let n = n.as_str().unwrap();
        n.contains("delivered") || n.contains("from a cache")
    };
    let observations = t["observations"].as_array().unwrap();
    assert!(!observations.iter().any(says_cache), "{observations:?}");
    assert!(
        !v["notes"].as_array().unwrap().iter().any(says_cache),
        "{}",
        v["notes"]
    );
}
