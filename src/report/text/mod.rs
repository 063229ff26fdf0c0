//! The text report: KDiskMark's layout, line by line as
//! docs/report.md#the-text-report says, read from the typed model only
//! ([`crate::report::model::Run`]), so a run just measured and a result
//! file read back print alike. The grid's sections are here; the footer's
//! set-up and target lines are [`footer`]'s, and each mode has its own
//! section: [`hosts`], [`qos`], [`span`], [`sustained`], [`steady`] and
//! [`thermal`]'s footer lines.

mod footer;
pub mod hosts;
pub mod qos;
pub mod span;
pub mod steady;
pub mod sustained;
pub mod thermal;

use super::escape::escape;
use super::model::{Direction, Pattern, Run, Test};
use crate::units::block_report_parts;
use std::fmt::Write;

/// Width of header and result lines.
const WIDTH: usize = 80;

/// One result line, right-justified to 80 columns:
/// `Sequential   1 MiB (Q=  8, T= 1):  1234.567 MB/s [   1177.4 IOPS] <  6789.01 us>`.
pub fn result_line(
    pattern: Pattern,
    block_size: u64,
    q: u32,
    t: u32,
    mbps: f64,
    iops: f64,
    lat_us: f64,
) -> String {
    let (n, unit) = block_report_parts(block_size);
    let line = format!(
        "{} {n:>3} {unit} (Q={q:>3}, T={t:>2}): {mbps:>9.3} MB/s [ {iops:>8.1} IOPS] < {lat_us:>8.2} us>",
        pattern.long()
    );
    format!("{line:>WIDTH$}")
}

/// The result line of a window in which no I/O completed: the test, and
/// in place of its figures the reason there are none.
pub fn empty_line(pattern: Pattern, block_size: u64, q: u32, t: u32) -> String {
    let (n, unit) = block_report_parts(block_size);
    let line = format!(
        "{} {n:>3} {unit} (Q={q:>3}, T={t:>2}): {}",
        pattern.long(),
        crate::stats::NO_IO
    );
    format!("{line:>WIDTH$}")
}

/// The section title of a direction (Mix with the run's read share).
fn section_title(d: Direction, read_pct: u8) -> String {
    match d {
        Direction::Read => "[Read]".into(),
        Direction::Write => "[Write]".into(),
        Direction::Mix => {
            format!(
                "[Mix] Read {read_pct}%/Write {}%",
                100u8.saturating_sub(read_pct)
            )
        }
    }
}

/// Renders the whole report.
pub fn render(run: &Run) -> String {
    let mut out = String::new();
    header(&mut out, run);
    for d in run.sections() {
        section(&mut out, run, d);
    }
    hosts::text(&mut out, run);
    if let Some(q) = &run.qos {
        qos::text(&mut out, q);
    }
    let _ = writeln!(out);
    match &run.sustained {
        None if run.span.is_some() => span::text(&mut out, run),
        Some(fill) => {
            sustained::section(&mut out, fill);
            let _ = writeln!(out);
            sustained::setup(&mut out, run);
        }
        None => footer::setup(&mut out, run),
    }
    footer::target(&mut out, run);
    thermal::text(&mut out, run);
    for (i, note) in run.notes.iter().enumerate() {
        let label = if i == 0 { "  Notes: " } else { "         " };
        let _ = writeln!(out, "{label}{}", escape(note));
    }
    out
}

/// The program, the engine and the units.
fn header(out: &mut String, run: &Run) {
    let version = &run.tool.version;
    let head = match option_env!("CARGO_PKG_REPOSITORY").filter(|u| !u.is_empty()) {
        Some(url) => format!("diskmark ({version}): {url}"),
        None => format!("diskmark ({version})"),
    };
    let engine_line = escape(&run.engine.header()).into_owned();
    // Writing to a String cannot fail.
    let _ = writeln!(out, "{head:>WIDTH$}");
    let _ = writeln!(out, "{engine_line:>WIDTH$}");
    let _ = writeln!(out, "{}", "-".repeat(WIDTH));
    let _ = writeln!(
        out,
        "* MB/s = 1,000,000 bytes/s [SATA/600 = 600,000,000 bytes/s]"
    );
    let _ = writeln!(out, "* KB = 1000 bytes, KiB = 1024 bytes");
}

