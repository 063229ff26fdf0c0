//! The chart of a span map (docs/report.md#span), from the model's `span`
//! object: MB/s against the position on the device (GB), the slowest
//! region shaded, and below it each random read's time against its
//! position.

use super::esc;
use crate::report::model::Span;
use std::fmt::Write;

/// The colour of reads in every chart.
const READ_COLOR: &str = "#2b7bb9";

/// Width of the chart, height of each plot, and the plots' margins.
const W: f64 = 900.0;
const PLOT_H: f64 = 300.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 30.0;
const TOP: f64 = 50.0;
const GAP: f64 = 80.0;

/// One plot's frame: where it is and what its axes span.
struct Frame {
    top: f64,
    xmax: f64,
    ymax: f64,
}

impl Frame {
    fn x(&self, gb: f64) -> f64 {
        LEFT + (W - LEFT - RIGHT) * gb / self.xmax
    }

    fn y(&self, v: f64) -> f64 {
        self.top + PLOT_H * (1.0 - v / self.ymax)
    }

    /// The box, five labelled ticks per axis, and the axes' titles.
    fn axes(&self, out: &mut String, x_title: &str, y_title: &str) {
        let pw = W - LEFT - RIGHT;
        let _ = writeln!(
            out,
            r##"<rect x="{LEFT}" y="{}" width="{pw}" height="{PLOT_H}" fill="none" stroke="#cccccc"/>"##,
            self.top
        );
        let digits = if self.xmax < 1.0 { 3 } else { 2 };
        for i in 0..=4 {
            let (gx, gy) = (self.xmax * i as f64 / 4.0, self.ymax * i as f64 / 4.0);
            let _ = writeln!(
                out,
                r#"<text x="{:.1}" y="{:.1}" font-size="10" text-anchor="middle">{gx:.digits$}</text><text x="{:.1}" y="{:.1}" font-size="10" text-anchor="end">{gy:.0}</text>"#,
                self.x(gx),
                self.top + PLOT_H + 14.0,
                LEFT - 4.0,
                self.y(gy) + 3.0
            );
        }
        let mid = self.top + PLOT_H / 2.0;
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text><text x="16" y="{mid:.1}" transform="rotate(-90 16 {mid:.1})" text-anchor="middle">{}</text>"#,
            LEFT + pw / 2.0,
            self.top + PLOT_H + 32.0,
            esc(x_title),
            esc(y_title)
        );
    }
}

/// The smallest of 1, 2, 4, 5 or 8 times a power of ten (at least 4) that
/// is at least `v`: an axis whose quarters are round numbers.
fn nice(v: f64) -> f64 {
    let v = v.max(4.0);
    let decade = 10f64.powf(v.log10().floor());
    [1.0, 2.0, 4.0, 5.0, 8.0, 10.0]
        .into_iter()
        .map(|m| m * decade)
        .find(|c| *c >= v)
        .unwrap_or(10.0 * decade)
}

/// The chart: speed against position, then the access times.
pub fn chart(s: &Span) -> String {
    let height = TOP + 2.0 * PLOT_H + GAP + 50.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{height}" viewBox="0 0 {W} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let what = if s.test_file { "test file" } else { "device" };
    let _ = writeln!(
        out,
        r#"<text x="10" y="22" font-size="15" font-weight="bold">{}</text>"#,
        esc(&format!(
            "Span {} ({what}): MB/s against position, and access times",
            s.sample_test
        ))
    );
    let xmax = (s.device_bytes.max(1) as f64 / 1e9).max(1e-6);
    speed(&mut out, s, xmax);
    access(&mut out, s, xmax);
    out.push_str("</svg>\n");
    out
}

/// MB/s of each sample at its middle, joined, the slowest region shaded.
fn speed(out: &mut String, s: &Span, xmax: f64) {
    let ymax = nice(s.samples.iter().map(|p| p.mbps).fold(0.0, f64::max) * 1.05);
    let f = Frame {
        top: TOP,
        xmax,
        ymax,
    };
    if let Some(r) = &s.slowest {
        let (x0, x1) = (f.x(r.start as f64 / 1e9), f.x(r.end as f64 / 1e9));
        let _ = writeln!(
            out,
            r##"<rect x="{x0:.1}" y="{TOP}" width="{:.1}" height="{PLOT_H}" fill="#f4c7c3"/><text x="{:.1}" y="{:.1}" font-size="11" fill="#c0392b">slowest {:.0} MB/s</text>"##,
            (x1 - x0).max(1.0),
            x0 + 2.0,
            TOP + 14.0,
            r.mbps
        );
    }
    f.axes(out, "position on the device, GB", "MB/s");
    let points: Vec<String> = (s.samples.iter())
        .map(|p| {
            let mid = (p.offset + p.bytes / 2) as f64 / 1e9;
            format!("{:.1},{:.1}", f.x(mid), f.y(p.mbps))
        })
        .collect();
    let _ = writeln!(
        out,
        r#"<polyline fill="none" stroke="{READ_COLOR}" stroke-width="1.5" points="{}"/>"#,
        points.join(" ")
    );
    if s.samples.is_empty() {
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">no sample was measured</text>"#,
            LEFT + (W - LEFT - RIGHT) / 2.0,
            TOP + PLOT_H / 2.0
        );
    }
}

/// Each random read's time (µs) at its position.
fn access(out: &mut String, s: &Span, xmax: f64) {
    let top = TOP + PLOT_H + GAP;
    let ymax = nice(s.access_points.iter().map(|p| p.us).fold(0.0, f64::max) * 1.05);
    let f = Frame { top, xmax, ymax };
    f.axes(out, "position on the device, GB", "access time, µs");
    for p in &s.access_points {
        let _ = writeln!(
            out,
            r#"<circle cx="{:.1}" cy="{:.1}" r="1.6" fill="{READ_COLOR}" fill-opacity="0.6"/>"#,
            f.x(p.offset as f64 / 1e9),
            f.y(p.us)
        );
    }
    let label = match &s.access_us {
        Some(a) => format!(
            "p50 {:.1} µs, p99 {:.1} µs over {} random reads at Q1",
            a.p50, a.p99, a.count
        ),
        None => "no random read was timed".into(),
    };
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="end">{}</text>"#,
        W - RIGHT - 6.0,
        top + 14.0,
        esc(&label)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_has_both_plots_with_labelled_axes() {
        let f = crate::report::fixtures::span();
        let svg = chart(&crate::report::model::build::modes::span(&f));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("position on the device, GB").count(), 2);
        assert!(svg.contains(">MB/s<") && svg.contains("access time, µs"));
        assert!(svg.contains("slowest 100 MB/s"), "{svg}");
        assert_eq!(svg.matches("<circle").count(), 5);
        // The x ticks end at the device's size in GB; the y axis at a
        // round number above the fastest sample.
        assert!(svg.contains(">1.07<"), "{svg}");
        assert!(svg.contains(">800<") && svg.contains(">600<"), "{svg}");
    }

    #[test]
    fn axes_end_at_round_numbers() {
        assert_eq!(nice(7190.0), 8000.0);
        assert_eq!(nice(525.0), 800.0);
        assert_eq!(nice(33.0), 40.0);
        assert_eq!(nice(0.0), 4.0);
        assert_eq!(nice(100.0), 100.0);
    }
}
