//! What compare shows of one run, and how runs line up.

use crate::report::escape::escaped;
use crate::report::model::Run;
use crate::report::rows::Row;

/// What compare needs of one run.
#[derive(Debug, Clone, PartialEq)]
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

/// What compare shows of a run: every string escaped, `?` for what the
/// file does not say.
pub fn summary(label: String, run: &Run) -> RunSummary {
    let known = |s: String| if s.is_empty() { "?".to_string() } else { s };
    let rows = crate::report::rows::rows(run)
        .into_iter()
        .map(|r| Row {
            test: known(escaped(&r.test)),
            direction: escaped(&r.direction),
            ..r
        })
        .collect();
    RunSummary {
        label,
        date: escaped(&run.date)
            .chars()
            .take(19)
            .collect::<String>()
            .replace('T', " "),
        target: known(escaped(&run.target.path.to_string_lossy())),
        model: run
            .target
            .device
            .as_ref()
            .and_then(|d| d.model.as_deref())
            .map_or_else(|| "unknown".to_string(), escaped),
        engine: known(escaped(&run.engine.label)),
        rows,
    }
}

/// The (test, direction) keys of all runs: the first run's order, then
/// what only later runs have.
pub(super) fn keys(runs: &[RunSummary]) -> Vec<(String, String)> {
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

pub(super) fn find<'a>(run: &'a RunSummary, key: &(String, String)) -> Option<&'a Row> {
    run.rows
        .iter()
        .find(|r| r.test == key.0 && r.direction == key.1)
}

/// Change of `v` against `base`, in percent.
pub fn change(base: f64, v: f64) -> Option<f64> {
    (base > 0.0).then(|| (v / base - 1.0) * 100.0)
}
