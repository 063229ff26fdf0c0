//! The JSON report: the run as the typed model ([`super::model`]) holds
//! it, built from what was asked, where it ran and what was measured
//! (docs/report.md#the-json-report).

use super::model;
use super::source::Report;
use crate::run::TestResult;
use crate::stats::headline::headline;
use crate::stats::{CpuView, DeviceView, DirStats, LoopResult, Spread};
use crate::workload::Direction;

pub use super::model::SCHEMA_VERSION;

/// Renders the report as pretty-printed JSON.
pub fn render(r: &Report<'_>) -> String {
    build(r).to_json()
}

/// The report as the typed model.
pub fn build(r: &Report<'_>) -> model::Run {
    let s = r.settings;
    model::Run {
        schema_version: SCHEMA_VERSION,
        tool: model::Tool {
            name: "diskmark".into(),
            version: env!("CARGO_PKG_VERSION").into(),
        },
        date: r.output.started.to_rfc3339(),
        label: s.label.clone(),
        elapsed_s: r.output.elapsed.map(|d| d.as_secs_f64()),
        planned_s: planned(r).map(|d| d.as_secs_f64()),
        interrupted: r.output.interrupted.is_some(),
        // A stop by the user is signal 0, as before stop reasons had names.
        signal: r.output.interrupted.map(|i| i.signal().unwrap_or(0)),
        latency: model::LATENCY.into(),
        host: host(r.host),
        target: target(r.target),
        engine: engine(&s.engine),
        settings: settings(s),
        kept_file: r.output.kept_file.clone(),
        test_file: test_file(&r.output.test_file),
        notes: r.notes(),
        tests: r
            .output
            .tests
            .iter()
            .filter_map(|t| {
                let temperature = super::thermal::temperature(t, r.target.sensor());
                test(t, s.loop_stat).map(|m| model::Test { temperature, ..m })
            })
            .collect(),
        qos: r.output.qos.as_ref().map(super::qos::model),
        sustained: r.output.sustained.as_ref().map(super::sustained::model),
        span: r.output.span.as_ref().map(super::span::model),
    }
}

/// What the plan fixed before a run of tests on this machine (the
/// estimate said at its start); none where the run recorded no elapsed
/// time to set it against.
fn planned(r: &Report<'_>) -> Option<std::time::Duration> {
    let o = r.output;
    let tests_here =
        o.sustained.is_none() && o.span.is_none() && o.tests.iter().all(|t| t.hosts.is_empty());
    (o.elapsed.is_some() && tests_here).then(|| {
        let prefill = !r.target.is_device() && r.settings.engine.does_io();
        crate::run::Estimate::new(r.settings, prefill).fixed
    })
}

fn host(h: &crate::host::HostInfo) -> model::Host {
    model::Host {
        os_id: h.os_id.clone(),
        os_version: h.os_version.clone(),
        sysname: h.sysname.clone(),
        release: h.release.clone(),
        cpus: h.cpus as u64,
        hostname: h.hostname.clone(),
    }
}

fn target(t: &crate::target::TargetInfo) -> model::Target {
    model::Target {
        path: t.path.clone(),
        kind: match t.kind {
            crate::target::TargetKind::Directory => model::TargetKind::Directory,
            crate::target::TargetKind::BlockDevice => model::TargetKind::BlockDevice,
        },
        mount_options: t.mount_options.clone(),
        caveats: t.caveats.iter().map(caveat).collect(),
        logical_block_size: t.dio_alignment(),
        mount_point: t.mount_point.clone(),
        fs_type: t.fs_type.clone(),
        source: t.source.clone(),
        dev: format!("{}:{}", t.dev.0, t.dev.1),
        device: t.device.as_ref().map(device),
        usage: model::Usage {
            total_bytes: t.usage.total,
            used_bytes: t.usage.used,
            available_bytes: t.usage.available,
            used_percent: t.usage.used_percent(),
        },
        link: t.link().map(super::flags::link),
    }
}

fn caveat(c: &crate::target::caveats::Caveat) -> model::Caveat {
    use crate::target::caveats::Caveat as C;
    match c.clone() {
        C::CopyOnWrite { fs } => model::Caveat::CopyOnWrite { fs },
        C::Compression { fs, algorithm } => model::Caveat::Compression { fs, algorithm },
        C::Zfs => model::Caveat::Zfs,
        C::Memory { fs } => model::Caveat::Memory { fs },
        C::Network { fs } => model::Caveat::Network { fs },
        C::Encrypted { device } => model::Caveat::Encrypted { device },
    }
}

