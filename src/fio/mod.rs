//! fio as a second backend (`--engine fio:ENGINE`): each loop of each test
//! is one fio run on diskmark's own test file, equivalent to the native
//! test, and its JSON becomes the same result model. A user can check any
//! native figure against fio in one command, and the tests check that the
//! two agree.

mod child;
pub mod hosts;
pub mod job;
pub mod parse;

use crate::engine::Capabilities;
use crate::workload::MAX_Q;
use child::Outcome;
pub use child::signal_name;
pub use job::{FioJob, seq_regions};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::time::Duration;

/// How long fio may run past the end of its window (warm-up + measure)
/// before it is killed. Its start (threads, the file's cache invalidated)
/// and its end (the JSON) take well under a second on a healthy machine;
/// five seconds is room for a loaded one, yet a fio that never ends (a
/// stalled device, a broken fio) costs the run seconds, not forever.
pub const GRACE: Duration = Duration::from_secs(5);

/// How long `fio --version` may take: it answers in milliseconds.
pub const VERSION_DEADLINE: Duration = Duration::from_secs(5);

/// The most of each output stream kept: fio's json+ of one job is well
/// under a megabyte; more means this is not fio talking.
const OUTPUT_LIMIT: usize = 64 << 20;

/// fio's synchronous engines: fio runs them at depth 1 whatever iodepth
/// says, so the planner turns QxTy into Q1T(x·y) as for native psync.
pub const SYNC_ENGINES: [&str; 8] = [
    "sync",
    "psync",
    "vsync",
    "pvsync",
    "pvsync2",
    "mmap",
    "splice",
    "ftruncate",
];

/// fio and the engine it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FioEngine {
    /// fio's `--ioengine`.
    pub ioengine: String,
    /// The fio binary.
    pub binary: PathBuf,
    /// What `fio --version` said (`fio-3.33`).
    pub version: String,
}

/// Why fio could not be used or failed.
#[derive(Debug, thiserror::Error)]
pub enum FioError {
    /// Not on PATH and not given.
    #[error(
        "fio is not installed (not found on PATH); install it (e.g. apt-get install fio), give its path with --fio, or use a native engine (--engine io_uring, libaio or psync)"
    )]
    NotFound,
    /// `--fio PATH` does not run.
    #[error("cannot run fio at {shown_path}: {source}", shown_path = crate::escape::path(.path))]
    Spawn {
        /// The binary.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// `fio --version` said nothing useful.
    #[error("{shown_path} does not look like fio (its --version printed {output:?})", shown_path = crate::escape::path(.path))]
    NotFio {
        /// The binary.
        path: PathBuf,
        /// What it printed.
        output: String,
    },
    /// `fio --version` did not answer in time.
    #[error(
        "{} did not answer --version within {} s and was killed; give the path of a working fio with --fio",
        crate::escape::path(.path), VERSION_DEADLINE.as_secs()
    )]
    VersionTimeout {
        /// The binary.
        path: PathBuf,
    },
    /// fio ran past its deadline and was killed.
    #[error(
        "fio did not finish within {} s after the end of its {window:.1} s run and was killed with its processes; the device may have stalled, or this fio is stuck{}",
        GRACE.as_secs(), words(message)
    )]
    Deadline {
        /// Warm-up + measure (+ flush), seconds.
        window: f64,
        /// What fio said before, if anything.
        message: String,
    },
    /// fio died of a signal.
    #[error("fio was killed by {signal}{}{}", hint(*signal_number), words(message))]
    Killed {
        /// The signal's name.
        signal: String,
        /// Its number.
        signal_number: i32,
        /// fio's own words, if any.
        message: String,
    },
    /// A signal to diskmark ended the version probe.
    #[error("interrupted by {} while asking fio for its version", signal_name(*.0))]
    Interrupted(i32),
    /// fio printed far more than fio does.
    #[error("{} printed more than {} MiB; this is not fio's output", crate::escape::path(.path), OUTPUT_LIMIT >> 20)]
    TooMuchOutput {
        /// The binary.
        path: PathBuf,
    },
    /// fio ended with a non-zero status.
    #[error("fio failed ({status}): {message}")]
    Failed {
        /// Exit status.
        status: String,
        /// fio's own words.
        message: String,
    },
    /// fio's output could not be used.
    #[error(transparent)]
    Parse(#[from] parse::ParseError),
    /// An option's value fio would not read as written: fio is not run.
    #[error("fio was not run: its option {option} {source}")]
    NotLiteral {
        /// The option, its value made printable.
        option: String,
        /// The character and what fio would do with it.
        source: job::NotLiteral,
    },
}

