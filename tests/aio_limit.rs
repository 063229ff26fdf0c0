//! libaio within fs.aio-max-nr: the planner fits the depth into what the
//! sysctl leaves, and a sysctl used up is reported by name. The sysctl is
//! machine-wide, so this file holds one test, in its own test binary (test
//! binaries run one after another), and restores the value in every case.

#[path = "it/common/mod.rs"]
mod common;
use common::{TINY, disk_dir, diskmark, is_root, json, skip};

struct Restore(String);

impl Drop for Restore {
    fn drop(&mut self) {
        let _ = std::fs::write("/proc/sys/fs/aio-max-nr", &self.0);
    }
}

fn read(path: &str) -> u64 {
    std::fs::read_to_string(path)
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn libaio_plans_within_aio_max_nr_and_names_it_when_used_up() {
    if !is_root() {
        skip("aio_limit", "setting fs.aio-max-nr needs root");
        return;
    }
    let original = std::fs::read_to_string("/proc/sys/fs/aio-max-nr").unwrap();
    let _restore = Restore(original.clone());
    // A thread of depth q charges q events to fs.aio-nr.
    let in_use = read("/proc/sys/fs/aio-nr");
    // Room for two threads of depth 4, not for two of depth 32.
    let room = 8;
    if std::fs::write("/proc/sys/fs/aio-max-nr", (in_use + room).to_string()).is_err() {
        skip("aio_limit", "fs.aio-max-nr is not writable here");
        return;
    }
    let dir = disk_dir();
    let deep = "RND4K Q32T2";
    let out = diskmark()
        .arg(dir.path())
        .args(TINY)
        .args([
            "--engine", "libaio", "--test", deep, "--mode", "read", "--format", "json",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let v = json(&out.stdout);
    let t = &v["tests"][0];
    assert_eq!(t["applied"]["t"], 2);
    assert_eq!(t["applied"]["q"], 4, "{t}");
    let note = t["notes"][0].as_str().unwrap();
    assert!(
        note.starts_with("libaio: fs.aio-max-nr leaves room for"),
        "{note}"
    );
    // --strict refuses the same test.
    let out = diskmark()
        .arg(dir.path())
        .args(TINY)
        .args(["--engine", "libaio", "--strict", "--test", deep])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("fs.aio-max-nr"));

    // Used up: not one event left.
    std::fs::write("/proc/sys/fs/aio-max-nr", in_use.to_string()).unwrap();
    let out = diskmark()
        .arg(dir.path())
        .args(TINY)
        .args(["--engine", "libaio"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("libaio is not available here: fs.aio-max-nr is used up")
            && stderr.contains("raise it with sysctl fs.aio-max-nr"),
        "{stderr}"
    );
    let engines = json(
        &diskmark()
            .args(["engines", "--format", "json"])
            .output()
            .unwrap()
            .stdout,
    );
    assert_eq!(engines["engines"][1]["available"], false);
    drop(_restore);
    assert_eq!(
        std::fs::read_to_string("/proc/sys/fs/aio-max-nr").unwrap(),
        original
    );
}
