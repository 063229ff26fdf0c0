//! `--progress jsonl[=PATH]`: every [`run::Event`](crate::run::Event) as
//! one JSON object per line, flushed per line, so that a script (or a test)
//! can follow a run as it goes (docs/report.md#progress-stream). The lines
//! are the typed [`Line`], whose schema is docs/progress.schema.json.
//!
//! The stream is written from the observer, which the run calls between
//! ticks, off the hot path. A write error (a reader that went away, a full
//! disk) does not end the run: it is said once and the stream stops.

use super::Cells;
use crate::outputs::OutputPath;
use crate::run::{Estimate, Event, Finished, Live, Phase, Position, RunOutput, SpanStep, Step};
use crate::stats::DirSummary;
use crate::workload::Direction;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::time::Instant;

/// Where the stream goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonlTo {
    /// Standard error, in place of the progress line (`--progress jsonl`).
    Stderr,
    /// This file, checked as `-o` is (`--progress jsonl=PATH`).
    File(OutputPath),
}

/// Where in the plan a line is: the loop of a test in a direction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct At {
    /// The cell's number from 1 in run order (every test read, then
    /// written, then Mix); absent for `--qos`'s loops after the grid.
    pub cell: Option<usize>,
    /// Cells in the run.
    pub cells: usize,
    /// The test's index in the plan, from 0.
    pub test_index: usize,
    /// The test as asked, in CrystalDiskMark notation (`RND4K Q32T1`).
    pub requested: String,
    /// The test as it runs, Q and T adapted to the engine (`RND4K Q1T32`).
    pub applied: String,
    /// `read`, `write` or `mix`.
    pub direction: String,
    /// The read share of a Mix test, percent.
    pub mix_read_pct: Option<u8>,
    /// The loop (or `--steady-state` round), from 0.
    pub loop_index: u32,
    /// Loops in all (under `--steady-state`, the most rounds).
    pub loops: u32,
}

/// What a window measured; present only when an I/O completed in it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Figures {
    /// Throughput, 10^6 bytes per second.
    pub mbps: f64,
    /// I/Os per second.
    pub iops: f64,
    /// Mean latency, issue to completion, microseconds.
    pub lat_mean_us: f64,
    /// Completed I/Os in the window.
    pub ios: u64,
}

