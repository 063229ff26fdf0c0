//! Before anything is written: every host answers, speaks this fio's
//! protocol, and has `--remote-dir` (docs/hosts.md#how-a-run-goes).
//!
//! fio creates the missing parent directories of a job's file
//! (filesetup.c, `create_work_dirs`). The probe therefore names the
//! directory itself as its file, read-only and with `allow_file_create=0`:
//! a directory answers "Is a directory" (EISDIR), a missing one "No such
//! file or directory", and neither is ever created. `create_on_open=1`
//! keeps fio from laying the file out first: a read job on a regular file
//! shorter than its size makes fio unlink it and make it anew
//! (filesetup.c, `extend_file`), which would remove a user's file that
//! `--remote-dir` named by mistake. With it, fio only opens and reads.

use super::client::{Client, HostJob, connect};
use super::error::HostsError;
use super::jobfile::{PrivateDir, fio_filename, section};
use super::spec::HostAddr;
use std::path::Path;
use std::time::Duration;

/// How long a host has to accept a TCP connection.
pub const CONNECT_DEADLINE: Duration = Duration::from_secs(3);

/// How long a host's probe job may take: fio's client and server need
/// about 1.5 s on loopback for a 4 KiB job.
pub const PROBE_DEADLINE: Duration = Duration::from_secs(10);

/// Every host accepts a connection, or the first that does not is named.
pub fn reachable(hosts: &[HostAddr]) -> Result<(), HostsError> {
    let failures: Vec<Option<String>> = std::thread::scope(|s| {
        let handles: Vec<_> = hosts
            .iter()
            .map(|h| s.spawn(move || connect(h, CONNECT_DEADLINE).err()))
            .collect();
        handles
            .into_iter()
            .map(|t| t.join().unwrap_or_else(|_| Some("the probe failed".into())))
            .collect()
    });
    for (h, why) in hosts.iter().zip(failures) {
        if let Some(why) = why {
            return Err(HostsError::Unreachable {
                host: h.host.clone(),
                port: h.port,
                why,
                command: h.server_command(),
            });
        }
    }
    Ok(())
}

/// What a host's fio server says of itself in its probe reply
/// (`hostname=nas1, be=0, 64-bit, os=Linux, arch=x86-64, fio=fio-3.33`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Server {
    /// Its fio version (`fio-3.33`), `unknown` when it did not say.
    pub version: String,
    /// Its own host name, with which fio's client prefixes the lines that
    /// server sends (`<nas1> fio: ...`).
    pub name: Option<String>,
}

/// Each host's server, once every host has been probed for its version
/// and `dir`; the first failure is returned.
pub fn probe_all(
    client: Client<'_>,
    jobs: &mut PrivateDir,
    hosts: &[HostAddr],
    dir: &Path,
) -> Result<Option<Vec<Server>>, HostsError> {
    let text = section(
        "diskmark-probe",
        &[
            format!("filename={}", fio_filename(dir)),
            "rw=read".into(),
            "bs=4k".into(),
            "size=4k".into(),
            "ioengine=psync".into(),
            "allow_file_create=0".into(),
            "create_on_open=1".into(),
            "thread".into(),
        ],
    );
    let job = jobs.write(&text).map_err(|source| HostsError::JobDir {
        dir: jobs.path().display().to_string(),
        source,
    })?;
    let results: Vec<Result<Option<Server>, HostsError>> = std::thread::scope(|s| {
        let handles: Vec<_> = hosts
            .iter()
            .map(|h| {
                let job = job.clone();
                s.spawn(move || probe_one(client, h, HostJob { host: h, job }, dir))
            })
            .collect();
        handles
            .into_iter()
            .map(|t| {
                t.join().unwrap_or_else(|_| {
                    Err(HostsError::JobDir {
                        dir: "the probe's thread".into(),
                        source: std::io::Error::other("it panicked"),
                    })
                })
            })
            .collect()
    });
    let mut versions = Vec::new();
    for r in results {
        match r? {
            Some(v) => versions.push(v),
            None => return Ok(None),
        }
    }
    Ok(Some(versions))
}

