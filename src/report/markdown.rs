//! Markdown: a table, one row per test and direction, for issues and
//! forum posts.

use super::rows::rows;
use super::source::Report;
use std::fmt::Write;

/// Renders the Markdown table with a one-line caption.
pub fn render(r: &Report<'_>) -> String {
    let s = r.settings;
    let t = r.target;
    let mut out = String::new();
    let model = t.model().map(|m| format!(" [{m}]")).unwrap_or_default();
    // Writing to a String cannot fail.
    let _ = writeln!(
        out,
        "**diskmark {}** — {} · {} · {} (x{}) · {} ({}){model} · {}\n",
        env!("CARGO_PKG_VERSION"),
        s.profile.display_name(),
        s.engine.label(),
        crate::units::file_size_label(s.size),
        s.loops,
        t.path.display(),
        t.fs_type,
        r.output.started.format("%Y-%m-%d %H:%M:%S")
    );
    let _ = writeln!(
        out,
        "| Test | Direction | MB/s | IOPS | Mean µs | p99 µs | Q | T |"
    );
    let _ = writeln!(out, "|---|---|---:|---:|---:|---:|---:|---:|");
    for row in rows(&super::json::build(r)) {
        let figures = match row.figures() {
            Some(f) => format!(
                "{:.3} | {:.1} | {:.2} | {:.2}",
                f.mbps, f.iops, f.mean_us, f.p99_us
            ),
            None => format!("{} | - | - | -", crate::stats::NO_IO),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {figures} | {} | {} |",
            row.test, row.direction, row.q, row.t
        );
    }
    out
}
