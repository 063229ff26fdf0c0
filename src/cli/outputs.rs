//! Where a run's report goes, checked before anything is created: each
//! output's format, and where it may be written (see [`crate::outputs`]).

use super::run_args::RunArgs;
use crate::config::UsageError;
use crate::export::{FileOutput, Outputs, Stdout};
use crate::outputs::{Forbidden, OutputPath};
use crate::progress::jsonl::JsonlTo;
use crate::report::Format;
use std::path::{Path, PathBuf};

/// Where the report goes and how it looks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputOptions {
    /// Format on standard output.
    pub format: Format,
    /// Whether the report goes to standard output (no `-o`, or `-o -`).
    pub stdout: bool,
    /// Files instead of standard output, each with its format.
    pub files: Vec<(OutputPath, Format)>,
    /// No progress display.
    pub quiet: bool,
    /// Where `--progress jsonl[=PATH]` writes the run's events.
    pub progress: Option<JsonlTo>,
    /// `--host-agent`: the stream on standard error with each loop's
    /// counts, and the windows opened by standard input's `go`.
    pub host_agent: bool,
    /// Record in the history database at this path.
    pub save: Option<OutputPath>,
    /// Draw the chart (SVG or PNG, by its name) to this file.
    pub chart: Option<OutputPath>,
    /// Draw the result card (SVG or PNG, by its name) to this file.
    pub card: Option<OutputPath>,
}

impl OutputOptions {
    /// Refuses CSV, Markdown and OpenMetrics, which hold the grid's rows,
    /// for a result that has none (`what`: "a span map", "a sustained
    /// write").
    pub fn refuse_grid_formats(&self, what: &str) -> Result<(), UsageError> {
        let formats = std::iter::once(self.format).chain(self.files.iter().map(|f| f.1));
        if formats.into_iter().any(Format::grid_only) {
            let (grid, other): (Vec<_>, Vec<_>) =
                crate::report::FORMATS.iter().partition(|i| i.grid_only);
            let names = |v: &[&crate::report::FormatInfo]| {
                let mut n: Vec<&str> = Vec::new();
                for i in v {
                    if !n.contains(&i.name) {
                        n.push(i.name);
                    }
                }
                n
            };
            let grid = names(&grid);
            let exts: Vec<String> = (other.iter())
                .filter_map(|i| i.extensions.first())
                .map(|e| format!(".{e}"))
                .collect();
            return Err(UsageError::new(
                "--format",
                format!(
                    "{} and {} hold the grid's rows, and {what} has none: use {} ({})",
                    grid[..grid.len() - 1].join(", "),
                    grid[grid.len() - 1],
                    names(&other).join(" or ").to_lowercase(),
                    exts.join(", ")
                ),
            ));
        }
        Ok(())
    }

    /// The outputs as the export path takes them; `no_stdout` for a
    /// front-end that owns the terminal (the TUI), where the report never
    /// goes to standard output.
    pub fn into_outputs(self, no_stdout: bool) -> Outputs {
        let stdout = match (no_stdout, self.stdout) {
            (true, _) => Stdout::Never,
            (false, true) => Stdout::Report,
            (false, false) => Stdout::Fallback,
        };
        Outputs {
            stdout,
            format: self.format,
            files: (self.files.into_iter())
                .map(|(path, format)| FileOutput { path, format })
                .collect(),
            chart: self.chart,
            card: self.card,
            save: self.save,
            quiet: self.quiet,
        }
    }
}

