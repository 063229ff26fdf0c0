//! Why the history could not be used.

use std::path::PathBuf;

/// The schema this version writes.
pub const SCHEMA_VERSION: i32 = 3;

/// Why the history could not be used.
#[derive(Debug, thiserror::Error)]
pub enum HistoryError {
    /// The database file is damaged, locked, or not a database.
    #[error("the history database {shown_path} cannot be used: {cause}", shown_path = crate::escape::path(.path))]
    Db {
        /// The database.
        path: PathBuf,
        /// What SQLite said, in words.
        cause: String,
    },
    /// Its directory cannot be made.
    #[error("cannot create {shown_path}: {source}", shown_path = crate::escape::path(.path))]
    Dir {
        /// The directory.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The database is newer than this diskmark.
    #[error(
        "the history database {shown_path} has schema version {found}, newer than this diskmark's {SCHEMA_VERSION}; update diskmark or use another --history", shown_path = crate::escape::path(.path))]
    Newer {
        /// The database.
        path: PathBuf,
        /// Its version.
        found: i32,
    },
    /// No run with that id.
    #[error("no run #{0} in the history (see diskmark history)")]
    NoSuchRun(i64),
    /// Nothing was ever saved there.
    #[error("there is no history database at {shown_path} yet: add --save to a run to keep it", shown_path = crate::escape::path(.0))]
    Absent(PathBuf),
    /// The file is not a database diskmark wrote (another program's
    /// database, an empty file, not SQLite at all); it is left as it is.
    #[error(
        "{shown_path} is not a diskmark history (it is left untouched); give --history a diskmark database or a new file name", shown_path = crate::escape::path(.0))]
    NotHistory(PathBuf),
    /// A schema version no diskmark writes (0 with tables, negative).
    #[error(
        "the history database {shown_path} has schema version {found}, which no diskmark writes; give --history a diskmark database or a new file name", shown_path = crate::escape::path(.path))]
    Unknown {
        /// The database.
        path: PathBuf,
        /// Its version.
        found: i32,
    },
    /// The path is a FIFO, a socket, a device or a directory, or cannot
    /// be looked at.
    #[error(transparent)]
    Input(#[from] crate::inputs::InputError),
    /// Neither XDG_DATA_HOME nor HOME is an absolute path.
    #[error(
        "no place for the history: neither XDG_DATA_HOME nor HOME is set to an absolute path; set one or give --history PATH"
    )]
    NoHome,
    /// Saving failed, and so did keeping the result beside the database.
    #[error("{cause}; the result could not be kept as JSON either ({why}), so it is not saved")]
    Lost {
        /// Why saving failed.
        cause: Box<HistoryError>,
        /// Why the JSON could not be written.
        why: String,
    },
    /// Saving failed; the result was kept beside the database.
    #[error("{cause}; the result was written to {shown} instead", shown = crate::escape::path(.kept))]
    Kept {
        /// Why saving failed.
        cause: Box<HistoryError>,
        /// Where the JSON went.
        kept: PathBuf,
    },
}
