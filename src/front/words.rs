//! The words the TUI and the window both say about a run, in the
//! front-end's language (docs/i18n.md): a direction, a phase, a profile,
//! a mode's progress. The CLI's own lines (`progress::modes`) stay
//! English.

use crate::fl;
use crate::i18n::{num, number};
use crate::run::{FillStep, Phase, SpanStep};
use crate::workload::{Direction, Profile};

/// A direction, as the grid's column headings name it.
pub fn direction(d: Direction) -> String {
    match d {
        Direction::Read => fl!("read"),
        Direction::Write => fl!("write"),
        Direction::Mix { .. } => fl!("mix"),
    }
}

/// A loop's phase.
pub fn phase(p: Phase) -> String {
    match p {
        Phase::Warmup => fl!("phase-warmup"),
        Phase::Measure => fl!("phase-measure"),
        Phase::Drain => fl!("phase-drain"),
    }
}

/// A profile's name (the reports keep [`Profile::display_name`], in
/// English).
pub fn profile(p: Profile) -> String {
    match p {
        Profile::Default => fl!("profile-default"),
        Profile::Nvme => fl!("profile-nvme"),
        Profile::Peak => fl!("profile-peak"),
        Profile::PeakNvme => fl!("profile-peak-nvme"),
        Profile::Real => fl!("profile-real"),
        Profile::Demo => fl!("profile-demo"),
        Profile::Custom => fl!("profile-custom"),
    }
}

/// A sustained write's step: written of total, the rate, the time left.
pub fn fill_line(p: &FillStep) -> String {
    let (done, total) = (num(p.written as f64 / 1e9, 2), num(p.total as f64 / 1e9, 2));
    let rate = p.mbps.map_or_else(|| "---".to_string(), |r| number(r, 2));
    let left = p.left.map_or_else(
        || fl!("tui-left-unknown"),
        |l| fl!("time-left", clock = crate::progress::modes::left_label(l)),
    );
    fl!(
        "tui-fill-line",
        done = done,
        total = total,
        rate = rate,
        left = left
    )
}

/// A device map's step: filling its file, a sample, a random read.
pub fn span_line(p: &SpanStep) -> String {
    match *p {
        SpanStep::Fill { done, total } => fl!(
            "span-filling",
            done = num(done as f64 / 1e9, 2),
            total = num(total as f64 / 1e9, 2)
        ),
        SpanStep::Samples { done, total, mbps } => fl!(
            "span-sample",
            done = done,
            total = total,
            rate = mbps.map_or_else(|| "---".to_string(), |r| number(r, 2))
        ),
        SpanStep::Access { done, total } => fl!("span-access", done = done, total = total),
    }
}
