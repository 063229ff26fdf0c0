//! `diskmark compare`: runs side by side, per test and direction, with the
//! change against the first. Reads diskmark's JSON (files or stored runs),
//! refusing anything else.

use serde::Serialize;
use serde_json::Value;
use std::fmt::Write;

/// Why a result cannot be compared.
#[derive(Debug, thiserror::Error)]
pub enum CompareError {
    /// The file cannot be read.
    #[error("cannot read {0}: {1}")]
    Io(String, std::io::Error),
    /// Not JSON at all.
    #[error("{0} is not a diskmark result (not JSON: {1})")]
    NotJson(String, String),
    /// JSON, but not diskmark's.
    #[error("{0} is not a diskmark result (no schema_version and tool \"diskmark\")")]
    NotDiskmark(String),
    /// Another version of the format.
    #[error(
        "{label} has schema version {found}; this diskmark reads version {}",
        crate::report::json::SCHEMA_VERSION
    )]
    Schema {
        /// Which input.
        label: String,
        /// Its version.
        found: i64,
    },
    /// A figure that no measurement gives (negative, huge) or a field of
    /// the wrong type.
    #[error("{label} is not a valid diskmark result: {field} {why}")]
    BadValue {
        /// Which input.
        label: String,
        /// Where in it.
        field: String,
        /// What is wrong.
        why: String,
    },
    /// Fewer than two runs.
    #[error("compare needs at least two runs (files or stored run ids)")]
    TooFew,
}

/// One test and direction of a run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// `SEQ1M Q8T1`.
    pub test: String,
    /// `read`, `write`, `mix70`.
    pub direction: String,
    /// MB/s; `None` when no I/O completed in the window.
    pub mbps: Option<f64>,
    /// IOPS; `None` when no I/O completed.
    pub iops: Option<f64>,
    /// Mean latency, µs; `None` when no I/O completed.
    pub mean_us: Option<f64>,
}

/// What compare needs of one run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunSummary {
    /// How the run is named in the table (file name or `#id`).
    pub label: String,
    /// When it ran.
    pub date: String,
    /// Where.
    pub target: String,
    /// The device model.
    pub model: String,
    /// The engine label.
    pub engine: String,
    /// Its tests.
    pub rows: Vec<Row>,
}

/// Larger than any MB/s, IOPS or µs a run can measure (an hour is 3.6e9
/// µs): a figure above it is not a measurement.
const MAX_FIGURE: f64 = 1e12;

/// A string field, escaped for the terminal; `default` when absent.
fn text(v: &Value, default: &str) -> String {
    crate::report::escape::escaped(v.as_str().unwrap_or(default))
}

/// A figure of test `i`: absent or null is no figure (no I/O completed);
/// anything but a finite number in 0..=[`MAX_FIGURE`] is refused.
fn figure(label: &str, i: usize, field: &str, v: &Value) -> Result<Option<f64>, CompareError> {
    let bad = |why: &str| CompareError::BadValue {
        label: label.into(),
        field: format!("tests[{i}].result.total.{field}"),
        why: why.into(),
    };
    match v {
        Value::Null => Ok(None),
        Value::Number(n) => match n.as_f64() {
            Some(x) if x.is_finite() && (0.0..=MAX_FIGURE).contains(&x) => Ok(Some(x)),
            Some(x) if x < 0.0 => Err(bad("is negative")),
            _ => Err(bad("is larger than any measurement")),
        },
        _ => Err(bad("is not a number")),
    }
}

