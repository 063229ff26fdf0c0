//! CSV: one row per test and direction (or per loop, `--csv-loops`), each
//! carrying its run's identity, with stable column names
//! (docs/report.md#csv).

use super::rows::Row;
use crate::report::model;
use std::fmt::Write;

/// The header row; the column names and their order are part of the
/// interface (docs/report.md#csv). The first nine are the columns of
/// earlier versions, in the same places.
pub const COLUMNS: [&str; 21] = [
    "test",
    "direction",
    "mbps",
    "iops",
    "mean_us",
    "p99_us",
    "applied_q",
    "applied_t",
    "engine",
    "read_pct",
    "loop",
    "label",
    "date",
    "hostname",
    "target",
    "device_model",
    "filesystem",
    "profile",
    "size_bytes",
    "direct",
    "loop_stat",
];

/// A field as RFC 4180 writes it: quoted when it holds a comma, a quote
/// or a line break, its quotes doubled.
pub fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// A text field (a label, a path, a model, a name): a spreadsheet runs a
/// cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return
/// as a formula, so such a field gets a leading `'` (OWASP's advice), which
/// a spreadsheet shows as text. Every character a terminal would act on
/// but a line break is written as an escape ([`crate::report::escape`]), as the
/// text report does; the field is then quoted as [`field`] does.
pub fn text_field(s: &str) -> String {
    let safe: Vec<String> = s.split('\n').map(crate::report::escape::escaped).collect();
    let safe = safe.join("\n");
    if safe.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        field(&format!("'{safe}"))
    } else {
        field(&safe)
    }
}

/// What every row of a run repeats: which run, machine, target and
/// settings it belongs to (the columns from `label` to `loop_stat`).
struct Identity {
    /// The columns, rendered and joined.
    cells: String,
    /// The `engine` column: how reports name the engine.
    engine: String,
}

impl Identity {
    fn of(run: &model::Run) -> Identity {
        let model = run.target.device.as_ref().and_then(|d| d.model.as_deref());
        let s = &run.settings;
        let loop_stat = s.loop_stat.name();
        let cells = [
            text_field(run.label.as_deref().unwrap_or("")),
            field(&run.date),
            text_field(run.host.hostname.as_deref().unwrap_or("")),
            text_field(&run.target.path.to_string_lossy()),
            text_field(model.unwrap_or("")),
            text_field(&run.target.fs_type),
            text_field(&s.profile),
            s.size_bytes.to_string(),
            s.direct.to_string(),
            loop_stat.to_string(),
        ];
        Identity {
            cells: cells.join(","),
            engine: text_field(&run.engine.label),
        }
    }
}

/// Which rows a CSV has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rows {
    /// One per test and direction, with its figures under the run's loop
    /// statistic (`loop` empty).
    Tests,
    /// One per loop of each test and direction (`--csv-loops`).
    Loops,
}

/// Renders the CSV of a run; a run on many hosts has a `host` column more
/// (docs/report.md#many-hosts).
pub fn render_run(run: &model::Run, rows: Rows) -> String {
    let many = run.tests.iter().any(|t| !t.hosts.is_empty());
    let id = Identity::of(run);
    let mut out = COLUMNS.join(",");
    out.push_str(if many { ",host\n" } else { "\n" });
    for t in &run.tests {
        let host = many.then_some("all");
        add_rows(&mut out, &id, t, &t.result, &t.loops, rows, host);
        for h in t.hosts.iter().filter(|_| many) {
            add_rows(&mut out, &id, t, &h.result, &h.loops, rows, Some(&h.host));
        }
    }
    out
}

/// The rows of one test (or one host's part of it): its `result`, or
/// each of its `loops`.
fn add_rows(
    out: &mut String,
    id: &Identity,
    t: &model::Test,
    result: &model::Loop,
    loops: &[model::Loop],
    rows: Rows,
    host: Option<&str>,
) {
    match rows {
        Rows::Tests => add_row(out, id, t, result, None, host),
        Rows::Loops => {
            for (i, l) in loops.iter().enumerate() {
                let index = l.index.unwrap_or(i as u64);
                add_row(out, id, t, l, Some(index), host);
            }
        }
    }
}

