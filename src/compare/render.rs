//! compare's tables: text, Markdown and JSON.

use super::gaps::{Gap, gaps};
use super::settings::{caution_block, differences};
use super::summary::{RowSpread, RunSummary, find, find_spread, keys};
use super::verdict::{Judged, METRICS, Metric, judge_key};
use serde::Serialize;
use std::fmt::Write;

/// A run's figure, its spread, and its change against the first run and
/// what the change means, apart, so that text tables can align each.
struct Cell {
    value: String,
    spread: String,
    change: String,
    mark: String,
}

fn cell_parts(runs: &[RunSummary], i: usize, k: &(String, String), m: &Metric) -> Cell {
    let empty = |value: &str| Cell {
        value: value.into(),
        spread: String::new(),
        change: String::new(),
        mark: String::new(),
    };
    // Shown as missing, never as a figure or a change (docs/report.md#compare).
    let Some(r) = find(&runs[i], k) else {
        return empty("missing");
    };
    // Shown, not as a figure: the run has the test, without I/O.
    let Some(v) = (m.figure)(r) else {
        return empty("no I/O");
    };
    let spread = (m.spread)(&find_spread(&runs[i], k)).shown();
    let judged = if i == 0 {
        None
    } else {
        judge_key(runs, i, k, m)
    };
    Cell {
        value: format!("{v:.*}", m.digits),
        spread: spread.map(|s| format!("±{s:.1}%")).unwrap_or_default(),
        change: judged
            .map(|j| format!("({:+.1}%)", j.change_pct))
            .unwrap_or_default(),
        mark: judged
            .map(|j| j.mark.word().to_string())
            .unwrap_or_default(),
    }
}