/// Reads one diskmark JSON result, refusing figures that no measurement
/// gives and escaping every string for the terminal.
pub fn from_json(label: &str, text_in: &str) -> Result<RunSummary, CompareError> {
    let label = crate::report::escape::escaped(label);
    let label = label.as_str();
    let v: Value = serde_json::from_str(text_in)
        .map_err(|e| CompareError::NotJson(label.into(), e.to_string()))?;
    let version = v["schema_version"].as_i64();
    if version.is_none() || v["tool"]["name"] != "diskmark" {
        return Err(CompareError::NotDiskmark(label.into()));
    }
    if version != Some(i64::from(crate::report::json::SCHEMA_VERSION)) {
        return Err(CompareError::Schema {
            label: label.into(),
            found: version.unwrap_or(0),
        });
    }
    let tests = match &v["tests"] {
        Value::Array(tests) => tests.as_slice(),
        Value::Null => &[],
        _ => {
            return Err(CompareError::BadValue {
                label: label.into(),
                field: "tests".into(),
                why: "is not a list".into(),
            });
        }
    };
    let mut rows = Vec::with_capacity(tests.len());
    for (i, t) in tests.iter().enumerate() {
        let total = &t["result"]["total"];
        let direction = match (t["direction"].as_str(), t["read_pct"].as_u64()) {
            (Some("mix"), Some(p)) => format!("mix{p}"),
            (Some(d), _) => crate::report::escape::escaped(d),
            _ => "?".into(),
        };
        let mut mbps = figure(label, i, "mbps", &total["mbps"])?;
        let mut iops = figure(label, i, "iops", &total["iops"])?;
        let mut mean_us = figure(label, i, "lat_us.mean", &total["lat_us"]["mean"])?;
        // A window without I/O has no figures, whatever else the file says.
        if total["no_io"] == Value::Bool(true) || total["ios"] == 0 || t["result"]["window_ns"] == 0
        {
            (mbps, iops, mean_us) = (None, None, None);
        }
        rows.push(Row {
            test: text(&t["name"], "?"),
            direction,
            mbps,
            iops,
            mean_us,
        });
    }
    Ok(RunSummary {
        label: label.into(),
        date: text(&v["date"], "")
            .chars()
            .take(19)
            .collect::<String>()
            .replace('T', " "),
        target: text(&v["target"]["path"], "?"),
        model: text(&v["target"]["device"]["model"], "unknown"),
        engine: text(&v["engine"]["label"], "?"),
        rows,
    })
}

/// Larger than any result diskmark writes (every loop's samples included).
const MAX_RESULT_BYTES: u64 = 256 << 20;

/// Reads a result file.
pub fn load(path: &std::path::Path) -> Result<RunSummary, CompareError> {
    let label = crate::report::escape::escaped(&path.display().to_string());
    let name = path.file_name().map_or(label.clone(), |n| {
        crate::report::escape::escaped(&n.to_string_lossy())
    });
    // At most a little more than any result: /dev/zero or a huge file is
    // refused, not read until memory runs out.
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| {
            use std::io::Read;
            f.take(MAX_RESULT_BYTES + 1).read_to_end(&mut bytes)
        })
        .map_err(|e| CompareError::Io(label.clone(), e))?;
    if bytes.len() as u64 > MAX_RESULT_BYTES {
        return Err(CompareError::NotJson(
            name,
            format!("larger than {} MiB", MAX_RESULT_BYTES >> 20),
        ));
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| CompareError::NotJson(name.clone(), "not UTF-8 text".into()))?;
    from_json(&name, &text)
}

/// The (test, direction) keys of all runs: the first run's order, then
/// what only later runs have.
fn keys(runs: &[RunSummary]) -> Vec<(String, String)> {
    let mut k: Vec<(String, String)> = Vec::new();
    for r in runs {
        for row in &r.rows {
            let key = (row.test.clone(), row.direction.clone());
            if !k.contains(&key) {
                k.push(key);
            }
        }
    }
    k
}

fn find<'a>(run: &'a RunSummary, key: &(String, String)) -> Option<&'a Row> {
    run.rows
        .iter()
        .find(|r| r.test == key.0 && r.direction == key.1)
}

/// Change of `v` against `base`, in percent.
pub fn change(base: f64, v: f64) -> Option<f64> {
    (base > 0.0).then(|| (v / base - 1.0) * 100.0)
}

