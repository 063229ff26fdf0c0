//! The drive's link (docs/measurement.md#faster-than-the-link): sysfs
//! fixtures of a USB 2 stick, a USB 3 SSD, a SATA 3 Gb/s disk and an NVMe
//! drive on PCIe 3.0 x4 give the right link and usable rate; a virtio
//! disk, a SATA link that is down and two disks under md give none. A real
//! run whose disk's link is a USB 2.0 fixture (`DISKMARK_TEST_LINK`) and
//! whose reads come from the page cache gives the note and the JSON flag.

use crate::common;
use common::sysfs::{link, tree};
use common::{disk_dir, json, leftovers};
use diskmark::target::link::{FIXTURE_PREFIX, Link, LinkKind, TEST_LINK};
use diskmark::target::sysfs::BlockDevice;
use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;

/// A SCSI disk `name` (its `/dev/block` number `dev`) under `parent` (a
/// USB interface or a SATA port), with a partition 1 at `dev.1 + 1`.
fn scsi_disk(r: &Path, parent: &str, host: u32, name: &str, model: &str, dev: (u32, u32)) {
    let sdev = format!("{parent}/host{host}/target{host}:0:0/{host}:0:0:0");
    let disk = format!("{sdev}/block/{name}");
    tree(
        r,
        &[
            (&format!("{sdev}/model"), &format!("{model}\n")),
            (&format!("{disk}/queue/rotational"), "0\n"),
            (&format!("{disk}/{name}1/partition"), "1\n"),
        ],
    );
    link(r, &sdev, &format!("{disk}/device"));
    link(r, &disk, &format!("dev/block/{}:{}", dev.0, dev.1));
    link(
        r,
        &format!("{disk}/{name}1"),
        &format!("dev/block/{}:{}", dev.0, dev.1 + 1),
    );
}

/// A USB device at `usb` with `speed` (Mb/s) under a root hub of the same
/// speed, with a disk `sdb` (8:16, its partition 8:17) on its interface.
fn usb_root(speed: &str, model: &str) -> tempfile::TempDir {
    let t = tempfile::tempdir().unwrap();
    usb_tree(t.path(), speed, model);
    t
}

/// The disk directory of [`usb_tree`]'s `sdb`.
const USB_DISK: &str =
    "devices/pci0000:00/0000:00:14.0/usb2/2-1/2-1:1.0/host6/target6:0:0/6:0:0:0/block/sdb";

/// [`usb_root`]'s tree, in `r`.
fn usb_tree(r: &Path, speed: &str, model: &str) {
    let hub = "devices/pci0000:00/0000:00:14.0/usb2";
    let usb = format!("{hub}/2-1");
    tree(
        r,
        &[
            (&format!("{hub}/speed"), &format!("{speed}\n")),
            (&format!("{hub}/idVendor"), "1d6b\n"),
            (&format!("{usb}/speed"), &format!("{speed}\n")),
            (&format!("{usb}/idVendor"), "0781\n"),
            (&format!("{usb}/2-1:1.0/bInterfaceClass"), "08\n"),
        ],
    );
    scsi_disk(r, &format!("{usb}/2-1:1.0"), 6, "sdb", model, (8, 16));
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.01
}

#[test]
fn a_usb2_stick() {
    let t = usb_root("480", "Cruzer Blade");
    let d = BlockDevice::from_dev(t.path(), (8, 17)).unwrap();
    let l = d.link().expect("the stick's USB link");
    assert_eq!(l.kind, LinkKind::Usb);
    assert_eq!(l.label, "USB 2.0");
    // 13 bulk packets of 512 bytes per 125 µs microframe.
    assert!(close(l.usable_mbps, 53.248), "{}", l.usable_mbps);
    assert!(l.half_duplex());
}

#[test]
fn a_usb3_ssd() {
    let t = usb_root("5000", "Extreme SSD");
    let d = BlockDevice::from_dev(t.path(), (8, 16)).unwrap();
    let l = d.link().expect("the SSD's USB link");
    assert_eq!(l.label, "USB 3.2 Gen 1 (5 Gb/s)");
    assert_eq!((l.line_gbps, l.width), (5.0, None));
    // 8b/10b: 500 MB/s; 1024 data bytes in every 1056.
    assert!(
        close(l.usable_mbps, 500.0 * 1024.0 / 1056.0),
        "{}",
        l.usable_mbps
    );
    assert!(!l.half_duplex());
}

