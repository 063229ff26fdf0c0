//! Live progress on standard error when it is a terminal: one line,
//! rewritten in place (test, loop, phase, time left, current MB/s).

use crate::run::{Event, Live, Phase, Step};
use std::io::Write;
use std::time::{Duration, Instant};

/// One status line on standard error, rewritten in place at most every
/// [`REDRAW`] and cleared when done or dropped; silent when disabled. The
/// run's, a span map's and a sustained write's lines draw through it.
pub struct StatusLine {
    enabled: bool,
    last: Option<Instant>,
    shown: bool,
}

/// Shortest time between two redraws.
const REDRAW: Duration = Duration::from_millis(100);

impl StatusLine {
    /// A line that draws only when `enabled`.
    pub fn new(enabled: bool) -> Self {
        StatusLine {
            enabled,
            last: None,
            shown: false,
        }
    }

    /// Draws what `text` gives (nothing for `None`), unless the last
    /// redraw was under [`REDRAW`] ago and `force` is false.
    pub fn draw(&mut self, force: bool, text: impl FnOnce() -> Option<String>) {
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        if !force && self.last.is_some_and(|l| now - l < REDRAW) {
            return;
        }
        if let Some(text) = text() {
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

impl Drop for StatusLine {
    fn drop(&mut self) {
        self.finish();
    }
}

/// Prints runner events as a single status line.
pub struct ProgressLine {
    line: StatusLine,
}

impl ProgressLine {
    /// A progress line that prints only when `enabled`.
    pub fn new(enabled: bool) -> Self {
        ProgressLine {
            line: StatusLine::new(enabled),
        }
    }

    /// The text for one event; `None` for events that do not redraw.
    pub fn describe(event: &Event) -> Option<String> {
        Some(match &event.step {
            Step::Prefill { done, total } => format!(
                "pre-fill {:>3}% ({} of {} MiB)",
                done * 100 / (*total).max(1),
                done >> 20,
                total >> 20
            ),
            Step::Interval { remaining } => {
                format!("interval: next test in {:.1} s", remaining.as_secs_f64())
            }
            Step::Running(live) => running(live),
            Step::LoopDone(_) => return None,
        })
    }

    /// Shows `event` (throttled, but the drain always shows).
    pub fn update(&mut self, event: &Event) {
        let drain = matches!(&event.step, Step::Running(l) if l.phase == Phase::Drain);
        self.line.draw(drain, || Self::describe(event));
    }

    /// Clears the line.
    pub fn finish(&mut self) {
        self.line.finish();
    }
}

/// `RND4K Q1T32 read  loop 2/5  measure   3.2 s left  123.46 MB/s`.
fn running(live: &Live) -> String {
    let at = &live.at;
    let head = format!(
        "{} {:<5} loop {}/{}",
        at.applied,
        at.direction.name(),
        at.loop_index + 1,
        at.loops
    );
    if live.phase == Phase::Drain {
        return format!("{head}  drain");
    }
    let speed = live
        .mbps
        .map(|m| format!("  {m:>10.2} MB/s"))
        .unwrap_or_default();
    format!(
        "{head}  {:<7} {:>5.1} s left{speed}",
        live.phase.name(),
        live.remaining.as_secs_f64()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::{Position, TimeLeft};
    use crate::workload::{Direction, parse_test};

    fn event(step: Step) -> Event {
        Event {
            step,
            time: TimeLeft {
                planned: Duration::from_secs(60),
                left: Duration::from_secs(30),
            },
        }
    }

    #[test]
    fn lines_say_test_loop_phase_and_speed() {
        let at = Position {
            test_index: 3,
            requested: parse_test("RND4K Q32T1").unwrap(),
            applied: parse_test("RND4K Q1T32").unwrap(),
            direction: Direction::Read,
            loop_index: 1,
            loops: 5,
        };
        let e = event(Step::Running(Live {
            at,
            phase: Phase::Measure,
            remaining: Duration::from_millis(3200),
            mbps: Some(123.456),
            iops: Some(30140.6),
        }));
        let s = ProgressLine::describe(&e).unwrap();
        assert!(s.starts_with("RND4K Q1T32 read  loop 2/5  measure"), "{s}");
        assert!(s.contains("3.2 s left") && s.contains("123.46 MB/s"), "{s}");
        let e = event(Step::Running(Live {
            at,
            phase: Phase::Drain,
            remaining: Duration::ZERO,
            mbps: None,
            iops: None,
        }));
        assert_eq!(
            ProgressLine::describe(&e).unwrap(),
            "RND4K Q1T32 read  loop 2/5  drain"
        );
        let s = ProgressLine::describe(&event(Step::Prefill {
            done: 512 << 20,
            total: 1 << 30,
        }))
        .unwrap();
        assert_eq!(s, "pre-fill  50% (512 of 1024 MiB)");
    }
}
