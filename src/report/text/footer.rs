//! The text report's footer (docs/report.md#footer): a run's set-up lines
//! (profile, engine, mode, test size, date, OS) and where it ran (the
//! target with its space and drive, the filesystem).

use crate::report::escape::escape;
use crate::report::model::{Cache, REMOTE, Run};
use crate::units::{file_size_label, seconds_label, usage_unit};
use std::fmt::Write;
use std::time::Duration;

/// Seconds as the report prints them ([`seconds_label`]), from the
/// model's f64 seconds: whole nanoseconds, as the settings held them.
pub fn seconds(s: f64) -> String {
    // Saturating: a file's negative or absurd value prints as 0 or huge,
    // never panics.
    seconds_label(Duration::from_nanos((s * 1e9).round() as u64))
}

/// Profile, engine, mode, test size, date and OS.
pub fn setup(out: &mut String, run: &Run) {
    let s = &run.settings;
    let mix = if s.mix { " [+Mix]" } else { "" };
    let _ = writeln!(out, "Profile: {}{mix}", escape(&s.profile_name()));
    let _ = writeln!(out, " Engine: {}", escape(&run.engine.label));
    let cache = match s.cache {
        Cache::Kept => "kept",
        Cache::DroppedAll => "dropped (drop_caches)",
        Cache::Dropped => "dropped",
    };
    let _ = writeln!(
        out,
        "   Mode: {}{}, {} data, cache {cache}, warm-up {}, loops {}",
        if s.direct { "O_DIRECT" } else { "buffered" },
        if s.dsync { ", O_DSYNC" } else { "" },
        s.data.name(),
        seconds(s.warmup_s),
        s.loop_stat.name()
    );
    // A raw device's tested region may be smaller than --size.
    let tested = if run.test_file.size > 0 {
        run.test_file.size
    } else {
        s.size_bytes
    };
    let count = match &s.steady_state {
        Some(g) => format!(
            "rounds to steady state {}, at most {}",
            escape(&g.goal),
            g.max_rounds
        ),
        None => format!("x{}", s.loops),
    };
    let _ = writeln!(
        out,
        "   Test: {} ({count}) [Measure: {} / Interval: {}]",
        file_size_label(tested),
        seconds(s.measure_s),
        seconds(s.interval_s)
    );
    when_and_where(out, run);
}

/// The date and OS lines, the last of every mode's set-up.
pub fn when_and_where(out: &mut String, run: &Run) {
    let _ = writeln!(out, "   Date: {}", escape(&run.started_at()));
    let _ = writeln!(out, "     OS: {}", escape(&run.host.os_line()));
}

/// Where it ran: the target with its space and drive, the filesystem.
pub fn target(out: &mut String, run: &Run) {
    let t = &run.target;
    let (div, unit) = usage_unit(t.usage.total_bytes);
    // The model and the link: `[Kingston SKC600MS · SATA 6 Gb/s]`.
    let drive = t
        .drive()
        .map(|m| format!(" [{}]", escape(&m)))
        .unwrap_or_default();
    let target_path = escape(&t.path.display().to_string()).into_owned();
    if t.fs_type == REMOTE {
        // On many hosts: no space this machine could have measured.
        let _ = writeln!(out, " Target: {target_path} on every host");
    } else if t.is_device() {
        let _ = writeln!(
            out,
            " Target: {target_path} ({:.2} {unit} device){drive}",
            t.usage.total_bytes as f64 / div,
        );
    } else {
        // The one wording of usage (the target's own).
        let usage = crate::target::Usage {
            total: t.usage.total_bytes,
            used: t.usage.used_bytes,
            available: t.usage.available_bytes,
        };
        let _ = writeln!(out, " Target: {target_path} {}{drive}", usage.text());
    }
    let device = t
        .source
        .clone()
        .or_else(|| t.device.as_ref().map(|d| d.name.clone()))
        .unwrap_or_else(|| "unknown".into());
    let raw = if t.is_device() { ", raw device" } else { "" };
    let _ = writeln!(
        out,
        "     FS: {} on {}{raw}",
        escape(&t.fs_type),
        escape(&device)
    );
}
