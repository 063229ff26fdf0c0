//! Many hosts at once (`--host`, docs/hosts.md): real `fio --server`
//! processes on loopback addresses (127.0.0.2, .3, ...), each with its own
//! port and remote directory, started by the test and killed on every exit
//! (a Drop guard).

use crate::common;

use common::events::Events;
use common::{diskmark, have_fio, leftovers, skip};
use diskmark::fio::parse::percentiles_from_bins;
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// A `fio --server` on one address, its own port and remote directory;
/// killed with everything it forked when dropped.
struct Server {
    addr: String,
    port: u16,
    pid: i32,
    dir: tempfile::TempDir,
    _run: tempfile::TempDir,
    /// `strace` following the server, when it is traced.
    tracer: Option<std::process::Child>,
}

/// A port nothing listens on at `addr` now.
fn free_port(addr: &str) -> u16 {
    let l = TcpListener::bind((addr, 0)).expect("bind a loopback address");
    l.local_addr().unwrap().port()
}

impl Server {
    fn start(addr: &str) -> Server {
        Server::start_in(addr, None)
    }

    /// A server in a mount namespace of its own where `read_only` is
    /// mounted read-only: a host whose directory cannot be written.
    fn start_in(addr: &str, read_only: Option<&Path>) -> Server {
        let port = free_port(addr);
        let run = tempfile::tempdir().unwrap();
        let pid_file = run.path().join("pid");
        let server = format!(
            "fio --server=ip:{addr},{port} --daemonize={}",
            pid_file.display()
        );
        let script = match read_only {
            None => format!("exec {server}"),
            Some(d) => format!(
                "mount --bind '{0}' '{0}' && mount -o remount,bind,ro '{0}' && exec {server}",
                d.display()
            ),
        };
        let mut cmd = match read_only {
            None => std::process::Command::new("sh"),
            Some(_) => {
                let mut c = std::process::Command::new("unshare");
                c.args(["--mount", "--propagation", "private", "sh"]);
                c
            }
        };
        let status = cmd
            .args(["-c", &script])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("run fio --server");
        assert!(status.success(), "fio --server failed");
        let pid = wait_listening(addr, port, &pid_file);
        Server {
            addr: addr.into(),
            port,
            pid,
            dir: common::disk_dir(),
            _run: run,
            tracer: None,
        }
    }

    /// A server under `strace -f`: every exec, open, unlink and mkdir of
    /// it and of every process and thread it starts, written to `trace`
    /// (full strings, `-s 4096`).
    fn start_traced(addr: &str, trace: &Path) -> Server {
        let port = free_port(addr);
        let run = tempfile::tempdir().unwrap();
        let pid_file = run.path().join("pid");
        let tracer = std::process::Command::new("strace")
            .args(["-f", "-qq", "-s", "4096", "-o"])
            .arg(trace)
            .args([
                "-e",
                "trace=execve,open,openat,creat,unlink,unlinkat,mkdir,mkdirat,rename,renameat,renameat2",
                "fio",
            ])
            .arg(format!("--server=ip:{addr},{port}"))
            .arg(format!("--daemonize={}", pid_file.display()))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("run strace");
        let pid = wait_listening(addr, port, &pid_file);
        Server {
            addr: addr.into(),
            port,
            pid,
            dir: common::disk_dir(),
            _run: run,
            tracer: Some(tracer),
        }
    }

    fn host(&self) -> String {
        format!("{}:{}", self.addr, self.port)
    }

    /// The server and every connection it forked (its own session and
    /// process group): gone at once, as a machine that dies.
    fn kill(&self) {
        if let Some(pid) = rustix::process::Pid::from_raw(self.pid) {
            let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
        }
    }
}

