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
}
