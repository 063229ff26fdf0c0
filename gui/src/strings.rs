//! Every user-visible string of the window, in one place, so that a
//! message catalog (Fluent) can replace them later.

use diskmark::run::Phase;
use std::time::Duration;

/// The window's title.
pub const TITLE: &str = "diskmark";
/// The button that runs every test.
pub const ALL: &str = "All";
/// The button that stops the run.
pub const STOP: &str = "Stop";
/// Label of the loops picker.
pub const LOOPS: &str = "Loops";
/// Label of the size picker.
pub const SIZE: &str = "Size";
/// Label of the target picker.
pub const TARGET: &str = "Target";
/// Label of the unit picker.
pub const UNIT: &str = "Unit";
/// Column headings.
pub const READ: &str = "Read";
/// Column heading.
pub const WRITE: &str = "Write";
/// Column heading.
pub const MIX: &str = "Mix";
/// The status bar before a run.
pub const READY: &str = "Ready";
/// The status bar while a stop is under way.
pub const STOPPING: &str = "Stopping…";
/// The status bar after a complete run.
pub const FINISHED: &str = "Finished";
/// The status bar after a stopped run.
pub const STOPPED: &str = "Stopped: the finished tests are kept";
/// Heading of the notes panel.
pub const NOTES: &str = "Notes";
/// A cell with no figure yet.
pub const EMPTY_CELL: &str = "—";
/// The benchmark thread died without an answer.
pub const PANICKED: &str =
    "error: the benchmark stopped on an internal error (a panic); please report it";

/// The status bar while pre-filling.
pub fn prefill(done: u64, total: u64) -> String {
    let pct = (done * 100).checked_div(total).unwrap_or(0);
    format!("Preparing the test file: {pct} %")
}

/// The status bar between tests.
pub fn interval(remaining: Duration) -> String {
    format!("Interval: {:.1} s", remaining.as_secs_f64())
}

/// The status bar while a loop runs: phase, test, direction, loop, MB/s.
pub fn running(
    phase: Phase,
    test: &str,
    direction: &str,
    lp: u32,
    loops: u32,
    mbps: Option<f64>,
) -> String {
    let rate = mbps.map_or(String::new(), |m| format!(" · {m:.2} MB/s"));
    format!(
        "{} · {test} {direction} · loop {lp}/{loops}{rate}",
        phase_name(phase)
    )
}

/// A phase as shown.
pub fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Warmup => "Warm-up",
        Phase::Measure => "Measuring",
        Phase::Drain => "Draining",
    }
}

/// The time left of the run.
pub fn time_left(left: Duration) -> String {
    let s = left.as_secs();
    format!("{}:{:02} left", s / 60, s % 60)
}

/// The error sentence, as the CLI prints it.
pub fn error(sentence: &str) -> String {
    format!("error: {sentence}")
}

/// The outputs written at the end.
pub fn written(names: &[String]) -> String {
    format!("written: {}", names.join(", "))
}

/// A run in which no test completed an I/O (the CLI's sentence).
pub fn measured_nothing(measure_s: f64) -> String {
    error(&format!(
        "no test completed any I/O in its measure window: nothing was measured (a device that is throttled, stalled or too slow for --measure {measure_s} s)"
    ))
}

/// A run that did not stop in time (the TUI's sentence).
pub fn stuck(deadline_s: u64, target: &str) -> String {
    error(&format!(
        "the benchmark did not stop within {deadline_s} s of being asked (blocked in the kernel: a dead device or network mount?); a test file it made may be left in {target}"
    ))
}

// --- actions ---

/// The button that copies the text report.
pub const COPY: &str = "Copy report";
/// The button (and dialog title) that saves the text report.
pub const SAVE_TEXT: &str = "Save text…";
/// The button (and dialog title) that saves the JSON report.
pub const SAVE_JSON: &str = "Save JSON…";
/// The button (and dialog title) that saves the Markdown table.
pub const SAVE_MARKDOWN: &str = "Save Markdown…";
/// The button (and dialog title) that saves the chart as PNG.
pub const SAVE_PNG: &str = "Save PNG…";
/// The button that saves the run into the history.
pub const SAVE_HISTORY: &str = "Save to history…";
/// The button (and dialog title) that opens a result JSON.
pub const OPEN: &str = "Open result…";
/// The path row's button that saves.
pub const SAVE: &str = "Save";
/// The path row's button that opens.
pub const OPEN_BUTTON: &str = "Open";
/// The path row's button that opens the desktop's file dialog.
pub const BROWSE: &str = "Browse…";
/// The path row's button that closes it.
pub const CANCEL: &str = "Cancel";
/// The typed path's placeholder.
pub const PATH_PLACEHOLDER: &str = "/path/to/file";
/// The message line once the report is on the clipboard.
pub const COPIED: &str = "the text report is on the clipboard";
/// Saving with nothing to save.
pub const NOTHING_TO_SAVE: &str = "there is nothing to save yet: run the tests or open a result";
/// Saving what a result file cannot give.
pub const CANNOT_SAVE: &str = "a result file shown gives only its JSON and the history; run the tests for the text, the Markdown and the chart";
/// Opening with no path typed.
pub const NO_FILE: &str = "give the result file to open";

/// The path row's label for `a`.
pub fn path_label(a: crate::actions_state::Action) -> &'static str {
    use crate::actions_state::Action;
    match a {
        Action::SaveText => "Save the text report to",
        Action::SaveJson => "Save the JSON report to",
        Action::SaveMarkdown => "Save the Markdown table to",
        Action::SavePng => "Save the chart (PNG) to",
        Action::SaveHistory => "Save into the history database",
        Action::Open => "Open the result file",
    }
}

/// The status bar while a result file is shown.
pub fn shown(file: &str) -> String {
    format!("Showing {file}: its figures are the file's, not a run's")
}

/// A run saved into the history (the CLI's words).
pub fn saved_as(id: i64, db: &str) -> String {
    format!("saved as run #{id} in {db}")
}

/// The chart could not be drawn as PNG.
pub fn chart_failed(why: &str) -> String {
    format!("the chart could not be drawn as PNG: {why}")
}

/// Tests of a result file without a direction, left out of the grid.
pub fn no_direction(n: usize) -> String {
    format!("{n} test(s) of the file have no direction and are not shown")
}
