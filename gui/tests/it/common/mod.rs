//! What the window's test binaries share: a window made from a command
//! line as `main` makes it, the tiny run's options, and an X server of the
//! test's own. Each binary uses part of it.
#![allow(dead_code)]

#[path = "../../../../tests/it/common/skips.rs"]
pub mod skips;
pub use skips::skip;

use clap::Parser;
use diskmark::export::ExportManager;
use diskmark::target::TargetInfo;
use diskmark_gui::app::{App, Start};
use diskmark_gui::args::GuiArgs;
use diskmark_gui::view::view;
use iced_test::simulator;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::AtomicU8;
use std::time::{Duration, Instant};

/// The tiny run's options: 16 MiB, 0.2 s windows, one loop, psync,
/// buffered, two tests.
pub const TINY: [&str; 17] = [
    "--size",
    "16M",
    "--measure",
    "0.2",
    "--warmup",
    "0",
    "--interval",
    "0",
    "--loops",
    "1",
    "--engine",
    "psync",
    "--buffered",
    "--test",
    "SEQ1M Q1T1",
    "--test",
    "RND4K Q1T1",
];

/// The window `diskmark-gui ARGS…` opens (`args` without the program's
/// name), offering `targets` in its picker.
pub fn window_of(args: &[&str], targets: Vec<TargetInfo>) -> App {
    window_with(args, targets, None)
}

/// The window of `args` (with the tiny run's options) whose Language
/// menu remembers its choice in `file`.
pub fn window_remembering(args: &[&str], file: &Path) -> App {
    let args: Vec<&str> = args.iter().copied().chain(TINY).collect();
    window_with(&args, Vec::new(), Some(file.to_path_buf()))
}

fn window_with(
    args: &[&str],
    targets: Vec<TargetInfo>,
    language_file: Option<std::path::PathBuf>,
) -> App {
    let argv = std::iter::once("diskmark-gui").chain(args.iter().copied());
    let args = GuiArgs::try_parse_from(argv).unwrap();
    let automation = args.automation();
    let (settings, outputs) = args.run.into_settings().unwrap();
    let (app, _) = App::new(Start {
        choices: settings.into_choices(),
        export: ExportManager::new(outputs.into_outputs(true)),
        automation,
        targets,
        exit_code: Arc::new(AtomicU8::new(0)),
        look: diskmark_gui::style::Look::Light,
        page: args.page,
        // English unless --lang: never the environment's nor a remembered
        // choice, so that a developer's desktop language changes no test.
        language: (args.lang.lang.as_ref()).map_or(0, diskmark::i18n::best),
        language_file,
    });
    app
}

/// The window's binary, in English and with no language remembered by
/// the desktop's own window: the tests read the English words.
pub fn gui_command() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_diskmark-gui"));
    cmd.env("LC_ALL", "C.UTF-8")
        .env("XDG_CONFIG_HOME", "/nonexistent/diskmark-tests");
    cmd
}

/// A window on `dir` with the tiny run's options, then `extra`.
pub fn tiny_window(dir: &Path, extra: &[&str], targets: Vec<TargetInfo>) -> App {
    let dir = dir.display().to_string();
    let args: Vec<&str> = std::iter::once(dir.as_str())
        .chain(TINY)
        .chain(extra.iter().copied())
        .collect();
    window_of(&args, targets)
}

/// An X server of our own, ended when dropped.
pub struct Xvfb {
    child: Child,
    /// Its display, `:N`.
    pub display: String,
    /// Already killed (and reaped): its pid may be someone else's now.
    killed: bool,
}

impl Xvfb {
    /// Kills it with SIGKILL, as a crash would, waits for it, and removes
    /// the lock file and socket it had no chance to remove (left, they
    /// made the next server on that number unreachable, seen often). Only
    /// while the lock still names this server: another test's new server
    /// that took the number has written its own pid there, and its socket
    /// is not ours to remove.
    pub fn kill(&mut self) {
        let pid = self.child.id();
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.killed = true;
        let n = self.display.trim_start_matches(':');
        let lock = format!("/tmp/.X{n}-lock");
        let ours = std::fs::read_to_string(&lock).is_ok_and(|l| l.trim() == pid.to_string());
        if ours {
            let _ = std::fs::remove_file(format!("/tmp/.X11-unix/X{n}"));
            let _ = std::fs::remove_file(&lock);
        }
    }
}