/// The pid of a server that listens on `addr:port` and wrote `pid_file`,
/// within 10 s (more under strace).
fn wait_listening(addr: &str, port: u16, pid_file: &Path) -> i32 {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let pid = std::fs::read_to_string(pid_file)
            .ok()
            .and_then(|s| s.trim().parse::<i32>().ok());
        if let Some(pid) = pid
            && TcpStream::connect((addr, port)).is_ok()
        {
            return pid;
        }
        assert!(
            Instant::now() < deadline,
            "fio --server on {addr}:{port} never listened"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
        // Whatever a failed test left in the remote directory goes with it.
        if let Some(t) = &mut self.tracer {
            // strace ends with the last process it follows; it is not
            // waited for past a deadline.
            let until = Instant::now() + Duration::from_secs(5);
            while Instant::now() < until && matches!(t.try_wait(), Ok(None)) {
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = t.kill();
            let _ = t.wait();
        }
    }
}

const SMALL: [&str; 12] = [
    "--engine",
    "fio:libaio",
    "--size",
    "16M",
    "--measure",
    "0.3",
    "--warmup",
    "0.1",
    "--interval",
    "0",
    "--loops",
    "2",
];

fn host_args(servers: &[Server], dir: impl Fn(&Server) -> PathBuf) -> Vec<String> {
    let mut a = Vec::new();
    for s in servers {
        a.push("--host".to_string());
        a.push(s.host());
    }
    // One --remote-dir for all: each server's own directory is reached
    // through a symlink-free path of its own only when they differ, so the
    // tests that need that give each host the same path layout.
    a.push("--remote-dir".into());
    a.push(dir(&servers[0]).display().to_string());
    a
}

fn no_files(servers: &[Server]) {
    for s in servers {
        assert_eq!(
            leftovers(s.dir.path()),
            Vec::<String>::new(),
            "{}",
            s.host()
        );
    }
}

/// The client/server entries of one kept fio output.
fn client_stats(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap();
    let doc: Value = serde_json::from_str(&text[text.find("\n{").unwrap() + 1..]).unwrap();
    doc["client_stats"].as_array().unwrap().clone()
}

fn near(a: f64, b: f64, share: f64) -> bool {
    (a - b).abs() <= share * b.abs().max(1e-9)
}

#[test]
fn every_host_runs_every_test_and_the_total_is_their_sum() {
    if !have_fio() {
        return skip("hosts_sum", "fio is not installed");
    }
    let servers = [
        Server::start("127.0.0.2"),
        Server::start("127.0.0.3"),
        Server::start("127.0.0.4"),
    ];
    // The hosts share this machine's filesystem: one directory for all,
    // where the hosts' names in the file names keep them apart.
    let shared = common::disk_dir();
    let kept = tempfile::tempdir().unwrap();
    let reports = tempfile::tempdir().unwrap();
    let out = common::diskmark_with_hooks()
        .args(SMALL)
        .args([
            "--test",
            "SEQ1M Q8T1",
            "--test",
            "RND4K Q4T2",
            "--mode",
            "read",
        ])
        .args(host_args(&servers, |_| shared.path().to_path_buf()))
        .arg("-o")
        .arg(reports.path().join("run.json"))
        .arg("-o")
        .arg(reports.path().join("run.csv"))
        .env(diskmark::hosts::run::TEST_KEEP_FIO_OUTPUT, kept.path())
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(leftovers(shared.path()), Vec::<String>::new());
    assert!(out.stdout.is_empty());
    let json_path = reports.path().join("run.json");
    let run = common::json(&std::fs::read(&json_path).unwrap());
    // Valid against docs/schema.json's model, and read back the same.
    let schema: Value = serde_json::from_str(&diskmark::report::model::schema()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&run)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let text = std::fs::read_to_string(&json_path).unwrap();
    let back = diskmark::report::model::Run::from_json(&text).unwrap();
    assert_eq!(back.tests[0].hosts.len(), servers.len());
    check_csv(&reports.path().join("run.csv"), &servers);
    // compare reads multi-host results, and compares their totals.
    let cmp = diskmark()
        .arg("compare")
        .arg(&json_path)
        .arg(&json_path)
        .assert()
        .success()
        .get_output()
        .clone();
    let cmp = String::from_utf8_lossy(&cmp.stdout);
    let total = run["tests"][0]["result"]["read"]["mbps"].as_f64().unwrap();
    assert!(
        cmp.contains(&format!("{total:.3}")),
        "{total} not in\n{cmp}"
    );
    let notes = run["notes"].to_string();
    assert!(!notes.contains("All clients"), "{notes}");
    let tests = run["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 2);
    for t in tests {
        let hosts = t["hosts"].as_array().unwrap();
        let names: Vec<&str> = hosts.iter().map(|h| h["host"].as_str().unwrap()).collect();
        let want: Vec<String> = servers.iter().map(Server::host).collect();
        assert_eq!(names, want);
        for h in hosts {
            assert!(
                h["fio_version"].as_str().unwrap().starts_with("fio-"),
                "{h}"
            );
            assert_eq!(h["loops"].as_array().unwrap().len(), 2);
        }
        for (i, l) in t["loops"].as_array().unwrap().iter().enumerate() {
            let of = |h: &Value, k: &str| h["loops"][i]["read"][k].as_u64().unwrap();
            let bytes: u64 = hosts.iter().map(|h| of(h, "bytes")).sum();
            let ios: u64 = hosts.iter().map(|h| of(h, "ios")).sum();
            let longest = hosts
                .iter()
                .map(|h| h["loops"][i]["window_ns"].as_u64().unwrap())
                .max()
                .unwrap();
            assert_eq!(l["read"]["bytes"].as_u64().unwrap(), bytes);
            assert_eq!(l["read"]["ios"].as_u64().unwrap(), ios);
            assert_eq!(l["window_ns"].as_u64().unwrap(), longest);
            let mbps = l["read"]["mbps"].as_f64().unwrap();
            assert!(near(
                mbps,
                bytes as f64 / (longest as f64 / 1e9) / 1e6,
                1e-9
            ));
            check_against_fio(t, i, l, kept.path());
        }
    }
}

/// The CSV has a `host` column: the total (`all`), then every host, for
/// each test.
fn check_csv(path: &Path, servers: &[Server]) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    assert!(lines.next().unwrap().ends_with(",loop_stat,host"), "{text}");
    let hosts: Vec<&str> = lines.map(|l| l.rsplit(',').next().unwrap()).collect();
    let mut want = Vec::new();
    for _ in 0..2 {
        want.push("all".to_string());
        want.extend(servers.iter().map(Server::host));
    }
    assert_eq!(hosts, want, "{text}");
}

/// Loop `i` of test `t` against the fio output it was read from: its p99
/// is the one of the hosts' summed bins, and its bytes, I/Os and mean
/// latency are within 1 % of fio's "All clients" (which has no
/// percentiles: docs/fio.md#many-hosts).
fn check_against_fio(t: &Value, i: usize, l: &Value, kept: &Path) {
    let name: String = format!(
        "{} read loop {}",
        t["applied_name"].as_str().unwrap(),
        i + 1
    )
    .chars()
    .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
    .collect();
    let stats = client_stats(&kept.join(format!("{name}.json")));
    let (all, hosts): (Vec<&Value>, Vec<&Value>) =
        stats.iter().partition(|e| e["jobname"] == "All clients");
    let mut bins: BTreeMap<u64, u64> = BTreeMap::new();
    for e in &hosts {
        for (k, v) in e["read"]["lat_ns"]["bins"].as_object().unwrap() {
            *bins.entry(k.parse().unwrap()).or_default() += v.as_u64().unwrap();
        }
    }
    let bins: Vec<(u64, u64)> = bins.into_iter().collect();
    let p99 = percentiles_from_bins(&bins, &[99.0])[0].1 as f64 / 1e3;
    let ours = &l["read"]["lat_us"];
    assert!(
        near(ours["percentiles"]["99"].as_f64().unwrap(), p99, 1e-9),
        "{name}: p99 {} vs summed bins {p99}",
        ours["percentiles"]["99"]
    );
    let all = all
        .first()
        .unwrap_or_else(|| panic!("{name}: no All clients"));
    let fio_bytes = all["read"]["io_bytes"].as_f64().unwrap();
    let fio_mean = all["read"]["lat_ns"]["mean"].as_f64().unwrap() / 1e3;
    assert!(
        near(l["read"]["bytes"].as_f64().unwrap(), fio_bytes, 0.01),
        "{name}"
    );
    // diskmark counts bytes / block size as the I/Os (MB/s = IOPS x bs,
    // docs/fio.md); fio's total_ios are checked against All clients by
    // the library, which notes any disagreement (none here).
    let bs = t["block_size"].as_u64().unwrap();
    assert_eq!(
        l["read"]["ios"].as_u64().unwrap(),
        l["read"]["bytes"].as_u64().unwrap() / bs
    );
    assert!(
        near(ours["mean"].as_f64().unwrap(), fio_mean, 0.01),
        "{name}"
    );
}

#[test]
fn a_host_without_a_server_is_one_sentence_with_the_command_to_start_it() {
    if !have_fio() {
        return skip("hosts_refused", "fio is not installed");
    }
    let up = Server::start("127.0.0.5");
    let port = free_port("127.0.0.6");
    let t = Instant::now();
    let out = diskmark()
        .args(SMALL)
        .args(["--host", &up.host(), "--host", &format!("127.0.0.6:{port}")])
        .args(["--remote-dir", &up.dir.path().display().to_string()])
        .assert()
        .code(1)
        .get_output()
        .clone();
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("host 127.0.0.6 does not answer on port {port}")),
        "{err}"
    );
    assert!(err.contains("connection refused"), "{err}");
    assert!(
        err.contains(&format!("fio --server=ip:127.0.0.6,{port}")),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    // The same hosts from a --hosts file, with a comment and a blank line.
    let list = tempfile::NamedTempFile::new().unwrap();
    // With a byte-order mark, as some editors write, and Windows line ends.
    let text = format!(
        "\u{feff}# the rack\r\n{}\r\n\r\n  127.0.0.6:{port}  \r\n",
        up.host()
    );
    std::fs::write(list.path(), text).unwrap();
    let out = diskmark()
        .args(SMALL)
        .arg("--hosts")
        .arg(list.path())
        .args(["--remote-dir", &up.dir.path().display().to_string()])
        .assert()
        .code(1)
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("host 127.0.0.6 does not answer on port {port}")),
        "{err}"
    );
    no_files(std::slice::from_ref(&up));
}

