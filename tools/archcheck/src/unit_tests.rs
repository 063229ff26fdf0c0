//! The parser and the rules on small synthetic crates: positive controls
//! (what is written is found) and negative ones (what is not code is not).

use crate::cycles::{cycles, describe};
use crate::krate::Crate;
use crate::rules::{LongFn, code_lines, engine_names, long_functions, old_citations};

fn krate(files: &[(&str, &str)]) -> Crate {
    let files: Vec<(String, String)> = files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    Crate::new("src/", &files)
}

fn edges(c: &Crate) -> Vec<(String, String)> {
    c.edges.keys().cloned().collect()
}

fn pair(a: &str, b: &str) -> (String, String) {
    (a.to_string(), b.to_string())
}

const LIB: &str = "pub mod a;\npub mod b;\npub mod c;\npub mod run;\n";

#[test]
fn parser_ignores_strings_comments_and_raw_strings() {
    let a = r###"
//! Uses crate::b in a doc comment.
/// And [`crate::b::X`] in an item's.
fn f() {
    let s = "crate::b::x";
    let e = "escaped \" crate::b";
    // crate::b in a comment
    /* crate::b /* nested crate::c */ still */
    let r = r#"crate::b "quoted" crate::c"#;
    let q = '"';
    let brace = '{';
    let esc = '\'';
    let bytes = b"crate::b";
    let raw_bytes = br##"crate::c"##;
}
fn g<'a>(x: &'a str) -> &'a str { x }
"###;
    let c = krate(&[
        ("src/lib.rs", LIB),
        ("src/a.rs", a),
        ("src/b.rs", ""),
        ("src/c.rs", ""),
    ]);
    assert_eq!(edges(&c), Vec::<(String, String)>::new());
    // The char literals did not unbalance the braces: g is seen whole.
    let f = &c.files[c.modules["a"]];
    assert!(long_functions(f).is_empty());
}

#[test]
fn parser_reads_use_groups_and_long_paths() {
    let a = "use crate::{b::Thing, c};\npub(crate) fn f() { crate::run::signals::received(); }\n";
    let run = "pub mod signals;\n";
    let c = krate(&[
        ("src/lib.rs", LIB),
        ("src/a.rs", a),
        ("src/b.rs", ""),
        ("src/c.rs", ""),
        ("src/run/mod.rs", run),
        ("src/run/signals.rs", "pub fn received() {}\n"),
    ]);
    assert_eq!(
        edges(&c),
        vec![pair("a", "b"), pair("a", "c"), pair("a", "run::signals")]
    );
    assert_eq!(c.edges[&pair("a", "run::signals")][0].line, 2);
    let top: Vec<_> = c.folder_graph("")["a"].keys().cloned().collect();
    assert_eq!(top, ["b", "c", "run"]);
}

#[test]
fn parser_skips_test_items_and_macro_crate() {
    let a = "fn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::b;\n    fn t() { let x = [0u8; 4]; }\n}\n#[cfg(test)]\nuse crate::c;\nmacro_rules! m { () => { $crate::b::x() } }\n";
    let c = krate(&[
        ("src/lib.rs", LIB),
        ("src/a.rs", a),
        ("src/b.rs", ""),
        ("src/c.rs", ""),
    ]);
    assert_eq!(edges(&c), Vec::<(String, String)>::new());
    assert_eq!(code_lines(&c.files[c.modules["a"]]), 2);
}

#[test]
fn parser_follows_reexports() {
    let lib = "pub mod error;\npub mod tui;\npub use error::Error;\n";
    let tui = "pub fn f() -> crate::Error { panic!() }\n";
    let error = "pub struct Error;\n";
    let c = krate(&[
        ("src/lib.rs", lib),
        ("src/tui.rs", tui),
        ("src/error.rs", error),
    ]);
    assert_eq!(edges(&c), vec![pair("", "error"), pair("tui", "error")]);
    assert!(cycles(&c.folder_graph("")).is_empty());
}

