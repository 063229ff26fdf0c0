//! The JSON report: versioned, with every setting that changes results,
//! the target, the engine and its adaptations, and per test every loop's
//! raw counts beside the derived values (DESIGN §6).

use super::{Report, headline};
use crate::stats::{CpuView, DeviceView, DirStats, LoopResult, Spread};
use crate::workload::Direction;
use serde::Serialize;

/// Version of the JSON layout; bumped on any incompatible change.
pub const SCHEMA_VERSION: u32 = 1;

#[derive(Serialize)]
struct Doc<'a> {
    schema_version: u32,
    tool: Tool,
    date: String,
    interrupted: bool,
    signal: Option<i32>,
    latency: &'static str,
    host: &'a crate::host::HostInfo,
    target: Target<'a>,
    engine: Engine,
    settings: Settings<'a>,
    /// Where `--keep-file` left the test file.
    kept_file: Option<&'a std::path::Path>,
    /// How the test file (or raw device) was set up: NOCOW, alignment.
    test_file: &'a crate::run::TestFileInfo,
    notes: Vec<String>,
    tests: Vec<Test>,
}

#[derive(Serialize)]
struct Tool {
    name: &'static str,
    version: &'static str,
}

#[derive(Serialize)]
struct Target<'a> {
    path: &'a std::path::Path,
    kind: crate::target::TargetKind,
    mount_options: &'a [String],
    caveats: &'a [crate::target::caveats::Caveat],
    /// The direct-I/O alignment sysfs gives (largest logical block size).
    logical_block_size: u32,
    mount_point: Option<&'a std::path::Path>,
    fs_type: &'a str,
    source: Option<&'a str>,
    dev: String,
    device: Option<&'a crate::target::sysfs::BlockDevice>,
    usage: Usage,
}

#[derive(Serialize)]
struct Usage {
    total_bytes: u64,
    used_bytes: u64,
    available_bytes: u64,
    used_percent: u64,
}

#[derive(Serialize)]
struct Engine {
    name: String,
    backend: &'static str,
    label: String,
    synchronous: bool,
    /// fio's `--version`, for the fio backend.
    #[serde(skip_serializing_if = "Option::is_none")]
    fio_version: Option<String>,
    /// The fio binary, for the fio backend.
    #[serde(skip_serializing_if = "Option::is_none")]
    fio_binary: Option<std::path::PathBuf>,
}

#[derive(Serialize)]
struct Settings<'a> {
    profile: &'static str,
    tests: Vec<String>,
    mode: crate::workload::Mode,
    mix: bool,
    mix_read_pct: u8,
    size_bytes: u64,
    loops: u32,
    measure_s: f64,
    interval_s: f64,
    warmup_s: f64,
    data: crate::workload::DataKind,
    direct: bool,
    cache: &'static str,
    loop_stat: crate::stats::LoopStat,
    seed: u64,
    strict: bool,
    hipri: bool,
    cow: bool,
    dsync: bool,
    target: &'a std::path::Path,
}

#[derive(Serialize)]
struct Qt {
    q: u32,
    t: u32,
}

#[derive(Serialize)]
struct Test {
    name: String,
    applied_name: String,
    direction: &'static str,
    read_pct: Option<u8>,
    pattern: crate::workload::Pattern,
    block_size: u64,
    requested: Qt,
    applied: Qt,
    notes: Vec<String>,
    /// What the device's and the CPU's view say about the figures.
    observations: Vec<String>,
    /// How the engine set itself up (registered buffers, descriptors...).
    engine_setup: crate::engine::EngineFacts,
    /// Under --verify: written blocks read back and found intact.
    verified_blocks: Option<u64>,
    loop_stat: crate::stats::LoopStat,
    /// The loop `best`/`median` chose; null for `mean` (pooled).
    selected_loop: Option<usize>,
    result: Loop,
    loops: Vec<Loop>,
    across_loops: Across,
}

