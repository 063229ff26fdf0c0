//! The layer rule on small synthetic crates and tables: an edge that goes
//! up or sideways is found and named as `path:line`, one that goes down is
//! not, and the list of exceptions only shrinks.

use crate::krate::Crate;
use crate::layers::{
    Exception, LayerFindings, Table, check, parse_exceptions, parse_layer, parse_table,
};

const DOC: &str = "\
# Architecture

## Layers

| layer | module | owns |
|---|---|---|
| 0 | `escape` | safe text |
| 1 | `units` | sizes, and `host` named in prose |
| 7 | `host` | the machine |
| 10 | `run/` | the run |
| 19 | `commands` | the subcommands |
| 19b | `sustained/` | sustained |
| 19c | `span/` | span |
| - | `main.rs` | the binary |

## Next
";

const LIB: &str = "pub mod commands;\npub mod escape;\npub mod host;\npub mod run;\npub mod span;\npub mod sustained;\npub mod units;\n";

fn table() -> Table {
    parse_table(DOC, "docs/a.md", "## Layers").expect("the table parses")
}

fn krate(extra: &[(&str, &str)]) -> Crate {
    krate_without(extra, &[])
}

/// The small crate with the files of `extra` (replacing any of that path)
/// and without those of `drop`.
fn krate_without(extra: &[(&str, &str)], drop: &[&str]) -> Crate {
    let mut files: Vec<(String, String)> = vec![("src/lib.rs".into(), LIB.into())];
    for m in ["commands", "escape", "host", "units"] {
        files.push((format!("src/{m}.rs"), String::new()));
    }
    for m in ["run", "span", "sustained"] {
        files.push((format!("src/{m}/mod.rs"), String::new()));
    }
    for (path, text) in extra {
        files.retain(|(p, _)| p != path);
        files.push((path.to_string(), text.to_string()));
    }
    files.retain(|(p, _)| !drop.contains(&p.as_str()));
    Crate::new("src/", &files)
}

fn findings(extra: &[(&str, &str)], exceptions: &[Exception]) -> LayerFindings {
    check(
        &krate(extra),
        &table(),
        "docs/a.md#layers",
        exceptions,
        "x.txt",
    )
}

fn exception(from: &str, to: &str) -> Exception {
    Exception {
        from: from.into(),
        to: to.into(),
        line: 3,
    }
}

#[test]
fn layers_are_ordered_by_number_then_letter() {
    let l = |s: &str| parse_layer(s).expect("a layer");
    assert!(l("0") < l("1") && l("1") < l("1b") && l("1b") < l("1c") && l("1c") < l("2"));
    assert!(l("19") < l("19b") && l("19b") < l("19c") && l("19d") < l("20"));
    assert!(l("9") < l("10"), "by number, not as text");
    assert_eq!(l("19d").to_string(), "19d");
    for not_a_layer in ["-", "", "x", "1B", "1-b"] {
        assert_eq!(parse_layer(not_a_layer), None, "{not_a_layer:?}");
    }
}

#[test]
fn the_table_is_read_from_the_doc() {
    let t = table();
    let names: Vec<&str> = t.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "commands",
            "escape",
            "host",
            "run",
            "span",
            "sustained",
            "units"
        ]
    );
    assert_eq!(t["run"].0.to_string(), "10");
    assert_eq!(t["span"], (parse_layer("19c").expect("a layer"), 13));
    let gui = "#### W\n\n| layer | module | what |\n|---|---|---|\n| 1 | `a`, `b` | x |\n| 2 | `c` | y |\n";
    let t = parse_table(gui, "d.md", "#### W").expect("the table parses");
    assert_eq!(t.keys().collect::<Vec<_>>(), ["a", "b", "c"]);
    assert_eq!(t["b"].0.to_string(), "1");
}

#[test]
fn a_table_that_is_not_one_is_refused() {
    let err = |doc: &str| parse_table(doc, "d.md", "## L").expect_err("refused");
    assert_eq!(err("# none\n"), "d.md has no heading `## L`");
    assert_eq!(err("## L\n\nprose\n"), "d.md has no table under `## L`");
    let twice = "## L\n|l|m|\n|-|-|\n| 1 | `a` |\n| 2 | `a` |\n";
    assert_eq!(err(twice), "d.md:5: `a` is in the table twice");
    let bad = "## L\n|l|m|\n|-|-|\n| one | `a` |\n";
    assert!(err(bad).starts_with("d.md:4: `one` is not a layer"));
}

#[test]
fn an_import_of_a_higher_layer_is_found_where_it_is_written() {
    // The mutation: `units` importing `host`.
    let units = "//! Sizes.\nuse crate::escape::escape;\npub fn f() -> usize {\n    crate::host::cpus()\n}\n";
    let f = findings(&[("src/units.rs", units)], &[]);
    assert_eq!(
        f.broken,
        [
            "  src/units.rs:4: module units (layer 1) imports module host (layer 7), which is above it"
        ]
    );
    assert!(f.untabled.is_empty() && f.stale.is_empty() && f.excepted.is_empty());
}

