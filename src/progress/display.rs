//! What a run of any mode shows while it goes: the progress line (or its
//! plain lines) on standard error and the `--progress jsonl` stream, both
//! fed the same [`Event`]s. Every command builds one, so that every mode
//! streams its events (docs/report.md#progress-stream).

use super::jsonl::{JsonlStream, JsonlTo};
use super::{ProgressLine, Show};
use crate::run::{Estimate, Event, RunOutput};

/// The line and the stream of one run.
pub struct Display {
    line: ProgressLine,
    stream: Option<JsonlStream>,
}

/// Where the progress goes: `--quiet`, and `--progress`'s stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShowTo {
    /// `--quiet`: no line.
    pub quiet: bool,
    /// `--progress jsonl[=PATH]`.
    pub stream: Option<JsonlTo>,
    /// `--host-agent`: the stream's `loop_end` lines carry each loop's
    /// counts.
    pub wire: bool,
}

impl ShowTo {
    /// What the line shows: `--progress jsonl` alone takes standard
    /// error's place of the line.
    fn show(&self) -> Show {
        match self.stream {
            Some(JsonlTo::Stderr) => Show::Nothing,
            _ => Show::for_stderr(self.quiet),
        }
    }

    fn open(
        &self,
        open: impl FnOnce(&JsonlTo) -> std::io::Result<JsonlStream>,
    ) -> std::io::Result<Option<JsonlStream>> {
        let stream = self.stream.as_ref().map(open).transpose()?;
        Ok(stream.map(|s| s.with_wire(self.wire)))
    }
}

impl Display {
    /// The progress of the grid run `estimate` describes.
    pub fn grid(to: &ShowTo, estimate: &Estimate) -> std::io::Result<Display> {
        Ok(Display {
            line: ProgressLine::start(estimate, to.show()),
            stream: to.open(|s| JsonlStream::open(s, estimate))?,
        })
    }

    /// The progress of `plan`: the grid's line with its estimate, or a
    /// mode's, which starts with its sentence.
    pub fn of(to: &ShowTo, plan: &crate::modes::Plan) -> std::io::Result<Display> {
        match plan {
            crate::modes::Plan::Grid(p) => Display::grid(to, &p.estimate()),
            other => Display::mode(to, other.info().name, other.sentence()),
        }
    }

    /// The progress of a mode beyond the grid (`sustained`, `span`,
    /// `hosts`), which starts by saying `sentence`.
    pub fn mode(to: &ShowTo, mode: &str, sentence: String) -> std::io::Result<Display> {
        Ok(Display {
            line: ProgressLine::mode(sentence.clone(), to.show()),
            stream: to.open(|s| JsonlStream::open_mode(s, mode, sentence))?,
        })
    }

    /// Shows `event` on the line and in the stream.
    pub fn update(&mut self, event: &Event) {
        self.line.update(event);
        if let Some(s) = &mut self.stream {
            s.update(event);
        }
    }

    /// The end of the run that gave `output`.
    pub fn finish(&mut self, output: &RunOutput) {
        self.line.finish(output);
        if let Some(s) = &mut self.stream {
            s.finish(output);
        }
    }
}
