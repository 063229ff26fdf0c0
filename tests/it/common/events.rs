//! Following a child's `--progress jsonl` stream on its standard error
//! (docs/report.md#progress-stream): a test waits for the event it needs,
//! with a deadline, instead of sleeping to guess a phase.

use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The lines of a stream, read on a thread so that waiting has a deadline
/// and the child never blocks on a full pipe.
pub struct Events {
    lines: Receiver<String>,
    seen: Vec<String>,
    reader: Option<JoinHandle<()>>,
}

impl Events {
    /// Follows `stream` (a child's stderr or stdout).
    pub fn follow(stream: impl Read + Send + 'static) -> Events {
        let (tx, rx) = channel();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stream).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Events {
            lines: rx,
            seen: Vec::new(),
            reader: Some(reader),
        }
    }

    /// The first event from here on for which `want` holds; panics, with
    /// what was seen, when none came within `deadline` or the stream ended.
    pub fn wait_for(
        &mut self,
        deadline: Duration,
        want: impl Fn(&serde_json::Value) -> bool,
    ) -> serde_json::Value {
        let end = Instant::now() + deadline;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if let Ok(v) = serde_json::from_str::<serde_json::Value>(&line)
                        && want(&v)
                    {
                        return v;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no such event within {deadline:?}; seen: {:#?}", self.seen)
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the stream ended without the event; seen: {:#?}", self.seen)
                }
            }
        }
    }

    /// Every line of the stream, once it has ended (the child exited).
    pub fn all(mut self) -> Vec<String> {
        if let Some(r) = self.reader.take() {
            let _ = r.join();
        }
        self.seen.extend(self.lines.try_iter());
        self.seen
    }
}

/// A loop's measure window opened: the test file is there and pre-filled,
/// and the run is in its tests.
pub fn window_start(v: &serde_json::Value) -> bool {
    v["type"] == "window_start"
}

/// The `loop_end` of the last loop of cell `cell` (from 1, in run order):
/// without `--verify` (whose read pass comes after it), that test is in
/// the report however the run stops from here on.
pub fn test_done(cell: u64) -> impl Fn(&serde_json::Value) -> bool {
    move |v| {
        let at = &v["at"];
        v["type"] == "loop_end"
            && at["cell"] == cell
            && at["loop_index"].as_u64().map(|i| i + 1) == at["loops"].as_u64()
    }
}
