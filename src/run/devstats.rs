//! The device's and the CPU's view of a window (DESIGN §3): block-layer
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
    user: u64,
    system: u64,
    steal: u64,
    process_user: u64,
    process_system: u64,
}

/// Parses the first (`cpu `) line of /proc/stat: `(user, system, steal)`.
pub fn parse_cpu_stat(text: &str) -> Option<(u64, u64, u64)> {
    let line = text.lines().find(|l| l.starts_with("cpu "))?;
    let f: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .map(|x| x.parse().ok())
        .collect::<Option<_>>()?;
    // user nice system idle iowait irq softirq steal ...
    Some((
        f.first()? + f.get(1)?,
        f.get(2)? + f.get(5).unwrap_or(&0) + f.get(6).unwrap_or(&0),
        *f.get(7).unwrap_or(&0),
    ))
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

/// Reads /proc/stat and /proc/self/stat.
pub fn read_cpu() -> Option<CpuCounters> {
    let (user, system, steal) = parse_cpu_stat(&std::fs::read_to_string("/proc/stat").ok()?)?;
    let (process_user, process_system) =
        parse_self_stat(&std::fs::read_to_string("/proc/self/stat").ok()?)?;
    Some(CpuCounters {
        user,
        system,
        steal,
        process_user,
        process_system,
    })
}

impl CpuCounters {
    /// CPU seconds between `self` and `later`.
    pub fn delta(&self, later: &CpuCounters) -> CpuView {
        let hz = rustix::param::clock_ticks_per_second() as f64;
        let s = |a: u64, b: u64| b.saturating_sub(a) as f64 / hz;
        CpuView {
            process_user_s: s(self.process_user, later.process_user),
            process_system_s: s(self.process_system, later.process_system),
            user_s: s(self.user, later.user),
            system_s: s(self.system, later.system),
            steal_s: s(self.steal, later.steal),
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
        let (u0, s0, st0) = parse_cpu_stat("cpu  100 0 50 1000 0 0 0 3 0 0\ncpu0 1 2 3\n").unwrap();
        let (u1, s1, st1) = parse_cpu_stat("cpu  200 0 80 1000 0 5 5 4 0 0\n").unwrap();
        let a = CpuCounters {
            user: u0,
            system: s0,
            steal: st0,
            process_user: 10,
            process_system: 20,
        };
        let b = CpuCounters {
            user: u1,
            system: s1,
            steal: st1,
            process_user: 60,
            process_system: 21,
        };
        let hz = rustix::param::clock_ticks_per_second() as f64;
        let v = a.delta(&b);
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
