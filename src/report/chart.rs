//! Charts as plain SVG (hand-written: a few rectangles, lines and texts):
//! CrystalDiskMark-style horizontal bars per test with values and
//! throughput over time per test; the primitives also draw `compare`'s
//! grouped bars.

use super::scale::throughput_bar;
use super::source::Report;
use crate::workload::Direction;
use std::fmt::Write;

/// Bar colours: read, write, mix.
pub const COLORS: [&str; 3] = ["#2a7fd4", "#e0662b", "#2aa84a"];

/// Width of every chart.
const WIDTH: f64 = 900.0;
/// Room left of the bars for their labels.
const LABEL_W: f64 = 150.0;
/// Height of one bar.
pub const BAR_H: f64 = 18.0;
/// Room right of the longest bar for its value text.
const VALUE_W: f64 = 260.0;

/// Escapes text for SVG.
pub fn esc(s: &str) -> String {
    // Control characters are not allowed in XML at all: shown escaped
    // (`\x1b`), as the text report shows them, then XML-escaped.
    super::escape::escape(s)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Opens an SVG document of `height` with a white background and `title`.
pub fn start(out: &mut String, height: f64, title: &str) {
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="10" y="22" font-size="15" font-weight="bold">{}</text>"#,
        esc(title)
    );
}

/// One horizontal bar with its value, on CrystalDiskMark's log scale.
pub fn bar(out: &mut String, y: f64, mbps: f64, text: &str, color: &str) {
    let w = (WIDTH - LABEL_W - VALUE_W) * throughput_bar(mbps) / 100.0;
    let _ = writeln!(
        out,
        r#"<rect x="{LABEL_W}" y="{y:.1}" width="{w:.1}" height="{BAR_H}" fill="{color}"/><text x="{:.1}" y="{:.1}">{}</text>"#,
        LABEL_W + w + 4.0,
        y + BAR_H - 5.0,
        esc(text)
    );
}

/// Height of one throughput-over-time plot.
const LINE_H: f64 = 120.0;

/// The chart of one run: bars per test (read, write, mix) and, per test,
/// throughput over time across its loops.
pub fn run_chart(r: &Report<'_>) -> String {
    if let Some(fill) = &r.output.sustained {
        return super::sustained::chart(fill);
    }
    if let Some(span) = &r.output.span {
        return super::span_chart::chart(span);
    }
    let s = r.settings;
    let sections = r.sections();
    let tests = &s.tests;
    let group_h = sections.len() as f64 * (BAR_H + 4.0) + 16.0;
    let height =
        60.0 + tests.len() as f64 * group_h + 40.0 + tests.len() as f64 * (LINE_H + 30.0) + 20.0;
    let mut out = String::new();
    let title = format!(
        "diskmark — {} · {} · {}{} · {}",
        s.profile.display_name(),
        s.engine.label(),
        r.target.path.display(),
        r.target
            .model()
            .map(|m| format!(" [{m}]"))
            .unwrap_or_default(),
        r.output.started.format("%Y-%m-%d %H:%M")
    );
    start(&mut out, height, &title);
    // Legend.
    for (i, d) in sections.iter().enumerate() {
        let x = 10.0 + i as f64 * 110.0;
        let col = COLORS[dir_index(*d)];
        let _ = writeln!(
            out,
            r#"<rect x="{x}" y="34" width="12" height="12" fill="{col}"/><text x="{}" y="45">{}</text>"#,
            x + 16.0,
            d.name()
        );
    }
    let mut y = 60.0;
    for t in tests {
        y = test_bars(&mut out, r, &sections, t, y);
    }
    // Throughput over time.
    y += 20.0;
    let _ = writeln!(
        out,
        r#"<text x="10" y="{y:.1}" font-weight="bold">Throughput over time (MB/s, every loop's window one after the other)</text>"#
    );
    y += 10.0;
    for t in tests {
        over_time(&mut out, r, &sections, t, y);
        y += LINE_H + 30.0;
    }
    out.push_str("</svg>\n");
    out
}

