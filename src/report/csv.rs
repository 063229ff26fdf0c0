//! CSV: one row per test and direction, with stable column names.

use super::{Report, headline};
use std::fmt::Write;

/// The header row; the column names are part of the interface.
pub const COLUMNS: [&str; 9] = [
    "test",
    "direction",
    "mbps",
    "iops",
    "mean_us",
    "p99_us",
    "applied_q",
    "applied_t",
    "engine",
];

/// A field, quoted when it holds a comma, a quote or a line break.
pub fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// One test and direction of a report, as the flat formats show it.
pub struct Row {
    /// The requested test, e.g. `SEQ1M Q8T1`.
    pub test: String,
    /// `read`, `write` or `mixNN`.
    pub direction: String,
    /// The figures; `None` when no I/O completed in the window.
    pub figures: Option<Figures>,
    /// Queue depth applied.
    pub q: u32,
    /// Threads applied.
    pub t: u32,
}

/// The measured figures of a row.
pub struct Figures {
    /// 10^6 bytes/s.
    pub mbps: f64,
    /// I/Os per second.
    pub iops: f64,
    /// Mean latency, µs.
    pub mean_us: f64,
    /// 99th percentile latency, µs (0 when not measured).
    pub p99_us: f64,
}

/// The rows of a report, in report order. Shared with Markdown.
pub fn rows(r: &Report<'_>) -> Vec<Row> {
    let mut out = Vec::new();
    for d in r.sections() {
        for t in r.tests_of(d) {
            let Some(sel) = t.selected(r.settings.loop_stat) else {
                continue;
            };
            let s = headline(d, &sel.result).summary(sel.result.window_ns);
            let (mean, p99) = s.lat.as_ref().map_or((0.0, 0.0), |l| {
                let p99 = l
                    .percentiles_us
                    .iter()
                    .find(|(p, _)| *p == 99.0)
                    .map_or(0.0, |x| x.1);
                (l.mean_us, p99)
            });
            let direction = match d {
                crate::workload::Direction::Mix { read_pct } => format!("mix{read_pct}"),
                _ => d.name().to_string(),
            };
            out.push(Row {
                test: t.plan.requested.to_string(),
                direction,
                figures: s.completed().then_some(Figures {
                    mbps: s.mbps,
                    iops: s.iops,
                    mean_us: mean,
                    p99_us: p99,
                }),
                q: t.plan.q,
                t: t.plan.t,
            });
        }
    }
    out
}

/// Renders the CSV.
pub fn render(r: &Report<'_>) -> String {
    let mut out = COLUMNS.join(",");
    out.push('\n');
    let engine = r.settings.engine.label();
    for Row {
        test,
        direction: dir,
        figures,
        q,
        t,
    } in rows(r)
    {
        // No I/O in the window: empty cells, not zeros that read as
        // figures.
        let figures = figures.map_or_else(
            || ",,,".to_string(),
            |f| {
                format!(
                    "{:.3},{:.1},{:.2},{:.2}",
                    f.mbps, f.iops, f.mean_us, f.p99_us
                )
            },
        );
        // Writing to a String cannot fail.
        let _ = writeln!(
            out,
            "{},{dir},{figures},{q},{t},{}",
            field(&test),
            field(&engine)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::report::{Format, Report, fixtures};

    fn rendered(format: Format) -> String {
        let settings = fixtures::settings();
        let output = fixtures::output(&settings);
        let (target, host) = (fixtures::target(), fixtures::host());
        Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        }
        .render(format)
    }

    #[test]
    fn snapshot_and_parse_with_the_csv_crate() {
        let got = rendered(Format::Csv);
        let want = include_str!("snapshots/default_mix.csv");
        if got != want {
            let _ = std::fs::write(
                concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/src/report/snapshots/default_mix.csv.new"
                ),
                &got,
            );
        }
        assert_eq!(got, want);
        let mut r = csv::Reader::from_reader(got.as_bytes());
        let headers: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
        assert_eq!(headers, super::COLUMNS);
        let rows: Vec<csv::StringRecord> = r.records().map(|x| x.unwrap()).collect();
        assert_eq!(rows.len(), 12);
        assert_eq!(&rows[0][0], "SEQ1M Q8T1");
        assert_eq!(&rows[0][1], "read");
        assert_eq!(&rows[8][1], "mix70");
        let mbps: f64 = rows[0][2].parse().unwrap();
        assert!((mbps - 210.764).abs() < 1e-3);
        assert_eq!((&rows[2][6], &rows[2][7]), ("1", "32"));
        assert_eq!(&rows[0][8], "psync (native)");
    }

    #[test]
    fn fields_with_commas_are_quoted() {
        assert_eq!(super::field("a,b"), "\"a,b\"");
        assert_eq!(super::field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(super::field("plain"), "plain");
    }

    #[test]
    fn markdown_snapshot() {
        let got = rendered(Format::Markdown);
        // The date is local time of a fixed instant; the version moves.
        let got = got.replace(env!("CARGO_PKG_VERSION"), "VERSION");
        let want = include_str!("snapshots/default_mix.md");
        if got != want {
            let _ = std::fs::write(
                concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/src/report/snapshots/default_mix.md.new"
                ),
                &got,
            );
        }
        assert_eq!(got, want);
        assert_eq!(got.lines().filter(|l| l.starts_with("| ")).count(), 13);
    }

    #[test]
    fn formats_from_extensions() {
        use std::path::Path;
        assert_eq!(Format::from_path(Path::new("r.csv")), Format::Csv);
        assert_eq!(Format::from_path(Path::new("r.MD")), Format::Markdown);
        assert_eq!(Format::from_path(Path::new("r.json")), Format::Json);
        assert_eq!(Format::from_path(Path::new("r.txt")), Format::Text);
        assert_eq!(Format::from_path(Path::new("r")), Format::Text);
    }
}
