//! OpenSSH servers on loopback addresses (127.0.0.2, .3, ...), for the
//! tests of `--host ssh://`: each host its own `sshd -D` on a free port,
//! all with one host key and one authorized user key that the fixture
//! generates in a private directory, beside a client config (`ssh -F`)
//! that logs in as root with that key. Everything is killed on drop.

use super::{cpu_ticks, finish, is_root, skip};
use rustix::process::{Pid, Signal, kill_process, kill_process_group};
use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const SSHD: &str = "/usr/sbin/sshd";

/// `n` sshd listeners, their keys and client configs (see [`SshHosts::start`]).
pub struct SshHosts {
    dir: tempfile::TempDir,
    config: PathBuf,
    hosts: Vec<(String, u16, Child)>,
}

fn keygen(path: &Path) -> Result<(), String> {
    let out = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-C", "diskmark-test", "-f"])
        .arg(path)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("ssh-keygen: {e}"))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(format!("ssh-keygen -f {}: {}", path.display(), err.trim()));
    }
    Ok(())
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The last lines of an sshd log, for an error.
fn tail(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(8)..].join(" | ")
}

/// Every process below `pid`, children before theirs (CONFIG_PROC_CHILDREN).
fn descendants(pid: i32) -> Vec<i32> {
    let kids = std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children"));
    let kids = kids.unwrap_or_default();
    let kids = kids.split_whitespace().flat_map(str::parse::<i32>);
    kids.flat_map(|k| std::iter::once(k).chain(descendants(k)))
        .collect()
}

impl SshHosts {
    /// Starts `n` sshd on 127.0.0.2 .. 127.0.0.(1+n), each listening when
    /// this returns, or says why they cannot run here.
    pub fn start(n: usize) -> Result<SshHosts, String> {
        Self::start_with(n, &[])
    }

    /// [`SshHosts::start`], with `env`'s variables (`(host, "NAME=VALUE")`)
    /// set by that host's sshd in every session it starts (`SetEnv`).
    pub fn start_with(n: usize, env: &[(usize, &str)]) -> Result<SshHosts, String> {
        if !is_root() {
            return Err("not root: sshd logs in as root on loopback addresses".into());
        }
        if !Path::new(SSHD).exists() {
            return Err(format!("{SSHD} is missing (package openssh-server)"));
        }
        for tool in ["ssh", "ssh-keygen"] {
            let found = Command::new(tool).arg("-V").stdin(Stdio::null()).output();
            if found.is_err() {
                return Err(format!("{tool} is not installed (package openssh-client)"));
            }
        }
        // With UsePAM no, sshd refuses every login to a locked account
        // (`root:!`), even with a key; `root:*` takes keys only.
        let shadow = std::fs::read_to_string("/etc/shadow").unwrap_or_default();
        if shadow.lines().any(|l| l.starts_with("root:!")) {
            return Err("root is locked (root:! in /etc/shadow): `usermod -p '*' root`".into());
        }
        // The privilege separation directory sshd chroots into.
        std::fs::create_dir_all("/run/sshd").map_err(|e| format!("/run/sshd: {e}"))?;
        let dir = tempfile::Builder::new()
            .prefix("diskmark-sshd-")
            .tempdir() // mode 0700
            .map_err(|e| format!("a temporary directory: {e}"))?;
        let d = dir.path();
        for key in ["hostkey", "userkey", "foreignkey"] {
            keygen(&d.join(key))?;
        }
        let user = std::fs::read_to_string(d.join("userkey.pub"))
            .map_err(|e| format!("userkey.pub: {e}"))?;
        write(&d.join("authorized_keys"), &user)?;
        write(&d.join("ssh_config"), &client_config(d, "userkey"))?;
        write(&d.join("foreign_config"), &client_config(d, "foreignkey"))?;
        let mut hosts = SshHosts {
            config: d.join("ssh_config"),
            dir,
            hosts: Vec::new(),
        };
        for i in 0..n {
            let addr = format!("127.0.0.{}", 2 + i);
            let set: Vec<&str> = (env.iter().filter(|e| e.0 == i)).map(|e| e.1).collect();
            let (port, child) = hosts.listen(&addr, i, &set)?;
            hosts.hosts.push((addr, port, child));
        }
        Ok(hosts)
    }

