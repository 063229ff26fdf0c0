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
        "host {host} accepted the connection but no fio server answered within {} s; is `{command}` what runs there?",
        .after.as_secs()
    )]
    Silent {
        /// The host.
        host: String,
        /// How long it was given.
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
        /// fio's words.
        why: String,
    },
    /// A job failed on a host (or the whole client run failed).
    #[error("{what} failed on {}: {message}", on(.host))]
    Job {
        /// The step (`pre-fill`, `SEQ1M Q8T1 Read loop 1`).
        what: String,
        /// The host, or [`EVERY_HOST`] when fio does not say which.
        host: String,
        /// fio's words.
        message: String,
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
    /// This machine's side: the private job directory.
    #[error("cannot write fio's job files in {dir}: {source}")]
    JobDir {
        /// The directory.
        dir: String,
        /// The cause.
        source: std::io::Error,
    },
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
