//! Live progress on standard error when it is a terminal: one line,
//! rewritten in place (test, loop, phase, time left, current MB/s).

use crate::run::{Event, Phase};
use std::io::Write;
use std::time::{Duration, Instant};

/// Prints runner events as a single status line.
pub struct ProgressLine {
    enabled: bool,
    last: Option<Instant>,
    shown: bool,
}

/// Shortest time between two redraws.
const REDRAW: Duration = Duration::from_millis(100);

impl ProgressLine {
    /// A progress line that prints only when `enabled`.
    pub fn new(enabled: bool) -> Self {
        ProgressLine {
            enabled,
            last: None,
            shown: false,
        }
    }

    /// The text for one event; `None` for events that do not redraw.
    pub fn describe(event: &Event<'_>) -> Option<String> {
        Some(match *event {
            Event::Prefill { done, total } => format!(
                "pre-fill {:>3}% ({} of {} MiB)",
                done * 100 / total.max(1),
                done >> 20,
                total >> 20
            ),
            Event::Interval { remaining } => {
                format!("interval: next test in {:.1} s", remaining.as_secs_f64())
            }
            Event::Running {
                test,
                direction,
                loop_index,
                loops,
                phase,
                remaining,
                mbps,
            } => {
                let phase = match phase {
                    Phase::Warmup => "warm-up",
                    Phase::Measure => "measure",
                    Phase::Drain => {
                        return Some(format!(
                            "{} {:<5} loop {}/{}  drain",
                            test.applied(),
                            direction.name(),
                            loop_index + 1,
                            loops
                        ));
                    }
                };
                let speed = mbps
                    .map(|m| format!("  {m:>10.2} MB/s"))
                    .unwrap_or_default();
                format!(
                    "{} {:<5} loop {}/{}  {phase:<7} {:>5.1} s left{speed}",
                    test.applied(),
                    direction.name(),
                    loop_index + 1,
                    loops,
                    remaining.as_secs_f64()
                )
            }
            Event::LoopDone { .. } => return None,
        })
    }

    /// Shows `event` (throttled).
    pub fn update(&mut self, event: &Event<'_>) {
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        if self.last.is_some_and(|l| now - l < REDRAW)
            && !matches!(
                event,
                Event::Running {
                    phase: Phase::Drain,
                    ..
                }
            )
        {
            return;
        }
        if let Some(text) = Self::describe(event) {
            self.last = Some(now);
            self.shown = true;
            let mut err = std::io::stderr().lock();
            // A progress line that cannot be written is not worth failing for.
            let _ = write!(err, "\r\x1b[2K{text}");
            let _ = err.flush();
        }
    }

    /// Clears the line.
    pub fn finish(&mut self) {
        if self.enabled && self.shown {
            let _ = write!(std::io::stderr(), "\r\x1b[2K");
            self.shown = false;
        }
    }
}

impl Drop for ProgressLine {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EngineKind;
    use crate::plan::plan;
    use crate::workload::{Direction, parse_test};

    #[test]
    fn lines_say_test_loop_phase_and_speed() {
        let p = plan(
            parse_test("RND4K Q32T1").unwrap(),
            "psync",
            &crate::engine::registry::probe(EngineKind::Psync).caps,
        )
        .unwrap();
        let e = Event::Running {
            test: &p,
            direction: Direction::Read,
            loop_index: 1,
            loops: 5,
            phase: Phase::Measure,
            remaining: Duration::from_millis(3200),
            mbps: Some(123.456),
        };
        let s = ProgressLine::describe(&e).unwrap();
        assert!(s.starts_with("RND4K Q1T32 read  loop 2/5  measure"), "{s}");
        assert!(s.contains("3.2 s left") && s.contains("123.46 MB/s"), "{s}");
        let s = ProgressLine::describe(&Event::Prefill {
            done: 512 << 20,
            total: 1 << 30,
        })
        .unwrap();
        assert_eq!(s, "pre-fill  50% (512 of 1024 MiB)");
    }
}
