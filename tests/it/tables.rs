//! The tables scripts read, from the real binary: the CSV with each run's
//! identity (and `--csv-loops`), and the OpenMetrics text, parsed and
//! checked against the JSON of the same run, and read by node_exporter's
//! textfile collector where it is installed (docs/report.md#csv,
//! docs/report.md#openmetrics).

use crate::common;
use common::{TINY, diskmark, json, leftovers, skip};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// A label with a comma, quotes, a backslash and a formula's `=`.
const LABEL: &str = "=sum(1), \"q\" \\ x";

/// A directory to test whose name has a comma, a quote and a line break.
fn hostile_target(base: &Path) -> PathBuf {
    let t = base.join("a,b\"c\nd");
    std::fs::create_dir(&t).unwrap();
    t
}

/// Runs a tiny demo run (read, write, Mix) of `loops` loops on `target`
/// with `args`; returns the JSON written beside the other outputs.
fn run(target: &Path, out: &Path, loops: &str, args: &[&str]) -> Value {
    diskmark()
        .arg(target)
        .args(TINY)
        .args(["--loops", loops, "--profile", "demo", "--mix", "-q"])
        .args(["--engine", "psync", "--label", LABEL, "-o"])
        .arg(out.join("r.json"))
        .args(args)
        .assert()
        .success();
    assert_eq!(leftovers(target), Vec::<String>::new());
    let v = json(&std::fs::read(out.join("r.json")).unwrap());
    assert_eq!(v["tests"].as_array().unwrap().len(), 3);
    v
}

/// The CSV's rows as maps of column to value, after its header matched
/// the documented columns.
fn csv_rows(path: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let headers: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(headers, diskmark::report::tables::csv::COLUMNS);
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            headers
                .iter()
                .cloned()
                .zip(rec.iter().map(String::from))
                .collect()
        })
        .collect()
}

#[test]
fn every_csv_row_carries_its_runs_identity_and_csv_loops_gives_each_loop() {
    let dir = common::memory_dir();
    let target = hostile_target(dir.path());
    let out = tempfile::tempdir().unwrap();
    let csv = out.path().join("r.csv");
    let v = run(
        &target,
        out.path(),
        "2",
        &["-o", csv.to_str().unwrap(), "--csv-loops"],
    );
    let rows = csv_rows(&csv);
    assert_eq!(rows.len(), 3 * 2, "one row per loop of each test");
    let model = v["target"]["device"]["model"].as_str().unwrap_or("");
    for (i, row) in rows.iter().enumerate() {
        let (t, l) = (&v["tests"][i / 2], i % 2);
        let lp = &t["loops"][l];
        // A leading ' keeps a spreadsheet from running the label.
        assert_eq!(row["label"], format!("'{LABEL}"));
        assert_eq!(row["date"], v["date"].as_str().unwrap());
        assert_eq!(row["hostname"], v["host"]["hostname"].as_str().unwrap());
        assert_eq!(row["target"], v["target"]["path"].as_str().unwrap());
        assert!(row["target"].ends_with("a,b\"c\nd"), "{:?}", row["target"]);
        assert_eq!(row["device_model"].trim_start_matches('\''), model);
        assert_eq!(row["filesystem"], v["target"]["fs_type"].as_str().unwrap());
        assert_eq!(row["profile"], "demo");
        assert_eq!(row["size_bytes"], (16u64 << 20).to_string());
        assert_eq!(row["direct"], "true");
        assert_eq!(row["engine"], v["engine"]["label"].as_str().unwrap());
        assert_eq!(row["loop"], l.to_string());
        assert_eq!(row["test"], t["name"].as_str().unwrap());
        let mbps = lp["total"]["mbps"].as_f64().unwrap();
        assert_eq!(row["mbps"], format!("{mbps:.3}"));
        let iops = lp["total"]["iops"].as_f64().unwrap();
        assert_eq!(row["iops"], format!("{iops:.1}"));
    }
    let dirs: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| (r["direction"].as_str(), r["read_pct"].as_str()))
        .collect();
    assert_eq!(
        dirs,
        [
            ("read", "100"),
            ("read", "100"),
            ("write", "0"),
            ("write", "0"),
            ("mix", "70"),
            ("mix", "70")
        ]
    );

    // Without --csv-loops: one row per test, under the loop statistic.
    let csv = out.path().join("t.csv");
    let v = run(&target, out.path(), "2", &["-o", csv.to_str().unwrap()]);
    let rows = csv_rows(&csv);
    assert_eq!(rows.len(), 3);
    for (row, t) in rows.iter().zip(v["tests"].as_array().unwrap()) {
        assert_eq!(row["loop"], "");
        let mbps = t["result"]["total"]["mbps"].as_f64().unwrap();
        assert_eq!(row["mbps"], format!("{mbps:.3}"));
        assert_eq!(
            row["loop_stat"],
            v["settings"]["loop_stat"].as_str().unwrap()
        );
    }
}

