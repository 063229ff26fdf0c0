//! The run command and the test command share their build (issue 27 §4):
//! every crate that `cargo build --release` builds, `cargo test --release
//! --workspace` builds with the same features, so it is built once. Only
//! diskmark itself differs (the suite turns on `test-hooks`). The window's
//! crates and the dev-dependencies turn on features of shared crates; the
//! workspace-hack crate (tools/workspace-hack, made by `cargo hakari
//! generate`) turns them on for the run command too. After a change of
//! dependencies, run `cargo hakari generate` if this fails.

use std::collections::BTreeMap;
use std::process::Command;

/// `crate version` → its features, as `cargo tree` resolves `args`.
fn features(args: &[&str]) -> BTreeMap<String, String> {
    let out = Command::new(env!("CARGO"))
        .args(["tree", "--offline", "--prefix", "none", "-f", "{p}|{f}"])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let (p, f) = l.split_once('|')?;
            // "name vX.Y.Z (path) (*)": the name and version only.
            let id: Vec<&str> = p.split_whitespace().take(2).collect();
            // A crate printed before is marked " (*)".
            Some((id.join(" "), f.trim_end_matches(" (*)").to_string()))
        })
        .collect()
}

#[test]
fn the_test_build_reuses_every_crate_of_the_run_build() {
    let run = features(&["-p", "diskmark", "-e", "normal,build"]);
    let test = features(&["--workspace", "-e", "normal,build,dev"]);
    assert!(run.len() > 50, "{run:?}");
    let differ: Vec<String> = run
        .iter()
        .filter(|(id, _)| !id.starts_with("diskmark "))
        .filter(|(id, f)| test.get(*id) != Some(f))
        .map(|(id, f)| {
            format!(
                "{id}: [{f}] in the run build, [{}] in the test build",
                test.get(id).map_or("absent", |s| s)
            )
        })
        .collect();
    assert!(
        differ.is_empty(),
        "built twice: {differ:#?}\nrun `cargo hakari generate` (cargo install cargo-hakari)"
    );
}
