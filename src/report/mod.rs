//! Reports of a finished (or interrupted) run: one exporter per file,
//! the typed result model they and the readers share, and the meter scale.

pub mod card;
pub mod chart;
pub mod csv;
/// Escaping lives below every layer that builds a sentence
/// (docs/architecture.md#layers); kept reachable here for the renderers.
pub use crate::escape;
mod flags;
mod formats;
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
pub mod text;
pub mod thermal;
pub mod ticks;

#[cfg(test)]
pub(crate) mod fixtures;

pub use source::{LoopSpread, Report, collapse, signal_name};

pub use formats::{FORMATS, Format, FormatInfo, Rendering};
