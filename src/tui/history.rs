//! The history page's state: the runs of the history database (the one
//! `diskmark history` lists, `--history PATH` or the default), newest
//! first, each with its date, target, profile and headline figures, and
//! the scroll. An absent database is one line, one that cannot be read
//! the library's sentence; the drawing escapes every text of it.

use crate::history::{History, HistoryError, StoredRun};

use std::path::PathBuf;

/// One run as the page lists it (raw text: the drawing escapes it).
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryRow {
    /// Its id (`diskmark history show ID`).
    pub id: i64,
    /// When it ran, `YYYY-MM-DD hh:mm:ss`.
    pub date: String,
    /// Its target.
    pub target: String,
    /// Its profile.
    pub profile: String,
    /// Its `--label`, if any.
    pub label: Option<String>,
    /// Its headline figures in words: the first test's MB/s, or a mode's.
    pub headline: String,
}

/// What the page has read.
#[derive(Debug, Clone, PartialEq)]
pub enum Listing {
    /// Not read yet.
    NotRead,
    /// Nothing to list, in one line (no database yet, no run in it).
    Empty(String),
    /// The database cannot be read: the library's sentence.
    Failed(String),
    /// The runs, newest first.
    Runs(Vec<HistoryRow>),
}

/// The page's state.
#[derive(Debug)]
pub struct HistoryPage {
    /// The database, or why there is none (no HOME to find it under).
    pub db: Result<PathBuf, String>,
    /// What was read.
    pub listing: Listing,
    /// The first row shown.
    pub top: usize,
}

impl HistoryPage {
    /// A page over `db`, not read yet.
    pub fn new(db: Result<PathBuf, String>) -> HistoryPage {
        HistoryPage {
            db,
            listing: Listing::NotRead,
            top: 0,
        }
    }

    /// Reads the database again (read-only: nothing is created or
    /// migrated), keeping the scroll within the rows.
    pub fn load(&mut self) {
        self.listing = match &self.db {
            Err(e) => Listing::Failed(e.clone()),
            Ok(path) => match History::open_existing(path).and_then(|h| h.list(None, None)) {
                Err(e @ HistoryError::Absent(_)) => Listing::Empty(e.to_string()),
                Err(e) => Listing::Failed(e.to_string()),
                Ok(runs) if runs.is_empty() => Listing::Empty(crate::fl!("tui-no-runs")),
                Ok(runs) => Listing::Runs(runs.iter().map(row).collect()),
            },
        };
        self.top = self.top.min(self.rows().len().saturating_sub(1));
    }

    /// The rows read (none unless the listing has runs).
    pub fn rows(&self) -> &[HistoryRow] {
        match &self.listing {
            Listing::Runs(r) => r,
            _ => &[],
        }
    }

    /// Moves the first row shown by `by` rows, within the list.
    pub fn scroll(&mut self, by: isize) {
        let last = self.rows().len().saturating_sub(1);
        self.top = self.top.saturating_add_signed(by).min(last);
    }
}

/// A stored run as a row.
fn row(r: &StoredRun) -> HistoryRow {
    HistoryRow {
        id: r.id,
        date: crate::i18n::date_time(&r.date),
        target: r.target.clone(),
        profile: r.profile.clone(),
        label: r.label.clone(),
        headline: crate::history::headline(&r.json),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::model::Run;

    fn report(target: &str, read: f64, write: f64) -> Run {
        let text = serde_json::json!({"schema_version": 1, "tool": {"name": "diskmark"},
            "date": "2026-11-30T10:00:00+00:00",
            "target": {"path": target, "fs_type": "ext4", "device": {"model": "m", "name": "vda"}},
            "engine": {"label": "psync (native)"}, "settings": {"profile": "default"},
            "tests": [
                {"name": "SEQ1M Q8T1", "direction": "read", "result": {"total": {"mbps": read, "iops": 1.0, "lat_us": {"mean": 1.0}}}},
                {"name": "SEQ1M Q8T1", "direction": "write", "result": {"total": {"mbps": write, "iops": 1.0, "lat_us": {"mean": 1.0}}}},
                {"name": "RND4K Q1T1", "direction": "read", "result": {"total": {"mbps": 9.0, "iops": 1.0, "lat_us": {"mean": 1.0}}}}]})
        .to_string();
        Run::from_json(&text).unwrap()
    }

    #[test]
    fn runs_newest_first_with_their_headline() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("history.db");
        let h = History::open(&path).unwrap();
        h.save(&report("/old", 100.0, 50.0)).unwrap();
        h.save(&report("/new\u{1b}[2J", 1234.5, 678.25)).unwrap();
        drop(h);
        let mut p = HistoryPage::new(Ok(path));
        p.load();
        let rows = p.rows();
        assert_eq!(rows.iter().map(|r| r.id).collect::<Vec<_>>(), [2, 1]);
        assert_eq!(rows[0].date, "2026-11-30 10:00");
        assert_eq!(rows[0].profile, "default");
        assert_eq!(
            rows[0].headline,
            "SEQ1M Q8T1  read 1234.50  write 678.25 MB/s"
        );
        // The report's model stores it escaped; the drawing escapes
        // whatever the database holds again.
        assert!(!rows[0].target.contains('\u{1b}'), "{:?}", rows[0].target);
        p.scroll(5);
        assert_eq!(p.top, 1);
        p.scroll(-3);
        assert_eq!(p.top, 0);
    }

    #[test]
    fn absent_foreign_and_homeless_databases_are_one_line() {
        let dir = tempfile::tempdir().unwrap();
        let mut p = HistoryPage::new(Ok(dir.path().join("none.db")));
        p.load();
        assert!(
            matches!(&p.listing, Listing::Empty(s) if s.contains("there is no history database")),
            "{:?}",
            p.listing
        );
        let junk = dir.path().join("junk.db");
        std::fs::write(&junk, b"not SQLite at all\n".repeat(100)).unwrap();
        let mut p = HistoryPage::new(Ok(junk));
        p.load();
        assert!(
            matches!(&p.listing, Listing::Failed(s) if s.contains("is not a diskmark history")),
            "{:?}",
            p.listing
        );
        let mut p = HistoryPage::new(Err("no place for the history".into()));
        p.load();
        assert_eq!(
            p.listing,
            Listing::Failed("no place for the history".into())
        );
        assert!(p.rows().is_empty());
        p.scroll(1);
        assert_eq!(p.top, 0);
    }

    #[test]
    fn an_unreadable_report_has_no_figure() {
        assert_eq!(
            crate::history::headline("{"),
            "(its stored report cannot be read)"
        );
    }
}
