//! The command lines of a run over ssh: the system's `ssh` with options
//! that never prompt and never wait unbounded, and diskmark's own command
//! line on the host, each word quoted for the host's shell
//! (docs/hosts.md#over-ssh).

use super::super::plan::SshPlan;
use super::super::spec::HostAddr;
use crate::config::Settings;
use crate::workload::Mode;
use std::process::{Command, Stdio};
use std::time::Duration;

/// How long ssh may take to connect.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a silent connection lives: ssh asks every 2 s and gives up
/// after 3 unanswered asks.
const ALIVE: [&str; 2] = ["ServerAliveInterval=2", "ServerAliveCountMax=3"];

/// One word for a POSIX shell (and fish): in single quotes, each quote
/// closed, escaped and reopened. Nothing a user typed reaches the host's
/// shell unquoted.
pub fn quoted(word: &str) -> String {
    format!("'{}'", word.replace('\'', r"'\''"))
}

/// `ssh … HOST -- COMMAND`, run with `remote` (words, each quoted) on
/// `host`; standard input, output and error piped.
pub fn ssh(plan: &SshPlan, host: &HostAddr, remote: &[String]) -> Command {
    let line: Vec<String> = remote.iter().map(|w| quoted(w)).collect();
    ssh_line(plan, host, &line.join(" "))
}

/// [`ssh`] with a command line already quoted for the host's shell.
fn ssh_line(plan: &SshPlan, host: &HostAddr, line: &str) -> Command {
    let mut c = Command::new("ssh");
    c.args(["-o", "BatchMode=yes"])
        .args([
            "-o".to_string(),
            format!("ConnectTimeout={}", CONNECT_TIMEOUT.as_secs()),
        ])
        .args(["-o", ALIVE[0], "-o", ALIVE[1]])
        // No terminal: the remote diskmark's output is the stream.
        .arg("-T");
    if let Some(config) = &plan.config {
        c.arg("-F").arg(config);
    }
    c.arg("-p").arg(host.port.to_string());
    if let Some(user) = host.ssh.as_ref().and_then(|l| l.user.as_deref()) {
        c.arg("-l").arg(user);
    }
    c.arg("--")
        .arg(&host.host)
        .arg(line)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

/// `diskmark --version`, and if it runs, `diskmark engines --format
/// json`, on `host`: one connection asks both.
pub fn version_and_engines(plan: &SshPlan, host: &HostAddr) -> Command {
    let d = quoted(&plan.diskmark);
    ssh_line(
        plan,
        host,
        &format!("{d} --version && {d} engines --format json"),
    )
}

/// diskmark on the host: the run `settings` describe in `dir`, as a host
/// agent, its JSON report on standard output.
pub fn agent(plan: &SshPlan, settings: &Settings, dir: &std::path::Path) -> Vec<String> {
    let secs = |d: Duration| d.as_secs_f64().to_string();
    let mut w: Vec<String> = vec![plan.diskmark.clone(), dir.display().to_string()];
    let mut pair = |k: &str, v: String| {
        w.push(k.into());
        w.push(v);
    };
    pair("--engine", settings.engine.name());
    for t in &settings.tests {
        pair("--test", t.to_string());
    }
    let mode = match settings.mode {
        Mode::Rw => "rw",
        Mode::Read => "read",
        Mode::Write => "write",
        Mode::Mix => "mix",
    };
    pair("--mode", mode.into());
    if settings.mix || settings.mode == Mode::Mix {
        pair("--mix-read", settings.mix_read.to_string());
    }
    pair("--size", settings.size.to_string());
    pair("--loops", settings.loops.to_string());
    pair("--measure", secs(settings.measure));
    pair("--warmup", secs(settings.warmup));
    pair("--interval", secs(settings.interval));
    pair("--data", settings.data.name().into());
    pair("--seed", settings.seed.to_string());
    pair("--format", "json".into());
    for (on, flag) in [
        (settings.mix, "--mix"),
        (!settings.direct, "--buffered"),
        (settings.keep_cache, "--keep-cache"),
        (settings.dsync, "--dsync"),
        (settings.strict, "--strict"),
        (true, "--host-agent"),
    ] {
        if on {
            w.push(flag.into());
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_reaches_the_shell_quoted() {
        assert_eq!(quoted("/srv/bench"), "'/srv/bench'");
        assert_eq!(quoted("it's; rm -rf ~"), r"'it'\''s; rm -rf ~'");
        assert_eq!(quoted("$(reboot)`x`"), "'$(reboot)`x`'");
        // What sh makes of the quoted words is the words.
        for word in ["a b", "it's", "$HOME", "x\"y", "\\n", "--", "'"] {
            let out = std::process::Command::new("sh")
                .arg("-c")
                .arg(format!("printf %s {}", quoted(word)))
                .output()
                .unwrap();
            assert_eq!(String::from_utf8_lossy(&out.stdout), word);
        }
    }
}
