//! History: results kept in a local SQLite database (rusqlite with its
//! bundled SQLite: nothing to install), under the XDG data directory.
//! Schema migrations are versioned with `PRAGMA user_version`. A database
//! that cannot be used never costs the result being saved: it is written as
//! JSON beside the database instead.

use rusqlite::{Connection, OptionalExtension, params};
use std::path::{Path, PathBuf};

/// The schema this version writes.
pub const SCHEMA_VERSION: i32 = 2;

/// Why the history could not be used.
#[derive(Debug, thiserror::Error)]
pub enum HistoryError {
    /// The database file is damaged, locked, or not a database.
    #[error("the history database {path} cannot be used: {cause}")]
    Db {
        /// The database.
        path: PathBuf,
        /// What SQLite said, in words.
        cause: String,
    },
    /// Its directory cannot be made.
    #[error("cannot create {path}: {source}")]
    Dir {
        /// The directory.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The database is newer than this diskmark.
    #[error(
        "the history database {path} has schema version {found}, newer than this diskmark's {SCHEMA_VERSION}; update diskmark or use another --history"
    )]
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
    #[error("there is no history database at {0} yet: add --save to a run to keep it")]
    Absent(PathBuf),
    /// Saving failed; the result was kept beside the database.
    #[error("{cause}; the result was written to {kept} instead")]
    Kept {
        /// Why saving failed.
        cause: Box<HistoryError>,
        /// Where the JSON went.
        kept: PathBuf,
    },
}

/// A run as stored.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct StoredRun {
    /// Its id.
    pub id: i64,
    /// When it ran (RFC 3339).
    pub date: String,
    /// Target directory or device.
    pub target: String,
    /// Device model.
    pub model: String,
    /// Filesystem.
    pub fs: String,
    /// Profile name.
    pub profile: String,
    /// Engine label.
    pub engine: String,
    /// Backing device name (schema 2).
    pub device: String,
    /// The full JSON report.
    #[serde(skip)]
    pub json: String,
}

/// The open database.
#[derive(Debug)]
pub struct History {
    conn: Connection,
    path: PathBuf,
}

/// `$XDG_DATA_HOME/diskmark/history.db`, or `~/.local/share/...`.
pub fn default_path() -> PathBuf {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    base.join("diskmark").join("history.db")
}

fn db_err(path: &Path) -> impl Fn(rusqlite::Error) -> HistoryError + '_ {
    move |e| HistoryError::Db {
        path: path.to_path_buf(),
        cause: e.to_string(),
    }
}

impl History {
    /// Opens (creating it and its directory if needed) and migrates.
    pub fn open(path: &Path) -> Result<History, HistoryError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| HistoryError::Dir {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        let conn = Connection::open(path).map_err(db_err(path))?;
        conn.busy_timeout(std::time::Duration::from_secs(2))
            .map_err(db_err(path))?;
        let h = History {
            conn,
            path: path.to_path_buf(),
        };
        h.migrate()?;
        Ok(h)
    }

    /// Opens a database that must already exist: reading the history
    /// (listing, showing, comparing) never creates a file.
    pub fn open_existing(path: &Path) -> Result<History, HistoryError> {
        if !path.exists() {
            return Err(HistoryError::Absent(path.to_path_buf()));
        }
        History::open(path)
    }

    /// Brings the schema to [`SCHEMA_VERSION`], one step at a time.
    fn migrate(&self) -> Result<(), HistoryError> {
        let e = db_err(&self.path);
        let version: i32 = self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(&e)?;
        if version > SCHEMA_VERSION {
            return Err(HistoryError::Newer {
                path: self.path.clone(),
                found: version,
            });
        }
        if version < 1 {
            self.conn
                .execute_batch(
                    "BEGIN;
                     CREATE TABLE runs (
                        id INTEGER PRIMARY KEY,
                        date TEXT NOT NULL,
                        target TEXT NOT NULL,
                        model TEXT NOT NULL,
                        fs TEXT NOT NULL,
                        profile TEXT NOT NULL,
                        engine TEXT NOT NULL,
                        settings TEXT NOT NULL,
                        result TEXT NOT NULL);
                     PRAGMA user_version = 1;
                     COMMIT;",
                )
                .map_err(&e)?;
        }
        if version < 2 {
            // Version 2: the backing device, for filtering by device.
            self.conn
                .execute_batch(
                    "BEGIN;
                     ALTER TABLE runs ADD COLUMN device TEXT NOT NULL DEFAULT '';
                     PRAGMA user_version = 2;
                     COMMIT;",
                )
                .map_err(&e)?;
        }
        Ok(())
    }