/// One direction's title and result lines.
fn section(out: &mut String, run: &Run, d: Direction) {
    let _ = writeln!(out);
    let _ = writeln!(out, "{}", section_title(d, run.settings.mix_read_pct));
    for test in run.tests_of(d) {
        let _ = writeln!(out, "{}", test_line(test));
        if run.settings.details == Some(true)
            && let Some(d) = details_line(test)
        {
            let _ = writeln!(out, "{d}");
        }
        if let Some(o) = &test.steady_state {
            let _ = writeln!(out, "{}", steady::line(o));
        }
    }
}

/// A test's result line: the test as it ran and its figures, or why it
/// has none.
fn test_line(test: &Test) -> String {
    let total = &test.result.total;
    let (p, bs, a) = (test.pattern, test.block_size, test.applied);
    match (total.mbps, total.iops) {
        (Some(mbps), Some(iops)) => {
            let lat = total.lat_us.as_ref().and_then(|l| l.mean).unwrap_or(0.0);
            result_line(p, bs, a.q, a.t, mbps, iops, lat)
        }
        _ => empty_line(p, bs, a.q, a.t),
    }
}

/// Under `--details`, how much the loops disagree, right-justified under
/// the result line: `±1.2 % MB/s  ±1.2 % IOPS  ±1.5 % us  (95 % CI of the
/// mean of 5 loops)`. `None` for fewer than two loops with figures.
pub fn details_line(test: &Test) -> Option<String> {
    let s = &test.across_loops;
    s.mbps.filter(|m| m.ci95_pct.is_some())?;
    // The spread is over the loops with figures (docs/measurement.md#repeatability).
    let n = test.loops.iter().filter(|l| l.total.mbps.is_some()).count();
    // IOPS and latency have figures in the same loops as MB/s, so they
    // have an interval too; "?" only guards a file-less impossibility.
    let pct = |x: Option<crate::report::model::Spread>| match x.and_then(|x| x.ci95_pct) {
        Some(p) => format!("±{p:.1} %"),
        None => "±? %".into(),
    };
    let line = format!(
        "{} MB/s  {} IOPS  {} us  (95 % CI of the mean of {n} loops)",
        pct(s.mbps),
        pct(s.iops),
        pct(s.mean_lat_us)
    );
    Some(format!("{line:>WIDTH$}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::model::Run;
    use crate::report::{Report, fixtures};
    use crate::units::KIB;

    /// The result lines of the KDiskMark psync report in docs/report.md#kdiskmark-for-comparison, character
    /// for character, from its own numbers.
    #[test]
    fn kdiskmark_psync_report_lines() {
        let seq = |t, mbps, iops, lat| result_line(Pattern::Seq, 256 * KIB, 1, t, mbps, iops, lat);
        let rnd = |t, mbps, iops, lat| result_line(Pattern::Rnd, 4 * KIB, 1, t, mbps, iops, lat);
        let cases = [
            (
                seq(8, 366.051, 1429.9, 5579.44),
                "Sequential 256 KiB (Q=  1, T= 8):   366.051 MB/s [   1429.9 IOPS] <  5579.44 us>",
            ),
            (
                seq(1, 280.601, 1096.1, 900.84),
                "Sequential 256 KiB (Q=  1, T= 1):   280.601 MB/s [   1096.1 IOPS] <   900.84 us>",
            ),
            (
                rnd(32, 121.741, 30435.3, 1098.53),
                "    Random   4 KiB (Q=  1, T=32):   121.741 MB/s [  30435.3 IOPS] <  1098.53 us>",
            ),
            (
                rnd(1, 20.925, 5231.4, 184.37),
                "    Random   4 KiB (Q=  1, T= 1):    20.925 MB/s [   5231.4 IOPS] <   184.37 us>",
            ),
            (
                seq(8, 431.819, 1686.8, 4596.36),
                "Sequential 256 KiB (Q=  1, T= 8):   431.819 MB/s [   1686.8 IOPS] <  4596.36 us>",
            ),
            (
                rnd(32, 127.548, 31887.0, 978.16),
                "    Random   4 KiB (Q=  1, T=32):   127.548 MB/s [  31887.0 IOPS] <   978.16 us>",
            ),
            (
                seq(8, 146.000, 570.3, 8120.33),
                "Sequential 256 KiB (Q=  1, T= 8):   146.000 MB/s [    570.3 IOPS] <  8120.33 us>",
            ),
            (
                rnd(1, 12.601, 3150.3, 176.14),
                "    Random   4 KiB (Q=  1, T= 1):    12.601 MB/s [   3150.3 IOPS] <   176.14 us>",
            ),
        ];
        for (got, want) in cases {
            assert_eq!(got, want);
            assert_eq!(got.len(), 80);
        }
    }

    #[test]
    fn wide_numbers_widen_the_line_instead_of_being_cut() {
        let l = result_line(Pattern::Seq, 1 << 20, 8, 1, 123_456_789.0, 1e9, 1e8);
        assert!(l.contains("123456789.000 MB/s"), "{l}");
        assert!(l.contains("1000000000.0 IOPS"), "{l}");
        assert!(l.len() > 80);
        let l = result_line(Pattern::Rnd, 512, 1, 1, 1.0, 2.0, 3.0);
        assert!(l.contains("Random 512 B (Q="), "{l}");
    }

    #[test]
    fn a_random_line_takes_a_wider_number_from_its_margin() {
        // tmpfs gives RND4K Q1T32 a million IOPS: the line stays 80 wide.
        let l = result_line(Pattern::Rnd, 4096, 1, 32, 4374.323, 1_067_950.0, 27.09);
        assert_eq!(
            l,
            "   Random   4 KiB (Q=  1, T=32):  4374.323 MB/s [ 1067950.0 IOPS] <    27.09 us>"
        );
    }

    #[test]
    fn snapshot_of_a_fixed_run() {
        let settings = fixtures::settings();
        let output = fixtures::output(&settings);
        let target = fixtures::target();
        let host = fixtures::host();
        let report = Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        };
        let got = render(&Run::build(&report)).replace(env!("CARGO_PKG_VERSION"), "VERSION");
        insta::assert_snapshot!("default_mix_txt", got);
    }

    // The fixture's first test has 1000 and 1010 I/Os in its two equal
    // windows: t(1) = 12.706, so the half-width is 12.706 × 10 / 2010 =
    // 6.32 % of the mean, for MB/s and IOPS alike.
    #[test]
    fn details_show_the_confidence_interval_under_each_test() {
        let mut choices = fixtures::settings().into_choices();
        let plain = render_with(choices.clone());
        assert!(!plain.contains("95 % CI"), "{plain}");
        choices.details = true;
        let text = render_with(choices);
        let lines: Vec<&str> = text.lines().collect();
        let first = lines
            .iter()
            .position(|l| l.contains("(Q=  1, T= 8)"))
            .unwrap();
        let d = lines[first + 1];
        assert!(d.contains("±6.3 % MB/s  ±6.3 % IOPS"), "{d}");
        assert!(d.ends_with("(95 % CI of the mean of 2 loops)"), "{d}");
        assert_eq!(d.chars().count(), 80, "{d}");
        let tests = lines.iter().filter(|l| l.contains(" IOPS] <")).count();
        let details = lines.iter().filter(|l| l.contains("95 % CI")).count();
        assert_eq!(details, tests);
    }

    fn render_with(choices: crate::config::Choices) -> String {
        let settings = crate::config::Settings::validate(choices).unwrap();
        let output = fixtures::output(&settings);
        let (target, host) = (fixtures::target(), fixtures::host());
        render(&Run::build(&Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        }))
    }

    #[test]
    fn interrupted_runs_say_so_and_show_only_finished_tests() {
        let settings = fixtures::settings();
        let mut output = fixtures::output(&settings);
        output.tests.truncate(3);
        output.interrupted = Some(crate::run::StopReason::Signal(libc::SIGINT));
        let (target, host) = (fixtures::target(), fixtures::host());
        let text = render(&Run::build(&Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        }));
        assert!(text.contains("[Read]"));
        assert!(!text.contains("[Write]"));
        assert!(!text.contains("[Mix]"));
        assert_eq!(text.matches(" MB/s [").count(), 3);
        assert!(text.contains("interrupted by SIGINT: only the tests that finished are shown"));
    }
}
