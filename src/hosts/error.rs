//! Why a run on many hosts failed: one sentence each, naming the host
//! (docs/hosts.md#errors).

use std::time::Duration;

/// A run on many hosts that could not start or failed.
#[derive(Debug, thiserror::Error)]
pub enum HostsError {
    /// Nothing listens there, or nothing answered the connection.
    #[error(
        "host {host} does not answer on port {port} ({why}); start fio's server there with `{command}`, or check the address and port"
    )]
    Unreachable {
        /// The host.
        host: String,
        /// Its port.
        port: u16,
        /// Refused, timed out, no such name.
        why: String,
        /// The command that starts the server there.
        command: String,
    },
    /// The server accepted the connection and never answered fio's probe.
    #[error(
        "host {host} accepted the connection but no fio server answered within {:.0} s; is `{command}` what runs there?",
        .after.as_secs_f64()
    )]
    Silent {
        /// The host.
        host: String,
        /// How long it waited: diskmark's deadline, or fio's own timeout
        /// when that came first.
        after: Duration,
        /// The command that starts the server there.
        command: String,
    },
    /// Client and server speak different protocol versions.
    #[error(
        "host {host}'s fio server speaks client/server protocol version {theirs}, and this fio ({client}) speaks {ours}: run the same fio version on every host and here"
    )]
    Version {
        /// The host.
        host: String,
        /// The server's protocol version.
        theirs: String,
        /// The client's.
        ours: String,
        /// The client's `fio --version`.
        client: String,
    },
    /// `--remote-dir` holds a character fio would not read as written
    /// (docs/fio.md#what-fio-reads-as-written).
    #[error("--remote-dir {dir} {source}; give a directory whose path fio reads as written")]
    NotLiteral {
        /// The directory, made printable.
        dir: String,
        /// The character and what fio does with it.
        source: crate::fio::job::NotLiteral,
    },
    /// `--remote-dir` is not there.
    #[error("--remote-dir {dir} does not exist on host {host}; create it there or give another")]
    DirMissing {
        /// The host.
        host: String,
        /// The directory.
        dir: String,
    },
    /// `--remote-dir` names something that is not a directory.
    #[error("--remote-dir {dir} is not a directory on host {host}; give a directory")]
    NotDir {
        /// The host.
        host: String,
        /// The path.
        dir: String,
    },
    /// The test file cannot be created there.
    #[error(
        "--remote-dir {dir} is not writable on host {host} ({why}); give a directory fio's server may write to"
    )]
    NotWritable {
        /// The host.
        host: String,
        /// The directory.
        dir: String,
        /// fio's reason, in a few words.
        why: String,
        /// fio's full output.
        details: Vec<String>,
    },
    /// A job failed on a host (or the whole client run failed).
    #[error("{what} failed on {}: {message}", on(.host))]
    Job {
        /// The step (`pre-fill`, `SEQ1M Q8T1 Read loop 1`).
        what: String,
        /// The host, or [`EVERY_HOST`] when fio does not say which.
        host: String,
        /// fio's reason, in a few words ([`reason`]).
        message: String,
        /// fio's full output, which the sentence leaves out.
        details: Vec<String>,
    },
    /// fio's client did not end in time: a host went away mid-run.
    #[error("{what} {}{}", ended(.after), lost(.hosts))]
    Lost {
        /// The step.
        what: String,
        /// The deadline it had, when it ran out.
        after: Option<Duration>,
        /// The hosts that no longer answer.
        hosts: Vec<String>,
    },
    /// Running fio itself failed.
    #[error("{what}: {source}")]
    Fio {
        /// The step.
        what: String,
        /// The cause.
        source: crate::fio::FioError,
    },
    /// What a run on many hosts cannot do, refused before a host is
    /// contacted.
    #[error(transparent)]
    Usage(#[from] crate::config::UsageError),
    /// This machine's side of the run: the tests planned for fio's
    /// engine, the signal handlers.
    #[error(transparent)]
    Local(#[from] crate::run::RunError),
    /// A failure whose fio output was kept in a file.
    #[error("{error} (fio's full output: {})", crate::escape::path(.kept))]
    Kept {
        /// The failure.
        error: Box<HostsError>,
        /// The file with fio's full output.
        kept: std::path::PathBuf,
    },
    /// ssh could not reach a host, log in or start diskmark there.
    #[error("host {host}: {what}{said}")]
    Ssh {
        /// The host.
        host: String,
        /// What failed, and what to do.
        what: String,
        /// `: ` and what ssh or the host said, made printable, in a few
        /// words; nothing when it said nothing.
        said: String,
    },
    /// The host's diskmark is another version than this one.
    #[error(
        "host {host} runs {theirs}, and this is diskmark {ours}: install the same diskmark on every host and here (or name it with --remote-diskmark PATH)"
    )]
    DiskmarkVersion {
        /// The host.
        host: String,
        /// What its `diskmark --version` said.
        theirs: String,
        /// This diskmark's version.
        ours: String,
    },
    /// A host over ssh where the engine `--engine` named does not work,
    /// or where none of the engines that work on the others does.
    #[error(
        "host {host}: engine {engine} does not work there ({why}); name one that works on every host with --engine, or leave --engine out for the best that does"
    )]
    Engine {
        /// The host.
        host: String,
        /// The engine.
        engine: String,
        /// Why not, as the host said it (escaped).
        why: String,
    },
    /// A host over ssh stopped answering, or its diskmark stopped, mid-run.
    #[error("host {host} {how} during {during}{said}; every other host was stopped{files}")]
    Gone {
        /// The host.
        host: String,
        /// `stopped answering`, `ended`.
        how: String,
        /// The step.
        during: String,
        /// `: ` and what it said last, or nothing.
        said: String,
        /// What became of the test files.
        files: String,
    },
    /// This machine's side: the private job directory.
    #[error("cannot write fio's job files in {dir}: {source}")]
    JobDir {
        /// The directory.
        dir: String,
        /// The cause.
        source: std::io::Error,
    },
}

