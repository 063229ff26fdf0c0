//! CrystalDiskMark's meter: a logarithmic bar over six decades, as KDiskMark
//! draws it (`16.666 · log10(MB/s · 10)`, and `100 − 16.666 · log10(µs)` when
//! latency is shown).

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

#[cfg(test)]
mod tests {
    use super::*;

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
