//! A sustained write in the reports (docs/report.md#sustained-write): its
//! text section, its model (the JSON's `sustained` object) and its chart,
//! MB/s against GB written with the knee marked.

use super::escape::escape;
use super::model;
use super::source::Report;
use crate::stats::sustained::{SustainedResult, median};
use crate::units::human_bytes;
use std::fmt::Write;

/// The JSON's `sustained` object.
pub fn model(s: &SustainedResult) -> model::Sustained {
    let m = &s.summary;
    model::Sustained {
        test: s.test.clone(),
        knee_found: m.knee_found,
        cache_bytes: m.cache_bytes,
        knee_s: m.knee_seconds,
        cached_mbps: m.cached_mbps,
        post_cache_mbps: m.post_cache_mbps,
        average_mbps: m.average_mbps,
        elapsed_s: m.elapsed_s,
        planned_bytes: s.planned_bytes,
        bytes_written: s.bytes_written,
        sample_interval_s: s.sample_interval_s,
        ended_early: s.ended_early.clone(),
        recoveries: (m.recoveries.iter())
            .map(|r| model::Recovery {
                seconds: r.seconds,
                bytes_written: r.bytes_written,
                mbps: r.mbps,
                lasted_s: r.lasted_s,
            })
            .collect(),
        series: (s.series.iter())
            .map(|p| model::SustainedSample {
                seconds: p.seconds,
                bytes_written: p.bytes_written,
                mbps: p.mbps,
                p99_us: p.p99_us,
                temp_c: p.temp_c,
            })
            .collect(),
    }
}

/// `12.35 GB (11.50 GiB)`.
fn gb(bytes: u64) -> String {
    format!("{:.2} GB ({})", bytes as f64 / 1e9, human_bytes(bytes))
}

/// The median of the samples' p99 over `range`, µs.
fn p99_median(s: &SustainedResult, range: std::ops::Range<usize>) -> Option<f64> {
    let v: Vec<f64> = s.series[range].iter().filter_map(|p| p.p99_us).collect();
    median(&v)
}

/// The section: the figures of the fill, or why there are none.
pub fn section(out: &mut String, s: &SustainedResult) {
    let m = &s.summary;
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "[Sustained write] {}, {} planned",
        escape(&s.test),
        gb(s.planned_bytes)
    );
    if s.series.is_empty() {
        let _ = writeln!(out, "  {}", crate::stats::NO_IO);
        return;
    }
    let rate = |v: Option<f64>| v.map_or_else(|| "-".to_string(), |r| format!("{r:.2} MB/s"));
    let knee_at = (m.knee_seconds)
        .map(|t| s.series.partition_point(|p| p.seconds <= t))
        .unwrap_or(s.series.len());
    // Without a knee the whole fill ran at one speed: its median.
    let label = if m.knee_found { "Cached" } else { "Median" };
    let _ = writeln!(out, "      {label}: {}", rate(m.cached_mbps));
    match m.cache_bytes {
        Some(bytes) => {
            let _ = writeln!(
                out,
                "  Cache size: {} written before the knee, at {:.1} s",
                gb(bytes),
                m.knee_seconds.unwrap_or(0.0)
            );
            let _ = writeln!(out, "  Post-cache: {}", rate(m.post_cache_mbps));
        }
        None => {
            let _ = writeln!(
                out,
                "        Knee: no cache exhaustion in {}",
                human_bytes(s.bytes_written)
            );
        }
    }
    let _ = writeln!(
        out,
        "     Average: {} over {} in {:.1} s",
        rate(m.average_mbps),
        gb(s.bytes_written),
        m.elapsed_s
    );
    details(out, s, knee_at);
}

