//! The database: its schema and migrations, saving, listing and reading
//! runs.

use super::error::{HistoryError, SCHEMA_VERSION};
use crate::report::model::Run;
use rusqlite::{Connection, OptionalExtension, params};
use std::path::{Path, PathBuf};

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
    /// The run's `--label` (schema 3); `None` without one, and for runs
    /// stored before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The full JSON report.
    #[serde(skip)]
    pub json: String,
}

/// The open database.
#[derive(Debug)]
pub struct History {
    /// Open to the history's tests, which look at the schema version.
    pub(super) conn: Connection,
    path: PathBuf,
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

/// How long a command waits for another diskmark holding the database's
/// lock (a save, a migration) before it says the history is locked: a
/// deadline, never a hang (docs/report.md#history).
const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

impl History {
    /// Opens for saving, creating the file (its directory must exist) if
    /// there is none, and migrates. An existing file must be a diskmark
    /// history: another database is refused before anything is written,
    /// and a FIFO, a device or a directory before SQLite opens it.
    ///
    /// A new database is made whole under a private name and moved into
    /// place only if the name is still free: runs saving at once into a
    /// history that does not exist yet never see it half made (an empty
    /// file is not a diskmark history), and all of them save.
    pub fn open(path: &Path) -> Result<History, HistoryError> {
        use rusqlite::OpenFlags;
        if !check_input(path)? {
            create(path)?;
        }
        // Without CREATE: a file removed meanwhile is an error, never a new
        // empty database that the next run would refuse.
        let h = History::connect(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        h.check_schema()?;
        h.migrate()?;
        Ok(h)
    }

    /// Opens a database that must already exist, read-only: reading the
    /// history (listing, showing, comparing) never creates or changes a
    /// file, and a file that is not a diskmark history is named as such.
    pub fn open_existing(path: &Path) -> Result<History, HistoryError> {
        use rusqlite::OpenFlags;
        if !check_input(path)? {
            return Err(HistoryError::Absent(path.to_path_buf()));
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
        // Before anything else reads or writes: every statement then waits
        // for another run's lock, up to the deadline.
        conn.busy_timeout(BUSY_TIMEOUT).map_err(db_err(path))?;
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
        if version == 0
            || !COLUMNS_V1.iter().all(|c| has(c))
            || (version >= 2 && !has("device"))
            || (version >= 3 && !has("label"))
        {
            return Err(not_ours());
        }
        Ok(version)
    }

    /// Brings the schema to [`SCHEMA_VERSION`], one step at a time, in
    /// one `IMMEDIATE` transaction: the write lock is taken first and the
    /// version read under it, so that runs saving at once never take the
    /// same step twice, and a step that fails leaves the database as it
    /// was.
    fn migrate(&self) -> Result<(), HistoryError> {
        let e = db_err(&self.path);
        if self.version()? == SCHEMA_VERSION {
            return Ok(());
        }
        self.conn.execute_batch("BEGIN IMMEDIATE").map_err(&e)?;
        match self.migrate_locked() {
            Ok(()) => self.conn.execute_batch("COMMIT").map_err(&e),
            Err(err) => {
                let _ = self.conn.execute_batch("ROLLBACK");
                Err(err)
            }
        }
    }

    fn version(&self) -> Result<i32, HistoryError> {
        self.conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(db_err(&self.path))
    }

    /// The steps of [`History::migrate`], inside its transaction.
    fn migrate_locked(&self) -> Result<(), HistoryError> {
        let e = db_err(&self.path);
        let version = self.version()?;
        if version > SCHEMA_VERSION {
            return Err(HistoryError::Newer {
                path: self.path.clone(),
                found: version,
            });
        }
        if version < 1 {
            self.conn
                .execute_batch(
                    "CREATE TABLE runs (
                        id INTEGER PRIMARY KEY,
                        date TEXT NOT NULL,
                        target TEXT NOT NULL,
                        model TEXT NOT NULL,
                        fs TEXT NOT NULL,
                        profile TEXT NOT NULL,
                        engine TEXT NOT NULL,
                        settings TEXT NOT NULL,
                        result TEXT NOT NULL);
                     PRAGMA user_version = 1;",
                )
                .map_err(&e)?;
        }
        if version < 2 {
            // Version 2: the backing device, for filtering by device.
            self.conn
                .execute_batch(
                    "ALTER TABLE runs ADD COLUMN device TEXT NOT NULL DEFAULT '';
                     PRAGMA user_version = 2;",
                )
                .map_err(&e)?;
        }
        if version < 3 {
            // Version 3: the run's --label, nullable (runs before it have
            // none).
            self.conn
                .execute_batch(
                    "ALTER TABLE runs ADD COLUMN label TEXT;
                     PRAGMA user_version = 3;",
                )
                .map_err(&e)?;
        }
        Ok(())
    }

    /// `device` and `label`, or empty ones in an older database read
    /// without migrating it.
    fn device_column(&self) -> &'static str {
        let v: i32 = self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap_or(SCHEMA_VERSION);
        match v {
            ..2 => "'' AS device, NULL AS label",
            2 => "device, NULL AS label",
            _ => "device, label",
        }
    }

