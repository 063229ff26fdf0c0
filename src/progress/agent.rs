//! `--host-agent`: diskmark as one host of a run on many hosts over ssh
//! (docs/hosts.md#the-host-agent). Its coordinator reads the progress
//! stream on this process's standard error and writes one word a line to
//! its standard input:
//!
//! - `clock`: this host answers with its clock (a `clock` line), so that
//!   the coordinator can measure the offset between the two;
//! - `go`: the loop this host said it was `ready` for begins (a `started`
//!   line);
//! - `stop`, or the end of standard input (the coordinator or its ssh
//!   connection is gone): the run stops as on a signal, and its test file
//!   is removed.
//!
//! Words are read by a thread of their own; the lines are written by the
//! run's thread while it waits, when nothing else writes the stream.

use super::jsonl::{Line, write_line};
use crate::run::StopToken;
use crate::run::barrier::{BarrierAt, WindowBarrier, wall_ns};
use std::io::{BufRead, Read};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// The longest a host waits for its coordinator's `go`: the others may
/// still be pre-filling their files, at 5 MB/s for a 1 GiB default.
pub const READY_DEADLINE: Duration = Duration::from_secs(600);

/// The longest line the coordinator sends.
const MAX_WORD: u64 = 64;

/// What the coordinator said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Word {
    Go,
    Clock,
    /// `stop`, the end of the input, or something that is not a word.
    Gone,
}

/// The barrier of a host run by a coordinator; see the module.
pub struct Agent {
    words: Mutex<Receiver<Word>>,
    stop: StopToken,
    deadline: Duration,
}

impl Agent {
    /// Starts reading standard input; `stop` is stopped when the
    /// coordinator is gone.
    pub fn start(stop: &StopToken) -> Agent {
        Agent::reading(
            std::io::BufReader::new(std::io::stdin()),
            stop,
            READY_DEADLINE,
        )
    }

    fn reading(
        input: impl BufRead + Send + 'static,
        stop: &StopToken,
        deadline: Duration,
    ) -> Agent {
        let (tx, rx) = channel();
        let gone = stop.clone();
        std::thread::spawn(move || {
            let mut input = input;
            loop {
                let mut line = String::new();
                let read = std::io::Read::by_ref(&mut input)
                    .take(MAX_WORD)
                    .read_line(&mut line);
                let word = match (read, line.trim()) {
                    (Ok(n), "go") if n > 0 => Word::Go,
                    (Ok(n), "clock") if n > 0 => Word::Clock,
                    _ => Word::Gone,
                };
                if word == Word::Gone {
                    gone.stop();
                }
                if tx.send(word).is_err() || word == Word::Gone {
                    return;
                }
            }
        });
        Agent {
            words: Mutex::new(rx),
            stop: stop.clone(),
            deadline,
        }
    }

    fn say(&self, line: &Line) {
        // Standard error gone: the coordinator is gone, and the end of
        // standard input stops the run.
        let _ = write_line(&mut std::io::stderr().lock(), line);
    }
}

impl WindowBarrier for Agent {
    fn wait(&self, at: &BarrierAt<'_>) -> bool {
        self.say(&Line::Ready {
            wall_ns: wall_ns(),
            test_index: at.test_index,
            requested: at.requested.to_string(),
            direction: at.direction.name().into(),
            loop_index: at.loop_index,
            file: at.file.display().to_string(),
        });
        let end = Instant::now() + self.deadline;
        let words = self.words.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if self.stop.stopped() {
                return false;
            }
            match words.recv_timeout(crate::run::TICK) {
                Ok(Word::Go) => {
                    self.say(&Line::Started { wall_ns: wall_ns() });
                    return true;
                }
                Ok(Word::Clock) => self.say(&Line::Clock { wall_ns: wall_ns() }),
                Ok(Word::Gone) | Err(RecvTimeoutError::Disconnected) => {
                    self.stop.stop();
                    return false;
                }
                Err(RecvTimeoutError::Timeout) if Instant::now() >= end => {
                    self.stop.stop();
                    return false;
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workload::Direction;

    fn at() -> BarrierAt<'static> {
        BarrierAt {
            test_index: 0,
            requested: "SEQ1M Q8T1",
            direction: Direction::Read,
            loop_index: 0,
            file: std::path::Path::new("/srv/.diskmark-1-2.tmp"),
        }
    }

    #[test]
    fn go_opens_each_window_and_clock_does_not() {
        let stop = StopToken::new();
        // The coordinator keeps its end open for the whole run.
        let (reader, mut writer) = std::io::pipe().unwrap();
        std::io::Write::write_all(&mut writer, b"clock\ngo\nclock\nclock\ngo\n").unwrap();
        let input = std::io::BufReader::new(reader);
        let agent = Agent::reading(input, &stop, Duration::from_secs(5));
        assert!(agent.wait(&at()));
        assert!(agent.wait(&at()));
        assert!(!stop.stopped());
    }

    #[test]
    fn the_end_of_the_input_or_a_stray_word_stops_the_run() {
        use std::io::Write;
        for then in [&b""[..], b"rm -rf /\n", b"go-go-go-go\n", &[b'g'; 100]] {
            let stop = StopToken::new();
            let (reader, mut writer) = std::io::pipe().unwrap();
            let input = std::io::BufReader::new(reader);
            let agent = Agent::reading(input, &stop, Duration::from_secs(5));
            writer.write_all(b"go\n").unwrap();
            assert!(agent.wait(&at()));
            if then.is_empty() {
                drop(writer);
                assert!(!agent.wait(&at()));
            } else {
                writer.write_all(then).unwrap();
                assert!(!agent.wait(&at()), "{then:?}");
            }
            assert!(stop.stopped());
        }
    }

    #[test]
    fn a_coordinator_that_never_answers_stops_the_run_at_the_deadline() {
        let stop = StopToken::new();
        // A pipe whose writer stays open: nothing ever comes.
        let (reader, _writer) = std::io::pipe().unwrap();
        let agent = Agent::reading(
            std::io::BufReader::new(reader),
            &stop,
            Duration::from_millis(300),
        );
        assert!(!agent.wait(&at()));
        assert!(stop.stopped());
    }

    #[test]
    fn the_coordinator_reads_the_lines_the_agent_writes() {
        use crate::hosts::ssh::line::AgentLine;
        let read = |l: &Line| {
            serde_json::from_str::<AgentLine>(&crate::escape::to_json(l).unwrap()).unwrap()
        };
        assert_eq!(
            read(&Line::Clock { wall_ns: 7 }),
            AgentLine::Clock { wall_ns: 7 }
        );
        assert_eq!(
            read(&Line::Started { wall_ns: 8 }),
            AgentLine::Started { wall_ns: 8 }
        );
        let ready = Line::Ready {
            wall_ns: 9,
            test_index: 0,
            requested: "SEQ1M Q8T1".into(),
            direction: "read".into(),
            loop_index: 2,
            file: "/srv/.diskmark-1-2.tmp".into(),
        };
        assert_eq!(
            read(&ready),
            AgentLine::Ready {
                wall_ns: 9,
                file: "/srv/.diskmark-1-2.tmp".into()
            }
        );
        let done = Line::Done {
            t: 1.0,
            tests: 1,
            interrupted: None,
            notes: vec!["n".into()],
        };
        assert_eq!(
            read(&done),
            AgentLine::Done {
                notes: vec!["n".into()]
            }
        );
        let host = Line::Host {
            t: 0.0,
            sentence: "x".into(),
        };
        assert_eq!(read(&host), AgentLine::Other);
    }
}
