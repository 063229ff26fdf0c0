//! Opening the window without a panic: a display must be there, and a
//! toolkit that panics (winit does when no display answers) ends in one
//! sentence, not a backtrace.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex};

/// Why the window could not be opened: one sentence, without "error:".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoWindow(pub String);

/// Whether there is a display to open a window on: `DISPLAY` (X11) or
/// `WAYLAND_DISPLAY`/`WAYLAND_SOCKET` (Wayland), as winit looks for them.
pub fn check_display(env: impl Fn(&str) -> Option<String>) -> Result<(), NoWindow> {
    let set = |k: &str| env(k).is_some_and(|v| !v.is_empty());
    if set("DISPLAY") || set("WAYLAND_DISPLAY") || set("WAYLAND_SOCKET") {
        return Ok(());
    }
    Err(NoWindow(crate::strings::NO_DISPLAY.to_string()))
}

/// Runs `f` (the window's event loop); a panic in it becomes a
/// [`NoWindow`] with the panic's message, and prints nothing itself.
/// The run's thread is stopped by the application's drop during the
/// unwind (`Bench`'s `Drop`), so no test file outlives it.
pub fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, NoWindow> {
    let said: Arc<Mutex<Option<String>>> = Arc::default();
    let hook = std::panic::take_hook();
    let keep = said.clone();
    std::panic::set_hook(Box::new(move |info| {
        let text = match info.payload().downcast_ref::<&str>() {
            Some(s) => s.to_string(),
            None => (info.payload().downcast_ref::<String>().cloned()).unwrap_or_default(),
        };
        if let Ok(mut s) = keep.lock() {
            s.get_or_insert(text);
        }
    }));
    let result = catch_unwind(AssertUnwindSafe(f));
    std::panic::set_hook(hook);
    result.map_err(|_| {
        let text = said
            .lock()
            .ok()
            .and_then(|mut s| s.take())
            .unwrap_or_default();
        NoWindow(crate::strings::window_failed(&text))
    })
}

/// The guardian's whole life (docs/measurement.md#the-guardian): guards
/// the parent named by `pid` until it ends, then says on stderr what it
/// removed. Exit 2 when `pid` is not its parent (a hidden argument typed
/// by hand), 1 when a file of the parent's stayed locked.
pub fn guardian(pid: Option<std::ffi::OsString>) -> std::process::ExitCode {
    use std::process::ExitCode;
    let pid = pid.map(|p| p.to_string_lossy().into_owned());
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    let guarded = match diskmark::run::guardian::serve(pid.as_deref().unwrap_or(""), stdin, stdout)
    {
        Ok(g) => g,
        Err(e) => {
            say(&format!("error: {e}"));
            let usage = matches!(e, diskmark::run::guardian::GuardError::NotParent(_));
            return ExitCode::from(if usage { 2 } else { 1 });
        }
    };
    for (path, size) in &guarded.removed {
        say(&crate::strings::guardian_removed(
            &path.display().to_string(),
            &diskmark::units::human_bytes(*size),
        ));
    }
    for e in &guarded.left {
        say(&format!("warning: {e}"));
    }
    ExitCode::from(u8::from(!guarded.left.is_empty()))
}

/// One line on stderr, escaped (a path is the user's text). A terminal
/// closed meanwhile is no reason to fail: the work is done.
fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "{}",
        diskmark::report::escape::escape(line)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_display_is_needed_and_an_empty_one_is_none() {
        let none = |_: &str| None;
        assert!(check_display(none).is_err());
        let empty = |_: &str| Some(String::new());
        assert!(check_display(empty).is_err());
        let x = |k: &str| (k == "DISPLAY").then(|| ":0".to_string());
        assert_eq!(check_display(x), Ok(()));
        let w = |k: &str| (k == "WAYLAND_DISPLAY").then(|| "wayland-0".to_string());
        assert_eq!(check_display(w), Ok(()));
    }

    #[test]
    fn a_panic_becomes_one_sentence_with_its_message() {
        let r: Result<(), NoWindow> = guarded(|| panic!("Create event loop: XOpenDisplayFailed"));
        let e = r.unwrap_err().0;
        assert!(e.contains("XOpenDisplayFailed"), "{e}");
        assert!(!e.contains('\n'), "{e}");
        assert_eq!(guarded(|| 7), Ok(7));
    }
}
