//! The settings a comparison depends on: what compare checks before it
//! shows figures, and the differences it lists in its caution block
//! (docs/report.md#compare).

use super::summary::{RunSummary, find, keys};

/// One setting in which a run differs from the first.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Difference {
    /// The run that differs, from 1 (the first is 1, so never 1).
    pub run: usize,
    /// The setting (`engine`, `O_DIRECT`, `applied Q/T of RND4K Q32T1 read`).
    pub setting: String,
    /// Its value in the first run.
    pub first: String,
    /// Its value in this run.
    pub this: String,
}

/// The settings in which each run differs from the first, in the order
/// docs/report.md#compare lists them.
pub fn differences(runs: &[RunSummary]) -> Vec<Difference> {
    let Some(base) = runs.first() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, r) in runs.iter().enumerate().skip(1) {
        let mut differ = |setting: &str, first: String, this: String| {
            if first != this {
                out.push(Difference {
                    run: i + 1,
                    setting: setting.into(),
                    first,
                    this,
                });
            }
        };
        let (a, b) = (&base.settings, &r.settings);
        differ("engine", a.engine.clone(), b.engine.clone());
        differ("O_DIRECT", on_off(a.direct), on_off(b.direct));
        differ(
            "size",
            crate::units::file_size_label(a.size_bytes),
            crate::units::file_size_label(b.size_bytes),
        );
        differ("data", a.data.clone(), b.data.clone());
        differ("profile", a.profile.clone(), b.profile.clone());
        differ("tests", a.tests.join(", "), b.tests.join(", "));
        differ("loop statistic", a.loop_stat.clone(), b.loop_stat.clone());
        // An unknown model on both sides is no difference that can be
        // named; unknown against a known one is.
        if a.device.is_some() || b.device.is_some() {
            differ("device", model(&a.device), model(&b.device));
        }
        // Applied Q/T, per test both runs have: an engine that adapts a
        // test (a synchronous one runs Q32T1 as Q1T32) measures another.
        for k in keys(std::slice::from_ref(base)) {
            if let (Some(x), Some(y)) = (find(base, &k), find(r, &k)) {
                differ(
                    &format!("applied Q/T of {} {}", k.0, k.1),
                    format!("Q{}T{}", x.q, x.t),
                    format!("Q{}T{}", y.q, y.t),
                );
            }
        }
    }
    out
}

fn on_off(direct: bool) -> String {
    if direct { "on" } else { "off (buffered)" }.into()
}

fn model(m: &Option<String>) -> String {
    m.clone().unwrap_or_else(|| "unknown".into())
}

/// The caution block: one line per difference, before the figures;
/// empty when the runs' settings agree.
pub fn caution_block(diffs: &[Difference]) -> String {
    if diffs.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "caution: these runs differ in settings that change the figures (against [1]):\n",
    );
    for d in diffs {
        out.push_str(&format!(
            "  [{}] {}: {} → {}\n",
            d.run, d.setting, d.first, d.this
        ));
    }
    out
}

/// The names of the differing settings, each once, for `--same-settings`'
/// refusal.
pub fn differing_names(diffs: &[Difference]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for d in diffs {
        let name = if d.setting.starts_with("applied Q/T") {
            "applied Q/T"
        } else {
            d.setting.as_str()
        };
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names.join(", ")
}
