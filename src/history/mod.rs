//! History: results kept in a local SQLite database (rusqlite with its
//! bundled SQLite: nothing to install), under the XDG data directory.
//! Schema migrations are versioned with `PRAGMA user_version`. A database
//! that cannot be used never costs the result being saved: it is written as
//! JSON beside the database instead.

mod db;
mod error;
mod keep;
mod show;

pub use db::{History, StoredRun};
pub use error::{HistoryError, SCHEMA_VERSION};
pub use keep::save_or_keep;
pub use show::{headline, render_list, sanitized_json};

use std::path::PathBuf;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outputs::{self, OutputPath};
    use crate::report::model::Run;
    use rusqlite::Connection;
    use std::path::Path;

    fn report(target: &str, model: &str, mbps: f64) -> Run {
        let text = serde_json::json!({"schema_version": 1, "tool": {"name": "diskmark"},
            "date": "2026-11-30T10:00:00+00:00",
            "target": {"path": target, "fs_type": "ext4", "device": {"model": model, "name": "vda"}},
            "engine": {"label": "io_uring (native)"}, "settings": {"profile": "default"},
            "tests": [{"name": "SEQ1M Q8T1", "direction": "read", "result": {"total": {"mbps": mbps, "iops": 1.0, "lat_us": {"mean": 1.0}}}}]})
        .to_string();
        Run::from_json(&text).unwrap()
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
    fn a_version_2_database_opens_and_gains_labels() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("v2.db");
        Connection::open(&path)
            .unwrap()
            .execute_batch(
                "CREATE TABLE runs (id INTEGER PRIMARY KEY, date TEXT NOT NULL, target TEXT NOT NULL,
                 model TEXT NOT NULL, fs TEXT NOT NULL, profile TEXT NOT NULL, engine TEXT NOT NULL,
                 settings TEXT NOT NULL, result TEXT NOT NULL, device TEXT NOT NULL DEFAULT '');
                 INSERT INTO runs VALUES (1, 'd', '/old', 'm', 'ext4', 'default', 'e', '{}', '{}', 'vda');
                 PRAGMA user_version = 2;",
            )
            .unwrap();
        // Read as it is, without migrating: no label.
        let before = sum(&path);
        let h = History::open_existing(&path).unwrap();
        let old = h.get(1).unwrap();
        assert_eq!((old.device.as_str(), old.label.as_deref()), ("vda", None));
        assert!(!render_list(&h.list(None, None).unwrap(), false).contains("label"));
        drop(h);
        assert_eq!(sum(&path), before);
        // Saving migrates it; a labelled run keeps its label.
        let h = History::open(&path).unwrap();
        let v: i32 = h
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v, 3);
        let mut run = report("/new", "x", 1.0);
        run.label = Some("nightly\u{1b}[2J".into());
        let id = h.save(&run).unwrap();
        let label = h.get(id).unwrap().label.unwrap();
        assert!(
            label.starts_with("nightly") && !label.contains('\u{1b}'),
            "{label}"
        );
        assert_eq!(h.get(1).unwrap().label, None);
        let list = render_list(&h.list(None, None).unwrap(), false);
        let mut lines = list.lines();
        assert!(lines.next().unwrap().starts_with("id  label"), "{list}");
        assert!(lines.next().unwrap().starts_with(" 2  nightly"), "{list}");
        assert!(lines.next().unwrap().starts_with(" 1  -"), "{list}");
        // A version-3 database without its label column is not ours.
        let bad = dir.path().join("bad.db");
        Connection::open(&bad)
            .unwrap()
            .execute_batch(
                "CREATE TABLE runs (id INTEGER PRIMARY KEY, date TEXT, target TEXT, model TEXT,
                 fs TEXT, profile TEXT, engine TEXT, settings TEXT, result TEXT, device TEXT);
                 PRAGMA user_version = 3;",
            )
            .unwrap();
        assert!(matches!(
            History::open_existing(&bad),
            Err(HistoryError::NotHistory(_))
        ));
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
        let run = report("/var/tmp", "virtio disk", 1.0);
        let e = save_or_keep(&checked(&path), &run).unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.starts_with(&format!("{} is not a diskmark history", path.display())),
            "{msg}"
        );
        let HistoryError::Kept { kept, .. } = e else {
            panic!("{msg}")
        };
        assert!(msg.contains(&kept.display().to_string()));
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), run.to_json());
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
        let run = report("/var/tmp", "virtio disk", 1.0);
        let e = save_or_keep(&checked(&path), &run).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("database is locked"), "{msg}");
        let HistoryError::Kept { kept, .. } = e else {
            panic!("{msg}")
        };
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), run.to_json());
        other.execute_batch("ROLLBACK;").unwrap();
        assert_eq!(History::open(&path).unwrap().save(&run).unwrap(), 1);
    }

    #[test]
    fn runs_saving_at_once_into_a_new_history_all_save() {
        // Six saves start together on a history that does not exist, as
        // six `--save` runs ending at once do; several rounds, so that the
        // creation races are met.
        for round in 0..10 {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("history.db");
            let start = std::sync::Barrier::new(6);
            std::thread::scope(|s| {
                for i in 0..6 {
                    let (path, start) = (&path, &start);
                    s.spawn(move || {
                        start.wait();
                        let run = report("/t", &format!("m{i}"), 1.0);
                        let saved = History::open(path).and_then(|h| h.save(&run));
                        assert!(saved.is_ok(), "round {round}, run {i}: {saved:?}");
                    });
                }
            });
            let h = History::open_existing(&path).unwrap();
            assert_eq!(h.list(None, None).unwrap().len(), 6, "round {round}");
            // Nothing but the database is left: no private file, no journal.
            let names: Vec<String> = std::fs::read_dir(dir.path())
                .unwrap()
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect();
            assert_eq!(names, ["history.db"], "round {round}");
        }
    }

    #[test]
    fn a_fifo_a_socket_a_device_or_a_directory_is_no_history() {
        let dir = tempfile::tempdir().unwrap();
        let not_files = crate::inputs::NotFiles::in_dir(dir.path());
        for (p, kind) in &not_files.kinds {
            let p = p.as_path();
            let want = format!(
                "{} is {kind}, not a history database; give a regular file",
                p.display()
            );
            let e = History::open_existing(p).unwrap_err();
            assert!(matches!(e, HistoryError::Input(_)), "{e}");
            assert_eq!(e.to_string(), want);
            assert_eq!(History::open(p).unwrap_err().to_string(), want);
        }
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