/// One test's bars, a direction each, from `y`; returns where the next
/// test's start.
fn test_bars(
    out: &mut String,
    r: &Report<'_>,
    sections: &[Direction],
    t: &crate::workload::TestSpec,
    mut y: f64,
) -> f64 {
    let _ = writeln!(
        out,
        r#"<text x="10" y="{:.1}" font-weight="bold">{}</text>"#,
        y + 14.0,
        esc(&t.to_string())
    );
    for d in sections {
        if let Some(test) = r.tests_of(*d).find(|x| x.plan.requested == *t)
            && let Some(sel) = test.selected(r.settings.loop_stat)
        {
            let sum =
                crate::stats::headline::headline(*d, &sel.result).summary(sel.result.window_ns);
            let text = if sum.completed() {
                format!(
                    "{:.2} MB/s · {:.0} IOPS · {:.1} µs",
                    sum.mbps,
                    sum.iops,
                    sum.lat.map_or(0.0, |l| l.mean_us)
                )
            } else {
                crate::stats::NO_IO.to_string()
            };
            bar(out, y, sum.mbps, &text, COLORS[dir_index(*d)]);
        }
        y += BAR_H + 4.0;
    }
    y + 16.0
}

/// One direction's throughput samples over all loops of a test, the loops'
/// windows one after the other: (seconds, MB/s).
struct Series {
    direction: Direction,
    points: Vec<Point>,
}

/// One sample: seconds from the first window's start, MB/s.
struct Point {
    t_s: f64,
    mbps: f64,
}

/// One test's throughput over time, a line per direction, at `y`.
fn over_time(
    out: &mut String,
    r: &Report<'_>,
    sections: &[Direction],
    t: &crate::workload::TestSpec,
    y: f64,
) {
    let series: Vec<Series> = sections
        .iter()
        .filter_map(|d| {
            let test = r.tests_of(*d).find(|x| x.plan.requested == *t)?;
            let mut points = Vec::new();
            let mut offset = 0.0;
            for l in &test.loops {
                points.extend(l.samples.iter().map(|p| Point {
                    t_s: offset + p.t_s,
                    mbps: p.mbps,
                }));
                offset += l.window_ns as f64 / 1e9;
            }
            Some(Series {
                direction: *d,
                points,
            })
        })
        .collect();
    let all = || series.iter().flat_map(|s| s.points.iter());
    let tmax = all().map(|p| p.t_s).fold(0.0, f64::max);
    let vmax = all().map(|p| p.mbps).fold(0.0, f64::max);
    let (x0, w) = (LABEL_W, WIDTH - LABEL_W - 20.0);
    let _ = writeln!(
        out,
        r#"<text x="10" y="{:.1}">{}</text>"#,
        y + 14.0,
        esc(&t.to_string())
    );
    let _ = writeln!(
        out,
        r##"<rect x="{x0}" y="{y:.1}" width="{w}" height="{LINE_H}" fill="none" stroke="#cccccc"/><text x="{}" y="{:.1}" font-size="10" text-anchor="end">{vmax:.0}</text><text x="{}" y="{:.1}" font-size="10" text-anchor="end">0</text><text x="{x0}" y="{:.1}" font-size="10">0 s</text><text x="{}" y="{:.1}" font-size="10" text-anchor="end">{tmax:.1} s</text>"##,
        x0 - 4.0,
        y + 10.0,
        x0 - 4.0,
        y + LINE_H,
        y + LINE_H + 12.0,
        x0 + w,
        y + LINE_H + 12.0
    );
    for s in &series {
        if s.points.is_empty() || tmax <= 0.0 || vmax <= 0.0 {
            continue;
        }
        let poly: Vec<String> = s
            .points
            .iter()
            .map(|p| {
                format!(
                    "{:.1},{:.1}",
                    x0 + p.t_s / tmax * w,
                    y + LINE_H - p.mbps / vmax * (LINE_H - 4.0)
                )
            })
            .collect();
        let _ = writeln!(
            out,
            r#"<polyline fill="none" stroke="{}" stroke-width="1.5" points="{}"/>"#,
            COLORS[dir_index(s.direction)],
            poly.join(" ")
        );
    }
    let frame = super::thermal::Frame {
        x0,
        y,
        w,
        h: LINE_H,
        tmax,
    };
    super::thermal::overlay(out, r, sections, t, &frame, &COLORS);
}

fn dir_index(d: Direction) -> usize {
    match d {
        Direction::Read => 0,
        Direction::Write => 1,
        Direction::Mix { .. } => 2,
    }
}