#[test]
fn parser_reads_super_self_and_child_paths() {
    let run =
        "mod window;\nmod error;\npub use error::RunError;\nuse window::Ctx;\npub struct Event;\n";
    let window = "use super::{Event, RunError};\nuse super::super::a::X;\npub struct Ctx;\n";
    let c = krate(&[
        ("src/lib.rs", LIB),
        ("src/a.rs", ""),
        ("src/run/mod.rs", run),
        ("src/run/window.rs", window),
        ("src/run/error.rs", "pub struct RunError;\n"),
    ]);
    assert_eq!(
        edges(&c),
        vec![
            pair("run", "run::error"),
            pair("run", "run::window"),
            pair("run::window", "a"),
            pair("run::window", "run"),
            pair("run::window", "run::error"),
        ]
    );
    let g = c.folder_graph("run");
    assert_eq!(
        cycles(&g),
        vec![vec![
            "src/run/mod.rs".to_string(),
            "src/run/window.rs".to_string(),
            "src/run/mod.rs".to_string()
        ]]
    );
}

#[test]
fn cycles_of_any_length_are_found_and_shortest_first() {
    let c = krate(&[
        (
            "src/lib.rs",
            "pub mod a;\npub mod b;\npub mod c;\npub mod d;\n",
        ),
        (
            "src/a.rs",
            "use crate::b::B;\nuse crate::d::D;\npub struct A;\n",
        ),
        ("src/b.rs", "use crate::c::C;\npub struct B;\n"),
        ("src/c.rs", "use crate::a::A;\npub struct C;\n"),
        ("src/d.rs", "use crate::a::A;\npub struct D;\n"),
    ]);
    let g = c.folder_graph("");
    let found = cycles(&g);
    assert_eq!(
        found,
        vec![vec!["a", "d", "a"], vec!["a", "b", "c", "a"]]
            .into_iter()
            .map(|c| c.into_iter().map(str::to_string).collect::<Vec<_>>())
            .collect::<Vec<_>>()
    );
    assert!(describe(&g, &found[1]).contains("c -> a: src/c.rs:1"));
}

#[test]
fn function_length_counts_from_fn_to_its_brace() {
    let body = |n: usize| "    let _ = 1;\n".repeat(n);
    let text = format!(
        "trait T {{\n    fn decl(&self);\n}}\nfn fits() {{\n{}}}\nfn too_long() -> [u8; 2] {{\n{}}}\n// hot loop: kept whole for speed\n/// Doc.\n#[inline]\nfn hot() {{\n{}}}\n",
        body(78),
        body(79),
        body(100)
    );
    let c = krate(&[("src/lib.rs", ""), ("src/a.rs", &text)]);
    let long = long_functions(&c.files[c.modules["a"]]);
    assert_eq!(
        long,
        vec![LongFn {
            line: 84,
            name: "too_long".into(),
            lines: 81
        }]
    );
}

#[test]
fn old_citations_are_found_in_comments() {
    let text =
        "//! See DESIGN §3.\n/// As REPORT.md says.\nfn f() {}\n// docs/measurement.md#timing\n";
    let c = krate(&[("src/lib.rs", ""), ("src/a.rs", text)]);
    assert_eq!(old_citations(&c.files[c.modules["a"]]), vec![1, 2]);
}

#[test]
fn engine_names_are_found_outside_the_engines_and_their_tests() {
    let text = "use crate::engine::EngineKind;\nfn f(k: EngineKind) -> bool {\n    k == EngineKind::Null || EngineKind::ALL.len() > 9 || EngineKind::parse(\"x\").is_some()\n}\n// EngineKind::IoUring in a comment\n#[cfg(test)]\nmod tests {\n    fn g() { let _ = super::EngineKind::Psync; }\n}\n";
    let c = krate(&[
        ("src/lib.rs", "pub mod a;\npub mod engine;\n"),
        ("src/a.rs", text),
        ("src/engine/mod.rs", "pub mod registry;\n"),
        ("src/engine/registry.rs", text),
    ]);
    let a = c.files.iter().find(|f| f.rel == "src/a.rs").unwrap();
    assert_eq!(engine_names(a), vec![(3, "Null".to_string())]);
    let home = c
        .files
        .iter()
        .find(|f| f.rel == "src/engine/registry.rs")
        .unwrap();
    assert!(engine_names(home).is_empty());
}

#[test]
fn a_file_declared_under_cfg_test_is_test_only() {
    let c = krate(&[
        (
            "src/lib.rs",
            "pub mod a;\n#[cfg(test)]\npub(crate) mod fixtures;\n",
        ),
        ("src/a.rs", ""),
        ("src/fixtures.rs", ""),
    ]);
    let file = |rel: &str| c.files.iter().find(|f| f.rel == rel).unwrap();
    assert!(c.test_only(file("src/fixtures.rs")));
    assert!(!c.test_only(file("src/a.rs")));
}
