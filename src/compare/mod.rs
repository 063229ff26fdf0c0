//! `diskmark compare`: runs side by side, per test and direction, with the
//! change against the first. Reads diskmark's JSON (files or stored runs)
//! through the typed model ([`crate::report::model`]), refusing anything
//! else.

mod chart;
mod gaps;
mod gate;
mod noise;
mod render;
mod settings;
mod summary;
mod verdict;

pub use crate::report::tables::rows::Row;
pub use chart::render_chart;
pub use gaps::{Gap, Why, gaps};
pub use gate::{Blind, Failure, Figure, Gate, Unjudged, gate, parse_pct};
pub use noise::{Basis, Loops, MAX_LOOPS, Noise, noise};
pub use render::{render_json, render_markdown, render_text};
pub use settings::{Difference, caution_block, differences, differing_names};
pub use summary::{RowSpread, RunSettings, RunSummary, change, summary};
pub use verdict::{Judged, METRICS, Mark, Metric, judge, judge_key};

use crate::report::escape::escaped;
use crate::report::model::{ReadError, Run};

/// Why a result cannot be compared.
#[derive(Debug, thiserror::Error)]
pub enum CompareError {
    /// The file is not a regular file, is too large, or cannot be read
    /// (docs/report.md#compare).
    #[error(transparent)]
    Input(#[from] crate::inputs::InputError),
    /// Not JSON at all.
    #[error("{0} is not a diskmark result (not JSON: {1})")]
    NotJson(String, String),
    /// JSON, but not diskmark's.
    #[error("{0} is not a diskmark result (no schema_version and tool \"diskmark\")")]
    NotDiskmark(String),
    /// Another version of the format.
    #[error(
        "{label} has schema version {found}; this diskmark reads version {}",
        crate::report::model::SCHEMA_VERSION
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
    /// `--same-settings`, and the runs' settings differ.
    #[error(
        "--same-settings: these runs differ in {0}; drop --same-settings to compare them anyway"
    )]
    DifferentSettings(String),
}

/// Reads a stored run (history id `id`): named `#id`, followed by its
/// label when it has one.
pub fn from_stored(id: i64, text: &str) -> Result<RunSummary, CompareError> {
    from_json(&format!("#{id}"), text)
}

/// Reads one diskmark JSON result, refusing figures that no measurement
/// gives and escaping every string for the terminal. `label` (a file
/// name) names it unless the result has its own `--label`.
pub fn from_json(label: &str, text: &str) -> Result<RunSummary, CompareError> {
    let label = escaped(label);
    let run = parse(&label, text)?;
    Ok(summary(label, &run, text))
}

/// The model of `text`, or the sentence naming `label` (already escaped).
fn parse(label: &str, text: &str) -> Result<Run, CompareError> {
    let label = label.to_string();
    Run::from_json(text).map_err(|e| match e {
        ReadError::NotJson(why) => CompareError::NotJson(label, why),
        ReadError::NotDiskmark => CompareError::NotDiskmark(label),
        ReadError::Schema(found) => CompareError::Schema { label, found },
        ReadError::BadValue { field, why } => CompareError::BadValue { label, field, why },
    })
}

/// A result file's text: only a regular file of at most `input`'s limit
/// (a FIFO, a device or a directory is refused before anything waits on
/// it), of UTF-8.
fn read_text(path: &std::path::Path, input: &crate::inputs::Input) -> Result<String, CompareError> {
    let label = escaped(&path.display().to_string());
    let bytes = crate::inputs::read(path, &label, input)?;
    String::from_utf8(bytes).map_err(|_| CompareError::NotJson(label, "not UTF-8 text".into()))
}

/// Reads a result file: only a regular file of at most
/// [`crate::inputs::RESULT`]'s limit (a FIFO, a device or a directory is
/// refused before anything waits on it).
pub fn load(path: &std::path::Path) -> Result<RunSummary, CompareError> {
    let label = escaped(&path.display().to_string());
    let name = path
        .file_name()
        .map_or(label.clone(), |n| escaped(&n.to_string_lossy()));
    let text = read_text(path, &crate::inputs::RESULT).map_err(|e| match e {
        CompareError::NotJson(_, why) => CompareError::NotJson(name.clone(), why),
        e => e,
    })?;
    from_json(&name, &text)
}

/// A result file read back as its model (`diskmark report`, the window's
/// opened result), refused in the sentences `compare` says for it: not a
/// regular file of at most `input`'s limit, not UTF-8, not JSON, not
/// diskmark's, or a field of the wrong type.
pub fn read_result(
    path: &std::path::Path,
    input: &crate::inputs::Input,
) -> Result<Run, CompareError> {
    let text = read_text(path, input)?;
    parse(&escaped(&path.display().to_string()), &text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

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
            m.contains("| SEQ1M Q8T1 read | 1000.000 | 1100.000 (+10.0%) better |"),
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
