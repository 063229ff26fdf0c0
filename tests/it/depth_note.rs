//! The depth note under a cgroup throttle: the device sees far less depth
//! than diskmark submits, and the note names the throttle that holds the
//! I/Os back. The throttle holds this test's thread and the diskmark it
//! starts (common::Throttle).

use crate::common;
use common::{RamExt4, Throttle, diskmark, is_root, leftovers, skip};

#[test]
fn the_depth_note_names_a_cgroup_throttle() {
    const TEST: &str = "the_depth_note_names_a_cgroup_throttle";
    // Not beside the loop devices' timed tests, which keep both cores
    // and the loop workers busy.
    let _one = crate::common::capped::TIMED
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if !is_root() {
        skip(TEST, "needs root for a loop device and a cgroup");
        return;
    }
    let ram = match RamExt4::new(64) {
        Ok(r) => r,
        Err(why) => return skip(TEST, &format!("no RAM-backed loop device: {why}")),
    };
    let out = |engine: &str| {
        let out = diskmark()
            .arg(ram.path())
            .args(["--size", "16M", "--measure", "0.5", "--warmup", "0.2"])
            .args(["--interval", "0", "--loops", "1", "--mode", "read"])
            .args(["--engine", engine, "--test", "RND4K Q32T1"])
            .assert()
            .success()
            .get_output()
            .clone();
        assert_eq!(leftovers(ram.path()), Vec::<String>::new());
        String::from_utf8(out.stdout).unwrap()
    };
    // Unthrottled, a RAM loop device takes the depth (no note), and no
    // throttle is named.
    let free = out("libaio");
    assert!(!free.contains("throttles"), "{free}");
    // At 50 IOPS the device would have to take 80 ms over each I/O to
    // see a depth of 4 (the note's bound for 32 submitted): a RAM loop
    // device whose worker thread a busy machine holds back takes far less
    // (at 200 IOPS, 20 ms, a load of 10 on 2 cores once reached).
    let throttle = match Throttle::new(&ram.device, 50, 1 << 40) {
        Ok(t) => t,
        Err(why) => return skip(TEST, &format!("cannot throttle the loop device: {why}")),
    };
    let text = out("libaio");
    drop(throttle);
    let note = text
        .lines()
        .find(|l| l.contains("average queue depth"))
        .unwrap_or_else(|| panic!("no depth note: {text}"));
    eprintln!("{note}");
    assert!(
        note.contains("32 I/Os were submitted and not yet completed; this process's cgroup throttles the device (")
            && ["blkio.throttle.read_iops_device 50", "io.max riops=50"]
                .iter()
                .any(|limit| [",", ")"].iter().any(|end| note.contains(&format!("{limit}{end}")))),
        "{note}"
    );
}
