//! compare's tables: text, Markdown and JSON.

use super::summary::{RunSummary, change, find, keys};
use crate::report::rows::Row;
use serde::Serialize;
use std::fmt::Write;

/// One figure compared.
struct Metric {
    /// Its heading.
    name: &'static str,
    /// The figure of a row.
    figure: fn(&Row) -> Option<f64>,
    /// Decimals shown.
    digits: usize,
}

/// The metrics compared.
const METRICS: [Metric; 3] = [
    Metric {
        name: "MB/s",
        figure: |r| r.mbps,
        digits: 3,
    },
    Metric {
        name: "IOPS",
        figure: |r| r.iops,
        digits: 1,
    },
    Metric {
        name: "mean latency, µs",
        figure: |r| r.mean_us,
        digits: 2,
    },
];

/// A run's figure and its change against the first run, apart, so
/// that text tables can align each.
fn cell_parts(
    base: Option<&Row>,
    row: Option<&Row>,
    f: fn(&Row) -> Option<f64>,
    digits: usize,
    first: bool,
) -> (String, String) {
    match row {
        None => ("-".into(), String::new()),
        Some(r) => match f(r) {
            // Shown, not as a figure: the run has the test, without I/O.
            None => ("no I/O".into(), String::new()),
            Some(v) => {
                let change = if first {
                    None
                } else {
                    base.and_then(f).and_then(|b| change(b, v))
                };
                (
                    format!("{v:.*}", digits),
                    change.map(|c| format!("({c:+.1}%)")).unwrap_or_default(),
                )
            }
        },
    }
}

fn cell(
    base: Option<&Row>,
    row: Option<&Row>,
    f: fn(&Row) -> Option<f64>,
    digits: usize,
    first: bool,
) -> String {
    let (v, c) = cell_parts(base, row, f, digits, first);
    if c.is_empty() { v } else { format!("{v} {c}") }
}