fn cell(runs: &[RunSummary], i: usize, k: &(String, String), m: &Metric) -> String {
    let c = cell_parts(runs, i, k, m);
    [c.value, c.spread, c.change, c.mark]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the tables do not show of the noise
/// (docs/report.md#better-or-worse-and-noise): the runs with one loop per
/// test whose changes take the other run's loops for their noise, and the
/// runs that, with the first, have too few loops to tell a change from
/// noise. The same sentences in every format.
fn noise_notes(runs: &[RunSummary]) -> Vec<String> {
    let lacks = |r: &RunSummary| !r.rows.is_empty() && r.spreads.iter().all(RowSpread::is_unknown);
    let Some(first) = runs.first() else {
        return Vec::new();
    };
    let (mut borrow, mut blind) = (Vec::new(), Vec::new());
    for (i, r) in runs.iter().enumerate().skip(1) {
        match (lacks(first), lacks(r)) {
            (true, true) => blind.push(i),
            (true, false) => borrow.push(0),
            (false, true) => borrow.push(i),
            (false, false) => {}
        }
    }
    borrow.sort_unstable();
    borrow.dedup();
    let names = |v: &[usize]| {
        v.iter()
            .map(|i| format!("[{}]", i + 1))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = Vec::new();
    if !borrow.is_empty() {
        out.push(format!(
            "one loop per test in {}: a change against a run with two loops or more takes its noise from that run's loops, which stand for both runs.",
            names(&borrow)
        ));
    }
    if !blind.is_empty() {
        out.push(format!(
            "too few loops to tell a change from noise: [1] and {} have one loop per test each, so their changes are marked by size alone.",
            names(&blind)
        ));
    }
    out
}

/// [`noise_notes`] under the tables, each line made by `line`.
fn noise_block(runs: &[RunSummary], line: fn(&str) -> String) -> String {
    let notes = noise_notes(runs);
    if notes.is_empty() {
        return String::new();
    }
    let mut out = "\n".to_string();
    for n in &notes {
        let _ = writeln!(out, "{}", line(n));
    }
    out
}

/// The tests that could not be judged, one line each, under the tables
/// (`gaps`): the same lines `--fail-if-worse` fails on.
fn gaps_note(runs: &[RunSummary], line: fn(&Gap) -> String) -> String {
    let gaps = gaps(runs);
    if gaps.is_empty() {
        return String::new();
    }
    let mut out = "\nnot compared (each fails --fail-if-worse):\n".to_string();
    for g in &gaps {
        let _ = writeln!(out, "{}", line(g));
    }
    out
}

/// How a metric's heading says which way is better.
fn sense(m: &Metric) -> &'static str {
    if m.higher_is_better {
        "higher is better"
    } else {
        "lower is better"
    }
}

/// The runs, one line each, as the text and Markdown heads show them.
fn run_line(r: &RunSummary) -> String {
    format!("{} · {} [{}] · {}", r.date, r.target, r.model, r.engine)
}

/// A text table per metric: figures right-aligned, their spread, changes
/// and marks beside them; the caution block first when settings differ.
pub fn render_text(runs: &[RunSummary]) -> String {
    let mut out = String::new();
    for (i, r) in runs.iter().enumerate() {
        let _ = writeln!(out, "[{}] {} · {}", i + 1, r.label, run_line(r));
    }
    let caution = caution_block(&differences(runs));
    if !caution.is_empty() {
        let _ = write!(out, "\n{caution}");
    }
    let keys = keys(runs);
    for m in &METRICS {
        let _ = writeln!(out, "\n{} ({}; change against [1])", m.name, sense(m));
        let rows: Vec<(String, Vec<Cell>)> = keys
            .iter()
            .map(|k| {
                let cells = (0..runs.len()).map(|i| cell_parts(runs, i, k, m)).collect();
                (format!("{} {}", k.0, k.1), cells)
            })
            .collect();
        out.push_str(&text_table(&rows, runs.len()));
    }
    out.push_str(&noise_block(runs, |n| n.to_string()));
    out.push_str(&gaps_note(runs, |g| format!("  {g}")));
    out
}

/// One metric's table: the value column right-aligned, the others left,
/// a column no row fills left out.
fn text_table(rows: &[(String, Vec<Cell>)], n: usize) -> String {
    let width = |cells: &mut dyn Iterator<Item = usize>| cells.max().unwrap_or(0);
    let name_w = width(&mut rows.iter().map(|r| r.0.chars().count()).chain([4]));
    let parts = |c: &Cell| [c.spread.clone(), c.change.clone(), c.mark.clone()];
    let mut out = String::new();
    let mut line = format!("{:<name_w$}", "test");
    let mut widths = Vec::new();
    for c in 0..n {
        let head = format!("[{}]", c + 1);
        let vw = width(
            &mut rows
                .iter()
                .map(|r| r.1[c].value.chars().count())
                .chain([head.len()]),
        );
        let rest: Vec<usize> = (0..3)
            .map(|p| width(&mut rows.iter().map(|r| parts(&r.1[c])[p].chars().count())))
            .collect();
        let pad: usize = rest.iter().filter(|w| **w > 0).map(|w| w + 1).sum();
        let _ = write!(line, "  {head:>vw$}{:pad$}", "");
        widths.push((vw, rest));
    }
    let _ = writeln!(out, "{}", line.trim_end());
    for (test, cells) in rows {
        let mut line = format!("{test:<name_w$}");
        for (c, (vw, rest)) in cells.iter().zip(&widths) {
            let _ = write!(line, "  {:>vw$}", c.value);
            for (s, w) in parts(c).iter().zip(rest) {
                if *w > 0 {
                    let _ = write!(line, " {s:<w$}");
                }
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

/// Markdown tables per metric, the caution list first when settings
/// differ.
pub fn render_markdown(runs: &[RunSummary]) -> String {
    // Every word read from the files (labels, paths, models, settings,
    // test names) is shown as text, never as HTML or a link.
    let md = crate::escape::markdown;
    let mut out = String::new();
    for (i, r) in runs.iter().enumerate() {
        let line = format!(
            "{} · {} [{}] · {}",
            md(&r.date),
            md(&r.target),
            md(&r.model),
            md(&r.engine)
        );
        let _ = writeln!(out, "{}. **{}** — {line}", i + 1, md(&r.label));
    }
    let diffs = differences(runs);
    if !diffs.is_empty() {
        let _ = writeln!(
            out,
            "\n**Caution**: these runs differ in settings that change the figures (against 1):\n"
        );
        for d in &diffs {
            let (setting, first, this) = (md(&d.setting), md(&d.first), md(&d.this));
            let _ = writeln!(out, "- {}: {setting}: {first} → {this}", d.run);
        }
    }
    let keys = keys(runs);
    for m in &METRICS {
        let _ = writeln!(out, "\n**{}** ({}; change against 1)\n", m.name, sense(m));
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
            let _ = write!(out, "| {} {} |", md(&k.0), md(&k.1));
            for i in 0..runs.len() {
                let _ = write!(out, " {} |", cell(runs, i, k, m));
            }
            let _ = writeln!(out);
        }
    }
    // A paragraph each: Markdown joins lines that follow each other.
    out.push_str(&noise_block(runs, |n| format!("{n}\n")));
    out.push_str(&gaps_note(runs, |g| format!("- {g}")));
    out
}

/// compare's JSON document. The fields are in the order compare has
/// always written them; `settings_differences` came later.
#[derive(Serialize)]
struct JsonDoc<'a> {
    /// Per test and direction.
    rows: Vec<JsonRow<'a>>,
    /// The runs, in the order given.
    runs: Vec<JsonRun<'a>>,
    /// The settings in which each run differs from the first.
    settings_differences: Vec<super::settings::Difference>,
    /// The tests that could not be judged against the first run.
    not_compared: Vec<JsonGap>,
    /// What the tables do not show of the noise: the sentences the text
    /// and Markdown print under their tables.
    notes: Vec<String>,
}

/// A test of a run that could not be judged (`gaps`).
#[derive(Serialize)]
struct JsonGap {
    /// The run, from 1.
    run: usize,
    /// Test and direction; empty for a run without tests.
    test: String,
    /// `no tests`, `missing`, `no I/O`, `no figure` or `zero`.
    why: &'static str,
    /// The sentence the text shows.
    message: String,
}

/// One run compared.
#[derive(Serialize)]
struct JsonRun<'a> {
    date: &'a str,
    engine: &'a str,
    label: &'a str,
    model: &'a str,
    target: &'a str,
    /// The file name or `#id` it was read from.
    source: &'a str,
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
    /// `better`, `worse`, `within noise` or `same`; null for the first
    /// run and where a change cannot be computed.
    mbps_mark: Vec<Option<&'static str>>,
    iops_mark: Vec<Option<&'static str>>,
    mean_us_mark: Vec<Option<&'static str>>,
    /// The half-width of the change's 95 % interval, percentage points
    /// (docs/report.md#better-or-worse-and-noise); null where neither run
    /// has two loops with the figure.
    mbps_noise_pct: Vec<Option<f64>>,
    iops_noise_pct: Vec<Option<f64>>,
    mean_us_noise_pct: Vec<Option<f64>>,
}

/// One run's figures of a test.
#[derive(Serialize)]
struct JsonValues<'a> {
    test: &'a str,
    direction: &'a str,
    mbps: Option<f64>,
    iops: Option<f64>,
    mean_us: Option<f64>,
    /// How many loops have the MB/s figure.
    loops: usize,
    /// The loops' spread (CI95 half-width, percent); absent for one loop.
    #[serde(skip_serializing_if = "Option::is_none")]
    mbps_ci95_pct: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    iops_ci95_pct: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mean_us_ci95_pct: Option<f64>,
}

/// JSON: the runs, how their settings differ, and per test and direction
/// each run's figures, changes against the first and what they mean.
pub fn render_json(runs: &[RunSummary]) -> String {
    let keys = keys(runs);
    let rows: Vec<JsonRow<'_>> = keys.iter().map(|k| json_row(runs, k)).collect();
    let settings_differences = differences(runs);
    let not_compared = gaps(runs)
        .iter()
        .map(|g| JsonGap {
            run: g.run,
            test: g.test.clone(),
            why: g.word(),
            message: g.to_string(),
        })
        .collect();
    let notes = noise_notes(runs);
    let runs = runs
        .iter()
        .map(|r| JsonRun {
            date: &r.date,
            engine: &r.engine,
            label: &r.label,
            model: &r.model,
            target: &r.target,
            source: &r.source,
        })
        .collect();
    let mut s = crate::escape::to_json_pretty(&JsonDoc {
        rows,
        runs,
        settings_differences,
        not_compared,
        notes,
    })
    .unwrap_or_default();
    s.push('\n');
    s
}

fn json_row<'a>(runs: &'a [RunSummary], k: &'a (String, String)) -> JsonRow<'a> {
    let judged = |m: &Metric| -> Vec<Option<Judged>> {
        (0..runs.len()).map(|i| judge_key(runs, i, k, m)).collect()
    };
    let [mb, io, lat] = [&METRICS[0], &METRICS[1], &METRICS[2]].map(judged);
    let change = |j: &[Option<Judged>]| j.iter().map(|j| j.map(|j| j.change_pct)).collect();
    // The first run's own change (0) is kept, as compare always wrote it.
    let mark = |j: &[Option<Judged>]| {
        j.iter()
            .enumerate()
            .map(|(i, j)| j.filter(|_| i > 0).map(|j| j.mark.word()))
            .collect()
    };
    let noise = |j: &[Option<Judged>]| j.iter().map(|j| j.and_then(|j| j.noise_pct())).collect();
    JsonRow {
        test: &k.0,
        direction: &k.1,
        mbps_change_pct: change(&mb),
        iops_change_pct: change(&io),
        mean_us_change_pct: change(&lat),
        mbps_mark: mark(&mb),
        iops_mark: mark(&io),
        mean_us_mark: mark(&lat),
        mbps_noise_pct: noise(&mb),
        iops_noise_pct: noise(&io),
        mean_us_noise_pct: noise(&lat),
        values: runs
            .iter()
            .map(|r| {
                let s = find_spread(r, k);
                find(r, k).map(|row| JsonValues {
                    test: &row.test,
                    direction: &row.direction,
                    mbps: row.mbps,
                    iops: row.iops,
                    mean_us: row.mean_us,
                    loops: s.mbps.n,
                    mbps_ci95_pct: s.mbps.shown(),
                    iops_ci95_pct: s.iops.shown(),
                    mean_us_ci95_pct: s.mean_us.shown(),
                })
            })
            .collect(),
    }
}
