//! Markdown: a table, one row per test and direction, for issues and
//! forum posts.

use super::rows::rows;
use crate::escape::markdown as escape;
use crate::report::model::Run;
use std::fmt::Write;

/// Renders the Markdown table of `run` with a one-line caption.
pub fn render(run: &Run) -> String {
    let s = &run.settings;
    let t = &run.target;
    let mut out = String::new();
    // Text read from the system (sysfs, mountinfo, fio's version) or given
    // by the user (the path) never reaches a terminal raw, and is shown as
    // text, never as HTML or a link (docs/report.md#escaping).
    let model = (t.model())
        .map(|m| format!(" [{}]", escape(m)))
        .unwrap_or_default();
    // Writing to a String cannot fail.
    let _ = writeln!(
        out,
        "**diskmark {}** — {} · {} · {} (x{}) · {} ({}){model} · {}\n",
        run.tool.version,
        // Never markdown-escaped: KDiskMark's names have parentheses.
        crate::report::escape::escape(&s.profile_name()),
        escape(&run.engine.label),
        crate::units::file_size_label(s.size_bytes),
        s.loops,
        escape(&t.path.display().to_string()),
        escape(&t.fs_type),
        run.started_at()
    );
    let _ = writeln!(
        out,
        "| Test | Direction | MB/s | IOPS | Mean µs | p99 µs | Q | T |"
    );
    let _ = writeln!(out, "|---|---|---:|---:|---:|---:|---:|---:|");
    for row in rows(run) {
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

#[cfg(test)]
mod tests {
    use crate::report::{Format, Report, fixtures};

    #[test]
    fn text_from_the_system_is_escaped_in_the_caption() {
        let settings = fixtures::settings();
        let output = fixtures::output(&settings);
        let (mut target, host) = (fixtures::target(), fixtures::host());
        target.path = "/mnt/\u{1b}[31mred".into();
        target.fs_type = "ext4\u{7}".into();
        let md = Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        }
        .render(Format::Markdown);
        let raw = |c: char| c != '\n' && crate::report::escape::is_unsafe(c);
        assert!(!md.chars().any(raw), "{md}");
        assert!(
            md.contains("/mnt/\\\\x1b\\[31mred") && md.contains("ext4\\\\x07"),
            "{md}"
        );
    }
}