/// A text table per metric: figures right-aligned, changes beside them.
pub fn render_text(runs: &[RunSummary]) -> String {
    let mut out = String::new();
    for (i, r) in runs.iter().enumerate() {
        let _ = writeln!(
            out,
            "[{}] {} · {} · {} [{}] · {}",
            i + 1,
            r.label,
            r.date,
            r.target,
            r.model,
            r.engine
        );
    }
    let keys = keys(runs);
    let width = |cells: &mut dyn Iterator<Item = usize>| cells.max().unwrap_or(0);
    for Metric {
        name,
        figure: f,
        digits,
    } in METRICS
    {
        let _ = writeln!(out, "\n{name} (change against [1])");
        let rows: Vec<(String, Vec<(String, String)>)> = keys
            .iter()
            .map(|k| {
                let base = find(&runs[0], k);
                let cells = runs
                    .iter()
                    .enumerate()
                    .map(|(i, r)| cell_parts(base, find(r, k), f, digits, i == 0))
                    .collect();
                (format!("{} {}", k.0, k.1), cells)
            })
            .collect();
        let name_w = width(&mut rows.iter().map(|r| r.0.chars().count()).chain([4]));
        let mut line = format!("{:<name_w$}", "test");
        let mut widths = Vec::new();
        for c in 0..runs.len() {
            let head = format!("[{}]", c + 1);
            let vw = width(&mut rows.iter().map(|r| r.1[c].0.len()).chain([head.len()]));
            let cw = width(&mut rows.iter().map(|r| r.1[c].1.len()));
            let _ = write!(
                line,
                "  {head:>vw$}{:cw$}",
                "",
                cw = if cw > 0 { cw + 1 } else { 0 }
            );
            widths.push((vw, cw));
        }
        let _ = writeln!(out, "{}", line.trim_end());
        for (test, cells) in &rows {
            let mut line = format!("{test:<name_w$}");
            for ((v, c), (vw, cw)) in cells.iter().zip(&widths) {
                let _ = write!(line, "  {v:>vw$}");
                if *cw > 0 {
                    let _ = write!(line, " {c:<cw$}");
                }
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
    out
}

/// Markdown tables per metric.
pub fn render_markdown(runs: &[RunSummary]) -> String {
    let mut out = String::new();
    for (i, r) in runs.iter().enumerate() {
        let _ = writeln!(
            out,
            "{}. **{}** — {} · {} [{}] · {}",
            i + 1,
            r.label,
            r.date,
            r.target,
            r.model,
            r.engine
        );
    }
    let keys = keys(runs);
    for Metric {
        name,
        figure: f,
        digits,
    } in METRICS
    {
        let _ = writeln!(out, "\n**{name}** (change against 1)\n");
        let _ = write!(out, "| Test |");
        for i in 1..=runs.len() {
            let _ = write!(out, " {i} |");
        }
        let _ = write!(out, "\n|---|");
        for _ in runs {
            let _ = write!(out, "---:|");
        }
        let _ = writeln!(out);
        for k in &keys {
            let base = find(&runs[0], k);
            let _ = write!(out, "| {} {} |", k.0, k.1);
            for (i, r) in runs.iter().enumerate() {
                let _ = write!(out, " {} |", cell(base, find(r, k), f, digits, i == 0));
            }
            let _ = writeln!(out);
        }
    }
    out
}

/// compare's JSON document. The fields are in the order compare has
/// always written them.
#[derive(Serialize)]
struct JsonDoc<'a> {
    /// Per test and direction.
    rows: Vec<JsonRow<'a>>,
    /// The runs, in the order given.
    runs: Vec<JsonRun<'a>>,
}

/// One run compared.
#[derive(Serialize)]
struct JsonRun<'a> {
    date: &'a str,
    engine: &'a str,
    label: &'a str,
    model: &'a str,
    target: &'a str,
}

/// One test and direction across the runs.
#[derive(Serialize)]
struct JsonRow<'a> {
    test: &'a str,
    direction: &'a str,
    /// Each run's figures; null where the run lacks the test.
    values: Vec<Option<JsonValues<'a>>>,
    mbps_change_pct: Vec<Option<f64>>,
    iops_change_pct: Vec<Option<f64>>,
    mean_us_change_pct: Vec<Option<f64>>,
}

/// One run's figures of a test.
#[derive(Serialize)]
struct JsonValues<'a> {
    test: &'a str,
    direction: &'a str,
    mbps: Option<f64>,
    iops: Option<f64>,
    mean_us: Option<f64>,
}

/// JSON: the runs and, per test and direction, each run's figures and
/// changes against the first.
pub fn render_json(runs: &[RunSummary]) -> String {
    let keys = keys(runs);
    let rows: Vec<JsonRow<'_>> = keys
        .iter()
        .map(|k| {
            let base = find(&runs[0], k);
            let found: Vec<Option<&Row>> = runs.iter().map(|r| find(r, k)).collect();
            let ch = |f: fn(&Row) -> Option<f64>| -> Vec<Option<f64>> {
                found.iter().map(|v| change(f(base?)?, f((*v)?)?)).collect()
            };
            JsonRow {
                test: &k.0,
                direction: &k.1,
                mbps_change_pct: ch(|r| r.mbps),
                iops_change_pct: ch(|r| r.iops),
                mean_us_change_pct: ch(|r| r.mean_us),
                values: found
                    .iter()
                    .map(|v| {
                        v.map(|r| JsonValues {
                            test: &r.test,
                            direction: &r.direction,
                            mbps: r.mbps,
                            iops: r.iops,
                            mean_us: r.mean_us,
                        })
                    })
                    .collect(),
            }
        })
        .collect();
    let runs = runs
        .iter()
        .map(|r| JsonRun {
            date: &r.date,
            engine: &r.engine,
            label: &r.label,
            model: &r.model,
            target: &r.target,
        })
        .collect();
    let mut s = serde_json::to_string_pretty(&JsonDoc { rows, runs }).unwrap_or_default();
    s.push('\n');
    s
}
