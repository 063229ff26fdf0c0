//! The lines of a host agent's stream that the coordinator reads
//! (docs/hosts.md#the-host-agent): the same JSON lines as
//! `--progress jsonl` (docs/progress.schema.json), of which it takes only
//! what it needs; any other line is [`AgentLine::Other`].

use crate::stats::wire::LoopWire;
use serde::Deserialize;

/// One line of a host's stream, as the coordinator reads it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AgentLine {
    /// Set up for a loop, waiting for `go`.
    Ready {
        /// The host's clock, ns since the Unix epoch.
        wall_ns: u64,
        /// Its test file.
        #[serde(default)]
        file: String,
    },
    /// The host's clock, asked with `clock`.
    Clock {
        /// ns since the Unix epoch.
        wall_ns: u64,
    },
    /// The loop's warm-up began.
    Started {
        /// The host's clock, ns since the Unix epoch.
        wall_ns: u64,
    },
    /// A loop ended, with its counts.
    LoopEnd {
        /// Everything the loop counted.
        #[serde(default)]
        wire: Option<Box<LoopWire>>,
    },
    /// A note of the host's report.
    Warning {
        /// The note.
        sentence: String,
    },
    /// The host's run is over.
    Done {
        /// Its notes.
        #[serde(default)]
        notes: Vec<String>,
    },
    /// Any other line of the stream.
    #[serde(other)]
    Other,
}
