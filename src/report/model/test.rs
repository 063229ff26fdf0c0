//! One test of a run: its loops, their raw counts and derived figures.

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize};

/// One test in one direction, with every loop.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Test {
    /// The test as asked, in CrystalDiskMark's notation (`SEQ1M Q8T1`).
    pub name: String,
    /// The test as it ran, after the engine's adaptation (`SEQ1M Q1T8`).
    pub applied_name: String,
    /// Read, write or mix. `None` only in a file that lacks it.
    #[schemars(with = "Direction")]
    pub direction: Option<Direction>,
    /// Share of reads of a Mix test, percent; null for reads and writes.
    pub read_pct: Option<u8>,
    /// Sequential or random offsets.
    pub pattern: Pattern,
    /// Bytes per I/O.
    pub block_size: u64,
    /// Queue depth and threads asked for.
    pub requested: Qt,
    /// Queue depth and threads that ran.
    pub applied: Qt,
    /// How and why the engine changed the test.
    pub notes: Vec<String>,
    /// What the device's and the CPU's view say about the figures.
    pub observations: Vec<String>,
    /// Figures that are not the drive's (a cache's, or above its link),
    /// with their numbers; absent when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<super::flags::Flag>,
    /// How the engine set itself up (registered buffers, descriptors...).
    pub engine_setup: super::setup::EngineSetup,
    /// Under --verify: written blocks read back and found intact.
    pub verified_blocks: Option<u64>,
    /// How the loops were summarised into `result`.
    pub loop_stat: super::setup::LoopStat,
    /// The loop `best`/`median` chose; null for `mean` (pooled).
    pub selected_loop: Option<u64>,
    /// The test's result: the chosen loop, or all loops pooled.
    pub result: Loop,
    /// Every loop, in order.
    pub loops: Vec<Loop>,
    /// Spread of the loops' headline figures (over the loops that have
    /// figures).
    pub across_loops: Across,
    /// Under `--steady-state`: whether its rounds reached steady state,
    /// after how many and how long, and the value; absent without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steady_state: Option<super::steady::SteadyState>,
    /// The drive's temperature over the loops; absent without a sensor.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub temperature: Option<super::thermal::Temperature>,
    /// On many hosts (`--host`): what each host measured; `result` and
    /// `loops` above are then the totals over them. Absent for a local
    /// run.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hosts: Vec<HostTest>,
}

/// What one host measured of a test; the test's own `result` and `loops`
/// are then the totals over all hosts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct HostTest {
    /// The host as given (`HOST:PORT`, `[IPv6]:PORT`).
    pub host: String,
    /// What its fio server said its version is (`fio-3.33`).
    pub fio_version: Option<String>,
    /// Over ssh: what its diskmark said its version is
    /// (`diskmark 0.1.0`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diskmark_version: Option<String>,
    /// Over ssh: its clock minus this machine's, milliseconds, as measured
    /// at its last loop (docs/hosts.md#windows-that-start-together).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock_offset_ms: Option<f64>,
    /// Over ssh: per loop, the I/Os and bytes it counted while every host
    /// measured, which the test's total sums (docs/hosts.md#the-total-over-ssh-hosts).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub in_common: Vec<InCommon>,
    /// Over ssh: per loop, where its window lay on the coordinator's
    /// clock, milliseconds from the first host's start of that loop.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub windows: Vec<WindowSpan>,
    /// Its loops summarised as the test's `result` is (the same loop
    /// statistic).
    pub result: Loop,
    /// Its loops, in order.
    pub loops: Vec<Loop>,
}

/// Where a host's window of a loop lay, milliseconds from the first
/// host's start.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct WindowSpan {
    /// Its start.
    pub start_ms: f64,
    /// Its end: when it was done.
    pub end_ms: f64,
}

/// What a host counted in a loop while every host measured.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct InCommon {
    /// I/Os completed.
    pub ios: u64,
    /// Bytes they moved.
    pub bytes: u64,
}

/// The direction of a test.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Reads only.
    #[default]
    Read,
    /// Writes only.
    Write,
    /// Reads and writes mixed, `read_pct` percent reads.
    Mix,
}

/// Sequential or random.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Pattern {
    /// `SEQ`: one shared cursor per test that wraps at end of file.
    #[default]
    Seq,
    /// `RND`: uniformly random block-aligned offsets.
    Rnd,
}

/// Queue depth and threads.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Qt {
    /// I/Os in flight per thread.
    pub q: u32,
    /// Threads.
    pub t: u32,
}