#[derive(Serialize)]
struct Loop {
    index: Option<usize>,
    window_ns: u64,
    fsync_ns: u64,
    read: Option<Dir>,
    write: Option<Dir>,
    /// What the result line shows: the direction's own figures, or for Mix
    /// reads and writes together.
    total: Dir,
    device: Option<Device>,
    cpu: Option<Cpu>,
    /// Throughput over time (about every 100 ms; none for fio runs).
    samples: Vec<crate::stats::Sample>,
    /// Time of the window in which diskmark did not run (stopped, frozen,
    /// suspended), ns; above 0 the figures are not to be trusted.
    stopped_ns: u64,
}

#[derive(Serialize)]
struct Dir {
    ios: u64,
    bytes: u64,
    /// Null when no I/O completed in the window (`no_io`): not a figure.
    mbps: Option<f64>,
    iops: Option<f64>,
    lat_us: Option<Lat>,
    /// No I/O completed in the window: there are no figures.
    no_io: bool,
}

#[derive(Serialize)]
struct Lat {
    mean: f64,
    min: f64,
    max: f64,
    stddev: f64,
    percentiles: Percentiles,
}

/// `{"1": v, "5": v, ... "99.99": v}` in ascending order (a plain map
/// would sort the keys as strings).
struct Percentiles(Vec<(f64, f64)>);

impl Serialize for Percentiles {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (p, v) in &self.0 {
            m.serialize_entry(&format!("{p}"), v)?;
        }
        m.end()
    }
}

#[derive(Serialize)]
struct Device {
    read_ios: u64,
    write_ios: u64,
    read_bytes: u64,
    write_bytes: u64,
    avg_queue_depth: f64,
    span_ns: u64,
}

#[derive(Serialize)]
struct Cpu {
    /// diskmark's own CPU time (all its threads).
    process_user_s: f64,
    process_system_s: f64,
    /// The whole machine's.
    user_s: f64,
    system_s: f64,
    steal_s: f64,
    /// All the machine's CPU time over the span, busy or idle.
    total_s: f64,
    /// The CPUs /proc/stat sums over.
    machine_cpus: usize,
    /// Busy share of `total_s`, 0..=1.
    busy_share: Option<f64>,
}

#[derive(Serialize)]
struct Across {
    mbps: Option<SpreadJson>,
    iops: Option<SpreadJson>,
    mean_lat_us: Option<SpreadJson>,
}

#[derive(Serialize)]
struct SpreadJson {
    min: f64,
    median: f64,
    max: f64,
    stddev: f64,
}

impl From<Spread> for SpreadJson {
    fn from(s: Spread) -> Self {
        SpreadJson {
            min: s.min,
            median: s.median,
            max: s.max,
            stddev: s.stddev,
        }
    }
}

fn dir(d: &DirStats, window_ns: u64) -> Dir {
    let s = d.summary(window_ns);
    let completed = s.completed();
    Dir {
        ios: s.ios,
        bytes: s.bytes,
        mbps: completed.then_some(s.mbps),
        iops: completed.then_some(s.iops),
        no_io: !completed,
        lat_us: s.lat.map(|l| Lat {
            mean: l.mean_us,
            min: l.min_us,
            max: l.max_us,
            stddev: l.stddev_us,
            percentiles: Percentiles(l.percentiles_us),
        }),
    }
}

fn device(d: &DeviceView) -> Device {
    Device {
        read_ios: d.read_ios,
        write_ios: d.write_ios,
        read_bytes: d.read_bytes,
        write_bytes: d.write_bytes,
        avg_queue_depth: d.avg_queue_depth,
        span_ns: d.span_ns,
    }
}

fn cpu(c: &CpuView) -> Cpu {
    Cpu {
        process_user_s: c.process_user_s,
        process_system_s: c.process_system_s,
        user_s: c.user_s,
        system_s: c.system_s,
        steal_s: c.steal_s,
        total_s: c.total_s,
        machine_cpus: c.machine_cpus,
        busy_share: c.busy_share(),
    }
}

fn one_loop(l: &LoopResult, index: Option<usize>, direction: Direction) -> Loop {
    let total = headline(direction, l);
    Loop {
        index,
        window_ns: l.window_ns,
        fsync_ns: l.fsync_ns,
        read: direction.reads().then(|| dir(&l.read, l.window_ns)),
        write: direction.writes().then(|| dir(&l.write, l.window_ns)),
        total: dir(&total, l.window_ns),
        device: l.device.as_ref().map(device),
        cpu: l.cpu.as_ref().map(cpu),
        samples: l.samples.clone(),
        stopped_ns: l.stopped_ns,
    }
}

