//! Flags on figures that cannot be the drive's (issue 17): reads served
//! from a cache, seen against the device's own counters.

use crate::common;
use common::{disk_dir, diskmark, json, leftovers};

/// The notes of a tiny read-only run of `test` on the disk, with `extra`.
fn read_notes(test: &str, extra: &[&str]) -> Vec<String> {
    let dir = disk_dir();
    let out = diskmark()
        .arg(dir.path())
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
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    let v = json(&out.stdout);
    let t = &v["tests"][0];
    if t["result"]["device"].is_null() {
        return vec!["no device view".into()];
    }
    (t["observations"].as_array().unwrap().iter())
        .map(|n| n.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn buffered_reads_of_a_small_file_are_flagged_as_the_caches() {
    // 16 MiB read over and over for 0.3 s: after the first pass (with
    // read-ahead, some 20 ms at the disk's speed) every read is the page
    // cache's. Sequential, so that a loaded machine still finishes that
    // first pass early in the window.
    let notes = read_notes("SEQ1M Q1T1", &["--buffered"]);
    if notes == ["no device view"] {
        eprintln!("skipped: /var/tmp's device has no counters here");
        return;
    }
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
    let notes = read_notes("RND4K Q1T1", &["--buffered", "--keep-cache"]);
    if notes == ["no device view"] {
        eprintln!("skipped: /var/tmp's device has no counters here");
        return;
    }
    assert!(
        notes.iter().any(|n| n.contains("came from a cache")),
        "{notes:?}"
    );
}

#[test]
fn direct_reads_are_not_flagged() {
    let notes = read_notes("RND4K Q1T1", &[]);
    assert!(
        !notes.iter().any(|n| n.contains("came from a cache")),
        "{notes:?}"
    );
}
