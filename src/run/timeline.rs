//! The planned total time of a run and the time left, from its plan: every
//! cell (a test in one direction) runs its loops of warm-up plus measure
//! window, with the interval between cells; before them the pre-fill, and
//! under --verify a read-back after each write cell. The pre-fill's and
//! the read-back's times depend on the disk: they are estimated at an
//! assumed rate until the pre-fill has measured the real one.
//!
//! The time left is counted from where the run is (the phase it is in and
//! what follows), not from the clock: a drain or a cache drop that takes
//! longer than planned holds the time left instead of driving it below
//! zero.

use super::event::Phase;
use std::time::Duration;

/// Pre-fill rate assumed until the pre-fill has measured one: a disk of
/// today writes sequentially at about this, bytes per second.
const ASSUMED_RATE: f64 = 500e6;

/// A run's schedule.
#[derive(Debug, Clone, PartialEq)]
pub struct Timeline {
    /// Bytes the pre-fill writes (0: none).
    prefill_bytes: u64,
    /// Bytes each read-back of --verify reads (0: no read-back).
    verify_bytes: u64,
    /// Per cell, in run order: whether a read-back follows it.
    verified: Vec<bool>,
    /// Loops per cell.
    loops: u32,
    /// Warm-up of a loop.
    warmup: Duration,
    /// Measure window of a loop.
    measure: Duration,
    /// Pause between cells.
    interval: Duration,
    /// Bytes per second of the pre-fill: assumed, then measured.
    rate: f64,
    /// What the pre-fill took, once it is done.
    prefill_took: Option<Duration>,
    /// After every cell (`--qos`): a pre-fill of this many bytes...
    tail_bytes: u64,
    /// ...and this long besides.
    tail: Duration,
}

/// What a [`Timeline`] is made from.
#[derive(Debug, Clone, PartialEq)]
pub struct Schedule {
    /// Bytes the pre-fill writes (0: none).
    pub prefill_bytes: u64,
    /// Bytes each read-back of --verify reads.
    pub verify_bytes: u64,
    /// Per cell, in run order: whether a read-back follows it.
    pub verified: Vec<bool>,
    /// Loops per cell.
    pub loops: u32,
    /// Warm-up of a loop.
    pub warmup: Duration,
    /// Measure window of a loop.
    pub measure: Duration,
    /// Pause between cells.
    pub interval: Duration,
}

impl Timeline {
    /// The timeline of `s`, with the assumed pre-fill rate.
    pub fn new(s: Schedule) -> Timeline {
        Timeline {
            prefill_bytes: s.prefill_bytes,
            verify_bytes: s.verify_bytes,
            verified: s.verified,
            loops: s.loops,
            warmup: s.warmup,
            measure: s.measure,
            interval: s.interval,
            rate: ASSUMED_RATE,
            prefill_took: if s.prefill_bytes == 0 {
                Some(Duration::ZERO)
            } else {
                None
            },
            tail_bytes: 0,
            tail: Duration::ZERO,
        }
    }

    /// The same schedule with, after every cell, a pre-fill of `bytes`
    /// and `time` besides (`--qos`).
    pub fn with_tail(mut self, bytes: u64, time: Duration) -> Timeline {
        self.tail_bytes = bytes;
        self.tail = time;
        self
    }

    /// Time left after every cell, with `bytes` of the tail's pre-fill
    /// still to write and `then` of the rest.
    pub fn left_in_tail(&self, bytes: u64, then: Duration) -> Duration {
        self.at_rate(bytes) + then
    }

    /// The whole run as planned now.
    pub fn planned(&self) -> Duration {
        self.prefill_planned() + self.cells_from(0)
    }

    /// The pre-fill has written `done` bytes in `elapsed`: the rate it
    /// measures replaces the assumed one.
    pub fn prefill_progress(&mut self, done: u64, elapsed: Duration) {
        if done > 0 && !elapsed.is_zero() {
            self.rate = done as f64 / elapsed.as_secs_f64();
        }
    }

    /// The pre-fill is over; it took `took`.
    pub fn prefill_done(&mut self, took: Duration) {
        self.prefill_took = Some(took);
    }

    /// Time left while the pre-fill has written `done` bytes.
    pub fn left_in_prefill(&self, done: u64) -> Duration {
        self.at_rate(self.prefill_bytes.saturating_sub(done)) + self.cells_from(0)
    }

    /// Time left in the interval before `cell` with `remaining` of it.
    pub fn left_in_interval(&self, cell: usize, remaining: Duration) -> Duration {
        remaining + self.cell_time(cell) + self.cells_from(cell + 1)
    }

    /// Time left in loop `loop_index` of `cell`, in `phase` with
    /// `remaining` of it.
    pub fn left_in_loop(
        &self,
        cell: usize,
        loop_index: u32,
        phase: Phase,
        remaining: Duration,
    ) -> Duration {
        let rest_of_loop = match phase {
            Phase::Warmup => remaining + self.measure,
            Phase::Measure => remaining,
            Phase::Drain => Duration::ZERO,
        };
        rest_of_loop + self.after_loop(cell, loop_index)
    }

