//! What the window's test binaries share: a window made from a command
//! line as `main` makes it, the tiny run's options, and an X server of the
//! test's own. Each binary uses part of it.
#![allow(dead_code)]

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
    });
    app
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
}

impl Drop for Xvfb {
    /// SIGTERM, so that it removes its socket and lock file; SIGKILL only
    /// when that cannot be sent.
    fn drop(&mut self) {
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
        eprintln!("skipped: Xvfb is not installed (apt-get install xvfb)");
        return None;
    };
    // It writes the number once it accepts connections.
    let mut line = String::new();
    let read = (child.stdout.take()).map(|o| std::io::BufReader::new(o).read_line(&mut line));
    match (read, line.trim().parse::<u32>()) {
        (Some(Ok(_)), Ok(n)) => Some(Xvfb {
            child,
            display: format!(":{n}"),
        }),
        _ => {
            let _ = child.kill();
            let _ = child.wait();
            eprintln!("skipped: Xvfb did not start");
            None
        }
    }
}

/// Whether `text` is drawn in the window.
pub fn shows(app: &App, text: &str) -> bool {
    simulator(view(app)).find(text).is_ok()
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
