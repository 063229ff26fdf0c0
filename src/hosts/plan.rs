//! A run on many hosts, planned: every refusal made before a host is
//! contacted (docs/hosts.md#what-runs-on-the-hosts), the tests planned for
//! fio's engine as locally, and the report's target, the remote directory.

use super::error::HostsError;
use super::spec::HostAddr;
use crate::backend::Backend;
use crate::config::{Settings, UsageError};
use crate::fio::FioEngine;
use crate::plan::PlannedTest;
use crate::target::{TargetInfo, TargetKind, Usage};
use std::path::{Path, PathBuf};

/// The filesystem type of a run on many hosts' target: the directory is
/// on the hosts, not here.
pub const REMOTE_FS: &str = "remote";

/// What a run on many hosts is asked, beyond its settings.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HostsRequest {
    /// The hosts, in order, each once (`--host`, `--hosts`).
    pub hosts: Vec<HostAddr>,
    /// `--remote-dir`: the directory on each host in which its test file
    /// is made.
    pub dir: Option<PathBuf>,
    /// `--remote-diskmark`: diskmark's path on the ssh hosts (else
    /// `diskmark`, found on their PATH).
    pub remote_diskmark: Option<PathBuf>,
    /// `--ssh-config`: the ssh client configuration to use instead of
    /// the user's own.
    pub ssh_config: Option<PathBuf>,
    /// `--engine` was given: every ssh host must run it. Else every ssh
    /// host runs the best engine that works on all of them
    /// (docs/hosts.md#one-engine-on-every-host).
    pub engine_chosen: bool,
}

/// How the hosts are reached.
#[derive(Debug, Clone)]
pub enum Via {
    /// fio's client/server mode, fio's engine on every host.
    Fio(FioEngine),
    /// ssh, diskmark itself on every host (docs/hosts.md#over-ssh).
    Ssh(SshPlan),
}

/// A run over ssh: what runs on the hosts, and where.
#[derive(Debug, Clone)]
pub struct SshPlan {
    /// diskmark on the hosts: a path, or a name their PATH finds.
    pub diskmark: String,
    /// `--ssh-config`.
    pub config: Option<PathBuf>,
    /// Each host's directory, in the hosts' order.
    pub dirs: Vec<PathBuf>,
    /// `--engine` was given (see [`HostsRequest::engine_chosen`]).
    pub engine_chosen: bool,
}

/// A run on many hosts that may start. Only [`HostsPlan::prepare`] makes
/// one.
#[derive(Debug, Clone)]
pub struct HostsPlan {
    pub(super) settings: Settings,
    pub(super) via: Via,
    pub(super) hosts: Vec<HostAddr>,
    pub(super) dir: PathBuf,
    pub(super) tests: Vec<PlannedTest>,
    pub(super) target: TargetInfo,
}

impl HostsPlan {
    /// Plans `settings` on the hosts of `request`, refusing what a run on
    /// many hosts cannot do: an engine that is not fio's, a local TARGET,
    /// no or a relative `--remote-dir`, one fio would not read as
    /// written, and the options of a local run. Usage refusals are
    /// [`HostsError::Usage`].
    pub fn prepare(settings: Settings, request: HostsRequest) -> Result<HostsPlan, HostsError> {
        let ssh = request.hosts.iter().filter(|h| h.is_ssh()).count();
        if ssh > 0 {
            return prepare_ssh(settings, request, ssh);
        }
        let Backend::Fio(fio) = &settings.engine else {
            return Err(not_fio().into());
        };
        let fio = fio.clone();
        let dir = checked_dir(&settings, request.dir)?;
        refuse_local_options(&settings)?;
        let tests = crate::run::plan_with(&settings, &fio.capabilities())?;
        let target = remote_target(&dir, request.hosts.len(), "fio --client");
        Ok(HostsPlan {
            settings,
            via: Via::Fio(fio),
            hosts: request.hosts,
            dir,
            tests,
            target,
        })
    }

