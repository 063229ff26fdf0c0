//! The chart of one run (docs/report.md#images), from the typed model:
//! CrystalDiskMark-style horizontal bars per test with values, and
//! throughput over time per test; a span map's or a sustained write's own
//! chart under the line that says where and how it ran.

use super::axis::{linear_to_round, linear_within, meter};
use super::{BAR_H, COLORS, bar, color_index, esc, scale, start, subtitle};
use crate::report::model::{Direction, Run, Span, Sustained};
use crate::workload::ran_label;
use std::fmt::Write;

/// Width of the chart and room left of the plots (as the bars').
const WIDTH: f64 = 900.0;
const LABEL_W: f64 = super::BARS_X;

/// A run's settings as the chart's title gives them: profile, size,
/// engine, O_DIRECT or buffered.
pub fn settings_title(run: &Run) -> String {
    let s = &run.settings;
    format!(
        "{} · {} · {} · {}",
        s.profile_name(),
        crate::units::file_size_label(s.size_bytes),
        run.engine.label,
        if s.direct { "O_DIRECT" } else { "buffered" }
    )
}

/// What was tested and when, for the line under a chart's title.
fn tested_line(run: &Run) -> String {
    let t = &run.target;
    format!(
        "{}{} · {}{}",
        t.path.display(),
        t.model().map(|m| format!(" [{m}]")).unwrap_or_default(),
        run.started_at().chars().take(16).collect::<String>(),
        run.label
            .as_deref()
            .map(|l| format!(" · {l}"))
            .unwrap_or_default()
    )
}

/// The line under a mode's chart: where it ran (the device or directory,
/// its model, when), the mode's own settings and the engine; never the
/// grid's profile or `--size`, which the mode does not use.
fn mode_line(run: &Run, settings: &str) -> String {
    format!("{} · {settings} · {}", tested_line(run), run.engine.label)
}

/// A sustained write's own settings: `80.00 GB planned, 80.00 GB written ·
/// a sample every 0.5 s`.
fn fill_settings(s: &Sustained) -> String {
    format!(
        "{:.2} GB planned, {:.2} GB written · a sample every {} s",
        s.planned_bytes as f64 / 1e9,
        s.bytes_written as f64 / 1e9,
        s.sample_interval_s
    )
}

/// A span map's own settings: `200 samples of 1 GiB · 1000 random reads of
/// 4 KiB`.
fn span_settings(s: &Span) -> String {
    let (n, unit) = crate::units::block_report_parts(s.access_block);
    format!(
        "{} samples of {} · {} random reads of {n} {unit}",
        s.samples_planned,
        crate::units::file_size_label(s.sample_size),
        s.access_planned,
    )
}

/// Puts `title` under the first line of a chart drawn without the run's
/// settings (span's, sustained's), where their plots leave room for it.
fn with_subtitle(svg: String, title: &str) -> String {
    let mut line = String::new();
    subtitle(&mut line, title);
    match svg.find("</text>\n") {
        Some(i) => {
            let at = i + "</text>\n".len();
            format!("{}{line}{}", &svg[..at], &svg[at..])
        }
        None => svg,
    }
}

/// Height of one throughput-over-time plot.
const LINE_H: f64 = 120.0;

