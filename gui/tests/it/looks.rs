//! The real binary under Xvfb: the theme it picks (the portal's answer,
//! `GTK_THEME`, `--theme`) and `--scale`, seen in its `--screenshot`. The
//! portal is a stand-in `gdbus` on PATH, so that the test needs no desktop.
//! Skips, saying why, without Xvfb.

use std::path::{Path, PathBuf};

use crate::common;
use common::temp_dir;
use common::{Xvfb, xvfb};

/// A `gdbus` that answers the portal's `Read` with `value`.
fn fake_gdbus(dir: &Path, value: u32) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let gdbus = bin.join("gdbus");
    let script = format!("#!/bin/sh\necho '(<<uint32 {value}>>,)'\n");
    std::fs::write(&gdbus, script).unwrap();
    std::fs::set_permissions(&gdbus, std::fs::Permissions::from_mode(0o755)).unwrap();
    bin
}

/// The window's screenshot after a tiny run with `args` and `env`: its
/// size and its top-left pixel (the background).
fn shot(x: &Xvfb, dir: &Path, args: &[&str], env: &[(&str, String)]) -> ((u32, u32), [u8; 3]) {
    let target = dir.join("target");
    std::fs::create_dir_all(&target).unwrap();
    let png_path = dir.join("s.png");
    let mut cmd = crate::common::gui_command();
    cmd.arg(&target)
        .args(["--size", "16M", "--measure", "0.2", "--warmup", "0"])
        .args(["--interval", "0", "--loops", "1", "--engine", "psync"])
        .args(["--buffered", "--test", "RND4K Q1T1", "--mode", "read"])
        .args(["--start", "--quit-when-done", "--screenshot"])
        .arg(&png_path)
        .args(args)
        .env("DISPLAY", &x.display)
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("GTK_THEME")
        .env_remove("DBUS_SESSION_BUS_ADDRESS")
        .env("XDG_RUNTIME_DIR", dir);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    let status = common::quits(&mut child, 120, "diskmark-gui did not quit when done");
    assert_eq!(status.code(), Some(0));
    assert_eq!(
        std::fs::read_dir(&target).unwrap().count(),
        0,
        "a test file remains"
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&png_path).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    ((info.width, info.height), [buf[0], buf[1], buf[2]])
}

const WHITE: [u8; 3] = [0xff, 0xff, 0xff];
/// iced's Dark background.
const DARK: [u8; 3] = [0x2b, 0x2d, 0x31];

#[test]
fn the_theme_follows_the_portal_then_gtk_theme_and_theme_overrides_it() {
    let Some(x) = xvfb("2000x1300x24") else {
        return;
    };
    let dir = temp_dir();
    // No session bus, no GTK_THEME: light.
    assert_eq!(shot(&x, dir.path(), &[], &[]).1, WHITE);
    // GTK_THEME's dark variant.
    let gtk = [("GTK_THEME", "Adwaita:dark".to_string())];
    assert_eq!(shot(&x, dir.path(), &[], &gtk).1, DARK);
    // The portal prefers dark (1); a bus is there.
    let path = format!(
        "{}:{}",
        fake_gdbus(dir.path(), 1).display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let bus = (
        "DBUS_SESSION_BUS_ADDRESS",
        "unix:path=/nonexistent".to_string(),
    );
    let portal = [("PATH", path.clone()), bus.clone()];
    assert_eq!(shot(&x, dir.path(), &[], &portal).1, DARK);
    // --theme overrides the desktop.
    assert_eq!(
        shot(&x, dir.path(), &["--theme", "light"], &portal).1,
        WHITE
    );
    // The portal prefers light (2): it wins over GTK_THEME.
    let light = fake_gdbus(&dir.path().join("light"), 2);
    let path = format!("{}:{path}", light.display());
    let both = [("PATH", path), bus, gtk[0].clone()];
    assert_eq!(shot(&x, dir.path(), &[], &both).1, WHITE);
    assert_eq!(shot(&x, dir.path(), &["--theme", "dark"], &[]).1, DARK);
}

#[test]
fn scale_2_doubles_the_window_with_its_contents() {
    let Some(x) = xvfb("2000x1300x24") else {
        return;
    };
    let dir = temp_dir();
    let (size, _) = shot(&x, dir.path(), &["--scale", "2"], &[]);
    assert_eq!(size, (1800, 1120));
    let (size, _) = shot(&x, dir.path(), &["--scale", "1.5"], &[]);
    assert_eq!(size, (1350, 840));
}