/// A SATA disk `sda` (8:0) on port `ata2`, whose host link `link2` says
/// `spd`; its controller on PCIe, which is not the disk's link.
fn sata_root(spd: &str) -> tempfile::TempDir {
    let t = tempfile::tempdir().unwrap();
    let r = t.path();
    let ctrl = "devices/pci0000:00/0000:00:17.0";
    let port = format!("{ctrl}/ata2");
    tree(
        r,
        &[
            (&format!("{ctrl}/current_link_speed"), "2.5 GT/s PCIe\n"),
            (&format!("{ctrl}/current_link_width"), "1\n"),
            (&format!("{port}/ata_port/ata2/port_no"), "2\n"),
            (
                &format!("{port}/link2/ata_link/link2/sata_spd"),
                &format!("{spd}\n"),
            ),
            (
                &format!("{port}/link2/dev2.0/ata_device/dev2.0/class"),
                "ata\n",
            ),
        ],
    );
    link(
        r,
        &format!("{port}/link2/ata_link/link2"),
        "class/ata_link/link2",
    );
    scsi_disk(r, &port, 1, "sda", "KINGSTON SKC600MS", (8, 0));
    t
}

#[test]
fn a_sata_3gbps_link() {
    let t = sata_root("3.0 Gb/s");
    let d = BlockDevice::from_dev(t.path(), (8, 1)).unwrap();
    let l = d.link().expect("the SATA link");
    assert_eq!(l.kind, LinkKind::Sata);
    assert_eq!(l.label, "SATA 3 Gb/s");
    // 8b/10b: 300 MB/s; a Data FIS's 2048 Dwords in 2054, 2 ALIGNs per
    // 254 Dwords.
    let want = 300.0 * 2048.0 / 2054.0 * 254.0 / 256.0;
    assert!(close(l.usable_mbps, want), "{}", l.usable_mbps);
    assert!(close(want, 296.79), "{want}");
    let down = sata_root("<unknown>");
    let d = BlockDevice::from_dev(down.path(), (8, 0)).unwrap();
    assert_eq!(d.link(), None, "a link that is down is no link");
}

#[test]
fn an_nvme_drive_on_pcie3_x4() {
    let t = tempfile::tempdir().unwrap();
    let r = t.path();
    let port = "devices/pci0000:00/0000:00:01.1";
    let pci = format!("{port}/0000:01:00.0");
    let ctrl = format!("{pci}/nvme/nvme0");
    let ns = format!("{ctrl}/nvme0n1");
    tree(
        r,
        &[
            // The root port's link is not the drive's.
            (&format!("{port}/current_link_speed"), "16.0 GT/s PCIe\n"),
            (&format!("{port}/current_link_width"), "16\n"),
            (&format!("{pci}/current_link_speed"), "8.0 GT/s PCIe\n"),
            (&format!("{pci}/current_link_width"), "4\n"),
            (&format!("{ctrl}/model"), "Samsung SSD 970 EVO Plus 1TB\n"),
            (&format!("{ns}/queue/rotational"), "0\n"),
            (&format!("{ns}/nvme0n1p1/partition"), "1\n"),
        ],
    );
    link(r, &ctrl, &format!("{ns}/device"));
    link(r, &pci, &format!("{ctrl}/device"));
    link(r, &format!("{ns}/nvme0n1p1"), "dev/block/259:1");
    let d = BlockDevice::from_dev(r, (259, 1)).unwrap();
    let l = d.link().expect("the controller's PCIe link");
    assert_eq!(l.kind, LinkKind::Pcie);
    assert_eq!(l.label, "PCIe 3.0 x4");
    assert_eq!((l.line_gbps, l.width), (8.0, Some(4)));
    // 128b/130b: 3938 MB/s; a 4096-byte TLP with 20 bytes of header and
    // framing.
    let want = 4.0 * 8000.0 * 128.0 / 130.0 / 8.0 * 4096.0 / 4116.0;
    assert!(close(l.usable_mbps, want), "{}", l.usable_mbps);
    assert!(close(want, 3919.33), "{want}");
    // An older kernel's `8 GT/s` is the same link.
    fs::write(r.join(&pci).join("current_link_speed"), "8 GT/s\n").unwrap();
    let old = Link::find(&r.join(&ns)).unwrap();
    assert_eq!(old.label, "PCIe 3.0 x4");
    fs::write(r.join(&pci).join("current_link_speed"), "Unknown\n").unwrap();
    assert_eq!(Link::find(&r.join(&ns)), None);
}

