//! A saved result JSON read back for the grid: refused, in the sentence
//! `diskmark compare` says for the same file, when it is not a regular
//! file (a FIFO, a socket, a device, a directory), larger than [`MAX_RESULT_BYTES`], not UTF-8, not JSON (deep
//! nesting included: the parser's depth limit), not diskmark's, or has a
//! field of the wrong type. Its text is shown as text only, escaped.

use crate::actions_state::Shown;
use diskmark::front::CellDetail;
use diskmark::inputs::Input;
use diskmark::report::escape::escaped;
use diskmark::report::model::{self, Run};
use diskmark::report::tables::rows::Row;
use diskmark::stats::{DirSummary, LatSummary, Spread};
use diskmark::workload::{Direction, TestSpec, parse_test};
use std::collections::HashMap;
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
    pub cells: HashMap<(usize, usize), (DirSummary, CellDetail)>,
    /// The file's notes (escaped), and what of it could not be shown.
    pub notes: Vec<String>,
}

/// Reads `path`; `Err` is one sentence.
pub fn open(path: &Path) -> Result<Opened, String> {
    let label = escaped(&path.display().to_string());
    let run = diskmark::compare::read_result(path, &RESULT).map_err(|e| e.to_string())?;
    layout(label, run)
}

/// A result as the window reads it: the library's, with the window's own
/// limit.
const RESULT: Input = Input {
    limit: MAX_RESULT_BYTES,
    ..diskmark::inputs::RESULT
};

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
            cells.insert((row, col), (s, detail(t)));
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

/// The Q/T that ran, when the file says it was adapted, and the spread
/// of the loops' MB/s as the file recorded it (a file written before the
/// mean was recorded has none: nothing is made up).
fn detail(t: &model::Test) -> CellDetail {
    let ran = (t.applied_name != t.name)
        .then(|| parse_test(&t.applied_name).ok())
        .flatten();
    let spread = t.across_loops.mbps.and_then(|s| {
        Some(Spread {
            n: t.loops.len(),
            min: s.min,
            median: s.median,
            max: s.max,
            mean: s.mean?,
            stddev: s.stddev,
            ci95_pct: s.ci95_pct,
        })
    });
    CellDetail { ran, spread }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Makes a special file with coreutils' `mkfifo` or `mknod` (a block
    /// device node needs root, which CI has).
    fn make(cmd: &[&str]) {
        let ok = std::process::Command::new(cmd[0])
            .args(&cmd[1..])
            .status()
            .is_ok_and(|s| s.success());
        assert!(
            ok,
            "{cmd:?} failed: the refusal cannot be tested without it"
        );
    }

    #[test]
    fn open_result_refuses_what_is_not_a_regular_file_without_waiting() {
        let dir = tempfile::tempdir().unwrap();
        let at = |n: &str| dir.path().join(n).to_string_lossy().into_owned();
        make(&["mkfifo", &at("fifo.json")]);
        make(&["mknod", &at("block.json"), "b", "7", "0"]);
        let _sock = std::os::unix::net::UnixListener::bind(at("sock.json")).unwrap();
        for (path, kind) in [
            (at("fifo.json"), "a FIFO"),
            (at("sock.json"), "a socket"),
            (at("block.json"), "a block device"),
            ("/dev/null".to_string(), "a character device"),
            (dir.path().to_string_lossy().into_owned(), "a directory"),
        ] {
            // A FIFO without a writer would block a plain open for ever:
            // this returns at once, in one sentence.
            let e = open(Path::new(&path)).unwrap_err();
            assert_eq!(
                e,
                format!("{path} is {kind}, not a diskmark result file; give a regular file")
            );
        }
    }
}
