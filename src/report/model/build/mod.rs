//! Building the typed model from a [`Report`]: what was asked, where it
//! ran and what was measured, as the JSON holds it
//! (docs/report.md#the-json-report). Every renderer reads what this builds,
//! once per delivery ([`crate::report::Rendering`]).

mod flags;
pub(crate) mod modes;
mod test;

use super::source::Report;
use crate::report::model::{self, SCHEMA_VERSION};

impl model::Run {
    /// The report as the typed model: what every renderer reads, built
    /// once per delivery ([`crate::report::Rendering`]).
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
            engine: engine(r.output.engine.as_ref().unwrap_or(&s.engine)),
            settings: settings(s),
            kept_file: r.output.kept_file.clone(),
            test_file: test_file(&r.output.test_file),
            notes: r.notes(),
            tests: r
                .output
                .tests
                .iter()
                .filter_map(|t| {
                    let temperature = modes::temperature(t, r.target.sensor());
                    test::test(t, s.loop_stat).map(|m| model::Test { temperature, ..m })
                })
                .collect(),
            qos: r.output.qos.as_ref().map(modes::qos),
            sustained: r.output.sustained.as_ref().map(modes::sustained),
            span: r.output.span.as_ref().map(modes::span),
        }
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
        link: t.link().map(flags::link),
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
        loop_stat: test::loop_stat(s.loop_stat),
        seed: s.seed,
        strict: s.strict,
        hipri: s.hipri,
        sqpoll: s.sqpoll,
        cpus: s.cpus.cpus().to_vec(),
        cow: s.cow,
        dsync: s.dsync,
        target: s.target.clone(),
        steady_state: s.steady.map(|g| model::SteadySettings {
            goal: g.label(),
            max_rounds: s.max_rounds,
            max_time_s: s.max_time.as_secs_f64(),
        }),
        qos: s.qos.then_some(true),
        details: s.details.then_some(true),
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
