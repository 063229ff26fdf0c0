//! Which engine every ssh host runs (docs/hosts.md#one-engine-on-every-host):
//! each host says which of diskmark's engines work there
//! (`diskmark engines --format json`, asked with its version), and the
//! run takes the one `--engine` named, or else the best that works on
//! every host, so that every host runs the same plan.

use crate::engine::EngineKind;
use crate::hosts::HostsError;
use serde::Deserialize;

/// What one host's `diskmark engines --format json` says: the subset the
/// coordinator reads.
#[derive(Debug, Clone, Deserialize)]
pub struct HostEngines {
    engines: Vec<EngineState>,
}

#[derive(Debug, Clone, Deserialize)]
struct EngineState {
    name: String,
    available: bool,
    reason: Option<String>,
}

impl HostEngines {
    /// Why `kind` does not work on this host, or `None` when it does.
    fn why_not(&self, kind: EngineKind) -> Option<String> {
        match self.engines.iter().find(|e| e.name == kind.name()) {
            Some(e) if e.available => None,
            Some(e) => Some(e.reason.clone().unwrap_or_else(|| "unavailable".into())),
            None => Some("its diskmark does not list it".into()),
        }
    }
}

/// The engine of the run, and the note that says why it is not the one
/// this machine would have taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Agreed {
    /// The engine every host runs.
    pub engine: EngineKind,
    /// Set when the engine is not `wanted`.
    pub note: Option<String>,
}

/// The engine for `hosts` (named as in `names`): `wanted` when `chosen`
/// (`--engine`) and it works on every host, else an error naming the
/// first host where it does not; when not chosen, the first of
/// [`EngineKind::DEFAULT_ORDER`] that works on every host.
pub fn agree(
    wanted: EngineKind,
    chosen: bool,
    hosts: &[HostEngines],
    names: &[String],
) -> Result<Agreed, HostsError> {
    let first_refusal = |kind: EngineKind| {
        (hosts.iter().zip(names)).find_map(|(h, n)| h.why_not(kind).map(|why| (n.clone(), why)))
    };
    let Some((host, why)) = first_refusal(wanted) else {
        return Ok(Agreed {
            engine: wanted,
            note: None,
        });
    };
    let why = crate::escape::escaped(&why);
    let refused = HostsError::Engine {
        host: host.clone(),
        engine: wanted.name().into(),
        why: why.clone(),
    };
    if chosen {
        return Err(refused);
    }
    let engine = (EngineKind::DEFAULT_ORDER.into_iter())
        .find(|k| first_refusal(*k).is_none())
        .ok_or(refused)?;
    Ok(Agreed {
        engine,
        note: Some(format!(
            "{} does not work on host {host} ({why}): every host runs {}, the best engine that works on all of them",
            wanted.name(),
            engine.name()
        )),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(without: &[&str]) -> HostEngines {
        let engines = ["io_uring", "libaio", "posixaio", "psync", "null"]
            .iter()
            .map(|n| EngineState {
                name: n.to_string(),
                available: !without.contains(n),
                reason: without
                    .contains(n)
                    .then(|| format!("no {n} \u{1b}[31mhere")),
            })
            .collect();
        HostEngines { engines }
    }

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("ssh://h{i}:22")).collect()
    }

    #[test]
    fn the_best_engine_that_works_on_every_host_is_taken_and_noted() {
        let all = [host(&[]), host(&[])];
        let same = agree(EngineKind::IoUring, false, &all, &names(2)).unwrap();
        assert_eq!(same.engine, EngineKind::IoUring);
        assert_eq!(same.note, None);
        let one_without = [host(&[]), host(&["io_uring"])];
        let a = agree(EngineKind::IoUring, false, &one_without, &names(2)).unwrap();
        assert_eq!(a.engine, EngineKind::Libaio);
        let note = a.note.unwrap();
        assert!(note.starts_with("io_uring does not work on host ssh://h1:22 (no io_uring "));
        assert!(
            note.ends_with("every host runs libaio, the best engine that works on all of them")
        );
        // What a host says is escaped before it is printed.
        assert!(!note.contains('\u{1b}'), "{note}");
        let neither = [host(&["libaio"]), host(&["io_uring"])];
        let a = agree(EngineKind::IoUring, false, &neither, &names(2)).unwrap();
        assert_eq!(a.engine, EngineKind::Psync);
    }

    #[test]
    fn a_chosen_engine_that_a_host_lacks_is_one_sentence_naming_it() {
        let hosts = [host(&[]), host(&["libaio"])];
        let e = agree(EngineKind::Libaio, true, &hosts, &names(2)).unwrap_err();
        let said = e.to_string();
        assert!(
            said.starts_with("host ssh://h1:22: engine libaio does not work there (no libaio "),
            "{said}"
        );
        assert!(!e.is_usage());
        // Every host lists nothing that works: no engine to agree on.
        let none = [host(&["io_uring", "libaio", "psync"])];
        assert!(agree(EngineKind::IoUring, false, &none, &names(1)).is_err());
    }
}
