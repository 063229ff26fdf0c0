//! End to end, issue 19 item 5: the images people share. `--card` and
//! `--chart` as PNG are images of the size their SVG states, with text
//! and colours in them; the card's SVG parses and holds the JSON's
//! figures; hostile text is escaped; a card is never written to the device
//! or the target; an unknown extension, and a PNG without a font, are
//! refused in one sentence before the run.

use crate::common;
use common::{LoopFs, TINY, disk_dir, diskmark, leftovers, memory_dir, skip};
use std::path::Path;

/// Two tests, read and write, on the null engine: four cells in about a
/// second, whatever the disk.
const TESTS: [&str; 6] = [
    "--engine",
    "null",
    "--test",
    "SEQ1M Q8T1",
    "--test",
    "RND4K Q1T1",
];

/// Runs diskmark on `dir` with tiny settings, the two tests and `extra`;
/// asserts success and no test file left.
fn run(dir: &Path, extra: &[&std::ffi::OsStr]) -> std::process::Output {
    let out = diskmark()
        .arg(dir)
        .args(TINY)
        .args(TESTS)
        .arg("--quiet")
        .args(extra)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{extra:?}: {err}");
    assert_eq!(leftovers(dir), Vec::<String>::new());
    out
}

/// Whether a font is there for the PNG's text; else says why the PNG
/// tests skip.
fn have_font(what: &str) -> bool {
    let ok = diskmark::report::png::png(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>"#,
    )
    .is_ok();
    if !ok {
        skip(what, "no system font (install fonts-dejavu-core)");
    }
    ok
}

/// The width and height an SVG states.
fn svg_size(svg: &str) -> (u32, u32) {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let root = doc.root_element();
    let n = |a: &str| root.attribute(a).unwrap().parse::<f64>().unwrap() as u32;
    (n("width"), n("height"))
}

/// A PNG's size from its IHDR, and its pixels decoded.
struct Decoded {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

fn decode(bytes: &[u8]) -> Decoded {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    assert_eq!(&bytes[12..16], b"IHDR");
    let be = |r: std::ops::Range<usize>| u32::from_be_bytes(bytes[r].try_into().unwrap());
    let (width, height) = (be(16..20), be(20..24));
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (width, height));
    assert_eq!(info.color_type, png::ColorType::Rgba);
    Decoded {
        width,
        height,
        rgba: buf,
    }
}

/// Not blank: many colours (bars, antialiased text) and dark text pixels.
fn assert_not_blank(what: &str, d: &Decoded) {
    let px: Vec<&[u8]> = d.rgba.chunks(4).collect();
    let colours: std::collections::HashSet<&[u8]> = px.iter().copied().collect();
    let dark = px
        .iter()
        .filter(|p| p[3] == 255 && p[0] < 80 && p[1] < 80 && p[2] < 80)
        .count();
    assert!(colours.len() > 50, "{what}: {} colours only", colours.len());
    assert!(dark > 500, "{what}: {dark} dark (text) pixels only");
}

