//! The rules on the repository itself (`src/`, `gui/src/`, the tables of
//! docs/architecture.md), with positive controls: edges known to be there
//! must be found, so that a parser that finds nothing fails.

use crate::krate::Crate;
use crate::{Checked, Repo, layers, read_tree};
use std::path::{Path, PathBuf};

/// The repository's root: this crate is tools/archcheck.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn repo() -> Repo {
    Repo::read(&root()).unwrap_or_else(|e| panic!("{e}"))
}

fn top_edges(c: &Checked) -> Vec<(String, String)> {
    c.crate_
        .folder_graph("")
        .into_iter()
        .flat_map(|(from, to)| to.into_keys().map(move |t| (from.clone(), t)))
        .collect()
}

#[test]
fn every_rule_holds_on_the_repository() {
    let broken = repo().check();
    let text: Vec<String> = broken
        .iter()
        .map(|b| format!("rule broken: {}:\n{}", b.rule, b.offenders.join("\n")))
        .collect();
    assert!(broken.is_empty(), "{}", text.join("\n"));
}

#[test]
fn known_edges_of_the_library_and_the_window_are_found() {
    let r = repo();
    let (lib, gui) = (&r.crates[0], &r.crates[1]);
    let (lib_edges, gui_edges) = (top_edges(lib), top_edges(gui));
    assert!(lib_edges.len() > 50, "{} edges in src/", lib_edges.len());
    for (from, to) in [
        ("run", "engine"),
        ("report", "stats"),
        ("export", "report"),
        ("tui", "run"),
        ("cli", "config"),
        ("engine", "workload"),
        ("commands", "error"),
    ] {
        let e = (from.to_string(), to.to_string());
        assert!(lib_edges.contains(&e), "src/: {from} -> {to} not found");
    }
    for (from, to) in [
        ("app", "form"),
        ("view", "app"),
        ("update", "actions"),
        ("save", "chart_png"),
    ] {
        let e = (from.to_string(), to.to_string());
        assert!(gui_edges.contains(&e), "gui/src/: {from} -> {to} not found");
    }
}

#[test]
fn the_tables_give_every_module_its_layer() {
    let r = repo();
    let layer = |c: usize, m: &str| r.crates[c].table[m].0.to_string();
    assert!(
        r.crates[0].table.len() > 25,
        "{:?}",
        r.crates[0].table.keys()
    );
    assert_eq!(
        [
            layer(0, "escape"),
            layer(0, "run"),
            layer(0, "hosts"),
            layer(0, "error")
        ],
        ["0", "10", "10d", "15b"]
    );
    assert_eq!([layer(1, "strings"), layer(1, "view")], ["2", "8"]);
}

#[test]
fn the_known_exceptions_are_found_today() {
    let r = repo();
    let excepted = r.excepted();
    assert_eq!(
        excepted.len(),
        r.crates[0].exceptions.len(),
        "{excepted:#?}"
    );
}

/// The mutation on the real tree: `units` importing `host` is
/// found, at the line where it is written.
#[test]
fn an_upward_import_added_to_the_real_tree_is_found() {
    let r = repo();
    let mut files = Vec::new();
    read_tree(&root(), "src", &mut files).unwrap_or_else(|e| panic!("{e}"));
    let units = files
        .iter_mut()
        .find(|(p, _)| p == "src/units.rs")
        .expect("src/units.rs");
    let line = units.1.lines().count() + 1;
    units
        .1
        .push_str("\npub fn mutant() -> String { crate::host::os() }\n");
    let c = Crate::new("src/", &files);
    let lib = &r.crates[0];
    let f = layers::check(
        &c,
        &lib.table,
        lib.table_at,
        &lib.exceptions,
        crate::EXCEPTIONS,
    );
    assert_eq!(
        f.broken,
        [format!(
            "  src/units.rs:{}: module units (layer 1) imports module host (layer 7), which is above it",
            line + 1
        )]
    );
}

/// The graphs, for `cargo test -p archcheck -- --nocapture` (and
/// `cargo run -p archcheck -- --graph`).
#[test]
fn print_module_graph() {
    let g = repo().graph();
    println!("{g}");
    assert!(
        g.contains("\n  run -> ") && g.contains("\n  app -> "),
        "{g}"
    );
}
