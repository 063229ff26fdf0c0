//! Which hosts a run uses: `--host HOST[:PORT]` and `--hosts FILE`
//! (docs/hosts.md#choosing-the-hosts).

use crate::config::UsageError;
use std::fmt;
use std::path::Path;

/// The port `fio --server` listens on when none is given.
pub const DEFAULT_PORT: u16 = 8765;

/// The largest `--hosts` file read: a list of hosts is a few kilobytes.
pub const MAX_HOSTS_FILE: u64 = crate::inputs::HOSTS.limit;

/// The most hosts one run takes: fio's client opens one connection each.
pub const MAX_HOSTS: usize = 256;

/// The port of an ssh server when none is given.
pub const SSH_PORT: u16 = 22;

/// One host: a fio server (a name or address and its port), or an ssh
/// server that runs diskmark itself (`ssh://[user@]host[:port][/dir]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostAddr {
    /// The host as typed: a name, an IPv4 address, or an IPv6 address
    /// without its brackets.
    pub host: String,
    /// Its server's port.
    pub port: u16,
    /// Reached over ssh: the login and the directory; `None` for a fio
    /// server.
    pub ssh: Option<SshLogin>,
}

/// How an ssh host is logged into, and where its test file goes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SshLogin {
    /// The user, when given (else ssh's own choice: `~/.ssh/config`, or
    /// this user's name).
    pub user: Option<String>,
    /// The directory of its test file, when the address gives one (else
    /// `--remote-dir`).
    pub dir: Option<std::path::PathBuf>,
}

impl HostAddr {
    /// Reads `HOST`, `HOST:PORT`, `[V6]`, `[V6]:PORT` or a bare IPv6
    /// address (a fio server), or `ssh://[USER@]HOST[:PORT][/DIR]`; the
    /// error says what is wrong, for the caller to name the option.
    pub fn parse(s: &str) -> Result<HostAddr, String> {
        let s = s.trim();
        match s.strip_prefix("ssh://") {
            Some(rest) => parse_ssh(s, rest),
            None => host_port(s, DEFAULT_PORT),
        }
    }

    /// Whether it is reached over ssh.
    pub fn is_ssh(&self) -> bool {
        self.ssh.is_some()
    }
}

/// `USER@HOST:PORT/DIR` of an ssh address `whole`.
fn parse_ssh(whole: &str, rest: &str) -> Result<HostAddr, String> {
    let (user, rest) = match rest.split_once('@') {
        Some((u, r)) if !u.contains('/') => (Some(u), r),
        _ => (None, rest),
    };
    if let Some(u) = user {
        let odd = u
            .chars()
            .find(|&c| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')));
        if u.is_empty() || u.starts_with('-') || odd.is_some() {
            return Err(format!(
                "'{}': a user name has letters, digits, '.', '-' and '_', and does not start with '-'",
                printable(whole)
            ));
        }
    }
    // The directory starts at the first '/' after the host (and after an
    // IPv6 address's brackets).
    let after = if rest.starts_with('[') {
        rest.find(']').unwrap_or(0)
    } else {
        0
    };
    let (hostport, dir) = match rest[after..].find('/') {
        Some(i) => (&rest[..after + i], Some(&rest[after + i..])),
        None => (rest, None),
    };
    if let Some(d) = dir
        && let Some(c) = d.chars().find(|c| c.is_control())
    {
        return Err(format!(
            "'{}': the directory holds {}; give one without control characters",
            printable(whole),
            shown_char(c)
        ));
    }
    let mut h = host_port(hostport, SSH_PORT)?;
    h.ssh = Some(SshLogin {
        user: user.map(str::to_string),
        dir: dir.map(std::path::PathBuf::from),
    });
    Ok(h)
}

/// `HOST[:PORT]`, with `default` when no port is given.
fn host_port(s: &str, default: u16) -> Result<HostAddr, String> {
    let (host, port) = if let Some(rest) = s.strip_prefix('[') {
        let (h, after) = rest
            .split_once(']')
            .ok_or_else(|| format!("'{}' opens '[' without closing it", printable(s)))?;
        match after {
            "" => (h, None),
            p if p.starts_with(':') => (h, Some(&p[1..])),
            _ => {
                return Err(format!(
                    "'{}': after ']' only ':PORT' may follow",
                    printable(s)
                ));
            }
        }
    } else if s.matches(':').count() > 1 {
        // A bare IPv6 address: its colons are not a port.
        (s, None)
    } else {
        match s.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (s, None),
        }
    };
    if host.is_empty() {
        return Err(format!("'{}' names no host", printable(s)));
    }
    // The host goes onto fio's command line (`--client=`), where fio
    // tells names, addresses and socket paths apart by their
    // characters: only a name's or an address's reach it.
    let address = host.parse::<std::net::IpAddr>().is_ok();
    let odd = host
        .chars()
        .find(|&c| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')));
    if let (false, Some(c)) = (address, odd) {
        return Err(format!(
            "'{}' is not a host name or address: it holds {}, and a name has only letters, digits, '.', '-' and '_'",
            printable(host),
            shown_char(c)
        ));
    }
    if host.starts_with('-') {
        return Err(format!(
            "'{}' starts with '-', which a command line reads as an option: give a host name or address",
            printable(host)
        ));
    }
    let port = match port {
        None => default,
        Some(p) => p
            .parse::<u16>()
            .ok()
            .filter(|p| *p > 0)
            .ok_or_else(|| format!("'{}': the port must be a number 1..65535", printable(s)))?,
    };
    Ok(HostAddr {
        host: host.to_string(),
        port,
        ssh: None,
    })
}

impl HostAddr {
    /// Whether the host is an IPv6 address.
    pub fn is_v6(&self) -> bool {
        self.host.parse::<std::net::Ipv6Addr>().is_ok()
    }

    /// fio's `--client=` value for it: `ip:ADDR,PORT`, `ip6:ADDR,PORT` or
    /// `NAME,PORT`.
    pub fn fio_client(&self) -> String {
        if self.is_v6() {
            format!("ip6:{},{}", self.host, self.port)
        } else if self.host.parse::<std::net::Ipv4Addr>().is_ok() {
            format!("ip:{},{}", self.host, self.port)
        } else {
            format!("{},{}", self.host, self.port)
        }
    }

    /// The command that starts fio's server there, for the sentence of a
    /// host that does not answer.
    pub fn server_command(&self) -> String {
        let kind = if self.is_v6() { "ip6" } else { "ip" };
        // The exact command, even on the default port where a bare
        // `fio --server` would do: it says which address to listen on.
        format!("fio --server={kind}:{},{}", self.host, self.port)
    }

    /// A name for it in a file name: letters, digits, '.' and '-' only.
    pub fn file_tag(&self) -> String {
        let host: String = self
            .host
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        format!("{host}-{}", self.port)
    }
}

impl fmt::Display for HostAddr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(login) = &self.ssh {
            f.write_str("ssh://")?;
            if let Some(u) = &login.user {
                write!(f, "{u}@")?;
            }
        }
        if self.is_v6() {
            write!(f, "[{}]:{}", self.host, self.port)
        } else {
            write!(f, "{}:{}", self.host, self.port)
        }
    }
}