fn device(d: &crate::target::sysfs::BlockDevice) -> model::Device {
    model::Device {
        name: d.name.clone(),
        disk: d.disk.clone(),
        dm_name: d.dm_name.clone(),
        dm_uuids: d.dm_uuids.clone(),
        md_level: d.md_level.clone(),
        disks: d
            .disks
            .iter()
            .map(|x| model::Disk {
                name: x.name.clone(),
                model: x.model.clone(),
                vendor: x.vendor.clone(),
                rotational: x.rotational,
                scheduler: x.scheduler.clone(),
                logical_block_size: x.logical_block_size,
                physical_block_size: x.physical_block_size,
                nr_requests: x.nr_requests,
                io_poll: x.io_poll,
                write_cache: x.write_cache.clone(),
                size_bytes: x.size_bytes,
            })
            .collect(),
        model: d.model.clone(),
        io_poll: d.io_poll,
    }
}

fn engine(e: &crate::backend::Backend) -> model::Engine {
    let fio = match e {
        crate::backend::Backend::Fio(f) => Some(f),
        _ => None,
    };
    model::Engine {
        name: e.name(),
        backend: match fio {
            None => model::Backend::Native,
            Some(_) => model::Backend::Fio,
        },
        label: e.label(),
        synchronous: e.synchronous(),
        fio_version: fio.map(|f| f.version.clone()),
        fio_binary: fio.map(|f| f.binary.clone()),
    }
}

fn settings(s: &crate::config::Settings) -> model::Settings {
    use crate::workload::{DataKind, Mode};
    model::Settings {
        profile: s.profile.cli_name().into(),
        tests: s.tests.iter().map(|t| t.to_string()).collect(),
        mode: match s.mode {
            Mode::Rw => model::Mode::Rw,
            Mode::Read => model::Mode::Read,
            Mode::Write => model::Mode::Write,
            Mode::Mix => model::Mode::Mix,
        },
        mix: s.mix,
        mix_read_pct: s.mix_read,
        size_bytes: s.size,
        loops: s.loops,
        measure_s: s.measure.as_secs_f64(),
        interval_s: s.interval.as_secs_f64(),
        warmup_s: s.warmup.as_secs_f64(),
        data: match s.data {
            DataKind::Random => model::DataKind::Random,
            DataKind::Zeros => model::DataKind::Zeros,
        },
        direct: s.direct,
        cache: match (s.keep_cache, s.drop_caches) {
            (true, _) => model::Cache::Kept,
            (false, true) => model::Cache::DroppedAll,
            (false, false) => model::Cache::Dropped,
        },
        loop_stat: loop_stat(s.loop_stat),
        seed: s.seed,
        strict: s.strict,
        hipri: s.hipri,
        cow: s.cow,
        dsync: s.dsync,
        target: s.target.clone(),
        steady_state: s.steady.map(|g| model::SteadySettings {
            goal: g.label(),
            max_rounds: s.max_rounds,
            max_time_s: s.max_time.as_secs_f64(),
        }),
        qos: s.qos.then_some(true),
    }
}

fn loop_stat(l: crate::stats::LoopStat) -> model::LoopStat {
    use crate::stats::LoopStat;
    match l {
        LoopStat::Mean => model::LoopStat::Mean,
        LoopStat::Best => model::LoopStat::Best,
        LoopStat::Median => model::LoopStat::Median,
    }
}

fn test_file(f: &crate::run::TestFileInfo) -> model::TestFile {
    model::TestFile {
        raw_device: f.raw_device,
        size: f.size,
        dio_align: f.dio_align,
        nocow: f.nocow,
        prefill_ns: f.prefill_ns,
    }
}

/// One finished test; none for a test without loops.
fn test(test: &TestResult, stat: crate::stats::LoopStat) -> Option<model::Test> {
    let sel = test.selected(stat)?;
    let applied = test.plan.applied();
    let d = test.direction;
    Some(model::Test {
        name: test.plan.requested.to_string(),
        applied_name: applied.to_string(),
        direction: Some(match d {
            Direction::Read => model::Direction::Read,
            Direction::Write => model::Direction::Write,
            Direction::Mix { .. } => model::Direction::Mix,
        }),
        read_pct: match d {
            Direction::Mix { read_pct } => Some(read_pct),
            _ => None,
        },
        pattern: match applied.pattern {
            crate::workload::Pattern::Seq => model::Pattern::Seq,
            crate::workload::Pattern::Rnd => model::Pattern::Rnd,
        },
        block_size: applied.block_size,
        requested: model::Qt {
            q: test.plan.requested.q,
            t: test.plan.requested.t,
        },
        applied: model::Qt {
            q: applied.q,
            t: applied.t,
        },
        notes: test.plan.notes.clone(),
        observations: test.observations.clone(),
        flags: test.flags.iter().map(super::flags::flag).collect(),
        engine_setup: engine_setup(test),
        verified_blocks: test.verified,
        loop_stat: loop_stat(stat),
        selected_loop: sel.loop_index.map(|i| i as u64),
        result: one_loop(&sel.result, sel.loop_index, d),
        loops: test
            .loops
            .iter()
            .enumerate()
            .map(|(i, l)| one_loop(l, Some(i), d))
            .collect(),
        across_loops: across(test),
        steady_state: test.steady.as_ref().map(steady_state),
        temperature: None,
        hosts: test
            .hosts
            .iter()
            .map(|h| host_test(test, h, stat, d))
            .collect(),
    })
}

