//! The machine a run happened on: OS and kernel, for the report footer.

/// OS and kernel.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct HostInfo {
    /// `ID` of /etc/os-release (`debian`), or `unknown`.
    pub os_id: String,
    /// `VERSION_ID` of /etc/os-release (`12`), or `unknown`.
    pub os_version: String,
    /// Kernel name, lower case (`linux`).
    pub sysname: String,
    /// Kernel release (`6.18.44`).
    pub release: String,
    /// Logical CPUs.
    pub cpus: usize,
    /// The machine's host name (uname's nodename), when it has one.
    pub hostname: Option<String>,
}

/// The value of `key` in an os-release text, unquoted.
pub fn os_release_value(text: &str, key: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let (k, v) = line.split_once('=')?;
        (k.trim() == key).then(|| v.trim().trim_matches(|c| c == '"' || c == '\'').to_string())
    })
}

impl HostInfo {
    /// Reads this machine's facts.
    pub fn current() -> HostInfo {
        let text = std::fs::read_to_string("/etc/os-release")
            .or_else(|_| std::fs::read_to_string("/usr/lib/os-release"))
            .unwrap_or_default();
        let uname = rustix::system::uname();
        HostInfo {
            os_id: os_release_value(&text, "ID").unwrap_or_else(|| "unknown".into()),
            os_version: os_release_value(&text, "VERSION_ID").unwrap_or_else(|| "unknown".into()),
            sysname: uname.sysname().to_string_lossy().to_lowercase(),
            release: uname.release().to_string_lossy().into_owned(),
            cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
            hostname: Some(uname.nodename().to_string_lossy().into_owned())
                .filter(|n| !n.is_empty() && n != "(none)"),
        }
    }
}

/// `--cpus`: the CPUs the workers run on, thread `i` on the list's
/// `i mod len`-th (docs/measurement.md#cpu-placement). Written as the
/// kernel's cpulists are: `0-3,6`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CpuList(Vec<u32>);

/// The most CPUs a list may name: the kernel's `CPU_SETSIZE`.
pub const MAX_CPUS: u32 = rustix::thread::CpuSet::MAX_CPU as u32;

impl CpuList {
    /// A list as `taskset -c` takes it (`0-3,6`), or why it is not one.
    pub fn parse(text: &str) -> Result<CpuList, String> {
        let mut cpus = Vec::new();
        for part in text.split(',') {
            let number = |s: &str| {
                s.trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n < MAX_CPUS)
                    .ok_or_else(|| {
                        format!(
                            "{} is not a CPU number (0 to {})",
                            crate::escape::escape(s.trim()),
                            MAX_CPUS - 1
                        )
                    })
            };
            let (first, last) = match part.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => (number(part)?, number(part)?),
            };
            if first > last {
                return Err(format!("{first}-{last} runs backwards"));
            }
            cpus.extend(first..=last);
        }
        cpus.sort_unstable();
        cpus.dedup();
        Ok(CpuList(cpus))
    }

    /// No placement asked for.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The CPUs, ascending.
    pub fn cpus(&self) -> &[u32] {
        &self.0
    }

    /// The CPU of worker `thread`, if placement was asked for.
    pub fn for_thread(&self, thread: u32) -> Option<u32> {
        (!self.0.is_empty()).then(|| self.0[thread as usize % self.0.len()])
    }

    /// The CPUs of the list this process may not run on (its affinity, as
    /// `taskset -p` shows it, or a cpuset cgroup's).
    pub fn not_allowed(&self) -> Vec<u32> {
        let Ok(allowed) = rustix::thread::sched_getaffinity(None) else {
            return Vec::new();
        };
        (self.0.iter().copied())
            .filter(|&c| !allowed.is_set(c as usize))
            .collect()
    }
}

impl std::fmt::Display for CpuList {
    /// The list in the kernel's form, ranges joined: `0-3,6`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut i = 0;
        let mut first = true;
        while i < self.0.len() {
            let mut j = i;
            while j + 1 < self.0.len() && self.0[j + 1] == self.0[j] + 1 {
                j += 1;
            }
            if !first {
                f.write_str(",")?;
            }
            first = false;
            match j > i {
                true => write!(f, "{}-{}", self.0[i], self.0[j])?,
                false => write!(f, "{}", self.0[i])?,
            }
            i = j + 1;
        }
        Ok(())
    }
}

impl serde::Serialize for CpuList {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(&self.0)
    }
}

/// Runs the calling thread on `cpu` alone.
pub fn pin_current_thread(cpu: u32) -> std::io::Result<()> {
    let mut set = rustix::thread::CpuSet::new();
    set.set(cpu as usize);
    rustix::thread::sched_setaffinity(None, &set).map_err(std::io::Error::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn os_release_parsing() {
        let t = "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian\nVERSION_ID=\"12\"\n";
        assert_eq!(os_release_value(t, "ID").as_deref(), Some("debian"));
        assert_eq!(os_release_value(t, "VERSION_ID").as_deref(), Some("12"));
        assert_eq!(os_release_value(t, "NOPE"), None);
        let h = HostInfo::current();
        assert_eq!(h.sysname, "linux");
    }

    #[test]
    fn cpu_lists_parse_as_taskset_writes_them() {
        let l = CpuList::parse("0-3,6,2").unwrap();
        assert_eq!(l.cpus(), [0, 1, 2, 3, 6]);
        assert_eq!(l.to_string(), "0-3,6");
        assert_eq!(l.for_thread(5), Some(0));
        assert_eq!(l.for_thread(4), Some(6));
        assert_eq!(CpuList::default().for_thread(0), None);
        assert!(CpuList::parse("3-1").unwrap_err().contains("backwards"));
        assert!(
            CpuList::parse("a")
                .unwrap_err()
                .contains("not a CPU number")
        );
        assert!(CpuList::parse("").is_err());
        assert!(CpuList::parse("99999").is_err());
        // Text from the command line never reaches the terminal raw.
        assert!(!CpuList::parse("\u{1b}[2J").unwrap_err().contains('\u{1b}'));
    }

    #[test]
    fn this_process_may_run_on_a_cpu_it_has() {
        let mine = rustix::thread::sched_getaffinity(None).unwrap();
        let cpu = (0..MAX_CPUS).find(|&c| mine.is_set(c as usize)).unwrap();
        assert!(CpuList(vec![cpu]).not_allowed().is_empty());
        assert_eq!(CpuList(vec![MAX_CPUS - 1]).not_allowed(), [MAX_CPUS - 1]);
    }
}
