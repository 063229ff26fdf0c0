//! compare's chart: grouped bars, for each test and direction one bar per
//! run, drawn with the report's chart primitives.

use super::summary::{RunSummary, find, keys};
use crate::report::chart::{BAR_H, bar, esc, start};
use std::fmt::Write;

/// Colours of runs in a comparison.
const RUN_COLORS: [&str; 6] = [
    "#2a7fd4", "#e0662b", "#2aa84a", "#9b59b6", "#c0392b", "#7f8c8d",
];

/// Grouped bars: for each test and direction, one bar per run.
pub fn render_chart(runs: &[RunSummary]) -> String {
    let keys = keys(runs);
    let group_h = runs.len() as f64 * (BAR_H + 2.0) + 14.0;
    let height = 60.0 + runs.len() as f64 * 16.0 + keys.len() as f64 * group_h + 20.0;
    let mut out = String::new();
    start(&mut out, height, "diskmark compare — MB/s");
    let mut y = 36.0;
    for (i, r) in runs.iter().enumerate() {
        let col = RUN_COLORS[i % RUN_COLORS.len()];
        let _ = writeln!(
            out,
            r#"<rect x="10" y="{:.1}" width="12" height="12" fill="{col}"/><text x="26" y="{:.1}">[{}] {} · {} · {} [{}]</text>"#,
            y,
            y + 11.0,
            i + 1,
            esc(&r.label),
            esc(&r.date),
            esc(&r.target),
            esc(&r.model)
        );
        y += 16.0;
    }
    y += 10.0;
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
                bar(
                    &mut out,
                    y,
                    row.mbps.unwrap_or(0.0),
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
