//! The drive's temperature on a chart (docs/measurement.md#temperature): a
//! second axis beside a test's throughput over time, from the readings
//! its samples carry in the model.

use crate::report::model::{Direction, Run, Test};
use crate::target::thermal::ThermalTrack;
use std::fmt::Write;

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

/// The readings of a test's loops, their windows one after the other.
fn track(test: &Test) -> ThermalTrack {
    let mut track = ThermalTrack::default();
    let mut offset = 0.0;
    for l in &test.loops {
        for s in &l.samples {
            if let Some(c) = s.temp_c {
                track.record(offset + s.t_s, c);
            }
        }
        offset += l.window_ns.unwrap_or(0) as f64 / 1e9;
    }
    track
}

/// The temperature of test `name` on a second axis of its throughput
/// plot: a dashed line per direction (in `colors`, read, write, mix), the
/// axis' range at the right edge, the warning threshold dotted where it
/// falls in the range. Nothing without a sensor or a reading.
pub fn overlay(
    out: &mut String,
    run: &Run,
    sections: &[Direction],
    name: &str,
    frame: &Frame,
    colors: &[&str; 3],
) {
    // A test has a temperature only when the drive has a sensor, which
    // every test's names with its thresholds.
    let Some(sensor) = run.tests.iter().find_map(|t| t.temperature.as_ref()) else {
        return;
    };
    let lines: Vec<(usize, ThermalTrack)> = sections
        .iter()
        .filter_map(|d| {
            let test = run.tests_of(*d).find(|x| x.name == name)?;
            let track = track(test);
            (!track.points().is_empty()).then_some((super::color_index(*d), track))
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
    if let Some(w) = sensor.warning_c
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
