//! One host's ssh connection running diskmark as a host agent: the words
//! sent to it, the lines heard from it (its progress stream on standard
//! error, read by a thread of its own), its report on standard output,
//! and its end, always within a deadline (docs/hosts.md#over-ssh).

use super::line::AgentLine;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command};
use std::sync::mpsc::Sender;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The longest line read from a host: a loop's counts with every bin of
/// its histograms are tens of kilobytes.
const MAX_LINE: u64 = 4 << 20;

/// The largest report read from a host.
const MAX_REPORT: u64 = 64 << 20;

/// What a host said.
#[derive(Debug)]
pub enum Heard {
    /// A line of its progress stream.
    Line(Box<AgentLine>),
    /// Anything else it (or ssh) wrote on standard error, as written.
    Text(String),
    /// Its standard error ended: diskmark or the connection is gone.
    End,
}

/// A line heard, from which host, and when.
#[derive(Debug)]
pub struct Said {
    /// The host's index.
    pub host: usize,
    /// What it said.
    pub heard: Heard,
    /// When the coordinator read it.
    pub at: Instant,
}

/// One host's connection.
pub struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    report: Option<JoinHandle<Vec<u8>>>,
}

impl Session {
    /// Starts `command` (an `ssh` command line) for host `host`; its lines
    /// go to `heard`.
    pub fn start(
        mut command: Command,
        host: usize,
        heard: Sender<Said>,
    ) -> std::io::Result<Session> {
        // The coordinator's terminal signals are its own to act on: the
        // host agents are stopped through their standard input.
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn()?;
        let stdin = child.stdin.take();
        let stderr = child.stderr.take();
        let stdout = child.stdout.take();
        if let Some(err) = stderr {
            std::thread::spawn(move || listen(err, host, heard));
        }
        let report = stdout.map(|out| {
            std::thread::spawn(move || {
                let mut bytes = Vec::new();
                let _ = out.take(MAX_REPORT).read_to_end(&mut bytes);
                if let Some(d) = crate::testing::var_os(TEST_KEEP_HOST_STREAMS) {
                    let path = std::path::PathBuf::from(d).join(format!("host-{host}.json"));
                    let _ = std::fs::write(path, &bytes);
                }
                bytes
            })
        });
        Ok(Session {
            child,
            stdin,
            report,
        })
    }

    /// Sends `word` and a newline; a host that is gone shows as its end.
    pub fn send(&mut self, word: &str) {
        if let Some(stdin) = &mut self.stdin
            && stdin
                .write_all(format!("{word}\n").as_bytes())
                .and_then(|()| stdin.flush())
                .is_err()
        {
            self.stdin = None;
        }
    }

    /// Closes its standard input: the agent stops, and removes its file.
    pub fn hang_up(&mut self) {
        self.stdin = None;
    }

    /// Waits for ssh to end, killing it at `deadline`; its exit code
    /// (`None` when it was killed) and its report.
    pub fn finish(mut self, deadline: Instant) -> (Option<i32>, Vec<u8>) {
        self.hang_up();
        let code = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break status.code(),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                _ => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    break None;
                }
            }
        };
        // ssh has ended: its standard output is closed.
        let report = self.report.take().and_then(|h| h.join().ok());
        (code, report.unwrap_or_default())
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // Never left running: a session not finished is killed.
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Environment variable naming a directory where each host's stream is
/// kept as it was heard (`host-N.jsonl`), and its report
/// (`host-N.json`), so that a test can recompute the totals from the
/// hosts' own counts and read what each host ran. For tests only.
pub const TEST_KEEP_HOST_STREAMS: &str = "DISKMARK_TEST_KEEP_HOST_STREAMS";

/// Reads host `host`'s standard error line by line until it ends.
fn listen(err: impl Read, host: usize, heard: Sender<Said>) {
    let mut input = BufReader::new(err);
    let mut keep = crate::testing::var_os(TEST_KEEP_HOST_STREAMS).and_then(|d| {
        let path = std::path::PathBuf::from(d).join(format!("host-{host}.jsonl"));
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .ok()
    });
    loop {
        let mut line = Vec::new();
        let n = std::io::Read::by_ref(&mut input)
            .take(MAX_LINE)
            .read_until(b'\n', &mut line);
        let what = match n {
            Ok(0) | Err(_) => Heard::End,
            Ok(_) => {
                if let Some(f) = &mut keep {
                    let _ = f.write_all(&line);
                }
                let text = String::from_utf8_lossy(&line).trim_end().to_string();
                match serde_json::from_str::<AgentLine>(&text) {
                    Ok(l) => Heard::Line(Box::new(l)),
                    Err(_) => Heard::Text(text),
                }
            }
        };
        let end = matches!(what, Heard::End);
        let said = Said {
            host,
            heard: what,
            at: Instant::now(),
        };
        if heard.send(said).is_err() || end {
            return;
        }
    }
}