    /// How the hosts are reached.
    pub fn via(&self) -> &Via {
        &self.via
    }

    /// The hosts, in order.
    pub fn hosts(&self) -> &[HostAddr] {
        &self.hosts
    }

    /// Every test, planned.
    pub fn tests(&self) -> &[PlannedTest] {
        &self.tests
    }
}

fn not_fio() -> UsageError {
    UsageError::new(
        "--host",
        "a fio server runs fio's engines: add --engine fio:ENGINE (e.g. fio:libaio), or reach the hosts over ssh to run diskmark's own (--host ssh://HOST, docs/hosts.md#over-ssh)",
    )
}

/// No local TARGET beside the hosts.
pub(super) fn no_target(settings: &Settings) -> Result<(), UsageError> {
    let target = &settings.choices().target;
    if target != Path::new(".") {
        return Err(UsageError::new(
            "--host",
            format!(
                "the test file is made on each host in --remote-dir, so the TARGET {} has no use; drop it",
                crate::escape::path(target)
            ),
        ));
    }
    Ok(())
}

/// `--remote-dir`, given, absolute and read by fio as written; and no
/// local TARGET beside it.
fn checked_dir(settings: &Settings, dir: Option<PathBuf>) -> Result<PathBuf, HostsError> {
    no_target(settings)?;
    let dir = dir.ok_or_else(|| {
        UsageError::new(
            "--host",
            "the hosts need --remote-dir DIR, the directory on each host in which its test file is made",
        )
    })?;
    if !dir.is_absolute() {
        return Err(UsageError::new(
            "--remote-dir",
            format!(
                "{} is relative, and a fio server's working directory is its own: give an absolute path",
                crate::escape::path(&dir)
            ),
        )
        .into());
    }
    if let Err(HostsError::NotLiteral { dir, source }) = check_dir(&dir) {
        return Err(UsageError::new(
            "--remote-dir",
            format!("{dir} {source}; give a directory whose path fio reads as written"),
        )
        .into());
    }
    Ok(dir)
}

/// The options of a local run, which the hosts do not run.
pub(super) fn refuse_local_options(settings: &Settings) -> Result<(), UsageError> {
    let c = settings.choices();
    let alone = [
        ("--hipri", c.hipri),
        ("--sqpoll", c.sqpoll),
        ("--cpus", !c.cpus.is_empty()),
        ("--verify", c.verify),
        ("--qos", c.qos),
        ("--steady-state", c.steady.is_some()),
        ("--keep-file", c.keep_file),
        ("--drop-caches", c.drop_caches),
        ("--cow", c.cow),
    ];
    match alone.into_iter().find(|o| o.1) {
        Some((option, _)) => Err(UsageError::new(
            option,
            "it is a local run's option, not one of a run on many hosts (docs/hosts.md#what-runs-on-the-hosts); drop it or --host",
        )),
        None => Ok(()),
    }
}

/// The report's target: the remote directory, on no device this machine
/// can see, reached through `via`.
pub(super) fn remote_target(dir: &Path, hosts: usize, via: &str) -> TargetInfo {
    TargetInfo {
        path: dir.to_path_buf(),
        kind: TargetKind::Directory,
        mount_point: None,
        fs_type: REMOTE_FS.into(),
        source: Some(match hosts {
            1 => format!("1 host through {via}"),
            n => format!("{n} hosts through {via}"),
        }),
        mount_options: Vec::new(),
        dev: (0, 0),
        device: None,
        usage: Usage {
            total: 0,
            used: 0,
            available: 0,
        },
        caveats: Vec::new(),
    }
}

/// `--remote-dir` goes into every host's job files, which fio parses: it
/// must be read there as typed (docs/hosts.md#choosing-the-hosts).
pub fn check_dir(dir: &std::path::Path) -> Result<(), HostsError> {
    crate::fio::job::literal_path(dir)
        .map(|_| ())
        .map_err(|source| HostsError::NotLiteral {
            dir: crate::escape::path(dir),
            source,
        })
}