/// fio's crc16 (crc/crc16.c: polynomial 0x8005, reflected, initial 0).
fn crc16(bytes: &[u8]) -> u16 {
    let mut crc: u16 = 0;
    for &b in bytes {
        crc ^= u16::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xA001
            } else {
                crc >> 1
            };
        }
    }
    crc
}

/// A fake server on `addr`: `reply` is what it answers the first
/// connection with after reading its first command (nothing: it never
/// answers). Its port.
fn fake_server(addr: &str, reply: Option<Vec<u8>>) -> (u16, std::thread::JoinHandle<()>) {
    let l = TcpListener::bind((addr, 0)).unwrap();
    let port = l.local_addr().unwrap().port();
    let t = std::thread::spawn(move || {
        let deadline = Instant::now() + Duration::from_secs(20);
        l.set_nonblocking(true).unwrap();
        let mut held = Vec::new();
        while Instant::now() < deadline {
            match l.accept() {
                Ok((mut c, _)) => {
                    c.set_nonblocking(false).unwrap();
                    c.set_read_timeout(Some(Duration::from_secs(2))).unwrap();
                    let mut buf = [0u8; 4096];
                    let _ = c.read(&mut buf);
                    if let Some(r) = &reply {
                        let _ = c.write_all(r);
                    }
                    held.push(c);
                }
                Err(_) => std::thread::sleep(Duration::from_millis(20)),
            }
            if reply.is_some() && held.len() >= 2 {
                // The TCP probe and fio's client: both answered. Each is
                // held until its end hangs up (it has read the answer),
                // never closed under a reply it has yet to read.
                for mut c in held {
                    while Instant::now() < deadline {
                        match c.read(&mut [0u8; 4096]) {
                            Ok(0) => break,
                            Ok(_) => {}
                            Err(e)
                                if matches!(
                                    e.kind(),
                                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                                ) => {}
                            Err(_) => break,
                        }
                    }
                }
                return;
            }
        }
    });
    (port, t)
}