/// Every `--key=value` of fio's command line is one fio reads as written
/// ([`job::literal`]); the other arguments (job files) are file names fio
/// opens as they are.
fn check_args(args: &[String]) -> Result<(), FioError> {
    for a in args.iter().filter(|a| a.starts_with("--")) {
        let value = a.split_once('=').map_or("", |(_, v)| v);
        job::literal(value).map_err(|source| FioError::NotLiteral {
            option: printable(a),
            source,
        })?;
    }
    Ok(())
}

/// Who sends SIGKILL unasked, so that the sentence says where to look.
fn hint(sig: i32) -> &'static str {
    if sig == libc::SIGKILL {
        " (by the kernel's out-of-memory killer or another process)"
    } else {
        ""
    }
}

/// `: fio's words`, when it said any.
fn words(message: &str) -> String {
    if message.is_empty() {
        String::new()
    } else {
        format!(": {message}")
    }
}

/// `line` with its control and bidirectional characters escaped (`\x1b`,
/// [`crate::escape`]): what fio (or whatever `--fio` names) prints reaches
/// a terminal in diskmark's words.
fn printable(line: &str) -> String {
    crate::escape::escaped(line)
}

/// The non-empty lines of `text`, trimmed and made printable.
fn lines(text: &str) -> impl Iterator<Item = String> + '_ {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(printable)
}

/// The non-empty lines of what fio printed, trimmed and made printable.
pub fn lines_of(text: &str) -> impl Iterator<Item = String> + '_ {
    lines(text)
}

/// fio's complaints: its stderr, and the lines it printed on stdout before
/// any JSON.
fn complaints(stdout: &str, stderr: &str) -> Vec<String> {
    let before_json: String = stdout
        .lines()
        .take_while(|l| !l.starts_with('{'))
        .collect::<Vec<_>>()
        .join("\n");
    lines(stderr).chain(lines(&before_json)).collect()
}

/// Finds `fio` on PATH.
fn find_on_path() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("fio"))
        .find(|p| p.is_file())
}

impl FioEngine {
    /// fio (from `binary`, or PATH) with `ioengine`; asks it for its
    /// version, which also proves it runs.
    pub fn locate(ioengine: &str, binary: Option<&Path>) -> Result<FioEngine, FioError> {
        Self::locate_until(ioengine, binary, &|| None)
    }

    /// [`FioEngine::locate`], abandoned (the probe killed) as soon as
    /// `interrupted` names a signal.
    pub fn locate_until(
        ioengine: &str,
        binary: Option<&Path>,
        interrupted: &dyn Fn() -> Option<i32>,
    ) -> Result<FioEngine, FioError> {
        let binary = match binary {
            Some(b) => b.to_path_buf(),
            None => find_on_path().ok_or(FioError::NotFound)?,
        };
        let mut cmd = Command::new(&binary);
        cmd.arg("--version");
        let mut signal = None;
        let outcome = child::run(cmd, VERSION_DEADLINE, 64 << 10, &mut |_| {
            signal = interrupted();
            signal.is_none()
        })
        .map_err(|source| FioError::Spawn {
            path: binary.clone(),
            source,
        })?;
        let (status, output) = match outcome {
            Outcome::Exited { status, output } => (status, output),
            Outcome::Stopped => return Err(FioError::Interrupted(signal.unwrap_or(libc::SIGINT))),
            Outcome::TimedOut { .. } => return Err(FioError::VersionTimeout { path: binary }),
        };
        let version = printable(output.stdout.trim());
        if !status.success() || !version.starts_with("fio") || output.overflowed {
            return Err(FioError::NotFio {
                path: binary,
                output: version.chars().take(200).collect(),
            });
        }
        Ok(FioEngine {
            ioengine: ioengine.to_string(),
            binary,
            version,
        })
    }

