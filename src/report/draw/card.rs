//! `--card`: a CrystalDiskMark-style result card (docs/report.md#the-card),
//! the grid of big MB/s figures with the drive, its filesystem and link,
//! the profile, the engine and the date, as SVG. It is drawn from the typed
//! result, so a run just measured and a result read back give one card.

use super::axis::throughput_bar;
use super::{COLORS, esc};
use crate::report::model::{self, Direction, Run};
use crate::report::tables::rows::Row;
use crate::workload::ran_label;
use std::fmt::Write;

/// Width of the card; its height follows from its rows.
pub const WIDTH: f64 = 760.0;
/// Margin around the grid.
const PAD: f64 = 16.0;
/// Width of the tests' labels.
const LABEL_W: f64 = 150.0;
/// Where the grid's first row starts.
const GRID_TOP: f64 = 78.0;
/// Height of a row, and the gap between cells.
const ROW_H: f64 = 58.0;
const GAP: f64 = 6.0;
/// Room under the grid for the run's description.
const FOOTER_H: f64 = 92.0;
/// A cell of a test that did not run.
pub const UNTESTED: &str = "—";

/// One column of the grid.
struct Column {
    direction: Direction,
    title: String,
    color: &'static str,
}

/// The columns a run has: Read and Write always, Mix when it ran Mix.
fn columns(run: &Run) -> Vec<Column> {
    let mut cols = vec![
        Column {
            direction: Direction::Read,
            title: "Read [MB/s]".into(),
            color: COLORS[0],
        },
        Column {
            direction: Direction::Write,
            title: "Write [MB/s]".into(),
            color: COLORS[1],
        },
    ];
    let mix = run
        .tests
        .iter()
        .any(|t| t.direction == Some(Direction::Mix));
    if mix || run.settings.mix {
        let p = run.settings.mix_read_pct;
        cols.push(Column {
            direction: Direction::Mix,
            title: format!("Mix {p}/{} [MB/s]", 100u8.saturating_sub(p)),
            color: COLORS[2],
        });
    }
    cols
}

/// The grid's rows: the tests as the run asked for them, else (a file that
/// does not list them) as they ran.
fn test_names(run: &Run) -> Vec<String> {
    if !run.settings.tests.is_empty() {
        return run.settings.tests.clone();
    }
    let mut names: Vec<String> = Vec::new();
    for t in &run.tests {
        if !names.contains(&t.name) {
            names.push(t.name.clone());
        }
    }
    names
}

/// The card of `run`, as SVG.
pub fn render(run: &Run) -> String {
    let cols = columns(run);
    let names = test_names(run);
    let height = GRID_TOP + names.len() as f64 * ROW_H + FOOTER_H;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        out,
        r##"<rect width="100%" height="100%" fill="#ffffff"/><text x="{PAD}" y="34" font-size="24" font-weight="bold" fill="#1b5e20">diskmark</text><text x="{}" y="32" font-size="13" text-anchor="end">{}</text>"##,
        WIDTH - PAD,
        esc(&super::chart::settings_title(run))
    );
    let cell_w = (WIDTH - 2.0 * PAD - LABEL_W) / cols.len() as f64 - GAP;
    for (i, c) in cols.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" font-size="14" font-weight="bold" text-anchor="middle">{}</text>"#,
            PAD + LABEL_W + GAP + i as f64 * (cell_w + GAP) + cell_w / 2.0,
            GRID_TOP - 10.0,
            esc(&c.title)
        );
    }
    let mut flagged = false;
    for (r, name) in names.iter().enumerate() {
        let y = GRID_TOP + r as f64 * ROW_H;
        let ran = (run.tests.iter())
            .find(|t| &t.name == name)
            .map_or(name.clone(), |t| ran_label(name, &t.applied_name));
        label_cell(&mut out, &ran, y);
        for (i, c) in cols.iter().enumerate() {
            let x = PAD + LABEL_W + GAP + i as f64 * (cell_w + GAP);
            let test = run
                .tests
                .iter()
                .find(|t| &t.name == name && t.direction == Some(c.direction));
            flagged |= test.is_some_and(|t| !t.flags.is_empty());
            value_cell(&mut out, test, c, x, y, cell_w);
        }
    }
    footer(
        &mut out,
        run,
        GRID_TOP + names.len() as f64 * ROW_H,
        flagged,
    );
    out.push_str("</svg>\n");
    out
}