/// One row: loop `l` of test `t` (its result when `index` is `None`).
fn add_row(
    out: &mut String,
    id: &Identity,
    t: &model::Test,
    l: &model::Loop,
    index: Option<u64>,
    host: Option<&str>,
) {
    let row = Row::of_loop(t, l);
    // No I/O in the window: empty cells, not zeros that read as figures;
    // a latency not recorded is an empty cell too.
    let cell =
        |v: Option<f64>, decimals: usize| v.map_or(String::new(), |v| format!("{v:.decimals$}"));
    let (direction, read_pct) = match (t.direction, t.read_pct) {
        (Some(model::Direction::Read), _) => ("read", Some(100)),
        (Some(model::Direction::Write), _) => ("write", Some(0)),
        (Some(model::Direction::Mix), p) => ("mix", p),
        (None, _) => ("?", None),
    };
    // Writing to a String cannot fail.
    let _ = write!(
        out,
        "{},{direction},{},{},{},{},{},{},{},{},{},{}",
        text_field(&row.test),
        cell(row.mbps, 3),
        cell(row.iops, 1),
        cell(row.mean_us, 2),
        cell(row.p99_us, 2),
        row.q,
        row.t,
        id.engine,
        read_pct.map_or(String::new(), |p| p.to_string()),
        index.map_or(String::new(), |i| i.to_string()),
        id.cells,
    );
    if let Some(h) = host {
        let _ = write!(out, ",{}", text_field(h));
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::{COLUMNS, Rows, render_run};
    use crate::host::HostInfo;
    use crate::report::{Format, Report, fixtures, model};

    /// The fixture run, with a label and a host name.
    fn run() -> model::Run {
        let mut choices = (*fixtures::settings()).clone();
        choices.label = Some("nightly, \"sda\"".into());
        let settings = crate::config::Settings::validate(choices).unwrap();
        let output = fixtures::output(&settings);
        let (target, host) = (fixtures::target(), fixtures::host());
        let host = HostInfo {
            hostname: Some("bench1".into()),
            ..host
        };
        crate::report::model::Run::build(&Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        })
    }

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

    fn records(text: &str) -> Vec<csv::StringRecord> {
        let mut r = csv::Reader::from_reader(text.as_bytes());
        let headers: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
        assert_eq!(headers, COLUMNS);
        r.records().map(|x| x.unwrap()).collect()
    }

    /// The value of column `name` in `row`.
    fn col<'a>(row: &'a csv::StringRecord, name: &str) -> &'a str {
        &row[COLUMNS.iter().position(|c| *c == name).unwrap()]
    }

    #[test]
    fn the_header_is_pinned() {
        insta::assert_snapshot!("csv_header", COLUMNS.join(","));
    }

    #[test]
    fn snapshot_and_parse_with_the_csv_crate() {
        let run = run();
        let got = render_run(&run, Rows::Tests);
        insta::assert_snapshot!("default_mix_csv", got);
        let rows = records(&got);
        assert_eq!(rows.len(), 12);
        assert_eq!(&rows[0][0], "SEQ1M Q8T1");
        assert_eq!(col(&rows[0], "direction"), "read");
        assert_eq!(col(&rows[0], "read_pct"), "100");
        assert_eq!(col(&rows[4], "direction"), "write");
        assert_eq!(col(&rows[4], "read_pct"), "0");
        assert_eq!(col(&rows[8], "direction"), "mix");
        assert_eq!(col(&rows[8], "read_pct"), "70");
        let mbps: f64 = rows[0][2].parse().unwrap();
        assert!((mbps - run.tests[0].result.total.mbps.unwrap()).abs() < 1e-3);
        assert_eq!((&rows[2][6], &rows[2][7]), ("1", "32"));
        assert_eq!(col(&rows[0], "engine"), "psync (native)");
        for row in &rows {
            assert_eq!(col(row, "label"), "nightly, \"sda\"");
            assert_eq!(col(row, "hostname"), "bench1");
            assert_eq!(col(row, "target"), "/var/tmp");
            assert_eq!(col(row, "device_model"), "Virtio Disk");
            assert_eq!(col(row, "filesystem"), "ext4");
            assert_eq!(col(row, "profile"), "default");
            assert_eq!(col(row, "size_bytes"), "1073741824");
            assert_eq!(col(row, "direct"), "true");
            assert_eq!(col(row, "loop_stat"), "mean");
            assert_eq!(col(row, "loop"), "");
            assert_eq!(col(row, "date"), run.date);
        }
    }

    #[test]
    fn csv_loops_gives_one_row_per_loop_with_its_own_figures() {
        let run = run();
        let rows = records(&render_run(&run, Rows::Loops));
        assert_eq!(rows.len(), 24);
        for (i, row) in rows.iter().enumerate() {
            let l = &run.tests[i / 2].loops[i % 2];
            assert_eq!(col(row, "loop"), (i % 2).to_string());
            assert_eq!(col(row, "mbps"), format!("{:.3}", l.total.mbps.unwrap()));
            assert_eq!(col(row, "iops"), format!("{:.1}", l.total.iops.unwrap()));
        }
        // The loops differ: a row per loop, not the result repeated.
        assert_ne!(col(&rows[0], "mbps"), col(&rows[1], "mbps"));
    }

    #[test]
    fn hostile_text_round_trips_and_never_starts_a_formula() {
        let mut run = run();
        let label = "=HYPERLINK(\"x\"),a";
        let path = "/var/tmp/a,b\"c\nd";
        let model = "@SUM(A1)\r\n";
        run.label = Some(label.into());
        run.target.path = path.into();
        run.target.device.as_mut().unwrap().model = Some(model.into());
        run.host.hostname = Some("-h\u{1b}[2J".into());
        let text = render_run(&run, Rows::Tests);
        let rows = records(&text);
        assert_eq!(rows.len(), 12);
        // A leading ' before a formula character is the only change; the
        // escape sequence is shown, not sent.
        let plain = |s: &str| s.strip_prefix('\'').unwrap_or(s).to_string();
        for row in &rows {
            assert_eq!(col(row, "label"), format!("'{label}"));
            assert_eq!(plain(col(row, "label")), label);
            assert_eq!(col(row, "target"), path);
            assert_eq!(plain(col(row, "device_model")), "@SUM(A1)\\x0d\n");
            assert_eq!(col(row, "hostname"), "'-h\\x1b[2J");
        }
        assert!(!text.contains('\u{1b}'));
    }

    #[test]
    fn a_window_without_io_has_empty_cells() {
        let mut run = run();
        run.tests[0].result.total.no_io = true;
        let rows = records(&render_run(&run, Rows::Tests));
        for c in ["mbps", "iops", "mean_us", "p99_us"] {
            assert_eq!(col(&rows[0], c), "", "{c}");
        }
        assert_ne!(col(&rows[1], "mbps"), "");
    }

    #[test]
    fn fields_with_commas_are_quoted() {
        assert_eq!(super::field("a,b"), "\"a,b\"");
        assert_eq!(super::field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(super::field("plain"), "plain");
        assert_eq!(super::text_field("=1+2"), "'=1+2");
        assert_eq!(super::text_field("+1,2"), "\"'+1,2\"");
        assert_eq!(super::text_field("a=b"), "a=b");
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
        assert_eq!(Format::from_path(Path::new("r.prom")), Format::OpenMetrics);
        assert_eq!(Format::from_path(Path::new("r")), Format::Text);
    }
}