/// The section's latency, recoveries and samples.
fn details(out: &mut String, s: &SustainedResult, knee_at: usize) {
    let m = &s.summary;
    let p99 = |v: Option<f64>| v.map_or_else(|| "-".to_string(), |u| format!("{u:.0} us"));
    let _ = match m.knee_found {
        true => writeln!(
            out,
            " p99 latency: {} before the knee, {} after (median of the samples' p99)",
            p99(p99_median(s, 0..knee_at)),
            p99(p99_median(s, knee_at..s.series.len()))
        ),
        false => writeln!(
            out,
            " p99 latency: {} (median of the samples' p99)",
            p99(p99_median(s, 0..s.series.len()))
        ),
    };
    for (i, r) in m.recoveries.iter().enumerate() {
        let label = if i == 0 {
            "  Recoveries:"
        } else {
            "             "
        };
        let _ = writeln!(
            out,
            "{label} at {:.1} s ({:.2} GB written): {:.2} MB/s for {:.1} s",
            r.seconds,
            r.bytes_written as f64 / 1e9,
            r.mbps,
            r.lasted_s
        );
    }
    let _ = writeln!(
        out,
        "     Samples: {} (every {:.2} s)",
        s.series.len(),
        s.sample_interval_s
    );
    if let Some(why) = &s.ended_early {
        let _ = writeln!(out, "       Ended: {}", escape(why));
    }
}

/// The set-up lines of a sustained write, in place of a run's (it has no
/// loops, no measure window, no interval).
pub fn setup(out: &mut String, r: &Report<'_>) {
    let st = r.settings;
    let _ = writeln!(out, " Engine: {}", st.engine.label());
    let _ = writeln!(
        out,
        "   Mode: {}{}, {} data, one file growing from empty",
        if st.direct { "O_DIRECT" } else { "buffered" },
        if st.dsync { ", O_DSYNC" } else { "" },
        st.data.name(),
    );
    let _ = writeln!(
        out,
        "   Date: {}",
        r.output.started.format("%Y-%m-%d %H:%M:%S")
    );
    let _ = writeln!(out, "     OS: {}", r.host.os_line());
}