/// One line of the stream; `type` says which.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Line {
    /// The first line: what will run and about how long it takes.
    Plan {
        /// Seconds since the run started.
        t: f64,
        /// The sentence the progress line starts with.
        sentence: String,
        /// Tests in the plan.
        tests: usize,
        /// The directions each test runs in, in run order.
        directions: Vec<String>,
        /// Loops per test (under `--steady-state`, the most rounds).
        loops: u32,
        /// The time the plan fixes, seconds.
        planned_s: f64,
    },
    /// The first line of a mode beyond the grid: which, and what it does.
    Mode {
        /// Seconds since the run started.
        t: f64,
        /// `sustained`, `span` or `hosts`.
        mode: String,
        /// The sentence the progress line starts with.
        sentence: String,
    },
    /// How far a sustained write is, about every 0.1 s.
    Fill {
        /// Seconds since the run started.
        t: f64,
        /// Bytes written (completed).
        written_bytes: u64,
        /// Bytes to write.
        total_bytes: u64,
        /// The last sample's throughput, 10^6 bytes/s; absent before the
        /// first sample.
        mbps: Option<f64>,
        /// Seconds left at that rate; absent before a rate is known.
        left_s: Option<f64>,
    },
    /// How far a span map is: after each sample, every 64 random reads,
    /// and as its test file fills.
    Span {
        /// Seconds since the run started.
        t: f64,
        /// `fill` (a directory's test file), `samples` or `access`.
        phase: String,
        /// Bytes, samples or reads done.
        done: u64,
        /// Of how many.
        total: u64,
        /// The last sample's throughput, 10^6 bytes/s (`samples` only;
        /// absent when it read nothing).
        mbps: Option<f64>,
    },
    /// A step of a run on many hosts (`probing 2 hosts`, a test's loop).
    Host {
        /// Seconds since the run started.
        t: f64,
        /// The step, in words.
        sentence: String,
    },
    /// Pre-filling the test file.
    Prefill {
        /// Seconds since the run started.
        t: f64,
        /// Bytes written so far.
        done_bytes: u64,
        /// The test file's size.
        total_bytes: u64,
        /// Seconds left of the whole run.
        left_s: f64,
    },
    /// Pausing between tests.
    Interval {
        /// Seconds since the run started.
        t: f64,
        /// Seconds left of the pause.
        remaining_s: f64,
        /// Seconds left of the whole run.
        left_s: f64,
    },
    /// A loop entered a phase: `warm-up`, `measure` or `drain`.
    Phase {
        /// Seconds since the run started.
        t: f64,
        /// Which loop.
        at: At,
        /// The phase entered.
        phase: String,
        /// Seconds left of the whole run.
        left_s: f64,
    },
    /// A loop's measure window opened: at the first tick inside it, or,
    /// when no tick fell inside it (a loaded machine), as soon as the
    /// stream learns it is over, just before its `window_end`.
    WindowStart {
        /// Seconds since the run started.
        t: f64,
        /// Which loop.
        at: At,
        /// Seconds left of the whole run.
        left_s: f64,
    },
    /// A tick of a running loop.
    Live {
        /// Seconds since the run started.
        t: f64,
        /// Which loop.
        at: At,
        /// `warm-up`, `measure` or `drain`.
        phase: String,
        /// Seconds left in this phase.
        remaining_s: f64,
        /// Throughput over the last tick, 10^6 bytes/s; absent when the
        /// backend does not say while it runs (fio).
        mbps: Option<f64>,
        /// I/Os per second over the last tick, when known.
        iops: Option<f64>,
        /// Seconds left of the whole run.
        left_s: f64,
    },
    /// A loop's measure window closed (its drain began, or it finished).
    WindowEnd {
        /// Seconds since the run started.
        t: f64,
        /// Which loop.
        at: At,
        /// Seconds left of the whole run.
        left_s: f64,
    },
    /// A loop finished: what it measured and its test's figures so far.
    LoopEnd {
        /// Seconds since the run started.
        t: f64,
        /// Which loop.
        at: At,
        /// This loop's figures; absent when no I/O completed in it.
        figures: Option<Figures>,
        /// The test's figures over its loops so far, by the run's loop
        /// statistic (what the report shows once the test is over);
        /// absent when no I/O completed.
        cell: Option<Figures>,
        /// Seconds left of the whole run.
        left_s: f64,
        /// `--host-agent` only: everything the loop counted, for the
        /// coordinator's total (docs/hosts.md#exact-merged-latency).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        wire: Option<Box<crate::stats::wire::LoopWire>>,
    },
    /// `--host-agent` only: this host's workers are set up for a loop, and
    /// it waits for its coordinator's `go` (docs/hosts.md#the-host-agent).
    Ready {
        /// This host's clock, ns since the Unix epoch.
        wall_ns: u64,
        /// The test's index in the plan, from 0.
        test_index: usize,
        /// The test as asked (`RND4K Q32T1`).
        requested: String,
        /// `read`, `write` or `mix`.
        direction: String,
        /// The loop, from 0.
        loop_index: u32,
        /// The test file's path on this host.
        file: String,
    },
    /// `--host-agent` only: this host's clock when its coordinator asked
    /// for it (`clock`).
    Clock {
        /// ns since the Unix epoch.
        wall_ns: u64,
    },
    /// `--host-agent` only: the coordinator said `go`, and the loop's
    /// warm-up begins now.
    Started {
        /// This host's clock, ns since the Unix epoch.
        wall_ns: u64,
    },
    /// A note of the report, as soon as the run knows it: the run's
    /// (an adaptation, a caveat of the target or its test file) before the
    /// pre-fill, a test's (no I/O, a flag, the depth the device saw, a CPU
    /// bound) after its last `loop_end`, others (a fallback, a test file
    /// not removed) when they happen. `done`'s notes hold them all.
    Warning {
        /// Seconds since the run started.
        t: f64,
        /// The test it is about, at its last loop; absent for the run's.
        at: Option<At>,
        /// The note, in the report's words.
        sentence: String,
        /// Seconds left of the whole run; absent in a mode whose time is
        /// not planned.
        left_s: Option<f64>,
    },
    /// The last line: the run is over.
    Done {
        /// Seconds since the run started.
        t: f64,
        /// Tests in the report (each test in each direction).
        tests: usize,
        /// What stopped the run early (`signal 2`, `user`); absent when
        /// it ran to the end.
        interrupted: Option<String>,
        /// The run's notes and warnings, as the report has them.
        notes: Vec<String>,
    },
}

