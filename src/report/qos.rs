//! `--qos` in the reports (docs/report.md#latency-under-load): the model's
//! `qos` object and the text report's section, both from the two read
//! windows' merged histograms.

use super::model;
use crate::run::qos::QosResult;
use crate::stats::LoopResult;
use std::fmt::Write;

/// The model's `qos` object.
pub fn model(q: &QosResult) -> model::Qos {
    let w = q.writer_loop.write.summary(q.writer_loop.window_ns);
    model::Qos {
        reads: q.reads.applied().to_string(),
        writer: q.writer.applied().to_string(),
        unloaded: reads(&q.unloaded),
        loaded: reads(&q.loaded),
        writer_mbps: w.completed().then_some(w.mbps),
    }
}

/// One read window's figures.
fn reads(l: &LoopResult) -> model::QosReads {
    let s = l.read.summary(l.window_ns);
    let at = |p: f64| {
        s.lat
            .as_ref()
            .and_then(|lat| lat.percentiles_us.iter().find(|x| x.0 == p))
            .map(|x| x.1)
    };
    model::QosReads {
        ios: l.read.ios,
        histogram_count: l.read.hist.count(),
        iops: s.completed().then_some(s.iops),
        p50_us: at(50.0),
        p99_us: at(99.0),
        p999_us: at(99.9),
    }
}

/// The text report's section: the reads alone and under load, and the
/// writer's throughput.
pub fn text(out: &mut String, q: &QosResult) {
    let m = model(q);
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "[Latency under load] {} reads, background writer {}",
        m.reads, m.writer
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
fn reads_line(label: &str, r: &model::QosReads) -> String {
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
    use crate::engine::Capabilities;
    use crate::run::qos::{READS, WRITER};

    /// A read window of `lats_us` (one read each) over 1 s.
    fn window(lats_us: &[u64]) -> LoopResult {
        let mut l = LoopResult::empty(1_000_000_000);
        for &us in lats_us {
            l.read.record(us * 1000, 4096);
        }
        l
    }

    fn result() -> QosResult {
        let caps = Capabilities {
            synchronous: true,
            max_depth: 1,
            budget: None,
        };
        let planned = |t| crate::plan::plan(t, "psync", &caps).unwrap();
        let mut writer_loop = LoopResult::empty(2_000_000_000);
        writer_loop.write.record(1_000_000, 100_000_000);
        // 1000 reads alone at 10 µs, under load 990 at 10 µs and 10 at 5 ms.
        let loaded: Vec<u64> = (0..1000).map(|i| if i < 990 { 10 } else { 5000 }).collect();
        QosResult {
            reads: planned(READS),
            writer: planned(WRITER),
            unloaded: window(&[10; 1000]),
            loaded: window(&loaded),
            writer_loop,
        }
    }

    #[test]
    fn the_model_reads_the_merged_histograms() {
        let m = model(&result());
        assert_eq!(
            (m.reads.as_str(), m.writer.as_str()),
            ("RND4K Q1T1", "SEQ1M Q1T8")
        );
        for r in [&m.unloaded, &m.loaded] {
            assert_eq!((r.ios, r.histogram_count), (1000, 1000));
            assert_eq!(r.iops, Some(1000.0));
        }
        let near = |v: Option<f64>, want: f64| (v.unwrap() - want).abs() <= 0.05 * want;
        assert!(near(m.unloaded.p99_us, 10.0), "{:?}", m.unloaded);
        assert!(near(m.loaded.p50_us, 10.0), "{:?}", m.loaded);
        assert!(near(m.loaded.p999_us, 5000.0), "{:?}", m.loaded);
        assert_eq!(m.writer_mbps, Some(50.0));
    }

    #[test]
    fn the_section_says_alone_under_load_and_the_writer() {
        let mut q = result();
        q.loaded = LoopResult::empty(1_000_000_000);
        let mut out = String::new();
        text(&mut out, &q);
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