/// The value of the one sample of `name` whose line holds every `has`.
fn sample(text: &str, name: &str, has: &[&str]) -> f64 {
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with(&format!("{name}{{")) && has.iter().all(|h| l.contains(h)))
        .collect();
    assert_eq!(lines.len(), 1, "{name} {has:?}:\n{text}");
    lines[0].rsplit(' ').next().unwrap().parse().unwrap()
}

/// What every test's samples say, checked against the JSON's figures.
fn check_figures(text: &str, v: &Value) {
    for t in v["tests"].as_array().unwrap() {
        let test = format!("test=\"{}\"", t["name"].as_str().unwrap());
        let dir = format!("direction=\"{}\"", t["direction"].as_str().unwrap());
        let has = [test.as_str(), dir.as_str()];
        let total = &t["result"]["total"];
        let mbps = total["mbps"].as_f64().unwrap();
        assert_eq!(
            sample(text, "diskmark_throughput_bytes_per_second", &has),
            mbps * 1e6
        );
        assert_eq!(
            sample(text, "diskmark_iops", &has),
            total["iops"].as_f64().unwrap()
        );
        let mean = total["lat_us"]["mean"].as_f64().unwrap();
        assert_eq!(
            sample(text, "diskmark_latency_mean_seconds", &has),
            mean / 1e6
        );
        let p99 = total["lat_us"]["percentiles"]["99"].as_f64().unwrap();
        let q = [has[0], has[1], "quantile=\"0.99\""];
        assert_eq!(
            sample(text, "diskmark_latency_percentile_seconds", &q),
            p99 / 1e6
        );
    }
}

