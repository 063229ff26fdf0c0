//! The output path: a finished report and the outputs asked for (the
//! report on stdout, `-o` files in their formats, the chart, the history),
//! delivered in one place with one rule: results that cost minutes to
//! measure are kept. A failed output does not stop the others; when a file
//! cannot be written, stdout (where the front-end has one) gets the report
//! instead; the first failure is the delivery's error, later ones are
//! messages. The CLI and the TUI both deliver through [`ExportManager`].

mod error;
pub mod outcome;
pub mod stdout;

pub use error::ExportError;

use crate::outputs::OutputPath;
use crate::report::{Format, Rendering, Report};

/// What stdout is to a front-end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stdout {
    /// The report goes there (the CLI without `-o`, or with `-o -`).
    Report,
    /// Only when a file cannot be written: the results are kept there
    /// (the CLI with `-o FILE`).
    Fallback,
    /// Never written (the TUI, whose screen it is).
    Never,
}

/// One `-o` file and its format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileOutput {
    /// Where (checked before the run).
    pub path: OutputPath,
    /// In which format.
    pub format: Format,
}

/// The outputs asked for, every path checked before the run
/// ([`crate::outputs::check`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outputs {
    /// What stdout is for.
    pub stdout: Stdout,
    /// The format on stdout, and of the results kept there.
    pub format: Format,
    /// Files, each in its format.
    pub files: Vec<FileOutput>,
    /// A chart of the run (SVG or PNG, by its name).
    pub chart: Option<OutputPath>,
    /// The run's result card (SVG or PNG, by its name).
    pub card: Option<OutputPath>,
    /// Save into the history database at this path.
    pub save: Option<OutputPath>,
    /// No "saved as" message.
    pub quiet: bool,
}

/// What a delivery has to tell the user, in the order it happened.
#[derive(Debug)]
pub enum Message {
    /// Information: `saved as run #3 in ...`.
    Note(String),
    /// A failure after the first (the first is the delivery's error).
    Failure(ExportError),
}

/// A delivery's outcome besides its error.
#[derive(Debug, Default)]
pub struct Delivered {
    /// Notes and later failures, in order.
    pub messages: Vec<Message>,
    /// The id of the run in the history, when it was saved there.
    pub saved: Option<i64>,
    /// Whether stdout got the report (asked, or as the fallback).
    pub on_stdout: bool,
}

/// A delivery in which some output failed.
#[derive(Debug)]
pub struct Undelivered {
    /// The first failure.
    pub error: ExportError,
    /// Everything else that happened.
    pub delivered: Delivered,
}

/// The one owner of a run's outputs.
#[derive(Debug, Clone)]
pub struct ExportManager {
    outputs: Outputs,
}

impl ExportManager {
    /// A manager for these outputs.
    pub fn new(outputs: Outputs) -> ExportManager {
        ExportManager { outputs }
    }

    /// The outputs it delivers.
    pub fn outputs(&self) -> &Outputs {
        &self.outputs
    }

    /// Before the run: fails when the report would go nowhere (only
    /// stdout was asked, and it is closed), so that minutes of measuring
    /// are not lost. With another output the result is kept, and the
    /// failure comes at the end.
    pub fn ready(&self) -> Result<(), ExportError> {
        let o = &self.outputs;
        if o.stdout == Stdout::Report && o.files.is_empty() && o.save.is_none() {
            stdout::stdout_open()?;
        }
        Ok(())
    }

    /// Delivers `report` to every output asked for. Outputs were checked
    /// before the run; writing checks again what it opened
    /// ([`crate::outputs`]), so no device is ever written.
    pub fn deliver(&self, report: &Report<'_>) -> Result<Delivered, Undelivered> {
        self.deliver_rendering(Rendering::new(report))
    }

    /// Delivers a result read back (its model) to every output asked for,
    /// as a run's report is delivered: `diskmark report`, and the
    /// window's opened result.
    pub fn deliver_model(&self, run: &crate::report::model::Run) -> Result<Delivered, Undelivered> {
        self.deliver_rendering(Rendering::of_model(run))
    }

    fn deliver_rendering(&self, rendering: Rendering<'_, '_>) -> Result<Delivered, Undelivered> {
        let o = &self.outputs;
        let mut d = Delivery {
            rendering,
            outputs: o,
            first: None,
            done: Delivered::default(),
        };
        if o.stdout == Stdout::Report {
            d.done.on_stdout = true;
            d.print();
        }
        for f in &o.files {
            let text = d.rendering.render(f.format);
            d.write(&f.path, text);
        }
        if let Some(path) = &o.chart {
            let svg = crate::report::draw::chart::run_chart(d.rendering.model());
            d.image(path, svg);
        }
        if let Some(path) = &o.card {
            let svg = crate::report::draw::card::render(d.rendering.model());
            d.image(path, svg);
        }
        if let Some(db) = &o.save {
            d.save(db);
        }
        match d.first {
            None => Ok(d.done),
            Some(error) => Err(Undelivered {
                error,
                delivered: d.done,
            }),
        }
    }
}

