//! The subcommands other than a run: engines, targets, compare, history.
//! Each returns the exit code or an error for main to print.

use crate::Error;
use crate::cli::{CompareArgs, CompareFormat, HistoryArgs, HistoryCommand, ListFormat};
use crate::compare::{self, CompareError, RunSummary};
use crate::config::UsageError;
use crate::engine::probe::{default_engine, probe_all};
use crate::history::{self, History, HistoryError};
use crate::outputs::{self, OutputPath};
use crate::report::{engines, targets};
use std::io::Write;

/// Writes `text` to stdout; a closed pipe (`| head`) is not worth a message.
pub fn print(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush());
}

/// `diskmark engines`.
pub fn engines(format: ListFormat) -> Result<u8, Error> {
    let probes = probe_all();
    let default = default_engine();
    print(&match format {
        ListFormat::Text => engines::render_text(&probes, default),
        ListFormat::Json => engines::render_json(&probes, default),
    });
    Ok(0)
}

/// `diskmark targets`.
pub fn targets(format: ListFormat) -> Result<u8, Error> {
    let list = crate::target::list();
    print(&match format {
        ListFormat::Text => targets::render_text(&list),
        ListFormat::Json => targets::render_json(&list),
    });
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
        Ok(compare::from_json(&format!("#{id}"), &r.json)?)
    };
    if let Some(n) = args.last {
        let h = History::open_existing(&db()?)?;
        for r in h.last(n)? {
            runs.push(compare::from_json(&format!("#{}", r.id), &r.json)?);
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
    print(&match args.format {
        CompareFormat::Text => compare::render_text(&runs),
        CompareFormat::Markdown => compare::render_markdown(&runs),
        CompareFormat::Json => compare::render_json(&runs),
    });
    if let Some(path) = &chart {
        path.write(crate::report::chart::compare_chart(&runs).as_bytes())
            .map_err(|source| Error::Chart {
                path: path.shown.clone(),
                source,
            })?;
    }
    Ok(0)
}

/// `compare --chart`: an .svg file (or a stream), checked like a run's
/// outputs before anything is read.
fn compare_chart_path(path: &std::path::Path) -> Result<OutputPath, Error> {
    let checked = outputs::check(path, "--chart", outputs::Forbidden::default())?;
    let svg = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    if !svg && !checked.is_stream() {
        return Err(UsageError::new(
            "--chart",
            format!(
                "{} does not end in .svg; the chart is an SVG image: name it e.g. chart.svg",
                path.display()
            ),
        )
        .into());
    }
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
                    let mut s = serde_json::to_string_pretty(&runs).unwrap_or_default();
                    s.push('\n');
                    s
                }
            });
        }
        Some(HistoryCommand::Show { id }) => {
            let h = h.ok_or_else(|| HistoryError::Absent(db.clone()))?;
            let r = h.get(id)?;
            match args.format {
                ListFormat::Json => print(&r.json),
                ListFormat::Text => {
                    let summary = compare::from_json(&format!("#{id}"), &r.json)?;
                    let mut out = history::render_list(std::slice::from_ref(&r), false);
                    out.push('\n');
                    out.push_str(&format!(
                        "{:<22} {:>12} {:>12} {:>12}\n",
                        "test", "MB/s", "IOPS", "mean µs"
                    ));
                    for row in &summary.rows {
                        out.push_str(&format!(
                            "{:<22} {:>12.3} {:>12.1} {:>12.2}\n",
                            format!("{} {}", row.test, row.direction),
                            row.mbps,
                            row.iops,
                            row.mean_us
                        ));
                    }
                    print(&out);
                }
            }
        }
    }
    Ok(0)
}
