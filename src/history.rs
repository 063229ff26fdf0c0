//! History: results kept in a local SQLite database (rusqlite with its
//! bundled SQLite: nothing to install), under the XDG data directory.
//! Schema migrations are versioned with `PRAGMA user_version`. A database
//! that cannot be used never costs the result being saved: it is written as
//! JSON beside the database instead.

use crate::outputs::{self, OutputPath};
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
    /// The file is not a database diskmark wrote (another program's
    /// database, an empty file, not SQLite at all); it is left as it is.
    #[error(
        "{0} is not a diskmark history (it is left untouched); give --history a diskmark database or a new file name"
    )]
    NotHistory(PathBuf),
    /// A schema version no diskmark writes (0 with tables, negative).
    #[error(
        "the history database {path} has schema version {found}, which no diskmark writes; give --history a diskmark database or a new file name"
    )]
    Unknown {
        /// The database.
        path: PathBuf,
        /// Its version.
        found: i32,
    },
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

/// `$XDG_DATA_HOME/diskmark/history.db`, or `$HOME/.local/share/...`.
/// A relative XDG_DATA_HOME is ignored, as the XDG specification says;
/// without an absolute HOME either, there is no default (never the current
/// directory, which may be the disk under test or /dev).
pub fn default_path() -> Result<PathBuf, HistoryError> {
    let absolute = |v: Option<std::ffi::OsString>| v.map(PathBuf::from).filter(|p| p.is_absolute());
    let base = absolute(std::env::var_os("XDG_DATA_HOME"))
        .or_else(|| absolute(std::env::var_os("HOME")).map(|h| h.join(".local/share")))
        .ok_or(HistoryError::NoHome)?;
    Ok(base.join("diskmark").join("history.db"))
}

/// The columns each schema version has in `runs`.
const COLUMNS_V1: [&str; 9] = [
    "id", "date", "target", "model", "fs", "profile", "engine", "settings", "result",
];

fn db_err(path: &Path) -> impl Fn(rusqlite::Error) -> HistoryError + '_ {
    move |e| HistoryError::Db {
        path: path.to_path_buf(),
        cause: e.to_string(),
    }
}

impl History {
    /// Opens for saving, creating the file (its directory must exist) if
    /// there is none, and migrates. An existing file must be a diskmark
    /// history: another database is refused before anything is written.
    pub fn open(path: &Path) -> Result<History, HistoryError> {
        use rusqlite::OpenFlags;
        let existed = std::fs::symlink_metadata(path).is_ok();
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let h = History::connect(path, flags)?;
        if existed {
            h.check_schema()?;
        }
        if let Err(e) = h.migrate() {
            drop(h);
            if !existed {
                remove_failed_creation(path);
            }
            return Err(e);
        }
        Ok(h)
    }

    /// Opens a database that must already exist, read-only: reading the
    /// history (listing, showing, comparing) never creates or changes a
    /// file, and a file that is not a diskmark history is named as such.
    pub fn open_existing(path: &Path) -> Result<History, HistoryError> {
        use rusqlite::OpenFlags;
        match std::fs::metadata(path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(HistoryError::Absent(path.to_path_buf()));
            }
            Ok(m) if !m.is_file() => return Err(HistoryError::NotHistory(path.to_path_buf())),
            _ => {}
        }
        let h = History::connect(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        h.check_schema()?;
        Ok(h)
    }

    fn connect(path: &Path, flags: rusqlite::OpenFlags) -> Result<History, HistoryError> {
        let conn = Connection::open_with_flags(path, flags).map_err(db_err(path))?;
        conn.busy_timeout(std::time::Duration::from_secs(2))
            .map_err(db_err(path))?;
        Ok(History {
            conn,
            path: path.to_path_buf(),
        })
    }

