//! The test hooks are not in the product (issue 26 §8, src/testing.rs):
//! `diskmark`, the binary that is built, installed and packaged, ignores
//! every `DISKMARK_TEST_*` variable. Each case sets one hook on both
//! binaries: `diskmark-test-hooks` shows the hook's effect, so the case can
//! fail, and `diskmark` behaves as if the variable were not set.

use crate::common;

use assert_cmd::Command;
use common::{Mount, TINY, WITH_HOOKS, disk_dir, json, leftovers, skip};
use diskmark::target::thermal::{FIXTURE_PREFIX, TEST_HWMON};
use std::process::Output;

/// The shipped binary.
const PRODUCT: &str = env!("CARGO_BIN_EXE_diskmark");

/// Runs `bin` with `args` and one hook variable set.
fn with_hook(bin: &str, args: &[&str], hook: (&str, &str)) -> Output {
    Command::new(bin)
        .args(args)
        .env(hook.0, hook.1)
        .timeout(std::time::Duration::from_secs(300))
        .output()
        .unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn the_product_ignores_io_uring_disabled() {
    let args = ["engines", "--format", "json"];
    let hook = ("DISKMARK_TEST_IO_URING_DISABLED", "2");
    let io_uring = |out: &Output| json(&out.stdout)["engines"][0].clone();
    let hooked = io_uring(&with_hook(WITH_HOOKS, &args, hook));
    assert_eq!(hooked["available"], false, "{hooked}");
    let plain = Command::new(PRODUCT).args(args).output().unwrap();
    let product = io_uring(&with_hook(PRODUCT, &args, hook));
    assert_eq!(product, io_uring(&plain));
    assert!(
        !product["reason"].to_string().contains("disabled"),
        "{product}"
    );
}

#[test]
fn the_product_ignores_a_worker_panic_and_a_verify_pause() {
    let dir = disk_dir();
    let d = dir.path().to_str().unwrap();
    let mut args = vec![d];
    args.extend(TINY);
    args.extend(["--test", "RND4K Q1T1", "--mode", "write", "--verify"]);
    args.extend(["--format", "json"]);
    let panic = ("DISKMARK_TEST_WORKER_PANIC", "setup");
    let hooked = with_hook(WITH_HOOKS, &args, panic);
    assert_eq!(hooked.status.code(), Some(1), "{}", stderr(&hooked));
    assert!(stderr(&hooked).contains("panicked"), "{}", stderr(&hooked));
    let product = with_hook(PRODUCT, &args, panic);
    assert!(product.status.success(), "{}", stderr(&product));
    assert!(!stderr(&product).contains("panicked"));

    let pause = ("DISKMARK_TEST_VERIFY_PAUSE_MS", "1");
    let said = "verify: pausing";
    let hooked = with_hook(WITH_HOOKS, &args, pause);
    assert!(stderr(&hooked).contains(said), "{}", stderr(&hooked));
    let product = with_hook(PRODUCT, &args, pause);
    assert!(product.status.success(), "{}", stderr(&product));
    assert!(!stderr(&product).contains(said), "{}", stderr(&product));
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn the_product_ignores_a_sensor_fixture() {
    // An odd temperature that no real sensor of this machine is likely to
    // read at the same moment, to the thousandth of a degree.
    let sensor = tempfile::Builder::new()
        .prefix(FIXTURE_PREFIX)
        .tempdir()
        .unwrap();
    common::sysfs::tree(
        sensor.path(),
        &[
            ("name", "nvme\n"),
            ("temp1_input", "61234\n"),
            ("temp1_max", "70000\n"),
            ("temp1_crit", "85000\n"),
        ],
    );
    let dir = disk_dir();
    let d = dir.path().to_str().unwrap();
    let mut args = vec![d];
    args.extend(TINY);
    args.extend(["--test", "SEQ1M Q8T1", "--mode", "read"]);
    args.extend(["--measure", "1", "--format", "json"]);
    let hook = (TEST_HWMON, sensor.path().to_str().unwrap());
    // The fixture's reading, wherever the report carries it.
    let read_it = |out: &Output| {
        assert!(out.status.success(), "{}", stderr(out));
        String::from_utf8_lossy(&out.stdout).contains("61.234")
    };
    assert!(read_it(&with_hook(WITH_HOOKS, &args, hook)));
    assert!(!read_it(&with_hook(PRODUCT, &args, hook)));
}

#[test]
fn the_product_keeps_its_free_space_check() {
    let m = match Mount::new("tmpfs", "size=32m") {
        Ok(m) => m,
        Err(why) => return skip("the free-space hook", &why),
    };
    let d = m.path().to_str().unwrap();
    let mut args = vec![d];
    args.extend(TINY);
    args.extend(["--size", "64M", "--test", "SEQ1M Q1T1", "--quiet"]);
    let hook = ("DISKMARK_TEST_SKIP_SPACE_CHECK", "1");
    let refusal = "not enough free space";
    let hooked = with_hook(WITH_HOOKS, &args, hook);
    assert!(!stderr(&hooked).contains(refusal), "{}", stderr(&hooked));
    let product = with_hook(PRODUCT, &args, hook);
    assert!(stderr(&product).contains(refusal), "{}", stderr(&product));
    assert_eq!(leftovers(m.path()), Vec::<String>::new());
}

/// Every hook the library reads goes through `testing::var*`, the switch
/// that only `diskmark-test-hooks` turns on: no `std::env::var` names a
/// `TEST_*` hook.
#[test]
fn every_hook_is_read_through_the_switch() {
    let mut stack = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src"
    ))];
    let mut hooks = 0;
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            stack.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        hooks += text.matches("\"DISKMARK_TEST_").count();
        for (n, line) in text.lines().enumerate() {
            let direct = line.contains("env::var") && line.contains("TEST_");
            assert!(!direct, "{}:{}: {line}", p.display(), n + 1);
        }
    }
    assert!(hooks >= 7, "found {hooks} hooks");
}
