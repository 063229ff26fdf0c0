//! Which mount a path lives on, from /proc/self/mountinfo.

use std::path::{Path, PathBuf};

/// One line of mountinfo, the parts diskmark uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mount {
    /// Device number `major:minor`.
    pub dev: (u32, u32),
    /// Where it is mounted.
    pub mount_point: PathBuf,
    /// Filesystem type.
    pub fs_type: String,
    /// What is mounted.
    pub source: String,
    /// The directory of the filesystem that is mounted here (`/` unless a
    /// bind mount of a subdirectory).
    pub root: PathBuf,
    /// Mount options and filesystem options together (`rw`, `noatime`,
    /// `compress=zstd:3`, ...).
    pub options: Vec<String>,
}

impl Mount {
    /// Whether mounted read-only.
    pub fn read_only(&self) -> bool {
        self.options.first().is_some_and(|o| o == "ro")
    }

    /// The value of option `key` (`compress` → `zstd:3`), or `Some("")` for
    /// a flag without a value.
    pub fn option(&self, key: &str) -> Option<&str> {
        self.options.iter().find_map(|o| match o.split_once('=') {
            Some((k, v)) if k == key => Some(v),
            None if o == key => Some(""),
            _ => None,
        })
    }
}

/// Undoes mountinfo's octal escapes (`\040` is a space).
fn unescape(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\'
            && i + 3 < b.len()
            && b[i + 1..i + 4].iter().all(|c| (b'0'..=b'7').contains(c))
        {
            let v = (b[i + 1] - b'0') * 64 + (b[i + 2] - b'0') * 8 + (b[i + 3] - b'0');
            out.push(v);
            i += 4;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Parses one mountinfo line; `None` if it is malformed.
pub fn parse_line(line: &str) -> Option<Mount> {
    let (left, right) = line.split_once(" - ")?;
    let mut l = left.split(' ');
    let _id = l.next()?;
    let _parent = l.next()?;
    let (maj, min) = l.next()?.split_once(':')?;
    let root = PathBuf::from(unescape(l.next()?));
    let mount_point = PathBuf::from(unescape(l.next()?));
    let mount_options = l.next().unwrap_or("");
    let mut r = right.split(' ');
    let fs_type = unescape(r.next()?);
    let source = unescape(r.next()?);
    let super_options = r.next().unwrap_or("");
    let options = mount_options
        .split(',')
        .chain(super_options.split(','))
        .filter(|o| !o.is_empty())
        .map(String::from)
        .collect();
    Some(Mount {
        dev: (maj.parse().ok()?, min.parse().ok()?),
        mount_point,
        fs_type,
        source,
        root,
        options,
    })
}

/// The mount of `path` (canonical) on device `dev`: among the lines with
/// that device, the one with the longest mount point containing the path;
/// failing that, the longest mount point containing the path.
pub fn find_in(text: &str, path: &Path, dev: (u32, u32)) -> Option<Mount> {
    let mounts: Vec<Mount> = text.lines().filter_map(parse_line).collect();
    let longest = |same_dev: bool| {
        mounts
            .iter()
            .filter(|m| path.starts_with(&m.mount_point) && (!same_dev || m.dev == dev))
            .max_by_key(|m| m.mount_point.as_os_str().len())
            .cloned()
    };
    longest(true).or_else(|| longest(false))
}

/// [`find_in`] on this process's /proc/self/mountinfo.
pub fn find(path: &Path, dev: (u32, u32)) -> Option<Mount> {
    let text = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    find_in(&text, path, dev)
}

/// Every mount of this process's mount namespace.
pub fn all() -> Vec<Mount> {
    std::fs::read_to_string("/proc/self/mountinfo")
        .map(|t| t.lines().filter_map(parse_line).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "\
22 27 0:21 / /proc rw,relatime - proc proc rw
27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard
25 24 0:23 / /dev/shm rw,relatime - tmpfs tmpfs rw,size=24683652k
90 27 7:0 / /mnt/my\\040disk rw,relatime shared:5 - btrfs /dev/loop0 rw,space_cache=v2
91 27 254:0 /var/lib /srv/bind rw,relatime - ext4 /dev/vda rw
";

    #[test]
    fn finds_the_mount_of_a_path() {
        let m = find_in(SAMPLE, Path::new("/var/tmp"), (254, 0)).unwrap();
        assert_eq!(
            (m.fs_type.as_str(), m.source.as_str()),
            ("ext4", "/dev/vda")
        );
        assert_eq!(m.mount_point, Path::new("/"));
        let m = find_in(SAMPLE, Path::new("/dev/shm/x"), (0, 23)).unwrap();
        assert_eq!(m.fs_type, "tmpfs");
        let m = find_in(SAMPLE, Path::new("/mnt/my disk/sub"), (7, 0)).unwrap();
        assert_eq!(m.fs_type, "btrfs");
        assert_eq!(m.mount_point, Path::new("/mnt/my disk"));
        assert_eq!(m.source, "/dev/loop0");
        assert_eq!(m.option("space_cache"), Some("v2"));
        assert_eq!(m.option("relatime"), Some(""));
        assert_eq!(m.option("compress"), None);
        assert!(!m.read_only());
        let m = find_in(SAMPLE, Path::new("/srv/bind/x"), (254, 0)).unwrap();
        assert_eq!(m.mount_point, Path::new("/srv/bind"));
        assert_eq!(m.root, Path::new("/var/lib"));
    }

    #[test]
    fn malformed_lines_are_skipped() {
        assert_eq!(parse_line("garbage"), None);
        assert_eq!(parse_line("1 2 x / /a rw - ext4 /dev/sda rw"), None);
        assert!(find_in("nonsense\n", Path::new("/"), (1, 1)).is_none());
    }

    #[test]
    fn this_process_root_is_found() {
        let meta = std::fs::metadata("/").unwrap();
        use std::os::unix::fs::MetadataExt;
        let dev = (rustix::fs::major(meta.dev()), rustix::fs::minor(meta.dev()));
        assert!(find(Path::new("/"), dev).is_some());
    }
}
