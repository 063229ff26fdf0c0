//! A run over ssh, planned: every refusal before a host is contacted
//! (docs/hosts.md#over-ssh).

use super::super::error::HostsError;
use super::super::plan::{
    HostsPlan, HostsRequest, SshPlan, Via, no_target, refuse_local_options, remote_target,
};
use crate::backend::Backend;
use crate::config::{Settings, UsageError};
use std::path::PathBuf;

/// Plans `settings` on the ssh hosts of `request` (`ssh` of them: all of
/// them, or the mix is refused).
pub fn prepare(
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
