//! `diskmark engines`: every engine, whether it works here (or why not),
//! whether it is synchronous, and its depth limit here.

use crate::engine::registry::Probe;
use crate::engine::{Capabilities, EngineKind};
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

/// The table.
pub fn render_text(probes: &[Probe], default: EngineKind) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<10} {:<13} {:<12} depth limit here",
        "engine", "status", "kind"
    );
    for p in probes {
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
}

/// The JSON.
pub fn render_json(probes: &[Probe], default: EngineKind) -> String {
    let doc = Doc {
        default: default.name(),
        engines: probes
            .iter()
            .map(|p| Entry {
                name: p.kind.name(),
                available: p.status.is_ok(),
                reason: p.status.clone().err(),
                synchronous: p.caps.synchronous,
                max_depth_per_thread: p.caps.max_depth,
                max_in_flight: p.caps.budget.as_ref().map(|b| b.total / b.per_io.max(1)),
                limited_by: p.caps.budget.as_ref().map(|b| b.resource.clone()),
                limit: limit(&p.caps),
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

    fn probes() -> Vec<Probe> {
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
        assert!(lines[4].starts_with("psync      available     synchronous  1 per thread"));
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
        assert!(v["engines"][2]["reason"].is_null());
    }
}