/// Escapes text for SVG, as [`super::chart`]'s charts do (which draw this
/// one, so it cannot use theirs).
fn esc(s: &str) -> String {
    escape(s)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The colour of writes in every chart.
const WRITE_COLOR: &str = "#e0662b";

/// Width and height of the chart, and its plot's margins.
const W: f64 = 900.0;
const H: f64 = 420.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 30.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 50.0;

/// The chart of a sustained write: MB/s against GB written, the cached
/// and post-cache medians as dashed lines, the knee as a vertical line.
pub fn chart(s: &SustainedResult) -> String {
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
    let (yticks, ymax) = super::ticks::linear_to_round(fastest * 1.05, 5);
    let x = |gb: f64| LEFT + pw * gb / xmax;
    let y = |mbps: f64| TOP + ph * (1.0 - mbps / ymax);
    let _ = writeln!(
        out,
        r##"<rect x="{LEFT}" y="{TOP}" width="{pw}" height="{ph}" fill="none" stroke="#cccccc"/>"##
    );
    for t in super::ticks::linear_within(xmax, 8) {
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
fn temperature(out: &mut String, s: &SustainedResult, x: &dyn Fn(f64) -> f64) {
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

/// The medians and the knee over the plot.
fn marks(out: &mut String, s: &SustainedResult, x: &dyn Fn(f64) -> f64, y: &dyn Fn(f64) -> f64) {
    let m = &s.summary;
    let x_end = x(s.bytes_written.max(1) as f64 / 1e9);
    let knee_gb = m.cache_bytes.map(|b| b as f64 / 1e9);
    if let Some(c) = m.cached_mbps {
        let to = knee_gb.map_or(x_end, x);
        let label = if m.knee_found { "cached" } else { "median" };
        let _ = writeln!(
            out,
            r##"<line x1="{LEFT}" y1="{0:.1}" x2="{to:.1}" y2="{0:.1}" stroke="#555555" stroke-dasharray="4 3"/><text x="{1:.1}" y="{2:.1}" font-size="11">{label} {c:.0} MB/s</text>"##,
            y(c),
            LEFT + 6.0,
            y(c) - 5.0
        );
    }
    let (Some(k), Some(post)) = (knee_gb, m.post_cache_mbps) else {
        if !m.knee_found {
            let _ = writeln!(
                out,
                r#"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="end">{}</text>"#,
                x_end - 6.0,
                TOP + 16.0,
                esc(&format!(
                    "no cache exhaustion in {}",
                    human_bytes(s.bytes_written)
                ))
            );
        }
        return;
    };
    let _ = writeln!(
        out,
        r##"<line x1="{0:.1}" y1="{TOP}" x2="{0:.1}" y2="{1:.1}" stroke="#c0392b" stroke-width="1.5"/><text x="{2:.1}" y="{3:.1}" font-size="11" fill="#c0392b">knee: {k:.2} GB</text>"##,
        x(k),
        H - BOTTOM,
        x(k) + 4.0,
        TOP + 14.0
    );
    let _ = writeln!(
        out,
        r##"<line x1="{0:.1}" y1="{1:.1}" x2="{x_end:.1}" y2="{1:.1}" stroke="#555555" stroke-dasharray="4 3"/><text x="{2:.1}" y="{3:.1}" font-size="11" text-anchor="end">post-cache {post:.0} MB/s</text>"##,
        x(k),
        y(post),
        x_end - 6.0,
        y(post) - 5.0
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::sustained::{SustainedSample, summarize};

    /// 10 samples at 400 MB/s, 10 at 100, 3 back at 390, 5 at 100.
    fn fill() -> SustainedResult {
        let mut rates = vec![400.0; 10];
        rates.extend([100.0; 10]);
        rates.extend([390.0; 3]);
        rates.extend([100.0; 5]);
        let mut bytes = 0u64;
        let series: Vec<SustainedSample> = (rates.iter().enumerate())
            .map(|(i, r)| {
                bytes += (r * 0.5e6) as u64;
                SustainedSample {
                    seconds: (i + 1) as f64 * 0.5,
                    bytes_written: bytes,
                    mbps: *r,
                    p99_us: Some(if *r > 200.0 { 9000.0 } else { 80000.0 }),
                    temp_c: None,
                }
            })
            .collect();
        SustainedResult {
            test: "SEQ1M Q8T1".into(),
            planned_bytes: bytes,
            bytes_written: bytes,
            sample_interval_s: 0.5,
            summary: summarize(&series, bytes, 14.0),
            series,
            ended_early: None,
        }
    }

    #[test]
    fn the_section_says_the_knee_both_speeds_and_the_recovery() {
        let mut text = String::new();
        section(&mut text, &fill());
        for want in [
            "[Sustained write] SEQ1M Q8T1",
            "      Cached: 400.00 MB/s",
            "  Cache size: 2.00 GB (1.86 GiB) written before the knee, at 5.0 s",
            "  Post-cache: 100.00 MB/s",
            " p99 latency: 9000 us before the knee, 80000 us after",
            "  Recoveries: at 10.0 s (2.50 GB written): 390.00 MB/s for 1.5 s",
            "     Samples: 28 (every 0.50 s)",
        ] {
            assert!(text.contains(want), "{want:?} in\n{text}");
        }
        let svg = chart(&fill());
        assert!(svg.contains("knee: 2.00 GB") && svg.contains("post-cache 100 MB/s"));
        // Round ticks on both axes, GB written to where the fill ended.
        assert!(
            svg.contains(">0.0</text>") && svg.contains(">0.5</text>"),
            "{svg}"
        );
        assert!(svg.contains(">100</text>"), "{svg}");
        assert!(svg.ends_with("</svg>\n"));
        let m = model(&fill());
        assert_eq!((m.knee_found, m.cache_bytes), (true, Some(2_000_000_000)));
        assert_eq!(m.series.len(), 28);
    }

    #[test]
    fn without_a_knee_it_says_no_cache_exhaustion() {
        let mut f = fill();
        f.series.truncate(8);
        f.bytes_written = f.series[7].bytes_written;
        f.summary = summarize(&f.series, f.bytes_written, 4.0);
        let mut text = String::new();
        section(&mut text, &f);
        assert!(text.contains("      Median: 400.00 MB/s"), "{text}");
        assert!(text.contains("no cache exhaustion in 1.49 GiB"), "{text}");
        assert!(chart(&f).contains("no cache exhaustion in 1.49 GiB"));
    }
}
