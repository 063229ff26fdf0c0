//! Memory before the test file exists (docs/measurement.md#limits). Under
//! RLIMIT_AS or RLIMIT_DATA (`ulimit -v`, `prlimit --as`), a heap
//! allocation that fails aborts the process; under a memory cgroup's limit
//! (v1 `memory.limit_in_bytes`, v2 `memory.max`) or past what the machine
//! has (MemAvailable), the OOM killer ends it with SIGKILL. Neither can
//! remove the test file. So the run's own needs (I/O buffers, worker
//! stacks, a margin for the heap) are checked against what each of these
//! leaves, and a run that would not fit is refused before anything is
//! created.

use super::error::RunError;
use crate::plan::PlannedTest;
use crate::units::MIB;
use rustix::process::{Resource, getrlimit};

/// Stack of a worker thread: its state lives on the heap.
pub(crate) const WORKER_STACK: usize = 256 * 1024;

/// Room for everything not counted per test: the heap's arenas and
/// growth, the report, io_uring rings, glibc's aio helpers.
const MARGIN: u64 = 24 * MIB;
/// Per worker thread beyond its stack: its guard page, signal stack, heap.
const PER_THREAD: u64 = MIB / 2;
/// The pre-fill's buffer.
const PREFILL: u64 = 4 * MIB;

/// Bytes of address space the largest test of `plans` needs on `file_size`.
pub(crate) fn need(plans: &[PlannedTest], file_size: u64, verify: bool) -> u64 {
    let most = plans
        .iter()
        .map(|p| {
            let bs = p.requested.block_size;
            let threads = u64::from(p.t);
            let buffers = u64::from(p.q) * threads * bs;
            let stacks = threads * (WORKER_STACK as u64 + PER_THREAD);
            // --verify: a sequence and a claim bit per block.
            let map = if verify { file_size / bs * 9 } else { 0 };
            buffers + stacks + map
        })
        .max()
        .unwrap_or(0);
    most.max(PREFILL) + MARGIN
}

/// Refuses the run when RLIMIT_AS or RLIMIT_DATA leave less than `need`.
pub(crate) fn check(need: u64) -> Result<(), RunError> {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let used = |key: &str| -> Option<u64> {
        let line = status.lines().find(|l| l.starts_with(key))?;
        let kib: u64 = line[key.len()..]
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()?;
        Some(kib * 1024)
    };
    for (resource, key, name) in [
        (Resource::As, "VmSize:", "RLIMIT_AS, `ulimit -v`"),
        (Resource::Data, "VmData:", "RLIMIT_DATA, `ulimit -d`"),
    ] {
        let (Some(limit), Some(used)) = (getrlimit(resource).current, used(key)) else {
            continue;
        };
        let free = limit.saturating_sub(used);
        if free < need {
            return Err(RunError::AddressSpace {
                limit: format!("{} ({name})", crate::units::human_bytes(limit)),
                free: crate::units::human_bytes(free),
                need: crate::units::human_bytes(need),
            });
        }
    }
    for room in cgroup_rooms().into_iter().chain(mem_available()) {
        if room.free < need {
            return Err(RunError::Memory {
                limit: room.what,
                free: crate::units::human_bytes(room.free),
                need: crate::units::human_bytes(need),
            });
        }
    }
    Ok(())
}

/// Memory one limit leaves this process: which limit (its value, where
/// it is set), and the bytes it leaves.
#[derive(Debug, PartialEq)]
struct Room {
    what: String,
    free: u64,
}

/// A v1 limit this large is "no limit" (the kernel's page-rounded
/// LONG_MAX).
const V1_UNLIMITED: u64 = 1 << 60;

/// The room each memory cgroup leaves, from this process's own group up to
/// the hierarchy's root: its limit less its usage, the usage less the
/// inactive file cache (which the kernel reclaims before it kills).
/// Nothing where no memory controller is mounted or it cannot be read.
fn cgroup_rooms() -> Vec<Room> {
    let own = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let mounts = std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    let Some(group) = memory_group(&own, &mounts) else {
        return Vec::new();
    };
    let mut rooms = Vec::new();
    let mut dir = group.dir.as_path();
    loop {
        rooms.extend(room_of(dir, group.v2));
        if dir == group.mount {
            break;
        }
        match dir.parent() {
            Some(p) if p.starts_with(&group.mount) => dir = p,
            _ => break,
        }
    }
    rooms
}

/// The memory cgroup of this process: its directory, the hierarchy's mount
/// point, and whether it is cgroup v2.
#[derive(Debug, PartialEq)]
struct Group {
    dir: std::path::PathBuf,
    mount: std::path::PathBuf,
    v2: bool,
}

/// Finds this process's memory cgroup from `/proc/self/cgroup` (`own`)
/// and `/proc/self/mountinfo` (`mounts`): the v1 hierarchy with the memory
/// controller if there is one, else the v2 one.
fn memory_group(own: &str, mounts: &str) -> Option<Group> {
    let v1 = own.lines().find_map(|l| {
        let mut f = l.splitn(3, ':');
        let (_, ctrl, path) = (f.next()?, f.next()?, f.next()?);
        ctrl.split(',').any(|c| c == "memory").then_some(path)
    });
    let v2 = own.lines().find_map(|l| l.strip_prefix("0::"));
    let (path, v2_group) = match (v1, v2) {
        (Some(p), _) => (p, false),
        (None, Some(p)) => (p, true),
        (None, None) => return None,
    };
    mounts.lines().find_map(|l| {
        let (left, right) = l.split_once(" - ")?;
        let f: Vec<&str> = left.split(' ').collect();
        let r: Vec<&str> = right.split(' ').collect();
        let (root, point) = (*f.get(3)?, *f.get(4)?);
        let fits = match (v2_group, *r.first()?) {
            (false, "cgroup") => r.get(2)?.split(',').any(|o| o == "memory"),
            (true, "cgroup2") => true,
            _ => false,
        };
        let rel = path.strip_prefix(root.trim_end_matches('/'))?;
        let mount = std::path::PathBuf::from(unescape(point));
        fits.then(|| Group {
            dir: mount.join(rel.trim_start_matches('/')),
            mount,
            v2: v2_group,
        })
    })
}

