//! A chart's axes: CrystalDiskMark's meter, a logarithmic bar over six
//! decades as KDiskMark draws it (`16.666 · log10(MB/s · 10)`, and
//! `100 − 16.666 · log10(µs)` when latency is shown), which the TUI and the
//! window draw too; and the ticks that make a scale readable
//! (docs/report.md#images): the meter's decades, and round steps on a
//! linear axis (compare's MB/s, the time axes).

/// Bar length in percent (0..=100) for a throughput of `mbps` MB/s: 0.1 MB/s
/// and below is empty, 100 000 MB/s full, each decade a sixth.
pub fn throughput_bar(mbps: f64) -> f64 {
    // NaN and everything at or below 0.1 MB/s: an empty bar.
    if mbps.is_nan() || mbps <= 0.1 {
        return 0.0;
    }
    (100.0 / 6.0 * (mbps * 10.0).log10()).clamp(0.0, 100.0)
}

/// Bar length in percent for a latency of `us` µs: shorter is better, 1 µs
/// full, 1 s empty.
pub fn latency_bar(us: f64) -> f64 {
    if us.is_nan() || us <= 1e-10 {
        return 0.0;
    }
    (100.0 - 100.0 / 6.0 * us.log10()).clamp(0.0, 100.0)
}

/// One labelled tick.
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    /// Where it is, in the axis's own unit (MB/s, seconds).
    pub value: f64,
    /// Where it is along the axis, 0..=1.
    pub at: f64,
    /// What it says.
    pub label: String,
}

/// The decades of the meter, 0.1 to 100 000 MB/s, each at its place on the
/// bar ([`throughput_bar`]).
pub fn meter() -> Vec<Tick> {
    (-1..=5)
        .map(|e| {
            let value = 10f64.powi(e);
            Tick {
                value,
                at: throughput_bar(value) / 100.0,
                label: if e < 0 {
                    format!("{value:.1}")
                } else {
                    format!("{value:.0}")
                },
            }
        })
        .collect()
}

/// A round step (1, 2 or 5 times a power of ten) that cuts `max` into
/// about `parts` parts.
fn step(max: f64, parts: u32) -> f64 {
    let raw = max / f64::from(parts.max(1));
    let decade = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * decade)
        .find(|s| *s >= raw * 0.999)
        .unwrap_or(10.0 * decade)
}

/// The decimals a tick label needs at `step`.
fn decimals(step: f64) -> usize {
    if step >= 1.0 {
        0
    } else {
        (-step.log10()).ceil().max(0.0) as usize
    }
}

/// Ticks from 0 on a linear axis that ends at the first round number at or
/// above `max`, returned with that end: the axis is drawn to it, so that
/// the top tick is labelled.
pub fn linear_to_round(max: f64, parts: u32) -> (Vec<Tick>, f64) {
    if !max.is_finite() || max <= 0.0 {
        return (Vec::new(), 1.0);
    }
    let s = step(max, parts);
    let n = (max / s - 1e-9).ceil().max(1.0) as u32;
    let end = f64::from(n) * s;
    (ticks(s, n, end), end)
}

/// Ticks from 0 on a linear axis that ends at `max` itself (a time axis
/// ends where the measurement did): round values at or below it.
pub fn linear_within(max: f64, parts: u32) -> Vec<Tick> {
    if !max.is_finite() || max <= 0.0 {
        return Vec::new();
    }
    let s = step(max, parts);
    let n = (max / s + 1e-9).floor() as u32;
    ticks(s, n, max)
}

/// `0, s, 2s … ns` on an axis from 0 to `end`.
fn ticks(s: f64, n: u32, end: f64) -> Vec<Tick> {
    let d = decimals(s);
    (0..=n)
        .map(|i| {
            let value = f64::from(i) * s;
            Tick {
                value,
                at: value / end,
                label: format!("{value:.d$}"),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(t: &[Tick]) -> Vec<&str> {
        t.iter().map(|t| t.label.as_str()).collect()
    }

    #[test]
    fn the_meter_has_its_decades_at_sixths() {
        let m = meter();
        assert_eq!(
            labels(&m),
            ["0.1", "1", "10", "100", "1000", "10000", "100000"]
        );
        for (i, t) in m.iter().enumerate() {
            assert!((t.at - i as f64 / 6.0).abs() < 1e-9, "{t:?}");
        }
    }

    #[test]
    fn linear_axes_step_in_round_numbers() {
        let (t, end) = linear_to_round(3456.0, 5);
        assert_eq!(end, 4000.0);
        assert_eq!(labels(&t), ["0", "1000", "2000", "3000", "4000"]);
        assert_eq!(t.last().unwrap().at, 1.0);
        let (t, end) = linear_to_round(0.37, 4);
        assert_eq!(end, 0.4);
        assert_eq!(labels(&t), ["0.0", "0.1", "0.2", "0.3", "0.4"]);
        assert_eq!(linear_to_round(0.0, 5).0, Vec::new());
        let t = linear_within(5.3, 5);
        assert_eq!(labels(&t), ["0", "2", "4"]);
        assert!((t[2].at - 4.0 / 5.3).abs() < 1e-9);
        let t = linear_within(10.0, 5);
        assert_eq!(labels(&t), ["0", "2", "4", "6", "8", "10"]);
        assert_eq!(t[5].at, 1.0);
        let t = linear_within(0.6, 5);
        assert_eq!(labels(&t), ["0.0", "0.2", "0.4", "0.6"]);
        assert!(linear_within(f64::NAN, 5).is_empty());
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn kdiskmark_formula_at_known_values() {
        // 16.666666666666 · log10(score · 10), KDiskMark's mainwindow.cpp.
        for (mbps, pct) in [
            (0.1, 0.0),
            (1.0, 100.0 / 6.0),
            (10.0, 200.0 / 6.0),
            (100.0, 50.0),
            (550.0, 16.666666666666 * 5500f64.log10()),
            (3500.0, 16.666666666666 * 35000f64.log10()),
            (100_000.0, 100.0),
        ] {
            assert!(
                (throughput_bar(mbps) - pct).abs() < 1e-6,
                "{mbps}: {}",
                throughput_bar(mbps)
            );
        }
        assert_eq!(throughput_bar(0.0), 0.0);
        assert_eq!(throughput_bar(f64::NAN), 0.0);
        assert_eq!(throughput_bar(1e9), 100.0);
        assert!(close(latency_bar(1.0), 100.0));
        assert!(close(latency_bar(1000.0), 50.0));
        assert!(close(latency_bar(1e6), 0.0));
        assert_eq!(latency_bar(1e9), 0.0);
        assert_eq!(latency_bar(0.0), 0.0);
    }
}