    /// One sshd on `addr`, on a port picked again when another process
    /// took the one picked before sshd could bind it.
    fn listen(&self, addr: &str, i: usize, env: &[&str]) -> Result<(u16, Child), String> {
        let d = self.dir.path();
        let (cfg, log) = (d.join(format!("sshd_config.{i}")), self.log(i));
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut why = String::new();
        for _attempt in 0..5 {
            let port = TcpListener::bind((addr, 0))
                .and_then(|l| l.local_addr())
                .map_err(|e| format!("binding {addr}: {e}"))?
                .port();
            let mut config = server_config(d, addr, port);
            for e in env {
                config.push_str(&format!("SetEnv {e}\n"));
            }
            write(&cfg, &config)?;
            let err = std::fs::File::create(&log).map_err(|e| format!("{}: {e}", log.display()))?;
            // On one CPU, with everything it starts: the hosts' diskmarks
            // measure in memory, CPU-bound, and the other CPU stays for the
            // tests that run beside them (a loop device's worker starved
            // by three of them held no cap in the knees' tests).
            let mut child = Command::new("taskset")
                .args(["-c", "0", SSHD, "-D", "-e", "-f"])
                .arg(&cfg)
                .process_group(0)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(err)
                .spawn()
                .map_err(|e| format!("taskset -c 0 {SSHD}: {e}"))?;
            // Listening on *this* port is in sshd's log: a connection alone
            // could reach another fixture's sshd that took the port.
            let said = format!("Server listening on {addr} port {port}.");
            loop {
                if let Ok(Some(st)) = child.try_wait() {
                    why = format!("sshd on {addr}:{port} exited ({st}): {}", tail(&log));
                    break;
                }
                let listening = std::fs::read_to_string(&log).is_ok_and(|t| t.contains(&said));
                if listening && TcpStream::connect((addr, port)).is_ok() {
                    return Ok((port, child));
                }
                if Instant::now() > deadline {
                    let _ = kill_process_group(Pid::from_child(&child), Signal::KILL);
                    let _ = child.wait();
                    return Err(format!(
                        "sshd on {addr}:{port} not listening after 10 s: {}",
                        tail(&log)
                    ));
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        Err(why)
    }

    /// The client config (`ssh -F`) with the authorized key.
    pub fn config(&self) -> &Path {
        &self.config
    }

    /// A client config whose key is not authorized: every login is refused.
    pub fn foreign_config(&self) -> PathBuf {
        self.dir.path().join("foreign_config")
    }

    /// `ssh://root@127.0.0.X:PORT` of host `i` (from 0).
    pub fn url(&self, i: usize) -> String {
        let (addr, port) = self.addr(i);
        format!("ssh://root@{addr}:{port}")
    }

    /// Host `i`'s address and port.
    pub fn addr(&self, i: usize) -> (String, u16) {
        (self.hosts[i].0.clone(), self.hosts[i].1)
    }

    pub fn len(&self) -> usize {
        self.hosts.len()
    }

    /// The private directory of keys, configs and logs.
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// Host `i`'s sshd log (its stderr).
    pub fn log(&self, i: usize) -> PathBuf {
        self.dir.path().join(format!("sshd.{i}.log"))
    }

    /// The pid of host `i`'s listening sshd.
    pub fn pid(&self, i: usize) -> u32 {
        self.hosts[i].2.id()
    }

    /// Host `i` gone at once, as a machine that dies: its listener's
    /// process group and every connection it forked (each of which sshd
    /// puts in a session of its own, out of that group).
    pub fn kill(&self, i: usize) {
        let pid = self.pid(i) as i32;
        let below = descendants(pid);
        if let Some(group) = Pid::from_raw(pid) {
            let _ = kill_process_group(group, Signal::KILL);
        }
        for c in below.into_iter().filter_map(Pid::from_raw) {
            let _ = kill_process(c, Signal::KILL);
        }
    }
}

/// One host's sshd_config (paths unquoted: the fixture's hold no spaces).
fn server_config(d: &Path, addr: &str, port: u16) -> String {
    format!(
        "ListenAddress {addr}:{port}\nHostKey {}\nAuthorizedKeysFile {}\n\
         PermitRootLogin prohibit-password\nPasswordAuthentication no\n\
         KbdInteractiveAuthentication no\nUsePAM no\nPidFile none\nStrictModes no\n\
         MaxStartups 100\nMaxSessions 100\n",
        d.join("hostkey").display(),
        d.join("authorized_keys").display(),
    )
}

fn client_config(d: &Path, key: &str) -> String {
    format!(
        "Host *\n  IdentityFile {}\n  IdentitiesOnly yes\n  UserKnownHostsFile {}\n  \
         StrictHostKeyChecking accept-new\n  LogLevel ERROR\n",
        d.join(key).display(),
        d.join("known_hosts").display(),
    )
}

impl Drop for SshHosts {
    fn drop(&mut self) {
        for i in 0..self.hosts.len() {
            self.kill(i);
        }
        for (_, _, child) in &mut self.hosts {
            let _ = child.wait();
        }
    }
}

/// `ssh -F config ... root@host -- command`, its stdout to a file.
fn ssh(hosts: &SshHosts, config: &Path, i: usize, command: &str) -> (Child, PathBuf) {
    let (addr, port) = hosts.addr(i);
    let out = hosts.dir().join(format!("ssh.{i}.out"));
    let child = Command::new("ssh")
        .arg("-F")
        .arg(config)
        .args(["-o", "BatchMode=yes", "-o", "ConnectTimeout=5", "-p"])
        .arg(port.to_string())
        .args([format!("root@{addr}").as_str(), "--", command])
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    (child, out)
}

/// [`ssh`] to its end, within 20 s: exit code, stdout, stderr.
fn run(hosts: &SshHosts, config: &Path, i: usize, command: &str) -> (Option<i32>, String, String) {
    let (child, out) = ssh(hosts, config, i, command);
    let ended = finish(child, Instant::now(), Duration::from_secs(20));
    let stdout = std::fs::read_to_string(out).unwrap();
    (ended.code, stdout, ended.stderr)
}

/// Polls `done` every 10 ms for `secs` seconds; fails with `what`.
fn until(secs: u64, what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    while !done() {
        assert!(Instant::now() < deadline, "{what} after {secs} s");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn three_sshd_hosts_each_run_a_command() {
    let hosts = match SshHosts::start(3) {
        Ok(h) => h,
        Err(why) => return skip("three_sshd_hosts_each_run_a_command", &why),
    };
    assert_eq!(hosts.len(), 3);
    for i in 0..hosts.len() {
        let (addr, _) = hosts.addr(i);
        assert_eq!(addr, format!("127.0.0.{}", 2 + i));
        assert!(hosts.url(i).starts_with(&format!("ssh://root@{addr}:")));
        let (code, out, err) = run(&hosts, hosts.config(), i, &format!("echo hello-{i}"));
        assert_eq!(code, Some(0), "ssh to {}: {err}", hosts.url(i));
        assert_eq!(out, format!("hello-{i}\n"), "{err}");
        // A key that is not in authorized_keys is refused.
        let (code, out, err) = run(&hosts, &hosts.foreign_config(), i, "echo no");
        assert_ne!(code, Some(0), "a foreign key logged in to {}", hosts.url(i));
        assert!(err.contains("Permission denied"), "{err}");
        assert_eq!(out, "");
    }
    // A killed host is gone at once: the session in progress ends with it,
    // its listener is dead (a zombie until the drop waits for it), and a
    // new ssh to it fails.
    let (long, out) = ssh(&hosts, hosts.config(), 2, "echo up; exec sleep 60");
    until(20, "no session", || {
        std::fs::read_to_string(&out).unwrap() == "up\n"
    });
    let from = Instant::now();
    hosts.kill(2);
    let ended = finish(long, from, Duration::from_secs(10));
    assert_ne!(ended.code, Some(0), "{}", ended.stderr);
    until(5, "sshd survived kill", || {
        cpu_ticks(hosts.pid(2) as i32).is_none()
    });
    let (code, _, err) = run(&hosts, hosts.config(), 2, "echo late");
    assert_ne!(code, Some(0), "ssh reached a killed host: {err}");
}