    /// The schema version of a database diskmark wrote, after checking
    /// that it is one: a known version and a `runs` table with its columns.
    fn check_schema(&self) -> Result<i32, HistoryError> {
        let not_ours = || HistoryError::NotHistory(self.path.clone());
        let sql_err = |e: rusqlite::Error| match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::NotADatabase) => not_ours(),
            _ => db_err(&self.path)(e),
        };
        let version: i32 = self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(sql_err)?;
        if version > SCHEMA_VERSION {
            return Err(HistoryError::Newer {
                path: self.path.clone(),
                found: version,
            });
        }
        if version < 0 {
            return Err(HistoryError::Unknown {
                path: self.path.clone(),
                found: version,
            });
        }
        let mut stmt = self
            .conn
            .prepare("SELECT name FROM pragma_table_info('runs')")
            .map_err(sql_err)?;
        let columns: Vec<String> = stmt
            .query_map([], |r| r.get(0))
            .and_then(|rows| rows.collect())
            .map_err(sql_err)?;
        let has = |c: &str| columns.iter().any(|x| x == c);
        if version == 0 || !COLUMNS_V1.iter().all(|c| has(c)) || (version >= 2 && !has("device")) {
            return Err(not_ours());
        }
        Ok(version)
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

    /// `device`, or an empty one in a version-1 database read without
    /// migrating it.
    fn device_column(&self) -> &'static str {
        let v: i32 = self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap_or(SCHEMA_VERSION);
        if v >= 2 { "device" } else { "'' AS device" }
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
            .prepare(&format!(
                "SELECT id, date, target, model, fs, profile, engine, {}, result FROM runs
                     WHERE target LIKE ?1 AND model LIKE ?2 ORDER BY id DESC",
                self.device_column()
            ))
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
                &format!(
                    "SELECT id, date, target, model, fs, profile, engine, {}, result FROM runs WHERE id = ?1",
                    self.device_column()
                ),
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

