//! `--qos` in the text report (docs/report.md#latency-under-load): the
//! reads alone and under a background writer, and the writer's
//! throughput, from the model's `qos` object.

use crate::report::model::{Qos, QosReads};
use std::fmt::Write;

/// The text report's section: the reads alone and under load, and the
/// writer's throughput.
pub fn text(out: &mut String, m: &Qos) {
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "[Latency under load] {} reads, background writer {}",
        crate::report::escape::escape(&m.reads),
        crate::report::escape::escape(&m.writer)
    );
    for (label, r) in [("alone", &m.unloaded), ("under load", &m.loaded)] {
        let _ = writeln!(out, "{}", reads_line(label, r));
    }
    let writer = match m.writer_mbps {
        Some(v) => format!("{v:.3} MB/s"),
        None => crate::stats::NO_IO.into(),
    };
    let _ = writeln!(out, "{:>12}: {writer}", "writer");
}

/// `       alone: p50    12.34 us  p99    45.67 us  p99.9   123.45 us [ 12345.6 IOPS]`.
fn reads_line(label: &str, r: &QosReads) -> String {
    let (Some(p50), Some(p99), Some(p999), Some(iops)) = (r.p50_us, r.p99_us, r.p999_us, r.iops)
    else {
        return format!("{label:>12}: {}", crate::stats::NO_IO);
    };
    format!(
        "{label:>12}: p50 {p50:>9.2} us  p99 {p99:>9.2} us  p99.9 {p999:>9.2} us [ {iops:>8.1} IOPS]"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;
    use crate::stats::LoopResult;

    #[test]
    fn the_section_says_alone_under_load_and_the_writer() {
        let mut q = fixtures::qos();
        q.loaded = LoopResult::empty(1_000_000_000);
        let mut out = String::new();
        text(&mut out, &crate::report::model::build::modes::qos(&q));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[1],
            "[Latency under load] RND4K Q1T1 reads, background writer SEQ1M Q1T8"
        );
        assert!(lines[2].starts_with("       alone: p50 "), "{out}");
        assert!(lines[2].ends_with("[   1000.0 IOPS]"), "{out}");
        assert_eq!(lines[3], "  under load: no I/O completed in the window");
        assert_eq!(lines[4], "      writer: 50.000 MB/s");
    }
}
