//! The real binary under Xvfb: `--start --quit-when-done --screenshot
//! s.png -o r.json` on a tiny run. Skips, saying why, without Xvfb.

use std::time::{Duration, Instant};

use crate::common;
use common::xvfb;

#[test]
fn start_quit_when_done_screenshot_and_report() {
    let Some(x) = xvfb("1280x800x24") else { return };
    let dir = tempfile::Builder::new()
        .prefix("dm-gui-")
        .tempdir_in("/var/tmp")
        .unwrap();
    let target = dir.path().join("target");
    std::fs::create_dir(&target).unwrap();
    let shot = dir.path().join("s.png");
    let json = dir.path().join("r.json");
    let mut child = crate::common::gui_command()
        .arg(&target)
        .args([
            "--size",
            "16M",
            "--measure",
            "0.2",
            "--warmup",
            "0",
            "--interval",
            "0",
        ])
        .args(["--loops", "1", "--engine", "psync", "--buffered"])
        .args(["--test", "SEQ1M Q1T1", "--test", "RND4K Q1T1"])
        .args(["--start", "--quit-when-done", "--screenshot"])
        .arg(&shot)
        .arg("-o")
        .arg(&json)
        .env("DISPLAY", &x.display)
        .env_remove("WAYLAND_DISPLAY")
        .spawn()
        .unwrap();
    let pid = child.id();
    let status = common::quits(&mut child, 120, "diskmark-gui did not quit when done");
    assert_eq!(status.code(), Some(0));
    assert_eq!(
        std::fs::read_dir(&target).unwrap().count(),
        0,
        "a test file remains"
    );
    // Its guardian (docs/measurement.md#the-guardian) ends with it.
    common::wait_until(30, "the guardian ends with the window", || {
        common::guardians_of(pid).is_empty()
    });

    let text = std::fs::read_to_string(&json).unwrap();
    let schema: serde_json::Value =
        serde_json::from_str(&diskmark::report::model::schema()).unwrap();
    let instance: serde_json::Value = serde_json::from_str(&text).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&instance)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "r.json against the schema: {errors:#?}");
    let run = diskmark::report::model::Run::from_json(&text).unwrap();
    let names: Vec<String> = run.tests.iter().map(|t| t.name.clone()).collect();
    assert_eq!(run.tests.len(), 4, "{names:?}");
    assert!(!run.interrupted);

    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&shot).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (900, 560));
    // The read meter's bar, as the light look draws it.
    let bar = diskmark_gui::style::Look::Light.colors().bars[0];
    let rgb = [bar.r, bar.g, bar.b].map(|c| (c * 255.0).round() as u8);
    let step = info.color_type.samples();
    let bar_pixels = buf[..info.buffer_size()]
        .chunks(step)
        .filter(|p| p[..3] == rgb)
        .count();
    assert!(bar_pixels > 100, "{bar_pixels} pixels of the bar colour");
}

/// Asks the top-level window titled `title` to close, as a window manager
/// does (WM_DELETE_WINDOW); `false` while there is no such window yet.
fn close_window(display: &str, title: &str) -> bool {
    use x11rb::connection::Connection;
    use x11rb::protocol::xproto::{ClientMessageEvent, ConnectionExt, EventMask};
    let Ok((conn, screen)) = x11rb::connect(Some(display)) else {
        return false;
    };
    let atom = |name: &str| {
        conn.intern_atom(false, name.as_bytes())
            .ok()
            .and_then(|c| c.reply().ok())
            .map(|r| r.atom)
    };
    let (Some(protocols), Some(delete)) = (atom("WM_PROTOCOLS"), atom("WM_DELETE_WINDOW")) else {
        return false;
    };
    let Some(w) = common::find_window(&conn, screen, title) else {
        return false;
    };
    let event = ClientMessageEvent::new(32, w, protocols, [delete, 0, 0, 0, 0]);
    let sent = conn
        .send_event(false, w, EventMask::NO_EVENT, event)
        .is_ok();
    sent && conn.flush().is_ok()
}

