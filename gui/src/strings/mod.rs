//! Every user-visible string of the window, in one place: each a message
//! of gui/i18n/<lang>/diskmark.ftl in the window's language, checked
//! against the English file at compile time (docs/i18n.md). What the
//! window prints on standard error before or after it is drawn stays
//! English, as the CLI's lines do.

mod menus;

use diskmark::fl;
use diskmark::i18n::num;
use diskmark::run::Phase;
use std::time::Duration;

/// The window's title.
pub const TITLE: &str = "diskmark";
/// The button that runs every test.
pub fn all() -> String {
    fl!("all")
}
/// The button that stops the run.
pub fn stop() -> String {
    fl!("stop")
}
/// Label of the target picker.
pub fn target() -> String {
    fl!("target")
}
/// Label of the unit picker.
pub fn unit() -> String {
    fl!("unit")
}
/// Column headings.
pub fn read() -> String {
    fl!("read")
}
/// Column heading.
pub fn write() -> String {
    fl!("write")
}
/// Column heading.
pub fn mix() -> String {
    fl!("mix")
}
/// The status bar before a run.
pub fn ready() -> String {
    fl!("ready")
}
/// The status bar while a stop is under way.
pub fn stopping() -> String {
    fl!("stopping")
}
/// The status bar after a complete run.
pub fn finished() -> String {
    fl!("finished")
}
/// The status bar after a stopped run.
pub fn stopped() -> String {
    fl!("stopped")
}
/// Heading of the notes panel.
pub fn notes() -> String {
    fl!("notes")
}
/// A cell with no figure yet.
pub const EMPTY_CELL: &str = "—";
/// The marker of the row running now.
pub const RUNNING_MARK: &str = "▶";

/// The status bar while pre-filling.
pub fn prefill(done: u64, total: u64) -> String {
    let pct = (done * 100).checked_div(total).unwrap_or(0);
    fl!("prefill", pct = pct)
}

/// The status bar between tests.
pub fn interval(remaining: Duration) -> String {
    fl!("interval", seconds = num(remaining.as_secs_f64(), 1))
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
    let phase = phase_name(phase);
    match mbps {
        Some(m) => fl!(
            "running-rate",
            phase = phase,
            test = test,
            direction = direction,
            lp = lp,
            loops = loops,
            mbps = num(m, 2)
        ),
        None => fl!(
            "running",
            phase = phase,
            test = test,
            direction = direction,
            lp = lp,
            loops = loops
        ),
    }
}

/// A phase as shown.
pub fn phase_name(phase: Phase) -> String {
    diskmark::front::words::phase(phase)
}

/// The time left of the run.
pub fn time_left(left: Duration) -> String {
    let s = left.as_secs();
    fl!("time-left", clock = format!("{}:{:02}", s / 60, s % 60))
}

/// The error sentence, as the CLI prints it.
pub fn error(sentence: &str) -> String {
    fl!("error", sentence = sentence)
}

/// The outputs written at the end.
pub fn written(names: &[String]) -> String {
    fl!("written", names = names.join(", "))
}

/// A run that did not stop in time (the TUI's sentence).
pub fn stuck(deadline_s: u64, target: &str) -> String {
    error(&format!(
        "the benchmark did not stop within {deadline_s} s of being asked (blocked in the kernel: a dead device or network mount?); a test file it made may be left in {target}"
    ))
}

// --- settings ---

/// Why the panel cannot be used now.
pub fn settings_locked() -> String {
    fl!("settings-locked")
}
/// Label of the engine buttons.
pub fn engine() -> String {
    fl!("engine")
}
/// The picker's entry that opens the typed path.
pub fn choose_folder() -> String {
    fl!("choose-folder")
}
/// Label of the typed folder path.
pub fn folder() -> String {
    fl!("folder")
}
/// Takes the typed folder.
pub fn use_folder() -> String {
    fl!("use-folder")
}
/// Gives the typed folder up.
pub fn cancel() -> String {
    fl!("cancel")
}
/// Enter on an empty folder path.
pub fn no_folder() -> String {
    fl!("no-folder")
}

/// A typed value that was not taken, and the value kept.
pub fn bad_value(label: &str, why: &str, kept: &str) -> String {
    fl!("bad-value", label = label, why = why, kept = kept)
}

/// A native engine that does not work here, with the probe's reason.
pub fn engine_unavailable(name: &str, why: &str) -> String {
    fl!("engine-unavailable", name = name, why = why)
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
    fl!("not-a-folder", path = path)
}

// --- actions ---