fn printable(s: &str) -> String {
    crate::escape::escape(s).into_owned()
}

/// A character named visibly: `','`, or its code point for a blank, a
/// control character or anything outside ASCII (`U+FEFF`).
fn shown_char(c: char) -> String {
    if c.is_ascii_graphic() {
        format!("'{c}'")
    } else {
        format!("U+{:04X}", c as u32)
    }
}

/// The hosts of `--host` and `--hosts FILE`, in that order, each once.
pub fn hosts(typed: &[String], file: Option<&Path>) -> Result<Vec<HostAddr>, UsageError> {
    let mut out: Vec<HostAddr> = Vec::new();
    let mut add = |h: HostAddr, option: &'static str| -> Result<(), UsageError> {
        if out.contains(&h) {
            return Err(UsageError::new(
                option,
                format!("{h} is given twice; name each host once"),
            ));
        }
        if out.len() == MAX_HOSTS {
            return Err(UsageError::new(
                option,
                format!("more than {MAX_HOSTS} hosts; run them in several runs"),
            ));
        }
        out.push(h);
        Ok(())
    };
    for t in typed {
        add(
            HostAddr::parse(t).map_err(|e| UsageError::new("--host", e))?,
            "--host",
        )?;
    }
    if let Some(path) = file {
        for (n, line) in read_hosts_file(path)? {
            let h = HostAddr::parse(&line).map_err(|e| {
                UsageError::new(
                    "--hosts",
                    format!("{} line {n}: {e}", crate::escape::path(path)),
                )
            })?;
            add(h, "--hosts")?;
        }
    }
    Ok(out)
}