/// A psync run (tmpfs, so that its windows complete I/O on a busy
/// machine): its chart and its card say that SEQ1M Q8T1 ran as Q1T8, and
/// carry RND4K Q1T1, which ran as asked, by its name alone
/// (docs/report.md#charts, docs/report.md#the-card).
#[test]
fn a_psync_runs_images_name_the_qt_that_ran() {
    let dir = common::memory_dir();
    let out = tempfile::tempdir().unwrap();
    let (card, chart) = (out.path().join("c.svg"), out.path().join("h.svg"));
    let o = diskmark()
        .arg(dir.path())
        .args(TINY)
        .args(["--engine", "psync", "--mode", "read", "--quiet"])
        .args(["--test", "SEQ1M Q8T1", "--test", "RND4K Q1T1"])
        .args(["--card".as_ref(), card.as_os_str()])
        .args(["--chart".as_ref(), chart.as_os_str()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
    let card = std::fs::read_to_string(&card).unwrap();
    let chart = std::fs::read_to_string(&chart).unwrap();
    assert!(card.contains(">Q8T1 → ran Q1T8<"), "{card}");
    assert!(card.contains(">Q1T1<"), "{card}");
    assert!(chart.contains(">SEQ1M Q8T1 → ran Q1T8<"), "{chart}");
    assert!(chart.contains(">RND4K Q1T1<"), "{chart}");
}

#[test]
fn card_and_chart_as_svg_and_png() {
    // In memory: the card shows every figure, and a loaded disk may give
    // a 0.2 s window no I/O, so no figure (issue 27).
    let dir = memory_dir();
    let d = dir.path();
    let out = tempfile::tempdir().unwrap();
    let o = |n: &str| out.path().join(n);
    let hostile = "<b>&\"q\"'</b>";
    run(
        d,
        &[
            "--label".as_ref(),
            hostile.as_ref(),
            "-o".as_ref(),
            o("r1.json").as_os_str(),
            "--card".as_ref(),
            o("card.svg").as_os_str(),
            "--chart".as_ref(),
            o("chart.svg").as_os_str(),
        ],
    );
    let card = std::fs::read_to_string(o("card.svg")).unwrap();
    let chart = std::fs::read_to_string(o("chart.svg")).unwrap();
    // usvg (what the PNG is rendered with) reads both.
    let opts = resvg::usvg::Options::default();
    resvg::usvg::Tree::from_str(&card, &opts).unwrap();
    resvg::usvg::Tree::from_str(&chart, &opts).unwrap();
    // Every figure of the JSON is on the card, as the card prints it.
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(o("r1.json")).unwrap()).unwrap();
    let tests = json["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 4);
    for t in tests {
        let mbps = t["result"]["total"]["mbps"].as_f64().unwrap();
        assert!(
            card.contains(&format!(">{mbps:.2}<")),
            "{mbps:.2} not on the card"
        );
    }
    for needle in [
        "SEQ1M",
        "Q8T1",
        "RND4K",
        "Read [MB/s]",
        "Write [MB/s]",
        "null",
    ] {
        assert!(card.contains(needle), "{needle} not on the card");
    }
    // The label, hostile, is escaped in both.
    for svg in [&card, &chart] {
        assert!(
            svg.contains("&lt;b&gt;&amp;&quot;q&quot;'&lt;/b&gt;"),
            "{svg}"
        );
        assert!(!svg.contains("<b>"));
    }
    // The chart says its scale and its settings.
    for needle in [
        ">100000<",
        ">1000<",
        "MB/s, log scale",
        "16 MiB",
        "O_DIRECT",
    ] {
        assert!(chart.contains(needle), "{needle} not in the chart");
    }
    assert!(chart.contains(" s</text>"), "the time axes have no ticks");
    if !have_font("card and chart as PNG") {
        return;
    }
    run(
        d,
        &[
            "--format".as_ref(),
            "json".as_ref(),
            "-o".as_ref(),
            o("r2.json").as_os_str(),
            "--card".as_ref(),
            o("card.png").as_os_str(),
            "--chart".as_ref(),
            o("chart.PNG").as_os_str(),
        ],
    );
    for (png, svg) in [("card.png", &card), ("chart.PNG", &chart)] {
        let decoded = decode(&std::fs::read(o(png)).unwrap());
        assert_eq!((decoded.width, decoded.height), svg_size(svg), "{png}");
        assert_not_blank(png, &decoded);
    }
    assert_eq!(svg_size(&card).0, 760);
    assert_eq!(svg_size(&chart).0, 900);
    // compare's chart too.
    let a = diskmark()
        .args([
            "compare".as_ref(),
            o("r1.json").as_os_str(),
            o("r2.json").as_os_str(),
        ])
        .args(["--chart".as_ref(), o("cmp.png").as_os_str()])
        .output()
        .unwrap();
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let decoded = decode(&std::fs::read(o("cmp.png")).unwrap());
    assert_eq!(decoded.width, 900);
    assert_not_blank("cmp.png", &decoded);
}

/// Runs `args` and asserts a refusal: exit 2, one `error:` sentence with
/// `needle`, nothing on stdout, no test file.
fn refused(dir: &Path, extra: &[&std::ffi::OsStr], needle: &str) {
    let out = diskmark()
        .arg(dir)
        .args(TINY)
        .args(TESTS)
        .args(extra)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{extra:?}: {err}");
    let lines: Vec<&str> = err.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(lines.len(), 1, "{extra:?}: {err}");
    assert!(lines[0].starts_with("error: "), "{err}");
    assert!(
        lines[0].contains(needle),
        "{extra:?}: want {needle:?} in {err}"
    );
    assert!(out.stdout.is_empty());
    assert_eq!(leftovers(dir), Vec::<String>::new());
}

#[test]
fn bad_names_are_refused_before_the_run() {
    let dir = disk_dir();
    let d = dir.path();
    let out = tempfile::tempdir().unwrap();
    let jpg = out.path().join("card.jpg");
    refused(d, &["--card".as_ref(), jpg.as_os_str()], "--card: ");
    refused(
        d,
        &["--card".as_ref(), jpg.as_os_str()],
        "does not end in .svg or .png",
    );
    refused(
        d,
        &["--chart".as_ref(), out.path().join("c.gif").as_os_str()],
        "--chart: ",
    );
    assert!(!jpg.exists());
    // The target itself, under an image's name.
    let link = out.path().join("target.png");
    std::os::unix::fs::symlink(d, &link).unwrap();
    refused(
        d,
        &["--card".as_ref(), link.as_os_str()],
        "is the target under test",
    );
    // A test file's name.
    let test_file = d.join(".diskmark-1-0badf00d.tmp");
    refused(
        d,
        &["--card".as_ref(), test_file.as_os_str()],
        "name of a diskmark test file",
    );
    // The card and the chart in one file.
    let same = out.path().join("same.svg");
    refused(
        d,
        &[
            "--card".as_ref(),
            same.as_os_str(),
            "--chart".as_ref(),
            same.as_os_str(),
        ],
        "are the same file",
    );
}

#[test]
fn a_png_without_a_font_is_refused_with_the_fix() {
    let dir = disk_dir();
    let out = tempfile::tempdir().unwrap();
    let empty = out.path().join("no-fonts");
    std::fs::create_dir(&empty).unwrap();
    let conf = out.path().join("fonts.conf");
    std::fs::write(
        &conf,
        format!(
            "<?xml version=\"1.0\"?>\n<fontconfig><dir>{}</dir></fontconfig>\n",
            empty.display()
        ),
    )
    .unwrap();
    let card = out.path().join("card.png");
    let o = diskmark()
        .env("FONTCONFIG_FILE", &conf)
        .arg(dir.path())
        .args(TINY)
        .args(TESTS)
        .args(["--card".as_ref(), card.as_os_str()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: --card: no font was found") && err.contains("fonts-dejavu-core"),
        "{err}"
    );
    assert!(!card.exists());
    // The SVG needs no font.
    let svg = out.path().join("card.svg");
    let o = diskmark()
        .env("FONTCONFIG_FILE", &conf)
        .arg(dir.path())
        .args(TINY)
        .args(TESTS)
        .args(["--quiet".as_ref(), "--card".as_ref(), svg.as_os_str()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
}

#[test]
fn a_card_never_goes_to_the_device_under_test() {
    let lf = match LoopFs::bare(32, b"diskmark card test ") {
        Ok(l) => l,
        Err(why) => return skip("a card to the device under test", &why),
    };
    let dev = Path::new(&lf.device);
    let before = std::fs::read(dev).unwrap();
    let names = tempfile::tempdir().unwrap();
    let link = names.path().join("card.png");
    std::os::unix::fs::symlink(dev, &link).unwrap();
    for card in [link.as_os_str(), dev.as_os_str()] {
        refused(
            dev,
            &["--mode".as_ref(), "read".as_ref(), "--card".as_ref(), card],
            "is the target under test",
        );
    }
    assert!(std::fs::read(dev).unwrap() == before, "the device changed");
}
