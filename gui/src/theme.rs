//! Light or dark: the desktop's preference (the freedesktop portal's
//! `org.freedesktop.appearance color-scheme`, then `GTK_THEME`), or
//! `--theme`; and the scale (`--scale`) on top of the desktop's own.
//!
//! The portal is asked through `gdbus` or `busctl` rather than a D-Bus
//! crate: iced's own detection (its `linux-theme-detection` feature) pulls
//! zbus and an async runtime into the build for one value read once. The
//! question has a deadline ([`PORTAL_DEADLINE`]) so that a portal that
//! hangs never holds the window's start.

use crate::style::Look;
use iced::Color;
use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long the portal may take to answer before the window starts
/// without it.
pub const PORTAL_DEADLINE: Duration = Duration::from_millis(200);

/// The scales `--scale` accepts: below ½ no text is readable, above 4 the
/// 900×560 window no longer fits any screen.
pub const SCALE_RANGE: std::ops::RangeInclusive<f32> = 0.5..=4.0;

/// The application id: the window's Wayland app id and X11 class, the
/// name of gui/data's desktop file, metainfo and icon (so that the desktop
/// shows the icon on the window).
pub const APP_ID: &str = "io.github.diskmark.DiskMark";

/// The window's size, logical pixels: the layout is drawn for it (the
/// snapshots check it at 900×560), and may not be made smaller.
pub const WINDOW: (f32, f32) = (900.0, 560.0);

/// The window for `--scale` `scale`: larger with its contents, so that the
/// layout always has its 900×560 logical pixels (the desktop's own scale is
/// winit's, applied by iced to both); with the app id.
pub fn window_settings(scale: f32) -> iced::window::Settings {
    iced::window::Settings {
        // iced multiplies the size by the application's scale factor
        // itself (iced_winit's `window_attributes`), but not the minimum.
        size: iced::Size::new(WINDOW.0, WINDOW.1),
        min_size: Some(iced::Size::new(WINDOW.0 * scale, WINDOW.1 * scale)),
        // The window closes itself once the run is stopped (app.rs,
        // `Message::CloseRequested`); these settings replace iced's whole
        // window settings, this one included.
        exit_on_close_request: false,
        platform_specific: iced::window::settings::PlatformSpecific {
            application_id: APP_ID.to_string(),
            ..Default::default()
        },
        ..Default::default()
    }
}

/// The window's font: the one built into the binary (iced's `fira-sans`),
/// so that it looks the same on every desktop and as in the snapshots
/// (iced_test draws with it); glyphs it lacks come from the system's.
pub const FONT: iced::Font = iced::Font::with_name("Fira Sans");

/// The fallback fonts for the translations' scripts that Fira Sans lacks:
/// the CJK and Arabic characters the messages use, cut from Noto Sans CJK
/// JP and DejaVu Sans by tools/fonts/subset.py (docs/i18n.md#fonts). The
/// text engine looks in them last, after the system's fonts for the
/// script, so a desktop with its own CJK or Arabic font draws with that.
pub const FALLBACK_FONTS: [&[u8]; 2] = [
    include_bytes!("../fonts/diskmark-cjk.otf"),
    include_bytes!("../fonts/diskmark-arabic.ttf"),
];

/// Loads [`FALLBACK_FONTS`] into the text engine (once: it keeps each
/// font's address), for the window and for the tests' simulator alike.
pub fn load_fallback_fonts() {
    // A poisoned lock is a panic elsewhere in drawing: the window is
    // ending, and the fonts are not needed.
    if let Ok(mut fonts) = iced_graphics::text::font_system().write() {
        for f in FALLBACK_FONTS {
            fonts.load_font(std::borrow::Cow::Borrowed(f));
        }
    }
}

/// What `--theme` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ThemeChoice {
    /// The desktop's preference, light when it has none.
    #[default]
    Auto,
    /// Dark text on light.
    Light,
    /// Light text on dark.
    Dark,
    /// White on black, yellow buttons.
    HighContrast,
}

/// A colour scheme the desktop prefers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    /// Light.
    Light,
    /// Dark.
    Dark,
}

/// The look the window starts with for `choice`.
pub fn look(choice: ThemeChoice) -> Look {
    let scheme = match choice {
        ThemeChoice::Light => Scheme::Light,
        ThemeChoice::Dark => Scheme::Dark,
        ThemeChoice::HighContrast => return Look::HighContrast,
        ThemeChoice::Auto => desktop_scheme(),
    };
    match scheme {
        Scheme::Light => Look::Light,
        Scheme::Dark => Look::Dark,
    }
}

/// The desktop's preference: the portal's, else `GTK_THEME`'s, else light.
pub fn desktop_scheme() -> Scheme {
    portal_scheme()
        .or_else(|| gtk_theme_scheme(std::env::var("GTK_THEME").ok().as_deref()))
        .unwrap_or(Scheme::Light)
}

/// `GTK_THEME=Adwaita:dark` asks for the dark variant of a theme.
pub fn gtk_theme_scheme(value: Option<&str>) -> Option<Scheme> {
    let v = value?;
    match v.rsplit_once(':') {
        Some((_, variant)) if variant.eq_ignore_ascii_case("dark") => Some(Scheme::Dark),
        _ => None,
    }
}