/// The stream of a run: its lines written as events come.
pub struct JsonlStream {
    out: Option<Box<dyn Write + Send>>,
    start: Instant,
    cells: Cells,
    /// The loop seen last and its phase.
    current: Option<(Position, Phase)>,
    /// The loop whose `window_start` was written last, and whether its
    /// `window_end` was too.
    window: Option<(Position, bool)>,
    /// Whether `loop_end` carries the loop's counts (`--host-agent`).
    wire: bool,
}

impl JsonlStream {
    /// Opens `to` and writes the plan line of the run `estimate` describes.
    pub fn open(to: &JsonlTo, estimate: &Estimate) -> std::io::Result<JsonlStream> {
        let plan = Line::Plan {
            t: 0.0,
            sentence: estimate.sentence(),
            tests: estimate.tests,
            directions: estimate
                .directions
                .iter()
                .map(|d| d.name().into())
                .collect(),
            loops: estimate.loops,
            planned_s: estimate.fixed.as_secs_f64(),
        };
        JsonlStream::open_with(to, Cells::of(estimate), &plan)
    }

    /// Opens `to` for a mode beyond the grid (`sustained`, `span`,
    /// `hosts`) and writes its first line.
    pub fn open_mode(to: &JsonlTo, mode: &str, sentence: String) -> std::io::Result<JsonlStream> {
        let cells = Cells {
            tests: 0,
            directions: Vec::new(),
        };
        let first = Line::Mode {
            t: 0.0,
            mode: mode.into(),
            sentence,
        };
        JsonlStream::open_with(to, cells, &first)
    }

    fn open_with(to: &JsonlTo, cells: Cells, first: &Line) -> std::io::Result<JsonlStream> {
        let out: Box<dyn Write + Send> = match to {
            JsonlTo::Stderr => Box::new(std::io::stderr()),
            JsonlTo::File(path) => path.open_stream()?,
        };
        let mut s = JsonlStream {
            out: Some(out),
            start: Instant::now(),
            cells,
            current: None,
            window: None,
            wire: false,
        };
        s.write(first);
        Ok(s)
    }

    /// The same stream, whose `loop_end` lines carry each loop's counts
    /// (`--host-agent`).
    pub fn with_wire(self, wire: bool) -> JsonlStream {
        JsonlStream { wire, ..self }
    }

    /// The lines `event` gives.
    pub fn update(&mut self, event: &Event) {
        for line in self.lines(event) {
            // A host agent's coordinator reads no ticks: they would only
            // cost its ssh connection and its CPU (docs/hosts.md#the-host-agent).
            if self.wire && matches!(line, Line::Live { .. } | Line::Prefill { .. }) {
                continue;
            }
            self.write(&line);
        }
    }

    /// The last line, for the run that gave `output`.
    pub fn finish(&mut self, output: &RunOutput) {
        let done = Line::Done {
            t: self.t(),
            tests: output.tests.len(),
            interrupted: output.interrupted.map(|r| match r.signal() {
                Some(sig) => format!("signal {sig}"),
                None => "user".to_string(),
            }),
            notes: output.notes.clone(),
        };
        self.write(&done);
    }

    fn t(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }

