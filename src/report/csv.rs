//! CSV: one row per test and direction, with stable column names.

use super::rows::{Row, rows};
use super::source::Report;
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

/// Renders the CSV; a run on many hosts has a `host` column more
/// (docs/report.md#many-hosts).
pub fn render(r: &Report<'_>) -> String {
    let run = super::json::build(r);
    if run.tests.iter().any(|t| !t.hosts.is_empty()) {
        return render_hosts(&run, &r.settings.engine.label());
    }
    render_rows(&rows(&run), &r.settings.engine.label())
}

/// The CSV of some rows, measured with `engine`.
pub fn render_rows(rows: &[Row], engine: &str) -> String {
    let mut out = COLUMNS.join(",");
    out.push('\n');
    for row in rows {
        // No I/O in the window: empty cells, not zeros that read as
        // figures.
        let figures = row.figures().map_or_else(
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
            "{},{},{figures},{},{},{}",
            field(&row.test),
            row.direction,
            row.q,
            row.t,
            field(engine)
        );
    }
    out
}

/// The CSV of a run on many hosts: the local run's columns and `host`,
/// one row for the total over all hosts (`host` = `all`), then one per
/// host, for each test and direction.
pub fn render_hosts(run: &super::model::Run, engine: &str) -> String {
    let mut out = COLUMNS.join(",");
    out.push_str(",host\n");
    for t in &run.tests {
        let mut add = |row: Row, host: &str| {
            let body = render_rows(&[row], engine);
            // The one data row, under the header render_rows writes.
            if let Some(line) = body.lines().nth(1) {
                let _ = writeln!(out, "{line},{}", field(host));
            }
        };
        add(Row::of(t), "all");
        for h in &t.hosts {
            let one = super::model::Test {
                result: h.result.clone(),
                ..t.clone()
            };
            add(Row::of(&one), &h.host);
        }
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
        insta::assert_snapshot!("default_mix_csv", got);
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
        insta::assert_snapshot!("default_mix_md", got);
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
