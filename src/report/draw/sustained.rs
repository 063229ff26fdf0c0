//! The chart of a sustained write (docs/report.md#sustained-write), from
//! the model's `sustained` object: MB/s against GB written with the knee
//! marked, and the drive's temperature where the samples carry it.

use super::esc;
use crate::report::model::Sustained;
use std::fmt::Write;

/// The colour of writes in every chart.
const WRITE_COLOR: &str = "#e0662b";

/// Width and height of the chart, and its plot's margins.
const W: f64 = 900.0;
const H: f64 = 420.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 30.0;
/// Room above the plot for the title and two rows of labels, so that no
/// label sits on the curve.
const TOP: f64 = 66.0;
/// The baselines of the two rows of labels above the plot.
const ROW_SPEEDS: f64 = 42.0;
const ROW_KNEES: f64 = 58.0;
const BOTTOM: f64 = 50.0;

/// The chart of a sustained write: MB/s against GB written, every sample
/// a point of the curve, each segment's median as a dashed line, each
/// knee as a vertical line; every label above the plot, off the curve.
pub fn chart(s: &Sustained) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="10" y="22" font-size="15" font-weight="bold">{}</text>"#,
        esc(&format!(
            "Sustained write {}: MB/s against GB written",
            s.test
        ))
    );
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    let xmax = (s.bytes_written.max(1) as f64 / 1e9).max(1e-3);
    // The MB/s axis ends at a round number above the fastest sample, so
    // that its top tick is labelled; GB written ends where the fill did.
    let fastest = s.series.iter().map(|p| p.mbps).fold(0.0, f64::max).max(1.0);
    let (yticks, ymax) = super::axis::linear_to_round(fastest * 1.05, 5);
    let x = |gb: f64| LEFT + pw * gb / xmax;
    let y = |mbps: f64| TOP + ph * (1.0 - mbps / ymax);
    let _ = writeln!(
        out,
        r##"<rect x="{LEFT}" y="{TOP}" width="{pw}" height="{ph}" fill="none" stroke="#cccccc"/>"##
    );
    for t in super::axis::linear_within(xmax, 8) {
        let _ = writeln!(
            out,
            r##"<line x1="{0:.1}" y1="{1:.1}" x2="{0:.1}" y2="{2:.1}" stroke="#999999"/><text x="{0:.1}" y="{3:.1}" font-size="10" text-anchor="middle">{4}</text>"##,
            x(t.value),
            TOP + ph,
            TOP + ph + 3.0,
            TOP + ph + 14.0,
            esc(&t.label)
        );
    }
    for t in &yticks {
        let _ = writeln!(
            out,
            r##"<line x1="{LEFT}" y1="{0:.1}" x2="{1:.1}" y2="{0:.1}" stroke="#eeeeee"/><text x="{2:.1}" y="{3:.1}" font-size="10" text-anchor="end">{4}</text>"##,
            y(t.value),
            LEFT + pw,
            LEFT - 4.0,
            y(t.value) + 3.0,
            esc(&t.label)
        );
    }
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">GB written</text><text x="14" y="{:.1}" transform="rotate(-90 14 {:.1})" text-anchor="middle">MB/s</text>"#,
        LEFT + pw / 2.0,
        H - 12.0,
        TOP + ph / 2.0,
        TOP + ph / 2.0
    );
    let points: Vec<String> = std::iter::once((0.0, s.series.first().map_or(0.0, |p| p.mbps)))
        .chain(
            s.series
                .iter()
                .map(|p| (p.bytes_written as f64 / 1e9, p.mbps)),
        )
        .map(|(g, m)| format!("{:.1},{:.1}", x(g), y(m)))
        .collect();
    let _ = writeln!(
        out,
        r#"<polyline fill="none" stroke="{}" stroke-width="1.5" points="{}"/>"#,
        WRITE_COLOR,
        points.join(" ")
    );
    marks(&mut out, s, &x, &y);
    temperature(&mut out, s, &x);
    out.push_str("</svg>\n");
    out
}

/// The drive's temperature on a second axis at the right edge, where the
/// samples carry readings (docs/measurement.md#temperature): a dashed line
/// over GB written, in whole degrees at least 4 °C tall.
fn temperature(out: &mut String, s: &Sustained, x: &dyn Fn(f64) -> f64) {
    let temps: Vec<(f64, f64)> = (s.series.iter())
        .filter_map(|p| Some((p.bytes_written as f64 / 1e9, p.temp_c?)))
        .collect();
    let lo = temps.iter().map(|t| t.1).reduce(f64::min);
    let hi = temps.iter().map(|t| t.1).reduce(f64::max);
    let (Some(lo), Some(hi)) = (lo, hi) else {
        return;
    };
    let (lo, hi) = ((lo - 1.0).floor(), (hi + 1.0).ceil().max(lo.floor() + 4.0));
    let ph = H - TOP - BOTTOM;
    let y = |c: f64| TOP + ph * (1.0 - (c - lo) / (hi - lo));
    let points: Vec<String> = (temps.iter())
        .map(|(g, c)| format!("{:.1},{:.1}", x(*g), y(*c)))
        .collect();
    let right = W - RIGHT;
    let _ = writeln!(
        out,
        r##"<polyline fill="none" stroke="#d35400" stroke-width="1.2" stroke-dasharray="4 3" points="{points}"/><text x="{lx:.1}" y="{top:.1}" font-size="10" fill="#d35400">{hi:.0} °C</text><text x="{lx:.1}" y="{bottom:.1}" font-size="10" fill="#d35400">{lo:.0} °C</text>"##,
        points = points.join(" "),
        lx = right + 2.0,
        top = TOP + 10.0,
        bottom = TOP + ph
    );
}