#[test]
fn a_protocol_version_mismatch_names_the_host_and_both_versions() {
    if !have_fio() {
        return skip("hosts_version", "fio is not installed");
    }
    // A fio_net_cmd header of protocol version 98: version, opcode (PROBE
    // reply), flags, tag, pdu_len, then the crc16 of those 20 bytes and
    // the pdu's.
    let mut h = Vec::new();
    h.extend_from_slice(&98u16.to_le_bytes());
    h.extend_from_slice(&4u16.to_le_bytes());
    h.extend_from_slice(&0u32.to_le_bytes());
    h.extend_from_slice(&0u64.to_le_bytes());
    h.extend_from_slice(&0u32.to_le_bytes());
    let crc = crc16(&h);
    h.extend_from_slice(&crc.to_le_bytes());
    h.extend_from_slice(&0u16.to_le_bytes());
    let (port, fake) = fake_server("127.0.0.7", Some(h));
    let dir = common::disk_dir();
    let out = diskmark()
        .args(SMALL)
        .args(["--host", &format!("127.0.0.7:{port}")])
        .args(["--remote-dir", &dir.path().display().to_string()])
        .assert()
        .code(1)
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "host 127.0.0.7:{port}'s fio server speaks client/server protocol version 98"
        )),
        "{err}"
    );
    assert!(
        err.contains("speaks 97") || err.contains("speaks 1"),
        "{err}"
    );
    let _ = fake.join();
}

#[test]
fn a_server_that_never_answers_ends_at_a_deadline() {
    if !have_fio() {
        return skip("hosts_silent", "fio is not installed");
    }
    let (port, _fake) = fake_server("127.0.0.8", None);
    let dir = common::disk_dir();
    let t = Instant::now();
    let out = diskmark()
        .args(SMALL)
        .args(["--host", &format!("127.0.0.8:{port}")])
        .args(["--remote-dir", &dir.path().display().to_string()])
        .assert()
        .code(1)
        .get_output()
        .clone();
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "host 127.0.0.8:{port} accepted the connection but no fio server answered"
        )),
        "{err}"
    );
}

#[test]
fn a_remote_dir_missing_on_one_host_is_named_and_never_created() {
    if !have_fio() {
        return skip("hosts_nodir", "fio is not installed");
    }
    let a = Server::start("127.0.0.9");
    let missing = a.dir.path().join("not-there");
    let out = diskmark()
        .args(SMALL)
        .args(["--host", &a.host()])
        .args(["--remote-dir", &missing.display().to_string()])
        .assert()
        .code(1)
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "--remote-dir {} does not exist on host {}",
            missing.display(),
            a.host()
        )),
        "{err}"
    );
    assert!(!missing.exists(), "the probe created the directory");
    no_files(std::slice::from_ref(&a));
}

/// Whether a process still runs whose command line holds `needle`.
fn process_with(needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        if let Ok(c) = std::fs::read(e.path().join("cmdline")) {
            let c = String::from_utf8_lossy(&c).replace('\0', " ");
            if c.contains(needle) {
                found.push(c);
            }
        }
    }
    found
}

/// Waits for the run's own events: `mode` first, the hosts probed and
/// pre-filled, the first test's loop, then the second's (`RND4K`).
fn second_test_begins(events: &mut Events) {
    let first = events.wait_for(Duration::from_secs(60), |_| true);
    assert_eq!(
        [&first["type"], &first["mode"]],
        ["mode", "hosts"],
        "{first}"
    );
    let probing = events.wait_for(Duration::from_secs(60), |v| v["type"] == "host");
    assert!(
        probing["sentence"]
            .as_str()
            .unwrap()
            .starts_with("probing 2 hosts")
    );
    events.wait_for(Duration::from_secs(60), |v| {
        v["type"] == "host" && v["sentence"].as_str().unwrap().starts_with("SEQ1M")
    });
    events.wait_for(Duration::from_secs(60), |v| {
        v["type"] == "host" && v["sentence"].as_str().unwrap().starts_with("RND4K")
    });
}