impl Drop for Xvfb {
    /// SIGTERM, so that it removes its socket and lock file; SIGKILL only
    /// when that cannot be sent.
    fn drop(&mut self) {
        if self.killed {
            return;
        }
        let asked = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .is_ok_and(|s| s.success());
        if !asked {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Starts Xvfb with a screen of `screen` (`1280x800x24`) on a display
/// number it picks itself (`-displayfd`, so that tests running at once
/// never share one), or says why not.
pub fn xvfb(screen: &str) -> Option<Xvfb> {
    use std::io::BufRead;
    let spawned = Command::new("Xvfb")
        .args(["-displayfd", "1", "-screen", "0", screen])
        .args(["-nolisten", "tcp"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = spawned else {
        skip(
            "an X server of the test's own",
            "Xvfb is not installed (apt-get install xvfb)",
        );
        return None;
    };
    // It writes the number once it accepts connections.
    let mut line = String::new();
    let read = (child.stdout.take()).map(|o| std::io::BufReader::new(o).read_line(&mut line));
    match (read, line.trim().parse::<u32>()) {
        (Some(Ok(_)), Ok(n)) => Some(Xvfb {
            child,
            display: format!(":{n}"),
            killed: false,
        }),
        _ => {
            let _ = child.kill();
            let _ = child.wait();
            skip("an X server of the test's own", "Xvfb did not start");
            None
        }
    }
}

/// Whether `text` is drawn in the window.
pub fn shows(app: &App, text: &str) -> bool {
    simulator(view(app)).find(text).is_ok()
}

/// Clicks what shows `label` in the window as drawn and applies what the
/// click said; the click must say something.
pub fn click(app: &mut App, label: &str) {
    let messages: Vec<diskmark_gui::app::Message> = {
        let mut ui = simulator(view(app));
        ui.click(label).unwrap_or_else(|e| panic!("{label}: {e}"));
        ui.into_messages().collect()
    };
    assert!(!messages.is_empty(), "clicking {label} said nothing");
    for m in messages {
        let _ = app.update(m);
    }
}

/// Applies the benchmark's updates until the run ends (within a minute:
/// the tiny run takes about a second).
pub fn until_done(app: &mut App) {
    let end = Instant::now() + Duration::from_secs(60);
    while app.running() {
        assert!(Instant::now() < end, "the run did not end");
        app.wait(Duration::from_secs(1));
    }
}

/// A scratch directory on the disk (not tmpfs), removed when dropped.
pub fn temp_dir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("dm-gui-")
        .tempdir_in("/var/tmp")
        .unwrap()
}

/// Waits until `ok()` holds, looking every 20 ms; fails the test, saying
/// `what` did not happen, after `secs` seconds.
pub fn wait_until(secs: u64, what: &str, mut ok: impl FnMut() -> bool) {
    let end = Instant::now() + Duration::from_secs(secs);
    while !ok() {
        assert!(Instant::now() < end, "{what} within {secs} s");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The names of the test files in `dir`
/// (`diskmark::run::testfile::parse_name`'s).
pub fn test_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| diskmark::run::testfile::parse_name(n).is_some())
        .collect();
    names.sort();
    names
}

/// The living (not zombie) guardian processes that `parent` started:
/// those whose command line is `… --guard-parent PARENT`.
pub fn guardians_of(parent: u32) -> Vec<u32> {
    let want = [diskmark::run::guard::ARG, &parent.to_string()].join("\0");
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    procs
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            let cmd = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            let args: Vec<&[u8]> = cmd.split(|&b| b == 0).collect();
            let is_guardian = args.len() >= 3 && args[1..3].join(&0u8) == want.as_bytes();
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let state = stat
                .rsplit(')')
                .next()
                .and_then(|r| r.split_whitespace().next());
            is_guardian && !matches!(state, None | Some("Z" | "X"))
        })
        .collect()
}

/// The top-level window titled `title` on the X connection.
pub fn find_window(
    conn: &impl x11rb::connection::Connection,
    screen: usize,
    title: &str,
) -> Option<u32> {
    use x11rb::protocol::xproto::{AtomEnum, ConnectionExt};
    let root = conn.setup().roots[screen].root;
    let tree = conn.query_tree(root).ok()?.reply().ok()?;
    tree.children.into_iter().find(|&w| {
        conn.get_property(false, w, AtomEnum::WM_NAME, AtomEnum::STRING, 0, 256)
            .ok()
            .and_then(|c| c.reply().ok())
            .is_some_and(|n| n.value == title.as_bytes())
    })
}

/// Waits until the window titled diskmark is on `display` (it opens only
/// once its start is done: the guardian started and checked), or `child`
/// ends first, which fails with its stderr from `log`. One connection to
/// the server, asked again and again.
pub fn until_window_shown(display: &str, child: &mut Child, log: &Path) {
    let (conn, screen) = x11rb::connect(Some(display)).expect("the test's own X server");
    wait_until(60, "the window opens", || {
        if let Some(st) = child.try_wait().unwrap() {
            let said = std::fs::read_to_string(log).unwrap_or_default();
            panic!("diskmark-gui ended before its window opened ({st}): {said}");
        }
        find_window(&conn, screen, diskmark_gui::strings::TITLE).is_some()
    });
}

/// Clicks the middle of `label` in the window titled diskmark on
/// `display`, with XTEST's pointer, as a user would; `app` is the window's
/// state as the real one starts (its layout, at the real window's size,
/// says where the label is). `false` while the window is not there or
/// not drawn yet (a click before the toolkit draws could be lost).
pub fn click_label(display: &str, app: &App, label: &str) -> bool {
    use x11rb::connection::Connection;
    use x11rb::protocol::xproto::{
        BUTTON_PRESS_EVENT, BUTTON_RELEASE_EVENT, ConnectionExt, ImageFormat, MOTION_NOTIFY_EVENT,
    };
    use x11rb::protocol::xtest::ConnectionExt as _;
    use x11rb::wrapper::ConnectionExt as _;
    let Ok((conn, screen)) = x11rb::connect(Some(display)) else {
        return false;
    };
    let root = conn.setup().roots[screen].root;
    let Some(w) = find_window(&conn, screen, diskmark_gui::strings::TITLE) else {
        return false;
    };
    let Some(geo) = conn.get_geometry(w).ok().and_then(|c| c.reply().ok()) else {
        return false;
    };
    // Drawn: not one colour all over.
    let image = conn.get_image(ImageFormat::Z_PIXMAP, w, 0, 0, geo.width, geo.height, !0);
    let Some(image) = image.ok().and_then(|c| c.reply().ok()) else {
        return false;
    };
    if image.data.chunks(4).all(|p| p == &image.data[..4]) {
        return false;
    }
    let Some(at) = conn
        .translate_coordinates(w, root, 0, 0)
        .ok()
        .and_then(|c| c.reply().ok())
    else {
        return false;
    };
    let size = iced::Size::new(f32::from(geo.width), f32::from(geo.height));
    let mut ui = iced_test::simulator::Simulator::with_size(Default::default(), size, view(app));
    let Some(b) = ui.find(label).ok().and_then(|t| t.visible_bounds()) else {
        return false;
    };
    let (x, y) = (
        at.dst_x + b.center().x as i16,
        at.dst_y + b.center().y as i16,
    );
    let sent = conn
        .xtest_fake_input(MOTION_NOTIFY_EVENT, 0, 0, root, x, y, 0)
        .is_ok()
        && conn
            .xtest_fake_input(BUTTON_PRESS_EVENT, 1, 0, root, 0, 0, 0)
            .is_ok()
        && conn
            .xtest_fake_input(BUTTON_RELEASE_EVENT, 1, 0, root, 0, 0, 0)
            .is_ok();
    sent && conn.sync().is_ok()
}

/// Waits at most `secs` for `child` to end and returns how; past it,
/// kills it and fails the test, saying `what` and where each of its
/// threads waited (a stop that never ends and an event never handled
/// look alike from outside).
pub fn quits(child: &mut Child, secs: u64, what: &str) -> std::process::ExitStatus {
    let end = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    loop {
        if let Some(s) = child.try_wait().unwrap() {
            return s;
        }
        if std::time::Instant::now() > end {
            let threads = threads_of(child.id());
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}; its threads:\n{threads}");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// Each thread of process `pid`: its name, state and the kernel function
/// it waits in (`/proc/PID/task/*`), one a line.
pub fn threads_of(pid: u32) -> String {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return "(gone)".into();
    };
    let mut lines = Vec::new();
    for t in tasks.flatten() {
        let read = |f: &str| std::fs::read_to_string(t.path().join(f)).unwrap_or_default();
        let stat = read("stat");
        // The state follows the name in parentheses.
        let state = stat.rsplit_once(") ").map_or("?", |(_, r)| &r[..1]);
        lines.push(format!(
            "{} {} {} {}",
            t.file_name().to_string_lossy(),
            read("comm").trim(),
            state,
            read("wchan").trim()
        ));
    }
    lines.join("\n")
}
