//! The history page's state: the runs the history database holds, read
//! with their headline figures as `diskmark compare` reads them (escaped,
//! no figure that was not measured), the two chosen, and their
//! comparison in compare's words. No drawing here ([`crate::history_page`]).

use crate::strings;
use diskmark::compare::RunSummary;
use std::path::Path;

/// A run of the history, as listed.
#[derive(Debug, Clone)]
pub struct Listed {
    /// Its id in the database; 0 for the result file shown.
    pub id: i64,
    /// What compare reads of it.
    pub summary: RunSummary,
    /// Its headline figures, as the TUI's history shows them.
    pub headline: String,
}

/// What the page shows.
#[derive(Debug, Clone, Default)]
pub struct HistoryView {
    /// The runs, newest first.
    pub runs: Vec<Listed>,
    /// The runs chosen to compare (at most two), by position.
    pub chosen: Vec<usize>,
    /// The comparison of the two chosen, in compare's text.
    pub compared: Option<String>,
    /// Why the list is empty or short: no database yet, a database that
    /// cannot be read, a run that cannot be.
    pub said: Option<String>,
}

/// How many runs the page lists (the newest).
pub const LISTED: usize = 200;

impl HistoryView {
    /// The database at `db` read, and the result file shown in the
    /// window first when there is one (so that it can be compared with a
    /// recorded run).
    pub fn load_with(
        db: Option<&Path>,
        shown: Option<&crate::actions_state::Shown>,
    ) -> HistoryView {
        let mut view = HistoryView::load(db);
        if let Some(s) = shown {
            let text = diskmark::report::render(&s.run, diskmark::report::Format::Json);
            if let Ok(summary) = diskmark::compare::from_json(&s.label, &text) {
                let headline = diskmark::history::headline(&text);
                view.runs.insert(
                    0,
                    Listed {
                        id: 0,
                        summary,
                        headline,
                    },
                );
                if view.said.as_deref() == Some(strings::no_history().as_str()) {
                    view.said = None;
                }
            }
        }
        view
    }

    /// The database at `db` read: its newest runs, or the sentence why
    /// not (none yet, not diskmark's, newer than this diskmark).
    pub fn load(db: Option<&Path>) -> HistoryView {
        let Some(db) = db else {
            return HistoryView::said(strings::no_history());
        };
        if !db.exists() {
            return HistoryView::said(strings::no_history());
        }
        let listed = diskmark::history::History::open_existing(db).and_then(|h| h.list(None, None));
        let stored = match listed {
            Ok(s) => s,
            Err(e) => return HistoryView::said(strings::error(&e.to_string())),
        };
        let mut view = HistoryView::default();
        let mut unreadable = 0;
        for r in stored.into_iter().take(LISTED) {
            match diskmark::compare::from_stored(r.id, &r.json) {
                Ok(summary) => view.runs.push(Listed {
                    id: r.id,
                    summary,
                    headline: diskmark::history::headline(&r.json),
                }),
                Err(_) => unreadable += 1,
            }
        }
        if view.runs.is_empty() && unreadable == 0 {
            view.said = Some(strings::no_history());
        } else if unreadable > 0 {
            view.said = Some(strings::unreadable_runs(unreadable));
        }
        view
    }

    fn said(sentence: String) -> HistoryView {
        HistoryView {
            said: Some(sentence),
            ..HistoryView::default()
        }
    }

    /// Chooses run `i`, or gives it up when it was chosen; a third
    /// choice gives up the oldest. Two chosen are compared at once, the
    /// older first.
    pub fn toggle(&mut self, i: usize) {
        if i >= self.runs.len() {
            return;
        }
        match self.chosen.iter().position(|c| *c == i) {
            Some(at) => {
                self.chosen.remove(at);
            }
            None => {
                self.chosen.push(i);
                if self.chosen.len() > 2 {
                    self.chosen.remove(0);
                }
            }
        }
        self.compared = match self.chosen.as_slice() {
            [a, b] => {
                // Newest first in the list: the larger position is older.
                let (old, new) = if a > b { (*a, *b) } else { (*b, *a) };
                let runs = [
                    self.runs[old].summary.clone(),
                    self.runs[new].summary.clone(),
                ];
                Some(diskmark::compare::render_text(&runs))
            }
            _ => None,
        };
    }
}