impl HostsError {
    /// Whether it is bad usage (exit 2), refused before a host was
    /// contacted.
    pub fn is_usage(&self) -> bool {
        match self {
            HostsError::Usage(_) | HostsError::NotLiteral { .. } => true,
            HostsError::Local(e) => e.is_usage(),
            _ => false,
        }
    }

    /// fio's full output for the error, which its one sentence leaves
    /// out (docs/hosts.md#errors); empty when fio said nothing of use.
    pub fn details(&self) -> &[String] {
        match self {
            HostsError::Job { details, .. } | HostsError::NotWritable { details, .. } => details,
            _ => &[],
        }
    }
}

/// The most a reason quotes of fio, in characters.
const REASON_MAX: usize = 160;

/// fio's reason for a failure in a few words, for a one-sentence error:
/// the `error=` of its first error line (`No space left on device`),
/// else its first line, cut at [`REASON_MAX`] characters. `lines` are
/// fio's output, already made printable.
pub fn reason(lines: &[String]) -> String {
    let said = lines
        .iter()
        .find_map(|l| l.rsplit_once("error=").map(|(_, r)| r.trim()))
        .filter(|r| !r.is_empty())
        .or_else(|| lines.iter().map(|l| l.trim()).find(|l| !l.is_empty()));
    let Some(said) = said else {
        return "fio gave no reason".into();
    };
    match said.char_indices().nth(REASON_MAX) {
        Some((cut, _)) => format!("{}…", &said[..cut]),
        None => said.to_string(),
    }
}

/// A job's host when fio's output does not name one.
pub const EVERY_HOST: &str = "every host";

fn on(host: &str) -> String {
    if host == EVERY_HOST {
        host.to_string()
    } else {
        format!("host {host}")
    }
}

fn ended(after: &Option<Duration>) -> String {
    match after {
        Some(d) => format!(
            "did not finish within {} s, and fio's client was stopped",
            d.as_secs()
        ),
        None => "ended without a result from every host".into(),
    }
}

fn lost(hosts: &[String]) -> String {
    match hosts {
        [] => String::new(),
        [h] => format!(": host {h} no longer answers"),
        hs => format!(": hosts {} no longer answer", hs.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_fios_error_in_a_few_words() {
        let lines: Vec<String> = [
            "<nas1> diskmark-prefill: (g=0): rw=write, bs=(R) 1024KiB-1024KiB",
            "<nas1> fio: io_u error on file /srv/x: No space left on device: write offset=0",
            "<nas1> fio: pid=12, err=28/file:io_u.c:1876, func=io_u error, error=No space left on device",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(reason(&lines), "No space left on device");
        let long = vec!["x".repeat(2000)];
        let r = reason(&long);
        assert_eq!(r.chars().count(), REASON_MAX + 1);
        assert!(r.ends_with('…'));
        assert_eq!(reason(&[]), "fio gave no reason");
        let e = HostsError::Job {
            what: "the pre-fill".into(),
            host: "127.0.0.2:8765".into(),
            message: reason(&lines),
            details: lines.clone(),
        };
        assert_eq!(
            e.to_string(),
            "the pre-fill failed on host 127.0.0.2:8765: No space left on device"
        );
        assert_eq!(e.details(), &lines[..]);
    }
}
