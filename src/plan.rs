//! The planner (DESIGN §2.3): turns a requested test into what the engine
//! will really run, and records every change so the report can say so.

use crate::engine::{Capabilities, EngineKind};
use crate::workload::TestSpec;
use serde::Serialize;

/// Most threads a synchronous engine's adapted test may use.
pub const MAX_SYNC_THREADS: u32 = 256;

/// A test as it will run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlannedTest {
    /// As asked for.
    pub requested: TestSpec,
    /// Applied queue depth per thread.
    pub q: u32,
    /// Applied thread count.
    pub t: u32,
    /// One sentence per change made.
    pub notes: Vec<String>,
}

impl PlannedTest {
    /// The applied test (requested pattern and block, applied Q and T).
    pub fn applied(&self) -> TestSpec {
        TestSpec {
            q: self.q,
            t: self.t,
            ..self.requested
        }
    }

    /// Whether the engine changed the test.
    pub fn adapted(&self) -> bool {
        self.q != self.requested.q || self.t != self.requested.t
    }
}

/// Plans one test for `engine`.
pub fn plan(spec: TestSpec, engine: EngineKind) -> PlannedTest {
    plan_with(spec, engine.name(), engine.capabilities())
}

/// Plans one test for an engine described by its name and capabilities.
pub fn plan_with(spec: TestSpec, engine: &str, caps: Capabilities) -> PlannedTest {
    let mut p = PlannedTest {
        requested: spec,
        q: spec.q,
        t: spec.t,
        notes: Vec::new(),
    };
    let name = format!("Q{}T{}", spec.q, spec.t);
    if caps.synchronous && spec.q > 1 {
        // Same number of I/Os in flight, as threads.
        let want = spec.q * spec.t;
        p.q = 1;
        p.t = want.min(MAX_SYNC_THREADS);
        if want > MAX_SYNC_THREADS {
            p.notes.push(format!(
                "{engine} is synchronous: {name} ran as Q1T{} (at most {MAX_SYNC_THREADS} threads)",
                p.t
            ));
        } else {
            p.notes
                .push(format!("{engine} is synchronous: {name} ran as Q1T{}", p.t));
        }
    } else if spec.q > caps.max_depth {
        p.q = caps.max_depth;
        p.notes.push(format!(
            "{engine} keeps at most {} I/Os in flight per thread: {name} ran as Q{}T{}",
            caps.max_depth, p.q, p.t
        ));
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workload::parse_test;

    fn planned(spec: &str, engine: EngineKind) -> (u32, u32, Vec<String>) {
        let p = plan(parse_test(spec).unwrap(), engine);
        (p.q, p.t, p.notes)
    }

    #[test]
    fn synchronous_engines_turn_depth_into_threads() {
        assert_eq!(
            planned("SEQ1M Q8T1", EngineKind::Psync),
            (
                1,
                8,
                vec!["psync is synchronous: Q8T1 ran as Q1T8".to_string()]
            )
        );
        assert_eq!(
            planned("RND4K Q32T1", EngineKind::Psync),
            (
                1,
                32,
                vec!["psync is synchronous: Q32T1 ran as Q1T32".to_string()]
            )
        );
        assert_eq!(
            planned("RND4K Q4T4", EngineKind::Psync),
            (
                1,
                16,
                vec!["psync is synchronous: Q4T4 ran as Q1T16".to_string()]
            )
        );
        let (q, t, notes) = planned("RND4K Q32T16", EngineKind::Psync);
        assert_eq!((q, t), (1, 256));
        assert_eq!(
            notes,
            ["psync is synchronous: Q32T16 ran as Q1T256 (at most 256 threads)"]
        );
        // Nothing to adapt: no note.
        assert_eq!(planned("RND4K Q1T4", EngineKind::Psync), (1, 4, vec![]));
        assert!(!plan(parse_test("RND4K Q1T1").unwrap(), EngineKind::Psync).adapted());
    }

    #[test]
    fn asynchronous_engines_keep_the_depth_or_cap_it_visibly() {
        assert_eq!(planned("RND4K Q32T16", EngineKind::Null), (32, 16, vec![]));
        let p = plan_with(
            parse_test("RND4K Q64T2").unwrap(),
            "toy",
            Capabilities {
                synchronous: false,
                max_depth: 16,
            },
        );
        assert_eq!((p.q, p.t), (16, 2));
        assert_eq!(
            p.notes,
            ["toy keeps at most 16 I/Os in flight per thread: Q64T2 ran as Q16T2"]
        );
        assert_eq!(p.applied().to_string(), "RND4K Q16T2");
    }
}
