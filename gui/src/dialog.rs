//! File dialogs, in one place: the desktop's own (the XDG desktop portal,
//! which shows GTK's or KDE's dialog, through libdbus loaded at run time;
//! zenity where there is no portal) via `rfd`, as tasks that never block
//! the window's event loop. Where no dialog can be shown (no session bus
//! and no zenity, as in CI) [`available`] says so, and the window's typed
//! path is the way: it is always there beside the dialog.
//!
//! A dialog is a wait on the user, so it has no deadline; it runs on a
//! thread of its own (rfd's), and the window keeps drawing meanwhile.

use iced::Task;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Whether a file dialog can be shown here: a session bus and libdbus
/// for the portal, or zenity on the `PATH`. Looked up once.
pub fn available() -> bool {
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| portal_possible() || on_path("zenity"))
}

/// A session bus to reach the portal on, and libdbus to reach it with
/// (rfd loads it at run time).
fn portal_possible() -> bool {
    let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some_and(|a| !a.is_empty())
        || std::env::var_os("XDG_RUNTIME_DIR").is_some_and(|d| Path::new(&d).join("bus").exists());
    let libdbus = [
        "/usr/lib/x86_64-linux-gnu",
        "/usr/lib/aarch64-linux-gnu",
        "/usr/lib64",
        "/usr/lib",
        "/lib/x86_64-linux-gnu",
        "/lib64",
    ]
    .iter()
    .any(|d| Path::new(d).join("libdbus-1.so.3").exists());
    bus && libdbus
}

/// Whether `program` is an executable file in a directory of `PATH`.
fn on_path(program: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    std::env::split_paths(&path).any(|d| {
        std::fs::metadata(d.join(program))
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    })
}

/// The user's choice: `None` when the dialog was closed without one (or
/// could not be shown).
pub type Picked = Option<PathBuf>;

/// A dialog that chooses a directory (the target's "Choose folder…").
pub fn pick_folder(title: &str, start: Option<&Path>) -> Task<Picked> {
    let mut d = rfd::AsyncFileDialog::new().set_title(title);
    if let Some(s) = start {
        d = d.set_directory(s);
    }
    Task::perform(d.pick_folder(), |h| h.map(|h| h.path().to_path_buf()))
}

/// A dialog that chooses where to save, proposing `name`; `filter` is a
/// name and the extensions it shows (`("JSON", &["json"])`).
pub fn save_file(title: &str, name: &str, filter: (&str, &[&str])) -> Task<Picked> {
    let d = rfd::AsyncFileDialog::new()
        .set_title(title)
        .set_file_name(name)
        .add_filter(filter.0, filter.1);
    Task::perform(d.save_file(), |h| h.map(|h| h.path().to_path_buf()))
}

/// A dialog that chooses a file to open; `filter` as for [`save_file`].
pub fn open_file(title: &str, filter: (&str, &[&str])) -> Task<Picked> {
    let d = rfd::AsyncFileDialog::new()
        .set_title(title)
        .add_filter(filter.0, filter.1);
    Task::perform(d.pick_file(), |h| h.map(|h| h.path().to_path_buf()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_is_found_on_the_path_only_when_it_is_there() {
        assert!(on_path("sh"));
        assert!(!on_path("diskmark-no-such-program"));
    }

    #[test]
    fn without_a_dialog_the_task_ends_with_no_choice_and_does_not_hang() {
        use iced::futures::StreamExt;
        if available() {
            eprintln!("skipped: a file dialog can be shown here, and would wait for a person");
            return;
        }
        let task = open_file("Open", ("JSON", &["json"]));
        let mut stream = iced_runtime::task::into_stream(task).expect("a task that runs");
        let mut outputs = Vec::new();
        while let Some(action) = iced::futures::executor::block_on(stream.next()) {
            if let iced_runtime::Action::Output(p) = action {
                outputs.push(p);
            }
        }
        assert_eq!(outputs, vec![None]);
    }
}
