//! What the actions after a run keep (the action waiting for its path,
//! the typed path, the result file shown) and the messages that change
//! it: the types [`crate::app`] holds and [`crate::actions`] acts on, in a
//! file of their own so that neither of those imports the other.

use diskmark::report::model::Run;
use diskmark::workload::{Direction, TestSpec};
use std::path::PathBuf;

/// What the actions' buttons and the path row say.
#[derive(Debug, Clone)]
pub enum ActionsMsg {
    /// Copy the text report to the clipboard.
    Copy,
    /// An action that needs a path: the path row opens (and a dialog,
    /// where one can be shown).
    Ask(Action),
    /// The typed path changed.
    Path(String),
    /// Open the desktop's file dialog for the waiting action.
    Browse,
    /// What the file dialog chose (`None`: closed without a choice).
    Picked(Option<PathBuf>),
    /// Do the waiting action with the typed path.
    Confirm,
    /// Close the path row.
    Cancel,
}

/// An action that needs a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// The text report, as the CLI prints it.
    SaveText,
    /// The JSON report.
    SaveJson,
    /// The Markdown table.
    SaveMarkdown,
    /// The chart as a PNG image.
    SavePng,
    /// The card (CrystalDiskMark's screenshot) as a PNG image.
    SaveCard,
    /// Into the history database.
    SaveHistory,
    /// Open a result JSON and show it.
    Open,
}

impl Action {
    /// Whether the action writes (the others read).
    pub fn writes(self) -> bool {
        self != Action::Open
    }
}

/// A result file shown in the grid in place of a run.
#[derive(Debug, Clone)]
pub struct Shown {
    /// The file, as shown to the user (escaped).
    pub label: String,
    /// What it holds.
    pub run: Run,
    /// Its tests, one row each, in the order they first appear.
    pub rows: Vec<TestSpec>,
    /// Its columns: Read, Write, and Mix when it has one.
    pub columns: Vec<Direction>,
}

/// The actions' state in the window.
#[derive(Debug, Clone, Default)]
pub struct Actions {
    /// The action waiting for its path (the path row is open).
    pub pending: Option<Action>,
    /// The typed path.
    pub path: String,
    /// The result file shown, if one is.
    pub shown: Option<Shown>,
}
