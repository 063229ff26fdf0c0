//! compare's chart: grouped bars, for each test and direction one bar per
//! run, on a linear MB/s axis with labelled ticks (a ratio between runs is
//! read off a linear axis, not a log one), drawn with the report's chart
//! primitives.

use super::summary::{RunSummary, find, keys};
use crate::report::draw::axis::linear_to_round;
use crate::report::draw::{BAR_H, bar_at, esc, scale, start};
use std::fmt::Write;

/// Colours of runs in a comparison.
const RUN_COLORS: [&str; 6] = [
    "#2a7fd4", "#e0662b", "#2aa84a", "#9b59b6", "#c0392b", "#7f8c8d",
];

/// Grouped bars: for each test and direction, one bar per run.
pub fn render_chart(runs: &[RunSummary]) -> String {
    let keys = keys(runs);
    let group_h = runs.len() as f64 * (BAR_H + 2.0) + 14.0;
    let height = 60.0 + runs.len() as f64 * 16.0 + keys.len() as f64 * group_h + 40.0;
    let fastest = (runs.iter().flat_map(|r| r.rows.iter()))
        .filter_map(|row| row.mbps)
        .fold(0.0, f64::max);
    let (ticks, end) = linear_to_round(fastest, 5);
    let mut out = String::new();
    start(&mut out, height, "diskmark compare — MB/s, linear scale");
    let mut y = 36.0;
    for (i, r) in runs.iter().enumerate() {
        let col = RUN_COLORS[i % RUN_COLORS.len()];
        let _ = writeln!(
            out,
            r#"<rect x="10" y="{:.1}" width="12" height="12" fill="{col}"/><text x="26" y="{:.1}">[{}] {} · {} · {} · {} [{}]</text>"#,
            y,
            y + 11.0,
            i + 1,
            esc(&r.label),
            esc(&r.engine),
            esc(&r.date),
            esc(&r.target),
            esc(&r.model)
        );
        y += 16.0;
    }
    y += 10.0;
    // The scale under the bars, drawn first so that the bars cover it.
    let bottom = y + keys.len() as f64 * group_h - 10.0;
    scale(&mut out, &ticks, y, bottom, "MB/s, linear scale");
    for k in &keys {
        let _ = writeln!(
            out,
            r#"<text x="10" y="{:.1}" font-weight="bold">{} {}</text>"#,
            y + 14.0,
            esc(&k.0),
            esc(&k.1)
        );
        for (i, r) in runs.iter().enumerate() {
            if let Some(row) = find(r, k) {
                let label = match row.mbps {
                    Some(m) => format!("[{}] {m:.2} MB/s", i + 1),
                    None => format!("[{}] no I/O", i + 1),
                };
                bar_at(
                    &mut out,
                    y,
                    row.mbps.unwrap_or(0.0) / end,
                    &label,
                    RUN_COLORS[i % RUN_COLORS.len()],
                );
            }
            y += BAR_H + 2.0;
        }
        y += 14.0;
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::draw::{BARS_W, BARS_X};

    fn run(label: &str, mbps: f64) -> RunSummary {
        let json = serde_json::json!({"schema_version": 1, "tool": {"name": "diskmark"},
            "date": "2026-11-30T10:00:00+00:00", "target": {"path": "/var/tmp"},
            "engine": {"label": "psync (native)"},
            "tests": [{"name": "SEQ1M Q8T1", "direction": "read", "read_pct": null,
                "result": {"total": {"mbps": mbps, "iops": mbps, "lat_us": {"mean": 10.0}}}}]});
        super::super::from_json(label, &json.to_string()).unwrap()
    }

    #[test]
    fn bars_are_on_a_linear_axis_with_labelled_ticks() {
        let svg = render_chart(&[run("a", 1000.0), run("b", 500.0)]);
        roxmltree::Document::parse(&svg).unwrap();
        // Twice the MB/s is twice the bar: a linear axis, to 1000.
        assert!(svg.contains(&format!(r#"x="{BARS_X}" y="#)), "{svg}");
        assert!(svg.contains(&format!(r#"width="{:.1}""#, BARS_W)), "{svg}");
        assert!(
            svg.contains(&format!(r#"width="{:.1}""#, BARS_W / 2.0)),
            "{svg}"
        );
        for label in [">0<", ">200<", ">400<", ">600<", ">800<", ">1000<"] {
            assert!(svg.contains(label), "{label} in {svg}");
        }
        assert!(svg.contains("MB/s, linear scale") && svg.contains("psync (native)"));
    }
}