/// The chart of one run: bars per test (read, write, mix) on the meter's
/// labelled log scale and, per test, throughput over time across its
/// loops on labelled linear axes.
pub fn run_chart(run: &Run) -> String {
    if let Some(fill) = &run.sustained {
        let line = mode_line(run, &fill_settings(fill));
        return with_subtitle(super::sustained::chart(fill), &line);
    }
    if let Some(span) = &run.span {
        let line = mode_line(run, &span_settings(span));
        return with_subtitle(super::span::chart(span), &line);
    }
    let settings = settings_title(run);
    let sections = run.sections();
    let tests = &run.settings.tests;
    let group_h = sections.len() as f64 * (BAR_H + 4.0) + 16.0;
    let height = BARS_TOP
        + tests.len() as f64 * group_h
        + SCALE_H
        + 40.0
        + tests.len() as f64 * (LINE_H + 30.0)
        + 20.0;
    let mut out = String::new();
    start(&mut out, height, &format!("diskmark — {settings}"));
    subtitle(&mut out, &tested_line(run));
    // Legend.
    for (i, d) in sections.iter().enumerate() {
        let x = 10.0 + i as f64 * 110.0;
        let col = COLORS[color_index(*d)];
        let _ = writeln!(
            out,
            r#"<rect x="{x}" y="50" width="12" height="12" fill="{col}"/><text x="{}" y="61">{}</text>"#,
            x + 16.0,
            d.name()
        );
    }
    let bottom = BARS_TOP + tests.len() as f64 * group_h - 10.0;
    scale(
        &mut out,
        &meter(),
        BARS_TOP - 6.0,
        bottom,
        "MB/s, log scale",
    );
    let mut y = BARS_TOP;
    for t in tests {
        y = test_bars(&mut out, run, &sections, t, y);
    }
    // Throughput over time.
    y += SCALE_H + 20.0;
    let _ = writeln!(
        out,
        r#"<text x="10" y="{y:.1}" font-weight="bold">Throughput over time (MB/s, every loop's window one after the other)</text>"#
    );
    y += 10.0;
    for t in tests {
        over_time(&mut out, run, &sections, t, y);
        y += LINE_H + 30.0;
    }
    out.push_str("</svg>\n");
    out
}

/// Where the first test's bars start.
const BARS_TOP: f64 = 76.0;
/// Room under the bars for their scale's labels.
const SCALE_H: f64 = 16.0;

/// One test's bars, a direction each, from `y`; returns where the next
/// test's start. The test is labelled with the Q/T that ran when it
/// differs from the one asked.
fn test_bars(out: &mut String, run: &Run, sections: &[Direction], name: &str, mut y: f64) -> f64 {
    let label = (run.tests.iter())
        .find(|x| x.name == name)
        .map_or(name.to_string(), |x| ran_label(name, &x.applied_name));
    let _ = writeln!(
        out,
        r#"<text x="10" y="{:.1}" font-weight="bold">{}</text>"#,
        y + 14.0,
        esc(&label)
    );
    for d in sections {
        if let Some(test) = run.tests_of(*d).find(|x| x.name == name) {
            let total = &test.result.total;
            let text = match (total.mbps, total.iops) {
                (Some(mbps), Some(iops)) => format!(
                    "{mbps:.2} MB/s · {iops:.0} IOPS · {:.1} µs",
                    total.lat_us.as_ref().and_then(|l| l.mean).unwrap_or(0.0)
                ),
                _ => crate::stats::NO_IO.to_string(),
            };
            bar(
                out,
                y,
                total.mbps.unwrap_or(0.0),
                &text,
                COLORS[color_index(*d)],
            );
        }
        y += BAR_H + 4.0;
    }
    y + 16.0
}

/// One direction's throughput samples over all loops of a test, the loops'
/// windows one after the other.
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
fn over_time(out: &mut String, run: &Run, sections: &[Direction], name: &str, y: f64) {
    let series: Vec<Series> = sections
        .iter()
        .filter_map(|d| {
            let test = run.tests_of(*d).find(|x| x.name == name)?;
            let mut points = Vec::new();
            let mut offset = 0.0;
            for l in &test.loops {
                points.extend(l.samples.iter().map(|p| Point {
                    t_s: offset + p.t_s,
                    mbps: p.mbps,
                }));
                offset += l.window_ns.unwrap_or(0) as f64 / 1e9;
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
        esc(name)
    );
    let (vticks, vmax) = linear_to_round(vmax, 4);
    let frame = super::thermal::Frame {
        x0,
        y,
        w,
        h: LINE_H,
        tmax,
    };
    time_axes(out, &frame, &vticks);
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
                    y + LINE_H - p.mbps / vmax * LINE_H
                )
            })
            .collect();
        let _ = writeln!(
            out,
            r#"<polyline fill="none" stroke="{}" stroke-width="1.5" points="{}"/>"#,
            COLORS[color_index(s.direction)],
            poly.join(" ")
        );
    }
    super::thermal::overlay(out, run, sections, name, &frame, &COLORS);
}