#[test]
fn no_link_is_made_up() {
    let t = tempfile::tempdir().unwrap();
    let r = t.path();
    let vda = "devices/pci0000:00/0000:00:02.0/virtio1/block/vda";
    tree(
        r,
        &[
            (&format!("{vda}/queue/rotational"), "1\n"),
            // A virtual PCI device's link says nothing of the disk's.
            (
                "devices/pci0000:00/0000:00:02.0/current_link_speed",
                "2.5 GT/s PCIe\n",
            ),
            ("devices/pci0000:00/0000:00:02.0/current_link_width", "1\n"),
            ("devices/virtual/block/md0/md/level", "raid0\n"),
        ],
    );
    link(r, vda, "dev/block/254:0");
    let d = BlockDevice::from_dev(r, (254, 0)).unwrap();
    assert_eq!(d.link(), None);
    assert_eq!(d.disks[0].link, None);
    // A USB 2 stick and a SATA disk under md: each has its link, the
    // array none.
    let a = usb_root("480", "A");
    let b = sata_root("6.0 Gb/s");
    let sda = "devices/pci0000:00/0000:00:17.0/ata2/host1/target1:0:0/1:0:0:0/block/sda";
    fs::create_dir_all(r.join("devices/virtual/block/md0/slaves")).unwrap();
    for (name, disk) in [
        ("sdb", a.path().join(USB_DISK)),
        ("sda", b.path().join(sda)),
    ] {
        symlink(disk, r.join("devices/virtual/block/md0/slaves").join(name)).unwrap();
    }
    link(r, "devices/virtual/block/md0", "dev/block/9:0");
    let md = BlockDevice::from_dev(r, (9, 0)).unwrap();
    assert_eq!(md.disks.len(), 2);
    let mut labels: Vec<_> = md
        .disks
        .iter()
        .map(|d| d.link.as_ref().unwrap().label.as_str())
        .collect();
    labels.sort();
    assert_eq!(labels, ["SATA 6 Gb/s", "USB 2.0"]);
    assert_eq!(md.link(), None);
}

