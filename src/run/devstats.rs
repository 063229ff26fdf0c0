//! The device's and the CPU's view of a window (docs/measurement.md#device-view-and-cpu-view): block-layer
//! counters from sysfs (the same numbers as /proc/diskstats) and CPU time
//! from /proc/stat, read around each measure window.

use crate::stats::{CpuView, DeviceView};
use std::path::Path;

/// One reading of a block device's counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DiskCounters {
    read_ios: u64,
    read_sectors: u64,
    write_ios: u64,
    write_sectors: u64,
    /// Weighted milliseconds spent with I/O in the queue.
    time_in_queue_ms: u64,
}

/// Parses a sysfs `stat` line (or the fields of a /proc/diskstats line after
/// the device name).
pub fn parse_disk_stat(text: &str) -> Option<DiskCounters> {
    let f: Vec<u64> = text
        .split_whitespace()
        .map(|x| x.parse().ok())
        .collect::<Option<_>>()?;
    if f.len() < 11 {
        return None;
    }
    Some(DiskCounters {
        read_ios: f[0],
        read_sectors: f[2],
        write_ios: f[4],
        write_sectors: f[6],
        time_in_queue_ms: f[10],
    })
}

/// Reads the counters of the device whose sysfs directory is `sys_dir`.
pub fn read_disk(sys_dir: &Path) -> Option<DiskCounters> {
    parse_disk_stat(&std::fs::read_to_string(sys_dir.join("stat")).ok()?)
}

impl DiskCounters {
    /// What happened between `self` and `later`, over `window_ns`.
    pub fn delta(&self, later: &DiskCounters, window_ns: u64) -> DeviceView {
        let ms = window_ns as f64 / 1e6;
        DeviceView {
            read_ios: later.read_ios.saturating_sub(self.read_ios),
            write_ios: later.write_ios.saturating_sub(self.write_ios),
            read_bytes: later.read_sectors.saturating_sub(self.read_sectors) * 512,
            write_bytes: later.write_sectors.saturating_sub(self.write_sectors) * 512,
            avg_queue_depth: if ms > 0.0 {
                later.time_in_queue_ms.saturating_sub(self.time_in_queue_ms) as f64 / ms
            } else {
                0.0
            },
            span_ns: window_ns,
        }
    }
}

/// One reading of CPU time, in clock ticks: the machine's and this
/// process's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CpuCounters {
    machine: MachineCpu,
    process_user: u64,
    process_system: u64,
    /// CLOCK_BOOTTIME (/proc/uptime), ns: unlike the monotonic clock it
    /// runs on while the machine is suspended.
    boottime_ns: Option<u64>,
}

/// The machine's CPU time from /proc/stat's `cpu ` line, in clock ticks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MachineCpu {
    /// user + nice.
    pub user: u64,
    /// system + irq + softirq.
    pub system: u64,
    /// steal.
    pub steal: u64,
    /// Every field but guest time (already in user): busy and idle.
    pub total: u64,
    /// The `cpuN` lines: the CPUs these times are summed over.
    pub cpus: usize,
}

/// Parses /proc/stat: the first (`cpu `) line and the number of CPUs.
pub fn parse_cpu_stat(text: &str) -> Option<MachineCpu> {
    let line = text.lines().find(|l| l.starts_with("cpu "))?;
    let f: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .map(|x| x.parse().ok())
        .collect::<Option<_>>()?;
    let at = |i: usize| f.get(i).copied().unwrap_or(0);
    let cpus = text
        .lines()
        .filter(|l| l.starts_with("cpu") && l.as_bytes().get(3).is_some_and(u8::is_ascii_digit))
        .count();
    // user nice system idle iowait irq softirq steal guest guest_nice;
    // guest time is counted in user already.
    Some(MachineCpu {
        user: f.first()? + f.get(1)?,
        system: f.get(2)? + at(5) + at(6),
        steal: at(7),
        total: (0..8).map(at).sum(),
        cpus: cpus.max(1),
    })
}