    /// Saves one run (its JSON report, and the columns the list shows
    /// and filters by); returns its id.
    pub fn save(&self, run: &Run) -> Result<i64, HistoryError> {
        let device = run.target.device.as_ref();
        // The settings column holds them as compact JSON, keys sorted.
        let settings = serde_json::to_value(&run.settings)
            .ok()
            .and_then(|v| crate::escape::to_json(&v).ok())
            .unwrap_or_else(|| "null".to_string());
        self.conn
            .execute(
                "INSERT INTO runs (date, target, model, fs, profile, engine, settings, result, device, label)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                params![
                    run.date,
                    run.target.path.to_string_lossy(),
                    device.and_then(|d| d.model.as_deref()).unwrap_or("unknown"),
                    run.target.fs_type,
                    run.settings.profile,
                    run.engine.label,
                    settings,
                    run.to_json(),
                    device.map_or("", |d| d.name.as_str()),
                    run.label,
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

/// Whether `path` exists, refusing what SQLite must not open: a FIFO
/// (the open would wait for a writer for ever), a socket, a device or a
/// directory.
fn check_input(path: &Path) -> Result<bool, HistoryError> {
    let shown = crate::report::escape::escaped(&path.display().to_string());
    Ok(crate::inputs::check(path, &shown, &crate::inputs::HISTORY)?)
}

/// Makes a new history at `path`: the schema set up in one transaction
/// in a private file beside it, which is then moved to `path` unless
/// another run made one there first (theirs is then used, ours
/// removed). The private file is removed whatever happens, with its
/// journal.
fn create(path: &Path) -> Result<(), HistoryError> {
    use rusqlite::OpenFlags;
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let private = dir.join(format!(".{name}.new-{}-{stamp:09}", std::process::id()));
    let made = History::connect(
        &private,
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .and_then(|h| h.migrate())
    .and_then(|()| {
        place(&private, path).map_err(|e| HistoryError::Db {
            path: path.to_path_buf(),
            cause: e.to_string(),
        })
    });
    let _ = std::fs::remove_file(&private);
    let mut journal = private.into_os_string();
    journal.push("-journal");
    let _ = std::fs::remove_file(journal);
    made
}

/// Gives the finished file `from` the name `to` if no file has it yet.
/// `from` is left for the caller to remove (a link leaves it; a rename
/// does not).
fn place(from: &Path, to: &Path) -> std::io::Result<()> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    match renameat_with(CWD, from, CWD, to, RenameFlags::NOREPLACE) {
        Ok(()) => Ok(()),
        Err(rustix::io::Errno::EXIST) => Ok(()),
        // A filesystem without RENAME_NOREPLACE: a hard link is as atomic.
        Err(rustix::io::Errno::INVAL | rustix::io::Errno::NOSYS) => {
            match std::fs::hard_link(from, to) {
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
                r => r,
            }
        }
        Err(e) => Err(e.into()),
    }
}

/// A stored run as read: every text column escaped for the terminal (the
/// database is a file anyone may have written), the JSON kept as stored
/// for the reader (compare) to check.
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
        label: r
            .get::<_, Option<String>>(8)?
            .map(|l| crate::report::escape::escaped(&l)),
        json: r.get(9)?,
    })
}
