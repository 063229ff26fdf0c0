//! The drive's temperature (docs/measurement.md#temperature): sysfs
//! fixtures of an NVMe drive with hwmon, a SATA disk with drivetemp and
//! disks with none give the right readings and thresholds; a reading that
//! crosses the warning threshold while the throughput falls gives the
//! throttling note, from the detector and from a real run (a fixture
//! sensor through `DISKMARK_TEST_HWMON`, a RAM loop device whose cgroup cap
//! the test lowers when it makes the fixture hot).

use crate::common;
use common::sysfs::{link, tree};
use common::throttle::{Cap, CapGroup};
use common::{RamExt4, disk_dir, is_root, json, leftovers, skip};
use diskmark::target::sysfs::BlockDevice;
use diskmark::target::thermal::{
    FIXTURE_PREFIX, Sensor, SensorKind, Slice, TEST_HWMON, throttling,
};
use std::fs;
use std::time::{Duration, Instant};

const NVME_CTRL: &str = "devices/pci0000:00/0000:00:01.0/nvme/nvme0";

/// An NVMe namespace `nvme0n1` (259:0) whose controller has a hwmon with
/// the given files, and one of another driver before it.
fn nvme_root(hwmon: &[(&str, &str)]) -> tempfile::TempDir {
    let t = tempfile::tempdir().unwrap();
    let r = t.path();
    let ns = format!("{NVME_CTRL}/nvme0n1");
    let mut files = vec![
        (
            format!("{NVME_CTRL}/model"),
            "Fixture NVMe 1TB\n".to_string(),
        ),
        (format!("{ns}/queue/rotational"), "0\n".into()),
        // Not the drive's: another driver's hwmon is never taken.
        (format!("{NVME_CTRL}/hwmon1/name"), "k10temp\n".into()),
        (format!("{NVME_CTRL}/hwmon1/temp1_input"), "99000\n".into()),
    ];
    for (f, c) in hwmon {
        files.push((format!("{NVME_CTRL}/hwmon2/{f}"), c.to_string()));
    }
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    tree(r, &files);
    link(r, NVME_CTRL, &format!("{ns}/device"));
    link(r, &ns, "dev/block/259:0");
    t
}

#[test]
fn an_nvme_hwmon_gives_its_reading_and_thresholds() {
    let t = nvme_root(&[
        ("name", "nvme\n"),
        ("temp1_input", "38850\n"),
        ("temp1_max", "81850\n"),
        ("temp1_crit", "84850\n"),
        ("temp2_input", "45000\n"),
    ]);
    let d = BlockDevice::from_dev(t.path(), (259, 0)).unwrap();
    assert_eq!(d.model.as_deref(), Some("Fixture NVMe 1TB"));
    let s = d.sensor().expect("the controller's hwmon");
    assert_eq!(s.kind, SensorKind::Nvme);
    assert!(s.dir.ends_with("hwmon2"), "{}", s.dir.display());
    assert_eq!(s.read_c(), Some(38.85));
    assert_eq!((s.warning_c(), s.critical_c()), (Some(81.85), Some(84.85)));
    // The reading is read again each time: the drive warms up.
    fs::write(s.dir.join("temp1_input"), "52000\n").unwrap();
    assert_eq!(s.read_c(), Some(52.0));
    // A sensor that stops answering gives no reading, not an old one.
    fs::write(s.dir.join("temp1_input"), "").unwrap();
    assert_eq!(s.read_c(), None);
}

#[test]
fn a_multipath_nvme_namespace_reads_its_controller() {
    let t = tempfile::tempdir().unwrap();
    let r = t.path();
    let subsys = "devices/virtual/nvme-subsystem/nvme-subsys0";
    tree(
        r,
        &[
            (&format!("{NVME_CTRL}/hwmon0/name"), "nvme\n"),
            (&format!("{NVME_CTRL}/hwmon0/temp1_input"), "41000\n"),
            (&format!("{subsys}/nvme0n1/queue/rotational"), "0\n"),
        ],
    );
    link(r, NVME_CTRL, &format!("{subsys}/nvme0"));
    link(r, subsys, &format!("{subsys}/nvme0n1/device"));
    link(r, &format!("{subsys}/nvme0n1"), "dev/block/259:0");
    let d = BlockDevice::from_dev(r, (259, 0)).unwrap();
    let s = d.sensor().expect("the subsystem's controller's hwmon");
    assert_eq!(s.read_c(), Some(41.0));
    // No thresholds in the files: none, never a guess.
    assert_eq!((s.warning_c(), s.critical_c()), (None, None));
}

