//! The drive's temperature in the reports (docs/measurement.md#temperature,
//! docs/report.md#footer): per test its lowest and highest reading in
//! the JSON and the text footer, and on the charts a second axis beside the
//! throughput over time. Only numbers read from the sensor are shown; the
//! sensor's name is one of two fixed words, never text from sysfs.

use super::model;
use super::source::Report;
use crate::run::TestResult;
use crate::run::thermal_note::test_throttling;
use crate::target::thermal::{Sensor, ThermalTrack};
use crate::workload::{Direction, TestSpec};
use std::fmt::Write;

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
/// without a reading.
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

/// `45` or `45.5`: a reading as the sensor gave it, to 0.1 °C.
fn celsius(c: f64) -> String {
    let r = (c * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{r:.0} °C")
    } else {
        format!("{r:.1} °C")
    }
}

/// The footer's temperature lines, after the target's: the sensor and its
/// thresholds, then each test's range. Nothing without a reading.
pub fn text(out: &mut String, r: &Report<'_>) {
    let Some(sensor) = r.target.sensor() else {
        return;
    };
    let ranges: Vec<String> = r
        .output
        .tests
        .iter()
        .filter_map(|t| {
            let track = track(t);
            let (lo, hi) = (track.min_c()?, track.max_c()?);
            let range = if celsius(lo) == celsius(hi) {
                celsius(lo)
            } else {
                format!("{}–{}", celsius(lo), celsius(hi))
            };
            Some(format!(
                "{} {}: {range}",
                t.plan.requested,
                t.direction.name()
            ))
        })
        .collect();
    if ranges.is_empty() {
        return;
    }
    let mut head = format!("drive sensor ({})", sensor.kind.name());
    if let Some(w) = sensor.warning_c() {
        let _ = write!(head, ", warning {}", celsius(w));
    }
    if let Some(c) = sensor.critical_c() {
        let _ = write!(head, ", critical {}", celsius(c));
    }
    let _ = writeln!(out, "   Temp: {head}");
    for range in ranges {
        let _ = writeln!(out, "         {range}");
    }
}

/// Where a throughput-over-time plot is drawn, and its time axis.
pub struct Frame {
    /// Left edge.
    pub x0: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
    /// Seconds at the right edge.
    pub tmax: f64,
}

/// The temperature of test `t` on a second axis of its throughput plot:
/// a dashed line per direction (in `colors`, read, write, mix), the axis'
/// range at the right edge, the warning threshold dotted where it falls in
/// the range. Nothing without a sensor or a reading.
pub fn overlay(
    out: &mut String,
    r: &Report<'_>,
    sections: &[Direction],
    t: &TestSpec,
    frame: &Frame,
    colors: &[&str; 3],
) {
    let Some(sensor) = r.target.sensor() else {
        return;
    };
    let lines: Vec<(usize, ThermalTrack)> = sections
        .iter()
        .filter_map(|d| {
            let test = r.tests_of(*d).find(|x| x.plan.requested == *t)?;
            let track = track(test);
            (!track.points().is_empty()).then_some((color_index(*d), track))
        })
        .collect();
    let lo = lines.iter().filter_map(|(_, l)| l.min_c()).reduce(f64::min);
    let hi = lines.iter().filter_map(|(_, l)| l.max_c()).reduce(f64::max);
    let (Some(lo), Some(hi)) = (lo, hi) else {
        return;
    };
    if frame.tmax <= 0.0 {
        return;
    }
    // Whole degrees around the readings, at least 4 °C tall, so that a
    // steady temperature is a flat line in the middle rather than noise.
    let (lo, hi) = ((lo - 1.0).floor(), (hi + 1.0).ceil().max(lo.floor() + 4.0));
    let y_of = |c: f64| frame.y + frame.h - (c - lo) / (hi - lo) * (frame.h - 4.0);
    for (color, track) in &lines {
        let poly: Vec<String> = track
            .points()
            .iter()
            .map(|p| {
                let x = frame.x0 + p.t_s.min(frame.tmax) / frame.tmax * frame.w;
                format!("{x:.1},{:.1}", y_of(p.temp_c))
            })
            .collect();
        let _ = writeln!(
            out,
            r#"<polyline fill="none" stroke="{}" stroke-width="1" stroke-dasharray="4 3" points="{}"/>"#,
            colors[*color],
            poly.join(" ")
        );
    }
    let right = frame.x0 + frame.w - 4.0;
    let _ = writeln!(
        out,
        r##"<text x="{right:.1}" y="{:.1}" font-size="10" text-anchor="end" fill="#a33">{hi:.0} °C</text><text x="{right:.1}" y="{:.1}" font-size="10" text-anchor="end" fill="#a33">{lo:.0} °C (dashed: temperature)</text>"##,
        frame.y + 10.0,
        frame.y + frame.h - 4.0
    );
    if let Some(w) = sensor.warning_c()
        && (lo..=hi).contains(&w)
    {
        let _ = writeln!(
            out,
            r##"<line x1="{:.1}" x2="{:.1}" y1="{y:.1}" y2="{y:.1}" stroke="#a33" stroke-dasharray="1 2"/>"##,
            frame.x0,
            frame.x0 + frame.w,
            y = y_of(w)
        );
    }
}