/// A database this run began to create and could not finish (a full
/// disk) would be an empty or partial file that every later --save refuses
/// as "not a diskmark history": it is removed, with its journal, while it
/// still is not one.
fn remove_failed_creation(path: &Path) {
    if matches!(
        History::open_existing(path),
        Err(HistoryError::NotHistory(_))
    ) {
        let _ = std::fs::remove_file(path);
    }
    let mut journal = path.as_os_str().to_os_string();
    journal.push("-journal");
    let journal = PathBuf::from(journal);
    if std::fs::symlink_metadata(&journal).is_ok_and(|m| m.len() == 0) {
        let _ = std::fs::remove_file(journal);
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

/// Saves `json` to the database at `db` (checked by
/// [`crate::outputs::check`] before the run); if that fails for any
/// reason, writes it as a new JSON file beside the database and says where,
/// or says that it is lost. The kept file is never in /dev, never a
/// device, and never left empty or partial.
pub fn save_or_keep(db: &OutputPath, json: &str) -> Result<i64, HistoryError> {
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
        .and_then(|h| h.save(json));
    let cause = match saved {
        Ok(id) => return Ok(id),
        Err(cause) => cause,
    };
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
                r => r.map_err(|e| format!("{}: {e}", kept.display())),
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

    fn checked(path: &Path) -> OutputPath {
        outputs::check_in_new_dir(path, "--history", outputs::Forbidden::default()).unwrap()
    }

    fn sum(path: &Path) -> Vec<u8> {
        std::fs::read(path).unwrap()
    }

    #[test]
    fn a_new_database_is_made_with_its_directories() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a/b/history.db");
        assert_eq!(
            save_or_keep(&checked(&path), &report("/t", "m", 1.0)).unwrap(),
            1
        );
        assert_eq!(
            History::open_existing(&path)
                .unwrap()
                .list(None, None)
                .unwrap()
                .len(),
            1
        );
    }

    #[test]
    fn foreign_files_are_named_and_left_as_they_are() {
        let dir = tempfile::tempdir().unwrap();
        let other = dir.path().join("other-app.db");
        Connection::open(&other)
            .unwrap()
            .execute_batch("CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('mine');")
            .unwrap();
        let empty = dir.path().join("empty.db");
        std::fs::write(&empty, b"").unwrap();
        let text = dir.path().join("notes.txt");
        std::fs::write(&text, b"just some text, not SQLite at all\n".repeat(100)).unwrap();
        let same_table = dir.path().join("runs.db");
        Connection::open(&same_table)
            .unwrap()
            .execute_batch(
                "CREATE TABLE runs (id INTEGER PRIMARY KEY, what TEXT); PRAGMA user_version = 2;",
            )
            .unwrap();
        for path in [&other, &empty, &text, &same_table] {
            let before = sum(path);
            let e = History::open_existing(path).unwrap_err();
            assert!(matches!(e, HistoryError::NotHistory(_)), "{path:?}: {e}");
            assert!(e.to_string().contains("is not a diskmark history"), "{e}");
            let e = History::open(path).unwrap_err();
            assert!(matches!(e, HistoryError::NotHistory(_)), "{path:?}: {e}");
            let e = save_or_keep(&checked(path), &report("/t", "m", 1.0)).unwrap_err();
            assert!(matches!(e, HistoryError::Kept { .. }), "{path:?}: {e}");
            assert_eq!(sum(path), before, "{path:?} changed");
        }
        // Four results kept in a few milliseconds: four files, none lost.
        let kept = std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .filter(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with("diskmark-unsaved-")
            })
            .count();
        assert_eq!(kept, 4);
    }

    #[test]
    fn reading_an_older_database_does_not_migrate_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v1.db");
        Connection::open(&path)
            .unwrap()
            .execute_batch(
                "CREATE TABLE runs (id INTEGER PRIMARY KEY, date TEXT NOT NULL, target TEXT NOT NULL,
                 model TEXT NOT NULL, fs TEXT NOT NULL, profile TEXT NOT NULL, engine TEXT NOT NULL,
                 settings TEXT NOT NULL, result TEXT NOT NULL);
                 INSERT INTO runs VALUES (1, 'd', '/old', 'm', 'ext4', 'default', 'e', '{}', '{}');
                 PRAGMA user_version = 1;",
            )
            .unwrap();
        let before = sum(&path);
        let h = History::open_existing(&path).unwrap();
        assert_eq!(h.list(None, None).unwrap()[0].device, "");
        assert_eq!(h.get(1).unwrap().target, "/old");
        drop(h);
        assert_eq!(sum(&path), before);
    }

    #[test]
    fn unknown_versions_are_one_sentence() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("neg.db");
        Connection::open(&path)
            .unwrap()
            .execute_batch("PRAGMA user_version = -3;")
            .unwrap();
        let e = History::open_existing(&path).unwrap_err().to_string();
        assert!(
            e.contains("schema version -3, which no diskmark writes"),
            "{e}"
        );
        assert!(!e.contains("CREATE") && !e.contains("SELECT"), "{e}");
    }

    #[test]
    fn kept_json_is_never_left_empty_or_in_dev() {
        // Its directory turns into a file after the check: neither the
        // database nor the JSON can go there, and the message says so.
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("sub");
        let db = checked(&blocker.join("history.db"));
        std::fs::write(&blocker, b"x").unwrap();
        let e = save_or_keep(&db, &report("/t", "m", 1.0)).unwrap_err();
        assert!(matches!(e, HistoryError::Lost { .. }), "{e}");
        assert!(e.to_string().contains("so it is not saved"), "{e}");
        assert_eq!(sum(&blocker), b"x");
    }

    #[test]
    fn save_list_filter_show() {
        let dir = tempfile::tempdir().unwrap();
        let h = History::open(&dir.path().join("history.db")).unwrap();
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
        let e = save_or_keep(&checked(&path), &json).unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.starts_with(&format!("{} is not a diskmark history", path.display())),
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
        let e = save_or_keep(&checked(&path), &json).unwrap_err();
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