#[test]
fn a_sata_disk_with_drivetemp_under_dm_crypt() {
    let t = tempfile::tempdir().unwrap();
    let r = t.path();
    let scsi = "devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0";
    let sda = format!("{scsi}/block/sda");
    tree(
        r,
        &[
            (&format!("{scsi}/model"), "Samsung SSD 860 \n"),
            (&format!("{scsi}/hwmon/hwmon3/name"), "drivetemp\n"),
            (&format!("{scsi}/hwmon/hwmon3/temp1_input"), "27000\n"),
            (&format!("{scsi}/hwmon/hwmon3/temp1_lcrit"), "-41000\n"),
            (&format!("{scsi}/hwmon/hwmon3/temp1_max"), "60000\n"),
            (&format!("{scsi}/hwmon/hwmon3/temp1_crit"), "85000\n"),
            (&format!("{sda}/queue/rotational"), "0\n"),
            (&format!("{sda}/sda2/partition"), "2\n"),
            ("devices/virtual/block/dm-0/dm/uuid", "CRYPT-LUKS2-0123-x\n"),
        ],
    );
    link(r, scsi, &format!("{sda}/device"));
    link(
        r,
        &format!("{sda}/sda2"),
        "devices/virtual/block/dm-0/slaves/sda2",
    );
    link(r, "devices/virtual/block/dm-0", "dev/block/253:0");
    let d = BlockDevice::from_dev(r, (253, 0)).unwrap();
    assert_eq!(d.disks[0].name, "sda");
    let s = d.sensor().expect("drivetemp under the SCSI device");
    assert_eq!(s.kind, SensorKind::Drivetemp);
    assert_eq!(s.read_c(), Some(27.0));
    assert_eq!((s.warning_c(), s.critical_c()), (Some(60.0), Some(85.0)));
}

#[test]
fn disks_without_a_drive_sensor_have_no_temperature() {
    // A virtio disk: no hwmon at all.
    let t = tempfile::tempdir().unwrap();
    let r = t.path();
    let vda = "devices/pci0000:00/0000:00:02.0/virtio1/block/vda";
    tree(r, &[(&format!("{vda}/queue/rotational"), "1\n")]);
    link(
        r,
        "devices/pci0000:00/0000:00:02.0/virtio1",
        &format!("{vda}/device"),
    );
    link(r, vda, "dev/block/254:0");
    let d = BlockDevice::from_dev(r, (254, 0)).unwrap();
    assert_eq!(d.sensor(), None);
    // An NVMe controller whose hwmon is another driver's, or has no
    // temp1_input.
    let t = nvme_root(&[("name", "nvme\n"), ("temp1_max", "80000\n")]);
    let d = BlockDevice::from_dev(t.path(), (259, 0)).unwrap();
    assert_eq!(d.sensor(), None);
    // A hwmon directory of a driver that is not a drive's.
    assert_eq!(Sensor::at(&t.path().join(NVME_CTRL).join("hwmon1")), None);
    // This machine's own disks: whatever they are, a sensor found answers
    // with a plausible value or none.
    for target in diskmark::target::list() {
        if let Some(s) = target.sensor() {
            eprintln!("{}: {:?} {:?}", target.path.display(), s.kind, s.read_c());
        }
    }
}

