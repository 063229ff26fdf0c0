//! Hostile result files (issue 13 §4): `compare` and `history` fed JSON
//! with escapes and raw control characters, NaN and huge numbers, deep
//! nesting, wrong types, truncation and invalid UTF-8. Whatever comes in:
//! no panic, no raw control character out, a refusal is one sentence with
//! exit 1 or 2, and every figure shown is a finite, non-negative number.
//! The library is driven with many cases, the binary with a few.

use crate::common;
use common::{disk_dir, diskmark, json, run_tiny};
use diskmark::compare::{self, RunSummary};
use diskmark::history;
use diskmark::report::escape::is_unsafe;
use proptest::prelude::*;
use serde_json::Value;
use std::path::Path;

const BASE: &str = include_str!("../fixtures/compare/before.json");
const OTHER: &str = include_str!("../fixtures/compare/after.json");
/// Stands for the leaf an attack replaces.
const MARK: &str = "@@diskmark-hostile@@";

/// JSON pointers of every leaf and container of `v`.
fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                pointers(
                    x,
                    format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                pointers(x, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

/// What replaces one value of a valid result, as raw JSON text (which may
/// be no JSON at all).
fn raw_value() -> impl Strategy<Value = String> {
    let hostile_char = prop_oneof![
        (0u32..0x20).prop_map(|c| char::from_u32(c).unwrap()),
        Just('\u{7f}'),
        (0x80u32..0xa0).prop_map(|c| char::from_u32(c).unwrap()),
        Just('\u{202e}'),
        Just('\u{2066}'),
        Just('\u{2028}'),
        Just('"'),
        Just('\\'),
        Just('['),
        Just('µ'),
        Just('a'),
    ];
    let text = proptest::collection::vec(hostile_char, 0..24)
        .prop_map(|v| v.into_iter().collect::<String>());
    prop_oneof![
        // A string with hostile characters, escaped as JSON allows.
        text.clone()
            .prop_map(|s| serde_json::to_string(&s).unwrap()),
        // The same characters raw inside quotes: not valid JSON for C0.
        text.prop_map(|s| format!("\"{s}\"")),
        // Numbers no measurement gives, and some that JSON has not.
        prop_oneof![
            Just("NaN"),
            Just("Infinity"),
            Just("-Infinity"),
            Just("-1"),
            Just("-0.0"),
            Just("1e308"),
            Just("1e999"),
            Just("-1e999"),
            Just("18446744073709551616"),
            Just("123456789012345678901234567890"),
            Just("1e12"),
            Just("1.0000001e12"),
            Just("0"),
            Just("0.5"),
            Just("01"),
            Just("1."),
            Just(".5"),
            Just("0x10"),
        ]
        .prop_map(str::to_string),
        any::<f64>().prop_map(|x| format!("{x:e}")),
        // Wrong types.
        prop_oneof![
            Just("true"),
            Just("null"),
            Just("[]"),
            Just("{}"),
            Just("[1,2]"),
            Just("{\"mbps\":1}"),
            Just("\"3000\""),
        ]
        .prop_map(str::to_string),
        // Deep nesting, past serde_json's recursion limit and below it.
        (1usize..400).prop_map(|n| format!("{}1{}", "[".repeat(n), "]".repeat(n))),
        (1usize..400).prop_map(|n| format!("{}1{}", "{\"a\":".repeat(n), "}".repeat(n))),
    ]
}

/// One hostile variant of a valid result, as bytes.
#[derive(Debug, Clone)]
enum Attack {
    /// Replace the value at pointer number `.0` with `.1`.
    Replace(usize, String),
    /// Cut the file after `.0` bytes.
    Truncate(usize),
    /// Put a byte that is no UTF-8 at `.0`.
    BadUtf8(usize, u8),
}

fn attack() -> impl Strategy<Value = Attack> {
    prop_oneof![
        6 => (any::<usize>(), raw_value()).prop_map(|(i, r)| Attack::Replace(i, r)),
        1 => any::<usize>().prop_map(Attack::Truncate),
        1 => (any::<usize>(), prop_oneof![Just(0xffu8), Just(0xc0), Just(0x80), Just(0xfe)])
            .prop_map(|(i, b)| Attack::BadUtf8(i, b)),
    ]
}

fn apply(base: &str, a: &Attack) -> Vec<u8> {
    match a {
        Attack::Replace(i, raw) => {
            let mut v: Value = serde_json::from_str(base).unwrap();
            let mut ps = Vec::new();
            pointers(&v, String::new(), &mut ps);
            let p = &ps[i % ps.len()];
            match v.pointer_mut(p) {
                Some(x) => *x = Value::String(MARK.into()),
                None => unreachable!("{p} was taken from the document"),
            }
            serde_json::to_string_pretty(&v)
                .unwrap()
                .replace(&format!("\"{MARK}\""), raw)
                .into_bytes()
        }
        Attack::Truncate(n) => base.as_bytes()[..n % (base.len() + 1)].to_vec(),
        Attack::BadUtf8(n, b) => {
            let mut bytes = base.as_bytes().to_vec();
            bytes.insert(n % (bytes.len() + 1), *b);
            bytes
        }
    }
}

/// The raw characters a terminal would act on (line breaks aside).
fn raw_controls(text: &str) -> Vec<char> {
    text.chars()
        .filter(|&c| c != '\n' && is_unsafe(c))
        .collect()
}

/// What compare and history show of a run they accepted: no raw control
/// character, and only figures a measurement can give.
fn check_accepted(run: &RunSummary, other: &RunSummary) -> Result<(), TestCaseError> {
    for r in &run.rows {
        for x in [r.mbps, r.iops, r.mean_us].into_iter().flatten() {
            prop_assert!(x.is_finite() && (0.0..=1e12).contains(&x), "{x}");
        }
    }
    let runs = [other.clone(), run.clone()];
    for out in [
        compare::render_text(&runs),
        compare::render_markdown(&runs),
        compare::render_json(&runs),
    ] {
        prop_assert!(
            raw_controls(&out).is_empty(),
            "{:?} in\n{out}",
            raw_controls(&out)
        );
        prop_assert!(!out.contains("NaN") && !out.contains("inf"), "{out}");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(768))]

    #[test]
    fn compare_and_history_survive_hostile_json(a in attack(), second in any::<bool>()) {
        let base = if second { OTHER } else { BASE };
        let bytes = apply(base, &a);
        let other = compare::from_json("other.json", BASE).unwrap();
        match std::str::from_utf8(&bytes) {
            Ok(text) => {
                match compare::from_json("hostile\u{1b}[2J.json", text) {
                    Ok(run) => check_accepted(&run, &other)?,
                    Err(e) => {
                        let msg = e.to_string();
                        prop_assert!(raw_controls(&msg).is_empty(), "{msg:?}");
                        prop_assert!(!msg.contains('\n'), "{msg:?}");
                        let code = diskmark::Error::from(e).exit_code();
                        prop_assert!(code == 1 || code == 2);
                    }
                }
                // `history show --format json` prints the stored text again.
                let shown = history::sanitized_json(text);
                prop_assert!(raw_controls(&shown).is_empty(), "{shown:?}");
            }
            Err(_) => {
                // Read from a file, bytes that are not UTF-8 are refused.
                let dir = tempfile::tempdir().unwrap();
                let path = dir.path().join("bad.json");
                std::fs::write(&path, &bytes).unwrap();
                let e = compare::load(&path).unwrap_err();
                prop_assert!(e.to_string().contains("not UTF-8"), "{e}");
                prop_assert_eq!(diskmark::Error::from(e).exit_code(), 2);
            }
        }
    }
}

/// A history database with diskmark's schema and the given stored rows:
/// (text columns, result JSON).
fn database(path: &Path, rows: &[(String, Vec<u8>)]) {
    drop(history::History::open(path).unwrap());
    let conn = rusqlite::Connection::open(path).unwrap();
    for (text, json) in rows {
        // The result column as the bytes were: text when UTF-8, else a blob.
        let result: rusqlite::types::Value = match String::from_utf8(json.clone()) {
            Ok(s) => s.into(),
            Err(_) => json.clone().into(),
        };
        conn.execute(
            "INSERT INTO runs (date, target, model, fs, profile, engine, settings, result, device)
             VALUES (?1, ?1, ?1, ?1, ?1, ?1, '{}', ?2, ?1)",
            rusqlite::params![text, result],
        )
        .unwrap();
    }
}

/// Runs the binary; checks no panic, no raw control character on stdout or
/// stderr, a refusal in one sentence; returns the exit code.
fn run(args: &[&std::ffi::OsStr]) -> Result<i32, TestCaseError> {
    let out = common::diskmark()
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    );
    let code = out.status.code().unwrap_or(-1);
    prop_assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    prop_assert!(
        raw_controls(&stdout).is_empty(),
        "{args:?}: {:?}",
        raw_controls(&stdout)
    );
    prop_assert!(raw_controls(&stderr).is_empty(), "{args:?}: {stderr:?}");
    prop_assert!([0, 1, 2].contains(&code), "{args:?}: exit {code}: {stderr}");
    if code != 0 {
        prop_assert!(
            stderr.starts_with("error: ") && stderr.lines().count() == 1,
            "{args:?}: {stderr}"
        );
        prop_assert!(stdout.is_empty(), "{args:?}: {stdout}");
    }
    Ok(code)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn the_binary_survives_hostile_results_and_histories(
        a in attack(),
        b in attack(),
        text in "[a-z\\x00-\\x1f\\x7f\\u{80}-\\u{9f}\\u{202e}]{0,16}",
    ) {
        let dir = tempfile::tempdir().unwrap();
        let good = dir.path().join("good.json");
        std::fs::write(&good, BASE).unwrap();
        let bad = dir.path().join("bad\u{1b}[31m.json");
        let bytes = apply(BASE, &a);
        std::fs::write(&bad, &bytes).unwrap();
        let code = run(&[ "compare".as_ref(), good.as_ref(), bad.as_ref()])?;
        // The binary accepts exactly what the library accepts.
        let lib_ok = std::str::from_utf8(&bytes).is_ok_and(|t| compare::from_json("x", t).is_ok());
        prop_assert_eq!(code == 0, lib_ok);

        let db = dir.path().join("h.db");
        database(&db, &[(text.clone(), bytes), (text, apply(OTHER, &b))]);
        for args in [
            vec!["history"],
            vec!["history", "--format", "json"],
            vec!["history", "show", "1"],
            vec!["history", "show", "2", "--format", "json"],
            vec!["compare", "1", "2"],
            vec!["compare", "--last", "2", "--format", "markdown"],
        ] {
            let mut full: Vec<&std::ffi::OsStr> = args.iter().map(|s| s.as_ref()).collect();
            full.push("--history".as_ref());
            full.push(db.as_os_str());
            run(&full)?;
        }
    }
}

