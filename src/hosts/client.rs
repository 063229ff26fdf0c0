//! One invocation of fio's client over some hosts, each with its job file,
//! under a deadline and the run's stop token.

use super::spec::HostAddr;
use crate::fio::{FioEngine, FioError, RawRun};
use crate::run::StopToken;
use std::net::{TcpStream, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// One host and the job file it runs.
#[derive(Debug, Clone)]
pub struct HostJob<'a> {
    /// The host.
    pub host: &'a HostAddr,
    /// The job file on this machine (fio's client sends it).
    pub job: PathBuf,
}

/// fio's client as a run uses it.
#[derive(Debug, Clone, Copy)]
pub struct Client<'a> {
    /// fio here.
    pub fio: &'a FioEngine,
    /// The run's stop; `None` for the clean-up, which runs even after a
    /// signal.
    pub stop: Option<&'a StopToken>,
}

impl Client<'_> {
    /// Runs every job on its host at once with `--output-format=FORMAT`;
    /// `Ok(None)` when the stop token ended it.
    pub fn run(
        &self,
        format: &str,
        jobs: &[HostJob<'_>],
        deadline: Duration,
    ) -> Result<Option<RawRun>, FioError> {
        let mut args = vec![format!("--output-format={format}")];
        for j in jobs {
            args.push(format!("--client={}", j.host.fio_client()));
            args.push(path_arg(&j.job));
        }
        let stop = self.stop;
        self.fio.run_raw(&args, deadline, |_| {
            stop.is_none_or(|s| s.reason().is_none())
        })
    }
}

fn path_arg(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// The lines `client <ADDR>: exited with error N` name the hosts whose
/// jobs failed: fio's other lines carry the server's own host name, which
/// may be any.
pub fn failed_hosts<'h>(raw: &RawRun, hosts: &[&'h HostAddr]) -> Vec<&'h HostAddr> {
    hosts
        .iter()
        .copied()
        .filter(|h| {
            let tag = format!("client <{}>: exited with error", h.host);
            raw.complaints.iter().any(|l| l.contains(&tag))
        })
        .collect()
}

/// How long a host has to answer [`silent`]'s job.
const ALIVE_DEADLINE: Duration = Duration::from_secs(5);

/// Which of `hosts` no longer answer: a refused connection, or a server
/// that takes no job (a stopped or wedged host still accepts TCP
/// connections in its kernel). The job is fio's `null` engine's, which
/// touches no file.
pub fn silent(client: Client<'_>, job: &Path, hosts: &[&HostAddr]) -> Vec<String> {
    std::thread::scope(|s| {
        let handles: Vec<_> = hosts
            .iter()
            .map(|&h| {
                s.spawn(move || {
                    if connect(h, Duration::from_secs(1)).is_err() {
                        return Some(h.to_string());
                    }
                    let jobs = [HostJob {
                        host: h,
                        job: job.to_path_buf(),
                    }];
                    let alive = matches!(
                        client.run("normal", &jobs, ALIVE_DEADLINE),
                        Ok(Some(raw)) if raw.stdout.contains("hostname=")
                    );
                    (!alive).then(|| h.to_string())
                })
            })
            .collect();
        handles
            .into_iter()
            .filter_map(|t| t.join().ok().flatten())
            .collect()
    })
}

/// The job of [`silent`]: no file, no I/O of a device.
pub const ALIVE_JOB: &str = "[diskmark-alive]\nioengine=null\nrw=read\nbs=4k\nsize=4k\n";

/// Which of `hosts` no longer accept a connection (a short connect each).
pub fn gone(hosts: &[&HostAddr]) -> Vec<String> {
    hosts
        .iter()
        .filter(|h| connect(h, Duration::from_secs(1)).is_err())
        .map(|h| h.to_string())
        .collect()
}

/// One TCP connection to the host's server, closed at once.
pub fn connect(h: &HostAddr, timeout: Duration) -> Result<(), String> {
    let addrs: Vec<_> = (h.host.as_str(), h.port)
        .to_socket_addrs()
        .map_err(|e| format!("cannot resolve the name: {e}"))?
        .collect();
    let mut why = String::from("the name resolves to no address");
    for a in addrs {
        match TcpStream::connect_timeout(&a, timeout) {
            Ok(_) => return Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {
                why = format!("no answer within {} s", timeout.as_secs())
            }
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionRefused => {
                why = "connection refused".into()
            }
            Err(e) => why = e.to_string(),
        }
    }
    Err(why)
}
