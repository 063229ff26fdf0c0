//! Results people keep and compare: several -o in their formats, compare
//! with deltas and refusals, the history database, SVG charts.

use crate::common;
use common::{TINY, disk_dir, diskmark, json, skip};
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/compare")
        .join(name)
}

#[test]
fn several_outputs_each_in_its_format() {
    let dir = disk_dir();
    let out_dir = tempfile::tempdir().unwrap();
    let o = |n: &str| out_dir.path().join(n);
    let out = diskmark()
        .arg(dir.path())
        .args(TINY)
        .args(["--profile", "demo", "-o"])
        .arg(o("r.json"))
        .arg("-o")
        .arg(o("r.csv"))
        .arg("-o")
        .arg(o("r.md"))
        .arg("-o")
        .arg(o("r.txt"))
        .assert()
        .success()
        .get_output()
        .clone();
    assert!(out.stdout.is_empty());
    let v = json(&std::fs::read(o("r.json")).unwrap());
    // Throughput over time: samples in every loop.
    let samples = v["tests"][0]["loops"][0]["samples"].as_array().unwrap();
    assert!(!samples.is_empty() && samples[0]["mbps"].as_f64().unwrap() > 0.0);
    let csv = std::fs::read_to_string(o("r.csv")).unwrap();
    let mut r = csv::Reader::from_reader(csv.as_bytes());
    assert_eq!(
        r.headers().unwrap().iter().collect::<Vec<_>>(),
        diskmark::report::tables::csv::COLUMNS
    );
    assert_eq!(r.records().count(), 2);
    assert!(
        std::fs::read_to_string(o("r.md"))
            .unwrap()
            .contains("| SEQ1M Q8T1 | read |")
    );
    assert!(
        std::fs::read_to_string(o("r.txt"))
            .unwrap()
            .contains("[Read]")
    );
}

#[test]
fn compare_gives_deltas_and_refuses_what_is_not_a_result() {
    let out = diskmark()
        .arg("compare")
        .arg(fixture("before.json"))
        .arg(fixture("after.json"))
        .assert()
        .success()
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("SEQ1M Q8T1 read   3000.000  3300.000 (+10.0%)"),
        "{text}"
    );
    assert!(
        text.contains("RND4K Q1T1 read     80.000    60.000 (-25.0%)"),
        "{text}"
    );
    assert!(
        text.contains("SEQ1M Q8T1 write  2000.000  2000.000 (+0.0%)"),
        "{text}"
    );
    // A test the first run lacks: shown as missing, and listed under the
    // tables as not compared.
    assert!(
        text.contains("RND4K Q1T1 mix70   missing    50.000\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "  missing: [1] before.json has no RND4K Q1T1 mix70, which [2] after.json has\n"
        ),
        "{text}"
    );
    let out = diskmark()
        .args(["compare", "--format", "json"])
        .arg(fixture("before.json"))
        .arg(fixture("after.json"))
        .output()
        .unwrap();
    let v = json(&out.stdout);
    assert!((v["rows"][0]["mbps_change_pct"][1].as_f64().unwrap() - 10.0).abs() < 1e-9);
    let out = diskmark()
        .args(["compare", "--format", "markdown"])
        .arg(fixture("before.json"))
        .arg(fixture("after.json"))
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("| RND4K Q1T1 read | 80.000 | 60.000 (-25.0%) worse |")
    );
    for (file, needle) in [
        (
            "schema2.json",
            "has schema version 2; this diskmark reads version 1",
        ),
        ("not-diskmark.json", "is not a diskmark result"),
    ] {
        let out = diskmark()
            .arg("compare")
            .arg(fixture("before.json"))
            .arg(fixture(file))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.starts_with("error: ") && err.contains(needle), "{err}");
    }
}

