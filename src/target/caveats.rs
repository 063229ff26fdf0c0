//! What stands between the benchmark and the disk: copy-on-write,
//! compression, ZFS, memory, the network, encryption (docs/measurement.md#caveats). Detected
//! once, reported in the notes and the JSON, never fatal.

use super::mountinfo::Mount;
use super::sysfs::BlockDevice;
use serde::Serialize;

/// One thing that makes figures on a target differ from a plain disk's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Caveat {
    /// btrfs or bcachefs: data is copy-on-write and checksummed.
    CopyOnWrite {
        /// The filesystem.
        fs: String,
    },
    /// The mount compresses data (`compress=`, `compress-force=`).
    Compression {
        /// The filesystem.
        fs: String,
        /// The option's value (`zstd:3`).
        algorithm: String,
    },
    /// ZFS: its own cache (ARC), compression, copy-on-write.
    Zfs,
    /// tmpfs or ramfs: memory, not a disk.
    Memory {
        /// The filesystem.
        fs: String,
    },
    /// A network (or host-shared) filesystem.
    Network {
        /// The filesystem.
        fs: String,
    },
    /// dm-crypt on the way to the disk.
    Encrypted {
        /// The device-mapper name, when known.
        device: String,
    },
}

/// Filesystems whose data crosses a network (or a hypervisor).
const NETWORK: [&str; 16] = [
    "nfs",
    "nfs4",
    "cifs",
    "smb3",
    "smbfs",
    "9p",
    "ceph",
    "glusterfs",
    "afs",
    "lustre",
    "beegfs",
    "gpfs",
    "virtiofs",
    "fuse.sshfs",
    "fuse.glusterfs",
    "fuse.rclone",
];

/// The caveats of a filesystem of type `fs` (mounted as `mount`) on
/// `device`.
pub fn detect(fs: &str, mount: Option<&Mount>, device: Option<&BlockDevice>) -> Vec<Caveat> {
    let mut c = Vec::new();
    match fs {
        "btrfs" | "bcachefs" => c.push(Caveat::CopyOnWrite { fs: fs.into() }),
        "zfs" => c.push(Caveat::Zfs),
        "tmpfs" | "ramfs" => c.push(Caveat::Memory { fs: fs.into() }),
        _ if NETWORK.contains(&fs) || fs.starts_with("fuse.s3") => {
            c.push(Caveat::Network { fs: fs.into() })
        }
        _ => {}
    }
    if let Some(m) = mount {
        let algorithm = m
            .option("compress-force")
            .or_else(|| m.option("compress"))
            .filter(|a| !a.is_empty() && *a != "no" && *a != "none");
        if let Some(a) = algorithm {
            c.push(Caveat::Compression {
                fs: fs.into(),
                algorithm: a.into(),
            });
        }
    }
    if let Some(d) = device
        && d.encrypted()
    {
        c.push(Caveat::Encrypted {
            device: d.dm_name.clone().unwrap_or_else(|| d.name.clone()),
        });
    }
    c
}

/// The sentence a caveat adds to the notes, for those that need nothing
/// from the run (copy-on-write and compression depend on `--cow` and what
/// happened to the test file: the runner words them).
pub fn note(c: &Caveat) -> Option<String> {
    Some(match c {
        Caveat::Zfs => "ZFS: reads may be served from its ARC cache (O_DIRECT is honoured only by OpenZFS 2.3 and later) and data may be compressed".into(),
        Caveat::Memory { fs } => format!("{fs} is memory, not a disk: O_DIRECT is accepted but has no effect"),
        Caveat::Network { fs } => format!("{fs} is a network filesystem: the figures include the network and the server's cache"),
        Caveat::Encrypted { device } => format!("dm-crypt ({device}): data is encrypted on its way to the disk, and the figures include the encryption"),
        Caveat::CopyOnWrite { .. } | Caveat::Compression { .. } => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target::mountinfo::parse_line;

    #[test]
    fn detection() {
        let m = parse_line(
            "90 27 7:0 / /mnt rw,relatime - btrfs /dev/loop0 rw,compress=zstd:3,space_cache=v2",
        )
        .unwrap();
        assert_eq!(
            detect("btrfs", Some(&m), None),
            [
                Caveat::CopyOnWrite { fs: "btrfs".into() },
                Caveat::Compression {
                    fs: "btrfs".into(),
                    algorithm: "zstd:3".into()
                }
            ]
        );
        assert_eq!(
            detect("tmpfs", None, None),
            [Caveat::Memory { fs: "tmpfs".into() }]
        );
        assert_eq!(
            detect("nfs4", None, None),
            [Caveat::Network { fs: "nfs4".into() }]
        );
        assert_eq!(
            detect("fuse.sshfs", None, None),
            [Caveat::Network {
                fs: "fuse.sshfs".into()
            }]
        );
        assert_eq!(detect("zfs", None, None), [Caveat::Zfs]);
        assert!(detect("ext4", None, None).is_empty());
        let m = parse_line("1 2 8:1 / /d rw - btrfs /dev/sda1 rw,compress=no").unwrap();
        assert_eq!(detect("btrfs", Some(&m), None).len(), 1);
        assert!(
            note(&Caveat::Memory { fs: "tmpfs".into() })
                .unwrap()
                .contains("memory, not a disk")
        );
    }
}