    /// Whether fio runs this engine one I/O at a time per job.
    pub fn synchronous(&self) -> bool {
        SYNC_ENGINES.contains(&self.ioengine.as_str())
    }

    /// Whether fio's engine moves data (fio's `null` does not).
    pub fn does_io(&self) -> bool {
        self.ioengine != "null"
    }

    /// What fio's engine does to the queue the device sees, as run notes
    /// (docs/measurement.md#engines-and-adaptation): fio's facts, kept
    /// with fio so that the core never asks for its engines by name.
    pub fn queue_notes(&self, direct: bool) -> Vec<String> {
        let mut notes = Vec::new();
        match self.ioengine.as_str() {
            "libaio" if !direct => notes.push(
                "fio:libaio without O_DIRECT: io_submit does each I/O synchronously, so the device sees depth 1"
                    .into(),
            ),
            "posixaio" => notes.push(
                "fio:posixaio issues each job's requests on one descriptor, and glibc serves one descriptor's requests one at a time: one request per job is in flight, whatever Q says"
                    .into(),
            ),
            _ => {}
        }
        notes
    }

    /// What the planner adapts to.
    pub fn capabilities(&self) -> Capabilities {
        Capabilities {
            synchronous: self.synchronous(),
            max_depth: if self.synchronous() { 1 } else { MAX_Q },
            budget: None,
        }
    }

    /// The fio arguments equivalent to one loop of a native test.
    pub fn args(&self, job: &FioJob<'_>) -> Vec<String> {
        job.args(&self.ioengine)
    }

    /// Runs fio with `args`, calling `tick` about every 20 ms with the time
    /// since launch; `tick` returning `false` kills fio (its whole process
    /// group) and ends with `Ok(None)`. fio is killed the same way when it
    /// runs [`GRACE`] past `window` (its warm-up + measure).
    pub fn run(
        &self,
        args: &[String],
        window: Duration,
        mut tick: impl FnMut(Duration) -> bool,
    ) -> Result<Option<parse::FioResult>, FioError> {
        check_args(args)?;
        let mut cmd = Command::new(&self.binary);
        cmd.args(args);
        let outcome =
            child::run(cmd, window + GRACE, OUTPUT_LIMIT, &mut tick).map_err(|source| {
                FioError::Spawn {
                    path: self.binary.clone(),
                    source,
                }
            })?;
        let (status, output) = match outcome {
            Outcome::Exited { status, output } => (status, output),
            Outcome::Stopped => return Ok(None),
            Outcome::TimedOut { output } => {
                return Err(FioError::Deadline {
                    window: window.as_secs_f64(),
                    message: complaints(&output.stdout, &output.stderr).join("; "),
                });
            }
        };
        if output.overflowed {
            return Err(FioError::TooMuchOutput {
                path: self.binary.clone(),
            });
        }
        let (stdout, stderr) = (output.stdout, output.stderr);
        if !status.success() {
            return Err(failure(status, &stdout, &stderr));
        }
        let mut result = parse::parse(&stdout).map_err(|e| match e {
            parse::ParseError::JobError { errno, message } if message.is_empty() => {
                parse::ParseError::JobError {
                    errno,
                    message: lines(&stderr).collect::<Vec<_>>().join("; "),
                }
            }
            e => e,
        })?;
        for t in &mut result.text {
            *t = printable(t);
        }
        result.text.extend(lines(&stderr));
        Ok(Some(result))
    }
}

/// What one fio run printed and how it ended, unread: for callers that
/// read fio's output their own way (a client/server run, docs/hosts.md).
#[derive(Debug, Clone)]
pub struct RawRun {
    /// Whether fio exited with status 0.
    pub success: bool,
    /// Its exit status, in words.
    pub status: String,
    /// Its standard output.
    pub stdout: String,
    /// fio's complaints (its stderr and the lines before any JSON),
    /// made printable.
    pub complaints: Vec<String>,
}