impl RunArgs {
    /// Every output path, checked before anything is created: each one's
    /// format, and where it goes; none may be in `target`, the directory
    /// under test.
    pub fn outputs(&self, target: &Path) -> Result<OutputOptions, UsageError> {
        let stdout = self.output.is_empty() || self.output.iter().any(|o| o.as_os_str() == "-");
        let mut list: Vec<(&Path, &'static str)> = self
            .output
            .iter()
            .filter(|o| o.as_os_str() != "-")
            .map(|o| (o.as_path(), "--output"))
            .collect();
        let progress_path = self.progress.as_ref().and_then(|p| p.path.as_deref());
        list.extend(progress_path.map(|p| (p, "--progress")));
        list.extend(self.chart.as_deref().map(|c| (c, "--chart")));
        list.extend(self.card.as_deref().map(|c| (c, "--card")));
        let forbidden = Forbidden::target(target);
        let mut checked = crate::outputs::check_all(&list, forbidden)?;
        let save = match self.history_path()? {
            Some(h) => Some(check_save(&h, &checked, forbidden)?),
            None => None,
        };
        if stdout && !self.output.is_empty() && checked.iter().any(|o| o.is_stdout()) {
            return Err(UsageError::new(
                "--output",
                "- and another name of standard output are the same file; give each output its own file",
            ));
        }
        // The card and the chart were checked last, in that order: where
        // they go first, then what their names say.
        let card = self.card.as_ref().and_then(|_| checked.pop());
        let chart = self.chart.as_ref().and_then(|_| checked.pop());
        let mut progress = self.progress_to(progress_path.and_then(|_| checked.pop()), stdout)?;
        if self.host_agent {
            // The coordinator reads the stream on standard error.
            progress = Some(JsonlTo::Stderr);
        }
        for (image, option) in [(&chart, "--chart"), (&card, "--card")] {
            if let Some(o) = image {
                crate::report::png::check_name(&o.shown, o.is_stream(), option)?;
            }
        }
        let (format, files) = self.csv_loops(
            self.format.unwrap_or(Format::Text),
            self.file_formats(checked)?,
            stdout,
        )?;
        Ok(OutputOptions {
            format,
            stdout,
            files,
            quiet: self.quiet || self.host_agent,
            progress,
            host_agent: self.host_agent,
            save,
            chart,
            card,
        })
    }

    /// Where `--progress` goes: standard error, or its checked file
    /// `path`, which may not be standard output when the report goes
    /// there (`stdout`).
    fn progress_to(
        &self,
        path: Option<OutputPath>,
        stdout: bool,
    ) -> Result<Option<JsonlTo>, UsageError> {
        Ok(match (&self.progress, path) {
            (None, _) => None,
            (Some(_), Some(p)) if stdout && p.is_stdout() => {
                return Err(UsageError::new(
                    "--progress",
                    "the report goes to standard output, and the stream would mix with it; give the stream a file of its own, or the report one with -o",
                ));
            }
            (Some(_), Some(p)) => Some(JsonlTo::File(p)),
            (Some(_), None) => Some(JsonlTo::Stderr),
        })
    }

    /// Under `--csv-loops`, every CSV output (`format` on standard output
    /// when `stdout`, and `files`) as one row per loop; refused when no
    /// output is CSV.
    fn csv_loops(
        &self,
        format: Format,
        mut files: Vec<(OutputPath, Format)>,
        stdout: bool,
    ) -> Result<(Format, Vec<(OutputPath, Format)>), UsageError> {
        if !self.csv_loops {
            return Ok((format, files));
        }
        let per_loop = |f: Format| {
            if f == Format::Csv {
                Format::CsvLoops
            } else {
                f
            }
        };
        files.iter_mut().for_each(|f| f.1 = per_loop(f.1));
        let format = per_loop(format);
        let any_csv =
            (stdout && format == Format::CsvLoops) || files.iter().any(|f| f.1 == Format::CsvLoops);
        if !any_csv {
            return Err(UsageError::new(
                "--csv-loops",
                "it shapes the CSV, and no output is CSV: add --format csv or -o FILE.csv",
            ));
        }
        Ok((format, files))
    }

    /// The history database of `--save`, if the run is saved.
    fn history_path(&self) -> Result<Option<PathBuf>, UsageError> {
        Ok(match (self.save, &self.history) {
            (true, Some(p)) => Some(p.clone()),
            (true, None) => Some(
                crate::history::default_path()
                    .map_err(|e| UsageError::new("--save", e.to_string()))?,
            ),
            (false, _) => None,
        })
    }

    /// Each `-o` file with its format: `--format`, else its extension.
    fn file_formats(
        &self,
        checked: Vec<OutputPath>,
    ) -> Result<Vec<(OutputPath, Format)>, UsageError> {
        let mut files = Vec::new();
        for o in checked {
            let format = match (self.format, ext_format(&o.shown)) {
                (Some(f), _) | (None, Some(f)) => f,
                (None, None) if o.is_stream() => Format::Text,
                (None, None) => {
                    return Err(UsageError::new(
                        "--output",
                        format!(
                            "{}: the extension says no format (.txt, .json, .csv, .md or .prom); rename it or add --format",
                            crate::escape::path(&o.shown)
                        ),
                    ));
                }
            };
            files.push((o, format));
        }
        Ok(files)
    }
}

/// The history database `h`: a file of its own, diskmark's if it exists.
fn check_save(
    h: &Path,
    outputs: &[OutputPath],
    forbidden: Forbidden,
) -> Result<OutputPath, UsageError> {
    let db = crate::outputs::check_in_new_dir(h, "--history", forbidden)?;
    if db.is_stream() {
        return Err(UsageError::new(
            "--history",
            "the history database must be a file, not a device or a pipe",
        ));
    }
    if let Some(o) = outputs.iter().find(|o| o.resolved() == db.resolved()) {
        return Err(UsageError::new(
            "--history",
            format!(
                "{} is also an output of the report; give the history its own file",
                crate::escape::path(&o.shown)
            ),
        ));
    }
    check_history(&db.resolved())?;
    Ok(db)
}

/// A history database that is there already must be diskmark's, of a
/// version this diskmark knows: found out before the run, so that minutes
/// of measurement do not end in a refusal. A locked or damaged one is left
/// to the save, which keeps the result beside it.
fn check_history(db: &Path) -> Result<(), UsageError> {
    use crate::history::{History, HistoryError};
    match History::open_existing(db) {
        Err(
            e @ (HistoryError::NotHistory(_)
            | HistoryError::Input(_)
            | HistoryError::Newer { .. }
            | HistoryError::Unknown { .. }),
        ) => Err(UsageError::new("--history", e.to_string())),
        _ => Ok(()),
    }
}

/// The format a file's extension names, if any.
fn ext_format(path: &Path) -> Option<Format> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "txt" | "text" => Some(Format::Text),
        "json" => Some(Format::Json),
        "csv" => Some(Format::Csv),
        "md" | "markdown" => Some(Format::Markdown),
        "prom" => Some(Format::OpenMetrics),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::RunArgs;
    use crate::report::Format;
    use clap::Parser;

