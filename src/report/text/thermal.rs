//! The drive's temperature in the text report's footer
//! (docs/measurement.md#temperature, docs/report.md#footer): the sensor
//! and its thresholds, then each test's lowest and highest reading, from
//! the model's per-test `temperature`. Only numbers read from the sensor
//! are shown; the sensor's name is one of two fixed words.

use crate::report::escape::escape;
use crate::report::model::{Direction, Run, Temperature, Test};
use std::fmt::Write;

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
pub fn text(out: &mut String, run: &Run) {
    let temps: Vec<(&Test, &Temperature)> = (run.tests.iter())
        .filter_map(|t| Some((t, t.temperature.as_ref()?)))
        .collect();
    // Every test's temperature names the one sensor of the run's drive.
    let Some((_, sensor)) = temps.first() else {
        return;
    };
    let mut head = format!("drive sensor ({})", escape(&sensor.sensor));
    if let Some(w) = sensor.warning_c {
        let _ = write!(head, ", warning {}", celsius(w));
    }
    if let Some(c) = sensor.critical_c {
        let _ = write!(head, ", critical {}", celsius(c));
    }
    let _ = writeln!(out, "   Temp: {head}");
    for (t, temp) in &temps {
        let (lo, hi) = (temp.min_c, temp.max_c);
        let range = if celsius(lo) == celsius(hi) {
            celsius(lo)
        } else {
            format!("{}–{}", celsius(lo), celsius(hi))
        };
        let direction = t.direction.map_or("?", Direction::name);
        let _ = writeln!(out, "         {} {direction}: {range}", escape(&t.name));
    }
}

#[cfg(test)]
mod tests {
    use crate::report::model::{self, Run};
    use crate::report::{Report, fixtures};

    #[test]
    fn text_json_and_chart_show_the_readings() {
        let (output, target, _dir) = fixtures::hot_run();
        let (settings, host) = (fixtures::settings(), fixtures::host());
        let r = Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        };
        let run = Run::build(&r);
        let mut text = String::new();
        super::text(&mut text, &run);
        let name = format!(
            "{} {}",
            output.tests[0].plan.requested,
            output.tests[0].direction.name()
        );
        assert_eq!(
            text,
            format!("   Temp: drive sensor (nvme), warning 70 °C\n         {name}: 60 °C–72 °C\n")
        );
        assert!(run.tests[0].temperature.is_some());
        assert!(run.tests[1..].iter().all(|t| t.temperature.is_none()));
        let json = run.to_json();
        assert_eq!(json.matches("\"temp_c\"").count(), 12);
        let back = model::Run::from_json(&json).unwrap();
        assert_eq!(back.tests[0].temperature, run.tests[0].temperature);
        let svg = crate::report::draw::chart::run_chart(&run);
        assert_eq!(svg.matches(r#"stroke-dasharray="4 3""#).count(), 1);
        // 70 °C falls in the axis' 59–73 °C: the threshold is drawn.
        assert!(svg.contains(r#"stroke-dasharray="1 2""#), "{svg}");
        // The file read back draws and prints the same.
        assert_eq!(crate::report::draw::chart::run_chart(&back), svg);
        // Without a sensor, none of it.
        let plain = fixtures::target();
        let run = Run::build(&Report {
            target: &plain,
            ..r
        });
        let mut text = String::new();
        super::text(&mut text, &run);
        assert_eq!(text, "");
        assert!(!crate::report::draw::chart::run_chart(&run).contains("°C"));
    }
}
