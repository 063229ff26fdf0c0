//! The desktop integration files of gui/data: the desktop entry, the
//! AppStream metainfo and the SVG icon are valid (by the freedesktop
//! validators where installed; each check skips, saying why, without its
//! tool) and agree with each other and with the window's app id.

use crate::common::skip;
use diskmark_gui::theme::APP_ID;
use std::path::PathBuf;
use std::process::Command;

fn data(ext: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(format!("{APP_ID}.{ext}"))
}

/// `tool args… file`'s status and output, or `None` (said) without `tool`.
fn validate(tool: &str, package: &str, args: &[&str], file: &PathBuf) -> Option<(bool, String)> {
    match Command::new(tool).args(args).arg(file).output() {
        Ok(o) => Some((
            o.status.success(),
            format!(
                "{}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            ),
        )),
        Err(_) => {
            skip(
                "desktop: validating gui/data",
                &format!("{tool} is not installed (apt-get install {package})"),
            );
            None
        }
    }
}

/// The value of `key=` in the desktop entry.
fn entry(text: &str, key: &str) -> Option<String> {
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{key}=")))
        .map(str::to_string)
}

#[test]
fn the_desktop_entry_is_valid_and_names_the_binary_and_icon() {
    let file = data("desktop");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(entry(&text, "Exec").as_deref(), Some("diskmark-gui"));
    assert_eq!(entry(&text, "Icon").as_deref(), Some(APP_ID));
    assert_eq!(entry(&text, "StartupWMClass").as_deref(), Some(APP_ID));
    assert_eq!(entry(&text, "Terminal").as_deref(), Some("false"));
    // The binary the entry starts is the one this package builds.
    assert!(env!("CARGO_BIN_EXE_diskmark-gui").ends_with("/diskmark-gui"));
    if let Some((ok, out)) = validate("desktop-file-validate", "desktop-file-utils", &[], &file) {
        // It prints hints and errors alike; a valid file prints nothing.
        assert!(ok && out.trim().is_empty(), "{out}");
    }
}

#[test]
fn the_metainfo_is_valid_and_launches_the_desktop_entry() {
    let file = data("metainfo.xml");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains(&format!("<id>{APP_ID}</id>")));
    assert!(text.contains(&format!(
        "<launchable type=\"desktop-id\">{APP_ID}.desktop</launchable>"
    )));
    assert!(text.contains("<binary>diskmark-gui</binary>"));
    let version = format!("<release version=\"{}\"", env!("CARGO_PKG_VERSION"));
    assert!(text.contains(&version), "the metainfo lacks {version}");
    if let Some((ok, out)) = validate(
        "appstreamcli",
        "appstream",
        &["validate", "--no-net"],
        &file,
    ) {
        assert!(ok, "{out}");
    }
}

#[test]
fn the_icon_is_an_svg_that_renders() {
    let file = data("svg");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("<?xml"));
    assert!(text.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(text.contains("viewBox=\"0 0 128 128\""));
    // The gauge is drawn in the green of the grid's test buttons.
    let c = diskmark_gui::style::Look::Light.colors().label;
    let hex = format!(
        "#{:02x}{:02x}{:02x}",
        (c.r * 255.0).round() as u8,
        (c.g * 255.0).round() as u8,
        (c.b * 255.0).round() as u8
    );
    assert!(
        text.contains(&hex),
        "the icon lacks the buttons' green {hex}"
    );
    let out = tempfile::Builder::new()
        .prefix("dm-icon-")
        .suffix(".png")
        .tempfile_in("/var/tmp")
        .unwrap();
    let rendered = Command::new("rsvg-convert")
        .args(["-w", "64", "-o"])
        .arg(out.path())
        .arg(&file)
        .output();
    match rendered {
        Ok(o) => {
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            let png = std::fs::read(out.path()).unwrap();
            assert!(png.starts_with(b"\x89PNG"), "rsvg-convert made no PNG");
        }
        Err(_) => skip(
            "desktop: the icon",
            "rsvg-convert is not installed (apt-get install librsvg2-bin)",
        ),
    }
}
