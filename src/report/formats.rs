//! The one table of report formats (its name, the extensions that choose
//! it, whether it holds the grid's rows), and a delivery's rendering: the
//! typed model ([`super::model::Run`]) built once, however many outputs
//! read it (docs/report.md#where-reports-go).

use super::model::{self, Report};
use super::tables::{csv, markdown, openmetrics};
use super::{json, text};
use std::cell::OnceCell;

/// Output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// KDiskMark's text report.
    Text,
    /// Versioned JSON with every loop.
    Json,
    /// One row per test and direction.
    Csv,
    /// A Markdown table.
    Markdown,
    /// OpenMetrics text, which Prometheus and node_exporter's textfile
    /// collector read: one gauge family per figure.
    #[value(name = "openmetrics", alias = "prometheus")]
    OpenMetrics,
    /// CSV with one row per loop (`--format csv` with `--csv-loops`).
    #[value(skip)]
    CsvLoops,
}

/// What the table says of a format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FormatInfo {
    /// The format.
    pub format: Format,
    /// Its name in sentences (`CSV`).
    pub name: &'static str,
    /// The extensions (lower case, without the dot) that choose it for an
    /// `-o` file; the first is the one to suggest.
    pub extensions: &'static [&'static str],
    /// Whether it holds only the grid's rows (a span map or a sustained
    /// write has none).
    pub grid_only: bool,
}

/// Every format an `-o` file or `--format` may have. Text is also what
/// a file whose extension names none gets.
pub const FORMATS: [FormatInfo; 6] = [
    FormatInfo {
        format: Format::Text,
        name: "text",
        extensions: &["txt"],
        grid_only: false,
    },
    FormatInfo {
        format: Format::Json,
        name: "JSON",
        extensions: &["json"],
        grid_only: false,
    },
    FormatInfo {
        format: Format::Csv,
        name: "CSV",
        extensions: &["csv"],
        grid_only: true,
    },
    FormatInfo {
        format: Format::Markdown,
        name: "Markdown",
        extensions: &["md", "markdown"],
        grid_only: true,
    },
    FormatInfo {
        format: Format::OpenMetrics,
        name: "OpenMetrics",
        extensions: &["prom"],
        grid_only: true,
    },
    FormatInfo {
        format: Format::CsvLoops,
        name: "CSV",
        extensions: &[],
        grid_only: true,
    },
];

impl Format {
    /// The table's row of this format.
    pub fn info(self) -> &'static FormatInfo {
        // Every variant has its row: the table's test checks it.
        FORMATS
            .iter()
            .find(|i| i.format == self)
            .unwrap_or(&FORMATS[0])
    }

    /// The format a file name's extension chooses (the table's), else
    /// text.
    pub fn from_path(path: &std::path::Path) -> Format {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(|e| e.to_ascii_lowercase());
        (FORMATS.iter())
            .find(|i| ext.as_deref().is_some_and(|e| i.extensions.contains(&e)))
            .map_or(Format::Text, |i| i.format)
    }

    /// Whether it holds only the grid's rows.
    pub fn grid_only(self) -> bool {
        self.info().grid_only
    }
}

/// One delivery's renderings: of a report, whose model is built at most
/// once, on the first output that needs it; or of a model read back from
/// a result file (`diskmark report`, the window's opened result).
pub struct Rendering<'a, 'r> {
    source: Source<'a, 'r>,
    model: OnceCell<model::Run>,
}

/// What a [`Rendering`] renders.
enum Source<'a, 'r> {
    Report(&'a Report<'r>),
    Model(&'a model::Run),
}

impl<'a, 'r> Rendering<'a, 'r> {
    /// The renderings of `report`.
    pub fn new(report: &'a Report<'r>) -> Self {
        Rendering {
            source: Source::Report(report),
            model: OnceCell::new(),
        }
    }

    /// The renderings of a model already built (a result read back).
    pub fn of_model(run: &'a model::Run) -> Self {
        Rendering {
            source: Source::Model(run),
            model: OnceCell::new(),
        }
    }

    /// The typed model, built once.
    pub fn model(&self) -> &model::Run {
        match self.source {
            Source::Model(run) => run,
            Source::Report(report) => self.model.get_or_init(|| model::Run::build(report)),
        }
    }

    /// The report in `format`.
    pub fn render(&self, format: Format) -> String {
        render(self.model(), format)
    }
}

/// `run` in `format`: every format reads the model alone, so a run just
/// measured and a result file read back render alike.
pub fn render(run: &model::Run, format: Format) -> String {
    match format {
        Format::Text => text::render(run),
        Format::Json => json::render(run),
        Format::Csv => csv::render_run(run, csv::Rows::Tests),
        Format::CsvLoops => csv::render_run(run, csv::Rows::Loops),
        Format::OpenMetrics => openmetrics::render_run(run),
        Format::Markdown => markdown::render(run),
    }
}

impl Report<'_> {
    /// Renders the report in `format` (a delivery of several outputs
    /// uses one [`Rendering`], which builds the model once).
    pub fn render(&self, format: Format) -> String {
        Rendering::new(self).render(format)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_has_its_row_and_extensions_choose_one() {
        for f in [
            Format::Text,
            Format::Json,
            Format::Csv,
            Format::Markdown,
            Format::OpenMetrics,
            Format::CsvLoops,
        ] {
            assert_eq!(f.info().format, f);
        }
        for i in &FORMATS {
            for e in i.extensions {
                let name = format!("r.{}", e.to_ascii_uppercase());
                assert_eq!(Format::from_path(std::path::Path::new(&name)), i.format);
            }
        }
    }
}
