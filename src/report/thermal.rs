//! The drive's temperature in the reports (docs/measurement.md#temperature,
//! docs/report.md#footer): per test its lowest and highest reading in
//! the JSON and the text footer, and on the charts a second axis beside the
//! throughput over time. Only numbers read from the sensor are shown; the
//! sensor's name is one of two fixed words, never text from sysfs.

use super::model;
use super::source::Report;
use crate::run::TestResult;
use crate::run::thermal_sampler::test_throttling;
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
/// the range. Nothing without a reading.
pub fn overlay(
    out: &mut String,
    r: &Report<'_>,
    sections: &[Direction],
    t: &TestSpec,
    frame: &Frame,
    colors: &[&str; 3],
) {
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
    if let Some(w) = r.target.sensor().and_then(|s| s.warning_c())
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