/// One host's part of a test on many hosts, shaped like the test's own.
fn host_test(
    test: &TestResult,
    h: &crate::run::HostLoops,
    stat: crate::stats::LoopStat,
    d: Direction,
) -> model::HostTest {
    let sel = test.host_selected(h, stat);
    model::HostTest {
        host: h.host.clone(),
        fio_version: h.fio_version.clone(),
        result: sel.map_or_else(model::Loop::default, |s| {
            one_loop(&s.result, s.loop_index, d)
        }),
        loops: (h.loops.iter().enumerate())
            .map(|(i, l)| one_loop(l, Some(i), d))
            .collect(),
    }
}

fn steady_state(o: &crate::stats::steady::SteadyOutcome) -> model::SteadyState {
    model::SteadyState {
        metric: o.goal.metric.name().into(),
        limit_pct: o.goal.limit_pct,
        reached: o.reached,
        rounds: o.rounds,
        seconds: o.seconds,
        value: o.value(),
        round_values: o.round_values.clone(),
    }
}

/// How the engine set itself up for a test: its first loop's account.
fn engine_setup(test: &TestResult) -> model::EngineSetup {
    let f = &test.facts;
    model::EngineSetup {
        registered_buffers: f.registered_buffers,
        registered_file: f.registered_file,
        polled: f.polled,
        deferred_taskrun: f.deferred_taskrun,
        descriptors: f.descriptors,
        fallback: f.fallback.clone(),
    }
}

/// The spread over the loops that have figures.
fn across(test: &TestResult) -> model::Across {
    let s = super::source::LoopSpread::of(test);
    let spread = |s: Option<Spread>| {
        s.map(|s| model::Spread {
            min: s.min,
            median: s.median,
            max: s.max,
            mean: Some(s.mean),
            stddev: s.stddev,
            ci95_pct: s.ci95_pct,
        })
    };
    model::Across {
        mbps: spread(s.mbps),
        iops: spread(s.iops),
        mean_lat_us: spread(s.mean_lat_us),
    }
}

fn one_loop(l: &LoopResult, index: Option<usize>, direction: Direction) -> model::Loop {
    let total = headline(direction, l);
    model::Loop {
        index: index.map(|i| i as u64),
        window_ns: Some(l.window_ns),
        fsync_ns: l.fsync_ns,
        read: direction.reads().then(|| dir(&l.read, l.window_ns)),
        write: direction.writes().then(|| dir(&l.write, l.window_ns)),
        total: dir(&total, l.window_ns),
        device: l.device.as_ref().map(device_view),
        cpu: l.cpu.as_ref().map(cpu_view),
        samples: l
            .samples
            .iter()
            .map(|s| model::Sample {
                t_s: s.t_s,
                mbps: s.mbps,
                iops: s.iops,
                temp_c: s.temp_c,
            })
            .collect(),
        stopped_ns: l.stopped_ns,
    }
}

fn dir(d: &DirStats, window_ns: u64) -> model::Dir {
    let s = d.summary(window_ns);
    let completed = s.completed();
    model::Dir {
        ios: Some(s.ios),
        bytes: s.bytes,
        mbps: completed.then_some(s.mbps),
        iops: completed.then_some(s.iops),
        no_io: !completed,
        lat_us: s.lat.map(|l| model::Latency {
            mean: Some(l.mean_us),
            min: l.min_us,
            max: l.max_us,
            stddev: l.stddev_us,
            percentiles: model::Percentiles(
                l.percentiles_us
                    .into_iter()
                    .map(|(p, us)| model::Percentile { p, us })
                    .collect(),
            ),
        }),
    }
}

fn device_view(d: &DeviceView) -> model::DeviceView {
    model::DeviceView {
        read_ios: d.read_ios,
        write_ios: d.write_ios,
        read_bytes: d.read_bytes,
        write_bytes: d.write_bytes,
        avg_queue_depth: d.avg_queue_depth,
        span_ns: d.span_ns,
    }
}

fn cpu_view(c: &CpuView) -> model::CpuView {
    model::CpuView {
        process_user_s: c.process_user_s,
        process_system_s: c.process_system_s,
        user_s: c.user_s,
        system_s: c.system_s,
        steal_s: c.steal_s,
        total_s: c.total_s,
        machine_cpus: c.machine_cpus as u64,
        busy_share: c.busy_share(),
    }
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