    /// Saves one run's JSON report; returns its id.
    pub fn save(&self, json: &str) -> Result<i64, HistoryError> {
        let v: serde_json::Value = serde_json::from_str(json).map_err(|err| HistoryError::Db {
            path: self.path.clone(),
            cause: format!("the report is not JSON: {err}"),
        })?;
        let s = |p: &str| {
            v.pointer(p)
                .and_then(|x| x.as_str())
                .unwrap_or("")
                .to_string()
        };
        self.conn
            .execute(
                "INSERT INTO runs (date, target, model, fs, profile, engine, settings, result, device)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    s("/date"),
                    s("/target/path"),
                    v.pointer("/target/device/model")
                        .and_then(|x| x.as_str())
                        .unwrap_or("unknown"),
                    s("/target/fs_type"),
                    s("/settings/profile"),
                    s("/engine/label"),
                    v["settings"].to_string(),
                    json,
                    s("/target/device/name"),
                ],
            )
            .map_err(db_err(&self.path))?;
        Ok(self.conn.last_insert_rowid())
    }

    /// Runs, newest first, filtered by target and model (substrings).
    pub fn list(
        &self,
        target: Option<&str>,
        model: Option<&str>,
    ) -> Result<Vec<StoredRun>, HistoryError> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT id, date, target, model, fs, profile, engine, device, result FROM runs
                 WHERE target LIKE ?1 AND model LIKE ?2 ORDER BY id DESC",
            )
            .map_err(db_err(&self.path))?;
        let like = |s: Option<&str>| format!("%{}%", s.unwrap_or(""));
        let rows = stmt
            .query_map(params![like(target), like(model)], row_to_run)
            .map_err(db_err(&self.path))?;
        rows.collect::<Result<_, _>>().map_err(db_err(&self.path))
    }

    /// One run.
    pub fn get(&self, id: i64) -> Result<StoredRun, HistoryError> {
        self.conn
            .query_row(
                "SELECT id, date, target, model, fs, profile, engine, device, result FROM runs WHERE id = ?1",
                [id],
                row_to_run,
            )
            .optional()
            .map_err(db_err(&self.path))?
            .ok_or(HistoryError::NoSuchRun(id))
    }

    /// The last `n` runs, oldest first (for compare).
    pub fn last(&self, n: usize) -> Result<Vec<StoredRun>, HistoryError> {
        let mut v = self.list(None, None)?;
        v.truncate(n);
        v.reverse();
        Ok(v)
    }
}

/// A stored run as read: every text column escaped for the terminal (the
/// database is a file anyone may have written), the JSON kept as stored
/// for [`crate::compare::from_json`] to check.
fn row_to_run(r: &rusqlite::Row<'_>) -> rusqlite::Result<StoredRun> {
    let text = |i: usize| -> rusqlite::Result<String> {
        Ok(crate::report::escape::escaped(&r.get::<_, String>(i)?))
    };
    Ok(StoredRun {
        id: r.get(0)?,
        date: text(1)?,
        target: text(2)?,
        model: text(3)?,
        fs: text(4)?,
        profile: text(5)?,
        engine: text(6)?,
        device: text(7)?,
        json: r.get(8)?,
    })
}