    /// The lines of one event: a loop's phase changes and its window's
    /// edges come before its tick.
    fn lines(&mut self, event: &Event) -> Vec<Line> {
        let t = self.t();
        let time = event.time.map(|time| time.left.as_secs_f64());
        // A grid's step always carries its time (`run::run` emits it so).
        let left_s = time.unwrap_or_default();
        let mut lines = Vec::new();
        match &event.step {
            Step::Prefill { done, total } => lines.push(Line::Prefill {
                t,
                done_bytes: *done,
                total_bytes: *total,
                left_s,
            }),
            Step::Interval { remaining } => lines.push(Line::Interval {
                t,
                remaining_s: remaining.as_secs_f64(),
                left_s,
            }),
            Step::Running(live) => {
                self.phase_lines(live, t, left_s, &mut lines);
                lines.push(Line::Live {
                    t,
                    at: self.at(&live.at),
                    phase: live.phase.name().into(),
                    remaining_s: live.remaining.as_secs_f64(),
                    mbps: live.mbps,
                    iops: live.iops,
                    left_s,
                });
            }
            Step::LoopDone(f) => {
                self.current = None;
                self.edges(f.at, true, t, left_s, &mut lines);
                lines.push(self.loop_end(f, t, left_s));
            }
            Step::Warning(w) => lines.push(Line::Warning {
                t,
                at: w.at.as_ref().map(|at| self.at(at)),
                sentence: w.sentence.clone(),
                left_s: time,
            }),
            Step::Fill(p) => lines.push(Line::Fill {
                t,
                written_bytes: p.written,
                total_bytes: p.total,
                mbps: p.mbps,
                left_s: p.left.map(|l| l.as_secs_f64()),
            }),
            Step::Span(p) => lines.push(span_line(t, p)),
            Step::Host(h) => lines.push(Line::Host {
                t,
                sentence: h.sentence.clone(),
            }),
        }
        lines
    }

    /// `phase`, `window_start` and `window_end` as `live` moves on.
    fn phase_lines(&mut self, live: &Live, t: f64, left_s: f64, lines: &mut Vec<Line>) {
        if self.current == Some((live.at, live.phase)) {
            return;
        }
        if let Some((at, Phase::Measure)) = self.current {
            self.edges(at, true, t, left_s, lines);
        }
        self.current = Some((live.at, live.phase));
        lines.push(Line::Phase {
            t,
            at: self.at(&live.at),
            phase: live.phase.name().into(),
            left_s,
        });
        match live.phase {
            Phase::Measure => self.edges(live.at, false, t, left_s, lines),
            Phase::Drain => self.edges(live.at, true, t, left_s, lines),
            Phase::Warmup => {}
        }
    }

    /// The window edges of loop `at` not written yet: its start, and with
    /// `close` its end. A loop whose window no tick fell inside (a loaded
    /// machine, a short window) gets both as soon as the stream learns the
    /// window is over, so that every `loop_end` follows its window's two
    /// lines.
    fn edges(&mut self, at: Position, close: bool, t: f64, left_s: f64, lines: &mut Vec<Line>) {
        let closed = match self.window {
            Some((p, closed)) if p == at => closed,
            _ => {
                lines.push(Line::WindowStart {
                    t,
                    at: self.at(&at),
                    left_s,
                });
                false
            }
        };
        if close && !closed {
            lines.push(Line::WindowEnd {
                t,
                at: self.at(&at),
                left_s,
            });
        }
        self.window = Some((at, closed || close));
    }

    fn loop_end(&self, f: &Finished, t: f64, left_s: f64) -> Line {
        Line::LoopEnd {
            t,
            at: self.at(&f.at),
            figures: figures(&f.headline),
            cell: figures(&f.cell),
            left_s,
            wire: self
                .wire
                .then(|| Box::new(crate::stats::wire::LoopWire::from(f.result.as_ref()))),
        }
    }

    fn at(&self, p: &Position) -> At {
        At {
            cell: self.cells.number(p.test_index, p.direction),
            cells: self.cells.total(),
            test_index: p.test_index,
            requested: p.requested.to_string(),
            applied: p.applied.to_string(),
            direction: p.direction.name().into(),
            mix_read_pct: match p.direction {
                Direction::Mix { read_pct } => Some(read_pct),
                _ => None,
            },
            loop_index: p.loop_index,
            loops: p.loops,
        }
    }

