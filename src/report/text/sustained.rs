//! A sustained write in the text report (docs/report.md#sustained-write):
//! its section and set-up lines, from the model's `sustained` object. Its
//! chart is [`crate::report::draw::sustained`].

use crate::report::escape::escape;
use crate::report::model::{Run, Sustained};
use crate::stats::sustained::median;
use crate::units::human_bytes;
use std::fmt::Write;

/// `12.35 GB (11.50 GiB)`.
fn gb(bytes: u64) -> String {
    format!("{:.2} GB ({})", bytes as f64 / 1e9, human_bytes(bytes))
}

/// The median of the samples' p99 over `range`, µs.
fn p99_median(s: &Sustained, range: std::ops::Range<usize>) -> Option<f64> {
    let v: Vec<f64> = s.series[range].iter().filter_map(|p| p.p99_us).collect();
    median(&v)
}

/// The section: the figures of the fill, or why there are none.
pub fn section(out: &mut String, s: &Sustained) {
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "[Sustained write] {}, {} planned",
        escape(&s.test),
        gb(s.planned_bytes)
    );
    if s.series.is_empty() {
        let _ = writeln!(out, "  {}", crate::stats::NO_IO);
        return;
    }
    let rate = |v: Option<f64>| v.map_or_else(|| "-".to_string(), |r| format!("{r:.2} MB/s"));
    let knee_at = (s.knee_s)
        .map(|t| s.series.partition_point(|p| p.seconds <= t))
        .unwrap_or(s.series.len());
    // Without a knee the whole fill ran at one speed: its median.
    let label = if s.knee_found { "Cached" } else { "Median" };
    let _ = writeln!(out, "      {label}: {}", rate(s.cached_mbps));
    match s.cache_bytes {
        Some(bytes) => {
            let _ = writeln!(
                out,
                "  Cache size: {} written before the knee, at {:.1} s",
                gb(bytes),
                s.knee_s.unwrap_or(0.0)
            );
            let _ = writeln!(out, "  Post-cache: {}", rate(s.post_cache_mbps));
            knees(out, s);
        }
        None => {
            let _ = writeln!(
                out,
                "        Knee: no cache exhaustion in {}",
                human_bytes(s.bytes_written)
            );
        }
    }
    let _ = writeln!(
        out,
        "     Average: {} over {} in {:.1} s",
        rate(s.average_mbps),
        gb(s.bytes_written),
        s.elapsed_s
    );
    details(out, s, knee_at);
}

/// Every knee on a line of its own, where there are several (a cache in
/// stages): where, the speeds on both sides and how clear it is.
fn knees(out: &mut String, s: &Sustained) {
    if s.knees.len() < 2 {
        return;
    }
    for (i, k) in s.knees.iter().enumerate() {
        let _ = writeln!(
            out,
            "      Knee {}: {} at {:.1} s, {:.2} MB/s before, {:.2} MB/s after (clarity {:.0})",
            i + 1,
            gb(k.bytes),
            k.seconds,
            k.before_mbps,
            k.after_mbps,
            k.clarity
        );
    }
}

/// The section's latency, recoveries and samples.
fn details(out: &mut String, s: &Sustained, knee_at: usize) {
    let p99 = |v: Option<f64>| v.map_or_else(|| "-".to_string(), |u| format!("{u:.0} us"));
    let _ = match s.knee_found {
        true => writeln!(
            out,
            " p99 latency: {} before the knee, {} after (median of the samples' p99)",
            p99(p99_median(s, 0..knee_at)),
            p99(p99_median(s, knee_at..s.series.len()))
        ),
        false => writeln!(
            out,
            " p99 latency: {} (median of the samples' p99)",
            p99(p99_median(s, 0..s.series.len()))
        ),
    };
    for (i, r) in s.recoveries.iter().enumerate() {
        let label = if i == 0 {
            "  Recoveries:"
        } else {
            "             "
        };
        let _ = writeln!(
            out,
            "{label} at {:.1} s ({:.2} GB written): {:.2} MB/s for {:.1} s",
            r.seconds,
            r.bytes_written as f64 / 1e9,
            r.mbps,
            r.lasted_s
        );
    }
    let _ = writeln!(
        out,
        "     Samples: {} (every {:.2} s)",
        s.series.len(),
        s.sample_interval_s
    );
    if let Some(why) = &s.ended_early {
        let _ = writeln!(out, "       Ended: {}", escape(why));
    }
}

/// The set-up lines of a sustained write, in place of a run's (it has no
/// loops, no measure window, no interval).
pub fn setup(out: &mut String, run: &Run) {
    let st = &run.settings;
    let _ = writeln!(out, " Engine: {}", escape(&run.engine.label));
    let _ = writeln!(
        out,
        "   Mode: {}{}, {} data, one file growing from empty",
        if st.direct { "O_DIRECT" } else { "buffered" },
        if st.dsync { ", O_DSYNC" } else { "" },
        st.data.name(),
    );
    super::footer::when_and_where(out, run);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;
    use crate::report::model::build::modes;

    #[test]
    fn the_section_says_the_knee_both_speeds_and_the_recovery() {
        let mut text = String::new();
        section(&mut text, &modes::sustained(&fixtures::fill()));
        for want in [
            "[Sustained write] SEQ1M Q8T1",
            "      Cached: 400.00 MB/s",
            "  Cache size: 2.00 GB (1.86 GiB) written before the knee, at 5.0 s",
            "  Post-cache: 100.00 MB/s",
            " p99 latency: 9000 us before the knee, 80000 us after",
            "  Recoveries: at 10.0 s (2.50 GB written): 390.00 MB/s for 1.5 s",
            "     Samples: 28 (every 0.50 s)",
        ] {
            assert!(text.contains(want), "{want:?} in\n{text}");
        }
    }

    #[test]
    fn without_a_knee_it_says_no_cache_exhaustion() {
        let mut text = String::new();
        section(&mut text, &modes::sustained(&fixtures::fill_without_knee()));
        assert!(text.contains("      Median: 400.00 MB/s"), "{text}");
        assert!(text.contains("no cache exhaustion in 1.49 GiB"), "{text}");
    }
}
