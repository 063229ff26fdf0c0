//! The window's words for its menus, dialogs and pages (docs/i18n.md),
//! each a message of gui/i18n/<lang>/diskmark.ftl.

use diskmark::fl;
use diskmark::i18n::num;

/// The menus' titles.
pub fn menu_file() -> String {
    fl!("menu-file")
}
/// A menu's title.
pub fn menu_settings() -> String {
    fl!("menu-settings")
}
/// A menu's title.
pub fn menu_theme() -> String {
    fl!("menu-theme")
}
/// A menu's title.
pub fn menu_language() -> String {
    fl!("menu-language")
}
/// A menu's title.
pub fn menu_help() -> String {
    fl!("menu-help")
}
/// File's last entry.
pub fn quit() -> String {
    fl!("quit")
}
/// Settings' submenus and entries.
pub fn profile() -> String {
    fl!("profile")
}
/// A submenu of Settings.
pub fn presets() -> String {
    fl!("presets")
}
/// A submenu of Settings.
pub fn test_data() -> String {
    fl!("test-data")
}
/// The entry and dialog that edit each row's test.
pub fn test_parameters() -> String {
    fl!("test-parameters")
}
/// The entry and dialog with every setting.
pub fn all_settings() -> String {
    fl!("all-settings")
}
/// Theme's entry that follows the desktop.
pub fn look_system() -> String {
    fl!("look-system")
}
/// Help's entries.
pub fn shortcuts() -> String {
    fl!("shortcuts")
}
/// Help's entry.
pub fn about_entry() -> String {
    fl!("about")
}
/// A dialog's button that closes it.
pub fn close() -> String {
    fl!("close")
}
/// The test parameters' button that brings the profile's tests back.
pub fn reset_tests() -> String {
    fl!("reset-tests")
}
/// The test parameters' column headings.
pub fn param_headings() -> [String; 5] {
    [
        fl!("param-test"),
        fl!("param-pattern"),
        fl!("param-block"),
        fl!("param-queue"),
        fl!("param-threads"),
    ]
}

/// The About dialog's lines: name, version, what it is, licence, links.
pub fn about(version: &str) -> Vec<String> {
    vec![
        format!("diskmark {version}"),
        fl!("about-what"),
        fl!("about-licence", licence = "MIT OR Apache-2.0"),
        fl!("about-home", url = "https://github.com/diskmark/diskmark"),
        fl!(
            "about-docs",
            method = "docs/measurement.md",
            formats = "docs/report.md"
        ),
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
pub fn page(p: crate::overlay::Page) -> String {
    use crate::overlay::Page;
    match p {
        Page::Grid => fl!("page-grid"),
        Page::Sustained => fl!("page-sustained"),
        Page::Span => fl!("page-span"),
        Page::Qos => fl!("page-qos"),
        Page::History => fl!("page-history"),
    }
}

/// A page's button that starts its run.
pub fn start() -> String {
    fl!("start")
}
/// The sustained page's size pick list.
pub fn fill_size() -> String {
    fl!("fill-size")
}
/// A sustained write up to the free space (the CLI's default).
pub fn fill_free_space() -> String {
    fl!("fill-free-space")
}
/// The sustained chart's x axis.
pub fn gb_written() -> String {
    fl!("gb-written")
}
/// The device map's x axis.
pub fn position() -> String {
    fl!("position")
}
/// A chart with no measured point yet.
pub fn nothing_measured() -> String {
    fl!("nothing-measured")
}
/// The span page's device field.
pub fn span_device() -> String {
    fl!("span-device")
}
/// The QoS page before a run.
pub fn qos_what() -> String {
    fl!("qos-what")
}
/// The QoS page while it runs.
pub fn qos_running() -> String {
    fl!("qos-running")
}
/// The history page with no run recorded.
pub fn no_history() -> String {
    fl!("no-history")
}
/// The history page's hint.
pub fn choose_two() -> String {
    fl!("choose-two")
}

/// The knee's mark on the sustained chart.
pub fn knee(gb: f64) -> String {
    fl!("knee", gb = num(gb, 2))
}

/// What the sustained page runs, and where it is.
pub fn sustained_what(size: Option<u64>, t: &diskmark::front::Trace) -> String {
    let (done, total) = t.progress();
    if total > 0 {
        let (done, total) = (num(done as f64 / 1e9, 2), num(total as f64 / 1e9, 2));
        return match t.last_mbps() {
            Some(m) => fl!(
                "sustained-progress-rate",
                done = done,
                total = total,
                mbps = num(m, 0)
            ),
            None => fl!("sustained-progress", done = done, total = total),
        };
    }
    match size {
        Some(b) => fl!("sustained-what-size", gb = num(b as f64 / 1e9, 2)),
        None => fl!("sustained-what-free"),
    }
}

/// What the span page runs, and where it is.
pub fn span_what(t: &diskmark::front::Trace) -> String {
    let (done, total) = t.progress();
    match total {
        0 => fl!("span-what"),
        _ => fl!("span-progress", done = done, total = total),
    }
}

/// Runs of the history that could not be read.
pub fn unreadable_runs(n: usize) -> String {
    fl!("unreadable-runs", n = n)
}

/// A run of the history (its texts are escaped by compare).
pub fn history_line(label: &str, date: &str, target: &str, model: &str) -> String {
    let date = diskmark::i18n::date_time(date);
    format!("{label} · {date} · {target} · {model}")
}