/// Waits (with a deadline) until every one of `servers` runs a job on its
/// file in `shared`: some process (the server's fio, running the job)
/// holds that file open. Once the first test's output is kept, the
/// pre-fill's and that test's jobs have closed theirs: a file open then
/// is the second test's.
fn wait_for_jobs(shared: &Path, servers: &[Server], secs: u64) -> bool {
    let shared = std::fs::canonicalize(shared).unwrap();
    let tags: Vec<String> = servers
        .iter()
        .map(|s| format!("-{}-{}.tmp", s.addr, s.port))
        .collect();
    let deadline = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < deadline {
        let mut open = vec![false; tags.len()];
        for p in std::fs::read_dir("/proc").unwrap().flatten() {
            let Ok(fds) = std::fs::read_dir(p.path().join("fd")) else {
                continue;
            };
            for fd in fds.flatten() {
                let Ok(target) = std::fs::read_link(fd.path()) else {
                    continue;
                };
                if target.parent() != Some(shared.as_path()) {
                    continue;
                }
                let name = target.file_name().unwrap_or_default().to_string_lossy();
                for (o, tag) in open.iter_mut().zip(&tags) {
                    *o |= name.starts_with(".diskmark-remote-") && name.ends_with(tag.as_str());
                }
            }
        }
        if open.iter().all(|&o| o) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

/// A run of two tests (SEQ1M Q8T1 then RND4K Q4T2, 2 s each) on `servers`,
/// every host's file in `shared`, each test's fio output kept in `kept`
/// when it ends: a test can tell when the second test has begun.
fn spawn_two_tests(servers: &[Server], shared: &Path, kept: &Path) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_diskmark-test-hooks"))
        .args(SMALL)
        .args(["--measure", "2", "--loops", "1", "--mode", "read"])
        .args(["--test", "SEQ1M Q8T1", "--test", "RND4K Q4T2"])
        .args(host_args(servers, |_| shared.to_path_buf()))
        .args(["--format", "json", "--progress", "jsonl"])
        .env(diskmark::hosts::run::TEST_KEEP_FIO_OUTPUT, kept)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn sigint_in_the_second_test_removes_every_remote_file_and_exits_130() {
    if !have_fio() {
        return skip("hosts_sigint", "fio is not installed");
    }
    let servers = [Server::start("127.0.0.10"), Server::start("127.0.0.11")];
    let shared = common::disk_dir();
    let kept = tempfile::tempdir().unwrap();
    let mut child = spawn_two_tests(&servers, shared.path(), kept.path());
    let pid = child.id();
    // The run says when the second test begins; it runs once every host's
    // fio has its file open again.
    let mut events = Events::follow(child.stderr.take().unwrap());
    second_test_begins(&mut events);
    let ok = wait_for_jobs(shared.path(), &servers, 60);
    if let Some(p) = rustix::process::Pid::from_raw(pid as i32) {
        let _ = rustix::process::kill_process(p, rustix::process::Signal::INT);
    }
    assert!(ok, "the second test never began");
    let out = child.wait_with_output().unwrap();
    let err = events.all().join("\n");
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert_eq!(leftovers(shared.path()), Vec::<String>::new(), "{err}");
    let run = common::json(&out.stdout);
    assert_eq!(run["interrupted"], true);
    assert_eq!(run["tests"].as_array().unwrap().len(), 1);
    assert_eq!(
        process_with(&format!("diskmark-hosts-{pid}-")),
        Vec::<String>::new()
    );
}

#[test]
fn a_server_killed_mid_run_ends_the_run_naming_it() {
    if !have_fio() {
        return skip("hosts_killed", "fio is not installed");
    }
    let servers = [Server::start("127.0.0.12"), Server::start("127.0.0.13")];
    let shared = common::disk_dir();
    let kept = tempfile::tempdir().unwrap();
    let mut child = spawn_two_tests(&servers, shared.path(), kept.path());
    let mut events = Events::follow(child.stderr.take().unwrap());
    second_test_begins(&mut events);
    assert!(
        wait_for_jobs(shared.path(), &servers, 60),
        "the second test never began"
    );
    let t = Instant::now();
    servers[1].kill();
    let out = child.wait_with_output().unwrap();
    // The window (2.1 s), fio's grace and the client's slack at most.
    assert!(t.elapsed() < Duration::from_secs(15), "{:?}", t.elapsed());
    let err = events.all().join("\n");
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(&servers[1].host()), "{err}");
    // The host that lived has its file removed; the dead one's is named
    // with its path, for the user to remove by hand (here: the test).
    let left = leftovers(shared.path());
    let dead_tag = format!("{}-{}", servers[1].addr, servers[1].port);
    assert!(left.iter().all(|f| f.contains(&dead_tag)), "{left:?}");
    for f in &left {
        assert!(err.contains(f.as_str()), "{f} not named in: {err}");
        let _ = std::fs::remove_file(shared.path().join(f));
    }
}

#[test]
fn a_host_that_cannot_write_fails_the_run_and_the_others_files_are_removed() {
    if !have_fio() {
        return skip("hosts_readonly", "fio is not installed");
    }
    if !common::is_root() {
        return skip(
            "hosts_readonly",
            "needs root (a read-only bind mount in a mount namespace)",
        );
    }
    let shared = common::disk_dir();
    let ok = Server::start("127.0.0.14");
    let ro = Server::start_in("127.0.0.15", Some(shared.path()));
    let out = diskmark()
        .args(SMALL)
        .args(["--host", &ok.host(), "--host", &ro.host()])
        .args(["--remote-dir", &shared.path().display().to_string()])
        .assert()
        .code(1)
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "--remote-dir {} is not writable on host {}",
            shared.path().display(),
            ro.host()
        )),
        "{err}"
    );
    // The writable host pre-filled its file: it was removed.
    assert_eq!(leftovers(shared.path()), Vec::<String>::new(), "{err}");
}

