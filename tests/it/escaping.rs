//! Issue 26 item 7, end to end: text from outside diskmark (a path, a
//! label, a value typed on the command line, a result file) never reaches a
//! terminal raw, in an error or in a report, and is still named, escaped, in
//! one sentence (docs/report.md#escaping). JSON writes the bidirectional
//! controls as `\uXXXX` and reads back the same; Markdown shows HTML and
//! link syntax as text, checked with a real CommonMark renderer.

use crate::common;
use common::{TINY, disk_dir, diskmark, leftovers};
use pulldown_cmark::{Event, Parser, Tag};
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::Output;

/// A directory name made to attack a terminal: an OSC that sets the
/// window's title, a CSI that clears the screen, a bell, C1's CSI, the
/// bidirectional override and isolate, DEL and a line break.
const HOSTILE: &str = "d\u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}31m\u{202e}gpj.exe\u{2066}x\u{7f}\nend";

/// How [`HOSTILE`] must appear once escaped.
const SHOWN: &str = "d\\x1b]0;pwned\\x07\\x1b[2J\\x9b31m\\u{202e}gpj.exe\\u{2066}x\\x7f\\x0aend";

/// Every character a terminal acts on that is in `text`, the message's
/// own line breaks aside: C0, DEL, C1, the separators and the
/// bidirectional controls.
fn raw_controls(text: &str) -> Vec<char> {
    text.chars()
        .filter(|&c| c != '\n')
        .filter(|&c| {
            c.is_control()
                || matches!(
                    c,
                    '\u{2028}' | '\u{2029}' | '\u{200e}' | '\u{200f}' | '\u{061c}'
                )
                || ('\u{202a}'..='\u{202e}').contains(&c)
                || ('\u{2066}'..='\u{2069}').contains(&c)
        })
        .collect()
}

/// A scratch directory holding a directory named [`HOSTILE`].
fn hostile_dir() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join(HOSTILE);
    std::fs::create_dir(&dir).unwrap();
    (tmp, dir)
}

/// Runs diskmark with `args` (each given as bytes, as a shell passes them).
fn run(args: &[&OsStr]) -> Output {
    diskmark().args(args).output().unwrap()
}

/// Asserts that `out` ended with `code`, printed nothing raw on stdout or
/// stderr, and said one sentence on stderr naming [`SHOWN`] (or `named`).
fn refused_naming(out: &Output, code: i32, named: &str) -> String {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(code), "{stderr}");
    assert_eq!(raw_controls(&stdout), Vec::<char>::new(), "{stdout:?}");
    assert_eq!(raw_controls(&stderr), Vec::<char>::new(), "{stderr:?}");
    assert!(stderr.starts_with("error: "), "{stderr:?}");
    assert!(stderr.contains(named), "{stderr:?} does not name {named:?}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn a_missing_target_in_a_hostile_directory_is_named_escaped() {
    let (_tmp, dir) = hostile_dir();
    let target = dir.join("nonexist");
    let out = run(&[target.as_os_str()]);
    let stderr = refused_naming(&out, 2, SHOWN);
    assert_eq!(stderr.lines().count(), 1, "one sentence: {stderr:?}");
    assert!(stderr.contains("does not exist"), "{stderr}");
}

#[test]
fn a_value_clap_refuses_is_quoted_escaped_with_exit_2() {
    for (option, value) in [
        ("--test", "\u{1b}]0;x\u{7}"),
        ("--size", "1\u{1b}[2J\u{202e}G"),
        ("--profile", "\u{9b}31m\u{2067}"),
    ] {
        let out = run(&[OsStr::new(option), OsStr::new(value)]);
        let stderr = refused_naming(&out, 2, "\\x");
        assert!(stderr.contains(option), "{stderr}");
    }
    // An unknown option is quoted as typed too.
    let out = run(&[OsStr::new("--\u{1b}]0;x\u{7}")]);
    refused_naming(&out, 2, "\\x1b]0;x\\x07");
}

#[test]
fn compare_of_a_missing_file_names_it_escaped() {
    let (_tmp, dir) = hostile_dir();
    let (a, b) = (dir.join("a.json"), dir.join("b.json"));
    let out = run(&[OsStr::new("compare"), a.as_os_str(), b.as_os_str()]);
    let stderr = refused_naming(&out, 1, SHOWN);
    assert!(stderr.contains("cannot read"), "{stderr}");
}

#[test]
fn an_output_in_a_missing_hostile_directory_is_refused_before_the_run() {
    let (_tmp, dir) = hostile_dir();
    let target = disk_dir();
    let report = dir.join("missing").join("r.json");
    let mut args: Vec<&OsStr> = vec![target.path().as_os_str(), OsStr::new("-o")];
    args.push(report.as_os_str());
    args.extend(TINY.iter().map(OsStr::new));
    let out = run(&args);
    let stderr = refused_naming(&out, 2, SHOWN);
    assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
    assert_eq!(leftovers(target.path()), Vec::<String>::new());
}