#[test]
fn history_saves_lists_filters_shows_and_compares() {
    let dir = disk_dir();
    let db_dir = tempfile::tempdir().unwrap();
    let db = db_dir.path().join("h/history.db");
    // Reading a history that was never saved to says so and creates nothing.
    let listed = diskmark()
        .arg("history")
        .arg("--history")
        .arg(&db)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let listed = String::from_utf8_lossy(&listed);
    assert!(listed.contains("no runs saved yet"), "{listed}");
    let compared = diskmark()
        .args(["compare", "--last", "2", "--history"])
        .arg(&db)
        .assert()
        .code(1)
        .get_output()
        .stderr
        .clone();
    let compared = String::from_utf8_lossy(&compared);
    assert!(
        compared.starts_with("error: there is no history database at"),
        "{compared}"
    );
    assert!(
        !db.parent().unwrap().exists(),
        "reading created the database"
    );
    for _ in 0..3 {
        diskmark()
            .arg(dir.path())
            .args(TINY)
            .args([
                "--profile",
                "demo",
                "--mode",
                "read",
                "--quiet",
                "--save",
                "--history",
            ])
            .arg(&db)
            .assert()
            .success();
    }
    let list = |extra: &[&str]| {
        let out = diskmark()
            .arg("history")
            .arg("--history")
            .arg(&db)
            .args(extra)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let all = list(&[]);
    assert_eq!(all.lines().count(), 4, "{all}");
    assert!(
        all.lines().nth(1).unwrap().trim_start().starts_with("3 "),
        "{all}"
    );
    let target = std::fs::canonicalize(dir.path()).unwrap();
    assert_eq!(
        list(&["--target", target.to_str().unwrap()])
            .lines()
            .count(),
        4
    );
    let none = list(&["--target", "/nowhere"]);
    assert_eq!(none.lines().count(), 2, "{none}");
    assert!(
        none.contains("no saved run matches these filters"),
        "{none}"
    );
    let shown = list(&["show", "2"]);
    assert!(shown.contains("SEQ1M Q8T1 read"), "{shown}");
    let v = json(list(&["show", "2", "--format", "json"]).as_bytes());
    assert_eq!(v["schema_version"], 1);
    let out = diskmark()
        .args(["compare", "--last", "3", "--history"])
        .arg(&db)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("[1] #1") && text.contains("[3] #3"),
        "{text}"
    );
    let out = diskmark()
        .args(["compare", "1", "3", "--history"])
        .arg(&db)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("[2] #3"));
    let out = diskmark()
        .args(["history", "show", "9", "--history"])
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no run #9"));
}

#[test]
fn a_foreign_history_is_refused_before_the_run_and_left_as_it_is() {
    // Not a diskmark history: refused before anything is measured (exit 2),
    // its bytes unchanged, nothing written beside it. A history that fails
    // during the save keeps the result as JSON: tests/it/safety_outputs.rs.
    let dir = disk_dir();
    let db_dir = tempfile::tempdir().unwrap();
    let db = db_dir.path().join("history.db");
    std::fs::write(&db, vec![0x42u8; 8192]).unwrap();
    let out = diskmark()
        .arg(dir.path())
        .args(TINY)
        .args(["--profile", "demo", "--mode", "read", "--save", "--history"])
        .arg(&db)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("is not a diskmark history"), "{err}");
    assert_eq!(std::fs::read(&db).unwrap(), vec![0x42u8; 8192]);
    assert_eq!(std::fs::read_dir(db_dir.path()).unwrap().count(), 1);
    assert!(out.stdout.is_empty());
}

/// Parses the SVG as XML and renders it with rsvg-convert; returns how
/// many pixels have `color` (RGB).
fn render(svg: &Path, color: [u8; 3]) -> Option<usize> {
    let text = std::fs::read_to_string(svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("not XML: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    if std::process::Command::new("rsvg-convert")
        .arg("--version")
        .output()
        .is_err()
    {
        skip(
            "chart rendering",
            "rsvg-convert (librsvg2-bin) is not installed",
        );
        return None;
    }
    let png = svg.with_extension("png");
    let st = std::process::Command::new("rsvg-convert")
        .arg("-o")
        .arg(&png)
        .arg(svg)
        .status()
        .unwrap();
    assert!(st.success(), "rsvg-convert failed");
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let bpp = info.color_type.samples();
    Some(
        buf[..info.buffer_size()]
            .chunks(bpp)
            .filter(|p| {
                p[0].abs_diff(color[0]) < 8
                    && p[1].abs_diff(color[1]) < 8
                    && p[2].abs_diff(color[2]) < 8
            })
            .count(),
    )
}

#[test]
fn charts_are_svg_that_render() {
    let dir = disk_dir();
    let out_dir = tempfile::tempdir().unwrap();
    let svg = out_dir.path().join("run.svg");
    diskmark()
        .arg(dir.path())
        .args(TINY)
        .args(["--profile", "real", "--mix", "--quiet", "--chart"])
        .arg(&svg)
        .assert()
        .success();
    // The read bars' blue.
    if let Some(n) = render(&svg, [0x2a, 0x7f, 0xd4]) {
        assert!(n > 200, "{n} blue pixels");
    }
    let cmp = out_dir.path().join("cmp.svg");
    diskmark()
        .arg("compare")
        .arg(fixture("before.json"))
        .arg(fixture("after.json"))
        .arg("--chart")
        .arg(&cmp)
        .assert()
        .success();
    // Run 2's orange.
    if let Some(n) = render(&cmp, [0xe0, 0x66, 0x2b]) {
        assert!(n > 200, "{n} orange pixels");
    }
}
