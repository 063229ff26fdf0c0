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
/// The marker of the row running now.
pub const RUNNING_MARK: &str = "▶";

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

/// A run that did not stop in time (the TUI's sentence).
pub fn stuck(deadline_s: u64, target: &str) -> String {
    error(&format!(
        "the benchmark did not stop within {deadline_s} s of being asked (blocked in the kernel: a dead device or network mount?); a test file it made may be left in {target}"
    ))
}

// --- settings ---

/// Why the panel cannot be used now.
pub const SETTINGS_LOCKED: &str = "Stop the run to change the settings";
/// Label of the engine buttons.
pub const ENGINE: &str = "Engine";
/// The picker's entry that opens the typed path.
pub const CHOOSE_FOLDER: &str = "Choose folder…";
/// Label of the typed folder path.
pub const FOLDER: &str = "Folder";
/// Takes the typed folder.
pub const USE_FOLDER: &str = "Use";
/// Gives the typed folder up.
pub const CANCEL: &str = "Cancel";
/// Enter on an empty folder path.
pub const NO_FOLDER: &str = "error: type the path of the folder in which to create the test file";

/// A typed value that was not taken, and the value kept.
pub fn bad_value(label: &str, why: &str, kept: &str) -> String {
    format!("error: {label}: {why}; it stays {kept}")
}

/// A native engine that does not work here, with the probe's reason.
pub fn engine_unavailable(name: &str, why: &str) -> String {
    format!("{name}: unavailable here: {why}")
}

/// A target of the picker: path, filesystem, usage and device model
/// ("—" for what is not known); the model last, as it is the longest.
pub fn target_entry(
    path: &str,
    fs: Option<&str>,
    usage: Option<&str>,
    model: Option<&str>,
) -> String {
    let known = |v: Option<&str>| v.unwrap_or(EMPTY_CELL).to_string();
    format!(
        "{path} · {} · {} · {}",
        known(fs),
        known(usage),
        known(model)
    )
}

