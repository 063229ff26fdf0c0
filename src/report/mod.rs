//! Reports of a finished (or interrupted) run. A command hands over a
//! [`Report`] (what was asked, where it ran, what was measured); the typed
//! model ([`model`]) is built from it once per delivery ([`Rendering`]),
//! and every renderer reads the model alone:
//!
//! - [`text`]: the text report, a section per mode;
//! - [`tables`]: CSV, Markdown, OpenMetrics, and the rows they share;
//! - [`json`]: the JSON, the model as written;
//! - [`draw`]: the SVG drawings (chart, card, span, sustained, their axes);
//! - [`png`]: the PNG rasteriser of those drawings;
//! - the one table of formats ([`FORMATS`]) names each format and its
//!   extensions; [`Rendering`] renders a delivery's outputs.
//!
//! docs/report.md says what each holds; docs/architecture.md#layers where
//! this layer sits.

pub mod draw;
/// Escaping lives below every layer that builds a sentence
/// (docs/architecture.md#layers); kept reachable here for the renderers.
pub use crate::escape;
mod formats;
pub mod json;
pub mod model;
pub mod png;
pub mod tables;
pub mod text;

#[cfg(test)]
pub(crate) mod fixtures;

// The front door of the layer, re-exported because it is what every
// command hands over and chooses: the report's input and the one table of
// formats (docs/architecture.md#layers).
pub use formats::{FORMATS, Format, FormatInfo, Rendering, render};
pub use model::Report;
