//! The drive's temperature sensor, from sysfs (docs/measurement.md#temperature):
//! an NVMe controller's hwmon (`nvme`) or a SATA disk's `drivetemp`, found
//! from the disk's sysfs directory, the same walk that finds its model. A
//! disk with neither has no temperature, and no figure is made up for it.
//!
//! Also what a test or `sustained` keeps of the readings ([`ThermalTrack`])
//! and the throttling detector ([`throttling`]).

use std::path::{Path, PathBuf};

/// Environment variable naming a hwmon-like directory (`name`,
/// `temp1_input`, `temp1_max`, `temp1_crit`) to use as every disk's sensor.
/// For tests only: it is honoured only for a directory whose name starts
/// with [`FIXTURE_PREFIX`] inside the system's temporary directory, so that
/// it cannot stand for a real drive's sensor by accident.
pub const TEST_HWMON: &str = "DISKMARK_TEST_HWMON";

/// How the name of a [`TEST_HWMON`] directory starts.
pub const FIXTURE_PREFIX: &str = "diskmark-hwmon-fixture";

/// A reading outside this range, °C, is no reading: a sensor that is not
/// implemented reports 0 K or a saturated value.
const PLAUSIBLE_C: std::ops::RangeInclusive<f64> = -60.0..=200.0;

/// Which driver exposes the sensor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SensorKind {
    /// The NVMe driver's hwmon: the controller's composite temperature,
    /// `temp1_max` its warning threshold, `temp1_crit` its critical one.
    Nvme,
    /// The `drivetemp` driver of ATA disks (SCT or SMART), `temp1_max` the
    /// highest recommended continuous operating temperature.
    Drivetemp,
}

impl SensorKind {
    /// The hwmon `name` of the driver.
    pub fn name(self) -> &'static str {
        match self {
            SensorKind::Nvme => "nvme",
            SensorKind::Drivetemp => "drivetemp",
        }
    }
}

/// A drive's temperature sensor: its hwmon directory and thresholds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sensor {
    /// The driver behind it.
    pub kind: SensorKind,
    /// The hwmon directory (`.../nvme0/hwmon2`).
    pub dir: PathBuf,
    /// `temp1_max`, millidegrees Celsius: the warning threshold.
    pub warning_mc: Option<i64>,
    /// `temp1_crit`, millidegrees Celsius: the critical threshold.
    pub critical_mc: Option<i64>,
}

/// Millidegrees from a hwmon attribute, when it is a plausible one.
fn read_mc(path: &Path) -> Option<i64> {
    let s = std::fs::read_to_string(path).ok()?;
    let mc: i64 = s.trim().parse().ok()?;
    PLAUSIBLE_C.contains(&(mc as f64 / 1000.0)).then_some(mc)
}

impl Sensor {
    /// The sensor of the disk whose sysfs directory is `disk_dir`
    /// (`/sys/block/nvme0n1`, `/sys/block/sda`, or the same under another
    /// sysfs root), or the [`TEST_HWMON`] fixture when a test names one.
    pub fn find(disk_dir: &Path) -> Option<Sensor> {
        if let Some(s) = fixture() {
            return Some(s);
        }
        let device = disk_dir.join("device");
        // NVMe: hwmonN right under the controller the namespace's `device`
        // names. drivetemp: hwmon/hwmonN under the SCSI device. A multipath
        // NVMe namespace's `device` is its subsystem, which lists its
        // controllers as nvmeN.
        let mut candidates = hwmon_dirs(&device);
        candidates.extend(hwmon_dirs(&device.join("hwmon")));
        candidates.extend(children(&device, "nvme").iter().flat_map(|c| hwmon_dirs(c)));
        candidates.into_iter().find_map(|d| Sensor::at(&d))
    }

    /// The sensor of hwmon directory `dir`, when it is a drive's (`name`
    /// is `nvme` or `drivetemp`) and has a `temp1_input`.
    pub fn at(dir: &Path) -> Option<Sensor> {
        let name = std::fs::read_to_string(dir.join("name")).ok()?;
        let kind = match name.trim() {
            "nvme" => SensorKind::Nvme,
            "drivetemp" => SensorKind::Drivetemp,
            _ => return None,
        };
        dir.join("temp1_input").is_file().then(|| Sensor {
            kind,
            dir: dir.to_path_buf(),
            warning_mc: read_mc(&dir.join("temp1_max")),
            critical_mc: read_mc(&dir.join("temp1_crit")),
        })
    }