/// Plans `settings` on the ssh hosts of `request` (`ssh` of them: all of
/// them, or the mix is refused).
fn prepare_ssh(
    settings: Settings,
    request: HostsRequest,
    ssh: usize,
) -> Result<HostsPlan, HostsError> {
    if ssh < request.hosts.len() {
        return Err(UsageError::new(
            "--host",
            "the hosts of one run are all fio servers (HOST[:PORT]) or all reached over ssh (ssh://HOST); run them in two runs",
        )
        .into());
    }
    if let Backend::Fio(_) = settings.engine {
        return Err(UsageError::new(
            "--engine",
            "over ssh every host runs diskmark's own engines; drop the fio: engine, or reach fio servers with --host HOST[:PORT]",
        )
        .into());
    }
    no_target(&settings)?;
    refuse_local_options(&settings)?;
    let dirs = dirs(&request)?;
    let diskmark = remote_diskmark(request.remote_diskmark.as_deref())?;
    if let Some(config) = &request.ssh_config
        && !config.is_file()
    {
        return Err(UsageError::new(
            "--ssh-config",
            format!(
                "{} is not a file here; give the ssh client configuration to use",
                crate::escape::path(config)
            ),
        )
        .into());
    }
    let tests = crate::run::plan_with(&settings, &settings.engine.capabilities())?;
    let dir = dirs.first().cloned().unwrap_or_default();
    let target = remote_target(&dir, request.hosts.len(), "ssh");
    Ok(HostsPlan {
        settings,
        via: Via::Ssh(SshPlan {
            diskmark,
            config: request.ssh_config,
            dirs,
            engine_chosen: request.engine_chosen,
        }),
        hosts: request.hosts,
        dir,
        tests,
        target,
    })
}

/// Each host's directory: its address's, or `--remote-dir`; absolute.
fn dirs(request: &HostsRequest) -> Result<Vec<PathBuf>, UsageError> {
    let mut out = Vec::with_capacity(request.hosts.len());
    for h in &request.hosts {
        let own = h.ssh.as_ref().and_then(|l| l.dir.clone());
        let Some(dir) = own.or_else(|| request.dir.clone()) else {
            return Err(UsageError::new(
                "--host",
                format!(
                    "{h} needs a directory for its test file: ssh://HOST/DIR, or --remote-dir DIR for every host"
                ),
            ));
        };
        if !dir.is_absolute() {
            return Err(UsageError::new(
                "--remote-dir",
                format!(
                    "{} is relative; give an absolute path on {h}",
                    crate::escape::path(&dir)
                ),
            ));
        }
        if let Some(c) = printable_or(&dir) {
            return Err(UsageError::new(
                "--remote-dir",
                format!(
                    "{} holds U+{:04X}, a control character; give a directory without one",
                    crate::escape::path(&dir),
                    c as u32
                ),
            ));
        }
        out.push(dir);
    }
    Ok(out)
}

/// The first control character of `path`, or a replacement character for
/// bytes that are not UTF-8 (the remote command line is text).
fn printable_or(path: &std::path::Path) -> Option<char> {
    match path.to_str() {
        Some(s) => s.chars().find(|c| c.is_control()),
        None => Some(char::REPLACEMENT_CHARACTER),
    }
}

/// `--remote-diskmark`, or `diskmark` on the hosts' PATH.
fn remote_diskmark(path: Option<&std::path::Path>) -> Result<String, UsageError> {
    let Some(path) = path else {
        return Ok("diskmark".into());
    };
    match path.to_str() {
        Some(s) if !s.is_empty() && !s.chars().any(char::is_control) => Ok(s.to_string()),
        _ => Err(UsageError::new(
            "--remote-diskmark",
            format!(
                "{} is not a path a command line holds as text; give diskmark's path on the hosts",
                crate::escape::path(path)
            ),
        )),
    }
}
