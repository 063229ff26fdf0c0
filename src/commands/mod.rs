//! The commands: a run of the grid or the TUI (`run.rs`), a sustained
//! write, a span map, a run on many hosts, and engines, targets, compare,
//! history, report, completions, man. Each is a thin adapter: options → the
//! library's plan → its run → [`finish`]; each returns the exit code or an
//! error for main to print.

pub mod engines;
mod finish;
mod hosts;
mod report;
mod run;
mod span;
mod sustained;
pub mod targets;

pub use finish::finish;
pub use hosts::hosts;
pub use report::report;
pub use run::{benchmark, tui};
pub use span::span;
pub use sustained::sustained;

use crate::Error;
use crate::cli::{CompareArgs, CompareFormat, HistoryArgs, HistoryCommand, ListFormat, ManArgs};
use crate::compare::{self, CompareError, RunSummary};
use crate::engine::registry::{default_engine, probe_all};
use crate::history::{self, History, HistoryError};
use crate::outputs::{self, OutputPath};

/// Fails when diskmark started with stdout closed
/// ([`crate::export::stdout::stdout_open`]).
pub fn stdout_open() -> Result<(), Error> {
    Ok(crate::export::stdout::stdout_open()?)
}

/// Writes `text` to stdout, or fails: a report that could not be written
/// (a full disk, a closed stdout, a reader that went away) is an error,
/// never a silent exit 0.
pub fn print(text: &str) -> Result<(), Error> {
    Ok(crate::export::stdout::print(text)?)
}

/// `diskmark engines`.
pub fn engines(format: ListFormat) -> Result<u8, Error> {
    let listed = engines::list(probe_all());
    let default = default_engine();
    print(&match format {
        ListFormat::Text => engines::render_text(&listed, default),
        ListFormat::Json => engines::render_json(&listed, default),
    })?;
    Ok(0)
}

/// `diskmark targets`.
pub fn targets(format: ListFormat) -> Result<u8, Error> {
    let list = crate::target::list();
    print(&match format {
        ListFormat::Text => targets::render_text(&list),
        ListFormat::Json => targets::render_json(&list),
    })?;
    Ok(0)
}

/// `diskmark compare`.
pub fn compare(args: CompareArgs) -> Result<u8, Error> {
    let chart = args.chart.as_deref().map(compare_chart_path).transpose()?;
    let db = || match &args.history {
        Some(p) => Ok(p.clone()),
        None => history::default_path(),
    };
    let mut runs: Vec<RunSummary> = Vec::new();
    let stored = |id: i64| -> Result<RunSummary, Error> {
        let h = History::open_existing(&db()?)?;
        let r = h.get(id)?;
        Ok(compare::from_stored(id, &r.json)?)
    };
    if let Some(n) = args.last {
        let h = History::open_existing(&db()?)?;
        for r in h.last(n)? {
            runs.push(compare::from_stored(r.id, &r.json)?);
        }
    }
    for input in &args.inputs {
        let path = std::path::Path::new(input);
        match input.parse::<i64>() {
            Ok(id) if !path.exists() => runs.push(stored(id)?),
            _ => runs.push(compare::load(path)?),
        }
    }
    if runs.len() < 2 {
        return Err(CompareError::TooFew.into());
    }
    let diffs = compare::differences(&runs);
    if args.same_settings && !diffs.is_empty() {
        return Err(CompareError::DifferentSettings(compare::differing_names(&diffs)).into());
    }
    print(&match args.format {
        CompareFormat::Text => compare::render_text(&runs),
        CompareFormat::Markdown => compare::render_markdown(&runs),
        CompareFormat::Json => compare::render_json(&runs),
    })?;
    if let Some(path) = &chart {
        let svg = compare::render_chart(&runs);
        let bytes = crate::report::png::encode(&svg, &path.shown).map_err(|source| {
            crate::export::ExportError::Image {
                path: path.shown.clone(),
                source,
            }
        })?;
        path.write(&bytes).map_err(|source| Error::Chart {
            path: path.shown.clone(),
            source,
        })?;
    }
    // After the report: a CI log shows the figures, then what failed.
    // A test that is missing or unmeasured fails too: a gate passes only
    // on figures it compared (docs/report.md#failing-a-ci-job).
    if let Some(pct) = args.fail_if_worse {
        let gate = compare::gate(&runs, pct);
        for line in gate.lines() {
            crate::escape::say(format_args!("{line}"));
        }
        if !gate.passed() {
            return Ok(1);
        }
    }
    Ok(0)
}

