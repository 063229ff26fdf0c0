//! The JSON report's schema (docs/schema.json) is generated from the typed
//! model, and what a real run writes is valid against it and reads back
//! through the model into the same document and the same figures.
//!
//! To regenerate docs/schema.json after a change to the model:
//! `UPDATE_SCHEMA=1 cargo test --release --test it schema::`.

use crate::common;
use common::{disk_dir, json, run_tiny};
use diskmark::compare;
use diskmark::report::model::{self, Run};
use std::path::PathBuf;

fn schema_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/schema.json")
}

#[test]
fn the_checked_in_schema_is_the_one_the_types_give() {
    let generated = model::schema();
    if std::env::var_os("UPDATE_SCHEMA").is_some_and(|v| v == "1") {
        std::fs::write(schema_path(), &generated).unwrap();
    }
    let checked_in = std::fs::read_to_string(schema_path()).unwrap_or_default();
    assert!(
        checked_in == generated,
        "docs/schema.json differs from the model's schema; regenerate it with \
         UPDATE_SCHEMA=1 cargo test --release --test it schema::"
    );
    // Every field is described.
    let v: serde_json::Value = serde_json::from_str(&generated).unwrap();
    let mut undocumented = Vec::new();
    undescribed(&v, "", &mut undocumented);
    assert!(undocumented.is_empty(), "no description: {undocumented:?}");
}

/// The properties (and definitions) without a description.
fn undescribed(v: &serde_json::Value, at: &str, out: &mut Vec<String>) {
    let Some(m) = v.as_object() else { return };
    for key in ["properties", "$defs"] {
        for (name, sub) in m.get(key).and_then(|p| p.as_object()).into_iter().flatten() {
            let here = format!("{at}/{name}");
            let described = sub.get("description").is_some()
                // A reference's description is its definition's.
                || sub.get("$ref").is_some()
                || sub.get("oneOf").is_some();
            if !described {
                out.push(here.clone());
            }
            undescribed(sub, &here, out);
        }
    }
}

/// Equal texts, or the first line that differs.
fn assert_same(got: &str, want: &str) {
    if got != want {
        let (n, (g, w)) = got
            .lines()
            .zip(want.lines())
            .enumerate()
            .find(|(_, (g, w))| g != w)
            .unwrap_or((0, ("(lengths differ)", "")));
        panic!("line {}: {g:?} instead of {w:?}", n + 1);
    }
}

/// A Default+Mix run on the disk (psync, 16 MiB, short windows) as JSON.
fn default_mix_run() -> String {
    let dir = disk_dir();
    let out = run_tiny(
        dir.path(),
        &[
            "--engine",
            "psync",
            "--profile",
            "default",
            "--mix",
            "--format",
            "json",
        ],
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_default_mix_run_is_valid_against_the_schema_and_reads_back_the_same() {
    let text = default_mix_run();
    let instance = json(text.as_bytes());
    let schema: serde_json::Value = serde_json::from_str(&model::schema()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(instance["tests"].as_array().unwrap().len(), 12);

    // The model writes back byte for byte what it read.
    let run = Run::from_json(&text).unwrap();
    assert_same(&run.to_json(), &text);
    assert_eq!(run.tests.len(), 12);

    // And something that is not valid is refused by the schema too.
    let mut bad = instance.clone();
    bad["tests"][0]["result"]["total"]["mbps"] = "fast".into();
    assert!(!validator.is_valid(&bad));
}

#[test]
fn compare_reads_two_runs_through_the_model_with_the_same_figures() {
    let dir = disk_dir();
    let texts: Vec<String> = (0..2)
        .map(|_| {
            let out = run_tiny(
                dir.path(),
                &[
                    "--engine",
                    "null",
                    "--profile",
                    "demo",
                    "--mix",
                    "--format",
                    "json",
                ],
            );
            String::from_utf8(out.stdout).unwrap()
        })
        .collect();
    let mut summaries = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let run = Run::from_json(text).unwrap();
        assert_same(&run.to_json(), text);
        let summary = compare::from_json(&format!("run{i}.json"), text).unwrap();
        // compare's figures are the file's, as the file has them.
        let v = json(text.as_bytes());
        let tests = v["tests"].as_array().unwrap();
        assert_eq!(summary.rows.len(), tests.len());
        for (row, t) in summary.rows.iter().zip(tests) {
            let total = &t["result"]["total"];
            assert_eq!(row.test, t["name"].as_str().unwrap());
            assert_eq!(row.mbps, total["mbps"].as_f64());
            assert_eq!(row.iops, total["iops"].as_f64());
            assert_eq!(row.mean_us, total["lat_us"]["mean"].as_f64());
            assert!(row.mbps.is_some(), "the null engine completes I/O");
        }
        assert!(summary.rows.iter().any(|r| r.direction == "mix70"));
        summaries.push(summary);
    }
    // The comparison's JSON holds the same figures and their changes.
    let cmp = json(compare::render_json(&summaries).as_bytes());
    let first = &cmp["rows"][0];
    let (a, b) = (
        summaries[0].rows[0].mbps.unwrap(),
        summaries[1].rows[0].mbps.unwrap(),
    );
    assert_eq!(first["values"][0]["mbps"].as_f64(), Some(a));
    assert_eq!(first["values"][1]["mbps"].as_f64(), Some(b));
    let change = first["mbps_change_pct"][1].as_f64().unwrap();
    assert!((change - (b / a - 1.0) * 100.0).abs() < 1e-9, "{change}");
}