/// A stored JSON report printed again: parsed, every string escaped for
/// the terminal, pretty-printed. Text that is not JSON (which
/// [`crate::compare::from_json`] refuses first) comes out escaped as a
/// whole.
pub fn sanitized_json(json: &str) -> String {
    use crate::report::escape::is_unsafe;
    // As stored when nothing in it would act on a terminal (escapes such
    // as \u001b are text): the report's own key order stays.
    if !json.chars().any(|c| c != '\n' && is_unsafe(c)) {
        let mut out = json.trim_end().to_string();
        out.push('\n');
        return out;
    }
    let mut out = match serde_json::from_str::<serde_json::Value>(json) {
        Ok(mut v) => {
            crate::report::escape::escape_json(&mut v);
            serde_json::to_string_pretty(&v).unwrap_or_default()
        }
        Err(_) => crate::report::escape::escaped(json),
    };
    out.push('\n');
    out
}

/// Saves `json` to the database at `path`; if that fails for any reason,
/// writes it beside the database and says where.
pub fn save_or_keep(path: &Path, json: &str) -> Result<i64, HistoryError> {
    match History::open(path).and_then(|h| h.save(json)) {
        Ok(id) => Ok(id),
        Err(cause) => {
            let dir = path
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(Path::new("."));
            let kept = dir.join(format!(
                "diskmark-unsaved-{}.json",
                chrono::Local::now().format("%Y%m%d%H%M%S%.3f")
            ));
            match std::fs::write(&kept, json) {
                Ok(()) => Err(HistoryError::Kept {
                    cause: Box::new(cause),
                    kept,
                }),
                Err(_) => Err(cause),
            }
        }
    }
}