// Whole runs of the binary: a real result made hostile.

#[test]
fn text_from_a_result_file_never_reaches_the_terminal_raw() {
    let dir = disk_dir();
    let tmp = tempfile::tempdir().unwrap();
    let out = run_tiny(
        dir.path(),
        &["--engine", "null", "--profile", "demo", "--format", "json"],
    );
    let mut v = json(&out.stdout);
    let evil = "\u{1b}]0;owned\u{7}\u{1b}[2J\r\u{9b}31m\u{7f}\u{202e}";
    v["tests"][0]["name"] = format!("SEQ1M{evil}").into();
    v["target"]["path"] = format!("/x{evil}").into();
    v["target"]["device"] = serde_json::json!({"model": format!("M{evil}")});
    v["engine"]["label"] = format!("E{evil}").into();
    v["notes"] = serde_json::json!([format!("note{evil}")]);
    let a = tmp.path().join("a.json");
    std::fs::write(&a, v.to_string()).unwrap();
    let db = tmp.path().join("h.db");
    // Saved into a history through a run, then the stored row made hostile.
    run_tiny(
        dir.path(),
        &[
            "--engine",
            "null",
            "--profile",
            "demo",
            "--save",
            "--history",
            db.to_str().unwrap(),
        ],
    );
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute(
        "UPDATE runs SET model = ?1, target = ?1, result = ?2",
        rusqlite::params![format!("m{evil}"), v.to_string()],
    )
    .unwrap();
    drop(conn);
    let h = db.to_str().unwrap();
    let cases: Vec<Vec<String>> = vec![
        vec![
            "compare".into(),
            a.display().to_string(),
            a.display().to_string(),
        ],
        vec![
            "compare".into(),
            a.display().to_string(),
            a.display().to_string(),
            "--format".into(),
            "markdown".into(),
        ],
        vec![
            "compare".into(),
            a.display().to_string(),
            a.display().to_string(),
            "--format".into(),
            "json".into(),
        ],
        vec!["history".into(), "--history".into(), h.into()],
        vec![
            "history".into(),
            "--history".into(),
            h.into(),
            "--format".into(),
            "json".into(),
        ],
        vec![
            "history".into(),
            "show".into(),
            "1".into(),
            "--history".into(),
            h.into(),
        ],
        vec![
            "history".into(),
            "show".into(),
            "1".into(),
            "--history".into(),
            h.into(),
            "--format".into(),
            "json".into(),
        ],
    ];
    for args in cases {
        let out = diskmark().args(&args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        let raw: Vec<char> = text
            .chars()
            .filter(|&c| (c.is_control() && c != '\n') || ('\u{202a}'..='\u{202e}').contains(&c))
            .collect();
        assert!(raw.is_empty(), "{args:?} printed raw {raw:?}:\n{text}");
        assert!(
            text.contains("\\x1b"),
            "{args:?}: the escape is shown:\n{text}"
        );
    }
}

#[test]
fn impossible_numbers_in_a_result_are_refused_naming_file_and_field() {
    let dir = disk_dir();
    let tmp = tempfile::tempdir().unwrap();
    let out = run_tiny(
        dir.path(),
        &["--engine", "null", "--profile", "demo", "--format", "json"],
    );
    let good = tmp.path().join("good.json");
    std::fs::write(&good, &out.stdout).unwrap();
    // A marker where the figure goes, replaced by each bad value as text
    // (NaN and 1e999 have no JSON value to build them from).
    let mut v = json(&out.stdout);
    v["tests"][0]["result"]["total"]["mbps"] = 123456.125.into();
    let text = serde_json::to_string_pretty(&v).unwrap();
    let cases = [
        (
            "negative",
            "-5.5".to_string(),
            "tests[0].result.total.mbps is negative",
        ),
        (
            "huge",
            "1e300".to_string(),
            "tests[0].result.total.mbps is larger than any measurement",
        ),
        (
            "string",
            "\"fast\"".to_string(),
            "tests[0].result.total.mbps is not a number",
        ),
        (
            "nan",
            "NaN".to_string(),
            "is not a diskmark result (not JSON",
        ),
        (
            "overflow",
            "1e999".to_string(),
            "is not a diskmark result (not JSON",
        ),
    ];
    for (name, value, needle) in cases {
        let bad = tmp.path().join(format!("{name}.json"));
        std::fs::write(&bad, text.replace("123456.125", &value)).unwrap();
        let out = diskmark()
            .arg("compare")
            .arg(&good)
            .arg(&bad)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.contains(&format!("{name}.json")) && err.contains(needle),
            "{name}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(out.stdout.is_empty());
    }
    // A device that never ends is refused, not read until memory runs out.
    let out = diskmark()
        .arg("compare")
        .arg(&good)
        .arg("/dev/zero")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(
            "/dev/zero is a character device, not a diskmark result file; give a regular file"
        ),
        "{err}"
    );
}
