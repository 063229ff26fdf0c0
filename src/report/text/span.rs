//! A span map in the text report (docs/report.md#span): its section and
//! its set-up lines, from the model's `span` object. Its chart is
//! [`crate::report::draw::span`].

use crate::report::escape::escape;
use crate::report::model::{Run, Span};
use crate::stats::span::REGION_SHARE;
use crate::units::human_bytes;
use std::fmt::Write;

/// A position on the device: `12.345 GB`.
pub fn gb(bytes: u64) -> String {
    format!("{:.3} GB", bytes as f64 / 1e9)
}

/// The section: speeds, the slowest region, the access times, or why
/// there are none.
pub fn section(out: &mut String, s: &Span) {
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
    match (s.min_mbps, s.mean_mbps, s.max_mbps, &s.slowest) {
        (Some(min), Some(mean), Some(max), Some(r)) => {
            // A map that stopped early: its figures are over what it
            // measured, and say so (docs/measurement.md#span).
            let over = measured_part(s);
            let _ = writeln!(
                out,
                "       Speed: min {min:.2} / avg {mean:.2} / max {max:.2} MB/s{}",
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
fn measured_part(s: &Span) -> Option<String> {
    let (first, last) = (s.samples.first()?, s.samples.last()?);
    // Fewer samples than planned: a stop or a failed read.
    ((s.samples.len() as u64) < s.samples_planned).then(|| {
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
fn access(out: &mut String, s: &Span) {
    if s.access_planned == 0 {
        return;
    }
    let _ = match &s.access_us {
        Some(a) => writeln!(
            out,
            "      Access: min {:.1} / p50 {:.1} / p99 {:.1} / max {:.1} us, mean {:.1} us ({} random {} reads at Q1)",
            a.min,
            a.p50,
            a.p99,
            a.max,
            a.mean,
            a.count,
            human_bytes(s.access_block)
        ),
        None => writeln!(out, "      Access: {}", crate::stats::NO_IO),
    };
}

/// The span's section and set-up lines, in place of a run's.
pub fn text(out: &mut String, run: &Run) {
    if let Some(s) = &run.span {
        section(out, s);
        let _ = writeln!(out);
    }
    setup(out, run);
}

/// The set-up lines of a span map, in place of a run's (it has no loops,
/// no measure window, no interval).
pub fn setup(out: &mut String, run: &Run) {
    let _ = writeln!(out, " Engine: {}", escape(&run.engine.label));
    let mode = match run.target.is_device() {
        true => "O_DIRECT, read-only",
        false => "O_DIRECT reads, of a test file filled once with random data",
    };
    let _ = writeln!(out, "   Mode: {mode}");
    super::footer::when_and_where(out, run);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;

    fn fixture() -> Span {
        crate::report::model::build::modes::span(&fixtures::span())
    }

    #[test]
    fn the_section_says_the_speeds_the_slowest_region_and_the_access_times() {
        let mut text = String::new();
        section(&mut text, &fixture());
        insta::assert_snapshot!(text);
    }

    #[test]
    fn without_samples_there_is_no_figure() {
        let mut f = fixtures::span();
        f.samples.clear();
        f.access = None;
        f.ended_early = Some("reading /dev/x failed".into());
        let m = crate::report::model::build::modes::span(&f);
        let mut text = String::new();
        section(&mut text, &m);
        assert!(text.contains("Speed: no I/O completed"), "{text}");
        assert!(!text.contains("MB/s"), "{text}");
        assert!(text.contains("Samples: 0 of 20 measured"), "{text}");
        assert!(text.contains("Ended: reading /dev/x failed"), "{text}");
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
}
