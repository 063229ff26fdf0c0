//! A span map in the reports (docs/report.md#span): its text section, its
//! set-up lines and its model (the JSON's `span` object). Its chart is
//! [`super::span_chart`].

use super::escape::escape;
use super::model;
use super::source::Report;
use crate::stats::span::{REGION_SHARE, SpanResult};
use crate::units::human_bytes;
use std::fmt::Write;

/// The JSON's `span` object.
pub fn model(s: &SpanResult) -> model::Span {
    let speeds = s.speeds();
    model::Span {
        device_bytes: s.device_bytes,
        test_file: s.test_file,
        sample_size: s.sample_size,
        sample_test: s.sample_test.clone(),
        engine: s.engine.clone(),
        samples_planned: s.samples_planned as u64,
        samples: (s.samples.iter())
            .map(|p| model::SpanSample {
                offset: p.offset,
                bytes: p.bytes,
                mbps: p.mbps(),
            })
            .collect(),
        min_mbps: speeds.map(|v| v.min),
        mean_mbps: speeds.map(|v| v.mean),
        max_mbps: speeds.map(|v| v.max),
        slowest: s.slowest().map(|r| model::SpanRegion {
            start: r.start,
            end: r.end,
            mbps: r.mbps,
            samples: r.samples as u64,
        }),
        access_planned: s.access_planned,
        access_block: s.access_block,
        access_us: s.access.map(|a| model::AccessUs {
            count: a.count,
            min: a.min_us,
            mean: a.mean_us,
            p50: a.p50_us,
            p99: a.p99_us,
            max: a.max_us,
        }),
        ended_early: s.ended_early.clone(),
    }
}

/// A position on the device: `12.345 GB`.
pub fn gb(bytes: u64) -> String {
    format!("{:.3} GB", bytes as f64 / 1e9)
}

/// The section: speeds, the slowest region, the access times, or why
/// there are none.
pub fn section(out: &mut String, s: &SpanResult) {
    let what = if s.test_file { "test file" } else { "device" };
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "[Span] {} {what} ({} bytes), {} samples of {} ({})",
        human_bytes(s.device_bytes),
        s.device_bytes,
        s.samples_planned,
        human_bytes(s.sample_size),
        escape(&s.sample_test)
    );
    match (s.speeds(), s.slowest()) {
        (Some(v), Some(r)) => {
            // A map that stopped early: its figures are over what it
            // measured, and say so (docs/measurement.md#span).
            let over = measured_part(s);
            let _ = writeln!(
                out,
                "       Speed: min {:.2} / avg {:.2} / max {:.2} MB/s{}",
                v.min,
                v.mean,
                v.max,
                over.as_deref().map_or(String::new(), |o| format!(" {o}"))
            );
            let share = REGION_SHARE * 100.0;
            let of = if over.is_some() {
                format!("{share:.0} % of the {} measured", s.samples.len())
            } else {
                format!("{share:.0} % of the map")
            };
            let how = match r.samples {
                1 => format!("one sample: {of}, at least one"),
                k => format!("the lowest mean of {k} consecutive samples, {of}"),
            };
            let _ = writeln!(
                out,
                "     Slowest: {:.2} MB/s from {} to {} ({how})",
                r.mbps,
                gb(r.start),
                gb(r.end),
            );
        }
        _ => {
            let _ = writeln!(out, "       Speed: {}", crate::stats::NO_IO);
        }
    }
    access(out, s);
    let _ = writeln!(
        out,
        "     Samples: {} of {} measured",
        s.samples.len(),
        s.samples_planned
    );
    if let Some(why) = &s.ended_early {
        let _ = writeln!(out, "       Ended: {}", escape(why));
    }
}

/// For a map that measured fewer samples than it planned, which part its
/// figures cover: "(over the 84 of 2000 samples measured, 0.000 GB to
/// 0.881 GB)"; `None` for a whole map.
fn measured_part(s: &SpanResult) -> Option<String> {
    let (first, last) = (s.samples.first()?, s.samples.last()?);
    s.partial().then(|| {
        format!(
            "(over the {} of {} samples measured, {} to {})",
            s.samples.len(),
            s.samples_planned,
            gb(first.offset),
            gb(last.offset + last.bytes)
        )
    })
}

/// The access-time line.
fn access(out: &mut String, s: &SpanResult) {
    if s.access_planned == 0 {
        return;
    }
    let _ = match &s.access {
        Some(a) => writeln!(
            out,
            "      Access: min {:.1} / p50 {:.1} / p99 {:.1} / max {:.1} us, mean {:.1} us ({} random {} reads at Q1)",
            a.min_us,
            a.p50_us,
            a.p99_us,
            a.max_us,
            a.mean_us,
            a.count,
            human_bytes(s.access_block)
        ),
        None => writeln!(out, "      Access: {}", crate::stats::NO_IO),
    };
}

/// The span's section and set-up lines, in place of a run's.
pub fn text(out: &mut String, r: &Report<'_>) {
    if let Some(s) = &r.output.span {
        section(out, s);
        let _ = writeln!(out);
    }
    setup(out, r);
}

