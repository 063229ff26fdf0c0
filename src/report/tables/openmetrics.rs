//! OpenMetrics text (`--format openmetrics`, `-o FILE.prom`): one gauge
//! family per figure of the grid, for Prometheus and node_exporter's
//! textfile collector (docs/report.md#openmetrics).
//!
//! The output is OpenMetrics 1.0 and, read by the older Prometheus text
//! format's parser (the one node_exporter's textfile collector uses), the
//! same metrics: it has only `# HELP` and `# TYPE` lines, gauges, no
//! timestamps, and ends in `# EOF`, which that parser reads as a comment.

use super::rows::Row;
use crate::report::model;
use std::fmt::Write;

/// The percentiles exported, as the JSON keys them, with their quantile.
const QUANTILES: [(f64, &str); 5] = [
    (50.0, "0.5"),
    (90.0, "0.9"),
    (99.0, "0.99"),
    (99.9, "0.999"),
    (99.99, "0.9999"),
];

/// One gauge family: its name, its help text and its samples.
struct Family {
    name: &'static str,
    help: &'static str,
    samples: Vec<Sample>,
}

/// One sample: its labels (already rendered) and its value.
struct Sample {
    labels: String,
    value: f64,
}

impl Family {
    fn new(name: &'static str, help: &'static str) -> Family {
        Family {
            name,
            help,
            samples: Vec::new(),
        }
    }

    fn push(&mut self, labels: String, value: Option<f64>) {
        // A figure that was not measured is no sample: never a made-up 0.
        if let Some(value) = value.filter(|v| v.is_finite()) {
            self.samples.push(Sample { labels, value });
        }
    }
}

/// A label value as the text formats write it: `\`, `"` and line breaks
/// escaped, and every other character a terminal would act on written as
/// [`crate::report::escape`] writes it.
pub fn label_value(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for (i, line) in s.split('\n').enumerate() {
        if i > 0 {
            out.push_str("\\n");
        }
        for c in crate::report::escape::escape(line).chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '"' => out.push_str("\\\""),
                c => out.push(c),
            }
        }
    }
    out
}

/// `{name="value",...}` of some label pairs.
fn labels(pairs: &[(&str, &str)]) -> String {
    let inner: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{k}=\"{}\"", label_value(v)))
        .collect();
    format!("{{{}}}", inner.join(","))
}

/// Renders a run: the figures of every finished test and direction (a
/// run on many hosts: the totals over them), then the run's start and
/// elapsed time.
pub fn render_run(run: &model::Run) -> String {
    let mut families = test_families(run);
    families.extend(run_families(run));
    let mut out = String::new();
    for f in families.iter().filter(|f| !f.samples.is_empty()) {
        // Writing to a String cannot fail.
        let _ = writeln!(out, "# HELP {} {}", f.name, f.help);
        let _ = writeln!(out, "# TYPE {} gauge", f.name);
        for s in &f.samples {
            let _ = writeln!(out, "{}{} {}", f.name, s.labels, s.value);
        }
    }
    out.push_str("# EOF\n");
    out
}

/// The labels every sample of the run has: its label (when given), the
/// target, the drive's model and the engine.
fn run_labels(run: &model::Run) -> Vec<(&'static str, String)> {
    let model = run.target.device.as_ref().and_then(|d| d.model.clone());
    let mut pairs = Vec::new();
    if let Some(l) = &run.label {
        pairs.push(("label", l.clone()));
    }
    pairs.push(("target", run.target.path.to_string_lossy().into_owned()));
    pairs.push(("device_model", model.unwrap_or_default()));
    pairs.push(("engine", run.engine.name.clone()));
    pairs
}

/// The families of the tests' figures.
struct TestFamilies {
    bw: Family,
    iops: Family,
    mean: Family,
    pct: Family,
}

impl TestFamilies {
    fn new() -> TestFamilies {
        TestFamilies {
            bw: Family::new(
                "diskmark_throughput_bytes_per_second",
                "Throughput of a test over its measure windows, bytes per second (the JSON's mbps times 10^6).",
            ),
            iops: Family::new(
                "diskmark_iops",
                "I/O operations completed per second over a test's measure windows.",
            ),
            mean: Family::new(
                "diskmark_latency_mean_seconds",
                "Mean latency of a test's I/Os, issue to completion, seconds.",
            ),
            pct: Family::new(
                "diskmark_latency_percentile_seconds",
                "Latency below which the quantile's share of a test's I/Os completed, issue to completion, seconds.",
            ),
        }
    }