    /// The temperature now, °C; `None` when the sensor did not answer with
    /// a plausible value. Reading an NVMe sensor asks the drive (a log
    /// page), so it is read off the I/O path, every half second at most.
    pub fn read_c(&self) -> Option<f64> {
        self.read_mc().map(|mc| mc as f64 / 1000.0)
    }

    /// The temperature now, millidegrees Celsius.
    pub fn read_mc(&self) -> Option<i64> {
        read_mc(&self.dir.join("temp1_input"))
    }

    /// The warning threshold (`temp1_max`), °C.
    pub fn warning_c(&self) -> Option<f64> {
        self.warning_mc.map(|mc| mc as f64 / 1000.0)
    }

    /// The critical threshold (`temp1_crit`), °C.
    pub fn critical_c(&self) -> Option<f64> {
        self.critical_mc.map(|mc| mc as f64 / 1000.0)
    }
}

/// `hwmonN` directories directly in `dir`, in name order.
fn hwmon_dirs(dir: &Path) -> Vec<PathBuf> {
    children(dir, "hwmon")
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| n.len() > "hwmon".len()))
        .collect()
}

/// Entries of `dir` whose name is `prefix` and a number, in name order.
fn children(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter(|e| {
                    let n = e.file_name();
                    let n = n.to_string_lossy();
                    n.strip_prefix(prefix)
                        .is_some_and(|rest| rest.chars().all(|c| c.is_ascii_digit()))
                })
                .map(|e| e.path())
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// The [`TEST_HWMON`] fixture, when it is set to a fixture directory in
/// the temporary directory.
fn fixture() -> Option<Sensor> {
    let named = PathBuf::from(crate::testing::var_os(TEST_HWMON)?);
    let dir = std::fs::canonicalize(named).ok()?;
    let tmp = std::fs::canonicalize(std::env::temp_dir()).ok()?;
    let is_fixture = dir.starts_with(&tmp)
        && dir.ancestors().any(|a| {
            a.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(FIXTURE_PREFIX))
        });
    is_fixture.then(|| Sensor::at(&dir)).flatten()
}

/// One temperature reading: seconds from the start of what was tracked.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TempPoint {
    /// When, seconds.
    pub t_s: f64,
    /// The temperature, °C.
    pub temp_c: f64,
}

/// The readings over a test or a `sustained` fill, with their extremes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ThermalTrack {
    points: Vec<TempPoint>,
}

impl ThermalTrack {
    /// Keeps a reading taken at `t_s`.
    pub fn record(&mut self, t_s: f64, temp_c: f64) {
        self.points.push(TempPoint { t_s, temp_c });
    }

    /// Every reading, in the order recorded.
    pub fn points(&self) -> &[TempPoint] {
        &self.points
    }

    /// The lowest reading; `None` without readings.
    pub fn min_c(&self) -> Option<f64> {
        self.points.iter().map(|p| p.temp_c).reduce(f64::min)
    }

    /// The highest reading; `None` without readings.
    pub fn max_c(&self) -> Option<f64> {
        self.points.iter().map(|p| p.temp_c).reduce(f64::max)
    }
}

/// One throughput sample with the temperature read with it, if one was.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slice {
    /// 10^6 bytes/s over the sample.
    pub mbps: f64,
    /// The reading that came with the sample, °C.
    pub temp_c: Option<f64>,
}

/// What [`throttling`] found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Throttling {
    /// The warning threshold, °C.
    pub warning_c: f64,
    /// The highest reading, °C.
    pub peak_c: f64,
    /// Median MB/s of the samples before the drive reached the threshold.
    pub before_mbps: f64,
    /// Median MB/s of the samples while it was at or above it.
    pub hot_mbps: f64,
}

/// Throughput has fallen when the hot median is at most this share of the
/// median before (docs/measurement.md#temperature).
pub const FELL_TO: f64 = 0.8;

/// Samples needed on each side (before, hot) to compare medians.
pub const MIN_SLICES: usize = 3;