    /// Time left once loop `loop_index` of `cell` is over.
    pub fn after_loop(&self, cell: usize, loop_index: u32) -> Duration {
        let loops_after = self.loops.saturating_sub(loop_index + 1);
        (self.warmup + self.measure) * loops_after
            + self.verify_time(cell)
            + self.cells_from(cell + 1)
    }

    /// The pre-fill: what it took, or what it is expected to take.
    fn prefill_planned(&self) -> Duration {
        self.prefill_took
            .unwrap_or_else(|| self.at_rate(self.prefill_bytes))
    }

    /// Every cell from `cell` on, with the intervals before them (none
    /// before the first), and what follows them.
    fn cells_from(&self, cell: usize) -> Duration {
        let cells: Duration = (cell..self.verified.len())
            .map(|c| {
                let pause = if c == 0 {
                    Duration::ZERO
                } else {
                    self.interval
                };
                pause + self.cell_time(c)
            })
            .sum();
        cells + self.left_in_tail(self.tail_bytes, self.tail)
    }

    /// One cell: its loops and its read-back.
    fn cell_time(&self, cell: usize) -> Duration {
        (self.warmup + self.measure) * self.loops + self.verify_time(cell)
    }

    fn verify_time(&self, cell: usize) -> Duration {
        if self.verified.get(cell).copied().unwrap_or(false) {
            self.at_rate(self.verify_bytes)
        } else {
            Duration::ZERO
        }
    }

    fn at_rate(&self, bytes: u64) -> Duration {
        Duration::from_secs_f64(bytes as f64 / self.rate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    /// The default profile: 4 tests, read and write, 5 loops of 1 + 5 s,
    /// 5 s between tests, a 1 GB pre-fill.
    fn default_run() -> Timeline {
        Timeline::new(Schedule {
            prefill_bytes: 1_000_000_000,
            verify_bytes: 0,
            verified: vec![false; 8],
            loops: 5,
            warmup: secs(1.0),
            measure: secs(5.0),
            interval: secs(5.0),
        })
    }

    fn close(a: Duration, b: Duration) -> bool {
        a.abs_diff(b) < Duration::from_millis(1)
    }

    #[test]
    fn the_planned_total_of_a_known_plan() {
        let t = default_run();
        // 8 cells × 5 loops × 6 s + 7 intervals × 5 s + 1 GB at 500 MB/s.
        assert!(
            close(t.planned(), secs(240.0 + 35.0 + 2.0)),
            "{:?}",
            t.planned()
        );
        assert!(close(t.left_in_prefill(0), t.planned()));
        // The pre-fill measured 250 MB/s: it takes twice as long.
        let mut t = t;
        t.prefill_progress(250_000_000, secs(1.0));
        assert!(close(t.planned(), secs(279.0)), "{:?}", t.planned());
        assert!(close(t.left_in_prefill(250_000_000), secs(278.0)));
        t.prefill_done(secs(4.5));
        assert!(close(t.planned(), secs(279.5)));
    }

    #[test]
    fn time_left_runs_down_to_zero_through_every_phase() {
        let t = default_run();
        let mut last = t.left_in_prefill(0);
        let mut steps = vec![t.left_in_prefill(500_000_000)];
        for cell in 0..8 {
            if cell > 0 {
                steps.push(t.left_in_interval(cell, secs(5.0)));
                steps.push(t.left_in_interval(cell, secs(0.1)));
            }
            for l in 0..5 {
                steps.push(t.left_in_loop(cell, l, Phase::Warmup, secs(1.0)));
                steps.push(t.left_in_loop(cell, l, Phase::Measure, secs(5.0)));
                steps.push(t.left_in_loop(cell, l, Phase::Measure, secs(0.5)));
                steps.push(t.left_in_loop(cell, l, Phase::Drain, Duration::ZERO));
                steps.push(t.after_loop(cell, l));
            }
        }
        for s in steps {
            assert!(s <= last, "{s:?} after {last:?}");
            last = s;
        }
        assert_eq!(last, Duration::ZERO);
        // A measure window that starts holds exactly what its warm-up
        // ended with.
        assert_eq!(
            t.left_in_loop(3, 2, Phase::Warmup, Duration::ZERO),
            t.left_in_loop(3, 2, Phase::Measure, secs(5.0))
        );
    }

    #[test]
    fn verify_read_backs_and_no_prefill() {
        let t = Timeline::new(Schedule {
            prefill_bytes: 0,
            verify_bytes: 1_000_000_000,
            verified: vec![false, true],
            loops: 1,
            warmup: Duration::ZERO,
            measure: secs(1.0),
            interval: Duration::ZERO,
        });
        // Two loops of 1 s and one read-back of 2 s at the assumed rate.
        assert!(close(t.planned(), secs(4.0)));
        // The read-back follows the last loop of the write cell.
        assert!(close(t.after_loop(1, 0), secs(2.0)));
        assert!(close(t.after_loop(0, 0), secs(3.0)));
    }

    #[test]
    fn a_tail_follows_every_cell() {
        let t = default_run().with_tail(500_000_000, secs(3.0));
        // The default run's 277 s, then 1 s of pre-fill at 500 MB/s and 3 s.
        assert!(close(t.planned(), secs(281.0)), "{:?}", t.planned());
        assert!(close(t.after_loop(7, 4), secs(4.0)));
        assert!(close(t.left_in_tail(0, secs(0.5)), secs(0.5)));
    }
}