/// One host's probe: its server (`None`: stopped).
fn probe_one(
    client: Client<'_>,
    h: &HostAddr,
    job: HostJob<'_>,
    dir: &Path,
) -> Result<Option<Server>, HostsError> {
    let started = std::time::Instant::now();
    let raw = match client.run("normal", &[job], PROBE_DEADLINE) {
        Ok(Some(raw)) => raw,
        Ok(None) => return Ok(None),
        Err(crate::fio::FioError::Deadline { .. }) => {
            return Err(HostsError::Silent {
                host: h.to_string(),
                after: started.elapsed(),
                command: h.server_command(),
            });
        }
        Err(source) => {
            return Err(HostsError::Fio {
                what: format!("probing host {h}"),
                source,
            });
        }
    };
    let all: Vec<String> = crate::fio::lines_of(&raw.stdout)
        .chain(raw.complaints.iter().cloned())
        .collect();
    let has = |s: &str| all.iter().any(|l| l.contains(s));
    if let Some(l) = all.iter().find(|l| l.contains("version mismatch (")) {
        let (theirs, ours) = mismatch(l);
        return Err(HostsError::Version {
            host: h.to_string(),
            theirs,
            ours,
            client: client.fio.version.clone(),
        });
    }
    let shown = crate::escape::escaped(&dir.display().to_string());
    if has("Is a directory") {
        return Ok(Some(server(&all)));
    }
    if has("No such file or directory") || has("file creation disallowed") {
        return Err(HostsError::DirMissing {
            host: h.to_string(),
            dir: shown,
        });
    }
    // Read to its end (a file), empty (fio's `full resid`), no size (a
    // FIFO, a socket) or a file among its parents: there, but no
    // directory.
    let not_dir = ["Not a directory", "full resid", "failed to get file size"];
    if raw.success || not_dir.iter().any(|s| has(s)) {
        return Err(HostsError::NotDir {
            host: h.to_string(),
            dir: shown,
        });
    }
    if silent(&all) {
        return Err(HostsError::Silent {
            host: h.to_string(),
            after: started.elapsed(),
            command: h.server_command(),
        });
    }
    Err(HostsError::Job {
        what: format!("checking --remote-dir {shown}"),
        host: h.to_string(),
        message: super::error::reason(&raw.complaints),
        details: raw.complaints,
    })
}

/// Whether fio's words say that the server never replied: it dropped the
/// connection, or fio's client gave up with its own timeout ("timeout on
/// cmd PROBE"), which on a busy machine can come before diskmark's
/// deadline; a server that replied names its `hostname=`.
fn silent(lines: &[String]) -> bool {
    let has = |s: &str| lines.iter().any(|l| l.contains(s));
    (has("disconnected") || has("timeout on cmd")) && !has("hostname=")
}

/// The server as its probe reply describes it.
fn server(lines: &[String]) -> Server {
    let field = |key: &str| {
        lines.iter().find_map(|l| {
            l.split(", ")
                .filter_map(|f| f.rsplit(' ').next())
                .find_map(|f| f.strip_prefix(key))
                .filter(|v| !v.is_empty())
                .map(String::from)
        })
    };
    Server {
        version: field("fio=").unwrap_or_else(|| "unknown".into()),
        name: field("hostname="),
    }
}

/// `(98 != 97)`: the peer's version, then this fio's (server.c,
/// `verify_convert_cmd`).
fn mismatch(line: &str) -> (String, String) {
    let inner = line
        .split_once('(')
        .and_then(|(_, r)| r.split_once(')'))
        .map_or("", |(i, _)| i);
    match inner.split_once(" != ") {
        Some((a, b)) => (a.trim().to_string(), b.trim().to_string()),
        None => ("?".into(), "?".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_that_never_replied_is_silent_in_fios_words() {
        let lines = |v: &[&str]| v.iter().map(|l| l.to_string()).collect::<Vec<_>>();
        assert!(silent(&lines(&[
            "fio: client 127.0.0.8, timeout on cmd PROBE"
        ])));
        assert!(silent(&lines(&["client <127.0.0.8>: disconnected"])));
        assert!(!silent(&lines(&[
            "hostname=h, be=0, 64-bit, os=Linux, arch=x86-64, fio=fio-3.33, flags=1",
            "client <127.0.0.8>: disconnected",
        ])));
        assert!(!silent(&lines(&["fio: pid=0, err=2/file:filesetup.c"])));
    }

    #[test]
    fn the_probe_reply_names_the_server_and_its_version() {
        let lines = [
            "<nas1> x: (g=0): rw=read, bs=(R) 4096B-4096B".to_string(),
            "hostname=nas1, be=0, 64-bit, os=Linux, arch=x86-64, fio=fio-3.33, flags=1".into(),
        ];
        let s = server(&lines);
        assert_eq!(s.version, "fio-3.33");
        assert_eq!(s.name.as_deref(), Some("nas1"));
        let none = server(&["fio: connect: Connection refused".to_string()]);
        assert_eq!((none.version.as_str(), none.name), ("unknown", None));
    }

    #[test]
    fn the_mismatch_line_gives_both_versions() {
        assert_eq!(
            mismatch("fio: client/server version mismatch (98 != 97)"),
            ("98".to_string(), "97".to_string())
        );
    }

    #[test]
    fn a_closed_port_is_refused_at_once() {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        drop(l);
        let h = HostAddr::parse(&format!("127.0.0.1:{port}")).unwrap();
        let t = std::time::Instant::now();
        let e = reachable(std::slice::from_ref(&h)).unwrap_err().to_string();
        assert!(t.elapsed() < CONNECT_DEADLINE);
        assert!(e.contains("connection refused"), "{e}");
        assert!(
            e.contains(&format!("fio --server=ip:127.0.0.1,{port}")),
            "{e}"
        );
    }
}
