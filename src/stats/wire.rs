//! A loop's counts as a host sends them to the coordinator of a run on many
//! hosts over ssh (docs/hosts.md#exact-merged-latency): every sum, the
//! extremes and the latency histogram's non-empty bins, so that the
//! coordinator's total is the one a single machine would have counted, and
//! its percentiles come from the summed bins. The throughput samples come
//! too: the total counts each host only over the time all hosts measured.

use super::counts::{DirStats, LoopResult, Sample};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One direction's counts over one window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DirWire {
    /// Completed I/Os.
    pub ios: u64,
    /// Bytes they moved.
    pub bytes: u64,
    /// Σ latency, ns, as a decimal string (it may not fit 64 bits).
    pub lat_sum_ns: String,
    /// Σ latency², ns², as a decimal string.
    pub lat_sumsq_ns2: String,
    /// Smallest latency, ns; absent with no I/O.
    pub lat_min_ns: Option<u64>,
    /// Largest latency, ns.
    pub lat_max_ns: u64,
    /// The histogram's non-empty bins: `[value ns, count]`, the value the
    /// bin stands for (its midpoint), which falls in the same bin again.
    pub bins: Vec<[u64; 2]>,
}

/// One throughput sample of a window.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SampleWire {
    /// End of the slice, seconds after the window's start.
    pub t_s: f64,
    /// 10^6 bytes/s over the slice.
    pub mbps: f64,
    /// I/Os per second over the slice.
    pub iops: f64,
}

/// One loop's counts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LoopWire {
    /// Length of the window, ns.
    pub window_ns: u64,
    /// Time of the final fsync of buffered writes, ns.
    pub fsync_ns: u64,
    /// Time of the window in which the process did not run, ns.
    pub stopped_ns: u64,
    /// Reads.
    pub read: DirWire,
    /// Writes.
    pub write: DirWire,
    /// Throughput over the window, about every 100 ms.
    pub samples: Vec<SampleWire>,
}

/// Why a wire loop cannot be read back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    /// A sum that is not a decimal number.
    #[error("a latency sum is not a number: {0:?}")]
    Sum(String),
    /// A count no loop can have: a host that is not diskmark, or a
    /// hostile one.
    #[error("impossible counts: {0}")]
    Impossible(&'static str),
    /// Bins that do not add up to the I/Os.
    #[error("the histogram holds {bins} latencies for {ios} I/Os")]
    Bins {
        /// Latencies in the bins.
        bins: u64,
        /// I/Os counted.
        ios: u64,
    },
}

impl From<&DirStats> for DirWire {
    fn from(d: &DirStats) -> DirWire {
        DirWire {
            ios: d.ios,
            bytes: d.bytes,
            lat_sum_ns: d.lat_sum_ns.to_string(),
            lat_sumsq_ns2: d.lat_sumsq_ns2.to_string(),
            lat_min_ns: (d.ios > 0).then_some(d.lat_min_ns),
            lat_max_ns: d.lat_max_ns,
            bins: d.hist.nonzero().map(|(v, c)| [v, c]).collect(),
        }
    }
}

/// Bounds on what one host counts in one loop, far above any device's
/// (2^40 I/Os is 10^7 IOPS for 30 hours; 2^52 bytes, 4 PiB; 2^43 ns, 2.4
/// hours): within them the totals of 256 hosts (the most a run takes,
/// docs/hosts.md) never overflow, whatever a host sends.
const MAX_IOS: u64 = 1 << 40;
const MAX_BYTES: u64 = 1 << 52;
const MAX_NS: u64 = 1 << 43;
/// Σ latency² of 2^40 I/Os of 2^39 ns each, which 2^8 hosts' sum keeps
/// inside 128 bits.
const MAX_SUMSQ: u128 = 1 << 118;

impl DirWire {
    /// The counts again; the bins must hold one latency per I/O, and
    /// every count be one a loop can have.
    pub fn stats(&self) -> Result<DirStats, WireError> {
        // Its first characters only: what a host sends is of any length.
        let sum =
            |s: &str| (s.parse::<u128>()).map_err(|_| WireError::Sum(s.chars().take(24).collect()));
        let (lat_sum, lat_sumsq) = (sum(&self.lat_sum_ns)?, sum(&self.lat_sumsq_ns2)?);
        if self.ios > MAX_IOS || self.bytes > MAX_BYTES {
            return Err(WireError::Impossible(
                "more I/Os or bytes than a loop can move",
            ));
        }
        if self.lat_max_ns > MAX_NS
            || lat_sum > u128::from(self.ios) * u128::from(self.lat_max_ns)
            || lat_sumsq > MAX_SUMSQ
        {
            return Err(WireError::Impossible("latencies longer than a run"));
        }
        let mut d = DirStats {
            ios: self.ios,
            bytes: self.bytes,
            lat_sum_ns: lat_sum,
            lat_sumsq_ns2: lat_sumsq,
            lat_min_ns: self.lat_min_ns.unwrap_or(u64::MAX),
            lat_max_ns: self.lat_max_ns,
            ..DirStats::default()
        };
        let mut held: u64 = 0;
        for [v, c] in &self.bins {
            d.hist.record_n(*v, *c);
            held = held.saturating_add(*c);
        }
        if held != self.ios {
            return Err(WireError::Bins {
                bins: held,
                ios: self.ios,
            });
        }
        Ok(d)
    }
}