#[test]
fn what_a_run_on_many_hosts_cannot_do_is_refused_before_anything_starts() {
    let cases: [(&[&str], &str); 8] = [
        (
            &[
                "tui",
                "--host",
                "127.0.0.2",
                "--engine",
                "fio:psync",
                "--remote-dir",
                "/srv",
            ],
            "the terminal interface runs on this machine only",
        ),
        (
            &["--host", "127.0.0.2", "--remote-dir", "/srv"],
            "add --engine fio:ENGINE",
        ),
        (
            &[
                "--host",
                "127.0.0.2",
                "--engine",
                "psync",
                "--remote-dir",
                "/srv",
            ],
            "add --engine fio:ENGINE",
        ),
        (
            &[
                "/var/tmp",
                "--host",
                "127.0.0.2",
                "--engine",
                "fio:psync",
                "--remote-dir",
                "/srv",
            ],
            "the TARGET /var/tmp has no use",
        ),
        (
            &["--host", "127.0.0.2", "--engine", "fio:psync"],
            "need --remote-dir DIR",
        ),
        (
            &[
                "--host",
                "127.0.0.2",
                "--engine",
                "fio:psync",
                "--remote-dir",
                "srv",
            ],
            "srv is relative",
        ),
        (
            &[
                "--host",
                "127.0.0.2",
                "--engine",
                "fio:psync",
                "--remote-dir",
                "/srv",
                "--verify",
            ],
            "--verify",
        ),
        (
            &["--remote-dir", "/srv"],
            "and none was given; add --host HOST",
        ),
    ];
    for (args, needle) in cases {
        let out = diskmark().args(args).assert().code(2).get_output().clone();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn the_shared_client_server_sample_is_read_per_host_and_summed() {
    // fio 3.33's plain json (not json+) of two hosts, with All clients.
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/fio/client-server-2hosts-libaio-q8t2-group.json");
    let text = std::fs::read_to_string(path).unwrap();
    let r = diskmark::fio::hosts::parse_hosts(&text).unwrap();
    assert_eq!(r.hosts.len(), 2);
    let bytes: u64 = r.hosts.iter().map(|h| h.result.read.bytes).sum();
    let ios: u64 = r.hosts.iter().map(|h| h.result.read.ios).sum();
    assert_eq!(r.total.read.bytes, bytes);
    assert_eq!(r.total.read.ios, ios);
    // fio's own All clients says the same.
    assert_eq!((r.total.read.ios, r.total.read.bytes), (103162, 422551552));
    assert!(r.disagreements.is_empty(), "{:?}", r.disagreements);
    let longest = r.hosts.iter().map(|h| h.result.read.runtime_ms).max();
    assert_eq!(Some(r.total.read.runtime_ms), longest);
}

#[test]
fn a_server_that_hangs_mid_run_is_named_at_the_deadline() {
    if !have_fio() {
        return skip("hosts_hung", "fio is not installed");
    }
    let servers = [Server::start("127.0.0.16"), Server::start("127.0.0.17")];
    let shared = common::disk_dir();
    let kept = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_diskmark-test-hooks"))
        .args(SMALL)
        .args(["--loops", "1", "--mode", "read", "--progress", "jsonl"])
        .args(["--test", "SEQ1M Q8T1", "--test", "RND4K Q4T2"])
        .args(host_args(&servers, |_| shared.path().to_path_buf()))
        .env(diskmark::hosts::run::TEST_KEEP_FIO_OUTPUT, kept.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first test is over once the run says the second begins.
    let mut events = Events::follow(child.stderr.take().unwrap());
    second_test_begins(&mut events);
    // Stopped, its kernel still accepts connections: only a deadline ends
    // the wait for it.
    let t = Instant::now();
    if let Some(pid) = rustix::process::Pid::from_raw(servers[1].pid) {
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::STOP);
    }
    let out = child.wait_with_output().unwrap();
    // The loop's window and 10 s, then 5 s to find who hung.
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
    let err = events.all().join("\n");
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!("host {} no longer answers", servers[1].host())),
        "{err}"
    );
    let left = leftovers(shared.path());
    let hung = format!("{}-{}", servers[1].addr, servers[1].port);
    assert!(left.iter().all(|f| f.contains(&hung)), "{left:?}");
    for f in &left {
        assert!(err.contains(f.as_str()), "{f} not named in: {err}");
        let _ = std::fs::remove_file(shared.path().join(f));
    }
}