/// Parses /proc/self/stat: `(utime, stime)` of the whole process (all
/// threads, also those that ended).
pub fn parse_self_stat(text: &str) -> Option<(u64, u64)> {
    // The command name may hold spaces and parentheses: fields start after
    // the last ')'. utime and stime are fields 14 and 15 (1-based), so the
    // 12th and 13th after the name.
    let rest = &text[text.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    Some((f.get(11)?.parse().ok()?, f.get(12)?.parse().ok()?))
}

/// Parses /proc/uptime: seconds since boot, suspend included, in ns.
pub fn parse_uptime(text: &str) -> Option<u64> {
    let secs: f64 = text.split_whitespace().next()?.parse().ok()?;
    (secs.is_finite() && secs >= 0.0).then_some((secs * 1e9) as u64)
}

/// Reads /proc/stat, /proc/self/stat and /proc/uptime.
pub fn read_cpu() -> Option<CpuCounters> {
    let machine = parse_cpu_stat(&std::fs::read_to_string("/proc/stat").ok()?)?;
    let (process_user, process_system) =
        parse_self_stat(&std::fs::read_to_string("/proc/self/stat").ok()?)?;
    Some(CpuCounters {
        machine,
        process_user,
        process_system,
        boottime_ns: std::fs::read_to_string("/proc/uptime")
            .ok()
            .as_deref()
            .and_then(parse_uptime),
    })
}

impl CpuCounters {
    /// CPU seconds between `self` and `later`, `span_ns` apart on the
    /// monotonic clock.
    pub fn delta(&self, later: &CpuCounters, span_ns: u64) -> CpuView {
        let hz = rustix::param::clock_ticks_per_second() as f64;
        let s = |a: u64, b: u64| b.saturating_sub(a) as f64 / hz;
        let (m0, m1) = (&self.machine, &later.machine);
        CpuView {
            process_user_s: s(self.process_user, later.process_user),
            process_system_s: s(self.process_system, later.process_system),
            user_s: s(m0.user, m1.user),
            system_s: s(m0.system, m1.system),
            steal_s: s(m0.steal, m1.steal),
            total_s: s(m0.total, m1.total),
            machine_cpus: m1.cpus,
            span_s: span_ns as f64 / 1e9,
        }
    }

    /// How long the machine was suspended between `self` and `later`, ns:
    /// the boot-time clock ran on, the monotonic clock (`span_ns`) did not.
    /// /proc/uptime has 10 ms steps, hence the margin.
    pub fn suspended_ns(&self, later: &CpuCounters, span_ns: u64) -> u64 {
        const MARGIN_NS: u64 = 50_000_000;
        match (self.boottime_ns, later.boottime_ns) {
            (Some(a), Some(b)) => {
                let gap = b.saturating_sub(a).saturating_sub(span_ns);
                if gap > MARGIN_NS { gap } else { 0 }
            }
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disk_delta() {
        let a = parse_disk_stat("100 0 800 50 10 0 80 5 0 60 1000 0 0 0 0").unwrap();
        let b = parse_disk_stat("1100 0 8800 550 30 0 240 25 2 560 1900 0 0 0 0").unwrap();
        let v = a.delta(&b, 100_000_000);
        assert_eq!(v.read_ios, 1000);
        assert_eq!(v.read_bytes, 8000 * 512);
        assert_eq!(v.write_ios, 20);
        assert_eq!(v.write_bytes, 160 * 512);
        assert!((v.avg_queue_depth - 9.0).abs() < 1e-9);
        assert!(parse_disk_stat("1 2 3").is_none());
        assert!(parse_disk_stat("a b c d e f g h i j k").is_none());
    }

    #[test]
    fn cpu_delta() {
        let m0 = parse_cpu_stat("cpu  100 0 50 1000 0 0 0 3 0 0\ncpu0 1 2 3\ncpu1 1\n").unwrap();
        let m1 = parse_cpu_stat("cpu  200 0 80 1000 0 5 5 4 0 0\ncpu0 1\ncpu1 1\n").unwrap();
        assert_eq!((m0.cpus, m0.total), (2, 1153));
        let a = CpuCounters {
            machine: m0,
            process_user: 10,
            process_system: 20,
            boottime_ns: Some(1_000_000_000),
        };
        let b = CpuCounters {
            machine: m1,
            process_user: 60,
            process_system: 21,
            boottime_ns: Some(4_000_000_000),
        };
        let hz = rustix::param::clock_ticks_per_second() as f64;
        let v = a.delta(&b, 1_000_000_000);
        assert!((v.total_s - 141.0 / hz).abs() < 1e-9);
        assert_eq!(v.machine_cpus, 2);
        // 3 s of boot time in 1 s of monotonic time: 2 s suspended.
        assert_eq!(a.suspended_ns(&b, 1_000_000_000), 2_000_000_000);
        assert_eq!(a.suspended_ns(&b, 2_990_000_000), 0);
        assert_eq!(parse_uptime("12.34 56.78\n"), Some(12_340_000_000));
        assert!((v.user_s - 100.0 / hz).abs() < 1e-9);
        assert!((v.system_s - 40.0 / hz).abs() < 1e-9);
        assert!((v.steal_s - 1.0 / hz).abs() < 1e-9);
        assert!((v.process_user_s - 50.0 / hz).abs() < 1e-9);
        assert!((v.process_system_s - 1.0 / hz).abs() < 1e-9);
        assert!(parse_cpu_stat("intr 1 2").is_none());
        assert!(read_cpu().is_some());
    }

    #[test]
    fn self_stat_with_a_strange_name() {
        let line =
            "1234 (my (odd) prog) S 1 1234 1234 0 -1 4194560 100 0 0 0 77 33 0 0 20 0 3 0 1 2 3";
        assert_eq!(parse_self_stat(line), Some((77, 33)));
        assert_eq!(parse_self_stat("garbage"), None);
    }
}