/// An over-time plot's frame, its MB/s ticks (`vticks`, from 0 to the
/// frame's top) at the left with faint lines across, and its seconds
/// ticks below.
fn time_axes(out: &mut String, f: &super::thermal::Frame, vticks: &[super::axis::Tick]) {
    let _ = writeln!(
        out,
        r##"<rect x="{}" y="{:.1}" width="{}" height="{}" fill="none" stroke="#cccccc"/>"##,
        f.x0, f.y, f.w, f.h
    );
    for t in vticks {
        let ty = f.y + f.h * (1.0 - t.at);
        let _ = writeln!(
            out,
            r##"<line x1="{}" y1="{ty:.1}" x2="{}" y2="{ty:.1}" stroke="#eeeeee"/><text x="{}" y="{:.1}" font-size="10" text-anchor="end">{}</text>"##,
            f.x0,
            f.x0 + f.w,
            f.x0 - 4.0,
            ty + 3.0,
            esc(&t.label)
        );
    }
    for t in linear_within(f.tmax, 8) {
        let tx = f.x0 + f.w * t.at;
        let _ = writeln!(
            out,
            r##"<line x1="{tx:.1}" y1="{:.1}" x2="{tx:.1}" y2="{:.1}" stroke="#999999"/><text x="{tx:.1}" y="{:.1}" font-size="10" text-anchor="middle">{} s</text>"##,
            f.y + f.h,
            f.y + f.h + 3.0,
            f.y + f.h + 13.0,
            esc(&t.label)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::draw::{BARS_W, BARS_X};
    use crate::report::model::Run;
    use crate::report::{Report, fixtures};

    fn chart() -> String {
        let settings = fixtures::settings();
        let mut output = fixtures::output(&settings);
        // Samples every 0.1 s of each loop's window, faster as it goes.
        for t in &mut output.tests {
            for l in &mut t.loops {
                let secs = l.window_ns as f64 / 1e9;
                l.samples = (1..=(secs * 10.0) as u32)
                    .map(|i| crate::stats::Sample {
                        t_s: f64::from(i) / 10.0,
                        mbps: 100.0 + f64::from(i),
                        iops: 1000.0,
                        temp_c: None,
                    })
                    .collect();
            }
        }
        let (target, host) = (fixtures::target(), fixtures::host());
        run_chart(&Run::build(&Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        }))
    }

    #[test]
    fn the_run_chart_says_its_scales_and_settings() {
        let svg = chart();
        roxmltree::Document::parse(&svg).unwrap();
        // The fixture ran on psync: its Q8T1 ran as Q1T8.
        assert!(svg.contains(">SEQ1M Q8T1 → ran Q1T8<"), "{svg}");
        assert!(svg.contains(">RND4K Q1T1<"), "{svg}");
        // The meter's decades, each at its sixth of a full bar.
        for (i, label) in ["0.1", "1", "10", "100", "1000", "10000", "100000"]
            .iter()
            .enumerate()
        {
            let x = BARS_X + BARS_W * i as f64 / 6.0;
            assert!(
                svg.contains(&format!(r#"<text x="{x:.1}" y="#))
                    && svg.contains(&format!(">{label}</text>")),
                "{label} at {x:.1}"
            );
        }
        assert!(svg.contains("MB/s, log scale"));
        assert!(svg.contains("diskmark — Default · "), "{svg}");
        assert!(svg.contains(" · psync (native) · O_DIRECT<"), "{svg}");
        // The time axes are ticked in seconds.
        assert!(
            svg.contains(">0.0 s</text>") || svg.contains(">0 s</text>"),
            "{svg}"
        );
        insta::assert_snapshot!("default_mix_chart_svg", svg);
    }

    #[test]
    fn a_span_chart_drawn_from_a_run_says_the_settings() {
        let settings = fixtures::settings();
        let mut output = fixtures::output(&settings);
        output.span = Some(fixtures::span());
        let (target, host) = (fixtures::target(), fixtures::host());
        let svg = run_chart(&Run::build(&Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        }));
        roxmltree::Document::parse(&svg).unwrap();
        let title = svg.find("Span ").unwrap();
        let sub = svg.find(r#"y="40""#).unwrap();
        assert!(sub > title, "{svg}");
        // The map's own settings, never the grid's profile or --size.
        assert!(
            svg[sub..]
                .starts_with(r##"y="40" font-size="11" fill="#444444">/var/tmp [Virtio Disk] · "##),
            "{svg}"
        );
        assert!(
            svg.contains(" · 20 samples of 8 MiB · 5 random reads of 4 KiB · psync (native)<"),
            "{svg}"
        );
        assert!(!svg.contains("Default"), "{svg}");
    }
}