/// One measure window (or several pooled).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Loop {
    /// Which loop (from 0); null for loops pooled (`mean`).
    pub index: Option<u64>,
    /// The measure window, ns (pooled: the sum of the windows). `None`
    /// only in a file that lacks it.
    #[schemars(with = "u64")]
    pub window_ns: Option<u64>,
    /// Time of the fsync that ended a write window, ns (included in the
    /// window).
    pub fsync_ns: u64,
    /// The reads; null for a write test.
    pub read: Option<Dir>,
    /// The writes; null for a read test.
    pub write: Option<Dir>,
    /// What the result line shows: the direction's own figures, or for Mix
    /// reads and writes together.
    pub total: Dir,
    /// What the device counted over the window (its sysfs statistics);
    /// null when there is no device to ask.
    pub device: Option<DeviceView>,
    /// CPU time over the window; null when /proc/stat could not be read.
    pub cpu: Option<CpuView>,
    /// Throughput over time (about every 100 ms; none for fio runs).
    pub samples: Vec<Sample>,
    /// Time of the window in which diskmark did not run (stopped, frozen,
    /// suspended), ns; above 0 the figures are not to be trusted.
    pub stopped_ns: u64,
}

/// The counts and figures of one direction (or of all I/Os) in a window.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Dir {
    /// I/Os completed in the window. `None` only in a file that lacks it.
    #[schemars(with = "u64")]
    pub ios: Option<u64>,
    /// Bytes they moved.
    pub bytes: u64,
    /// 10^6 bytes per second; null when no I/O completed in the window
    /// (`no_io`): not a figure.
    #[serde(deserialize_with = "figure")]
    pub mbps: Option<f64>,
    /// I/Os per second; null when no I/O completed in the window.
    #[serde(deserialize_with = "figure")]
    pub iops: Option<f64>,
    /// Latency, issue to completion (as fio's lat, not clat), µs; null
    /// when no I/O completed.
    pub lat_us: Option<Latency>,
    /// No I/O completed in the window: there are no figures.
    pub no_io: bool,
}

/// Latency figures, µs.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Latency {
    /// Mean. `None` only in a file that lacks it.
    #[serde(deserialize_with = "figure")]
    #[schemars(with = "f64")]
    pub mean: Option<f64>,
    /// Shortest.
    pub min: f64,
    /// Longest.
    pub max: f64,
    /// Standard deviation.
    pub stddev: f64,
    /// Latencies the figures are made of: one per I/O counted, each
    /// stamped at its own issue and completion (docs/measurement.md#batches).
    /// Absent where none were kept, and in older files.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// Percentiles: `{"1": µs, "5": µs, ... "99.99": µs}`, in ascending
    /// order of the percentile.
    pub percentiles: Percentiles,
}

/// Latency percentiles in ascending order: a JSON object whose keys are
/// the percentiles (`"50"`, `"99.9"`) and values the latencies, µs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Percentiles(pub Vec<Percentile>);

/// One latency percentile.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Percentile {
    /// The percentile, 0..=100 (`99.9`).
    pub p: f64,
    /// The latency below which that share of I/Os completed, µs.
    pub us: f64,
}

impl Percentiles {
    /// The latency at percentile `p`, when it was recorded.
    pub fn at(&self, p: f64) -> Option<f64> {
        self.0.iter().find(|x| x.p == p).map(|x| x.us)
    }
}

impl Serialize for Percentiles {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        // In ascending order: a plain map would sort the keys as strings.
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for x in &self.0 {
            m.serialize_entry(&format!("{}", x.p), &x.us)?;
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for Percentiles {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Percentiles;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of percentiles and latencies")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut m: A,
            ) -> Result<Percentiles, A::Error> {
                let mut v = Vec::new();
                while let Some((k, us)) = m.next_entry::<String, f64>()? {
                    let p = k.parse::<f64>().map_err(|_| {
                        serde::de::Error::custom("has a key that is not a percentile")
                    })?;
                    v.push(Percentile { p, us });
                }
                // Ascending by definition, whatever order the map kept.
                v.sort_by(|a, b| a.p.total_cmp(&b.p));
                Ok(Percentiles(v))
            }
        }
        d.deserialize_map(Visit)
    }
}

impl JsonSchema for Percentiles {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Percentiles".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Latency percentiles: the keys are the percentiles (\"50\", \"99.9\"), in ascending order, the values the latencies, µs.",
            "type": "object",
            "propertyNames": { "pattern": "^[0-9]+(\\.[0-9]+)?$" },
            "additionalProperties": generator.subschema_for::<f64>(),
        })
    }
}