/// The test's label in its green box, `SEQ1M` over `Q8T1` (or over
/// `Q8T1 → ran Q1T8`).
fn label_cell(out: &mut String, name: &str, y: f64) {
    let (kind, qt) = name.split_once(' ').unwrap_or((name, ""));
    let _ = writeln!(
        out,
        r##"<rect x="{PAD}" y="{y:.1}" width="{LABEL_W}" height="{:.1}" rx="4" fill="#2e7d32"/><text x="{:.1}" y="{:.1}" font-size="18" font-weight="bold" fill="#ffffff" text-anchor="middle">{}</text><text x="{:.1}" y="{:.1}" font-size="13" fill="#ffffff" text-anchor="middle">{}</text>"##,
        ROW_H - GAP,
        PAD + LABEL_W / 2.0,
        y + 23.0,
        esc(kind),
        PAD + LABEL_W / 2.0,
        y + 41.0,
        esc(qt)
    );
}

/// One figure: the MB/s large, the meter behind it, IOPS and mean latency
/// under it; `—` for a test that did not run, "no I/O" for one that
/// completed none.
fn value_cell(out: &mut String, test: Option<&model::Test>, c: &Column, x: f64, y: f64, w: f64) {
    let h = ROW_H - GAP;
    let row = test.map(Row::of);
    let fill = row
        .as_ref()
        .and_then(|r| r.mbps)
        .map_or(0.0, |m| w * throughput_bar(m) / 100.0);
    let _ = writeln!(
        out,
        r##"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" rx="4" fill="#f4f7fb" stroke="#c8d2de"/><rect x="{x:.1}" y="{y:.1}" width="{fill:.1}" height="{h:.1}" rx="4" fill="{}" fill-opacity="0.22"/>"##,
        c.color
    );
    let right = x + w - 10.0;
    match row.as_ref().and_then(Row::figures) {
        Some(f) => {
            let mark = if test.is_some_and(|t| !t.flags.is_empty()) {
                " *"
            } else {
                ""
            };
            let lat = row
                .as_ref()
                .and_then(|r| r.mean_us)
                .map(|us| format!(" · {us:.1} µs"))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                r##"<text x="{right:.1}" y="{:.1}" font-size="28" font-weight="bold" text-anchor="end">{:.2}</text><text x="{right:.1}" y="{:.1}" font-size="11" fill="#444444" text-anchor="end">{:.0} IOPS{}{mark}</text>"##,
                y + 31.0,
                f.mbps,
                y + 46.0,
                f.iops,
                esc(&lat)
            );
        }
        None => {
            let text = if test.is_some() {
                crate::stats::NO_IO
            } else {
                UNTESTED
            };
            let _ = writeln!(
                out,
                r##"<text x="{:.1}" y="{:.1}" font-size="22" fill="#888888" text-anchor="middle">{}</text>"##,
                x + w / 2.0,
                y + 34.0,
                esc(text)
            );
        }
    }
}