#[test]
fn closing_the_window_mid_run_removes_the_test_file_and_exits_0() {
    let Some(x) = xvfb("1280x800x24") else { return };
    let dir = tempfile::Builder::new()
        .prefix("dm-gui-")
        .tempdir_in("/var/tmp")
        .unwrap();
    let target = dir.path().join("target");
    std::fs::create_dir(&target).unwrap();
    let json = dir.path().join("r.json");
    let mut child = crate::common::gui_command()
        .arg(&target)
        .args([
            "--size",
            "16M",
            "--measure",
            "0.5",
            "--warmup",
            "0",
            "--interval",
            "0",
        ])
        .args([
            "--loops",
            "9",
            "--engine",
            "psync",
            "--buffered",
            "--start",
            "-o",
        ])
        .arg(&json)
        .env("DISPLAY", &x.display)
        .env_remove("WAYLAND_DISPLAY")
        .spawn()
        .unwrap();
    let pid = child.id();
    // Until the run has made its test file.
    let end = Instant::now() + Duration::from_secs(30);
    while std::fs::read_dir(&target).unwrap().count() == 0 {
        assert!(Instant::now() < end, "no test file appeared");
        assert!(
            child.try_wait().unwrap().is_none(),
            "diskmark-gui ended early"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    while !close_window(&x.display, diskmark_gui::strings::TITLE) {
        assert!(Instant::now() < end, "no window titled diskmark");
        std::thread::sleep(Duration::from_millis(50));
    }
    // The X window exists a moment before the toolkit listens to it, and a
    // close request in that moment is lost (no window manager offers a
    // close button that early): ask again every half second, as a user
    // would click again.
    let end = Instant::now() + Duration::from_secs(20);
    let mut asked = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if Instant::now() > end {
            // Where each of its threads waits, for the report: a close
            // that is never handled and a stop that never ends look alike
            // from outside.
            let threads = common::threads_of(pid);
            let _ = child.kill();
            panic!("diskmark-gui did not quit when its window was closed; its threads:\n{threads}");
        }
        if asked.elapsed() > Duration::from_millis(500) {
            close_window(&x.display, diskmark_gui::strings::TITLE);
            asked = Instant::now();
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(
        status.code(),
        Some(0),
        "closing is a user stop, not a signal"
    );
    common::wait_until(30, "the guardian ends with the window", || {
        common::guardians_of(pid).is_empty()
    });
    assert_eq!(
        std::fs::read_dir(&target).unwrap().count(),
        0,
        "a test file remains"
    );
    let run =
        diskmark::report::model::Run::from_json(&std::fs::read_to_string(&json).unwrap()).unwrap();
    // A user stop: interrupted, by no signal (0).
    assert!(run.interrupted && run.signal == Some(0), "{:?}", run.signal);
}

/// `diskmark-gui --page PAGE … --start --quit-when-done -o r.json
/// --screenshot s.png` under Xvfb: the mode ran from the window, its JSON
/// has its part, the screenshot exists, no test file is left.
fn page_end_to_end(page: &str, part: &str) {
    let Some(x) = xvfb("1280x800x24") else { return };
    let dir = common::temp_dir();
    let target = dir.path().join("target");
    std::fs::create_dir(&target).unwrap();
    let shot = dir.path().join("s.png");
    let json = dir.path().join("r.json");
    let mut child = crate::common::gui_command()
        .arg(&target)
        .args(["--page", page, "--size", "64M", "--engine", "psync"])
        .args(["--start", "--quit-when-done", "--screenshot"])
        .arg(&shot)
        .arg("-o")
        .arg(&json)
        .env("DISPLAY", &x.display)
        .env_remove("WAYLAND_DISPLAY")
        .spawn()
        .unwrap();
    let what = format!("diskmark-gui --page {page} did not quit when done");
    let status = common::quits(&mut child, 180, &what);
    assert_eq!(status.code(), Some(0), "--page {page}");
    assert_eq!(
        std::fs::read_dir(&target).unwrap().count(),
        0,
        "a test file remains"
    );
    let run =
        diskmark::report::model::Run::from_json(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let has = match part {
        "sustained" => run.sustained.is_some_and(|s| !s.series.is_empty()),
        _ => run.span.is_some_and(|s| !s.samples.is_empty()),
    };
    assert!(has, "--page {page}: no {part} part in the JSON");
    assert!(std::fs::read(&shot).unwrap().starts_with(b"\x89PNG"));
}

#[test]
fn a_sustained_write_from_the_window() {
    page_end_to_end("sustained", "sustained");
}

#[test]
fn a_device_map_from_the_window() {
    page_end_to_end("span", "span");
}

/// The history page runs nothing: `--start --quit-when-done
/// --screenshot` draws it, saves the screenshot and quits, exit 0.
#[test]
fn the_history_page_quits_when_done_with_nothing_to_run() {
    let Some(x) = xvfb("1280x800x24") else { return };
    let dir = common::temp_dir();
    let shot = dir.path().join("s.png");
    let mut child = crate::common::gui_command()
        .arg(dir.path())
        .args([
            "--page",
            "history",
            "--start",
            "--quit-when-done",
            "--screenshot",
        ])
        .arg(&shot)
        .env("DISPLAY", &x.display)
        .env_remove("WAYLAND_DISPLAY")
        .env("XDG_DATA_HOME", dir.path())
        .spawn()
        .unwrap();
    let status = common::quits(&mut child, 60, "diskmark-gui --page history did not quit");
    assert_eq!(status.code(), Some(0));
    assert!(std::fs::read(&shot).unwrap().starts_with(b"\x89PNG"));
}
