//! The real binary where no window can be opened: one sentence and exit
//! 1, no panic, no backtrace, and no test file (the run never starts).

fn run(display: Option<&str>) -> (Option<i32>, String) {
    let dir = tempfile::Builder::new()
        .prefix("dm-gui-nodisplay-")
        .tempdir_in("/var/tmp")
        .unwrap();
    let mut cmd = crate::common::gui_command();
    cmd.arg(dir.path())
        .args(["--size", "16M", "--start", "--quit-when-done"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .env("RUST_BACKTRACE", "1");
    if let Some(d) = display {
        cmd.env("DISPLAY", d);
    }
    let out = cmd.output().unwrap();
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "a test file remains"
    );
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn without_a_display_it_says_so_in_one_sentence() {
    let (code, err) = run(None);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: there is no display"), "{err}");
}

#[test]
fn a_display_that_does_not_answer_is_one_sentence_not_a_panic() {
    // A display number no X server listens on (no socket for it).
    let n = (200..400)
        .find(|n| !std::path::Path::new(&format!("/tmp/.X11-unix/X{n}")).exists())
        .unwrap();
    // The window ends at once, and its guardian may look for it after it
    // is gone: it says nothing then (it once said its pid was not its
    // parent's). Twenty times, for that race.
    let mut said = Vec::new();
    for _ in 0..20 {
        said.push(run(Some(&format!(":{n}"))));
    }
    for (code, err) in &said {
        assert_eq!(*code, Some(1), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let (_, err) = said.swap_remove(0);
    assert!(
        err.starts_with("error: the window could not be opened"),
        "{err}"
    );
    assert!(
        !err.contains("panicked") && !err.contains("backtrace"),
        "{err}"
    );
}

#[test]
fn a_value_clap_refuses_is_quoted_escaped_with_exit_2() {
    // clap quotes what was typed: it reaches stderr escaped
    // (docs/report.md#escaping), before any window or run.
    let out = crate::common::gui_command()
        .args(["--test", "\u{1b}]0;x\u{7}\u{202e}"])
        .env_remove("DISPLAY")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains("\\x1b]0;x\\x07\\u{202e}"), "{err}");
    let raw = |c: char| c != '\n' && diskmark::escape::is_unsafe(c);
    assert!(!err.chars().any(raw), "{err:?}");
}
