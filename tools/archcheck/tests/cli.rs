//! `archcheck` as run: exit 0 on the repository, 1 with the offender named
//! when a copy of it breaks a rule, 2 when there is nothing to read.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository's root: this crate is tools/archcheck.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn archcheck(args: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_archcheck"))
        .args(args)
        .output()
        .expect("archcheck runs")
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read_dir") {
        let p = e.expect("entry").path();
        let dest = to.join(p.file_name().expect("a name"));
        if p.is_dir() {
            copy_tree(&p, &dest);
        } else {
            std::fs::copy(&p, &dest).expect("copy");
        }
    }
}

/// A scratch copy of what archcheck reads, removed when dropped.
struct Copy(PathBuf);

impl Copy {
    fn new(name: &str) -> Copy {
        let dir = std::env::temp_dir().join(format!("archcheck-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let r = root();
        copy_tree(&r.join("src"), &dir.join("src"));
        copy_tree(&r.join("gui/src"), &dir.join("gui/src"));
        copy_tree(&r.join("docs"), &dir.join("docs"));
        std::fs::create_dir_all(dir.join("tools/archcheck")).expect("mkdir");
        let list = "tools/archcheck/known_exceptions.txt";
        std::fs::copy(r.join(list), dir.join(list)).expect("copy");
        Copy(dir)
    }
}

impl Drop for Copy {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn the_repository_passes_with_no_exception() {
    let out = archcheck(&[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("every rule of docs/architecture.md#rules-the-tests-keep holds"),
        "{stdout}"
    );
    // The layer table holds with its list of known exceptions empty.
    assert!(!stdout.contains("known exception"), "{stdout}");
    assert!(!stdout.contains("which is above it"), "{stdout}");
}

#[test]
fn an_upward_import_in_a_copy_fails_naming_it() {
    let copy = Copy::new("up");
    // `unit` imports nothing of the window: no cycle, one rule broken.
    let gui = copy.0.join("gui/src/unit.rs");
    let mut text = std::fs::read_to_string(&gui).expect("read");
    text.push_str("\npub fn mutant() -> &'static str { crate::strings::TITLE }\n");
    let line = text.lines().count();
    std::fs::write(&gui, text).expect("write");
    let out = archcheck(&[&copy.0]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let want = format!(
        "gui/src/unit.rs:{line}: module unit (layer 1) imports module strings (layer 2), which is above it"
    );
    assert!(stdout.contains(&want), "{stdout}");
    assert!(stdout.contains("archcheck: 1 rule broken"), "{stdout}");
}

#[test]
fn a_fixed_exception_still_listed_fails() {
    let copy = Copy::new("stale");
    let list = copy.0.join("tools/archcheck/known_exceptions.txt");
    let mut text = std::fs::read_to_string(&list).expect("read");
    text.push_str("units -> escape\n");
    let line = text.lines().count();
    std::fs::write(&list, text).expect("write");
    let out = archcheck(&[&copy.0]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let want = format!(
        "tools/archcheck/known_exceptions.txt:{line}: units -> escape no longer breaks the layer table; delete this line"
    );
    assert!(stdout.contains(&want), "{stdout}");
}

#[test]
fn nothing_to_read_is_one_sentence_and_exit_2() {
    let missing = std::env::temp_dir().join(format!("archcheck-none-{}", std::process::id()));
    let out = archcheck(&[&missing]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("error: reading docs/architecture.md: "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}