/// Renders the report as pretty-printed JSON.
pub fn render(r: &Report<'_>) -> String {
    let s = r.settings;
    let t = r.target;
    let tests = r
        .output
        .tests
        .iter()
        .filter_map(|test| {
            let sel = test.selected(s.loop_stat)?;
            let applied = test.plan.applied();
            let per_loop: Vec<_> = test
                .loops
                .iter()
                .map(|l| headline_summary(test.direction, l))
                .collect();
            let spread = |f: &dyn Fn(&crate::stats::DirSummary) -> Option<f64>| {
                let v: Vec<f64> = per_loop.iter().filter_map(f).collect();
                Spread::of(&v).map(SpreadJson::from)
            };
            Some(Test {
                name: test.plan.requested.to_string(),
                applied_name: applied.to_string(),
                direction: test.direction.name(),
                read_pct: match test.direction {
                    Direction::Mix { read_pct } => Some(read_pct),
                    _ => None,
                },
                pattern: applied.pattern,
                block_size: applied.block_size,
                requested: Qt {
                    q: test.plan.requested.q,
                    t: test.plan.requested.t,
                },
                applied: Qt {
                    q: applied.q,
                    t: applied.t,
                },
                notes: test.plan.notes.clone(),
                observations: test.observations.clone(),
                engine_setup: test.facts.clone(),
                verified_blocks: test.verified,
                loop_stat: s.loop_stat,
                selected_loop: sel.loop_index,
                result: one_loop(&sel.result, sel.loop_index, test.direction),
                loops: test
                    .loops
                    .iter()
                    .enumerate()
                    .map(|(i, l)| one_loop(l, Some(i), test.direction))
                    .collect(),
                // Over the loops that have figures.
                across_loops: Across {
                    mbps: spread(&|d| d.completed().then_some(d.mbps)),
                    iops: spread(&|d| d.completed().then_some(d.iops)),
                    mean_lat_us: spread(&|d| d.lat.as_ref().map(|l| l.mean_us)),
                },
            })
        })
        .collect();
    let doc = Doc {
        schema_version: SCHEMA_VERSION,
        tool: Tool {
            name: "diskmark",
            version: env!("CARGO_PKG_VERSION"),
        },
        date: r.output.started.to_rfc3339(),
        interrupted: r.output.interrupted.is_some(),
        // A stop by the user is signal 0, as before stop reasons had names.
        signal: r.output.interrupted.map(|i| i.signal().unwrap_or(0)),
        latency: "issue to completion, as fio's lat (not clat)",
        host: r.host,
        target: Target {
            path: &t.path,
            kind: t.kind,
            mount_options: &t.mount_options,
            caveats: &t.caveats,
            logical_block_size: t.dio_alignment(),
            mount_point: t.mount_point.as_deref(),
            fs_type: &t.fs_type,
            source: t.source.as_deref(),
            dev: format!("{}:{}", t.dev.0, t.dev.1),
            device: t.device.as_ref(),
            usage: Usage {
                total_bytes: t.usage.total,
                used_bytes: t.usage.used,
                available_bytes: t.usage.available,
                used_percent: t.usage.used_percent(),
            },
        },
        engine: Engine {
            name: s.engine.name(),
            backend: if s.engine.native().is_some() {
                "native"
            } else {
                "fio"
            },
            label: s.engine.label(),
            synchronous: s.engine.synchronous(),
            fio_version: match &s.engine {
                crate::backend::Backend::Fio(f) => Some(f.version.clone()),
                _ => None,
            },
            fio_binary: match &s.engine {
                crate::backend::Backend::Fio(f) => Some(f.binary.clone()),
                _ => None,
            },
        },
        settings: Settings {
            profile: s.profile.cli_name(),
            tests: s.tests.iter().map(|t| t.to_string()).collect(),
            mode: s.mode,
            mix: s.mix,
            mix_read_pct: s.mix_read,
            size_bytes: s.size,
            loops: s.loops,
            measure_s: s.measure.as_secs_f64(),
            interval_s: s.interval.as_secs_f64(),
            warmup_s: s.warmup.as_secs_f64(),
            data: s.data,
            direct: s.direct,
            cache: match (s.keep_cache, s.drop_caches) {
                (true, _) => "kept",
                (false, true) => "dropped (drop_caches)",
                (false, false) => "dropped",
            },
            loop_stat: s.loop_stat,
            seed: s.seed,
            strict: s.strict,
            hipri: s.hipri,
            cow: s.cow,
            dsync: s.dsync,
            target: &s.target,
        },
        notes: r.notes(),
        kept_file: r.output.kept_file.as_deref(),
        test_file: &r.output.test_file,
        tests,
    };
    // Serialising plain structs of numbers and strings cannot fail; NaN
    // cannot occur because every division guards its denominator.
    let mut text = serde_json::to_string_pretty(&doc)
        .unwrap_or_else(|e| format!("{{\"schema_version\":{SCHEMA_VERSION},\"error\":\"{e}\"}}"));
    text.push('\n');
    text
}