/// What a figure that is no number is called when a file is refused.
pub const NOT_A_NUMBER: &str = "is not a number";

/// A figure: a number, or null (or absent) for none. Anything else is
/// refused as [`NOT_A_NUMBER`], a sentence that names no file text.
fn figure<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    struct Visit;
    impl<'de> serde::de::Visitor<'de> for Visit {
        type Value = Option<f64>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a number or null")
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            d.deserialize_any(Visit)
        }
        fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Self::Value, E> {
            Ok(Some(v))
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Self::Value, E> {
            Ok(Some(v as f64))
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Self::Value, E> {
            Ok(Some(v as f64))
        }
        fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Self::Value, E> {
            Err(E::custom(NOT_A_NUMBER))
        }
        fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<Self::Value, E> {
            Err(E::custom(NOT_A_NUMBER))
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, _: A) -> Result<Self::Value, A::Error> {
            Err(serde::de::Error::custom(NOT_A_NUMBER))
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, _: A) -> Result<Self::Value, A::Error> {
            Err(serde::de::Error::custom(NOT_A_NUMBER))
        }
    }
    d.deserialize_any(Visit)
}

/// What the device counted over a window (its sysfs statistics).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct DeviceView {
    /// Reads the device completed.
    pub read_ios: u64,
    /// Writes the device completed.
    pub write_ios: u64,
    /// Bytes read.
    pub read_bytes: u64,
    /// Bytes written.
    pub write_bytes: u64,
    /// Δ weighted time in queue / window: the device's mean queue depth.
    pub avg_queue_depth: f64,
    /// Time between the two readings, ns.
    pub span_ns: u64,
}

/// CPU time over a window, seconds.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct CpuView {
    /// diskmark's own user time (all its threads).
    pub process_user_s: f64,
    /// diskmark's own system time (all its threads).
    pub process_system_s: f64,
    /// The whole machine's user time.
    pub user_s: f64,
    /// The whole machine's system time.
    pub system_s: f64,
    /// The whole machine's steal time: a hypervisor running others.
    pub steal_s: f64,
    /// All the machine's CPU time over the span, busy or idle.
    pub total_s: f64,
    /// The CPUs /proc/stat sums over.
    pub machine_cpus: u64,
    /// Busy share (user, system, steal) of `total_s`, 0..=1; null when
    /// `total_s` is 0.
    pub busy_share: Option<f64>,
}

/// Throughput of one slice of a window (reads and writes together).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Sample {
    /// End of the slice, seconds after the window's start.
    pub t_s: f64,
    /// 10^6 bytes/s over the slice.
    pub mbps: f64,
    /// I/Os per second over the slice.
    pub iops: f64,
    /// The drive's temperature, °C, when a reading came with this slice
    /// (about every 0.5 s); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub temp_c: Option<f64>,
}

/// The spread of the loops' headline figures.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Across {
    /// Of MB/s; null when no loop has figures.
    pub mbps: Option<Spread>,
    /// Of IOPS; null when no loop has figures.
    pub iops: Option<Spread>,
    /// Of the mean latency, µs; null when no loop has figures.
    pub mean_lat_us: Option<Spread>,
}

/// Minimum, median, maximum, mean and standard deviation of some values,
/// and the 95 % confidence interval of their mean.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Spread {
    /// The smallest.
    pub min: f64,
    /// The median.
    pub median: f64,
    /// The largest.
    pub max: f64,
    /// The arithmetic mean; absent in files written before it was added.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean: Option<f64>,
    /// Sample standard deviation (n − 1); 0 for one value.
    pub stddev: f64,
    /// Half-width of the 95 % confidence interval of the mean, percent of
    /// the mean (Student's t over the loops, n − 1 degrees of freedom;
    /// docs/measurement.md#repeatability). Absent for one loop.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ci95_pct: Option<f64>,
}

impl Test {
    /// `read`, `write`, `mix70` (a Mix test with its read share): how
    /// flat tables and compare name the direction; `?` when unknown.
    pub fn direction_label(&self) -> String {
        match (self.direction, self.read_pct) {
            (Some(Direction::Mix), Some(p)) => format!("mix{p}"),
            (Some(Direction::Read), _) => "read".into(),
            (Some(Direction::Write), _) => "write".into(),
            (Some(Direction::Mix), None) => "mix".into(),
            (None, _) => "?".into(),
        }
    }
}