/// The shipped binary ignores the test hook that keeps fio's output
/// (issue 26 §8, src/testing.rs): nothing is written where it points,
/// whereas `diskmark-test-hooks` writes there (see
/// `every_host_runs_every_test_and_the_total_is_their_sum`).
#[test]
fn the_product_keeps_no_fio_output() {
    if !have_fio() {
        return skip("hosts_keep_hook", "fio is not installed");
    }
    let servers = [Server::start("127.0.0.22")];
    let shared = common::disk_dir();
    let kept = tempfile::tempdir().unwrap();
    diskmark()
        .args(SMALL)
        .args(["--test", "RND4K Q4T2", "--mode", "read", "--format", "json"])
        .args(host_args(&servers, |_| shared.path().to_path_buf()))
        .env(diskmark::hosts::run::TEST_KEEP_FIO_OUTPUT, kept.path())
        .assert()
        .success();
    let written: Vec<_> = std::fs::read_dir(kept.path()).unwrap().collect();
    assert!(written.is_empty(), "{written:?}");
    assert_eq!(leftovers(shared.path()), Vec::<String>::new());
}

/// Whether strace is installed.
fn have_strace() -> bool {
    std::process::Command::new("strace")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A string of strace's output, from just after its opening quote: its C
/// escapes (`\"`, `\\`, `\n`, octal `\303`) read back into the bytes they
/// stand for.
fn c_string(s: &str) -> String {
    let b = s.as_bytes();
    let (mut out, mut i) = (Vec::new(), 0);
    while i < b.len() && b[i] != b'"' {
        if b[i] != b'\\' || i + 1 == b.len() {
            out.push(b[i]);
            i += 1;
            continue;
        }
        let digits = b[i + 1..]
            .iter()
            .take(3)
            .take_while(|c| c.is_ascii_digit())
            .count();
        if digits > 0 {
            let oct = std::str::from_utf8(&b[i + 1..i + 1 + digits]).unwrap();
            out.push(u8::from_str_radix(oct, 8).unwrap());
            i += 1 + digits;
            continue;
        }
        out.push(match b[i + 1] {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'v' => 0x0b,
            b'f' => 0x0c,
            c => c,
        });
        i += 2;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Every traced call of a `strace -f` output: its name and its first
/// string argument (the path it opens, removes or runs).
fn traced_calls(trace: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(trace).unwrap();
    text.lines()
        .filter_map(|l| {
            // `PID name(args) = ret`, or `PID name(args <unfinished ...>`.
            let call = l.split_once(' ').map_or(l, |(_, r)| r).trim_start();
            let (name, args) = call.split_once('(')?;
            let (_, quoted) = args.split_once('"')?;
            Some((name.to_string(), c_string(quoted)))
        })
        .collect()
}

/// Programs the traced server ran: its own exec by strace, and nothing
/// else (an `exec_prerun=` would run `/bin/sh`).
fn execs(calls: &[(String, String)]) -> Vec<String> {
    calls
        .iter()
        .filter(|(n, _)| n == "execve")
        .map(|(_, p)| p.clone())
        .collect()
}

#[test]
fn a_remote_dir_fio_would_read_otherwise_is_refused_and_the_server_runs_nothing() {
    if !have_fio() {
        return skip("hosts_literal", "fio is not installed");
    }
    if !have_strace() {
        return skip("hosts_literal", "strace is not installed");
    }
    let traces = tempfile::tempdir().unwrap();
    let trace = traces.path().join("server.trace");
    let server = Server::start_traced("127.0.0.18", &trace);
    let base = server.dir.path().to_path_buf();
    let victim = base.join("victim.txt");
    let content = b"the victim's bytes, which must stay as they are\n".repeat(100);
    std::fs::write(&victim, &content).unwrap();
    let sum = crc16(&content);
    let marker = base.join("marker");
    let b = base.display();
    let (v, m) = (victim.display(), marker.display());
    let cases: [(String, &str); 6] = [
        (
            format!("{b}/rd\nexec_prerun=touch {m}\nexec_postrun=rm -f {v}\n#"),
            "a newline",
        ),
        (format!("{b}/rd;$(touch {m})"), "';'"),
        (format!("{b}/${{HOME}}"), "'$'"),
        (format!("{b}/rd$(touch {m})"), "'$'"),
        (format!("{b}/rd#x"), "'#'"),
        (format!("{b}/rd\u{1b}[2J"), "the control character U+001B"),
    ];
    for (dir, named) in &cases {
        let out = diskmark()
            .args(SMALL)
            .args(["--host", &server.host(), "--remote-dir", dir])
            .assert()
            .code(2)
            .get_output()
            .clone();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{dir:?}: {err}");
        assert!(err.starts_with("error: --remote-dir: "), "{err}");
        assert!(err.contains(&format!("holds {named}")), "{dir:?}: {err}");
        assert!(!err.contains('\u{1b}'), "{err:?}");
        assert!(out.stdout.is_empty());
    }
    assert_eq!(crc16(&std::fs::read(&victim).unwrap()), sum);
    assert!(!marker.exists(), "the server ran a command");
    let names: Vec<_> = std::fs::read_dir(&base).unwrap().flatten().collect();
    assert_eq!(names.len(), 1, "{names:?}");
    drop(server);
    let calls = traced_calls(&trace);
    assert_eq!(execs(&calls).len(), 1, "{:?}", execs(&calls));
    let touched: Vec<_> = calls
        .iter()
        .filter(|(_, p)| p.starts_with(&b.to_string()))
        .collect();
    assert!(touched.is_empty(), "the server touched {touched:?}");
}

#[test]
fn an_odd_but_allowed_remote_dir_is_the_one_fio_opens() {
    if !have_fio() {
        return skip("hosts_odd_dir", "fio is not installed");
    }
    if !have_strace() {
        return skip("hosts_odd_dir", "strace is not installed");
    }
    let traces = tempfile::tempdir().unwrap();
    let trace = traces.path().join("server.trace");
    let server = Server::start_traced("127.0.0.19", &trace);
    // A colon (fio's file separator, escaped), a backslash before a
    // colon, blanks, quotes, brackets, '=', ',', '%' and a non-ASCII
    // letter: all read by fio as written.
    let odd = server
        .dir
        .path()
        .join("odd dir:a\\:b 'q' \"d\" [x]=y,z %d é~&");
    std::fs::create_dir(&odd).unwrap();
    let out = diskmark()
        .args(SMALL)
        .args(["--loops", "1", "--mode", "read", "--test", "SEQ1M Q8T1"])
        .args(["--host", &server.host()])
        .arg("--remote-dir")
        .arg(&odd)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert_eq!(leftovers(&odd), Vec::<String>::new());
    drop(server);
    let calls = traced_calls(&trace);
    assert_eq!(execs(&calls).len(), 1, "{:?}", execs(&calls));
    let odd = odd.to_str().unwrap();
    // Everything under the server's directory: its ancestors (fio makes
    // sure a file's parents exist), the directory itself (the probe) and
    // one test file in it, nothing else.
    let mut files = std::collections::BTreeSet::new();
    let mut unlinked = false;
    let mut probed = false;
    let base = Path::new(odd).parent().unwrap().to_str().unwrap();
    for (call, path) in calls.iter().filter(|(_, p)| p.starts_with(base)) {
        if path == base || path == odd {
            probed |= path == odd && call.starts_with("open");
            continue;
        }
        let name = path
            .strip_prefix(&format!("{odd}/"))
            .unwrap_or_else(|| panic!("fio's {call} named {path:?}, not in {odd:?}"));
        assert!(
            name.starts_with(".diskmark-remote-") && name.ends_with(".tmp") && !name.contains('/'),
            "fio's {call} named {path:?}"
        );
        files.insert(name.to_string());
        unlinked |= call.starts_with("unlink");
    }
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(probed, "the probe never opened {odd:?}");
    assert!(unlinked, "the clean-up never unlinked {files:?}");
}

#[test]
fn a_remote_dir_that_is_a_file_is_not_a_directory_and_stays_as_it_is() {
    if !have_fio() {
        return skip("hosts_file_dir", "fio is not installed");
    }
    let server = Server::start("127.0.0.20");
    // Empty, shorter than a block (which fio lays out anew unless told
    // not to), and longer.
    for (name, size) in [("empty", 0usize), ("short", 100), ("long", 64 << 10)] {
        let file = server.dir.path().join(name);
        let content: Vec<u8> = (0..size).map(|i| (i * 7 % 251) as u8).collect();
        std::fs::write(&file, &content).unwrap();
        let out = diskmark()
            .args(SMALL)
            .args(["--host", &server.host()])
            .arg("--remote-dir")
            .arg(&file)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(
            err.contains(&format!(
                "--remote-dir {} is not a directory on host {}",
                file.display(),
                server.host()
            )),
            "{name}: {err}"
        );
        assert_eq!(std::fs::read(&file).unwrap(), content, "{name} was changed");
    }
    no_files(std::slice::from_ref(&server));
}

#[test]
fn a_host_error_is_one_sentence_and_fios_full_output_is_kept() {
    if !have_fio() {
        return skip("hosts_enospc", "fio is not installed");
    }
    let small = match common::Mount::new("tmpfs", "size=4m") {
        Ok(m) => m,
        Err(why) => return skip("hosts_enospc", &why),
    };
    let server = Server::start("127.0.0.21");
    // A 16 MiB pre-fill into 4 MiB: fio's pre-fill fails with ENOSPC.
    let out = diskmark()
        .args(SMALL)
        .args(["--host", &server.host()])
        .arg("--remote-dir")
        .arg(small.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.len() < 400, "{} characters: {err}", err.len());
    assert!(
        err.starts_with(&format!(
            "error: the pre-fill failed on host {}: No space left on device",
            server.host()
        )),
        "{err}"
    );
    let kept = err
        .split_once("(fio's full output: ")
        .and_then(|(_, r)| r.trim_end().strip_suffix(')'))
        .unwrap_or_else(|| panic!("no file named: {err}"));
    let text = std::fs::read_to_string(kept).unwrap();
    let _ = std::fs::remove_file(kept);
    assert!(text.lines().count() > 1, "{text}");
    assert!(text.contains("No space left on device"), "{text}");
    assert!(text.contains("exited with error"), "{text}");
    // The pre-filled part of the file was removed.
    assert_eq!(leftovers(small.path()), Vec::<String>::new(), "{err}");
}
