//! The flat tables of a run, from the typed model: one row per test and
//! direction ([`rows`]) as CSV ([`csv`]), Markdown ([`markdown`]) and
//! OpenMetrics ([`openmetrics`]) write them, and `compare` reads them
//! (docs/report.md#csv-and-markdown, #openmetrics).

pub mod csv;
pub mod markdown;
pub mod openmetrics;
pub mod rows;