/// The host lines of a `--hosts` file with their numbers: `#` starts a
/// comment, blank lines are skipped.
fn read_hosts_file(path: &Path) -> Result<Vec<(usize, String)>, UsageError> {
    let shown = crate::escape::path(path);
    let fail = |why: String| UsageError::new("--hosts", format!("cannot read {shown}: {why}"));
    // Only a regular file, and at most MAX_HOSTS_FILE of it (crate::inputs).
    let text = crate::inputs::read(path, &shown, &crate::inputs::HOSTS)
        .map_err(|e| UsageError::new("--hosts", e.to_string()))?;
    let text = String::from_utf8(text).map_err(|_| fail("it is not UTF-8 text".into()))?;
    // A byte-order mark (editors on Windows write one) is not a host.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut lines: Vec<(usize, String)> = Vec::new();
    for (i, l) in text.lines().enumerate() {
        // Anything a terminal would act on or hide, also in a comment, is
        // named rather than read past (a tab is a blank).
        let hidden = l
            .chars()
            .find(|&c| c != '\t' && (crate::escape::is_unsafe(c) || c == '\u{feff}'));
        if let Some(c) = hidden {
            return Err(UsageError::new(
                "--hosts",
                format!(
                    "{shown} line {} holds the invisible character {}; remove it",
                    i + 1,
                    shown_char(c)
                ),
            ));
        }
        let host = l.split('#').next().unwrap_or("").trim();
        if !host.is_empty() {
            lines.push((i + 1, host.to_string()));
        }
    }
    if lines.is_empty() {
        return Err(fail("it names no host (one HOST[:PORT] a line)".into()));
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Result<HostAddr, String> {
        HostAddr::parse(s)
    }

    #[test]
    fn host_forms() {
        assert_eq!(p("nas1").unwrap().port, DEFAULT_PORT);
        let h = p("127.0.0.2:8799").unwrap();
        assert_eq!((h.host.as_str(), h.port), ("127.0.0.2", 8799));
        assert_eq!(h.fio_client(), "ip:127.0.0.2,8799");
        assert_eq!(h.server_command(), "fio --server=ip:127.0.0.2,8799");
        let v6 = p("[::1]:9000").unwrap();
        assert_eq!((v6.host.as_str(), v6.port), ("::1", 9000));
        assert_eq!(v6.fio_client(), "ip6:::1,9000");
        assert_eq!(v6.to_string(), "[::1]:9000");
        assert_eq!(p("fe80::1").unwrap().port, DEFAULT_PORT);
        assert_eq!(p("node-3").unwrap().fio_client(), "node-3,8765");
        assert_eq!(p("[::1]:9000").unwrap().file_tag(), "__1-9000");
    }

    #[test]
    fn bad_hosts_are_refused() {
        for bad in [
            "",
            ":80",
            "a:0",
            "a:70000",
            "a:x",
            "[::1",
            "[::1]x",
            "a b",
            "a,b",
            "a;b",
            "${HOME}",
            "a#b",
            "sock:x",
            "[fe80::1%eth0]",
            "n\u{e9}",
        ] {
            assert!(p(bad).is_err(), "{bad}");
        }
        let e = p("a:\x1b[2J").unwrap_err();
        assert!(!e.contains('\x1b'), "{e}");
    }

    #[test]
    fn a_hosts_file_with_comments() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("hosts");
        std::fs::write(&f, "# rack 1\n127.0.0.2:8801\n\n 127.0.0.3:8802 # second\n").unwrap();
        let h = hosts(&["127.0.0.4:8803".into()], Some(&f)).unwrap();
        let names: Vec<String> = h.iter().map(|h| h.to_string()).collect();
        assert_eq!(
            names,
            ["127.0.0.4:8803", "127.0.0.2:8801", "127.0.0.3:8802"]
        );
        let e = hosts(&["127.0.0.2:8801".into()], Some(&f)).unwrap_err();
        assert!(e.message.contains("twice"), "{}", e.message);
        std::fs::write(&f, "# none\n").unwrap();
        assert!(
            hosts(&[], Some(&f))
                .unwrap_err()
                .message
                .contains("no host")
        );
        std::fs::write(&f, "ok\nbad host\n").unwrap();
        let e = hosts(&[], Some(&f)).unwrap_err();
        assert!(e.message.contains("line 2"), "{}", e.message);
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_other_hidden_characters_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("hosts");
        std::fs::write(&f, "\u{feff}127.0.0.2:8801\r\n127.0.0.3\t# two\r\n").unwrap();
        let h = hosts(&[], Some(&f)).unwrap();
        assert_eq!(h[0].to_string(), "127.0.0.2:8801");
        assert_eq!(h[1].to_string(), "127.0.0.3:8765");
        for (text, shown) in [
            ("a\nnas1\x1b[2J\n", "U+001B"),
            ("a\n# rack\x07\n", "U+0007"),
            ("a\nnas1\u{feff}\n", "U+FEFF"),
            ("a\nnas\u{202e}1\n", "U+202E"),
            ("a\nnas1\rb\n", "U+000D"),
        ] {
            std::fs::write(&f, text).unwrap();
            let e = hosts(&[], Some(&f)).unwrap_err().message;
            assert!(e.contains("line 2") && e.contains(shown), "{text:?}: {e}");
            assert!(!e.chars().any(crate::escape::is_unsafe), "{e:?}");
            assert!(!e.contains('\u{feff}'), "{e:?}");
        }
        // A character outside a host name is named as well.
        std::fs::write(&f, "nas\u{200b}1\n").unwrap();
        let e = hosts(&[], Some(&f)).unwrap_err().message;
        assert!(e.contains("line 1") && e.contains("U+200B"), "{e}");
    }
}