impl FioEngine {
    /// Runs fio with `args` until it ends, `deadline` passes (fio and its
    /// group killed: [`FioError::Deadline`]) or `tick` returns `false`
    /// (`Ok(None)`), and returns what it printed, whatever its status.
    pub fn run_raw(
        &self,
        args: &[String],
        deadline: Duration,
        mut tick: impl FnMut(Duration) -> bool,
    ) -> Result<Option<RawRun>, FioError> {
        check_args(args)?;
        let mut cmd = Command::new(&self.binary);
        cmd.args(args);
        let outcome = child::run(cmd, deadline, OUTPUT_LIMIT, &mut tick).map_err(|source| {
            FioError::Spawn {
                path: self.binary.clone(),
                source,
            }
        })?;
        match outcome {
            Outcome::Stopped => Ok(None),
            Outcome::TimedOut { output } => Err(FioError::Deadline {
                window: deadline.saturating_sub(GRACE).as_secs_f64(),
                message: complaints(&output.stdout, &output.stderr).join("; "),
            }),
            Outcome::Exited { output, .. } if output.overflowed => Err(FioError::TooMuchOutput {
                path: self.binary.clone(),
            }),
            Outcome::Exited { status, output } => Ok(Some(RawRun {
                success: status.success(),
                status: status.to_string(),
                complaints: complaints(&output.stdout, &output.stderr),
                stdout: output.stdout,
            })),
        }
    }
}

/// Why fio ended with `status`: the signal that killed it, or its words.
fn failure(status: ExitStatus, stdout: &str, stderr: &str) -> FioError {
    let lines = complaints(stdout, stderr);
    if let Some(sig) = status.signal() {
        return FioError::Killed {
            signal: signal_name(sig),
            signal_number: sig,
            message: lines.join("; "),
        };
    }
    if lines.is_empty() {
        // No words from fio: the JSON may still say what failed.
        if let Err(e) = parse::parse(stdout) {
            return e.into();
        }
    }
    FioError::Failed {
        status: status.to_string(),
        message: lines.join("; "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine(name: &str) -> FioEngine {
        FioEngine {
            ioengine: name.into(),
            binary: "fio".into(),
            version: "fio-3.33".into(),
        }
    }

    #[test]
    fn synchronous_engines() {
        assert!(engine("psync").synchronous());
        assert!(engine("sync").synchronous());
        assert!(!engine("libaio").synchronous());
        assert_eq!(engine("psync").capabilities().max_depth, 1);
        assert!(!engine("somethingnew").synchronous());
    }

    #[test]
    fn fios_words_reach_the_terminal_escaped() {
        assert_eq!(
            printable("a\x1b[2Jb\u{9b}c\td\u{202e}"),
            "a\\x1b[2Jb\\x9bc\\x09d\\u{202e}"
        );
        assert_eq!(
            complaints("fio: \x07bell\n{\"jobs\": []}", " err\x1b]0;x\x07 \n\n"),
            ["err\\x1b]0;x\\x07", "fio: \\x07bell"]
        );
    }

    #[test]
    fn a_value_fio_would_read_otherwise_never_reaches_it() {
        let fio = engine("psync");
        for bad in [
            "--filename=/a;b",
            "--filename=/a\nexec_prerun=x",
            "--name=${HOME}",
        ] {
            let e = fio
                .run(&[bad.to_string()], Duration::from_secs(1), |_| true)
                .unwrap_err();
            assert!(matches!(e, FioError::NotLiteral { .. }), "{bad}: {e}");
            assert!(!e.to_string().contains('\n'), "{e}");
        }
        // Job files on the command line are names, opened as they are.
        assert!(
            check_args(&[
                "/tmp/a;b/job-1.fio".into(),
                "--client=ip:127.0.0.2,8765".into()
            ])
            .is_ok()
        );
    }

    #[test]
    fn a_missing_binary_is_a_clear_error() {
        let e = FioEngine::locate("psync", Some(Path::new("/nonexistent/fio"))).unwrap_err();
        assert!(matches!(e, FioError::Spawn { .. }), "{e}");
        let e = FioEngine::locate("psync", Some(Path::new("/bin/true"))).unwrap_err();
        assert!(matches!(e, FioError::NotFio { .. }), "{e}");
    }
}
