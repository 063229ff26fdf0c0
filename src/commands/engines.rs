//! `diskmark engines`: every engine, whether it works here (or why not),
//! whether it is synchronous, its depth limit here, and which of its
//! optional set-ups this kernel has (docs/measurement.md#io_uring-setup).

use crate::engine::registry::Probe;
use crate::engine::{Capabilities, EngineKind, Feature};
use crate::plan::MAX_SYNC_THREADS;
use serde::Serialize;
use std::fmt::Write;

/// The depth limit in words.
fn limit(caps: &Capabilities) -> String {
    if caps.synchronous {
        return format!("1 per thread (QxTy runs as Q1T(x·y), at most {MAX_SYNC_THREADS} threads)");
    }
    let mut s = format!("{} per thread", caps.max_depth);
    if let Some(b) = &caps.budget {
        let most = b.total / b.per_io.max(1);
        let _ = write!(s, ", {most} in flight in all ({})", b.resource);
    }
    s
}

/// One engine as listed: its probe and its optional set-ups.
#[derive(Debug, Clone)]
pub struct Listed {
    /// Whether it works here and what it can do.
    pub probe: Probe,
    /// Its optional set-ups, tried on this kernel (none where it does not
    /// work).
    pub features: Vec<Feature>,
}

/// Every probed engine with its set-ups tried.
pub fn list(probes: Vec<Probe>) -> Vec<Listed> {
    (probes.into_iter())
        .map(|probe| Listed {
            features: match probe.status {
                Ok(()) => probe.kind.features(),
                Err(_) => Vec::new(),
            },
            probe,
        })
        .collect()
}

/// The table.
pub fn render_text(listed: &[Listed], default: EngineKind) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<10} {:<13} {:<12} depth limit here",
        "engine", "status", "kind"
    );
    for l in listed {
        let p = &l.probe;
        let kind = if p.caps.synchronous {
            "synchronous"
        } else {
            "asynchronous"
        };
        let status = match &p.status {
            Ok(()) if p.kind == default => "default",
            Ok(()) => "available",
            Err(_) => "unavailable",
        };
        let _ = writeln!(
            out,
            "{:<10} {status:<13} {kind:<12} {}",
            p.kind.name(),
            limit(&p.caps)
        );
        if let Err(why) = &p.status {
            let _ = writeln!(out, "{:<10} {why}", "");
        }
        for f in &l.features {
            let has = if f.available { "yes" } else { "no " };
            let _ = writeln!(
                out,
                "{:<10} {:<28} {has} {}: {}",
                "", f.name, f.used, f.what
            );
        }
    }
    let _ = writeln!(
        out,
        "\nThe default is the first that works of: {}.",
        EngineKind::DEFAULT_ORDER.map(|k| k.name()).join(", ")
    );
    out
}

#[derive(Serialize)]
struct Doc {
    default: &'static str,
    engines: Vec<Entry>,
}

#[derive(Serialize)]
struct Entry {
    name: &'static str,
    available: bool,
    reason: Option<String>,
    synchronous: bool,
    max_depth_per_thread: u32,
    /// I/Os in flight over all threads that the budget allows, if limited.
    max_in_flight: Option<u64>,
    limited_by: Option<String>,
    limit: String,
    features: Vec<Feature>,
}

/// The JSON.
pub fn render_json(listed: &[Listed], default: EngineKind) -> String {
    let doc = Doc {
        default: default.name(),
        engines: listed
            .iter()
            .map(|l| (&l.probe, &l.features))
            .map(|(p, features)| Entry {
                name: p.kind.name(),
                available: p.status.is_ok(),
                reason: p.status.clone().err(),
                synchronous: p.caps.synchronous,
                max_depth_per_thread: p.caps.max_depth,
                max_in_flight: p.caps.budget.as_ref().map(|b| b.total / b.per_io.max(1)),
                limited_by: p.caps.budget.as_ref().map(|b| b.resource.clone()),
                limit: limit(&p.caps),
                features: features.clone(),
            })
            .collect(),
    };
    // Plain strings, numbers and booleans always serialise.
    let mut s = crate::escape::to_json_pretty(&doc).unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Budget;

    fn probes() -> Vec<Listed> {
        let listed = |probe: Probe| Listed {
            features: match probe.kind {
                EngineKind::Libaio => vec![Feature {
                    name: "IORING_SETUP_SQPOLL",
                    what: "a kernel thread submits",
                    available: false,
                    used: "with --sqpoll",
                }],
                _ => Vec::new(),
            },
            probe,
        };
        vec![
            Probe {
                kind: EngineKind::IoUring,
                status: Err(
                    "io_uring is disabled on this machine (kernel.io_uring_disabled = 2)".into(),
                ),
                caps: Capabilities {
                    synchronous: false,
                    max_depth: 512,
                    budget: None,
                },
            },
            Probe {
                kind: EngineKind::Libaio,
                status: Ok(()),
                caps: Capabilities {
                    synchronous: false,
                    max_depth: 512,
                    budget: Some(Budget {
                        total: 65536,
                        per_io: 2,
                        min_per_thread: 8,
                        resource: "fs.aio-max-nr".into(),
                    }),
                },
            },
            Probe {
                kind: EngineKind::Psync,
                status: Ok(()),
                caps: Capabilities {
                    synchronous: true,
                    max_depth: 1,
                    budget: None,
                },
            },
        ]
        .into_iter()
        .map(listed)
        .collect()
    }

    #[test]
    fn text_table() {
        let t = render_text(&probes(), EngineKind::Libaio);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(
            lines[0],
            "engine     status        kind         depth limit here"
        );
        assert_eq!(
            lines[1],
            "io_uring   unavailable   asynchronous 512 per thread"
        );
        assert_eq!(
            lines[2],
            "           io_uring is disabled on this machine (kernel.io_uring_disabled = 2)"
        );
        assert_eq!(
            lines[3],
            "libaio     default       asynchronous 512 per thread, 32768 in flight in all (fs.aio-max-nr)"
        );
        assert_eq!(
            lines[4],
            "           IORING_SETUP_SQPOLL          no  with --sqpoll: a kernel thread submits"
        );
        assert!(lines[5].starts_with("psync      available     synchronous  1 per thread"));
    }

    #[test]
    fn json_document() {
        let v: serde_json::Value =
            serde_json::from_str(&render_json(&probes(), EngineKind::Libaio)).unwrap();
        assert_eq!(v["default"], "libaio");
        assert_eq!(v["engines"][0]["available"], false);
        assert!(
            v["engines"][0]["reason"]
                .as_str()
                .unwrap()
                .contains("io_uring_disabled")
        );
        assert_eq!(v["engines"][1]["max_in_flight"], 32768);
        assert_eq!(v["engines"][2]["synchronous"], true);
        assert_eq!(
            v["engines"][1]["features"][0]["name"],
            "IORING_SETUP_SQPOLL"
        );
        assert_eq!(v["engines"][1]["features"][0]["available"], false);
        assert!(v["engines"][2]["reason"].is_null());
    }
}