/// The list as a table, each column as wide as its widest cell;
/// `filtered` says whether a --target or --model filter chose the runs.
pub fn render_list(runs: &[StoredRun], filtered: bool) -> String {
    let head = ["id", "date", "profile", "engine", "target", "fs", "model"];
    let rows: Vec<[String; 7]> = runs
        .iter()
        .map(|r| {
            let date: String = r
                .date
                .chars()
                .take(19)
                .collect::<String>()
                .replace('T', " ");
            [
                r.id.to_string(),
                date,
                r.profile.clone(),
                r.engine.clone(),
                r.target.clone(),
                r.fs.clone(),
                r.model.clone(),
            ]
        })
        .collect();
    let width = |c: usize| {
        rows.iter()
            .map(|r| r[c].chars().count())
            .chain([head[c].len()])
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..head.len()).map(width).collect();
    let line = |cells: &[&str]| {
        let mut l = format!("{:>w$}", cells[0], w = widths[0]);
        for (c, s) in cells.iter().enumerate().skip(1) {
            l.push_str(&format!("  {s:<w$}", w = widths[c]));
        }
        l.trim_end().to_string() + "\n"
    };
    let mut out = line(&head);
    for r in &rows {
        out.push_str(&line(&r.each_ref().map(String::as_str)));
    }
    if runs.is_empty() {
        out.push_str(if filtered {
            "(no saved run matches these filters)\n"
        } else {
            "(no runs saved yet: add --save to a run)\n"
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(target: &str, model: &str, mbps: f64) -> String {
        serde_json::json!({"schema_version": 1, "tool": {"name": "diskmark"},
            "date": "2026-11-30T10:00:00+00:00",
            "target": {"path": target, "fs_type": "ext4", "device": {"model": model, "name": "vda"}},
            "engine": {"label": "io_uring (native)"}, "settings": {"profile": "default"},
            "tests": [{"name": "SEQ1M Q8T1", "direction": "read", "result": {"total": {"mbps": mbps, "iops": 1.0, "lat_us": {"mean": 1.0}}}}]})
        .to_string()
    }

    #[test]
    fn save_list_filter_show() {
        let dir = tempfile::tempdir().unwrap();
        let h = History::open(&dir.path().join("sub/history.db")).unwrap();
        let a = h.save(&report("/var/tmp", "virtio disk", 100.0)).unwrap();
        let b = h.save(&report("/mnt/usb", "SanDisk Ultra", 30.0)).unwrap();
        let c = h.save(&report("/var/tmp", "virtio disk", 110.0)).unwrap();
        assert_eq!((a, b, c), (1, 2, 3));
        let all = h.list(None, None).unwrap();
        assert_eq!(all.iter().map(|r| r.id).collect::<Vec<_>>(), [3, 2, 1]);
        assert_eq!(h.list(Some("/mnt"), None).unwrap().len(), 1);
        assert_eq!(h.list(None, Some("virtio")).unwrap().len(), 2);
        let run = h.get(2).unwrap();
        assert_eq!(
            (run.model.as_str(), run.device.as_str()),
            ("SanDisk Ultra", "vda")
        );
        assert!(run.json.contains("SanDisk"));
        assert!(matches!(h.get(9), Err(HistoryError::NoSuchRun(9))));
        let last = h.last(2).unwrap();
        assert_eq!(last.iter().map(|r| r.id).collect::<Vec<_>>(), [2, 3]);
        assert!(render_list(&all, false).contains("SanDisk Ultra"));
    }

    #[test]
    fn an_older_schema_is_migrated() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("history.db");
        {
            // A version-1 database, as the first release wrote it.
            let c = Connection::open(&path).unwrap();
            c.execute_batch(
                "CREATE TABLE runs (id INTEGER PRIMARY KEY, date TEXT NOT NULL, target TEXT NOT NULL,
                 model TEXT NOT NULL, fs TEXT NOT NULL, profile TEXT NOT NULL, engine TEXT NOT NULL,
                 settings TEXT NOT NULL, result TEXT NOT NULL);
                 PRAGMA user_version = 1;",
            )
            .unwrap();
            c.execute(
                "INSERT INTO runs (date, target, model, fs, profile, engine, settings, result)
                 VALUES ('2026-01-01', '/old', 'm', 'ext4', 'default', 'psync (native)', '{}', '{}')",
                [],
            )
            .unwrap();
        }
        let h = History::open(&path).unwrap();
        let v: i32 = h
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v, SCHEMA_VERSION);
        let old = h.get(1).unwrap();
        assert_eq!((old.target.as_str(), old.device.as_str()), ("/old", ""));
        h.save(&report("/new", "x", 1.0)).unwrap();
        assert_eq!(h.list(None, None).unwrap().len(), 2);
    }

    #[test]
    fn a_corrupt_database_keeps_the_result_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("history.db");
        std::fs::write(
            &path,
            b"this is not a database, just some bytes".repeat(200),
        )
        .unwrap();
        let json = report("/var/tmp", "virtio disk", 1.0);
        let e = save_or_keep(&path, &json).unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.starts_with(&format!(
                "the history database {} cannot be used",
                path.display()
            )),
            "{msg}"
        );
        let HistoryError::Kept { kept, .. } = e else {
            panic!("{msg}")
        };
        assert!(msg.contains(&kept.display().to_string()));
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), json);
    }

    #[test]
    fn a_locked_database_keeps_the_result_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("history.db");
        History::open(&path).unwrap();
        // Another process in the middle of a write holds the lock past the
        // busy timeout.
        let other = Connection::open(&path).unwrap();
        other.execute_batch("BEGIN EXCLUSIVE;").unwrap();
        let json = report("/var/tmp", "virtio disk", 1.0);
        let e = save_or_keep(&path, &json).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("database is locked"), "{msg}");
        let HistoryError::Kept { kept, .. } = e else {
            panic!("{msg}")
        };
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), json);
        other.execute_batch("ROLLBACK;").unwrap();
        assert_eq!(History::open(&path).unwrap().save(&json).unwrap(), 1);
    }

    #[test]
    fn a_newer_database_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("history.db");
        Connection::open(&path)
            .unwrap()
            .execute_batch("PRAGMA user_version = 99;")
            .unwrap();
        assert!(matches!(
            History::open(&path),
            Err(HistoryError::Newer { found: 99, .. })
        ));
    }
}