#[test]
fn a_fixture_crossing_its_warning_threshold_while_throughput_falls() {
    let t = nvme_root(&[
        ("name", "nvme\n"),
        ("temp1_input", "60000\n"),
        ("temp1_max", "70000\n"),
    ]);
    let d = BlockDevice::from_dev(t.path(), (259, 0)).unwrap();
    let s = d.sensor().unwrap();
    let warning = s.warning_c().unwrap();
    // Every fifth throughput sample reads the sensor, as in a run; the
    // fixture heats up past 70 °C and the throughput halves from then on.
    let run = |hot_mbps: f64, hot_mc: &str| {
        fs::write(s.dir.join("temp1_input"), "60000\n").unwrap();
        let mut slices = Vec::new();
        for i in 0..30 {
            if i == 15 {
                fs::write(s.dir.join("temp1_input"), hot_mc).unwrap();
            }
            let mbps = if i < 15 { 2000.0 } else { hot_mbps };
            let temp_c = (i % 5 == 0).then(|| s.read_c()).flatten();
            slices.push(Slice { mbps, temp_c });
        }
        throttling(&slices, warning)
    };
    let t = run(1000.0, "72000\n").expect("hot and slower: throttling");
    assert_eq!(
        (t.before_mbps, t.hot_mbps, t.peak_c),
        (2000.0, 1000.0, 72.0)
    );
    // Hot, but as fast: no note.
    assert_eq!(run(2000.0, "72000\n"), None);
    // Slower, but below the threshold: no note.
    assert_eq!(run(1000.0, "69000\n"), None);
}

/// A fixture hwmon directory where [`TEST_HWMON`] accepts one: a
/// `FIXTURE_PREFIX` directory in the temporary directory.
fn fixture_sensor(input_mc: u32) -> tempfile::TempDir {
    let d = tempfile::Builder::new()
        .prefix(FIXTURE_PREFIX)
        .tempdir()
        .unwrap();
    tree(
        d.path(),
        &[
            ("name", "nvme\n"),
            ("temp1_input", &format!("{input_mc}\n")),
            ("temp1_max", "70000\n"),
            ("temp1_crit", "85000\n"),
        ],
    );
    d
}

/// Every temperature the JSON's samples carry, over every test and loop.
fn sample_temps(report: &serde_json::Value) -> Vec<f64> {
    report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["loops"].as_array().unwrap())
        .flat_map(|l| l["samples"].as_array().unwrap())
        .filter_map(|s| s["temp_c"].as_f64())
        .collect()
}

