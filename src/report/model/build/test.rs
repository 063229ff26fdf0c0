//! One finished test in the model: its loops' raw counts beside the
//! derived figures, their spread, steady state and hosts.

use crate::report::model;
use crate::run::TestResult;
use crate::stats::headline::headline;
use crate::stats::{CpuView, DeviceView, DirStats, LoopResult, Spread};
use crate::workload::Direction;

/// The model of a loop statistic.
pub(super) fn loop_stat(l: crate::stats::LoopStat) -> model::LoopStat {
    use crate::stats::LoopStat;
    match l {
        LoopStat::Mean => model::LoopStat::Mean,
        LoopStat::Best => model::LoopStat::Best,
        LoopStat::Median => model::LoopStat::Median,
    }
}

/// One finished test; none for a test without loops.
pub(super) fn test(test: &TestResult, stat: crate::stats::LoopStat) -> Option<model::Test> {
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
        diskmark_version: h.diskmark_version.clone(),
        clock_offset_ms: h.clock_offset_ns.map(|ns| ns as f64 / 1e6),
        in_common: (h.in_common.iter())
            .map(|c| model::InCommon {
                ios: c.ios,
                bytes: c.bytes,
            })
            .collect(),
        windows: (h.windows.iter())
            .map(|w| model::test::WindowSpan {
                start_ms: w.start_ns as f64 / 1e6,
                end_ms: w.end_ns as f64 / 1e6,
            })
            .collect(),
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
        stopped_by: o.stopped_by.map(String::from),
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
        no_sqarray: f.no_sqarray,
        registered_ring: f.registered_ring,
        sqpoll: f.sqpoll,
        descriptors: f.descriptors,
        calls_per_io: match (f.calls, f.ios) {
            (Some(calls), Some(ios)) if ios > 0 => Some(calls as f64 / ios as f64),
            _ => None,
        },
        fallback: f.fallback.clone(),
    }
}

/// The spread over the loops that have figures.
fn across(test: &TestResult) -> model::Across {
    let s = crate::report::model::source::LoopSpread::of(test);
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
            count: Some(d.hist.count()).filter(|&n| n > 0),
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
    use crate::stats::LoopStat;

    /// A loop of one second in which `ios` reads of 1 MiB completed.
    fn loop_of(ios: u64) -> LoopResult {
        let mut l = LoopResult::empty(1_000_000_000);
        for _ in 0..ios {
            l.read.record(1_000_000, 1 << 20);
        }
        l
    }

    // Host a is fastest in loop 0, the total in loop 1: under `best` both
    // hosts show loop 1, whose figures add up to the total's.
    #[test]
    fn hosts_show_the_loop_the_total_chose() {
        let settings = fixtures::settings();
        let mut t = fixtures::output(&settings).tests.remove(0);
        let host = |name: &str, ios: [u64; 2]| crate::run::HostLoops {
            host: name.into(),
            loops: ios.map(loop_of).to_vec(),
            ..Default::default()
        };
        t.hosts = vec![host("a", [900, 500]), host("b", [100, 700])];
        t.loops = vec![loop_of(1000), loop_of(1200)];
        let ios = |h: usize, stat| {
            host_test(&t, &t.hosts[h], stat, t.direction)
                .result
                .total
                .ios
        };
        assert_eq!(
            (ios(0, LoopStat::Best), ios(1, LoopStat::Best)),
            (Some(500), Some(700))
        );
        let sel = t.host_selected(&t.hosts[0], LoopStat::Best).unwrap();
        assert_eq!(sel.loop_index, Some(1));
        // Pooled: each host's two loops.
        assert_eq!(ios(0, LoopStat::Mean), Some(1400));
    }
}