    /// The samples of `l`, test `t`'s result (or one host's), labelled
    /// with `pairs`.
    fn add(&mut self, pairs: &[(&str, &str)], t: &model::Test, l: &model::Loop) {
        let row = Row::of_loop(t, l);
        let labelled = labels(pairs);
        self.bw.push(labelled.clone(), row.mbps.map(|m| m * 1e6));
        self.iops.push(labelled.clone(), row.iops);
        self.mean.push(labelled, row.mean_us.map(|us| us / 1e6));
        // The same rule as the row's: a window without I/O has no
        // percentiles, whatever the file says.
        let lat = (row.mbps.is_some())
            .then_some(l.total.lat_us.as_ref())
            .flatten();
        for (p, q) in QUANTILES {
            let us = lat.and_then(|lat| lat.percentiles.at(p));
            let mut with_q = pairs.to_vec();
            with_q.push(("quantile", q));
            self.pct.push(labels(&with_q), us.map(|us| us / 1e6));
        }
    }
}

/// The families of the tests' figures: each test's result; on many hosts
/// the total (`host="all"`) and each host's.
fn test_families(run: &model::Run) -> Vec<Family> {
    let mut f = TestFamilies::new();
    let base = run_labels(run);
    for t in &run.tests {
        let (direction, read_pct) = match (t.direction, t.read_pct) {
            (Some(model::Direction::Read), _) => ("read", "100".to_string()),
            (Some(model::Direction::Write), _) => ("write", "0".to_string()),
            (Some(model::Direction::Mix), p) => {
                ("mix", p.map(|p| p.to_string()).unwrap_or_default())
            }
            (None, _) => continue,
        };
        let mut pairs: Vec<(&str, &str)> = vec![
            ("test", &t.name),
            ("direction", direction),
            ("read_pct", &read_pct),
        ];
        pairs.extend(base.iter().map(|(k, v)| (*k, v.as_str())));
        if t.hosts.is_empty() {
            f.add(&pairs, t, &t.result);
            continue;
        }
        let with_host = |h: &'static str| [&pairs[..], &[("host", h)]].concat();
        f.add(&with_host("all"), t, &t.result);
        for h in &t.hosts {
            let one = [&pairs[..], &[("host", h.host.as_str())]].concat();
            f.add(&one, t, &h.result);
        }
    }
    vec![f.bw, f.iops, f.mean, f.pct]
}

/// The families of the run itself: when it started and how long it took.
fn run_families(run: &model::Run) -> Vec<Family> {
    let mut start = Family::new(
        "diskmark_run_start_timestamp_seconds",
        "When the run started, seconds since the Unix epoch.",
    );
    let mut elapsed = Family::new(
        "diskmark_run_elapsed_seconds",
        "How long the whole run took, pre-fill, tests and clean-up, seconds.",
    );
    let base = run_labels(run);
    let pairs: Vec<(&str, &str)> = base.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let l = labels(&pairs);
    let started = chrono::DateTime::parse_from_rfc3339(&run.date)
        .ok()
        .map(|d| d.timestamp_millis() as f64 / 1e3);
    start.push(l.clone(), started);
    elapsed.push(l, run.elapsed_s);
    vec![start, elapsed]
}

#[cfg(test)]
mod tests {
    use super::render_run;
    use crate::host::HostInfo;
    use crate::report::{Report, fixtures, model};

