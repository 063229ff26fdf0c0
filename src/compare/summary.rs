//! What compare shows of one run, and how runs line up.

use super::noise::Loops;
use crate::report::escape::escaped;
use crate::report::model::Run;
use crate::report::model::{DataKind, LoopStat, Mode};
use crate::report::tables::rows::Row;

/// What compare needs of one run.
#[derive(Debug, Clone, PartialEq)]
pub struct RunSummary {
    /// How the run is named in the table: its `--label` when it has one,
    /// else its file name or `#id`.
    pub label: String,
    /// Where it was read from: the file name or `#id`.
    pub source: String,
    /// When it ran.
    pub date: String,
    /// Where.
    pub target: String,
    /// The device model.
    pub model: String,
    /// The engine label.
    pub engine: String,
    /// Its tests.
    pub rows: Vec<Row>,
    /// The loop spread of each row, in the order of `rows`.
    pub spreads: Vec<RowSpread>,
    /// What its figures depend on, compared before the figures.
    pub settings: RunSettings,
}

/// What of a run's settings makes its figures comparable with another's,
/// each as compare shows it, escaped; `unknown` for what the file does
/// not record (a file written before the setting was).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunSettings {
    /// The engine's label (`io_uring (native)`, `fio (libaio)`).
    pub engine: String,
    /// O_DIRECT: `on`, or `off (buffered)`.
    pub direct: String,
    /// The test file's size (`1 GiB`).
    pub size: String,
    /// What the writes and the pre-fill contain (`random`, `zeros`).
    pub data: String,
    /// The profile's name.
    pub profile: String,
    /// The tests asked for, in the order asked, joined with `, `.
    pub tests: String,
    /// Which sections ran (`rw`, `read`, `write`, `mix`).
    pub mode: String,
    /// The read share of Mix tests (`70%`), when the run had any.
    pub mix_read: Option<String>,
    /// How loops are summarised (`mean`, `best`, `median`).
    pub loop_stat: String,
    /// The device model of the target (the disks' models); `None` when
    /// the file does not say.
    pub device: Option<String>,
}

/// The keys of a result's `settings` that it has: the typed model fills
/// what a file lacks with defaults, which compare must not take for
/// settings the run had.
#[derive(serde::Deserialize)]
struct SettingsKeys {
    #[serde(default)]
    settings: serde_json::Map<String, serde_json::Value>,
}

impl RunSettings {
    /// The settings of `run`, read from `text` (the same result), every
    /// string escaped for the terminal.
    pub fn of(run: &Run, text: &str) -> RunSettings {
        let keys = serde_json::from_str::<SettingsKeys>(text)
            .map(|k| k.settings)
            .unwrap_or_default();
        let recorded = |key: &str, shown: String| {
            if keys.contains_key(key) && !shown.is_empty() {
                shown
            } else {
                "unknown".to_string()
            }
        };
        let s = &run.settings;
        let mixed = s.mix || s.mode == Mode::Mix;
        RunSettings {
            engine: recorded_text(&run.engine.label),
            direct: recorded(
                "direct",
                if s.direct { "on" } else { "off (buffered)" }.into(),
            ),
            size: recorded("size_bytes", crate::units::file_size_label(s.size_bytes)),
            data: recorded(
                "data",
                match s.data {
                    DataKind::Random => "random",
                    DataKind::Zeros => "zeros",
                }
                .into(),
            ),
            profile: recorded_text(&s.profile),
            tests: recorded(
                "tests",
                s.tests
                    .iter()
                    .map(|t| escaped(t))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            mode: recorded(
                "mode",
                match s.mode {
                    Mode::Rw => "rw",
                    Mode::Read => "read",
                    Mode::Write => "write",
                    Mode::Mix => "mix",
                }
                .into(),
            ),
            mix_read: (mixed && keys.contains_key("mix_read_pct"))
                .then(|| format!("{}%", s.mix_read_pct)),
            loop_stat: recorded(
                "loop_stat",
                match s.loop_stat {
                    LoopStat::Mean => "mean",
                    LoopStat::Best => "best",
                    LoopStat::Median => "median",
                }
                .into(),
            ),
            device: run
                .target
                .device
                .as_ref()
                .and_then(|d| d.model.as_deref())
                .map(escaped),
        }
    }
}

/// A text setting, escaped; `unknown` when empty (not recorded).
fn recorded_text(s: &str) -> String {
    if s.is_empty() {
        "unknown".into()
    } else {
        escaped(s)
    }
}

/// How much a test's loops disagree, per figure: how many loops have it,
/// and the half-width of the 95 % confidence interval of their mean,
/// percent of it (`tests[].across_loops.*.ci95_pct`); a test with fewer
/// than two loops with figures has no spread.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RowSpread {
    /// Of MB/s.
    pub mbps: Loops,
    /// Of IOPS.
    pub iops: Loops,
    /// Of the mean latency.
    pub mean_us: Loops,
}

