//! Targets on real filesystems made in the test (loop devices, as root):
//! the right filesystem type, NOCOW on btrfs, the compression, memory and
//! raw-device cases, and `diskmark targets`. Without root or the mkfs tool
//! a case says why it skipped.

use crate::common;
use common::events::{Events, window_start};
use common::{LoopFs, Mount, TINY, diskmark, json, leftovers, run_tiny, skip};
use serde_json::Value;

fn run_json(dir: &std::path::Path, extra: &[&str]) -> Value {
    let out = run_tiny(
        dir,
        &[&["--profile", "demo", "--format", "json"][..], extra].concat(),
    );
    json(&out.stdout)
}

fn notes(v: &Value) -> String {
    v["notes"].to_string()
}

#[test]
fn ext4_xfs_and_btrfs_are_named() {
    for fs in ["ext4", "xfs", "btrfs"] {
        let lf = match LoopFs::with_fs(fs, 320, "") {
            Ok(l) => l,
            Err(why) => {
                skip("filesystem types", &format!("{fs}: {why}"));
                continue;
            }
        };
        let v = run_json(lf.path(), &[]);
        assert_eq!(v["target"]["fs_type"], fs);
        assert_eq!(v["target"]["source"], lf.device.as_str());
        let model = v["target"]["device"]["model"]
            .as_str()
            .unwrap_or_else(|| panic!("{fs}: {}", v["target"]));
        assert!(model.starts_with("loop device"), "{model}");
        // The text report's FS line too.
        let out = diskmark()
            .arg(lf.path())
            .args(TINY)
            .args(["--profile", "demo"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains(&format!("\n     FS: {fs} on {}\n", lf.device)),
            "{text}"
        );
    }
}

#[test]
fn btrfs_test_file_gets_nocow_and_compression_is_noted() {
    let lf = match LoopFs::with_fs("btrfs", 320, "compress=zstd") {
        Ok(l) => l,
        Err(why) => return skip("btrfs", &why),
    };
    let v = run_json(lf.path(), &[]);
    assert_eq!(v["test_file"]["nocow"], true, "{}", v["test_file"]);
    assert!(
        notes(&v).contains("btrfs: NOCOW set on the test file"),
        "{}",
        notes(&v)
    );
    // NOCOW files are not compressed: no compression note.
    assert!(!notes(&v).contains("mounted with compression"));
    let caveats = v["target"]["caveats"].to_string();
    assert!(
        caveats.contains("copy_on_write") && caveats.contains("zstd"),
        "{caveats}"
    );

    let v = run_json(lf.path(), &["--cow", "--data", "zeros"]);
    assert!(v["test_file"]["nocow"].is_null());
    let n = notes(&v);
    assert!(n.contains("copy-on-write kept (--cow)"), "{n}");
    assert!(n.contains("btrfs is mounted with compression (zstd"), "{n}");
    assert!(
        n.contains("with --data zeros the write figures are meaningless"),
        "{n}"
    );
}

/// NOCOW is really on the file while the run is in progress (read with the
/// FS_IOC_GETFLAGS ioctl from outside).
#[test]
fn btrfs_nocow_is_on_the_file_during_the_run() {
    let lf = match LoopFs::with_fs("btrfs", 320, "") {
        Ok(l) => l,
        Err(why) => return skip("btrfs nocow", &why),
    };
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_diskmark"))
        .arg(lf.path())
        .args([
            "--size",
            "16M",
            "--measure",
            "1",
            "--warmup",
            "0",
            "--interval",
            "0",
            "--loops",
            "1",
        ])
        .args(["--test", "RND4K Q1T1", "--progress", "jsonl"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut events = Events::follow(child.stderr.take().unwrap());
    let start = std::time::Instant::now();
    let file = loop {
        if let Some(n) = leftovers(lf.path()).first() {
            break lf.path().join(n);
        }
        assert!(start.elapsed().as_secs() < 20, "no test file");
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    // Opened at once, looked at in the run's first window: the file as
    // it is being measured, whenever the run ends.
    let f = std::fs::File::open(&file).unwrap();
    events.wait_for(std::time::Duration::from_secs(60), window_start);
    let flags = rustix::fs::ioctl_getflags(&f).unwrap();
    assert!(flags.contains(rustix::fs::IFlags::NOCOW), "{flags:?}");
    drop(f);
    assert!(
        child.wait().unwrap().success(),
        "{}",
        events.all().join("\n")
    );
}

#[test]
fn tmpfs_is_memory_not_a_disk() {
    let m = match Mount::new("tmpfs", "size=64m") {
        Ok(m) => m,
        Err(why) => return skip("tmpfs", &why),
    };
    let v = run_json(m.path(), &[]);
    assert_eq!(v["target"]["fs_type"], "tmpfs");
    assert!(
        notes(&v).contains("tmpfs is memory, not a disk: O_DIRECT is accepted but has no effect")
    );
}

#[test]
fn a_block_device_is_read_raw_and_never_written() {
    // 64 MiB of a recognisable pattern.
    let pattern: Vec<u8> = (0..4096u32).flat_map(|i| i.to_le_bytes()).collect();
    let lf = match LoopFs::bare(64, &pattern) {
        Ok(l) => l,
        Err(why) => return skip("raw device", &why),
    };
    let before = std::fs::read(&lf.device).unwrap();
    let out = run_tiny(
        &lf.device,
        &[
            "--size",
            "32M",
            "--profile",
            "real",
            "--mode",
            "read",
            "--format",
            "json",
        ],
    );
    let v = json(&out.stdout);
    assert_eq!(v["target"]["kind"], "block_device");
    assert_eq!(v["test_file"]["raw_device"], true);
    assert_eq!(v["test_file"]["size"], 32 << 20);
    assert_eq!(v["tests"].as_array().unwrap().len(), 2);
    assert!(v["tests"][0]["result"]["total"]["ios"].as_u64().unwrap() > 0);
    // Capped at the device's size, and said so.
    let out = run_tiny(
        &lf.device,
        &["--size", "1G", "--profile", "demo", "--mode", "read"],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("   Test: 64 MiB (x1)"), "{text}");
    assert!(text.contains(", raw device\n"), "{text}");
    assert!(
        text.contains("the whole device was tested instead of --size 1 GiB"),
        "{text}"
    );
    // Writing is refused, before anything happens.
    for args in [
        &["--mode", "write"][..],
        &["--mode", "rw"],
        &["--mode", "read", "--mix"],
    ] {
        let out = diskmark()
            .arg(&lf.device)
            .args(TINY)
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("is a block device: diskmark only reads a device"),
            "{err}"
        );
    }
    let after = std::fs::read(&lf.device).unwrap();
    assert!(before == after, "the device's content changed");
}

#[test]
fn targets_lists_a_loop_mounted_filesystem() {
    let lf = match LoopFs::with_fs("ext4", 128, "") {
        Ok(l) => l,
        Err(why) => return skip("targets", &why),
    };
    let v = json(
        &diskmark()
            .args(["targets", "--format", "json"])
            .output()
            .unwrap()
            .stdout,
    );
    let mnt = std::fs::canonicalize(lf.path()).unwrap();
    let t = v["targets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["target"] == mnt.to_str().unwrap())
        .unwrap_or_else(|| panic!("{} not listed in {v}", mnt.display()));
    assert_eq!(t["fs_type"], "ext4");
    assert_eq!(t["source"], lf.device.as_str());
    let vfs = rustix::fs::statvfs(&mnt).unwrap();
    assert_eq!(
        t["total_bytes"].as_u64().unwrap(),
        vfs.f_blocks * vfs.f_frsize
    );
    let text = String::from_utf8(diskmark().arg("targets").output().unwrap().stdout).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with(mnt.to_str().unwrap()))
        .unwrap();
    assert!(
        line.contains("ext4") && line.contains('%') && line.contains("MiB"),
        "{line}"
    );
}

/// A device with 4 KiB logical blocks: 512-byte O_DIRECT I/O is refused
/// up front with the alignment named, and allowed buffered.
#[test]
fn blocks_must_match_the_direct_io_alignment() {
    let lf = match LoopFs::with_fs_sector("ext4", 128, "", 4096) {
        Ok(l) => l,
        Err(why) => return skip("4K sectors", &why),
    };
    let out = diskmark()
        .arg(lf.path())
        .args(TINY)
        .args(["--test", "RND512B Q1T1"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("must be a multiple of 4096 bytes here"),
        "{err}"
    );
    assert_eq!(leftovers(lf.path()), Vec::<String>::new());
    let v = run_json(lf.path(), &["--test", "RND4K Q1T1"]);
    assert_eq!(v["target"]["logical_block_size"], 4096);
    let v = run_json(lf.path(), &["--test", "RND512B Q1T1", "--buffered"]);
    assert!(v["tests"][0]["result"]["total"]["ios"].as_u64().unwrap() > 0);
}

#[test]
fn cache_and_durability_modes_are_stated() {
    let dir = common::disk_dir();
    let mode = |extra: &[&str]| -> String {
        let out = run_tiny(dir.path(), &[&["--profile", "demo"][..], extra].concat());
        let text = String::from_utf8(out.stdout).unwrap();
        text.lines()
            .find(|l| l.starts_with("   Mode: "))
            .unwrap()
            .to_string()
            + "\n"
            + &text
    };
    assert!(
        mode(&["--dsync"]).starts_with("   Mode: O_DIRECT, O_DSYNC, random data, cache dropped,")
    );
    assert!(mode(&["--keep-cache"]).contains("cache kept"));
    let buffered = mode(&["--buffered"]);
    assert!(
        buffered.starts_with("   Mode: buffered, random data"),
        "{buffered}"
    );
    assert!(buffered.contains("fits in free memory"), "{buffered}");
    if common::is_root() {
        let dropped = {
            let _cache = common::page_cache();
            mode(&["--drop-caches"])
        };
        assert!(dropped.contains("cache dropped (drop_caches)"));
        // And refused to anyone else.
        let out = std::process::Command::new("setpriv")
            .args([
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                env!("CARGO_BIN_EXE_diskmark"),
            ])
            .arg("/tmp")
            .args(TINY)
            .arg("--drop-caches")
            .output();
        match out {
            Ok(o) if o.status.code() == Some(2) => {
                assert!(
                    String::from_utf8_lossy(&o.stderr)
                        .contains("--drop-caches: writing /proc/sys/vm/drop_caches needs root")
                );
            }
            Ok(o) => skip(
                "--drop-caches as nobody",
                &String::from_utf8_lossy(&o.stderr),
            ),
            Err(e) => skip("--drop-caches as nobody", &format!("setpriv: {e}")),
        }
    } else {
        let out = diskmark()
            .arg(dir.path())
            .args(TINY)
            .arg("--drop-caches")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(
            String::from_utf8_lossy(&out.stderr)
                .contains("--drop-caches: writing /proc/sys/vm/drop_caches needs root")
        );
    }
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}