/// The drive, its filesystem and link; where and when; the tool.
fn footer(out: &mut String, run: &Run, top: f64, flagged: bool) {
    let t = &run.target;
    let model = (t.device.as_ref())
        .and_then(|d| d.model.clone())
        .unwrap_or_else(|| "unknown drive".into());
    let mut drive = model;
    if !t.fs_type.is_empty() {
        let _ = write!(drive, " · {}", t.fs_type);
    }
    if let Some(link) = &t.link {
        let _ = write!(drive, " · {}", link.label);
    }
    let mut when = format!(
        "{} · {}",
        t.path.display(),
        run.date
            .chars()
            .take(16)
            .collect::<String>()
            .replace('T', " ")
    );
    if let Some(label) = &run.label {
        let _ = write!(when, " · {label}");
    }
    let mut tool = format!(
        "{} {} · {} loop{}, {} · latency {}",
        run.tool.name,
        run.tool.version,
        run.settings.loops,
        if run.settings.loops == 1 { "" } else { "s" },
        loop_stat(run),
        run.latency
    );
    if run.interrupted {
        tool.push_str(" · interrupted: only the finished tests");
    }
    let lines = [
        (drive.as_str(), 15, "bold"),
        (when.as_str(), 12, "normal"),
        (tool.as_str(), 10, "normal"),
    ];
    for (i, (text, size, weight)) in lines.iter().enumerate() {
        let _ = writeln!(
            out,
            r##"<text x="{PAD}" y="{:.1}" font-size="{size}" font-weight="{weight}" fill="#222222">{}</text>"##,
            top + 20.0 + i as f64 * 19.0,
            esc(text)
        );
    }
    if flagged {
        let _ = writeln!(
            out,
            r##"<text x="{PAD}" y="{:.1}" font-size="10" fill="#c0392b">* not the drive's figure (a cache's, or above its link): see the report's notes</text>"##,
            top + 79.0
        );
    }
}

/// The loop statistic's name as the JSON gives it.
fn loop_stat(run: &Run) -> String {
    serde_json::to_value(run.settings.loop_stat)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{Report, fixtures};

    fn run() -> Run {
        let settings = fixtures::settings();
        let output = fixtures::output(&settings);
        let (target, host) = (fixtures::target(), fixtures::host());
        crate::report::model::Run::build(&Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        })
    }

    #[test]
    fn the_card_holds_every_figure_and_dashes_for_what_did_not_run() {
        let mut run = run();
        let svg = render(&run);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        roxmltree::Document::parse(&svg).unwrap();
        for t in &run.tests {
            let row = Row::of(t);
            if let Some(m) = row.mbps {
                assert!(svg.contains(&format!(">{m:.2}<")), "{} {m}", t.name);
            }
        }
        assert!(svg.contains(">Read [MB/s]<") && svg.contains(">Write [MB/s]<"));
        // psync ran SEQ1M Q8T1 as Q1T8, and the card says so; a test
        // that ran as asked carries its name alone.
        assert!(svg.contains(">Q8T1 → ran Q1T8<"), "{svg}");
        assert!(svg.contains(">Q1T1<"), "{svg}");
        assert!(!svg.contains(UNTESTED), "every cell ran");
        // A test that did not run is a dash, never 0.
        let first = run.tests[0].name.clone();
        run.tests
            .retain(|t| !(t.name == first && t.direction == Some(Direction::Write)));
        let svg = render(&run);
        assert_eq!(svg.matches(UNTESTED).count(), 1, "{svg}");
    }

    #[test]
    fn snapshot_of_a_fixed_run() {
        let svg = render(&run()).replace(env!("CARGO_PKG_VERSION"), "VERSION");
        insta::assert_snapshot!("default_mix_card_svg", svg);
    }

    #[test]
    fn hostile_text_is_escaped() {
        let mut run = run();
        run.label = Some("<b>&\"x\"</b>".into());
        if let Some(d) = run.target.device.as_mut() {
            d.model = Some("Evil <svg onload=\"x\"> & co".into());
        }
        let svg = render(&run);
        roxmltree::Document::parse(&svg).unwrap();
        assert!(
            svg.contains("&lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt;"),
            "{svg}"
        );
        assert!(!svg.contains("<b>") && !svg.contains("onload=\"x\""));
    }
}
