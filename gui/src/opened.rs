//! A saved result JSON read back for the grid: refused, in the sentence
//! `diskmark compare` says for the same file, when it is not a regular
//! file, larger than [`MAX_RESULT_BYTES`], not UTF-8, not JSON (deep
//! nesting included: the parser's depth limit), not diskmark's, or has a
//! field of the wrong type. Its text is shown as text only, escaped.

use crate::actions_state::Shown;
use diskmark::compare::CompareError;
use diskmark::report::escape::escaped;
use diskmark::report::model::{self, ReadError, Run};
use diskmark::report::rows::Row;
use diskmark::stats::{DirSummary, LatSummary};
use diskmark::workload::{Direction, TestSpec, parse_test};
use std::collections::HashMap;
use std::io::Read;
use std::path::Path;

/// Far more than any result diskmark writes (a few MB with every loop's
/// samples), and little enough to hold in the window.
pub const MAX_RESULT_BYTES: u64 = 64 << 20;

/// A result file ready for the grid: what is shown, and the cells keyed
/// by (row, column) as a run's are.
#[derive(Debug)]
pub struct Opened {
    /// The file and its rows and columns.
    pub shown: Shown,
    /// The figures, only where the file has them.
    pub cells: HashMap<(usize, usize), DirSummary>,
    /// The file's notes (escaped), and what of it could not be shown.
    pub notes: Vec<String>,
}

/// Reads `path`; `Err` is one sentence.
pub fn open(path: &Path) -> Result<Opened, String> {
    let label = escaped(&path.display().to_string());
    let text = read_bounded(path, &label).map_err(|e| e.to_string())?;
    let run = read_run(&label, &text).map_err(|e| e.to_string())?;
    layout(label, run)
}

/// The file's text, refusing what is not a regular file of at most
/// [`MAX_RESULT_BYTES`] of UTF-8 (/dev/zero, a FIFO, a huge file).
fn read_bounded(path: &Path, label: &str) -> Result<String, CompareError> {
    let io = |e: std::io::Error| CompareError::Io(label.to_string(), e);
    let f = std::fs::File::open(path).map_err(io)?;
    let m = f.metadata().map_err(io)?;
    if !m.is_file() {
        return Err(io(std::io::Error::other("not a regular file")));
    }
    let too_large = || {
        CompareError::NotJson(
            label.to_string(),
            format!("larger than {} MiB", MAX_RESULT_BYTES >> 20),
        )
    };
    if m.len() > MAX_RESULT_BYTES {
        return Err(too_large());
    }
    // It may grow while it is read: never more than the limit is taken.
    let mut bytes = Vec::new();
    f.take(MAX_RESULT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_RESULT_BYTES {
        return Err(too_large());
    }
    String::from_utf8(bytes)
        .map_err(|_| CompareError::NotJson(label.to_string(), "not UTF-8 text".into()))
}

/// The model, or `diskmark compare`'s sentence for the same file.
fn read_run(label: &str, text: &str) -> Result<Run, CompareError> {
    let label = label.to_string();
    Run::from_json(text).map_err(|e| match e {
        ReadError::NotJson(why) => CompareError::NotJson(label, why),
        ReadError::NotDiskmark => CompareError::NotDiskmark(label),
        ReadError::Schema(found) => CompareError::Schema { label, found },
        ReadError::BadValue { field, why } => CompareError::BadValue { label, field, why },
    })
}

/// Rows, columns and cells of a run read from a file.
fn layout(label: String, run: Run) -> Result<Opened, String> {
    let mut rows: Vec<TestSpec> = Vec::new();
    let mut mix: Option<u8> = None;
    let mut cells = HashMap::new();
    let mut unplaced = 0;
    for (i, t) in run.tests.iter().enumerate() {
        let spec = parse_test(&t.name).map_err(|e| {
            format!(
                "{label} is not a valid diskmark result: tests[{i}].name {}",
                escaped(&e.to_string())
            )
        })?;
        let col = match t.direction {
            Some(model::Direction::Read) => 0,
            Some(model::Direction::Write) => 1,
            Some(model::Direction::Mix) => {
                mix.get_or_insert(t.read_pct.unwrap_or(0).min(100));
                2
            }
            None => {
                unplaced += 1;
                continue;
            }
        };
        let row = match rows.iter().position(|r| *r == spec) {
            Some(r) => r,
            None => {
                rows.push(spec);
                rows.len() - 1
            }
        };
        if let Some(s) = summary(t) {
            cells.insert((row, col), s);
        }
    }
    let mut columns = vec![Direction::Read, Direction::Write];
    columns.extend(mix.map(|read_pct| Direction::Mix { read_pct }));
    let mut notes: Vec<String> = run.notes.iter().map(|n| escaped(n)).collect();
    if unplaced > 0 {
        notes.push(crate::strings::no_direction(unplaced));
    }
    let shown = Shown {
        label,
        run,
        rows,
        columns,
    };
    Ok(Opened {
        shown,
        cells,
        notes,
    })
}

/// A test's headline figures as a cell, only when the file has them: a
/// window without I/O (or a file lacking its counts) has no cell, so no
/// figure that was not measured is shown.
fn summary(t: &model::Test) -> Option<DirSummary> {
    let figures = Row::of(t).figures()?;
    let total = &t.result.total;
    let s = DirSummary {
        window_ns: t.result.window_ns?,
        ios: total.ios?,
        bytes: total.bytes,
        mbps: figures.mbps,
        iops: figures.iops,
        lat: Some(LatSummary {
            mean_us: figures.mean_us,
            min_us: 0.0,
            max_us: 0.0,
            stddev_us: 0.0,
            percentiles_us: Vec::new(),
        }),
    };
    s.completed().then_some(s)
}
