//! Saving what the window shows, through the library's one output path:
//! every path checked as the CLI checks `-o` and `--history` (never the
//! target under test or its test file, never a device, /dev or /proc, a
//! writable directory), the report delivered by [`ExportManager`], the
//! PNG written through [`OutputPath::write`]. A result file shown saves
//! as a run does, from its model.
//! A refusal or a failure is the CLI's sentence.

use crate::actions_state::{Action, Shown};
use crate::strings;
use diskmark::config::UsageError;
use diskmark::export::{ExportError, ExportManager, FileOutput, Message, Outputs, Stdout};
use diskmark::front::LastRun;
use diskmark::history::{History, HistoryError};
use diskmark::host::HostInfo;
use diskmark::outputs::{self, Forbidden, OutputPath};
use diskmark::report::{Format, Report};
use std::path::{Path, PathBuf};

/// What is saved: the last run, or the result file shown.
#[derive(Debug, Clone, Copy)]
pub enum Source<'a> {
    /// A run of this window.
    Run(&'a LastRun),
    /// A result file that was opened.
    File(&'a Shown),
}

/// Whether `action` can save `source`: every format and the chart of a
/// run and of a result file alike, since every renderer reads the model
/// alone (a file shown renders as `diskmark report` renders it).
pub fn can(action: Action, _source: Source<'_>) -> bool {
    action.writes()
}

/// The text report of what is shown, exactly as the CLI prints it (for a
/// result file, as `diskmark report` prints it).
pub fn text_report(source: Source<'_>) -> String {
    match source {
        Source::Run(last) => {
            let host = HostInfo::current();
            report(last, &host).render(Format::Text)
        }
        Source::File(shown) => diskmark::report::render(&shown.run, Format::Text),
    }
}

fn report<'a>(last: &'a LastRun, host: &'a HostInfo) -> Report<'a> {
    Report {
        settings: &last.settings,
        target: &last.target,
        host,
        output: &last.output,
    }
}

/// Does `action` with the path typed (`typed`; for the history, empty is
/// `history`, the default database); `target` is what no output may be.
/// `Ok` is what the message line says, `Err` the sentence (without
/// `error: `).
pub fn save(
    action: Action,
    source: Source<'_>,
    typed: &str,
    target: &Path,
    history: Option<&Path>,
) -> Result<String, String> {
    let forbidden = Forbidden::target(target);
    let usage = |e: UsageError| diskmark::Error::from(e).to_string();
    if action == Action::SaveHistory {
        let path = match (typed.trim(), history) {
            ("", Some(h)) => h.to_path_buf(),
            _ => typed_path(typed),
        };
        let db = check_history(&path, forbidden).map_err(usage)?;
        return save_history(source, &db);
    }
    let path = outputs::check(&typed_path(typed), "--output", forbidden).map_err(usage)?;
    match action {
        Action::SaveText => deliver(source, file(path, Format::Text)),
        Action::SaveJson => deliver(source, file(path, Format::Json)),
        Action::SaveMarkdown => deliver(source, file(path, Format::Markdown)),
        Action::SavePng => write_png(source, &path, Drawing::Chart),
        Action::SaveCard => write_png(source, &path, Drawing::Card),
        Action::SaveHistory | Action::Open => Err(strings::cannot_save()),
    }
}

/// A typed path: `~/` at its start is the home directory, as a shell
/// would have it (the window has no shell to expand it).
pub fn typed_path(typed: &str) -> PathBuf {
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .filter(|h| h.is_absolute());
    match (typed.strip_prefix("~/"), home) {
        (Some(rest), Some(h)) => h.join(rest),
        _ => PathBuf::from(typed),
    }
}

/// Outputs of one file, nothing on stdout.
fn file(path: OutputPath, format: Format) -> Outputs {
    Outputs {
        files: vec![FileOutput { path, format }],
        ..nothing(format)
    }
}

/// No output at all, nothing on stdout.
fn nothing(format: Format) -> Outputs {
    Outputs {
        stdout: Stdout::Never,
        format,
        files: Vec::new(),
        chart: None,
        card: None,
        save: None,
        quiet: false,
    }
}

/// What is shown to `outputs` through the export path (a run's report,
/// or a result file's model); what it said.
fn deliver(source: Source<'_>, outputs: Outputs) -> Result<String, String> {
    let names: Vec<String> = (outputs.files.iter())
        .map(|f| shown_name(&f.path.shown))
        .collect();
    let host = HostInfo::current();
    let export = ExportManager::new(outputs);
    let delivered = match source {
        Source::Run(last) => export.deliver(&report(last, &host)),
        Source::File(shown) => export.deliver_model(&shown.run),
    }
    .map_err(|u| diskmark::Error::from(u.error).to_string())?;
    let mut said: Vec<String> = Vec::new();
    if !names.is_empty() {
        said.push(strings::written(&names));
    }
    for m in delivered.messages {
        said.push(match m {
            Message::Note(n) => n,
            Message::Failure(e) => strings::error(&e.to_string()),
        });
    }
    Ok(said.join("; "))
}

/// Which drawing a PNG is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Drawing {
    /// The bars of `--chart`.
    Chart,
    /// CrystalDiskMark's screenshot, `--card`.
    Card,
}