/// Words in a row above the plot.
fn label(out: &mut String, at: f64, row: f64, anchor: &str, colour: &str, words: &str) {
    let _ = writeln!(
        out,
        r#"<text x="{at:.1}" y="{row:.1}" font-size="11" text-anchor="{anchor}" fill="{colour}">{}</text>"#,
        esc(words)
    );
}

/// A median as a dashed line from `from` to `to`.
fn dashed(out: &mut String, from: f64, to: f64, y: f64) {
    let _ = writeln!(
        out,
        r##"<line x1="{from:.1}" y1="{y:.1}" x2="{to:.1}" y2="{y:.1}" stroke="#555555" stroke-dasharray="4 3"/>"##
    );
}

/// The medians and the knees: dashed lines and vertical lines in the plot,
/// their words in the two rows above it (never on the curve).
fn marks(out: &mut String, s: &Sustained, x: &dyn Fn(f64) -> f64, y: &dyn Fn(f64) -> f64) {
    let x_end = x(s.bytes_written.max(1) as f64 / 1e9);
    if s.knees.is_empty() {
        if let Some(c) = s.cached_mbps {
            dashed(out, LEFT, x_end, y(c));
            let name = if s.knee_found { "cached" } else { "median" };
            label(
                out,
                LEFT,
                ROW_SPEEDS,
                "start",
                "#333333",
                &format!("{name} {c:.0} MB/s"),
            );
        }
        if !s.knee_found {
            let words = format!(
                "no cache exhaustion in {}",
                crate::units::human_bytes(s.bytes_written)
            );
            label(out, x_end, ROW_SPEEDS, "end", "#333333", &words);
        }
        return;
    }
    let mut from = LEFT;
    // Where the previous knee's words end, so that close knees do not
    // print over each other: about 6 px a character at 11 px.
    let mut free = 0.0;
    let many = s.knees.len() > 1;
    for (i, k) in s.knees.iter().enumerate() {
        let at = x(k.bytes as f64 / 1e9);
        dashed(out, from, at, y(k.before_mbps));
        from = at;
        let _ = writeln!(
            out,
            r##"<line x1="{at:.1}" y1="{TOP}" x2="{at:.1}" y2="{:.1}" stroke="#c0392b" stroke-width="1.5"/>"##,
            H - BOTTOM
        );
        let name = if many {
            format!("knee {}", i + 1)
        } else {
            "knee".into()
        };
        let words = format!("{name}: {:.2} GB", k.bytes as f64 / 1e9);
        let left = f64::max(at, free);
        label(out, left, ROW_KNEES, "start", "#c0392b", &words);
        free = left + 6.0 * words.chars().count() as f64 + 8.0;
    }
    if let Some(last) = s.knees.last() {
        dashed(out, from, x_end, y(last.after_mbps));
    }
    if let (Some(c), Some(p)) = (s.cached_mbps, s.post_cache_mbps) {
        label(
            out,
            LEFT,
            ROW_SPEEDS,
            "start",
            "#333333",
            &format!("cached {c:.0} MB/s"),
        );
        label(
            out,
            x_end,
            ROW_SPEEDS,
            "end",
            "#333333",
            &format!("post-cache {p:.0} MB/s"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;
    use crate::report::model::build::modes;

    #[test]
    fn the_chart_marks_the_knee_and_both_speeds() {
        let svg = chart(&modes::sustained(&fixtures::fill()));
        assert!(svg.contains("knee: 2.00 GB") && svg.contains("post-cache 100 MB/s"));
        // Round ticks on both axes, GB written to where the fill ended.
        assert!(
            svg.contains(">0.0</text>") && svg.contains(">0.5</text>"),
            "{svg}"
        );
        assert!(svg.contains(">100</text>"), "{svg}");
        assert!(svg.ends_with("</svg>\n"));
    }

    /// No word of the chart starts inside the plot, where the curve is
    /// drawn: the labels are above it, the axes' beside and below it.
    #[test]
    fn no_label_sits_on_the_curve() {
        for m in [
            modes::sustained(&fixtures::fill()),
            modes::sustained(&fixtures::fill_without_knee()),
        ] {
            let svg = chart(&m);
            for t in svg.split("<text ").skip(1) {
                let attr = |name: &str| -> f64 {
                    t.split(&format!("{name}=\""))
                        .nth(1)
                        .and_then(|r| r.split('"').next())
                        .and_then(|v| v.parse().ok())
                        .unwrap()
                };
                let (x, y) = (attr("x"), attr("y"));
                let in_plot = (LEFT..=W - RIGHT).contains(&x) && (TOP..=H - BOTTOM).contains(&y);
                assert!(!in_plot, "a label on the plot: {t}");
            }
        }
    }

    #[test]
    fn without_a_knee_it_says_no_cache_exhaustion() {
        let svg = chart(&modes::sustained(&fixtures::fill_without_knee()));
        assert!(svg.contains("no cache exhaustion in 1.49 GiB"));
    }
}