impl RowSpread {
    fn of(t: &crate::report::model::Test) -> RowSpread {
        // A file may say anything: a spread that is no percentage is none.
        let pct = |s: &Option<crate::report::model::Spread>| {
            s.and_then(|s| s.ci95_pct)
                .filter(|p| p.is_finite() && *p >= 0.0)
        };
        // The loops the spread was taken over: those with the figure.
        let count = |f: fn(&crate::report::model::Dir) -> Option<f64>| {
            t.loops.iter().filter(|l| f(&l.total).is_some()).count()
        };
        let a = &t.across_loops;
        RowSpread {
            mbps: Loops {
                n: count(|d| d.mbps),
                ci95_pct: pct(&a.mbps),
            },
            iops: Loops {
                n: count(|d| d.iops),
                ci95_pct: pct(&a.iops),
            },
            mean_us: Loops {
                n: count(|d| d.lat_us.as_ref().and_then(|l| l.mean)),
                ci95_pct: pct(&a.mean_lat_us),
            },
        }
    }

    /// Whether no figure of the row has a spread (fewer than two loops).
    pub fn is_unknown(&self) -> bool {
        [self.mbps, self.iops, self.mean_us]
            .iter()
            .all(|l| l.shown().is_none())
    }
}

/// What compare shows of a run: every string escaped, `?` for what the
/// file does not say. `source` (the file name or `#id`, escaped) names it
/// unless it has a label: a file's label replaces its name, a stored
/// run's follows its id (`#3 nightly`). `text` is the result `run` was
/// read from, for the settings it records.
pub fn summary(source: String, run: &Run, text: &str) -> RunSummary {
    // At most as long as --label allows: a file may hold any length.
    let own = run
        .label
        .as_deref()
        .map(|l| {
            let mut short: String = l.chars().take(64).collect();
            if l.chars().nth(64).is_some() {
                short.push('…');
            }
            escaped(&short)
        })
        .filter(|l| !l.trim().is_empty());
    let label = match own {
        Some(l)
            if source
                .strip_prefix('#')
                .is_some_and(|n| n.parse::<i64>().is_ok()) =>
        {
            format!("{source} {l}")
        }
        Some(l) => l,
        None => source.clone(),
    };
    let known = |s: String| if s.is_empty() { "?".to_string() } else { s };
    let rows = crate::report::tables::rows::rows(run)
        .into_iter()
        .map(|r| Row {
            test: known(escaped(&r.test)),
            direction: escaped(&r.direction),
            ..r
        })
        .collect();
    RunSummary {
        label,
        source,
        spreads: run.tests.iter().map(RowSpread::of).collect(),
        settings: RunSettings::of(run, text),
        date: escaped(&run.date)
            .chars()
            .take(19)
            .collect::<String>()
            .replace('T', " "),
        target: known(escaped(&run.target.path.to_string_lossy())),
        model: run
            .target
            .device
            .as_ref()
            .and_then(|d| d.model.as_deref())
            .map_or_else(|| "unknown".to_string(), escaped),
        engine: known(escaped(&run.engine.label)),
        rows,
    }
}

/// The (test, direction) keys of all runs: the first run's order, then
/// what only later runs have.
pub(super) fn keys(runs: &[RunSummary]) -> Vec<(String, String)> {
    let mut k: Vec<(String, String)> = Vec::new();
    for r in runs {
        for row in &r.rows {
            let key = (row.test.clone(), row.direction.clone());
            if !k.contains(&key) {
                k.push(key);
            }
        }
    }
    k
}

pub(super) fn find<'a>(run: &'a RunSummary, key: &(String, String)) -> Option<&'a Row> {
    run.rows
        .iter()
        .find(|r| r.test == key.0 && r.direction == key.1)
}

/// The row of `key` in `run` and its loop spread.
pub(super) fn find_spread(run: &RunSummary, key: &(String, String)) -> RowSpread {
    run.rows
        .iter()
        .position(|r| r.test == key.0 && r.direction == key.1)
        .and_then(|i| run.spreads.get(i).copied())
        .unwrap_or_default()
}

/// Change of `v` against `base`, in percent.
pub fn change(base: f64, v: f64) -> Option<f64> {
    (base > 0.0).then(|| (v / base - 1.0) * 100.0)
}