#[test]
fn openmetrics_parses_and_its_figures_are_the_jsons() {
    let dir = common::memory_dir();
    let target = hostile_target(dir.path());
    let out = tempfile::tempdir().unwrap();
    let prom = out.path().join("r.prom");
    let v = run(&target, out.path(), "1", &["-o", prom.to_str().unwrap()]);
    let text = std::fs::read_to_string(&prom).unwrap();
    assert!(text.ends_with("\n# EOF\n"), "{text}");
    let lines = text.lines().map(|l| Ok(l.to_string()));
    let scrape = prometheus_parse::Scrape::parse(lines).unwrap();
    let samples = text.lines().filter(|l| !l.starts_with('#')).count();
    assert_eq!(
        scrape.samples.len(),
        samples,
        "a line the parser did not read:\n{text}"
    );
    assert!(
        scrape
            .samples
            .iter()
            .all(|s| matches!(s.value, prometheus_parse::Value::Gauge(_)))
    );
    // The label and the path, escaped: the line break is `\n`, each sample
    // one line.
    assert!(text.contains(r#"label="=sum(1), \"q\" \\ x""#), "{text}");
    assert!(text.contains(r#"a,b\"c\nd""#), "{text}");
    check_figures(&text, &v);
    // The run's own families.
    let elapsed = v["elapsed_s"].as_f64().unwrap();
    assert_eq!(sample(&text, "diskmark_run_elapsed_seconds", &[]), elapsed);
    // `--format prometheus` is the same format on standard output.
    let stdout = diskmark()
        .arg(&target)
        .args(TINY)
        .args([
            "--profile",
            "demo",
            "--mode",
            "read",
            "--engine",
            "null",
            "-q",
        ])
        .args(["--format", "prometheus"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let stdout = String::from_utf8(stdout).unwrap();
    assert!(stdout.contains("# TYPE diskmark_iops gauge\n"), "{stdout}");
}

/// A node_exporter serving `dir`'s .prom files on a loopback port, ended
/// when dropped.
struct NodeExporter {
    child: std::process::Child,
    port: u16,
}

impl Drop for NodeExporter {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl NodeExporter {
    fn start(bin: &Path, dir: &Path) -> NodeExporter {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = std::process::Command::new(bin)
            .args(["--collector.disable-defaults", "--collector.textfile"])
            .arg(format!("--collector.textfile.directory={}", dir.display()))
            .arg(format!("--web.listen-address=127.0.0.1:{port}"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        NodeExporter { child, port }
    }

    /// Its /metrics page, once it answers (within 20 s).
    fn metrics(&self) -> String {
        use std::io::{Read, Write};
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        loop {
            let got = std::net::TcpStream::connect(("127.0.0.1", self.port)).and_then(|mut s| {
                s.set_read_timeout(Some(std::time::Duration::from_secs(10)))?;
                s.write_all(b"GET /metrics HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")?;
                let mut body = String::new();
                s.read_to_string(&mut body)?;
                Ok(body)
            });
            match got {
                Ok(body) => return body,
                Err(e) if std::time::Instant::now() > deadline => {
                    panic!("node_exporter did not answer on port {}: {e}", self.port)
                }
                // Not listening yet: it was just started.
                Err(_) => std::thread::sleep(std::time::Duration::from_millis(50)),
            }
        }
    }
}

/// node_exporter's binary: Debian's name, or the upstream one.
fn node_exporter() -> Option<PathBuf> {
    ["prometheus-node-exporter", "node_exporter"]
        .iter()
        .find_map(|name| {
            std::env::var_os("PATH")?
                .to_str()?
                .split(':')
                .map(|d| Path::new(d).join(name))
                .find(|p| p.is_file())
        })
}

#[test]
fn node_exporters_textfile_collector_reads_the_prom_file() {
    let Some(bin) = node_exporter() else {
        skip(
            "node_exporters_textfile_collector_reads_the_prom_file",
            "no node_exporter (Debian: apt-get install prometheus-node-exporter)",
        );
        return;
    };
    let dir = common::memory_dir();
    let target = hostile_target(dir.path());
    let out = tempfile::tempdir().unwrap();
    let textfiles = tempfile::tempdir().unwrap();
    let prom = textfiles.path().join("diskmark.prom");
    let v = run(&target, out.path(), "1", &["-o", prom.to_str().unwrap()]);
    let exporter = NodeExporter::start(&bin, textfiles.path());
    let page = exporter.metrics();
    // The file was read without an error, every family is there, the
    // escaped label and path read back the same, and so do the figures.
    assert!(page.contains("\nnode_textfile_scrape_error 0\n"), "{page}");
    for name in [
        "diskmark_throughput_bytes_per_second",
        "diskmark_iops",
        "diskmark_latency_mean_seconds",
        "diskmark_latency_percentile_seconds",
        "diskmark_run_start_timestamp_seconds",
        "diskmark_run_elapsed_seconds",
    ] {
        assert!(
            page.contains(&format!("# TYPE {name} gauge\n")),
            "{name}:\n{page}"
        );
    }
    assert!(page.contains(r#"label="=sum(1), \"q\" \\ x""#), "{page}");
    assert!(page.contains(r#"a,b\"c\nd""#), "{page}");
    check_figures(&page, &v);
}

#[test]
fn csv_loops_without_a_csv_and_tables_of_grid_less_results_are_refused() {
    let dir = common::memory_dir();
    let out = diskmark()
        .arg(dir.path())
        .args(TINY)
        .args(["--engine", "null", "--csv-loops", "--format", "json"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--csv-loops") && err.contains("no output is CSV"),
        "{err}"
    );
    let out = diskmark()
        .args(["span"])
        .arg(dir.path())
        .args(["--format", "openmetrics"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("OpenMetrics hold the grid's rows"), "{err}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}
