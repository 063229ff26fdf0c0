//! The mark that makes a test file certainly diskmark's: an extended
//! attribute `user.diskmark` naming the run that created it (pid, boot,
//! process start time), set on the descriptor before the file is visible
//! or locked. Only diskmark writes it; a kept file has it removed, so that
//! no later run mistakes a kept file for a leftover.

use std::fs::File;
use std::io;

/// The extended attribute's name.
pub const XATTR: &str = "user.diskmark";
/// The first word of its value (a format version follows).
const MAGIC: &str = "diskmark-testfile 1";

/// The run that created a test file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owner {
    /// Its process id.
    pub pid: u32,
    /// The kernel's boot id when it ran.
    pub boot: String,
    /// Its start time, in clock ticks since boot (/proc/PID/stat field 22).
    pub start: u64,
}

impl Owner {
    /// This process.
    pub fn me() -> Option<Owner> {
        Owner::of(std::process::id())
    }

    /// The process `pid` as it runs now (its mark, were it to make one).
    pub fn of(pid: u32) -> Option<Owner> {
        Some(Owner {
            pid,
            boot: boot_id()?,
            start: start_time(pid)?,
        })
    }

    /// The attribute's value.
    fn encode(&self) -> String {
        format!(
            "{MAGIC} pid={} boot={} start={}",
            self.pid, self.boot, self.start
        )
    }

    /// Parses an attribute's value; `None` for anything diskmark did not write.
    fn decode(v: &[u8]) -> Option<Owner> {
        let s = std::str::from_utf8(v).ok()?;
        let rest = s.strip_prefix(MAGIC)?.strip_prefix(' ')?;
        let mut it = rest.split(' ');
        let pid = it.next()?.strip_prefix("pid=")?.parse().ok()?;
        let boot = it.next()?.strip_prefix("boot=")?;
        let start = it.next()?.strip_prefix("start=")?.parse().ok()?;
        let hexish = !boot.is_empty() && boot.bytes().all(|b| b.is_ascii_hexdigit() || b == b'-');
        (it.next().is_none() && hexish).then(|| Owner {
            pid,
            boot: boot.to_string(),
            start,
        })
    }

    /// Whether the process that wrote this mark still runs: same boot, and
    /// the pid belongs to a process that started at the same tick (not a
    /// later process that reused the pid).
    pub fn alive(&self) -> bool {
        boot_id().is_some_and(|b| b == self.boot) && start_time(self.pid) == Some(self.start)
    }
}

/// Marks `file` as this run's test file. Fails where the filesystem has no
/// user extended attributes; the file is then never cleaned up by a later
/// run, only by this one.
pub fn mark(file: &File) -> io::Result<()> {
    let owner = Owner::me().ok_or_else(|| io::Error::other("/proc is not readable"))?;
    rustix::fs::fsetxattr(
        file,
        XATTR,
        owner.encode().as_bytes(),
        rustix::fs::XattrFlags::empty(),
    )?;
    Ok(())
}

/// Removes the mark: the file is the user's now (`--keep-file`).
pub fn unmark(file: &File) -> io::Result<()> {
    match rustix::fs::fremovexattr(file, XATTR) {
        Ok(()) => Ok(()),
        // Never marked (no xattr support): nothing to take away.
        Err(rustix::io::Errno::NODATA) | Err(rustix::io::Errno::OPNOTSUPP) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// The run that marked `fd`, if diskmark marked it.
pub fn owner(fd: impl std::os::fd::AsFd) -> Option<Owner> {
    let mut buf = [0u8; 256];
    let n = rustix::fs::fgetxattr(fd, XATTR, &mut buf).ok()?;
    Owner::decode(&buf[..n])
}

fn boot_id() -> Option<String> {
    let b = std::fs::read_to_string("/proc/sys/kernel/random/boot_id").ok()?;
    Some(b.trim().to_string())
}

/// Field 22 of /proc/PID/stat; the command name before it may hold spaces
/// and parentheses, so fields are counted after the last ')'.
fn start_time(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = &stat[stat.rfind(')')? + 1..];
    after.split_whitespace().nth(19)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_round_trip_and_only_ours_parse() {
        let me = Owner::me().unwrap();
        assert!(me.alive());
        assert_eq!(Owner::decode(me.encode().as_bytes()), Some(me.clone()));
        let later = Owner {
            start: me.start + 1,
            ..me.clone()
        };
        assert!(!later.alive(), "a reused pid is not the owner");
        let other_boot = Owner {
            boot: "00000000-0000-0000-0000-000000000000".into(),
            ..me.clone()
        };
        assert!(!other_boot.alive());
        for bad in [
            "",
            "diskmark-testfile 1",
            "diskmark-testfile 2 pid=1 boot=ab start=1",
            "diskmark-testfile 1 pid=1 boot=ab start=1 extra",
            "diskmark-testfile 1 pid=x boot=ab start=1",
            "diskmark-testfile 1 pid=1 boot=\x1b[2J start=1",
        ] {
            assert_eq!(Owner::decode(bad.as_bytes()), None, "{bad:?}");
        }
    }

    #[test]
    fn a_marked_file_names_its_owner_until_unmarked() {
        let dir = tempfile::tempdir().unwrap();
        let f = File::create(dir.path().join("f")).unwrap();
        if mark(&f).is_err() {
            eprintln!("SKIPPED a_marked_file_names_its_owner: no user xattrs here");
            return;
        }
        assert_eq!(owner(&f), Owner::me());
        unmark(&f).unwrap();
        assert_eq!(owner(&f), None);
        unmark(&f).unwrap();
    }
}