/// The chart or the card of what is shown, as PNG.
fn write_png(source: Source<'_>, path: &OutputPath, drawing: Drawing) -> Result<String, String> {
    let host = HostInfo::current();
    let built;
    let run = match source {
        Source::Run(last) => {
            built = diskmark::report::model::Run::build(&report(last, &host));
            &built
        }
        Source::File(shown) => &shown.run,
    };
    let svg = match drawing {
        Drawing::Chart => diskmark::report::draw::chart::run_chart(run),
        Drawing::Card => diskmark::report::draw::card::render(run),
    };
    let png = crate::chart_png::render(&svg).map_err(|e| strings::chart_failed(&e))?;
    write(path, &png.bytes)
}

/// `bytes` as the whole of `path`.
fn write(path: &OutputPath, bytes: &[u8]) -> Result<String, String> {
    path.write(bytes).map_err(|source| {
        let e = ExportError::Output {
            path: path.shown.clone(),
            source,
        };
        diskmark::Error::from(e).to_string()
    })?;
    Ok(strings::written(&[shown_name(&path.shown)]))
}

fn shown_name(p: &Path) -> String {
    let name = p.file_name().unwrap_or(p.as_os_str());
    diskmark::escape::path(Path::new(name))
}

/// The history database `path`, checked as the CLI checks `--history`: a
/// file of its own (its directories may not exist yet), and diskmark's
/// if it exists.
fn check_history(path: &Path, forbidden: Forbidden) -> Result<OutputPath, UsageError> {
    let db = outputs::check_in_new_dir(path, "--history", forbidden)?;
    if db.is_stream() {
        return Err(UsageError::new(
            "--history",
            "the history database must be a file, not a device or a pipe",
        ));
    }
    match History::open_existing(&db.resolved()) {
        Err(
            e @ (HistoryError::NotHistory(_)
            | HistoryError::Newer { .. }
            | HistoryError::Unknown { .. }),
        ) => Err(UsageError::new("--history", e.to_string())),
        _ => Ok(db),
    }
}

/// Into the history: a run through the export path (as `--save`), a
/// result file as it was read.
fn save_history(source: Source<'_>, db: &OutputPath) -> Result<String, String> {
    match source {
        Source::Run(_) => {
            let o = Outputs {
                save: Some(db.clone()),
                ..nothing(Format::Json)
            };
            deliver(source, o)
        }
        Source::File(shown) => {
            let id = diskmark::history::save_or_keep(db, &shown.run)
                .map_err(|e| diskmark::Error::from(ExportError::from(e)).to_string())?;
            Ok(strings::saved_as(id, &diskmark::escape::path(&db.shown)))
        }
    }
}

/// The history database a save goes to when no path is typed: the one
/// the command line named with `--save`/`--history`, else the default.
pub fn default_history(export: &ExportManager) -> Option<PathBuf> {
    match &export.outputs().save {
        Some(db) => Some(db.shown.clone()),
        None => diskmark::history::default_path().ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_tilde_is_the_home_directory() {
        assert_eq!(typed_path("/tmp/r.json"), PathBuf::from("/tmp/r.json"));
        assert_eq!(typed_path("a~/r.json"), PathBuf::from("a~/r.json"));
        match std::env::var_os("HOME").map(PathBuf::from) {
            Some(h) if h.is_absolute() => assert_eq!(typed_path("~/r.json"), h.join("r.json")),
            _ => assert_eq!(typed_path("~/r.json"), PathBuf::from("~/r.json")),
        }
    }
}
