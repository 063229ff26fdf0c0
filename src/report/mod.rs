//! Reports of a finished (or interrupted) run: one exporter per file,
//! the typed result model they and the readers share, and the meter scale.

pub mod card;
pub mod chart;
pub mod csv;
pub mod engines;
/// Escaping lives below every layer that builds a sentence
/// (docs/architecture.md#layers); kept reachable here for the renderers.
pub use crate::escape;
mod flags;
pub mod hosts;
pub mod image;
pub mod json;
pub mod markdown;
pub mod model;
pub mod openmetrics;
pub mod qos;
pub mod rows;
pub mod scale;
mod source;
pub mod span;
pub mod span_chart;
pub mod steady;
pub mod sustained;
pub mod targets;
pub mod text;
pub mod thermal;
pub mod ticks;

#[cfg(test)]
pub(crate) mod fixtures;

pub use source::{LoopSpread, Report, collapse, signal_name};

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

impl Format {
    /// The format a file name's extension suggests (.json, .csv, .md,
    /// .prom), else text.
    pub fn from_path(path: &std::path::Path) -> Format {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(|e| e.to_ascii_lowercase());
        match ext.as_deref() {
            Some("json") => Format::Json,
            Some("csv") => Format::Csv,
            Some("md") | Some("markdown") => Format::Markdown,
            Some("prom") => Format::OpenMetrics,
            _ => Format::Text,
        }
    }
}

impl Report<'_> {
    /// Renders the report in `format`.
    pub fn render(&self, format: Format) -> String {
        match format {
            Format::Text => text::render(self),
            Format::Json => json::render(self),
            Format::Csv => csv::render(self, csv::Rows::Tests),
            Format::CsvLoops => csv::render(self, csv::Rows::Loops),
            Format::OpenMetrics => openmetrics::render(self),
            Format::Markdown => markdown::render(self),
        }
    }
}