/// Index of a direction in the charts' colours.
fn color_index(d: Direction) -> usize {
    match d {
        Direction::Read => 0,
        Direction::Write => 1,
        Direction::Mix { .. } => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;
    use crate::stats::Sample;

    /// The fixture run, its first test's loops sampled every 100 ms with a
    /// reading every fifth sample: 60 °C and 2000 MB/s, then from sample 15
    /// of each loop 72 °C and 1000 MB/s; and a sensor warning at 70 °C.
    fn hot_run() -> (
        crate::run::RunOutput,
        crate::target::TargetInfo,
        tempfile::TempDir,
    ) {
        let settings = fixtures::settings();
        let mut output = fixtures::output(&settings);
        for l in &mut output.tests[0].loops {
            l.samples = (0..30)
                .map(|i| Sample {
                    t_s: 0.1 * f64::from(i + 1),
                    mbps: if i < 15 { 2000.0 } else { 1000.0 },
                    iops: 0.0,
                    temp_c: (i % 5 == 0).then_some(if i < 15 { 60.0 } else { 72.0 }),
                })
                .collect();
        }
        let dir = tempfile::tempdir().unwrap();
        for (f, v) in [
            ("name", "nvme"),
            ("temp1_input", "60000"),
            ("temp1_max", "70000"),
        ] {
            std::fs::write(dir.path().join(f), v).unwrap();
        }
        let mut target = fixtures::target();
        if let Some(d) = target.device.as_mut() {
            d.disks[0].sensor = Sensor::at(dir.path());
        }
        (output, target, dir)
    }

    #[test]
    fn a_hot_test_reports_its_range_and_the_throttling() {
        let (output, target, _dir) = hot_run();
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

    #[test]
    fn text_json_and_chart_show_the_readings() {
        let (output, target, _dir) = hot_run();
        let (settings, host) = (fixtures::settings(), fixtures::host());
        let r = Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        };
        let mut text = String::new();
        super::text(&mut text, &r);
        let name = format!(
            "{} {}",
            output.tests[0].plan.requested,
            output.tests[0].direction.name()
        );
        assert_eq!(
            text,
            format!("   Temp: drive sensor (nvme), warning 70 °C\n         {name}: 60 °C–72 °C\n")
        );
        let run = crate::report::json::build(&r);
        assert!(run.tests[0].temperature.is_some());
        assert!(run.tests[1..].iter().all(|t| t.temperature.is_none()));
        let json = run.to_json();
        assert_eq!(json.matches("\"temp_c\"").count(), 12);
        let back = model::Run::from_json(&json).unwrap();
        assert_eq!(back.tests[0].temperature, run.tests[0].temperature);
        let svg = crate::report::chart::run_chart(&r);
        assert_eq!(svg.matches(r#"stroke-dasharray="4 3""#).count(), 1);
        // 70 °C falls in the axis' 59–73 °C: the threshold is drawn.
        assert!(svg.contains(r#"stroke-dasharray="1 2""#), "{svg}");
        // Without a sensor, none of it.
        let plain = fixtures::target();
        let r = Report {
            target: &plain,
            ..r
        };
        let mut text = String::new();
        super::text(&mut text, &r);
        assert_eq!(text, "");
        assert!(!crate::report::chart::run_chart(&r).contains("°C"));
    }
}
