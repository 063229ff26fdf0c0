//! Why an output could not be delivered.

use std::path::PathBuf;

/// An output that failed. The results are kept elsewhere when they can be
/// (stdout, or JSON beside the history database): see
/// [`super::ExportManager::deliver`].
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The report (or the chart) could not be written there.
    #[error("cannot write the report to {shown_path}: {source}", shown_path = crate::escape::path(.path))]
    Output {
        /// The file, as given (`stdout` for standard output).
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// An image (the chart, the card) could not be drawn as asked.
    #[error("cannot draw {shown_path}: {source}", shown_path = crate::escape::path(.path))]
    Image {
        /// The file, as given.
        path: PathBuf,
        /// The cause.
        source: crate::report::png::ImageError,
    },
    /// The history database failed (the result may have been kept
    /// beside it: the message says).
    #[error(transparent)]
    History(#[from] crate::history::HistoryError),
}