/// Whether the temperature reached `warning_c` and the throughput fell
/// while it was there (docs/measurement.md#temperature). Each sample has
/// the temperature of the last reading at or before it (samples before the
/// first reading have none and are left out). The samples before the first
/// one at or above `warning_c` are the baseline; those at or above it are
/// hot. Throughput fell when the median of the hot ones is at most
/// [`FELL_TO`] of the baseline's, with at least [`MIN_SLICES`] of each.
pub fn throttling(slices: &[Slice], warning_c: f64) -> Option<Throttling> {
    let mut current: Option<f64> = None;
    let (mut before, mut hot) = (Vec::new(), Vec::new());
    let mut peak = f64::MIN;
    for s in slices {
        if let Some(c) = s.temp_c {
            current = Some(c);
            peak = peak.max(c);
        }
        let Some(c) = current else { continue };
        if c >= warning_c {
            hot.push(s.mbps);
        } else if hot.is_empty() {
            before.push(s.mbps);
        }
    }
    if before.len() < MIN_SLICES || hot.len() < MIN_SLICES {
        return None;
    }
    let (before_mbps, hot_mbps) = (median(&mut before), median(&mut hot));
    (hot_mbps <= FELL_TO * before_mbps).then_some(Throttling {
        warning_c,
        peak_c: peak,
        before_mbps,
        hot_mbps,
    })
}

/// The median of some values (the mean of the middle two for an even
/// count); the caller makes sure there is at least one.
fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slices(v: &[(f64, Option<f64>)]) -> Vec<Slice> {
        v.iter()
            .map(|&(mbps, temp_c)| Slice { mbps, temp_c })
            .collect()
    }

    #[test]
    fn a_fall_while_hot_is_throttling() {
        let s = slices(&[
            (1000.0, Some(60.0)),
            (1010.0, None),
            (990.0, None),
            (1000.0, Some(71.0)),
            (500.0, None),
            (480.0, None),
            (470.0, Some(73.0)),
        ]);
        let t = throttling(&s, 70.0).unwrap();
        assert_eq!(t.before_mbps, 1000.0);
        assert_eq!(t.hot_mbps, 490.0);
        assert_eq!(t.peak_c, 73.0);
    }

    #[test]
    fn hot_without_a_fall_or_a_baseline_is_not() {
        // Hot, but the throughput held (falls to 85 %: not 80 %).
        let held = slices(&[
            (1000.0, Some(60.0)),
            (1000.0, None),
            (1000.0, None),
            (850.0, Some(71.0)),
            (850.0, None),
            (850.0, None),
        ]);
        assert_eq!(throttling(&held, 70.0), None);
        // Hot from the first reading: nothing to say it fell from.
        let no_base = slices(&[(1000.0, Some(75.0)), (100.0, None), (100.0, None)]);
        assert_eq!(throttling(&no_base, 70.0), None);
        // A fall that never reached the threshold.
        let cool = slices(&[
            (1000.0, Some(50.0)),
            (1000.0, None),
            (1000.0, None),
            (100.0, Some(69.9)),
            (100.0, None),
            (100.0, None),
        ]);
        assert_eq!(throttling(&cool, 70.0), None);
        // Samples before the first reading count for nothing.
        let late = slices(&[
            (1000.0, None),
            (1000.0, None),
            (1000.0, None),
            (100.0, Some(75.0)),
            (100.0, None),
            (100.0, None),
        ]);
        assert_eq!(throttling(&late, 70.0), None);
    }

    #[test]
    fn a_track_keeps_its_extremes() {
        let mut t = ThermalTrack::default();
        assert_eq!((t.min_c(), t.max_c()), (None, None));
        t.record(0.5, 41.0);
        t.record(1.0, 47.5);
        t.record(1.5, 44.0);
        assert_eq!((t.min_c(), t.max_c()), (Some(41.0), Some(47.5)));
        assert_eq!(t.points().len(), 3);
    }

    #[test]
    fn implausible_readings_are_none() {
        let d = tempfile::tempdir().unwrap();
        for (v, want) in [
            ("45000\n", Some(45000)),
            ("-273150\n", None),
            ("x", None),
            ("", None),
        ] {
            std::fs::write(d.path().join("t"), v).unwrap();
            assert_eq!(read_mc(&d.path().join("t")), want, "{v:?}");
        }
    }
}