#[test]
fn a_run_reports_the_fixture_sensor_and_only_a_fixture_is_taken() {
    let dir = disk_dir();
    let out_dir = tempfile::tempdir().unwrap();
    let (text, chart) = (out_dir.path().join("r.txt"), out_dir.path().join("c.svg"));
    let json_file = out_dir.path().join("r.json");
    let sensor = fixture_sensor(45000);
    common::diskmark_with_hooks()
        .arg(dir.path())
        .args(["--size", "16M", "--measure", "1", "--warmup", "0.1"])
        .args(["--interval", "0", "--loops", "1", "--test", "SEQ1M Q8T1"])
        .args(["--mode", "write", "-o"])
        .arg(&text)
        .arg("-o")
        .arg(&json_file)
        .arg("--chart")
        .arg(&chart)
        .env(TEST_HWMON, sensor.path())
        .assert()
        .success();
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    let report = json(&fs::read(&json_file).unwrap());
    let t = &report["tests"][0]["temperature"];
    assert_eq!(t["sensor"], "nvme", "{t}");
    assert_eq!(
        (t["min_c"].as_f64(), t["max_c"].as_f64()),
        (Some(45.0), Some(45.0))
    );
    assert_eq!(
        (t["warning_c"].as_f64(), t["critical_c"].as_f64()),
        (Some(70.0), Some(85.0))
    );
    assert_eq!(t["throttling_likely"], false);
    // About one reading every 0.5 s of the 1 s window, each with a sample.
    let temps = sample_temps(&report);
    assert!((1..=3).contains(&temps.len()), "{temps:?}");
    assert_eq!(t["readings"].as_u64(), Some(temps.len() as u64));
    let text = fs::read_to_string(&text).unwrap();
    assert!(
        text.contains("   Temp: drive sensor (nvme), warning 70 °C, critical 85 °C\n         SEQ1M Q8T1 write: 45 °C\n"),
        "{text}"
    );
    let svg = fs::read_to_string(&chart).unwrap();
    assert!(
        svg.contains(r#"stroke-dasharray="4 3""#) && svg.contains("°C"),
        "{svg}"
    );

    // Not a fixture: outside the temporary directory, or without the
    // prefix. Then the machine's own disk counts (which here has none).
    let elsewhere = tempfile::Builder::new()
        .prefix(FIXTURE_PREFIX)
        .tempdir_in(dir.path())
        .unwrap();
    let unnamed = tempfile::tempdir().unwrap();
    for d in [elsewhere.path(), unnamed.path()] {
        for f in ["name", "temp1_input"] {
            fs::copy(sensor.path().join(f), d.join(f)).unwrap();
        }
        let dev = diskmark::target::resolve(dir.path()).unwrap();
        if dev.sensor().is_some() {
            return skip(
                "a_run_reports_the_fixture_sensor_and_only_a_fixture_is_taken",
                "this machine's disk has a sensor of its own",
            );
        }
        let out = common::diskmark_with_hooks()
            .arg(dir.path())
            .args(common::TINY)
            .args([
                "--test",
                "SEQ1M Q8T1",
                "--mode",
                "write",
                "--format",
                "json",
            ])
            .env(TEST_HWMON, d)
            .assert()
            .success()
            .get_output()
            .clone();
        let report = json(&out.stdout);
        assert!(report["tests"][0].get("temperature").is_none(), "{report}");
        assert_eq!(sample_temps(&report), Vec::<f64>::new());
    }
}

/// 512-byte sectors written to `device` (`/dev/loopN`), from /proc/diskstats.
fn sectors_written(device: &str) -> Option<u64> {
    let name = device.strip_prefix("/dev/")?;
    let stats = fs::read_to_string("/proc/diskstats").ok()?;
    stats.lines().find_map(|l| {
        let f: Vec<&str> = l.split_whitespace().collect();
        (f.get(2) == Some(&name))
            .then(|| f.get(9)?.parse().ok())
            .flatten()
    })
}

/// Caps a RAM loop device meets even on a busy machine: the drive's speed
/// before and after it gets hot.
const COOL: u64 = 60_000_000;
const HOT: u64 = 12_000_000;

/// One SEQ1M Q8T1 write of 3 s on `ram` whose fixture sensor turns hot,
/// and whose cgroup cap falls from [`COOL`] to [`HOT`], once the device
/// has taken the pre-fill (16 MiB), the warm-up (0.3 s) and about 1 s of
/// the window at the cool cap. The test's JSON.
fn run_hot_midway(ram: &RamExt4, group: &CapGroup) -> serde_json::Value {
    group.set(Cap::WriteIops, 1 << 20).unwrap();
    group.set(Cap::WriteBps, COOL).unwrap();
    let sensor = fixture_sensor(50000);
    let start = sectors_written(&ram.device).unwrap_or(0);
    let trigger = start + (16 << 20) / 512 + (COOL as f64 * 1.3) as u64 / 512;
    let mut cmd = assert_cmd::Command::from_std(group.command(common::WITH_HOOKS));
    cmd.arg(ram.path())
        .args(["--size", "16M", "--measure", "3", "--warmup", "0.3"])
        .args(["--interval", "0", "--loops", "1", "--test", "SEQ1M Q8T1"])
        .args(["--mode", "write", "--format", "json"])
        .env(TEST_HWMON, sensor.path())
        .timeout(Duration::from_secs(60));
    let device = ram.device.clone();
    let hot_input = sensor.path().join("temp1_input");
    let (out, triggered) = std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            let until = Instant::now() + Duration::from_secs(30);
            while Instant::now() < until {
                if sectors_written(&device).is_some_and(|s| s >= trigger) {
                    fs::write(&hot_input, "75000\n").unwrap();
                    group.set(Cap::WriteBps, HOT).unwrap();
                    return true;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            false
        });
        let out = cmd.assert().success().get_output().clone();
        (out, watcher.join().unwrap())
    });
    assert!(triggered, "the device never saw the trigger's bytes");
    assert_eq!(leftovers(ram.path()), Vec::<String>::new());
    json(&out.stdout)["tests"][0].clone()
}