type Metric = (&'static str, fn(&Row) -> Option<f64>, usize);

/// The metrics compared: name, figure, decimals.
const METRICS: [Metric; 3] = [
    ("MB/s", |r| r.mbps, 3),
    ("IOPS", |r| r.iops, 1),
    ("mean latency, µs", |r| r.mean_us, 2),
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
    for (name, f, digits) in METRICS {
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
    for (name, f, digits) in METRICS {
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

#[derive(Serialize)]
struct JsonRow<'a> {
    test: &'a str,
    direction: &'a str,
    values: Vec<Option<&'a Row>>,
    mbps_change_pct: Vec<Option<f64>>,
    iops_change_pct: Vec<Option<f64>>,
    mean_us_change_pct: Vec<Option<f64>>,
}

/// JSON: the runs and, per test and direction, each run's figures and
/// changes against the first.
pub fn render_json(runs: &[RunSummary]) -> String {
    let keys = keys(runs);
    let rows: Vec<JsonRow<'_>> = keys
        .iter()
        .map(|k| {
            let base = find(&runs[0], k);
            let values: Vec<Option<&Row>> = runs.iter().map(|r| find(r, k)).collect();
            let ch = |f: fn(&Row) -> Option<f64>| -> Vec<Option<f64>> {
                values
                    .iter()
                    .map(|v| change(f(base?)?, f((*v)?)?))
                    .collect()
            };
            JsonRow {
                test: &k.0,
                direction: &k.1,
                mbps_change_pct: ch(|r| r.mbps),
                iops_change_pct: ch(|r| r.iops),
                mean_us_change_pct: ch(|r| r.mean_us),
                values,
            }
        })
        .collect();
    let runs_meta: Vec<serde_json::Value> = runs
        .iter()
        .map(|r| {
            serde_json::json!({"label": r.label, "date": r.date, "target": r.target,
                "model": r.model, "engine": r.engine})
        })
        .collect();
    let mut s = serde_json::to_string_pretty(&serde_json::json!({
        "runs": runs_meta,
        "rows": rows,
    }))
    .unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(mbps: &[f64]) -> String {
        let tests: Vec<Value> = ["SEQ1M Q8T1", "RND4K Q1T1"]
            .iter()
            .zip(mbps)
            .map(|(n, m)| {
                serde_json::json!({"name": n, "direction": "read", "read_pct": null,
                    "result": {"total": {"mbps": m, "iops": m * 10.0, "lat_us": {"mean": 100.0 / m}}}})
            })
            .collect();
        serde_json::json!({"schema_version": 1, "tool": {"name": "diskmark"}, "date": "2026-11-30T10:00:00+00:00",
            "target": {"path": "/var/tmp", "device": {"model": "virtio disk"}},
            "engine": {"label": "io_uring (native)"}, "tests": tests})
        .to_string()
    }

    #[test]
    fn deltas_against_the_first_run() {
        let a = from_json("a.json", &result(&[1000.0, 50.0])).unwrap();
        let b = from_json("b.json", &result(&[1100.0, 40.0])).unwrap();
        let t = render_text(&[a.clone(), b.clone()]);
        assert!(
            t.contains("SEQ1M Q8T1 read  1000.000  1100.000 (+10.0%)"),
            "{t}"
        );
        assert!(
            t.contains("RND4K Q1T1 read    50.000    40.000 (-20.0%)"),
            "{t}"
        );
        let v: Value = serde_json::from_str(&render_json(&[a.clone(), b.clone()])).unwrap();
        assert_eq!(
            v["rows"][0]["mbps_change_pct"][1].as_f64().unwrap().round(),
            10.0
        );
        assert!(v["rows"][0]["mbps_change_pct"][0].as_f64().unwrap().abs() < 1e-12);
        let m = render_markdown(&[a, b]);
        assert!(
            m.contains("| SEQ1M Q8T1 read | 1000.000 | 1100.000 (+10.0%) |"),
            "{m}"
        );
    }

    #[test]
    fn refusals() {
        assert!(matches!(
            from_json("x", "not json"),
            Err(CompareError::NotJson(..))
        ));
        assert!(matches!(
            from_json("x", "{\"a\": 1}"),
            Err(CompareError::NotDiskmark(_))
        ));
        let v2 = result(&[1.0, 1.0]).replace("\"schema_version\":1", "\"schema_version\":2");
        let e = from_json("v2.json", &v2).unwrap_err();
        assert_eq!(
            e.to_string(),
            "v2.json has schema version 2; this diskmark reads version 1"
        );
    }
}
