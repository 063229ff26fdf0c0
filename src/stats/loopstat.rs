//! How the loops of one test become its figures (docs/measurement.md#aggregation): pooled
//! (mean), or one loop chosen by its throughput (best, median).

use super::LoopResult;
use crate::workload::Profile;
use serde::Serialize;

/// How the loops of one test are summarised (docs/measurement.md#across-loops).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum LoopStat {
    /// The loops pooled: Σbytes/Σwindows, Σlatency/ΣI/Os, merged histograms.
    Mean,
    /// The loop with the highest throughput, with its own numbers.
    Best,
    /// The loop with the median throughput, with its own numbers.
    Median,
}

impl LoopStat {
    /// `mean`, `best` or `median`.
    pub fn name(self) -> &'static str {
        match self {
            LoopStat::Mean => "mean",
            LoopStat::Best => "best",
            LoopStat::Median => "median",
        }
    }

    /// The loop statistic `profile` uses unless `--loop-stat` says otherwise.
    pub fn for_profile(profile: Profile) -> LoopStat {
        match profile {
            Profile::Default | Profile::Nvme | Profile::Custom => LoopStat::Mean,
            Profile::Peak | Profile::PeakNvme | Profile::Real | Profile::Demo => LoopStat::Best,
        }
    }
}

/// The loops of a test summarised by a [`LoopStat`].
#[derive(Debug, Clone, PartialEq)]
pub struct Selected {
    /// The pooled loops (mean) or the chosen loop (best, median).
    pub result: LoopResult,
    /// Which loop was chosen; `None` for mean.
    pub loop_index: Option<usize>,
}

