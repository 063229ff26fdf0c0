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
