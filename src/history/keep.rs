//! Saving a run without ever losing it: into the database, or beside it
//! as JSON.

use super::db::History;
use super::error::HistoryError;
use crate::outputs::{self, OutputPath};
use crate::report::model::Run;
use std::path::Path;

/// Saves `run` to the database at `db` (checked by
/// [`crate::outputs::check`] before the run); if that fails for any
/// reason, writes it as a new JSON file beside the database and says where,
/// or says that it is lost. The kept file is never in /dev, never a
/// device, and never left empty or partial.
pub fn save_or_keep(db: &OutputPath, run: &Run) -> Result<i64, HistoryError> {
    let path = db.resolved();
    let dir = path.parent().unwrap_or(Path::new("/")).to_path_buf();
    let saved = std::fs::create_dir_all(&dir)
        .map_err(|source| HistoryError::Dir {
            path: dir.clone(),
            source,
        })
        // Checked again now that its directory exists: what SQLite opens is
        // the resolved file, never a device.
        .and_then(|()| {
            outputs::check(&path, "--history", outputs::Forbidden::default()).map_err(|e| {
                HistoryError::Db {
                    path: path.clone(),
                    cause: e.message,
                }
            })
        })
        .and_then(|checked| History::open(&checked.resolved()))
        .and_then(|h| h.save(run));
    let cause = match saved {
        Ok(id) => return Ok(id),
        Err(cause) => cause,
    };
    let json = run.to_json();
    let stamp = chrono::Local::now().format("%Y%m%d%H%M%S%.3f").to_string();
    let mut kept = dir.join(format!("diskmark-unsaved-{stamp}.json"));
    let mut written = Err(String::new());
    // Another result kept in the same millisecond has that name: the next
    // free one is taken, never the other file.
    for n in 1..=100 {
        written = outputs::check(&kept, "--history", outputs::Forbidden::default())
            .map_err(|e| e.message)
            .and_then(|o| match o.write_new(json.as_bytes()) {
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(String::new()),
                r => r.map_err(|e| format!("{}: {e}", crate::escape::path(&kept))),
            });
        if !matches!(&written, Err(e) if e.is_empty()) {
            break;
        }
        kept = dir.join(format!("diskmark-unsaved-{stamp}-{n}.json"));
    }
    match written {
        Ok(()) => Err(HistoryError::Kept {
            cause: Box::new(cause),
            kept,
        }),
        Err(why) => Err(HistoryError::Lost {
            cause: Box::new(cause),
            why,
        }),
    }
}
