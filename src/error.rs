//! The library's top-level error and its exit codes (docs/report.md#exit-codes).

use crate::config::UsageError;
use crate::run::RunError;

/// Anything that ends diskmark without a report.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad command-line input.
    #[error(transparent)]
    Usage(#[from] UsageError),
    /// The benchmark could not run or failed.
    #[error(transparent)]
    Run(#[from] RunError),
    /// A run on many hosts could not start or failed.
    #[error(transparent)]
    Hosts(#[from] crate::hosts::HostsError),
    /// Results cannot be compared.
    #[error(transparent)]
    Compare(#[from] crate::compare::CompareError),
    /// The history database failed.
    #[error(transparent)]
    History(#[from] crate::history::HistoryError),
    /// An output of a finished run failed (the results were kept where
    /// they could be).
    #[error(transparent)]
    Export(#[from] crate::export::ExportError),
    /// The --chart file could not be written.
    #[error("--chart: cannot write the chart to {shown_path}: {source}", shown_path = crate::escape::path(.path))]
    Chart {
        /// The file.
        path: std::path::PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The report could not be written.
    #[error("cannot write the report to {shown_path}: {source}", shown_path = crate::escape::path(.path))]
    Output {
        /// The file.
        path: std::path::PathBuf,
        /// The cause.
        source: std::io::Error,
    },
}

impl Error {
    /// 2 for bad usage, 1 for a failed run, 128 + N after signal N.
    pub fn exit_code(&self) -> u8 {
        // A signal that ended the work (a fio probe, a run) decides the
        // code, whatever error it left behind.
        if let Some(sig) = crate::run::signals::received() {
            return 128 + sig as u8;
        }
        match self {
            Error::Usage(_) => 2,
            Error::Run(e) if e.is_usage() => 2,
            Error::Hosts(e) if e.is_usage() => 2,
            // A FIFO, a device, a directory or a file too large is the
            // wrong input (usage); one that cannot be read is a failure.
            Error::Compare(crate::compare::CompareError::Input(e))
            | Error::History(crate::history::HistoryError::Input(e))
                if e.is_usage() =>
            {
                2
            }
            Error::Compare(crate::compare::CompareError::Input(_)) => 1,
            Error::Compare(_) => 2,
            _ => 1,
        }
    }
}

impl From<crate::modes::ModeError> for Error {
    fn from(e: crate::modes::ModeError) -> Error {
        match e {
            crate::modes::ModeError::Run(e) => Error::Run(e),
            crate::modes::ModeError::Hosts(e) => Error::Hosts(e),
        }
    }
}