/// The portal's `color-scheme`: 1 prefers dark, 2 prefers light, 0 (or
/// anything else) says nothing.
pub fn scheme_of(value: u32) -> Option<Scheme> {
    match value {
        1 => Some(Scheme::Dark),
        2 => Some(Scheme::Light),
        _ => None,
    }
}

/// The number in `gdbus call`'s answer, `(<<uint32 1>>,)`, or in
/// `busctl call`'s, `v v u 1` (the portal's `Read` nests the variant).
pub fn parse_answer(out: &str) -> Option<u32> {
    if let Some(i) = out.find("uint32 ") {
        let digits: String = out[i + 7..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        return digits.parse().ok();
    }
    let mut words = out.split_whitespace().rev();
    let value = words.next()?;
    (words.next() == Some("u")).then(|| value.parse().ok())?
}

/// The portal's answer, within [`PORTAL_DEADLINE`] for both tools; `None`
/// without a session bus (asking would make `gdbus` start one).
fn portal_scheme() -> Option<Scheme> {
    let runtime_bus = std::env::var_os("XDG_RUNTIME_DIR")
        .map(|d| std::path::Path::new(&d).join("bus"))
        .is_some_and(|p| p.exists());
    if std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none() && !runtime_bus {
        return None;
    }
    let end = Instant::now() + PORTAL_DEADLINE;
    let gdbus = [
        "call",
        "--session",
        "--dest",
        "org.freedesktop.portal.Desktop",
        "--object-path",
        "/org/freedesktop/portal/desktop",
        "--method",
        "org.freedesktop.portal.Settings.Read",
        "org.freedesktop.appearance",
        "color-scheme",
    ];
    let busctl = [
        "--user",
        "call",
        "org.freedesktop.portal.Desktop",
        "/org/freedesktop/portal/desktop",
        "org.freedesktop.portal.Settings",
        "Read",
        "ss",
        "org.freedesktop.appearance",
        "color-scheme",
    ];
    let out = ask("gdbus", &gdbus, end).or_else(|| ask("busctl", &busctl, end))?;
    scheme_of(parse_answer(&out)?)
}

/// What `program args` printed, if it ended well before `end`; killed and
/// reaped otherwise.
fn ask(program: &str, args: &[&str], end: Instant) -> Option<String> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdout = child.stdout.take()?;
    let (tx, rx) = mpsc::channel();
    // The pipe closes when the child ends (or is killed), so this thread
    // always ends.
    std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        let _ = tx.send(s);
    });
    let left = end.saturating_duration_since(Instant::now());
    match rx.recv_timeout(left) {
        Ok(s) => {
            let ok = child.wait().is_ok_and(|st| st.success());
            ok.then_some(s)
        }
        Err(_) => {
            let _ = child.kill();
            let _ = child.wait();
            None
        }
    }
}

/// WCAG 2 relative luminance of `c`.
pub fn luminance(c: Color) -> f32 {
    let lin = |v: f32| {
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b)
}

/// WCAG 2 contrast ratio of `a` against `b`, 1 to 21.
pub fn contrast(a: Color, b: Color) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_portals_answers_are_read() {
        assert_eq!(parse_answer("(<<uint32 1>>,)\n"), Some(1));
        assert_eq!(parse_answer("(<uint32 2>,)\n"), Some(2));
        assert_eq!(parse_answer("v v u 0\n"), Some(0));
        assert_eq!(parse_answer("v u 1\n"), Some(1));
        assert_eq!(parse_answer("s \"x\"\n"), None);
        assert_eq!(parse_answer(""), None);
        assert_eq!(scheme_of(1), Some(Scheme::Dark));
        assert_eq!(scheme_of(2), Some(Scheme::Light));
        assert_eq!(scheme_of(0), None);
    }

    #[test]
    fn gtk_theme_dark_variant_is_dark() {
        assert_eq!(gtk_theme_scheme(Some("Adwaita:dark")), Some(Scheme::Dark));
        assert_eq!(gtk_theme_scheme(Some("Adwaita:Dark")), Some(Scheme::Dark));
        assert_eq!(gtk_theme_scheme(Some("Adwaita")), None);
        assert_eq!(gtk_theme_scheme(Some("Adwaita-dark")), None);
        assert_eq!(gtk_theme_scheme(None), None);
    }

    #[test]
    fn forced_themes_are_what_was_asked() {
        assert_eq!(look(ThemeChoice::Light), Look::Light);
        assert_eq!(look(ThemeChoice::Dark), Look::Dark);
        assert_eq!(look(ThemeChoice::HighContrast), Look::HighContrast);
    }

    #[test]
    fn a_portal_that_is_slow_does_not_hold_the_start() {
        // `sleep` stands for a portal that never answers.
        let t = Instant::now();
        assert_eq!(ask("sleep", &["5"], t + PORTAL_DEADLINE), None);
        assert!(t.elapsed() < PORTAL_DEADLINE + Duration::from_millis(300));
    }
}
