//! What runs the tests: one of diskmark's native engines, or fio with one
//! of its engines. The two backends sit side by side; this names the one a
//! run uses and answers for it what the planner and the report ask.

use crate::engine::{Capabilities, EngineKind, registry};
use crate::fio::FioEngine;

/// What runs the tests: a native engine, or fio with one of its engines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Backend {
    /// diskmark's own engine.
    Native(EngineKind),
    /// The fio binary, per test and loop.
    Fio(FioEngine),
}

impl PartialEq<EngineKind> for Backend {
    fn eq(&self, kind: &EngineKind) -> bool {
        matches!(self, Backend::Native(k) if k == kind)
    }
}

impl From<EngineKind> for Backend {
    fn from(k: EngineKind) -> Self {
        Backend::Native(k)
    }
}

impl Backend {
    /// `io_uring` or `fio:libaio`.
    pub fn name(&self) -> String {
        match self {
            Backend::Native(k) => k.name().to_string(),
            Backend::Fio(f) => format!("fio:{}", f.ioengine),
        }
    }

    /// The report footer's name: `io_uring (native)` or `fio-libaio`.
    pub fn label(&self) -> String {
        match self {
            Backend::Native(k) => k.label(),
            Backend::Fio(f) => format!("fio-{}", f.ioengine),
        }
    }

    /// Whether it keeps one I/O in flight per thread.
    pub fn synchronous(&self) -> bool {
        match self {
            Backend::Native(k) => k.synchronous(),
            Backend::Fio(f) => f.synchronous(),
        }
    }

    /// Whether it really moves data.
    pub fn does_io(&self) -> bool {
        match self {
            Backend::Native(k) => k.does_io(),
            Backend::Fio(f) => f.does_io(),
        }
    }

    /// Whether it can poll for completions (`--hipri`): fio's own
    /// `--hipri` is not diskmark's to set.
    pub fn polls(&self) -> bool {
        self.native().is_some_and(EngineKind::polls)
    }

    /// What the engine does to the queue the device sees, as run notes:
    /// each engine's own facts (a native engine's in its file, fio's in
    /// `fio`).
    pub fn queue_notes(&self, direct: bool) -> Vec<String> {
        match self {
            Backend::Native(k) => (k.buffered_note().filter(|_| !direct))
                .map(|n| format!("{k} without O_DIRECT: {n}"))
                .into_iter()
                .collect(),
            Backend::Fio(f) => f.queue_notes(direct),
        }
    }

    /// Its limits here (native engines are probed).
    pub fn capabilities(&self) -> Capabilities {
        match self {
            Backend::Native(k) => registry::probe(*k).caps,
            Backend::Fio(f) => f.capabilities(),
        }
    }

    /// Process-wide set-up before the run, given its largest Q×T: the
    /// native engine's hook; fio sets itself up.
    pub fn prepare_process(&self, most_in_flight: usize) {
        if let Backend::Native(k) = self {
            k.prepare_process(most_in_flight);
        }
    }

    /// What [`Backend::prepare_process`] means for the figures, as a run
    /// note.
    pub fn process_note(&self, most_in_flight: usize) -> Option<String> {
        self.native()?.process_note(most_in_flight)
    }

    /// The native engine, if it is one.
    pub fn native(&self) -> Option<EngineKind> {
        match self {
            Backend::Native(k) => Some(*k),
            Backend::Fio(_) => None,
        }
    }
}

impl std::fmt::Display for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

impl serde::Serialize for Backend {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fio(ioengine: &str) -> Backend {
        Backend::Fio(FioEngine {
            ioengine: ioengine.into(),
            binary: "fio".into(),
            version: "fio-3.33".into(),
        })
    }

    #[test]
    fn each_engine_gives_its_own_queue_notes() {
        let libaio = Backend::Native(EngineKind::Libaio);
        assert_eq!(
            libaio.queue_notes(false),
            [
                "libaio without O_DIRECT: io_submit does each I/O synchronously, so the device sees depth 1"
            ]
        );
        assert!(libaio.queue_notes(true).is_empty());
        for k in [EngineKind::IoUring, EngineKind::Psync, EngineKind::Posixaio] {
            assert!(Backend::Native(k).queue_notes(false).is_empty(), "{k}");
        }
        assert_eq!(
            fio("libaio").queue_notes(false),
            [
                "fio:libaio without O_DIRECT: io_submit does each I/O synchronously, so the device sees depth 1"
            ]
        );
        assert!(fio("libaio").queue_notes(true).is_empty());
        assert!(fio("posixaio").queue_notes(true)[0].starts_with("fio:posixaio issues each job's"));
        assert!(fio("io_uring").queue_notes(false).is_empty());
    }

    #[test]
    fn only_a_native_engine_that_polls_takes_hipri() {
        let polling: Vec<EngineKind> = (EngineKind::ALL.into_iter())
            .filter(|k| Backend::Native(*k).polls())
            .collect();
        assert_eq!(polling, [EngineKind::IoUring]);
        assert_eq!(EngineKind::polling_names(), "io_uring");
        assert!(!fio("io_uring").polls());
        assert!(!fio("null").does_io() && fio("psync").does_io());
        assert!(!Backend::Native(EngineKind::Null).does_io());
    }
}
