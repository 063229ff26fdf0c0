//! The planner (docs/measurement.md#engines-and-adaptation): turns a requested test into what the engine
//! will really run, and records every change so the report can say so.

use crate::engine::Capabilities;
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

/// A test that cannot run on this engine at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{test} cannot run on {engine}: {reason}")]
pub struct PlanError {
    /// The test.
    pub test: String,
    /// The engine.
    pub engine: String,
    /// Why, and what to change.
    pub reason: String,
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

/// Plans one test for an engine described by its name and capabilities.
pub fn plan(spec: TestSpec, engine: &str, caps: &Capabilities) -> Result<PlannedTest, PlanError> {
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
        let cap = if want > MAX_SYNC_THREADS {
            format!(" (at most {MAX_SYNC_THREADS} threads)")
        } else {
            String::new()
        };
        p.notes.push(format!(
            "{engine} is synchronous: {name} ran as Q1T{}{cap}",
            p.t
        ));
    } else if spec.q > caps.max_depth {
        p.q = caps.max_depth;
        p.notes.push(format!(
            "{engine} keeps at most {} I/Os in flight per thread: {name} ran as Q{}T{}",
            caps.max_depth, p.q, p.t
        ));
    }
    if let Some(b) = &caps.budget
        && b.cost(p.q, p.t) > b.total
    {
        let before = format!("Q{}T{}", p.q, p.t);
        // The deepest queue per thread that fits; then, if even depth 1
        // does not, fewer threads.
        while p.q > 1 && b.cost(p.q, p.t) > b.total {
            p.q -= 1;
        }
        while p.t > 1 && b.cost(p.q, p.t) > b.total {
            p.t -= 1;
        }
        if b.cost(p.q, p.t) > b.total {
            return Err(PlanError {
                test: spec.to_string(),
                engine: engine.to_string(),
                reason: format!(
                    "{} leaves room for {} and one thread needs {}; raise {}",
                    b.resource,
                    b.total,
                    b.cost(1, 1),
                    b.resource
                ),
            });
        }
        p.notes.push(format!(
            "{engine}: {} leaves room for {} in flight: {before} ran as Q{}T{}",
            b.resource, b.total, p.q, p.t
        ));
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Budget;
    use crate::workload::parse_test;

    const SYNC: Capabilities = Capabilities {
        synchronous: true,
        max_depth: 1,
        budget: None,
    };
    const ASYNC: Capabilities = Capabilities {
        synchronous: false,
        max_depth: 512,
        budget: None,
    };

    fn planned(spec: &str, caps: &Capabilities) -> (u32, u32, Vec<String>) {
        let p = plan(parse_test(spec).unwrap(), "psync", caps).unwrap();
        (p.q, p.t, p.notes)
    }

    #[test]
    fn synchronous_engines_turn_depth_into_threads() {
        assert_eq!(
            planned("SEQ1M Q8T1", &SYNC),
            (
                1,
                8,
                vec!["psync is synchronous: Q8T1 ran as Q1T8".to_string()]
            )
        );
        assert_eq!(
            planned("RND4K Q32T1", &SYNC),
            (
                1,
                32,
                vec!["psync is synchronous: Q32T1 ran as Q1T32".to_string()]
            )
        );
        assert_eq!(
            planned("RND4K Q4T4", &SYNC),
            (
                1,
                16,
                vec!["psync is synchronous: Q4T4 ran as Q1T16".to_string()]
            )
        );
        let (q, t, notes) = planned("RND4K Q32T16", &SYNC);
        assert_eq!((q, t), (1, 256));
        assert_eq!(
            notes,
            ["psync is synchronous: Q32T16 ran as Q1T256 (at most 256 threads)"]
        );
        // Nothing to adapt: no note.
        assert_eq!(planned("RND4K Q1T4", &SYNC), (1, 4, vec![]));
        assert!(
            !plan(parse_test("RND4K Q1T1").unwrap(), "psync", &SYNC)
                .unwrap()
                .adapted()
        );
    }

    #[test]
    fn asynchronous_engines_keep_the_depth_or_cap_it_visibly() {
        assert_eq!(planned("RND4K Q32T16", &ASYNC), (32, 16, vec![]));
        let caps = Capabilities {
            synchronous: false,
            max_depth: 16,
            budget: None,
        };
        let p = plan(parse_test("RND4K Q64T2").unwrap(), "toy", &caps).unwrap();
        assert_eq!((p.q, p.t), (16, 2));
        assert_eq!(
            p.notes,
            ["toy keeps at most 16 I/Os in flight per thread: Q64T2 ran as Q16T2"]
        );
        assert_eq!(p.applied().to_string(), "RND4K Q16T2");
        assert!(p.adapted());
    }

    #[test]
    fn budgets_shrink_depth_then_threads_or_refuse() {
        // libaio-like: 2 events per I/O, at least 8 per thread.
        let caps = |total| Capabilities {
            synchronous: false,
            max_depth: 512,
            budget: Some(Budget {
                total,
                per_io: 2,
                min_per_thread: 8,
                resource: "fs.aio-max-nr".into(),
            }),
        };
        // Q32T16 costs 16·2·32 = 1024: fits in 65536.
        let p = plan(parse_test("RND4K Q32T16").unwrap(), "libaio", &caps(65536)).unwrap();
        assert_eq!((p.q, p.t, p.notes.len()), (32, 16, 0));
        // In 512: 16 threads of depth 16 cost 512.
        let p = plan(parse_test("RND4K Q32T16").unwrap(), "libaio", &caps(512)).unwrap();
        assert_eq!((p.q, p.t), (16, 16));
        assert_eq!(
            p.notes,
            ["libaio: fs.aio-max-nr leaves room for 512 in flight: Q32T16 ran as Q16T16"]
        );
        // In 64: depth 1 still costs 16 per thread: 4 threads.
        let p = plan(parse_test("RND4K Q32T16").unwrap(), "libaio", &caps(64)).unwrap();
        assert_eq!((p.q, p.t), (1, 4));
        // In 10: not even one thread.
        let e = plan(parse_test("RND4K Q1T1").unwrap(), "libaio", &caps(10)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "RND4K Q1T1 cannot run on libaio: fs.aio-max-nr leaves room for 10 and one thread needs 16; raise fs.aio-max-nr"
        );
    }
}