/// A mountinfo path with its octal escapes (`\040` for a space) undone.
fn unescape(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let oct = b.get(i + 1..i + 4).and_then(|d| {
            let t = std::str::from_utf8(d).ok()?;
            u8::from_str_radix(t, 8).ok()
        });
        match (b[i], oct) {
            (b'\\', Some(c)) => {
                out.push(c);
                i += 4;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The room the memory cgroup at `dir` leaves, when it has a limit.
fn room_of(dir: &std::path::Path, v2: bool) -> Option<Room> {
    let read = |f: &str| std::fs::read_to_string(dir.join(f)).ok();
    let (limit_file, usage_file, cache_key) = if v2 {
        ("memory.max", "memory.current", "inactive_file")
    } else {
        (
            "memory.limit_in_bytes",
            "memory.usage_in_bytes",
            "total_inactive_file",
        )
    };
    // "max" (v2) or a huge number (v1): no limit here.
    let limit: u64 = read(limit_file)?.trim().parse().ok()?;
    if limit >= V1_UNLIMITED {
        return None;
    }
    let usage: u64 = read(usage_file)?.trim().parse().ok()?;
    let cache: u64 = read("memory.stat")
        .and_then(|st| {
            st.lines().find_map(|l| {
                let (k, v) = l.split_once(' ')?;
                (k == cache_key).then(|| v.trim().parse().ok())?
            })
        })
        .unwrap_or(0);
    let used = usage.saturating_sub(cache);
    Some(Room {
        what: format!(
            "memory cgroup {}'s limit of {} ({limit_file}, {} in use)",
            shown(dir),
            crate::units::human_bytes(limit),
            crate::units::human_bytes(used)
        ),
        free: limit.saturating_sub(used),
    })
}

/// A cgroup's directory as a sentence may show it: its control characters
/// escaped (a group's name is anyone's text; `outputs::printable` is a
/// layer above `run`).
fn shown(dir: &std::path::Path) -> String {
    dir.to_string_lossy()
        .chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect()
}

/// What the machine has left: MemAvailable from /proc/meminfo.
fn mem_available() -> Option<Room> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib: u64 = info
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    let free = kib.saturating_mul(1024);
    Some(Room {
        what: format!(
            "machine's available memory of {} (MemAvailable in /proc/meminfo)",
            crate::units::human_bytes(free)
        ),
        free,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_memory_cgroup_is_found_from_cgroup_and_mountinfo() {
        let mounts = "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n\
                      41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";
        let v1 = "4:memory:/jobs/a\n0::/\n";
        assert_eq!(
            memory_group(v1, mounts),
            Some(Group {
                dir: "/sys/fs/cgroup/memory/jobs/a".into(),
                mount: "/sys/fs/cgroup/memory".into(),
                v2: false
            })
        );
        // v2 only; a container whose view is rooted below the hierarchy.
        let mounts = "30 1 0:26 /box /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n";
        assert_eq!(
            memory_group("0::/box/run\n", mounts),
            Some(Group {
                dir: "/sys/fs/cgroup/run".into(),
                mount: "/sys/fs/cgroup".into(),
                v2: true
            })
        );
        assert_eq!(memory_group("", mounts), None);
        assert_eq!(unescape("/a\\040b"), "/a b");
    }

    #[test]
    fn a_cgroup_s_room_is_its_limit_less_what_is_used_but_cache() {
        let dir = tempfile::tempdir().unwrap();
        let w = |f: &str, t: &str| std::fs::write(dir.path().join(f), t).unwrap();
        w("memory.max", "67108864\n");
        w("memory.current", "20971520\n");
        w("memory.stat", "anon 1\ninactive_file 4194304\n");
        let r = room_of(dir.path(), true).unwrap();
        assert_eq!(r.free, 64 * MIB - 16 * MIB);
        assert!(
            r.what
                .contains("limit of 64.00 MiB (memory.max, 16.00 MiB in use)"),
            "{r:?}"
        );
        w("memory.max", "max\n");
        assert_eq!(room_of(dir.path(), true), None);
        w("memory.limit_in_bytes", "9223372036854771712\n");
        w("memory.usage_in_bytes", "1\n");
        assert_eq!(room_of(dir.path(), false), None);
        assert!(mem_available().is_some_and(|m| m.free > 0));
    }

    #[test]
    fn the_largest_test_sets_the_need() {
        let plan = |s: &str, q, t| PlannedTest {
            requested: crate::workload::notation::parse_test(s).unwrap(),
            q,
            t,
            notes: Vec::new(),
        };
        let small = plan("RND4K Q1T1", 1, 1);
        let big = plan("SEQ1M Q8T4", 8, 4);
        assert_eq!(
            need(std::slice::from_ref(&small), 1 << 30, false),
            PREFILL + MARGIN
        );
        let n = need(&[small, big], 1 << 30, false);
        assert_eq!(
            n,
            32 * MIB + 4 * (WORKER_STACK as u64 + PER_THREAD) + MARGIN
        );
        // Without a limit there is nothing to refuse.
        if getrlimit(Resource::As).current.is_none() {
            check(n).unwrap();
        }
    }
}