/// The MB/s of a test's samples read cool and read hot (at or above 70 °C),
/// from the first reading on, as the report gives them.
fn cool_and_hot(test: &serde_json::Value) -> (Vec<f64>, Vec<f64>) {
    let (mut cool, mut hot) = (Vec::new(), Vec::new());
    let mut current = None;
    for s in test["loops"][0]["samples"].as_array().unwrap() {
        current = s["temp_c"].as_f64().or(current);
        match current {
            Some(c) if c >= 70.0 => hot.push(s["mbps"].as_f64().unwrap()),
            Some(_) if hot.is_empty() => cool.push(s["mbps"].as_f64().unwrap()),
            _ => {}
        }
    }
    (cool, hot)
}

fn median_of(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

#[test]
fn a_drive_that_slows_when_hot_gets_the_throttling_note() {
    const TEST: &str = "a_drive_that_slows_when_hot_gets_the_throttling_note";
    if !is_root() {
        return skip(TEST, "needs root for a loop device and a cgroup");
    }
    let ram = match RamExt4::new(64) {
        Ok(r) => r,
        Err(why) => return skip(TEST, &format!("no RAM-backed loop device: {why}")),
    };
    let group = match CapGroup::new(&ram.device) {
        Ok(g) => g,
        Err(why) => return skip(TEST, &format!("cannot throttle the loop device: {why}")),
    };
    // A loaded machine can stall the cool phase (the loop device's worker
    // waits for a CPU) until its median is 0, and then no drop can be
    // seen: the scenario is checked from the report's own samples, and a
    // run that did not give it is run again.
    let mut seen = Vec::new();
    let test = (0..3)
        .map(|_| run_hot_midway(&ram, &group))
        .find(|test| {
            let (cool, hot) = cool_and_hot(test);
            let (n_cool, n_hot) = (cool.len(), hot.len());
            let (c, h) = (median_of(cool), median_of(hot));
            seen.push(format!(
                "{n_cool} cool at {c:.1} MB/s, {n_hot} hot at {h:.1} MB/s"
            ));
            n_cool >= 3 && n_hot >= 3 && c >= COOL as f64 / 2e6 && h <= HOT as f64 * 1.5 / 1e6
        })
        .unwrap_or_else(|| panic!("in 3 runs the cool phase never gave half its cap: {seen:?}"));
    let t = &test["temperature"];
    eprintln!("{t}\n{}", test["observations"]);
    assert_eq!(
        (t["min_c"].as_f64(), t["max_c"].as_f64()),
        (Some(50.0), Some(75.0))
    );
    assert_eq!(t["throttling_likely"], true, "{test}");
    let note = test["observations"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|o| o.as_str())
        .find(|o| o.contains("thermal throttling likely"))
        .unwrap_or_else(|| panic!("no throttling note: {}", test["observations"]));
    assert!(
        note.starts_with("SEQ1M Q8T1 write: thermal throttling likely: the drive reached its warning temperature of 70 °C (up to 75 °C)"),
        "{note}"
    );
}

#[test]
fn a_sustained_write_carries_the_fixture_temperature_in_its_series() {
    let dir = disk_dir();
    let out_dir = tempfile::tempdir().unwrap();
    let json_file = out_dir.path().join("s.json");
    let chart = out_dir.path().join("s.svg");
    let sensor = fixture_sensor(52000);
    common::diskmark_with_hooks()
        .arg("sustained")
        .arg(dir.path())
        .args([
            "--size",
            "256M",
            "--sample-interval",
            "0.05",
            "--quiet",
            "-o",
        ])
        .arg(&json_file)
        .arg("--chart")
        .arg(&chart)
        .env(TEST_HWMON, sensor.path())
        .assert()
        .success();
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    let report = json(&fs::read(&json_file).unwrap());
    let series = report["sustained"]["series"].as_array().unwrap();
    let temps: Vec<f64> = series.iter().filter_map(|s| s["temp_c"].as_f64()).collect();
    // The sampler reads at once, then every 0.5 s: at least the first.
    assert!(!temps.is_empty(), "{series:?}");
    assert!(temps.iter().all(|&t| t == 52.0), "{temps:?}");
    assert!(temps.len() <= series.len());
    // The chart's second axis: a steady 52 °C is drawn in 51..56.
    let svg = fs::read_to_string(&chart).unwrap();
    assert!(svg.contains("56 °C") && svg.contains("51 °C"), "{svg}");
}