    #[derive(Parser)]
    struct Args {
        #[command(flatten)]
        run: RunArgs,
    }

    fn outputs(args: &[&str]) -> Result<super::OutputOptions, String> {
        let dir = std::env::temp_dir();
        let mut v = vec!["diskmark", "/var/tmp"];
        v.extend_from_slice(args);
        let a = Args::try_parse_from(v).map_err(|e| e.to_string())?;
        a.run
            .outputs(&dir.join("target"))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn prom_files_are_openmetrics_and_csv_loops_changes_only_the_csv() {
        let tmp = tempfile::tempdir().unwrap();
        let p = |n: &str| tmp.path().join(n).to_string_lossy().into_owned();
        let (csv, json, prom) = (p("r.csv"), p("r.json"), p("r.prom"));
        let o = outputs(&["-o", &prom]).unwrap();
        assert_eq!(o.files[0].1, Format::OpenMetrics);
        let o = outputs(&["-o", &csv, "-o", &json, "-o", &prom, "--csv-loops"]).unwrap();
        let formats: Vec<Format> = o.files.iter().map(|f| f.1).collect();
        assert_eq!(
            formats,
            [Format::CsvLoops, Format::Json, Format::OpenMetrics]
        );
        let o = outputs(&["--format", "csv", "--csv-loops"]).unwrap();
        assert_eq!(o.format, Format::CsvLoops);
        let o = outputs(&["--format", "prometheus"]).unwrap();
        assert_eq!(o.format, Format::OpenMetrics);
        let err = outputs(&["-o", &json, "--csv-loops"]).unwrap_err();
        assert!(err.contains("no output is CSV"), "{err}");
        // A CSV on standard output only counts when the report goes there.
        let err = outputs(&["--format", "json", "--csv-loops"]).unwrap_err();
        assert!(err.contains("no output is CSV"), "{err}");
        let o = outputs(&["-o", &prom]).unwrap();
        let err = o.refuse_grid_formats("a span map").unwrap_err().to_string();
        assert!(
            err.ends_with("CSV, Markdown and OpenMetrics hold the grid's rows, and a span map has none: use text or json (.txt, .json)"),
            "{err}"
        );
    }
}