    fn run() -> model::Run {
        let settings = fixtures::settings();
        let output = fixtures::output(&settings);
        let (target, host) = (
            fixtures::target(),
            HostInfo {
                hostname: Some("bench1".into()),
                ..fixtures::host()
            },
        );
        crate::report::model::Run::build(&Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        })
    }

    fn parse(text: &str) -> prometheus_parse::Scrape {
        let lines = text.lines().map(|l| Ok(l.to_string()));
        prometheus_parse::Scrape::parse(lines).unwrap()
    }

    /// The gauge `name` with `test` and `direction`.
    fn gauge(s: &prometheus_parse::Scrape, name: &str, test: &str, dir: &str) -> Option<f64> {
        s.samples
            .iter()
            .find(|x| {
                x.metric == name
                    && x.labels.get("test") == Some(test)
                    && x.labels.get("direction") == Some(dir)
                    && x.labels.get("quantile").is_none_or(|q| q == "0.99")
            })
            .map(|x| match x.value {
                prometheus_parse::Value::Gauge(v) => v,
                ref v => panic!("{name} is not a gauge: {v:?}"),
            })
    }

    #[test]
    fn it_parses_and_its_figures_are_the_jsons() {
        let run = run();
        let text = render_run(&run);
        assert!(text.ends_with("\n# EOF\n"), "{text}");
        let scrape = parse(&text);
        // Every line that is not a comment is a sample the parser read.
        let lines = text.lines().filter(|l| !l.starts_with('#')).count();
        assert_eq!(scrape.samples.len(), lines);
        // 12 tests: MB/s, IOPS, mean and the 5 quantiles (the fixture
        // records 1..99.99), and the run's start.
        assert_eq!(lines, 12 * (3 + 5) + 1);
        for name in [
            "diskmark_throughput_bytes_per_second",
            "diskmark_iops",
            "diskmark_latency_mean_seconds",
            "diskmark_latency_percentile_seconds",
            "diskmark_run_start_timestamp_seconds",
        ] {
            assert!(scrape.docs.contains_key(name), "{name}");
            assert!(text.contains(&format!("# TYPE {name} gauge\n")), "{name}");
        }
        for t in &run.tests {
            let dir = match t.direction.unwrap() {
                model::Direction::Read => "read",
                model::Direction::Write => "write",
                model::Direction::Mix => "mix",
            };
            let total = &t.result.total;
            let lat = total.lat_us.as_ref().unwrap();
            let got = |n| gauge(&scrape, n, &t.name, dir);
            assert_eq!(
                got("diskmark_throughput_bytes_per_second"),
                total.mbps.map(|m| m * 1e6)
            );
            assert_eq!(got("diskmark_iops"), total.iops);
            assert_eq!(
                got("diskmark_latency_mean_seconds"),
                lat.mean.map(|us| us / 1e6)
            );
            let p99 = lat.percentiles.at(99.0).map(|us| us / 1e6);
            assert_eq!(got("diskmark_latency_percentile_seconds"), p99);
        }
        let mix = scrape
            .samples
            .iter()
            .find(|x| x.labels.get("direction") == Some("mix"))
            .unwrap();
        assert_eq!(mix.labels.get("read_pct"), Some("70"));
        assert_eq!(mix.labels.get("engine"), Some("psync"));
        assert_eq!(mix.labels.get("device_model"), Some("Virtio Disk"));
        assert_eq!(mix.labels.get("label"), None);
        let start = scrape
            .samples
            .iter()
            .find(|x| x.metric == "diskmark_run_start_timestamp_seconds")
            .unwrap();
        let date = chrono::DateTime::parse_from_rfc3339(&run.date).unwrap();
        assert_eq!(
            start.value,
            prometheus_parse::Value::Gauge(date.timestamp() as f64)
        );
    }

    #[test]
    fn a_test_without_io_has_no_sample() {
        let mut run = run();
        run.tests[1].result.total.no_io = true;
        let text = render_run(&run);
        let scrape = parse(&text);
        let name = run.tests[1].name.clone();
        assert!(
            !scrape
                .samples
                .iter()
                .any(|x| x.labels.get("test") == Some(&name)
                    && x.labels.get("direction") == Some("read")),
            "{text}"
        );
        assert!(gauge(&scrape, "diskmark_iops", &run.tests[0].name, "read").is_some());
        // Nothing measured at all: only the run's start, and the end.
        run.tests.clear();
        let text = render_run(&run);
        assert_eq!(
            text.lines().filter(|l| !l.starts_with('#')).count(),
            1,
            "{text}"
        );
    }

    #[test]
    fn hostile_labels_are_escaped() {
        let mut run = run();
        run.label = Some("a\"b\\c\nd".into());
        run.target.device.as_mut().unwrap().model = Some("x\u{1b}[2Jy\"".into());
        let text = render_run(&run);
        // One sample a line: the line break is escaped, so is the quote,
        // and the terminal escape is shown, not sent.
        assert!(!text.contains('\u{1b}'));
        assert!(text.contains(r#"label="a\"b\\c\nd""#), "{text}");
        assert!(text.contains(r#"device_model="x\\x1b[2Jy\"""#), "{text}");
        let scrape = parse(&text);
        let lines = text.lines().filter(|l| !l.starts_with('#')).count();
        assert_eq!(scrape.samples.len(), lines);
        // prometheus-parse keeps the escapes as written.
        assert!(
            scrape
                .samples
                .iter()
                .all(|s| s.labels.get("label") == Some(r#"a\"b\\c\nd"#))
        );
    }

    #[test]
    fn many_hosts_give_the_total_and_each_hosts_figures() {
        let mut run = run();
        let mut half = run.tests[0].result.clone();
        half.total.mbps = half.total.mbps.map(|m| m / 2.0);
        run.tests[0].hosts = ["a:8765", "b:8765"]
            .map(|h| model::HostTest {
                host: h.into(),
                result: half.clone(),
                ..Default::default()
            })
            .to_vec();
        let scrape = parse(&render_run(&run));
        let bw = |host: &str| {
            scrape
                .samples
                .iter()
                .find(|x| {
                    x.metric == "diskmark_throughput_bytes_per_second"
                        && x.labels.get("host") == Some(host)
                })
                .map(|x| x.value.clone())
        };
        let total = run.tests[0].result.total.mbps.unwrap();
        assert_eq!(bw("all"), Some(prometheus_parse::Value::Gauge(total * 1e6)));
        let h = prometheus_parse::Value::Gauge(total / 2.0 * 1e6);
        assert_eq!((bw("a:8765"), bw("b:8765")), (Some(h.clone()), Some(h)));
    }

    #[test]
    fn label_values_escape_backslash_quote_and_newline() {
        assert_eq!(super::label_value("plain"), "plain");
        assert_eq!(super::label_value("a\\b"), "a\\\\b");
        assert_eq!(super::label_value("say \"hi\""), "say \\\"hi\\\"");
        assert_eq!(super::label_value("1\n2"), "1\\n2");
    }
}