    /// One line, flushed; on the first error, says so once and stops.
    fn write(&mut self, line: &Line) {
        let Some(out) = self.out.as_mut() else {
            return;
        };
        if let Err(e) = write_line(out, line) {
            self.out = None;
            crate::escape::say(format_args!(
                "warning: the progress stream stopped: {e}; the run goes on"
            ));
        }
    }
}

/// Writes `line` and a newline to `out` in one write, and flushes.
pub fn write_line(out: &mut dyn Write, line: &Line) -> std::io::Result<()> {
    // A `Line` holds only strings, numbers and options: it always
    // serialises; an empty line is never written.
    let Ok(mut text) = crate::escape::to_json(line) else {
        return Ok(());
    };
    text.push('\n');
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// The line of a span map's step.
fn span_line(t: f64, p: &SpanStep) -> Line {
    let (phase, done, total, mbps) = match *p {
        SpanStep::Fill { done, total } => ("fill", done, total, None),
        SpanStep::Samples { done, total, mbps } => ("samples", done as u64, total as u64, mbps),
        SpanStep::Access { done, total } => ("access", done, total, None),
    };
    Line::Span {
        t,
        phase: phase.into(),
        done,
        total,
        mbps,
    }
}

/// A window's figures, or none when no I/O completed in it.
fn figures(s: &DirSummary) -> Option<Figures> {
    let lat = s.lat.as_ref().filter(|_| s.completed())?;
    Some(Figures {
        mbps: s.mbps,
        iops: s.iops,
        lat_mean_us: lat.mean_us,
        ios: s.ios,
    })
}

/// The schema of a stream's lines (docs/progress.schema.json), as
/// [`crate::report::model::schema`] writes the report's.
pub fn schema() -> String {
    let generator = schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let schema = generator.into_root_schema_for::<Line>();
    let mut text = crate::escape::to_json_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::{Finished, Live, Phase, Position, Step};
    use crate::stats::LoopResult;
    use std::sync::{Arc, Mutex};

    /// A writer the test reads back.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn position(loop_index: u32) -> Position {
        let spec = crate::workload::TestSpec::new(crate::workload::Pattern::Rnd, 4096, 1, 1);
        Position {
            test_index: 0,
            requested: spec,
            applied: spec,
            direction: Direction::Read,
            loop_index,
            loops: 2,
        }
    }

    fn tick(at: Position, phase: Phase) -> Event {
        Event::untimed(Step::Running(Live {
            at,
            phase,
            remaining: std::time::Duration::ZERO,
            mbps: None,
            iops: None,
        }))
    }

    fn done(at: Position) -> Event {
        let r = LoopResult::empty(1);
        let s = r.read.summary(1);
        Event::untimed(Step::LoopDone(Box::new(Finished {
            at,
            result: Arc::new(r),
            headline: s.clone(),
            cell: s,
        })))
    }

    #[test]
    fn every_loop_end_follows_its_window_even_when_no_tick_fell_inside_it() {
        let out = Shared::default();
        let mut s = JsonlStream {
            out: Some(Box::new(out.clone())),
            start: Instant::now(),
            cells: super::super::Cells {
                tests: 1,
                directions: vec![Direction::Read],
            },
            current: None,
            window: None,
            wire: false,
        };
        let (a, b) = (position(0), position(1));
        // Loop 0: ticks in every phase. Loop 1: a loaded machine saw its
        // warm-up and then its end.
        for e in [
            tick(a, Phase::Warmup),
            tick(a, Phase::Measure),
            tick(a, Phase::Drain),
            done(a),
            tick(b, Phase::Warmup),
            done(b),
        ] {
            s.update(&e);
        }
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        let types: Vec<String> = (text.lines())
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["type"].to_string())
            .filter(|t| t.contains("window") || t.contains("loop_end"))
            .collect();
        let want = ["window_start", "window_end", "loop_end"].map(|t| format!("\"{t}\""));
        assert_eq!(types, [want.clone(), want].concat());
    }
}
