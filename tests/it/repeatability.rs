//! How much the loops disagree: the 95 % confidence interval of the mean
//! in the JSON and, with --details, in the text report
//! (docs/measurement.md#repeatability).

use crate::common;
use common::{disk_dir, diskmark, json};

/// Student's t, two-sided 95 %, for 2 and 4 degrees of freedom.
fn t95(df: usize) -> f64 {
    match df {
        2 => 4.303,
        4 => 2.776,
        _ => unreachable!("only 3 and 5 loops are run here"),
    }
}

/// The half-width in percent of the mean, recomputed from the loops.
fn ci95_pct(v: &[f64]) -> f64 {
    let n = v.len() as f64;
    let mean = v.iter().sum::<f64>() / n;
    let s = (v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    t95(v.len() - 1) * s / n.sqrt() / mean * 100.0
}

fn run(loops: &str, extra: &[&str]) -> (serde_json::Value, String) {
    let dir = disk_dir();
    let out_dir = tempfile::tempdir().unwrap();
    let (text, report) = (out_dir.path().join("r.txt"), out_dir.path().join("r.json"));
    let out = diskmark()
        .arg(dir.path())
        .args(["--size", "16MiB", "--measure", "0.2", "--warmup", "0"])
        .args(["--interval", "0", "--test", "RND4K Q1T1", "--mode", "read"])
        .args(["--loops", loops, "-o"])
        .arg(&text)
        .arg("-o")
        .arg(&report)
        .args(extra)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let report = json(&std::fs::read(report).unwrap());
    (report, std::fs::read_to_string(text).unwrap())
}

#[test]
fn the_interval_is_students_t_over_the_loops() {
    for loops in ["3", "5"] {
        let (v, _) = run(loops, &[]);
        let test = &v["tests"][0];
        let n: usize = loops.parse().unwrap();
        assert_eq!(test["loops"].as_array().unwrap().len(), n);
        for key in ["mbps", "iops", "mean_lat_us"] {
            let per_loop: Vec<f64> = test["loops"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| match key {
                    "mean_lat_us" => l["total"]["lat_us"]["mean"].as_f64().unwrap(),
                    _ => l["total"][key].as_f64().unwrap(),
                })
                .collect();
            let want = ci95_pct(&per_loop);
            let got = test["across_loops"][key]["ci95_pct"].as_f64().unwrap();
            assert!(
                (got - want).abs() <= 1e-6 * want.max(1.0),
                "{loops} loops, {key}: JSON {got}, recomputed {want} from {per_loop:?}"
            );
            let mean = per_loop.iter().sum::<f64>() / n as f64;
            let json_mean = test["across_loops"][key]["mean"].as_f64().unwrap();
            assert!(
                (json_mean - mean).abs() <= 1e-9 * mean,
                "{key}: {json_mean} vs {mean}"
            );
        }
    }
}

#[test]
fn details_print_it_and_one_loop_has_none() {
    let (v, text) = run("3", &["--details"]);
    let want = v["tests"][0]["across_loops"]["mbps"]["ci95_pct"]
        .as_f64()
        .unwrap();
    let line = text
        .lines()
        .find(|l| l.contains("95 % CI of the mean of 3 loops"))
        .unwrap_or_else(|| panic!("no details line in\n{text}"));
    assert!(
        line.contains(&format!("±{want:.1} % MB/s")),
        "{line} vs {want}"
    );

    let (v, text) = run("1", &["--details"]);
    assert!(v["tests"][0]["across_loops"]["mbps"]["ci95_pct"].is_null());
    assert!(!text.contains("95 % CI"), "{text}");
    let (_, text) = run("3", &[]);
    assert!(!text.contains("95 % CI"), "{text}");
}
