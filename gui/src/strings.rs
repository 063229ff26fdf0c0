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

// --- looks ---

/// `--scale` given something that is not a scale.
pub fn bad_scale(given: &str, min: f32, max: f32) -> String {
    format!("{given:?} is not a scale: give a number from {min} to {max}, such as 2 for 200 %")
}
