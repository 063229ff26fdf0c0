//! The model of each mode's own result: `--qos`'s latency under load, a
//! sustained write, a span map, and a test's temperature
//! (docs/report.md#latency-under-load, #sustained-write, #span,
//! docs/measurement.md#temperature).

use crate::report::model;
use crate::run::TestResult;
use crate::run::qos::QosResult;
use crate::run::thermal_note::test_throttling;
use crate::stats::LoopResult;
use crate::stats::span::SpanResult;
use crate::stats::sustained::SustainedResult;
use crate::target::thermal::{Sensor, ThermalTrack};

/// The model's `qos` object.
pub fn qos(q: &QosResult) -> model::Qos {
    let w = q.writer_loop.write.summary(q.writer_loop.window_ns);
    model::Qos {
        reads: q.reads.applied().to_string(),
        writer: q.writer.applied().to_string(),
        unloaded: qos_reads(&q.unloaded),
        loaded: qos_reads(&q.loaded),
        writer_mbps: w.completed().then_some(w.mbps),
    }
}

/// One read window's figures.
fn qos_reads(l: &LoopResult) -> model::QosReads {
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

/// The JSON's `sustained` object.
pub fn sustained(s: &SustainedResult) -> model::Sustained {
    let m = &s.summary;
    model::Sustained {
        test: s.test.clone(),
        knee_found: m.knee_found,
        cache_bytes: m.cache_bytes,
        knee_s: m.knee_seconds,
        cached_mbps: m.cached_mbps,
        post_cache_mbps: m.post_cache_mbps,
        average_mbps: m.average_mbps,
        elapsed_s: m.elapsed_s,
        planned_bytes: s.planned_bytes,
        bytes_written: s.bytes_written,
        sample_interval_s: s.sample_interval_s,
        ended_early: s.ended_early.clone(),
        knees: (m.knees.iter())
            .map(|k| model::SustainedKnee {
                bytes: k.bytes,
                seconds: k.seconds,
                before_mbps: k.before_mbps,
                after_mbps: k.after_mbps,
                clarity: k.clarity,
            })
            .collect(),
        recoveries: (m.recoveries.iter())
            .map(|r| model::Recovery {
                seconds: r.seconds,
                bytes_written: r.bytes_written,
                mbps: r.mbps,
                lasted_s: r.lasted_s,
            })
            .collect(),
        series: (s.series.iter())
            .map(|p| model::SustainedSample {
                seconds: p.seconds,
                bytes_written: p.bytes_written,
                mbps: p.mbps,
                p99_us: p.p99_us,
                temp_c: p.temp_c,
            })
            .collect(),
    }
}

/// The JSON's `span` object.
pub fn span(s: &SpanResult) -> model::Span {
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
        access_points: (s.access_points.iter())
            .map(|p| model::AccessPoint {
                offset: p.offset,
                us: p.us,
            })
            .collect(),
        ended_early: s.ended_early.clone(),
    }
}

/// The readings of a test's loops, their windows one after the other.
fn track(test: &TestResult) -> ThermalTrack {
    let mut track = ThermalTrack::default();
    let mut offset = 0.0;
    for l in &test.loops {
        for s in &l.samples {
            if let Some(c) = s.temp_c {
                track.record(offset + s.t_s, c);
            }
        }
        offset += l.window_ns as f64 / 1e9;
    }
    track
}

/// The temperature of a test for the JSON; `None` without a sensor or
/// without a reading. Only numbers read from the sensor are kept; its
/// name is one of two fixed words, never text from sysfs.
pub fn temperature(test: &TestResult, sensor: Option<&Sensor>) -> Option<model::Temperature> {
    let s = sensor?;
    let track = track(test);
    Some(model::Temperature {
        sensor: s.kind.name().into(),
        min_c: track.min_c()?,
        max_c: track.max_c()?,
        readings: track.points().len() as u64,
        warning_c: s.warning_c(),
        critical_c: s.critical_c(),
        throttling_likely: test_throttling(test, sensor).is_some(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;

    #[test]
    fn the_qos_model_reads_the_merged_histograms() {
        let m = qos(&fixtures::qos());
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
    fn the_sustained_model_has_the_knee_and_every_sample() {
        let m = sustained(&fixtures::fill());
        assert_eq!((m.knee_found, m.cache_bytes), (true, Some(2_000_000_000)));
        assert_eq!(m.series.len(), 28);
        let m = sustained(&fixtures::fill_without_knee());
        assert_eq!((m.knee_found, m.cache_bytes), (false, None));
    }

    #[test]
    fn the_span_json_has_the_issue_s_shape() {
        const MIB: u64 = 1 << 20;
        let v = serde_json::to_value(span(&fixtures::span())).unwrap();
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
        // Every timed read, for the chart.
        let points = v["access_points"].as_array().unwrap();
        assert_eq!(points.len(), 5);
        assert_eq!(
            points[4],
            serde_json::json!({"offset": 800 * MIB, "us": 400.0})
        );
        assert!(v.get("ended_early").is_none());
        assert_eq!(v["slowest"]["samples"], 1);
    }

    #[test]
    fn a_hot_test_reports_its_range_and_the_throttling() {
        let (output, target, _dir) = fixtures::hot_run();
        let sensor = target.sensor();
        assert!(sensor.is_some());
        let t = temperature(&output.tests[0], sensor).unwrap();
        assert_eq!((t.min_c, t.max_c, t.readings), (60.0, 72.0, 12));
        assert_eq!((t.warning_c, t.critical_c), (Some(70.0), None));
        assert!(t.throttling_likely);
        let note = crate::run::thermal_note::throttling_note(&output.tests[0], sensor).unwrap();
        assert!(
            note.ends_with("thermal throttling likely: the drive reached its warning temperature of 70 °C (up to 72 °C) and its throughput fell from 2000 MB/s to 1000 MB/s (medians) while it was there"),
            "{note}"
        );
        // The other tests have no reading: no temperature, no note.
        assert_eq!(temperature(&output.tests[1], sensor), None);
        assert_eq!(
            crate::run::thermal_note::throttling_note(&output.tests[1], sensor),
            None
        );
        // No sensor: nothing, whatever the samples say.
        assert_eq!(temperature(&output.tests[0], None), None);
    }
}