impl From<&LoopResult> for LoopWire {
    fn from(r: &LoopResult) -> LoopWire {
        LoopWire {
            window_ns: r.window_ns,
            fsync_ns: r.fsync_ns,
            stopped_ns: r.stopped_ns,
            read: DirWire::from(&r.read),
            write: DirWire::from(&r.write),
            samples: (r.samples.iter())
                .map(|s| SampleWire {
                    t_s: s.t_s,
                    mbps: s.mbps,
                    iops: s.iops,
                })
                .collect(),
        }
    }
}

impl LoopWire {
    /// The loop again, without the host's device and CPU views (which
    /// describe the host, not the total).
    pub fn result(&self) -> Result<LoopResult, WireError> {
        if [self.window_ns, self.fsync_ns, self.stopped_ns]
            .iter()
            .any(|&ns| ns > MAX_NS)
        {
            return Err(WireError::Impossible("a window longer than a run"));
        }
        let real = |x: f64| x.is_finite() && x >= 0.0;
        if !(self.samples.iter()).all(|s| real(s.t_s) && real(s.mbps) && real(s.iops)) {
            return Err(WireError::Impossible(
                "a throughput sample that is no number",
            ));
        }
        let mut r = LoopResult::empty(self.window_ns);
        r.fsync_ns = self.fsync_ns;
        r.stopped_ns = self.stopped_ns;
        r.read = self.read.stats()?;
        r.write = self.write.stats()?;
        r.samples = (self.samples.iter())
            .map(|s| Sample {
                t_s: s.t_s,
                mbps: s.mbps,
                iops: s.iops,
                temp_c: None,
            })
            .collect();
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn looped() -> LoopResult {
        let mut r = LoopResult::empty(1_000_000_000);
        for (i, lat) in [900u64, 15_000, 15_001, 2_000_000, 7].iter().enumerate() {
            r.read.record(*lat, 4096);
            r.write.record(lat * 3 + i as u64, 8192);
        }
        r.samples.push(Sample {
            t_s: 0.1,
            mbps: 12.5,
            iops: 3000.0,
            temp_c: Some(40.0),
        });
        r
    }

    #[test]
    fn a_loop_comes_back_with_every_count_and_the_same_percentiles() {
        let r = looped();
        let wire = LoopWire::from(&r);
        let text = serde_json::to_string(&wire).unwrap();
        let back = serde_json::from_str::<LoopWire>(&text)
            .unwrap()
            .result()
            .unwrap();
        assert_eq!(back.read, r.read);
        assert_eq!(back.write, r.write);
        assert_eq!(back.window_ns, r.window_ns);
        assert_eq!(back.samples[0].iops, 3000.0);
        assert_eq!(back.samples[0].temp_c, None);
        let p = [50.0, 99.0, 99.99];
        assert_eq!(
            back.read.hist.percentiles(&p, 7, 2_000_000),
            r.read.hist.percentiles(&p, 7, 2_000_000)
        );
    }

    #[test]
    fn a_loop_without_io_has_no_minimum_and_bins_that_miss_ios_are_refused() {
        let empty = LoopWire::from(&LoopResult::empty(5));
        assert_eq!(empty.read.lat_min_ns, None);
        assert_eq!(empty.result().unwrap().read.lat_min_ns, u64::MAX);
        let mut bad = LoopWire::from(&looped());
        bad.read.bins.pop();
        assert!(matches!(bad.result(), Err(WireError::Bins { ios: 5, .. })));
        bad.write.lat_sum_ns = "12x".into();
        assert!(bad.write.stats().is_err());
    }

    #[test]
    fn counts_no_loop_can_have_are_refused() {
        let good = LoopWire::from(&looped());
        let mut huge = good.clone();
        huge.read.ios = u64::MAX;
        huge.read.bins = vec![[900, u64::MAX]];
        let mut sumsq = good.clone();
        sumsq.read.lat_sumsq_ns2 = u128::MAX.to_string();
        let mut sum = good.clone();
        sum.write.lat_sum_ns = (u128::from(u64::MAX) * 9).to_string();
        let mut window = good.clone();
        window.window_ns = u64::MAX;
        let mut sample = good.clone();
        sample.samples[0].mbps = -1.0;
        for (what, bad) in [
            ("ios", huge),
            ("sumsq", sumsq),
            ("sum", sum),
            ("window", window),
            ("sample", sample),
        ] {
            assert!(
                matches!(bad.result(), Err(WireError::Impossible(_))),
                "{what}: {:?}",
                bad.result().map(|_| ())
            );
        }
        assert!(good.result().is_ok());
    }
}