#[test]
fn a_cached_read_above_a_usb2_fixture_link_is_flagged() {
    // The fixture must lie in the temporary directory, under a directory
    // named diskmark-link-fixture*, or it is not honoured.
    let t = tempfile::Builder::new()
        .prefix(FIXTURE_PREFIX)
        .tempdir()
        .unwrap();
    usb_tree(t.path(), "480", "Fixture stick");
    let fixture = t.path().join(USB_DISK);
    let dir = disk_dir();
    // 16 MiB read again and again through the page cache (--keep-cache):
    // far above the 53 MB/s a USB 2.0 link carries.
    let out = common::diskmark_with_hooks()
        .env(TEST_LINK, &fixture)
        .arg(dir.path())
        .args(["--size", "16M", "--measure", "0.3", "--warmup", "0"])
        .args(["--interval", "0", "--loops", "1", "--mode", "read"])
        .args(["--test", "SEQ1M Q1T1", "--engine", "psync"])
        .args(["--buffered", "--keep-cache", "--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    let v = json(&out.stdout);
    if v["target"]["device"].is_null() {
        eprintln!(
            "skipped: the scratch directory has no block device here, so no disk to give the fixture's link"
        );
        return;
    }
    assert_eq!(v["target"]["link"]["label"], "USB 2.0", "{}", v["target"]);
    assert_eq!(v["target"]["link"]["kind"], "usb");
    let test = &v["tests"][0];
    let mbps = test["result"]["read"]["mbps"].as_f64().unwrap();
    assert!(mbps > 53.3, "a page-cache read at {mbps} MB/s");
    let flags = test["flags"].as_array().expect("flags");
    let link = flags
        .iter()
        .find(|f| f["kind"] == "link")
        .expect("a link flag");
    assert_eq!(link["link"], "USB 2.0");
    assert_eq!(link["traffic"], "read");
    assert!((link["usable_mbps"].as_f64().unwrap() - 53.248).abs() < 1e-9);
    assert!((link["figure_mbps"].as_f64().unwrap() - mbps).abs() < 1e-6 * mbps);
    assert!(link.get("loop_index").is_none());
    let notes: Vec<&str> = (test["observations"].as_array().unwrap().iter())
        .filter_map(|n| n.as_str())
        .collect();
    // The cache flag has its structured form too, beside its note.
    if test["result"]["device"].is_null() {
        eprintln!("no device view here: the cache flag is not checked");
    } else {
        let cache = flags
            .iter()
            .find(|f| f["kind"] == "cache")
            .expect("a cache flag");
        assert_eq!(cache["traffic"], "read");
        assert!(cache["device_pct"].as_f64().unwrap() < 50.0, "{cache}");
        assert!(
            notes
                .iter()
                .any(|n| n.starts_with("SEQ1M Q1T1 read: the device delivered "))
        );
    }
    assert!(
        notes.contains(
            &"SEQ1M Q1T1 read: faster than this drive's USB 2.0 link (at most 53 MB/s): the figure is a cache's, not the drive's"
        ),
        "{notes:?}"
    );
    // The text report's Target line names the link after the model.
    let text = common::diskmark_with_hooks()
        .env(TEST_LINK, &fixture)
        .arg(dir.path())
        .args(["--size", "16M", "--measure", "0.2", "--warmup", "0"])
        .args(["--interval", "0", "--loops", "1", "--mode", "read"])
        .args(["--test", "SEQ1M Q1T1", "--engine", "psync"])
        .args(["--buffered", "--keep-cache"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    let target = text.lines().find(|l| l.contains("Target:")).unwrap();
    assert!(target.ends_with(" · USB 2.0]"), "{target}");
    assert!(
        text.contains("faster than this drive's USB 2.0 link"),
        "{text}"
    );
}

#[test]
fn a_fixture_outside_the_temporary_directory_is_not_honoured() {
    // Named as a fixture, but outside the temporary directory: the build
    // directory, or /var/tmp when the checkout itself is under /tmp.
    let tmp = std::fs::canonicalize(std::env::temp_dir()).unwrap();
    let Some(base) = [
        env!("CARGO_TARGET_TMPDIR"),
        "/var/tmp",
        env!("CARGO_MANIFEST_DIR"),
    ]
    .into_iter()
    .filter_map(|b| std::fs::canonicalize(b).ok())
    .find(|b| !b.starts_with(&tmp)) else {
        eprintln!(
            "skipped: the build directory, /var/tmp and the checkout are all under {}",
            tmp.display()
        );
        return;
    };
    let t = tempfile::Builder::new()
        .prefix(FIXTURE_PREFIX)
        .tempdir_in(base)
        .unwrap();
    usb_tree(t.path(), "480", "Fixture stick");
    let fixture = t.path().join(USB_DISK);
    let dir = disk_dir();
    let out = common::diskmark_with_hooks()
        .env(TEST_LINK, &fixture)
        .arg(dir.path())
        .args(["--size", "16M", "--measure", "0.2", "--warmup", "0"])
        .args(["--interval", "0", "--loops", "1", "--mode", "read"])
        .args(["--test", "SEQ1M Q1T1", "--engine", "psync"])
        .args(["--buffered", "--keep-cache", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v = json(&out.stdout);
    assert!(v["target"].get("link").is_none(), "{}", v["target"]);
    assert!(
        v["tests"][0]["flags"]
            .as_array()
            .is_none_or(|f| f.iter().all(|f| f["kind"] != "link"))
    );
}

#[test]
fn a_multipath_nvme_namespace_has_its_one_controllers_link() {
    let t = tempfile::tempdir().unwrap();
    let r = t.path();
    let subsys = "devices/virtual/nvme-subsystem/nvme-subsys0";
    let ns = format!("{subsys}/nvme0n1");
    let pci = |n: u32| format!("devices/pci0000:00/0000:00:0{n}.0/0000:0{n}:00.0");
    let mut files = vec![(format!("{ns}/queue/rotational"), "0\n".to_string())];
    for n in [1, 2] {
        files.push((
            format!("{}/current_link_speed", pci(n)),
            "16.0 GT/s PCIe\n".into(),
        ));
        files.push((format!("{}/current_link_width", pci(n)), "4\n".into()));
        files.push((
            format!("{}/nvme/nvme{n}/model", pci(n)),
            "Fixture NVMe\n".into(),
        ));
    }
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    tree(r, &files);
    link(r, subsys, &format!("{ns}/device"));
    for n in [1, 2] {
        link(r, &pci(n), &format!("{}/nvme/nvme{n}/device", pci(n)));
    }
    link(
        r,
        &format!("{}/nvme/nvme1", pci(1)),
        &format!("{subsys}/nvme1"),
    );
    let l = Link::find(&r.join(&ns)).expect("its one controller's link");
    assert_eq!(l.label, "PCIe 4.0 x4");
    // Two controllers: the paths may add up, so no link.
    link(
        r,
        &format!("{}/nvme/nvme2", pci(2)),
        &format!("{subsys}/nvme2"),
    );
    assert_eq!(Link::find(&r.join(&ns)), None);
}
