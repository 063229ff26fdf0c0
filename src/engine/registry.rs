//! The one list of engines, like fio's ioengine registration: each line
//! names an engine kind and its type, and from that list come
//! [`EngineKind`], the one dispatch from a kind to its concrete engine
//! ([`EngineKind::with`]), and the probes, run once per process. Adding an
//! engine is its file (with its [`EngineOps`]) and one line here.
//!
//! Whether an engine works here is found by trying it at run time, never
//! by kernel version numbers (docs/measurement.md#engines-and-adaptation).

use super::{Capabilities, Engine, EngineOps};
use crate::workload::MAX_Q;
use std::sync::OnceLock;

/// Something to do with a concrete engine type: [`EngineKind::with`] calls
/// `run::<E>()` with the kind's type, so that what runs is monomorphised
/// per engine (the hot loop has no indirection).
pub trait WithEngine {
    /// What it returns.
    type Output;
    /// Does it with engine `E`.
    fn run<E: Engine>(self) -> Self::Output;
}

/// Declares [`EngineKind`] with one variant per line, its list, and the
/// dispatch from a kind to its ops and to its type.
macro_rules! register {
    ($( $(#[$doc:meta])* $kind:ident => $engine:ty, )*) => {
        /// The engines diskmark has, by name.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
        #[serde(rename_all = "snake_case")]
        pub enum EngineKind {
            $( $(#[$doc])* $kind, )*
        }

        /// How many engines there are.
        const COUNT: usize = [$( stringify!($kind) ),*].len();

        impl EngineKind {
            /// Every engine, in the registry's order (as `diskmark engines`
            /// lists them).
            pub const ALL: [EngineKind; COUNT] = [$( EngineKind::$kind ),*];

            /// The engine's entry: its flags and hooks.
            pub fn ops(self) -> &'static EngineOps {
                match self {
                    $( EngineKind::$kind => &<$engine as Engine>::OPS, )*
                }
            }

            /// Runs `work` with this kind's engine type: the one dispatch
            /// from a kind to its concrete [`Engine`].
            pub fn with<W: WithEngine>(self, work: W) -> W::Output {
                match self {
                    $( EngineKind::$kind => work.run::<$engine>(), )*
                }
            }
        }
    };
}

register! {
    /// io_uring: one ring per thread, Q in flight.
    IoUring => super::io_uring::IoUringEngine,
    /// Linux native AIO through raw syscalls.
    Libaio => super::libaio::Libaio,
    /// glibc POSIX AIO, spread over descriptors.
    Posixaio => super::posixaio::PosixAio,
    /// pread/pwrite, one I/O per thread at a time.
    Psync => super::psync::Psync,
    /// No I/O at all: measures diskmark's own overhead.
    Null => super::null::Null,
}

impl EngineKind {
    /// The engines the default is chosen from, best first.
    pub const DEFAULT_ORDER: [EngineKind; 3] =
        [EngineKind::IoUring, EngineKind::Libaio, EngineKind::Psync];

    /// The engine that works wherever diskmark runs (pread/pwrite), for
    /// settings made before any engine is probed.
    pub const PORTABLE: EngineKind = EngineKind::Psync;

    /// The command-line name.
    pub fn name(self) -> &'static str {
        self.ops().name
    }

    /// Looks an engine up by name or alias (whether it works here is
    /// [`probe`]'s business).
    pub fn parse(name: &str) -> Option<EngineKind> {
        let name = name.trim();
        Self::ALL.into_iter().find(|e| {
            let ops = e.ops();
            std::iter::once(&ops.name)
                .chain(ops.aliases)
                .any(|n| n.eq_ignore_ascii_case(name))
        })
    }

    /// Whether it really moves data (the null engine does not).
    pub fn does_io(self) -> bool {
        self.ops().moves_data
    }

    /// Whether it keeps one I/O per thread.
    pub fn synchronous(self) -> bool {
        self.ops().synchronous
    }

    /// Whether it can poll for completions (`--hipri`).
    pub fn polls(self) -> bool {
        self.ops().polls
    }

    /// Whether a kernel thread can submit for it (`--sqpoll`).
    pub fn kernel_submits(self) -> bool {
        self.ops().kernel_submits
    }

    /// Its optional set-ups and whether this kernel has each (tried now,
    /// not cached: `diskmark engines` asks once).
    pub fn features(self) -> Vec<super::Feature> {
        (self.ops().features)()
    }

    /// Process-wide set-up before the run, given its largest Q×T (glibc's
    /// thread limit for posixaio; nothing for most engines).
    pub fn prepare_process(self, most_in_flight: usize) {
        (self.ops().prepare_process)(most_in_flight)
    }

    /// What [`EngineKind::prepare_process`] means for the figures, as a
    /// run note.
    pub fn process_note(self, most_in_flight: usize) -> Option<String> {
        (self.ops().process_note)(most_in_flight)
    }

    /// What running it without O_DIRECT does to the device's queue (see
    /// [`EngineOps::buffered_note`]).
    pub fn buffered_note(self) -> Option<&'static str> {
        self.ops().buffered_note
    }

    /// The engines that can poll, by name, for a refusal: `io_uring`.
    pub fn polling_names() -> String {
        let names: Vec<&str> = (Self::ALL.into_iter())
            .filter(|k| k.polls())
            .map(EngineKind::name)
            .collect();
        names.join(" or ")
    }

    /// The engines a kernel thread can submit for, by name: `io_uring`.
    pub fn kernel_submitting_names() -> String {
        let names: Vec<&str> = (Self::ALL.into_iter())
            .filter(|k| k.kernel_submits())
            .map(EngineKind::name)
            .collect();
        names.join(" or ")
    }

    /// How the report's footer names it: `psync (native)`.
    pub fn label(self) -> String {
        format!("{} (native)", self.name())
    }
}

impl std::fmt::Display for EngineKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

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

/// Probes one engine now.
fn probe_now(kind: EngineKind) -> Probe {
    let ops = kind.ops();
    Probe {
        kind,
        status: (ops.probe)(),
        caps: Capabilities {
            synchronous: ops.synchronous,
            max_depth: if ops.synchronous { 1 } else { MAX_Q },
            budget: (ops.budget)(),
        },
    }
}

/// What one engine's probe found: probed on the first call, remembered
/// for the rest of the process.
pub fn probe(kind: EngineKind) -> Probe {
    static PROBES: [OnceLock<Probe>; COUNT] = [const { OnceLock::new() }; COUNT];
    // The variants are declared in the order of ALL, so a kind's
    // discriminant is its index, below COUNT.
    PROBES[kind as usize]
        .get_or_init(|| probe_now(kind))
        .clone()
}

/// Every engine's probe, in the registry's order.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_names() {
        assert_eq!(EngineKind::parse("psync"), Some(EngineKind::Psync));
        assert_eq!(EngineKind::parse("NULL"), Some(EngineKind::Null));
        assert_eq!(EngineKind::parse("io_uring"), Some(EngineKind::IoUring));
        assert_eq!(EngineKind::parse("io-uring"), Some(EngineKind::IoUring));
        assert_eq!(EngineKind::parse("libaio"), Some(EngineKind::Libaio));
        assert_eq!(EngineKind::parse("posixaio"), Some(EngineKind::Posixaio));
        assert_eq!(EngineKind::parse("nosuch"), None);
        assert!(EngineKind::Psync.synchronous());
        assert_eq!(EngineKind::Psync.label(), "psync (native)");
    }

    #[test]
    fn every_kind_is_listed_once_at_its_index() {
        for (i, k) in EngineKind::ALL.into_iter().enumerate() {
            assert_eq!(k as usize, i);
            assert_eq!(EngineKind::parse(k.name()), Some(k));
        }
        // Only psync keeps one I/O per thread; only null moves no data;
        // only io_uring polls or submits by a kernel thread.
        let flagged = |f: fn(EngineKind) -> bool| {
            EngineKind::ALL
                .into_iter()
                .filter(|k| f(*k))
                .collect::<Vec<_>>()
        };
        assert_eq!(flagged(EngineKind::synchronous), [EngineKind::Psync]);
        assert_eq!(flagged(|k| !k.does_io()), [EngineKind::Null]);
        assert_eq!(flagged(EngineKind::polls), [EngineKind::IoUring]);
        assert_eq!(flagged(EngineKind::kernel_submits), [EngineKind::IoUring]);
    }

    /// Runs with an engine type and says its name.
    struct Name;
    impl WithEngine for Name {
        type Output = &'static str;
        fn run<E: Engine>(self) -> &'static str {
            E::NAME
        }
    }

    #[test]
    fn the_dispatch_reaches_each_kinds_own_engine() {
        for k in EngineKind::ALL {
            assert_eq!(k.with(Name), k.name());
        }
    }

    #[test]
    fn every_engine_probes_once() {
        let all = probe_all();
        assert_eq!(all.len(), EngineKind::ALL.len());
        let psync = all.iter().find(|p| p.kind == EngineKind::Psync).unwrap();
        assert_eq!(psync.status, Ok(()));
        assert!(psync.caps.synchronous);
        assert_eq!(psync.caps.max_depth, 1);
        // The default is one that works.
        assert!(probe(default_engine()).status.is_ok());
        // Asked again, the same answer (remembered, not probed anew).
        assert_eq!(probe_all(), all);
    }
}