#[test]
fn an_import_from_a_child_file_counts_for_its_top_level_module() {
    let run = "mod window;\n";
    let window =
        "use crate::commands::Thing;\nuse crate::commands::Other;\nuse crate::units::Size;\n";
    let f = findings(
        &[("src/run/mod.rs", run), ("src/run/window.rs", window)],
        &[],
    );
    assert_eq!(
        f.broken,
        [
            "  src/run/window.rs:1: module run (layer 10) imports module commands (layer 19), which is above it; also src/run/window.rs:2"
        ]
    );
}

#[test]
fn letters_order_a_layer_19b_imports_19_not_19c() {
    let sustained = "use crate::commands::C;\nuse crate::span::S;\n";
    let f = findings(&[("src/sustained/mod.rs", sustained)], &[]);
    assert_eq!(
        f.broken,
        [
            "  src/sustained/mod.rs:2: module sustained (layer 19b) imports module span (layer 19c), which is above it"
        ]
    );
}

#[test]
fn an_import_beside_in_one_layer_is_found() {
    let lib = format!("{LIB}pub mod other;\n");
    let doc = DOC.replace("| 7 | `host` |", "| 7 | `host`, `other` |");
    let t = parse_table(&doc, "d.md", "## Layers").expect("the table parses");
    let c = krate(&[
        ("src/lib.rs", &lib),
        ("src/other.rs", ""),
        ("src/host.rs", "use crate::other::X;\n"),
    ]);
    let f = check(&c, &t, "d.md#layers", &[], "x.txt");
    assert_eq!(
        f.broken,
        [
            "  src/host.rs:1: module host (layer 7) imports module other (layer 7), which is beside it"
        ]
    );
}

#[test]
fn imports_downwards_and_in_comments_strings_and_tests_pass() {
    let span = "//! Uses crate::commands and crate::host.\nuse crate::{commands::C, host::H, run::R, units::U, escape::e};\nfn f() { let _ = \"crate::span\"; }\n#[cfg(test)]\nmod tests { use crate::span::X; }\n";
    let units = "// crate::host::cpus()\nfn g() { let _ = \"crate::run::x\"; }\n#[cfg(test)]\nuse crate::run::y;\n";
    let f = findings(&[("src/span/mod.rs", span), ("src/units.rs", units)], &[]);
    assert!(f.broken.is_empty(), "{:?}", f.broken);
}

#[test]
fn a_listed_exception_passes_and_a_stale_one_fails() {
    let units = "use crate::host::H;\n";
    let listed = [exception("units", "host"), exception("escape", "run")];
    let f = findings(&[("src/units.rs", units)], &listed);
    assert!(f.broken.is_empty(), "{:?}", f.broken);
    assert_eq!(
        f.excepted,
        [
            "  src/units.rs:1: module units (layer 1) imports module host (layer 7), which is above it"
        ]
    );
    assert_eq!(
        f.stale,
        [
            "  x.txt:3: escape -> run no longer breaks the layer table; delete this line (the list only shrinks)"
        ]
    );
    // An edge that goes down is no exception either: listing it fails.
    let f = findings(
        &[("src/run/mod.rs", "use crate::host::H;\n")],
        &[exception("run", "host")],
    );
    assert_eq!(f.stale.len(), 1);
}

#[test]
fn a_module_missing_from_the_table_fails_and_so_does_a_row_without_module() {
    let lib = LIB.replace("pub mod host;\n", "pub mod extra;\n");
    let c = krate_without(
        &[("src/lib.rs", &lib), ("src/extra.rs", "")],
        &["src/host.rs"],
    );
    let f = check(&c, &table(), "docs/a.md#layers", &[], "x.txt");
    assert_eq!(
        f.untabled,
        [
            "  src/extra.rs:1: module extra is not in the layer table (docs/a.md#layers); add a row for it",
            "  docs/a.md:9: the layer table names module host, which the crate does not have; delete its row",
        ]
    );
}

#[test]
fn the_exceptions_file_is_read_with_its_comments() {
    let text = "# why\n\nreport -> outputs  # the card\n  span->error\n";
    let e = parse_exceptions(text, "x.txt").expect("parses");
    assert_eq!(
        e,
        [
            Exception {
                from: "report".into(),
                to: "outputs".into(),
                line: 3
            },
            Exception {
                from: "span".into(),
                to: "error".into(),
                line: 4
            },
        ]
    );
    assert_eq!(
        parse_exceptions("report outputs\n", "x.txt").expect_err("refused"),
        "x.txt:1: `report outputs` is not an edge; write `from -> to`"
    );
}
