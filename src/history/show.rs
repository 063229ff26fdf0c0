//! Stored runs shown again, made safe for the terminal.

use super::db::StoredRun;
use crate::report::model::Run;

/// A stored JSON report printed again: parsed, every string escaped for
/// the terminal, pretty-printed. Text that is not JSON (which
/// the reader, compare, refuses first) comes out escaped as a
/// whole.
pub fn sanitized_json(json: &str) -> String {
    use crate::report::escape::is_unsafe;
    // As stored when nothing in it would act on a terminal (escapes such
    // as \u001b are text): the report's own key order stays.
    if !json.chars().any(|c| c != '\n' && is_unsafe(c)) {
        let mut out = json.trim_end().to_string();
        out.push('\n');
        return out;
    }
    let mut out = match serde_json::from_str::<serde_json::Value>(json) {
        Ok(mut v) => {
            crate::report::escape::escape_json(&mut v);
            crate::escape::to_json_pretty(&v).unwrap_or_default()
        }
        Err(_) => crate::report::escape::escaped(json),
    };
    out.push('\n');
    out
}

/// The figures a stored run is known by (the TUI's and the window's
/// history pages): the MB/s of its first test (read and
/// write, as measured), or a sustained write's average, or what a span
/// map is; a report that cannot be read says so, with no figure.
pub fn headline(json: &str) -> String {
    let Ok(run) = Run::from_json(json) else {
        return "(its stored report cannot be read)".into();
    };
    let mbps = |v: Option<f64>| v.map_or_else(|| "no I/O".to_string(), |v| format!("{v:.2}"));
    if let Some(s) = &run.sustained {
        return format!("sustained write, {} MB/s average", mbps(s.average_mbps));
    }
    if run.span.is_some() {
        return "span map".into();
    }
    let rows = crate::report::tables::rows::rows(&run);
    let Some(first) = rows.first() else {
        return "no test".into();
    };
    let mut out = first.test.clone();
    for r in rows.iter().filter(|r| r.test == first.test) {
        out.push_str(&format!("  {} {}", r.direction, mbps(r.mbps)));
    }
    out + " MB/s"
}

/// The list as a table, each column as wide as its widest cell;
/// `filtered` says whether a --target or --model filter chose the runs.
/// A `label` column follows the id when any run has a label.
pub fn render_list(runs: &[StoredRun], filtered: bool) -> String {
    let labelled = runs.iter().any(|r| r.label.is_some());
    let mut head = vec!["id", "date", "profile", "engine", "target", "fs", "model"];
    if labelled {
        head.insert(1, "label");
    }
    let rows: Vec<Vec<String>> = runs
        .iter()
        .map(|r| {
            let date: String = r
                .date
                .chars()
                .take(19)
                .collect::<String>()
                .replace('T', " ");
            let mut row = vec![
                r.id.to_string(),
                date,
                r.profile.clone(),
                r.engine.clone(),
                r.target.clone(),
                r.fs.clone(),
                r.model.clone(),
            ];
            if labelled {
                row.insert(1, r.label.clone().unwrap_or_else(|| "-".into()));
            }
            row
        })
        .collect();
    let width = |c: usize| {
        rows.iter()
            .map(|r| r[c].chars().count())
            .chain([head[c].len()])
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..head.len()).map(width).collect();
    let line = |cells: &[&str]| {
        let mut l = format!("{:>w$}", cells[0], w = widths[0]);
        for (c, s) in cells.iter().enumerate().skip(1) {
            l.push_str(&format!("  {s:<w$}", w = widths[c]));
        }
        l.trim_end().to_string() + "\n"
    };
    let mut out = line(&head);
    for r in &rows {
        out.push_str(&line(&r.iter().map(String::as_str).collect::<Vec<_>>()));
    }
    if runs.is_empty() {
        out.push_str(if filtered {
            "(no saved run matches these filters)\n"
        } else {
            "(no runs saved yet: add --save to a run)\n"
        });
    }
    out
}