#[test]
fn a_missing_history_database_is_named_escaped() {
    let (_tmp, dir) = hostile_dir();
    let db = dir.join("h.db");
    let out = run(&[
        OsStr::new("history"),
        OsStr::new("--history"),
        db.as_os_str(),
        OsStr::new("show"),
        OsStr::new("1"),
    ]);
    refused_naming(&out, 1, SHOWN);
}

/// A tiny run on `target` with `args`, which must succeed and leave no
/// test file; its stdout.
fn tiny(target: &Path, args: &[&OsStr]) -> String {
    let mut all: Vec<&OsStr> = vec![target.as_os_str()];
    all.extend(TINY.iter().map(OsStr::new));
    all.extend(["--test", "SEQ1M Q1T1", "--quiet"].map(OsStr::new));
    all.extend_from_slice(args);
    let out = run(&all);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(raw_controls(&stderr), Vec::<char>::new(), "{stderr:?}");
    assert_eq!(leftovers(target), Vec::<String>::new());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn json_writes_bidi_controls_escaped_and_reads_back_the_same() {
    let target = disk_dir();
    // --label refuses control characters; the bidirectional controls are
    // printable as far as Unicode says, so they reach the report.
    let label = "ab\u{202e}cd\u{2066}ef\u{2069}\u{200f}";
    let json = tiny(
        target.path(),
        &[
            OsStr::new("--format"),
            OsStr::new("json"),
            OsStr::new("--label"),
            OsStr::new(label),
        ],
    );
    assert_eq!(raw_controls(&json), Vec::<char>::new(), "{json}");
    assert!(json.contains(r"ab\u202ecd\u2066ef\u2069\u200f"), "{json}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["label"], label);
}

/// What a CommonMark renderer makes of `md` that is not text: any HTML,
/// link or image.
fn markup(md: &str) -> Vec<String> {
    Parser::new(md)
        .filter_map(|e| match e {
            Event::Html(h) | Event::InlineHtml(h) => Some(format!("html {h}")),
            Event::Start(Tag::Link { dest_url, .. }) => Some(format!("link {dest_url}")),
            Event::Start(Tag::Image { dest_url, .. }) => Some(format!("image {dest_url}")),
            _ => None,
        })
        .collect()
}

/// Text a renderer shows for `md`.
fn rendered_text(md: &str) -> String {
    Parser::new(md)
        .filter_map(|e| match e {
            Event::Text(t) | Event::Code(t) => Some(t.into_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn markdown_shows_hostile_paths_labels_and_models_as_text() {
    let base = disk_dir();
    // A directory name cannot hold '/': the link has a relative target.
    let name = "<img src=x onerror=alert(1)>[click](evil)|*a*_b_`c`";
    let target = base.path().join(name);
    std::fs::create_dir(&target).unwrap();
    let md = tiny(&target, &[OsStr::new("--format"), OsStr::new("markdown")]);
    assert_eq!(markup(&md), Vec::<String>::new(), "{md}");
    assert!(rendered_text(&md).contains(name), "{md}");

    // compare's Markdown, of two results with a hostile label and model.
    let json = tiny(&target, &[OsStr::new("--format"), OsStr::new("json")]);
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let (a, b) = (base.path().join("a.json"), base.path().join("b.json"));
    v["label"] = "<img src=x onerror=alert(1)>".into();
    if let Some(d) = v["target"]["device"].as_object_mut() {
        d.insert("model".into(), "![x](http://evil/x.png)".into());
    }
    std::fs::write(&a, v.to_string()).unwrap();
    v["label"] = "[click](http://evil)".into();
    std::fs::write(&b, v.to_string()).unwrap();
    let out = run(&[
        OsStr::new("compare"),
        OsStr::new("--format"),
        OsStr::new("markdown"),
        a.as_os_str(),
        b.as_os_str(),
    ]);
    let md = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(markup(&md), Vec::<String>::new(), "{md}");
    let text = rendered_text(&md);
    assert!(
        text.contains("<img src=x onerror=alert(1)>") && text.contains("[click](http://evil)"),
        "{md}"
    );
    assert!(text.contains(name), "{md}");
}

#[test]
fn a_path_of_invalid_utf8_is_named_without_raw_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    let target = tmp
        .path()
        .join(OsStr::from_bytes(b"bad\xff\x1b[2J\xc2\x9bname"))
        .join("nonexist");
    let out = run(&[target.as_os_str()]);
    refused_naming(&out, 2, "bad\u{fffd}\\x1b[2J\\x9bname");
}