/// A typed folder that is a block device.
pub fn not_a_folder(path: &str) -> String {
    error(&format!(
        "target {path} is a block device, not a folder; choose the folder in which to create the test file (the command line tests raw devices)"
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
pub const SAVE_PNG: &str = "Save chart (PNG)…";
/// The entry (and dialog title) that saves the card as PNG.
pub const SAVE_CARD: &str = "Save image (card)…";
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
/// The typed path's placeholder.
pub const PATH_PLACEHOLDER: &str = "/path/to/file";
/// The message line once the report is on the clipboard.
pub const COPIED: &str = "the text report is on the clipboard";
/// Saving with nothing to save.
pub const NOTHING_TO_SAVE: &str = "there is nothing to save yet: run the tests or open a result";
/// An action that saves nothing, asked to save.
pub const CANNOT_SAVE: &str = "this action reads a file; it saves nothing";
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
        Action::SaveCard => "Save the card (PNG) to",
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

// --- looks ---

/// `--scale` given something that is not a scale.
pub fn bad_scale(given: &str, min: f32, max: f32) -> String {
    format!("{given:?} is not a scale: give a number from {min} to {max}, such as 2 for 200 %")
}

// --- launch ---

/// There is no display at all.
pub const NO_DISPLAY: &str = "there is no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set): start diskmark-gui from a desktop session, or run `diskmark` or `diskmark tui` in a terminal";

/// The toolkit failed while opening or running the window; `why` is its
/// own message (one line of it, escaped).
pub fn window_failed(why: &str) -> String {
    let first = why.lines().next().unwrap_or_default();
    format!(
        "the window could not be opened or stopped on an internal error ({}): is the X server or Wayland compositor of DISPLAY/WAYLAND_DISPLAY running?",
        diskmark::report::escape::escape(first)
    )
}

/// The guardian's line for a test file the window left when it died
/// (docs/measurement.md#the-guardian).
pub fn guardian_removed(path: &str, size: &str) -> String {
    format!("note: diskmark-gui ended without removing its test file; removed {path} ({size})")
}

/// The looks, as the Theme menu names them.
pub const LOOK_LIGHT: &str = "Light";
/// A look.
pub const LOOK_DARK: &str = "Dark";
/// A look.
pub const LOOK_HIGH_CONTRAST: &str = "High contrast";
/// A look, as the Theme menu names it.
pub fn look(l: crate::style::Look) -> &'static str {
    use crate::style::Look;
    match l {
        Look::Light => LOOK_LIGHT,
        Look::Dark => LOOK_DARK,
        Look::HighContrast => LOOK_HIGH_CONTRAST,
    }
}

/// The comment field's placeholder.
pub const COMMENT: &str = "Comment (the result's label)";

/// A column's heading, CrystalDiskMark's `Read [MB/s]`.
pub fn heading(direction: &str, unit: &str) -> String {
    format!("{direction} [{unit}]")
}

/// MB/s on a cell's second line and in its hover.
pub fn mbps(v: f64) -> String {
    format!("{v:.2} MB/s")
}

/// IOPS on a cell's second line and in its hover.
pub fn iops(v: f64) -> String {
    format!("{v:.0} IOPS")
}

/// A mean latency on a cell's second line and in its hover.
pub fn micros(us: f64) -> String {
    format!("{us:.1} µs")
}

/// The Q/T that ran when the engine adapted the test (`RND4K Q1T8`
/// gives `ran Q1T8`), as the card and the report say it.
pub fn ran(applied: &str) -> String {
    let qt = applied.split_once(' ').map_or(applied, |(_, qt)| qt);
    format!("ran {qt}")
}

/// A cell in every unit (its hover's first line); the latency only when
/// measured.
pub fn every_unit(mbps_v: f64, iops_v: f64, mean_us: Option<f64>) -> String {
    let mut s = format!(
        "{} · {:.3} GB/s · {}",
        mbps(mbps_v),
        mbps_v / 1000.0,
        iops(iops_v)
    );
    if let Some(us) = mean_us {
        s.push_str(&format!(" · {} mean", micros(us)));
    }
    s
}

/// How much a cell's loops disagree (its hover's second line).
pub fn spread(n: usize, min: f64, max: f64, ci95_pct: Option<f64>) -> String {
    let loops = if n == 1 { "loop" } else { "loops" };
    let mut s = format!("{n} {loops}: {min:.2} – {max:.2} MB/s");
    if let Some(ci) = ci95_pct {
        s.push_str(&format!(", ±{ci:.1} % (95 % confidence)"));
    }
    s
}

/// The drive under the grid: model and link, filesystem, usage; `—`
/// where one is not known.
pub fn drive(model: Option<&str>, fs: Option<&str>, usage: Option<&str>) -> String {
    let known = |v: Option<&str>| v.unwrap_or(EMPTY_CELL).to_string();
    format!("{} · {} · {}", known(model), known(fs), known(usage))
}

// --- menus and dialogs ---

/// The menus' titles.
pub const MENU_FILE: &str = "File";
/// A menu's title.
pub const MENU_SETTINGS: &str = "Settings";
/// A menu's title.
pub const MENU_THEME: &str = "Theme";
/// A menu's title.
pub const MENU_LANGUAGE: &str = "Language";
/// A menu's title.
pub const MENU_HELP: &str = "Help";
/// File's last entry.
pub const QUIT: &str = "Quit";
/// Settings' submenus and entries.
pub const PROFILE: &str = "Profile";
/// A submenu of Settings.
pub const PRESETS: &str = "Presets";
/// A submenu of Settings.
pub const TEST_DATA: &str = "Test data";
/// The entry and dialog that edit each row's test.
pub const TEST_PARAMETERS: &str = "Test parameters…";
/// The entry and dialog with every setting.
pub const ALL_SETTINGS: &str = "All settings…";
/// Theme's entry that follows the desktop.
pub const LOOK_SYSTEM: &str = "System";
/// The one language until the translations come.
pub const ENGLISH: &str = "English";
/// Help's entries.
pub const SHORTCUTS: &str = "Keyboard shortcuts…";
/// Help's entry.
pub const ABOUT: &str = "About diskmark…";
/// A dialog's button that closes it.
pub const CLOSE: &str = "Close";
/// The test parameters' button that brings the profile's tests back.
pub const RESET_TESTS: &str = "Reset to CrystalDiskMark's tests";
/// The test parameters' column headings.
pub const PARAM_HEADINGS: [&str; 5] = ["Test", "Pattern", "Block", "Queue", "Threads"];

/// The About dialog's lines: name, version, what it is, licence, links.
pub fn about(version: &str) -> Vec<String> {
    vec![
        format!("diskmark {version}"),
        "A storage benchmark: CrystalDiskMark's tests, measured correctly, with native I/O engines.".into(),
        "Licence: MIT OR Apache-2.0".into(),
        "Home: https://github.com/diskmark/diskmark".into(),
        "Method: docs/measurement.md · Report formats: docs/report.md".into(),
    ]
}

/// The suggested name of a saved file: the drive (or filesystem), the
/// date and the format's extension, in characters every filesystem takes.
pub fn suggested_name(drive: Option<&str>, date: &str, extension: &str) -> String {
    let clean: String = (drive.unwrap_or("result").chars())
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let mut name = String::from("diskmark");
    for part in clean.split('-').filter(|p| !p.is_empty()).take(4) {
        name.push('-');
        name.push_str(part);
    }
    format!("{name}-{date}.{extension}")
}

// --- pages ---

/// A page's tab.
pub fn page(p: crate::overlay::Page) -> &'static str {
    use crate::overlay::Page;
    match p {
        Page::Grid => "Grid",
        Page::Sustained => "Sustained write",
        Page::Span => "Device map",
        Page::Qos => "Latency under load",
        Page::History => "History",
    }
}

/// A page's button that starts its run.
pub const START: &str = "Start";
/// The sustained page's size pick list.
pub const FILL_SIZE: &str = "Write";
/// A sustained write up to the free space (the CLI's default).
pub const FILL_FREE_SPACE: &str = "up to the free space (less a margin)";
/// The sustained chart's x axis.
pub const GB_WRITTEN: &str = "GB written";
/// The device map's x axis.
pub const POSITION: &str = "position on the device (%)";
/// A chart with no measured point yet.
pub const NOTHING_MEASURED: &str = "no sample measured yet";
/// The span page's device field.
pub const SPAN_DEVICE: &str =
    "Device to map (/dev/…), or empty for the target folder's own test file";
/// The QoS page before a run.
pub const QOS_WHAT: &str = "RND4K Q1T1 reads alone, then while SEQ1M Q8T1 writes a second file: p50, p99 and p99.9 (docs/measurement.md#latency-under-load)";
/// The QoS page while it runs.
pub const QOS_RUNNING: &str = "Measuring the reads alone, then under the writer…";
/// The history page with no run recorded.
pub const NO_HISTORY: &str = "No run is recorded yet: File → Save to history… records the last run";
/// The history page's hint.
pub const CHOOSE_TWO: &str = "Choose two runs to compare them";

/// The knee's mark on the sustained chart.
pub fn knee(gb: f64) -> String {
    format!("cache ≈ {gb:.2} GB")
}

/// What the sustained page runs, and where it is.
pub fn sustained_what(size: Option<u64>, t: &diskmark::front::Trace) -> String {
    let (done, total) = t.progress();
    if total > 0 {
        let rate = t
            .last_mbps()
            .map_or(String::new(), |m| format!(" · {m:.0} MB/s"));
        return format!(
            "{:.2} of {:.2} GB written{rate}",
            done as f64 / 1e9,
            total as f64 / 1e9
        );
    }
    match size {
        Some(b) => format!("SEQ1M Q8T1 writes {:.2} GB into the target folder", b as f64 / 1e9),
        None => "SEQ1M Q8T1 writes until well past the drive's write cache (the free space less a margin)".into(),
    }
}

/// What the span page runs, and where it is.
pub fn span_what(t: &diskmark::front::Trace) -> String {
    let (done, total) = t.progress();
    match total {
        0 => "Sequential samples from the first byte to the last, then random 4 KiB reads (read-only)".into(),
        _ => format!("{done} of {total}"),
    }
}

/// Runs of the history that could not be read.
pub fn unreadable_runs(n: usize) -> String {
    format!("{n} recorded runs could not be read and are not listed")
}

/// A run of the history (its texts are escaped by compare).
pub fn history_line(label: &str, date: &str, target: &str, model: &str) -> String {
    let date: String = date.chars().take(16).collect::<String>().replace('T', " ");
    format!("{label} · {date} · {target} · {model}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suggested_name_is_the_drive_the_date_and_the_format_in_safe_characters() {
        assert_eq!(
            suggested_name(Some("Samsung SSD 980 PRO 1TB"), "2026-12-03-1425", "json"),
            "diskmark-Samsung-SSD-980-PRO-2026-12-03-1425.json"
        );
        // A model is anyone's text: no path, no shell syntax survives.
        assert_eq!(
            suggested_name(Some("../x;$(rm)\n"), "2026-12-03", "png"),
            "diskmark-x-rm-2026-12-03.png"
        );
        assert_eq!(
            suggested_name(None, "2026-12-03", "md"),
            "diskmark-result-2026-12-03.md"
        );
    }
}