/// The button that copies the text report.
pub fn copy() -> String {
    fl!("copy")
}
/// The button (and dialog title) that saves the text report.
pub fn save_text() -> String {
    fl!("save-text")
}
/// The button (and dialog title) that saves the JSON report.
pub fn save_json() -> String {
    fl!("save-json")
}
/// The button (and dialog title) that saves the Markdown table.
pub fn save_markdown() -> String {
    fl!("save-markdown")
}
/// The button (and dialog title) that saves the chart as PNG.
pub fn save_png() -> String {
    fl!("save-png")
}
/// The entry (and dialog title) that saves the card as PNG.
pub fn save_card() -> String {
    fl!("save-card")
}
/// The button that saves the run into the history.
pub fn save_history() -> String {
    fl!("save-history")
}
/// The button (and dialog title) that opens a result JSON.
pub fn open() -> String {
    fl!("open")
}
/// The file dialog's filter for text files.
pub fn file_kind_text() -> String {
    fl!("file-kind-text")
}
/// The path row's button that saves.
pub fn save() -> String {
    fl!("save")
}
/// The path row's button that opens.
pub fn open_button() -> String {
    fl!("open-button")
}
/// The path row's button that opens the desktop's file dialog.
pub fn browse() -> String {
    fl!("browse")
}
/// The typed path's placeholder.
pub fn path_placeholder() -> String {
    fl!("path-placeholder")
}
/// The message line once the report is on the clipboard.
pub fn copied() -> String {
    fl!("copied")
}
/// Saving with nothing to save.
pub fn nothing_to_save() -> String {
    fl!("nothing-to-save")
}
/// An action that saves nothing, asked to save.
pub fn cannot_save() -> String {
    fl!("cannot-save")
}
/// Opening with no path typed.
pub fn no_file() -> String {
    fl!("no-file")
}

/// The path row's label for `a`.
pub fn path_label(a: crate::actions_state::Action) -> String {
    use crate::actions_state::Action;
    match a {
        Action::SaveText => fl!("path-save-text"),
        Action::SaveJson => fl!("path-save-json"),
        Action::SaveMarkdown => fl!("path-save-markdown"),
        Action::SavePng => fl!("path-save-png"),
        Action::SaveCard => fl!("path-save-card"),
        Action::SaveHistory => fl!("path-save-history"),
        Action::Open => fl!("path-open"),
    }
}

/// The status bar while a result file is shown.
pub fn shown(file: &str) -> String {
    fl!("shown", file = file)
}

/// A run saved into the history (the CLI's words).
pub fn saved_as(id: i64, db: &str) -> String {
    fl!("saved-as", id = id, db = db)
}

/// The chart could not be drawn as PNG.
pub fn chart_failed(why: &str) -> String {
    fl!("chart-failed", why = why)
}

/// Tests of a result file without a direction, left out of the grid.
pub fn no_direction(n: usize) -> String {
    fl!("no-direction", n = n)
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
pub fn look_light() -> String {
    fl!("look-light")
}
/// A look.
pub fn look_dark() -> String {
    fl!("look-dark")
}
/// A look.
pub fn look_high_contrast() -> String {
    fl!("look-high-contrast")
}
/// A look, as the Theme menu names it.
pub fn look(l: crate::style::Look) -> String {
    use crate::style::Look;
    match l {
        Look::Light => look_light(),
        Look::Dark => look_dark(),
        Look::HighContrast => look_high_contrast(),
    }
}

/// The Language menu's first entry: the environment's language.
pub fn language_system(name: &str) -> String {
    fl!("language-system", name = name)
}

/// The Language menu's choice could not be kept for the next start.
pub fn not_remembered(why: &str) -> String {
    fl!("not-remembered", why = why)
}

/// The comment field's placeholder.
pub fn comment() -> String {
    fl!("comment")
}

/// A column's heading, CrystalDiskMark's `Read [MB/s]`.
pub fn heading(direction: &str, unit: &str) -> String {
    fl!("heading", direction = direction, unit = unit)
}

/// MB/s on a cell's second line and in its hover.
pub fn mbps(v: f64) -> String {
    fl!("mbps", v = num(v, 2))
}

/// IOPS on a cell's second line and in its hover.
pub fn iops(v: f64) -> String {
    fl!("iops", v = num(v, 0))
}

/// A mean latency on a cell's second line and in its hover.
pub fn micros(us: f64) -> String {
    fl!("micros", us = num(us, 1))
}

/// The Q/T that ran when the engine adapted the test (`RND4K Q1T8`
/// gives `ran Q1T8`), as the card and the report say it.
pub fn ran(applied: &str) -> String {
    let qt = applied.split_once(' ').map_or(applied, |(_, qt)| qt);
    fl!("ran", qt = qt)
}

/// A cell in every unit (its hover's first line); the latency only when
/// measured.
pub fn every_unit(mbps_v: f64, iops_v: f64, mean_us: Option<f64>) -> String {
    let gbps = fl!("gbps", v = num(mbps_v / 1000.0, 3));
    match mean_us {
        Some(us) => fl!(
            "every-unit-mean",
            mbps = mbps(mbps_v),
            gbps = gbps,
            iops = iops(iops_v),
            mean = micros(us)
        ),
        None => fl!(
            "every-unit",
            mbps = mbps(mbps_v),
            gbps = gbps,
            iops = iops(iops_v)
        ),
    }
}

/// How much a cell's loops disagree (its hover's second line).
pub fn spread(n: usize, min: f64, max: f64, ci95_pct: Option<f64>) -> String {
    let (min, max) = (num(min, 2), num(max, 2));
    match ci95_pct {
        Some(ci) => fl!("spread-ci", n = n, min = min, max = max, ci = num(ci, 1)),
        None => fl!("spread", n = n, min = min, max = max),
    }
}

/// The drive under the grid: model and link, filesystem, usage; `—`
/// where one is not known.
pub fn drive(model: Option<&str>, fs: Option<&str>, usage: Option<&str>) -> String {
    let known = |v: Option<&str>| v.unwrap_or(EMPTY_CELL).to_string();
    format!("{} · {} · {}", known(model), known(fs), known(usage))
}

pub use menus::*;

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