/// The set-up lines of a span map, in place of a run's (it has no loops,
/// no measure window, no interval).
pub fn setup(out: &mut String, r: &Report<'_>) {
    let st = r.settings;
    let _ = writeln!(out, " Engine: {}", st.engine.label());
    let mode = match r.target.is_device() {
        true => "O_DIRECT, read-only",
        false => "O_DIRECT reads, of a test file filled once with random data",
    };
    let _ = writeln!(out, "   Mode: {mode}");
    let _ = writeln!(
        out,
        "   Date: {}",
        r.output.started.format("%Y-%m-%d %H:%M:%S")
    );
    let _ = writeln!(out, "     OS: {}", r.host.os_line());
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::stats::histogram::Histogram;
    use crate::stats::span::{AccessPoint, AccessTimes, SpanSample};

    const MIB: u64 = 1 << 20;

    /// 20 samples of 8 MiB over 1 GiB at 500 MB/s, with a dip to 100 at
    /// the 13th, and 5 access times.
    pub(crate) fn fixture() -> SpanResult {
        let dev = 1024 * MIB;
        let offsets = crate::stats::span::offsets(dev, 8 * MIB, 20, 512);
        let samples = (offsets.iter().enumerate())
            .map(|(i, &offset)| {
                let mbps = if i == 12 { 100.0 } else { 500.0 };
                SpanSample {
                    offset,
                    bytes: 8 * MIB,
                    elapsed_ns: (8.0 * MIB as f64 / (mbps * 1e6) * 1e9) as u64,
                }
            })
            .collect();
        let mut h = Histogram::new();
        let ns = [80_000u64, 90_000, 100_000, 120_000, 400_000];
        ns.iter().for_each(|&v| h.record(v));
        SpanResult {
            device_bytes: dev,
            test_file: false,
            sample_size: 8 * MIB,
            sample_test: "SEQ1M Q8T1".into(),
            engine: "io_uring".into(),
            samples_planned: 20,
            samples,
            access_planned: 5,
            access_block: 4096,
            access: AccessTimes::of(&h, 80_000, 400_000, ns.iter().sum()),
            access_points: (ns.iter().enumerate())
                .map(|(i, &v)| AccessPoint {
                    offset: i as u64 * 200 * MIB,
                    us: v as f64 / 1e3,
                })
                .collect(),
            ended_early: None,
        }
    }

    #[test]
    fn the_section_says_the_speeds_the_slowest_region_and_the_access_times() {
        let mut text = String::new();
        section(&mut text, &fixture());
        insta::assert_snapshot!(text);
    }

    #[test]
    fn without_samples_there_is_no_figure() {
        let mut f = fixture();
        f.samples.clear();
        f.access = None;
        f.ended_early = Some("reading /dev/x failed".into());
        let mut text = String::new();
        section(&mut text, &f);
        assert!(text.contains("Speed: no I/O completed"), "{text}");
        assert!(!text.contains("MB/s"), "{text}");
        assert!(text.contains("Samples: 0 of 20 measured"), "{text}");
        assert!(text.contains("Ended: reading /dev/x failed"), "{text}");
        let m = model(&f);
        assert_eq!((m.min_mbps, m.slowest, m.access_us), (None, None, None));
    }

    #[test]
    fn a_map_stopped_early_words_every_figure_over_what_it_measured() {
        let mut f = fixture();
        f.samples_planned = 2000;
        let mut text = String::new();
        section(&mut text, &f);
        assert!(
            text.contains("MB/s (over the 20 of 2000 samples measured, 0.000 GB to 1.074 GB)"),
            "{text}"
        );
        assert!(
            text.contains("(one sample: 5 % of the 20 measured, at least one)"),
            "{text}"
        );
        assert!(!text.contains("of the map"), "{text}");
        assert!(text.contains("Samples: 20 of 2000 measured"), "{text}");
    }

    #[test]
    fn the_json_has_the_issue_s_shape() {
        let v = serde_json::to_value(model(&fixture())).unwrap();
        assert_eq!(v["device_bytes"], 1024 * MIB);
        let samples = v["samples"].as_array().unwrap();
        assert_eq!(samples.len(), 20);
        assert_eq!(samples[0]["offset"], 0);
        assert_eq!(
            samples[19]["offset"].as_u64().unwrap() + 8 * MIB,
            1024 * MIB
        );
        for s in samples {
            let keys: Vec<&String> = s.as_object().unwrap().keys().collect();
            assert_eq!(keys, ["bytes", "mbps", "offset"]);
        }
        let a = v["access_us"].as_object().unwrap();
        for k in ["min", "p50", "p99", "max"] {
            assert!(a[k].as_f64().unwrap() > 0.0, "{k}");
        }
        assert_eq!(v["access_us"]["min"], 80.0);
        assert_eq!(v["access_us"]["max"], 400.0);
        assert!(v.get("ended_early").is_none());
        assert_eq!(v["slowest"]["samples"], 1);
    }
}
