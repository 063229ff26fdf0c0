//! Which engines work here, and within which limits: found by trying them
//! at run time, never by kernel version numbers (DESIGN §2.3).

use super::{Budget, Capabilities, EngineKind};
use crate::workload::MAX_Q;

/// Environment variable that makes the io_uring probe behave as if
/// io_uring_setup had failed with EPERM and `kernel.io_uring_disabled`
/// held the given value. For tests only: the real sysctl is machine-wide.
pub const TEST_IO_URING_DISABLED: &str = "DISKMARK_TEST_IO_URING_DISABLED";

/// What probing found about one engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Probe {
    /// The engine.
    pub kind: EngineKind,
    /// `Ok` when it works here, else why not.
    pub status: Result<(), String>,
    /// Its limits here.
    pub caps: Capabilities,
}

/// Probes one engine.
pub fn probe(kind: EngineKind) -> Probe {
    let async_caps = |budget| Capabilities {
        synchronous: false,
        max_depth: MAX_Q,
        budget,
    };
    let (status, caps) = match kind {
        EngineKind::IoUring => (
            super::io_uring::probe(std::env::var(TEST_IO_URING_DISABLED).ok()),
            async_caps(None),
        ),
        EngineKind::Libaio => (super::libaio::probe(), async_caps(aio_budget())),
        EngineKind::Posixaio => (Ok(()), async_caps(descriptor_budget())),
        EngineKind::Psync => (
            Ok(()),
            Capabilities {
                synchronous: true,
                max_depth: 1,
                budget: None,
            },
        ),
        EngineKind::Null => (Ok(()), async_caps(None)),
    };
    Probe { kind, status, caps }
}

/// Probes every engine.
pub fn probe_all() -> Vec<Probe> {
    EngineKind::ALL.into_iter().map(probe).collect()
}

/// The best engine that works here: io_uring, else libaio, else psync.
pub fn default_engine() -> EngineKind {
    EngineKind::DEFAULT_ORDER
        .into_iter()
        .find(|k| probe(*k).status.is_ok())
        .unwrap_or(EngineKind::Psync)
}

/// Why io_uring_setup failed, in words, from its errno and the value of
/// `kernel.io_uring_disabled` (absent on kernels before 6.6).
pub fn io_uring_reason(errno: i32, disabled: Option<&str>) -> String {
    match errno {
        libc::ENOSYS => "this kernel has no io_uring (io_uring_setup: ENOSYS)".into(),
        libc::EPERM => match disabled.map(str::trim) {
            Some("2") => "io_uring is disabled on this machine (kernel.io_uring_disabled = 2)".into(),
            Some("1") => "io_uring is limited to the group in kernel.io_uring_group (kernel.io_uring_disabled = 1)".into(),
            _ => "io_uring is blocked by a seccomp filter or security policy (io_uring_setup: EPERM)"
                .into(),
        },
        libc::ENOMEM => "io_uring could not allocate its ring (ENOMEM: locked-memory limit?)".into(),
        e => format!(
            "io_uring_setup failed: {}",
            std::io::Error::from_raw_os_error(e)
        ),
    }
}

/// Why io_setup failed, in words.
pub fn aio_reason(errno: i32) -> String {
    match errno {
        libc::ENOSYS => "this kernel has no native AIO (io_setup: ENOSYS, CONFIG_AIO off)".into(),
        libc::EAGAIN => {
            let (max, used) = aio_sysctls().unwrap_or((0, 0));
            format!(
                "fs.aio-max-nr is used up ({used} of {max} events); raise it with sysctl fs.aio-max-nr"
            )
        }
        libc::EPERM => {
            "native AIO is blocked by a seccomp filter or security policy (io_setup: EPERM)".into()
        }
        e => format!("io_setup failed: {}", std::io::Error::from_raw_os_error(e)),
    }
}

fn read_u64(path: &str) -> Option<u64> {
    std::fs::read_to_string(path).ok()?.trim().parse().ok()
}

/// `(fs.aio-max-nr, fs.aio-nr)`.
pub fn aio_sysctls() -> Option<(u64, u64)> {
    Some((
        read_u64("/proc/sys/fs/aio-max-nr")?,
        read_u64("/proc/sys/fs/aio-nr")?,
    ))
}

/// io_setup(nr) charges `nr` events to fs.aio-nr and fails with EAGAIN
/// beyond fs.aio-max-nr (fs/aio.c, ioctx_alloc; measured here: io_setup(32)
/// raises aio-nr by 32). The ring itself is sized larger, but that is not
/// what the limit counts.
fn aio_budget() -> Option<Budget> {
    let (max, used) = aio_sysctls()?;
    Some(Budget {
        total: max.saturating_sub(used),
        per_io: 1,
        min_per_thread: 1,
        resource: "fs.aio-max-nr".into(),
    })
}

/// posixaio spreads its requests over one descriptor each: the open-file
/// limit bounds the depth (with room for everything else).
fn descriptor_budget() -> Option<Budget> {
    let soft = rustix::process::getrlimit(rustix::process::Resource::Nofile).current?;
    let open = std::fs::read_dir("/proc/self/fd").map_or(16, |d| d.count() as u64);
    Some(Budget {
        total: soft.saturating_sub(open + 64),
        per_io: 1,
        min_per_thread: 1,
        resource: "the open-file limit (ulimit -n)".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn io_uring_reasons() {
        assert!(io_uring_reason(libc::ENOSYS, None).contains("no io_uring"));
        assert_eq!(
            io_uring_reason(libc::EPERM, Some("2\n")),
            "io_uring is disabled on this machine (kernel.io_uring_disabled = 2)"
        );
        assert!(io_uring_reason(libc::EPERM, Some("1")).contains("io_uring_group"));
        assert!(io_uring_reason(libc::EPERM, Some("0")).contains("seccomp"));
        assert!(io_uring_reason(libc::EPERM, None).contains("seccomp"));
        assert!(io_uring_reason(libc::EINVAL, None).starts_with("io_uring_setup failed"));
    }

    #[test]
    fn aio_reasons() {
        assert!(aio_reason(libc::ENOSYS).contains("CONFIG_AIO"));
        assert!(aio_reason(libc::EAGAIN).contains("fs.aio-max-nr"));
        assert!(aio_reason(libc::EPERM).contains("seccomp"));
    }

    #[test]
    fn every_engine_probes() {
        let all = probe_all();
        assert_eq!(all.len(), EngineKind::ALL.len());
        let psync = all.iter().find(|p| p.kind == EngineKind::Psync).unwrap();
        assert_eq!(psync.status, Ok(()));
        assert!(psync.caps.synchronous);
        // The default is one that works.
        assert!(probe(default_engine()).status.is_ok());
    }
}