/// `compare --chart`: an .svg or .png file (or a stream), checked like a
/// run's outputs before anything is read.
fn compare_chart_path(path: &std::path::Path) -> Result<OutputPath, Error> {
    let checked = outputs::check(path, "--chart", outputs::Forbidden::default())?;
    crate::report::png::check_name(path, checked.is_stream(), "--chart")?;
    Ok(checked)
}

/// `diskmark history`.
pub fn history(args: HistoryArgs) -> Result<u8, Error> {
    let db = match &args.history {
        Some(p) => p.clone(),
        None => history::default_path()?,
    };
    // Listing an empty history says so; it does not create the database.
    let h = match History::open_existing(&db) {
        Err(HistoryError::Absent(_)) if args.command.is_none() => None,
        h => Some(h?),
    };
    match args.command {
        None => {
            let runs = match &h {
                Some(h) => h.list(args.target.as_deref(), args.model.as_deref())?,
                None => Vec::new(),
            };
            print(&match args.format {
                ListFormat::Text => {
                    history::render_list(&runs, args.target.is_some() || args.model.is_some())
                }
                ListFormat::Json => {
                    let mut s = crate::escape::to_json_pretty(&runs).unwrap_or_default();
                    s.push('\n');
                    s
                }
            })?;
        }
        Some(HistoryCommand::Show { id }) => {
            let h = h.ok_or_else(|| HistoryError::Absent(db.clone()))?;
            let r = h.get(id)?;
            // Read and checked as compare reads it, whatever the format.
            let summary = compare::from_json(&format!("#{id}"), &r.json)?;
            match args.format {
                ListFormat::Json => print(&history::sanitized_json(&r.json))?,
                ListFormat::Text => {
                    let mut out = history::render_list(std::slice::from_ref(&r), false);
                    out.push('\n');
                    out.push_str(&format!(
                        "{:<22} {:>12} {:>12} {:>12}\n",
                        "test", "MB/s", "IOPS", "mean µs"
                    ));
                    let cell = |v: Option<f64>, digits: usize| {
                        v.map_or_else(|| "no I/O".to_string(), |v| format!("{v:.digits$}"))
                    };
                    for row in &summary.rows {
                        out.push_str(&format!(
                            "{:<22} {:>12} {:>12} {:>12}\n",
                            format!("{} {}", row.test, row.direction),
                            cell(row.mbps, 3),
                            cell(row.iops, 1),
                            cell(row.mean_us, 2)
                        ));
                    }
                    print(&out)?;
                }
            }
        }
    }
    Ok(0)
}

/// `diskmark completions SHELL`.
pub fn completions(shell: crate::manual::Shell) -> Result<u8, Error> {
    stdout_open()?;
    print(&String::from_utf8_lossy(&crate::manual::completions(shell)))?;
    Ok(0)
}

/// `diskmark man [SUBCOMMAND]` prints one page; `--dir DIR` writes every
/// page into DIR, each checked as any output is (never a device, never
/// through a link), and says on stderr what it wrote.
pub fn man(args: ManArgs) -> Result<u8, Error> {
    let Some(dir) = args.dir else {
        stdout_open()?;
        let sub = (!args.subcommand.is_empty()).then(|| args.subcommand.join(" "));
        let page = crate::manual::page(sub.as_deref())?;
        print(&String::from_utf8_lossy(&page.roff))?;
        return Ok(0);
    };
    if !std::fs::metadata(&dir).is_ok_and(|m| m.is_dir()) {
        return Err(crate::config::UsageError::new(
            "--dir",
            format!(
                "{} is not a directory: give an existing directory for the manual pages",
                crate::escape::path(&dir)
            ),
        )
        .into());
    }
    let pages = crate::manual::page_files(&dir)?;
    for p in &pages {
        p.out.write(&p.page.roff).map_err(|source| Error::Output {
            path: p.out.shown.clone(),
            source,
        })?;
    }
    crate::escape::say(format_args!(
        "wrote {} manual pages into {}",
        pages.len(),
        crate::escape::path(&dir)
    ));
    Ok(0)
}
