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
        differ("O_DIRECT", a.direct.clone(), b.direct.clone());
        differ("size", a.size.clone(), b.size.clone());
        differ("data", a.data.clone(), b.data.clone());
        differ("profile", a.profile.clone(), b.profile.clone());
        differ("tests", a.tests.clone(), b.tests.clone());
        differ("mode", a.mode.clone(), b.mode.clone());
        if let (Some(x), Some(y)) = (&a.mix_read, &b.mix_read) {
            differ("Mix read share", x.clone(), y.clone());
        }
        differ("loop statistic", a.loop_stat.clone(), b.loop_stat.clone());
        // An unknown model on both sides is no difference that can be
        // named; unknown against a known one is.
        if a.device.is_some() || b.device.is_some() {
            differ("device", model(&a.device), model(&b.device));
        }
        // Applied Q/T, per test both runs have: an engine that adapts a
        // test (a synchronous one runs Q32T1 as Q1T32) measures another.
        for k in keys(std::slice::from_ref(base)) {
            // Q0 or T0: a file that does not record what was applied.
            if let (Some(x), Some(y)) = (find(base, &k), find(r, &k))
                && x.q > 0
                && x.t > 0
                && y.q > 0
                && y.t > 0
            {
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn run(settings: serde_json::Value, model: Option<&str>) -> RunSummary {
        let v = json!({"schema_version": 1, "tool": {"name": "diskmark"}, "date": "d",
            "target": {"path": "/t", "device": model.map(|m| json!({"model": m}))},
            "engine": {"label": "io_uring (native)"}, "settings": settings,
            "tests": [{"name": "SEQ1M Q8T1", "direction": "read", "applied": {"q": 8, "t": 1},
                "result": {"total": {"mbps": 1.0, "iops": 1.0}}}]});
        crate::compare::from_json("x.json", &v.to_string()).unwrap()
    }

    #[test]
    fn each_setting_is_named_when_it_differs() {
        let base = json!({"profile": "default", "tests": ["SEQ1M Q8T1"], "mode": "rw",
            "size_bytes": 1u64 << 30, "data": "random", "direct": true, "loop_stat": "mean"});
        let a = run(base.clone(), Some("Samsung SSD 980"));
        assert!(differences(&[a.clone(), a.clone()]).is_empty());
        let cases = [
            ("size_bytes", json!(64u64 << 20), "size: 1 GiB → 64 MiB"),
            ("data", json!("zeros"), "data: random → zeros"),
            ("profile", json!("peak"), "profile: default → peak"),
            (
                "tests",
                json!(["RND4K Q1T1"]),
                "tests: SEQ1M Q8T1 → RND4K Q1T1",
            ),
            ("mode", json!("read"), "mode: rw → read"),
            ("loop_stat", json!("best"), "loop statistic: mean → best"),
        ];
        for (field, value, line) in cases {
            let mut s = base.clone();
            s[field] = value;
            let d = differences(&[a.clone(), run(s, Some("Samsung SSD 980"))]);
            assert_eq!(d.len(), 1, "{field}: {d:?}");
            assert_eq!(
                caution_block(&d).lines().nth(1).unwrap(),
                format!("  [2] {line}")
            );
        }
        let other = run(base.clone(), Some("WD Blue"));
        let d = differences(&[a.clone(), other]);
        assert_eq!(
            (d[0].first.as_str(), d[0].this.as_str()),
            ("Samsung SSD 980", "WD Blue")
        );
        // Unknown on both sides is no difference; against a model it is.
        let (u1, u2) = (run(base.clone(), None), run(base.clone(), None));
        assert!(differences(&[u1.clone(), u2]).is_empty());
        assert_eq!(differences(&[u1, a.clone()])[0].setting, "device");
        let mut mix = base.clone();
        mix["mix"] = json!(true);
        mix["mix_read_pct"] = json!(70);
        let mut mix60 = mix.clone();
        mix60["mix_read_pct"] = json!(60);
        let d = differences(&[run(mix, Some("m")), run(mix60, Some("m"))]);
        assert_eq!(
            caution_block(&d).lines().nth(1).unwrap(),
            "  [2] Mix read share: 70% → 60%"
        );
        assert_eq!(differing_names(&d), "Mix read share");
        // A file that does not record a setting says so, not the
        // model's default.
        let mut old = base.clone();
        old.as_object_mut().unwrap().remove("size_bytes");
        old.as_object_mut().unwrap().remove("direct");
        let d = differences(&[run(old, Some("m")), run(base, Some("m"))]);
        assert!(
            d.iter()
                .any(|d| d.setting == "size" && d.first == "unknown"),
            "{d:?}"
        );
    }
}