/// A delivery under way: the model built at most once for all of its
/// outputs.
struct Delivery<'a, 'r> {
    rendering: Rendering<'a, 'r>,
    outputs: &'a Outputs,
    first: Option<ExportError>,
    done: Delivered,
}

impl Delivery<'_, '_> {
    /// The first failure is the delivery's error; later ones are messages.
    fn fail(&mut self, e: ExportError) {
        match self.first {
            None => self.first = Some(e),
            Some(_) => self.done.messages.push(Message::Failure(e)),
        }
    }

    /// The report on stdout, in the asked format.
    fn print(&mut self) {
        if let Err(e) = stdout::print(&self.rendering.render(self.outputs.format)) {
            self.fail(e);
        }
    }

    /// One file; when it cannot be written, stdout gets the report (once)
    /// where the front-end has one.
    fn write(&mut self, path: &OutputPath, text: String) {
        if let Err(source) = path.write(text.as_bytes()) {
            if !self.done.on_stdout && self.outputs.stdout == Stdout::Fallback {
                self.done.on_stdout = true;
                self.print();
            }
            self.fail(ExportError::Output {
                path: path.shown.clone(),
                source,
            });
        }
    }

    /// An image, SVG or PNG by its name. A failure costs that image only:
    /// the report itself is in the other outputs.
    fn image(&mut self, path: &OutputPath, svg: String) {
        match crate::report::png::encode(&svg, &path.shown) {
            Ok(bytes) => {
                if let Err(source) = path.write(&bytes) {
                    self.fail(ExportError::Output {
                        path: path.shown.clone(),
                        source,
                    });
                }
            }
            Err(source) => self.fail(ExportError::Image {
                path: path.shown.clone(),
                source,
            }),
        }
    }

    /// Into the history, or kept as JSON beside it.
    fn save(&mut self, db: &OutputPath) {
        match crate::history::save_or_keep(db, self.rendering.model()) {
            Ok(id) => {
                self.done.saved = Some(id);
                if !self.outputs.quiet {
                    self.done.messages.push(Message::Note(format!(
                        "saved as run #{id} in {}",
                        crate::escape::path(&db.shown)
                    )));
                }
            }
            Err(e) => self.fail(e.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outputs::{Forbidden, check};
    use crate::report::fixtures;

    fn path(p: &std::path::Path) -> OutputPath {
        check(p, "-o", Forbidden::default()).unwrap()
    }

    #[test]
    fn without_stdout_failures_are_returned_and_the_other_outputs_written() {
        let settings = fixtures::settings();
        let output = fixtures::output(&settings);
        let (target, host) = (fixtures::target(), fixtures::host());
        let report = Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        };
        let dir = tempfile::tempdir().unwrap();
        let gone = dir.path().join("gone");
        std::fs::create_dir(&gone).unwrap();
        let (bad1, bad2) = (path(&gone.join("a.csv")), path(&gone.join("b.md")));
        std::fs::remove_dir(&gone).unwrap();
        let good = dir.path().join("r.json");
        let chart = dir.path().join("c.svg");
        let db = dir.path().join("h.db");
        let export = ExportManager::new(Outputs {
            stdout: Stdout::Never,
            format: Format::Text,
            files: vec![
                FileOutput {
                    path: bad1,
                    format: Format::Csv,
                },
                FileOutput {
                    path: path(&good),
                    format: Format::Json,
                },
                FileOutput {
                    path: bad2,
                    format: Format::Markdown,
                },
            ],
            chart: Some(path(&chart)),
            card: None,
            save: Some(path(&db)),
            quiet: false,
        });
        assert!(export.ready().is_ok());
        let u = export.deliver(&report).unwrap_err();
        let first = u.error.to_string();
        assert!(first.starts_with("cannot write the report to ") && first.contains("a.csv"));
        let d = u.delivered;
        assert!(!d.on_stdout, "the TUI's stdout is never written");
        assert_eq!(d.saved, Some(1));
        assert!(matches!(&d.messages[0], Message::Failure(e) if e.to_string().contains("b.md")));
        assert!(matches!(&d.messages[1], Message::Note(n) if n.starts_with("saved as run #1 in ")));
        assert_eq!(d.messages.len(), 2);
        assert_eq!(
            std::fs::read_to_string(&good).unwrap(),
            report.render(Format::Json)
        );
        assert!(std::fs::read_to_string(&chart).unwrap().starts_with("<svg"));
        let stored = crate::history::History::open_existing(&db)
            .unwrap()
            .get(1)
            .unwrap();
        assert_eq!(stored.json, report.render(Format::Json));
    }

    #[test]
    fn quiet_says_nothing_when_all_went_well() {
        let settings = fixtures::settings();
        let output = fixtures::output(&settings);
        let (target, host) = (fixtures::target(), fixtures::host());
        let report = Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        };
        let dir = tempfile::tempdir().unwrap();
        let export = ExportManager::new(Outputs {
            stdout: Stdout::Never,
            format: Format::Json,
            files: Vec::new(),
            chart: None,
            card: None,
            save: Some(path(&dir.path().join("h.db"))),
            quiet: true,
        });
        let d = export.deliver(&report).unwrap();
        assert_eq!(
            (d.saved, d.messages.len(), d.on_stdout),
            (Some(1), 0, false)
        );
    }
}
