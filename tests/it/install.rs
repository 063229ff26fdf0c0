//! What a system gets beside the binary: completions that load in the
//! shell, manual pages that man(1) renders without a warning, `--help`
//! grouped under headings with examples, `diskmark help tui` with the keys,
//! and the Debian package's contents (README.md#install).

use crate::common;
use assert_cmd::Command;
use common::{diskmark, skip};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn tool(name: &str) -> Command {
    let mut c = Command::new(name);
    c.timeout(Duration::from_secs(120));
    c
}

fn have(name: &str) -> bool {
    std::process::Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

fn stdout_of(args: &[&str]) -> String {
    let out = diskmark().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn bash_completions_load_and_complete_options_and_subcommands() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("diskmark.bash");
    std::fs::write(&script, stdout_of(&["completions", "bash"])).unwrap();
    let s = script.to_str().unwrap();
    tool("bash").args(["-n", s]).assert().success();
    let complete = tool("bash")
        .args(["-c", &format!("source {s} && complete -p diskmark")])
        .output()
        .unwrap();
    let line = String::from_utf8_lossy(&complete.stdout);
    assert!(complete.status.success(), "{complete:?}");
    assert!(
        line.contains("-F _diskmark") && line.trim_end().ends_with("diskmark"),
        "{line}"
    );
    // What bash offers after `diskmark --pro` and after `diskmark su`.
    let offered = |words: &str| {
        let probe = format!(
            "source {s}; COMP_WORDS=({words}); COMP_CWORD=$((${{#COMP_WORDS[@]}}-1)); \
             COMP_LINE=\"{words}\"; COMP_POINT=${{#COMP_LINE}}; \
             _diskmark diskmark \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"; \
             printf '%s\\n' \"${{COMPREPLY[@]}}\""
        );
        let out = tool("bash").args(["-c", &probe]).output().unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert!(offered("diskmark --pro").lines().any(|l| l == "--profile"));
    assert!(offered("diskmark su").lines().any(|l| l == "sustained"));
}

#[test]
fn zsh_and_fish_completions_parse_where_the_shells_are_installed() {
    let dir = tempfile::tempdir().unwrap();
    for (shell, arg) in [("zsh", "zsh"), ("fish", "fish")] {
        let file = dir.path().join(format!("diskmark.{shell}"));
        std::fs::write(&file, stdout_of(&["completions", arg])).unwrap();
        if !have(shell) {
            skip(
                "zsh_and_fish_completions_parse",
                &format!("{shell} is not installed: its completions are not parsed"),
            );
            continue;
        }
        tool(shell)
            .args(["-n", file.to_str().unwrap()])
            .assert()
            .success();
    }
    let unknown = diskmark().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(unknown.status.code(), Some(2));
}

/// `man -l` on `page`: what it printed and what it warned.
fn man(page: &Path) -> (String, String) {
    let out = tool("man")
        // `w`: every groff warning (man-db passes it as -ww; "all" would
        // be passed as -wall, which turns none on).
        .args(["-l", "--warnings=w"])
        .arg(page)
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "80")
        .env("LANG", "C.UTF-8")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}: {out:?}", page.display());
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_manual_page_renders_without_a_warning() {
    if !have("man") {
        skip("every_manual_page_renders", "man (man-db) is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // The check sees a warning where there is one.
    let bad = dir.path().join("bad.7");
    std::fs::write(&bad, ".TH bad 7\n.SH NAME\nbad \\- a page\n.nosuchmacro\n").unwrap();
    assert!(
        man(&bad).1.contains("nosuchmacro"),
        "man -l --warnings shows nothing"
    );
    std::fs::remove_file(&bad).unwrap();
    let out = diskmark()
        .args(["man", "--dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let mut pages: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    pages.sort();
    let names: Vec<String> = pages
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for want in [
        "diskmark.1",
        "diskmark-compare.1",
        "diskmark-span.1",
        "diskmark-history-show.1",
    ] {
        assert!(names.iter().any(|n| n == want), "{want}: {names:?}");
    }
    for page in &pages {
        let (text, warnings) = man(page);
        assert!(warnings.trim().is_empty(), "{}: {warnings}", page.display());
        assert!(text.contains("NAME") && text.contains("SYNOPSIS"), "{text}");
    }
    let (main, _) = man(&dir.path().join("diskmark.1"));
    assert!(
        main.contains("EXAMPLES") && main.contains("--fail-if-worse"),
        "{main}"
    );
    // One page on stdout is the same page as the file.
    let compare = stdout_of(&["man", "compare"]);
    let file = std::fs::read_to_string(dir.path().join("diskmark-compare.1")).unwrap();
    assert_eq!(compare, file);
}

#[test]
fn man_refuses_what_is_not_a_directory_or_a_page() {
    let file = tempfile::NamedTempFile::new().unwrap();
    for dir in [
        file.path(),
        Path::new("/dev/null"),
        Path::new("/nonexistent/man"),
    ] {
        let out = diskmark().args(["man", "--dir"]).arg(dir).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("not a directory"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let out = diskmark().args(["man", "nope"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no manual page for 'nope'"));
}

#[test]
fn help_groups_the_options_and_ends_with_examples() {
    let help = stdout_of(&["--help"]);
    for heading in [
        "Tests:",
        "Timing:",
        "Data and cache:",
        "Engine:",
        "Output:",
        "History:",
    ] {
        assert!(
            help.lines().any(|l| l == heading),
            "{heading} missing:\n{help}"
        );
    }
    // Under clap's own "Options:" heading only its own -h and -V remain.
    let options: Vec<&str> = help
        .split("\nOptions:\n")
        .nth(1)
        .map(|rest| rest.split("\n\n").next().unwrap_or(""))
        .unwrap_or("")
        .lines()
        .filter(|l| l.trim_start().starts_with('-'))
        .collect();
    assert!(
        options
            .iter()
            .all(|l| l.contains("--help") || l.contains("--version")),
        "options without a heading: {options:?}"
    );
    let examples = help
        .split("\nEXAMPLES:\n")
        .nth(1)
        .expect("EXAMPLES section");
    assert!(examples.lines().filter(|l| l.contains("diskmark ")).count() >= 5);
    assert!(!stdout_of(&["-h"]).contains("EXAMPLES"), "-h stays short");
}

#[test]
fn help_tui_lists_every_key() {
    let help = stdout_of(&["help", "tui"]);
    let keys = help.split("\nKeys:\n").nth(1).expect("a Keys section");
    for key in [
        "k j",
        "h l",
        "Enter",
        "Esc",
        "u ",
        "s / J",
        "q  Ctrl-C",
        "Tab g w H",
        "?",
    ] {
        if key == "?" {
            continue; // `?` opens the help itself
        }
        assert!(keys.contains(key), "{key} missing:\n{keys}");
    }
}

/// The metadata `cargo deb` reads, from `cargo metadata`.
fn deb_metadata() -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let all: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let pkg = all["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "diskmark")
        .unwrap()
        .clone();
    for field in ["repository", "homepage", "readme", "license", "description"] {
        assert!(pkg[field].is_string(), "{field} missing");
    }
    assert!(pkg["keywords"].as_array().is_some_and(|k| !k.is_empty()));
    assert!(pkg["categories"].as_array().is_some_and(|k| !k.is_empty()));
    pkg["metadata"]["deb"].clone()
}

#[test]
fn the_package_metadata_ships_the_binaries_pages_completions_and_desktop_file() {
    let deb = deb_metadata();
    let assets: Vec<String> = deb["assets"]
        .as_array()
        .expect("[package.metadata.deb] assets")
        .iter()
        .map(|a| format!("{} -> {}", a[0].as_str().unwrap(), a[1].as_str().unwrap()))
        .collect();
    for want in [
        "target/release/diskmark -> usr/bin/",
        "target/release/diskmark-gui -> usr/bin/",
        "man/*.1.gz -> usr/share/man/man1/",
        "-> usr/share/bash-completion/completions/diskmark",
        "-> usr/share/zsh/vendor-completions/_diskmark",
        "-> usr/share/fish/vendor_completions.d/diskmark.fish",
        ".desktop -> usr/share/applications/",
    ] {
        assert!(
            assets.iter().any(|a| a.contains(want)),
            "{want}: {assets:?}"
        );
    }
    // Files of the repository (not built ones) exist.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for a in deb["assets"].as_array().unwrap() {
        let src = a[0].as_str().unwrap();
        if !src.starts_with("target/") && !src.contains('*') {
            assert!(root.join(src).is_file(), "{src}");
        }
    }
    for licence in ["LICENSE-MIT", "LICENSE-APACHE"] {
        assert!(root.join(licence).is_file(), "{licence}");
    }
}

#[test]
fn cargo_deb_builds_a_package_with_everything() {
    let have_deb = std::process::Command::new(env!("CARGO"))
        .args(["deb", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !have_deb || !have("dpkg-deb") {
        skip(
            "cargo_deb_builds_a_package",
            "cargo-deb or dpkg-deb is not installed (.ci/run installs cargo-deb)",
        );
        return;
    }
    let release = Path::new(env!("CARGO_BIN_EXE_diskmark")).parent().unwrap();
    if !release.join("diskmark-gui").is_file() {
        skip(
            "cargo_deb_builds_a_package",
            "diskmark-gui is not built: run the tests with --workspace",
        );
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    tool(root.join("packaging/assets").to_str().unwrap())
        .arg("--no-build")
        .env("PROFILE", "release")
        .env("CARGO_TARGET_DIR", release.parent().unwrap())
        .assert()
        .success();
    let dir = tempfile::tempdir().unwrap();
    let deb = dir.path().join("diskmark.deb");
    let mut build = tool(env!("CARGO"));
    build
        // --fast: lighter compression; --no-strip: the dist profile strips.
        .args([
            "deb",
            "--no-build",
            "--profile",
            "release",
            "--offline",
            "--fast",
            "--no-strip",
            "-o",
        ])
        .arg(&deb)
        .current_dir(root)
        .env("CARGO_TARGET_DIR", release.parent().unwrap());
    let out = build.output().unwrap();
    assert!(out.status.success(), "cargo deb: {out:?}");
    let list = tool("dpkg-deb").arg("-c").arg(&deb).output().unwrap();
    let list = String::from_utf8_lossy(&list.stdout);
    for want in [
        "./usr/bin/diskmark\n",
        "./usr/bin/diskmark-gui\n",
        "./usr/share/man/man1/diskmark.1.gz\n",
        "./usr/share/man/man1/diskmark-compare.1.gz\n",
        "./usr/share/bash-completion/completions/diskmark\n",
        "./usr/share/zsh/vendor-completions/_diskmark\n",
        "./usr/share/fish/vendor_completions.d/diskmark.fish\n",
        "./usr/share/applications/io.github.diskmark.DiskMark.desktop\n",
    ] {
        assert!(list.contains(want), "{want:?} missing:\n{list}");
    }
}