/// Summarises `loops` by `stat`; `None` when there is no loop.
pub fn select(loops: &[LoopResult], stat: LoopStat) -> Option<Selected> {
    if loops.is_empty() {
        return None;
    }
    match stat {
        LoopStat::Mean => {
            let mut pooled = LoopResult::empty(0);
            for l in loops {
                pooled.window_ns += l.window_ns;
                pooled.fsync_ns += l.fsync_ns;
                pooled.stopped_ns += l.stopped_ns;
                pooled.read.merge(&l.read);
                pooled.write.merge(&l.write);
            }
            // Pooled only when every loop has them: a partial sum would
            // mislead.
            pooled.device = loops
                .iter()
                .map(|l| l.device)
                .reduce(|a, b| Some(a?.pool(&b?)))
                .flatten();
            pooled.cpu = loops
                .iter()
                .map(|l| l.cpu)
                .reduce(|a, b| Some(a?.pool(&b?)))
                .flatten();
            Some(Selected {
                result: pooled,
                loop_index: None,
            })
        }
        LoopStat::Best | LoopStat::Median => {
            let mut order: Vec<usize> = (0..loops.len()).collect();
            // Stable: among equal throughputs the earlier loop wins.
            order.sort_by(|&a, &b| loops[a].throughput().total_cmp(&loops[b].throughput()));
            let i = match stat {
                LoopStat::Best => order[order.len() - 1],
                // The lower middle for an even count: a loop that ran.
                _ => order[(order.len() - 1) / 2],
            };
            Some(Selected {
                result: loops[i].clone(),
                loop_index: Some(i),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{CpuView, DeviceView, DirStats};

    fn stats(lats: &[u64], bs: u64) -> DirStats {
        let mut d = DirStats::default();
        for &l in lats {
            d.record(l, bs);
        }
        d
    }

    fn loop_with(ios: u64, lat_ns: u64, window_ns: u64) -> LoopResult {
        let mut l = LoopResult::empty(window_ns);
        l.read = stats(&vec![lat_ns; ios as usize], 4096);
        l
    }

    #[test]
    fn loop_statistics() {
        let loops = [
            loop_with(100, 10_000, 1_000_000_000),
            loop_with(300, 30_000, 1_000_000_000),
            loop_with(200, 20_000, 2_000_000_000),
        ];
        // mean: pooled. 600 I/Os over 4 s = 150 IOPS; latency I/O-weighted:
        // (100·10 + 300·30 + 200·20)/600 = 23.333 µs.
        let m = select(&loops, LoopStat::Mean).unwrap();
        assert_eq!(m.loop_index, None);
        let s = m.result.read.summary(m.result.window_ns);
        assert_eq!(m.result.window_ns, 4_000_000_000);
        assert!((s.iops - 150.0).abs() < 1e-9);
        assert!((s.lat.unwrap().mean_us - 70.0 / 3.0).abs() < 1e-9);
        // best: loop 1 (300/s), with its own latency.
        let b = select(&loops, LoopStat::Best).unwrap();
        assert_eq!(b.loop_index, Some(1));
        assert_eq!(
            b.result
                .read
                .summary(b.result.window_ns)
                .lat
                .unwrap()
                .mean_us,
            30.0
        );
        // median: throughputs 100/s, 300/s, 100/s -> sorted 0, 2, 1: loop 2.
        let md = select(&loops, LoopStat::Median).unwrap();
        assert_eq!(md.loop_index, Some(2));
        assert!(select(&[], LoopStat::Mean).is_none());
    }

    #[test]
    fn device_and_cpu_views_pool_over_loops() {
        let view = |ios, depth, span| DeviceView {
            read_ios: ios,
            read_bytes: ios * 4096,
            avg_queue_depth: depth,
            span_ns: span,
            ..DeviceView::default()
        };
        let mut a = loop_with(10, 1000, 1_000_000_000);
        let mut b = loop_with(10, 1000, 1_000_000_000);
        a.device = Some(view(100, 1.0, 1_000_000_000));
        b.device = Some(view(300, 4.0, 3_000_000_000));
        a.cpu = Some(CpuView {
            user_s: 0.5,
            system_s: 1.0,
            steal_s: 0.0,
            process_user_s: 0.5,
            process_system_s: 0.0,
            total_s: 2.0,
            machine_cpus: 2,
            span_s: 1.0,
        });
        b.cpu = Some(CpuView {
            user_s: 0.25,
            system_s: 1.0,
            steal_s: 0.1,
            process_user_s: 0.25,
            process_system_s: 0.5,
            total_s: 2.0,
            machine_cpus: 2,
            span_s: 1.0,
        });
        let m = select(&[a.clone(), b.clone()], LoopStat::Mean)
            .unwrap()
            .result;
        let d = m.device.unwrap();
        assert_eq!((d.read_ios, d.span_ns), (400, 4_000_000_000));
        // (1·1 + 4·3) / 4 = 3.25
        assert!((d.avg_queue_depth - 3.25).abs() < 1e-12);
        assert_eq!(
            m.cpu.unwrap(),
            CpuView {
                user_s: 0.75,
                system_s: 2.0,
                steal_s: 0.1,
                process_user_s: 0.75,
                process_system_s: 0.5,
                total_s: 4.0,
                machine_cpus: 2,
                span_s: 2.0,
            }
        );
        let c = m.cpu.unwrap();
        // (0.75 + 2 + 0.1) / 4 of the machine's time; 0.75 - 0.75 = 0.
        assert!((c.busy_share().unwrap() - 2.85 / 4.0).abs() < 1e-12);
        assert_eq!(c.others_user_s(), 0.0);
        b.device = None;
        assert!(
            select(&[a, b], LoopStat::Mean)
                .unwrap()
                .result
                .device
                .is_none()
        );
    }

    #[test]
    fn profiles_choose_their_statistic() {
        assert_eq!(LoopStat::for_profile(Profile::Default), LoopStat::Mean);
        assert_eq!(LoopStat::for_profile(Profile::Custom), LoopStat::Mean);
        assert_eq!(LoopStat::for_profile(Profile::Peak), LoopStat::Best);
    }
}