fn headline_summary(direction: Direction, l: &LoopResult) -> crate::stats::DirSummary {
    headline(direction, l).summary(l.window_ns)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;
    use serde_json::Value;

    fn rendered_text() -> String {
        let settings = fixtures::settings();
        let output = fixtures::output(&settings);
        let (target, host) = (fixtures::target(), fixtures::host());
        render(&Report {
            settings: &settings,
            target: &target,
            host: &host,
            output: &output,
        })
    }

    fn rendered() -> Value {
        serde_json::from_str(&rendered_text()).unwrap()
    }

    #[test]
    fn percentiles_are_in_ascending_order() {
        let text = rendered_text();
        let at = |k: &str| text.find(&format!("\"{k}\": ")).unwrap();
        assert!(at("1") < at("5") && at("5") < at("10") && at("99.9") < at("99.99"));
    }

    #[test]
    fn holds_every_test_loop_and_setting() {
        let v = rendered();
        assert_eq!(v["schema_version"], 1);
        assert_eq!(v["interrupted"], false);
        assert_eq!(v["settings"]["seed"], 42);
        assert_eq!(v["settings"]["loops"], 2);
        assert_eq!(v["settings"]["direct"], true);
        assert_eq!(v["engine"]["name"], "psync");
        assert_eq!(v["target"]["fs_type"], "ext4");
        assert_eq!(v["target"]["device"]["model"], "Virtio Disk");
        let tests = v["tests"].as_array().unwrap();
        assert_eq!(tests.len(), 12);
        let first = &tests[0];
        assert_eq!(first["name"], "SEQ1M Q8T1");
        assert_eq!(first["applied_name"], "SEQ1M Q1T8");
        assert_eq!(first["requested"]["q"], 8);
        assert_eq!(first["applied"]["t"], 8);
        assert_eq!(first["notes"][0], "psync is synchronous: Q8T1 ran as Q1T8");
        assert_eq!(first["loops"].as_array().unwrap().len(), 2);
        assert!(first["write"].is_null());
        // Pooled mean: Σ I/Os over Σ windows.
        let ios: u64 = first["loops"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["total"]["ios"].as_u64().unwrap())
            .sum();
        assert_eq!(first["result"]["total"]["ios"], ios);
        assert_eq!(first["result"]["window_ns"], 10_000_000_000u64);
        let iops = first["result"]["total"]["iops"].as_f64().unwrap();
        assert!((iops - ios as f64 / 10.0).abs() < 1e-9);
        let p = &first["result"]["total"]["lat_us"]["percentiles"];
        assert!(p["99.9"].is_number() && p["50"].is_number(), "{p}");
        assert_eq!(p.as_object().unwrap().len(), 17);
        assert!(first["across_loops"]["mbps"]["min"].as_f64().unwrap() > 0.0);
        // Mix keeps the split and the total.
        let mix = tests.iter().find(|t| t["direction"] == "mix").unwrap();
        assert_eq!(mix["read_pct"], 70);
        let r = mix["result"]["read"]["ios"].as_u64().unwrap();
        let w = mix["result"]["write"]["ios"].as_u64().unwrap();
        assert_eq!(mix["result"]["total"]["ios"].as_u64().unwrap(), r + w);
    }
}
