//! `--host ssh://`: diskmark on three hosts over ssh (docs/hosts.md#over-ssh),
//! each host an OpenSSH server on 127.0.0.2-4 started by the test with keys
//! it generates (common::sshd), each with a test directory of its own in
//! memory. The coordinator is the binary with test hooks, which keeps each
//! host's stream for the recomputations.

use crate::common::sshd::SshHosts;
use crate::common::{WITH_HOOKS, finish, leftovers, memory_dir, skip};
use diskmark::stats::DirStats;
use diskmark::stats::wire::LoopWire;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The hosts, their directories, and the coordinator's scratch directory.
struct Cluster {
    hosts: SshHosts,
    dirs: Vec<tempfile::TempDir>,
    scratch: tempfile::TempDir,
    /// Not beside the timed tests of the loop devices (tests/it/knees.rs):
    /// three hosts measuring in memory load the machine. Dropped last.
    _one: std::sync::MutexGuard<'static, ()>,
}

impl Cluster {
    fn start(test: &str) -> Option<Cluster> {
        Self::start_with(test, &[])
    }

    /// [`Cluster::start`], with `env` set by the hosts' sshd
    /// ([`SshHosts::start_with`]).
    fn start_with(test: &str, env: &[(usize, &str)]) -> Option<Cluster> {
        let one = crate::common::capped::TIMED
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        match SshHosts::start_with(3, env) {
            Ok(hosts) => Some(Cluster {
                _one: one,
                hosts,
                dirs: (0..3).map(|_| memory_dir()).collect(),
                scratch: tempfile::tempdir().unwrap(),
            }),
            Err(e) => {
                skip(test, &e);
                None
            }
        }
    }

    /// The coordinator over the three hosts with `args` after the hosts'.
    fn command(&self, config: &Path, diskmark: &str, args: &[&str]) -> Command {
        let mut c = Command::new(WITH_HOOKS);
        for (i, d) in self.dirs.iter().enumerate() {
            c.arg("--host")
                .arg(format!("{}{}", self.hosts.url(i), d.path().display()));
        }
        c.arg("--ssh-config")
            .arg(config)
            .arg("--remote-diskmark")
            .arg(diskmark)
            .args(args)
            .env(
                "DISKMARK_TEST_KEEP_HOST_STREAMS",
                self.scratch.path().as_os_str(),
            )
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        c
    }

    /// The coordinator run to its end (killed and failed past 90 s).
    fn ended(&self, config: &Path, diskmark: &str, args: &[&str]) -> crate::common::Ended {
        let child = self.command(config, diskmark, args).spawn().unwrap();
        finish(child, Instant::now(), Duration::from_secs(90))
    }

    fn run(&self, args: &[&str]) -> Child {
        let diskmark = env!("CARGO_BIN_EXE_diskmark");
        self.command(self.hosts.config(), diskmark, args)
            .spawn()
            .unwrap()
    }

    /// No test file on any host, waiting up to 30 s for the hosts'
    /// guardians and agents to remove them.
    fn clean(&self) {
        let end = Instant::now() + Duration::from_secs(30);
        loop {
            let left: Vec<String> = (self.dirs.iter())
                .flat_map(|d| leftovers(d.path()))
                .collect();
            if left.is_empty() {
                return;
            }
            assert!(Instant::now() < end, "left on the hosts: {left:?}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The kept stream of host `i`, as lines.
    fn stream(&self, i: usize) -> Vec<serde_json::Value> {
        let text = std::fs::read_to_string(self.scratch.path().join(format!("host-{i}.jsonl")))
            .unwrap_or_default();
        (text.lines())
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect()
    }

    /// Waits until host `i`'s stream has a line `pick` takes.
    fn wait_for(&self, i: usize, pick: impl Fn(&serde_json::Value) -> bool) {
        let end = Instant::now() + Duration::from_secs(60);
        while !self.stream(i).iter().any(&pick) {
            assert!(Instant::now() < end, "host {i} never said it");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The pid of host `i`'s diskmark agent, from /proc.
    fn agent_pid(&self, i: usize) -> i32 {
        let dir = self.dirs[i].path().display().to_string();
        let found = std::fs::read_dir("/proc").unwrap().find_map(|e| {
            let pid: i32 = e.ok()?.file_name().to_str()?.parse().ok()?;
            let cmd = std::fs::read(format!("/proc/{pid}/cmdline")).ok()?;
            let words: Vec<&[u8]> = cmd.split(|b| *b == 0).collect();
            let agent = words.contains(&&b"--host-agent"[..]);
            let here = words.contains(&dir.as_bytes());
            (agent && here).then_some(pid)
        });
        found.expect("the host's agent is running")
    }
}

const TINY: [&str; 12] = [
    "--test",
    "RND4K Q8T1",
    "--mode",
    "read",
    "--size",
    "16M",
    "--measure",
    "0.5",
    "--warmup",
    "0.2",
    "--interval",
    "0",
];

fn num(v: &serde_json::Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// Every loop's total is the sum of what the hosts counted in the common
/// window, its p99 the one of the hosts' summed bins, and every host's
/// clock offset is reported (issue 32).
#[test]
fn three_hosts_measure_together_and_their_total_is_exact() {
    let test = "three_hosts_measure_together_and_their_total_is_exact";
    let Some(c) = Cluster::start(test) else {
        return;
    };
    let (json, text) = (
        c.scratch.path().join("r.json"),
        c.scratch.path().join("r.txt"),
    );
    let (csv, prom) = (
        c.scratch.path().join("r.csv"),
        c.scratch.path().join("r.prom"),
    );
    let outputs = [json.as_path(), &text, &csv, &prom].map(|p| p.to_str().unwrap());
    let outputs = outputs
        .into_iter()
        .flat_map(|p| ["-o", p])
        .collect::<Vec<_>>();
    let child = c.run(&[&TINY[..], &["--loops", "2"], &outputs[..]].concat());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    c.clean();
    let (json_path, json): (PathBuf, serde_json::Value) = (
        json.clone(),
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap(),
    );
    // Each host's own notes keep its name (its tmpfs, here).
    let notes = json["notes"].as_array().unwrap();
    for i in 0..3 {
        let own = format!("host {}: tmpfs is memory", c.hosts.url(i));
        assert!(
            notes.iter().any(|n| n.as_str().unwrap().starts_with(&own)),
            "{own} not in {notes:#?}"
        );
    }
    // Valid against the schema, read back the same, and compare reads
    // it and compares its totals, as for fio hosts.
    let schema: serde_json::Value =
        serde_json::from_str(&diskmark::report::model::schema()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = (validator.iter_errors(&json))
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let back = std::fs::read_to_string(&json_path).unwrap();
    let run = diskmark::report::model::Run::from_json(&back).unwrap();
    assert_eq!(run.to_json(), back);
    let cmp = Command::new(env!("CARGO_BIN_EXE_diskmark"))
        .arg("compare")
        .args([&json_path, &json_path])
        .output()
        .unwrap();
    assert!(
        cmp.status.success(),
        "{}",
        String::from_utf8_lossy(&cmp.stderr)
    );
    let total = num(&json["tests"][0]["result"]["read"]["mbps"]);
    let cmp = String::from_utf8_lossy(&cmp.stdout);
    assert!(
        cmp.contains(&format!("{total:.3}")),
        "{total} not in\n{cmp}"
    );
    let t = &json["tests"][0];
    let hosts = t["hosts"].as_array().unwrap();
    assert_eq!(hosts.len(), 3);
    let ours = format!("diskmark {}", env!("CARGO_PKG_VERSION"));
    for (i, h) in hosts.iter().enumerate() {
        assert!(
            h["host"]
                .as_str()
                .unwrap()
                .starts_with("ssh://root@127.0.0.")
        );
        assert_eq!(h["diskmark_version"], ours.as_str());
        // One machine, one clock: the offset is the round trip's error.
        let offset = num(&h["clock_offset_ms"]);
        assert!(offset.abs() < 1000.0, "host {i}: {offset} ms");
    }
    // The hosts' own counts of each loop, as they sent them.
    let wires: Vec<Vec<LoopWire>> = (0..3)
        .map(|i| {
            (c.stream(i).iter())
                .filter_map(|l| l.get("wire").cloned())
                .map(|w| serde_json::from_value(w).unwrap())
                .collect()
        })
        .collect();
    for (k, total) in t["loops"].as_array().unwrap().iter().enumerate() {
        let mut ios = 0;
        let mut merged = DirStats::default();
        for (i, h) in hosts.iter().enumerate() {
            let inside = &h["in_common"][k];
            let own = &h["loops"][k]["read"];
            assert!(inside["ios"].as_u64() <= own["ios"].as_u64(), "{h}");
            ios += inside["ios"].as_u64().unwrap();
            merged.merge(&wires[i][k].read.stats().unwrap());
        }
        let r = &total["read"];
        assert_eq!(r["ios"].as_u64(), Some(ios), "loop {k}");
        assert_eq!(r["bytes"].as_u64(), Some(ios * 4096), "loop {k}");
        assert!(total["window_ns"].as_u64().unwrap() <= 500_000_000);
        // The p99 of the summed bins, as a single machine would count it.
        let p99 = merged
            .hist
            .percentiles(&[99.0], merged.lat_min_ns, merged.lat_max_ns)
            .unwrap()[0] as f64
            / 1e3;
        let shown = num(&r["lat_us"]["percentiles"]["99"]);
        assert!(
            (shown - p99).abs() <= 1e-6 * p99,
            "loop {k}: {shown} against {p99}"
        );
    }
    // The text report names every host under [Hosts].
    let text = std::fs::read_to_string(&text).unwrap();
    let section = text
        .split("[Hosts]")
        .nth(1)
        .unwrap_or_else(|| panic!("no [Hosts] in {text:?}"));
    for i in 0..3 {
        assert!(section.contains(&c.hosts.url(i)), "{text}");
    }
    assert!(section.contains("  clock "), "{text}");
    // The CSV's and OpenMetrics' rows: the total's, then each host's.
    let csv = std::fs::read_to_string(&csv).unwrap();
    let prom = std::fs::read_to_string(&prom).unwrap();
    assert!(csv.lines().nth(1).unwrap().ends_with(",all"), "{csv}");
    assert!(prom.contains("host=\"all\""), "{prom}");
    for i in 0..3 {
        let url = c.hosts.url(i);
        assert!(
            csv.lines().any(|l| l.ends_with(&format!(",{url}"))),
            "{csv}"
        );
        assert!(prom.contains(&format!("host=\"{url}\"")), "{prom}");
    }
    assert!(section.contains("windows: first done +"), "{text}");
    // Each host's windows: the measure window long, the first at 0.
    for k in 0..2 {
        let spans: Vec<(f64, f64)> = (hosts.iter())
            .map(|h| {
                (
                    num(&h["windows"][k]["start_ms"]),
                    num(&h["windows"][k]["end_ms"]),
                )
            })
            .collect();
        assert!(spans.iter().any(|s| s.0 == 0.0), "{spans:?}");
        for (start, end) in &spans {
            assert!((end - start - 500.0).abs() < 1e-6, "{spans:?}");
        }
    }
}

/// One sentence naming the host, exit 1, nothing left: another version of
/// diskmark there, and a key it refuses.
#[test]
fn a_version_mismatch_and_a_refused_key_are_one_sentence_each() {
    let test = "a_version_mismatch_and_a_refused_key_are_one_sentence_each";
    let Some(c) = Cluster::start(test) else {
        return;
    };
    let old = c.scratch.path().join("old-diskmark");
    std::fs::write(&old, "#!/bin/sh\necho 'diskmark 0.0.1'\n").unwrap();
    std::fs::set_permissions(&old, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let cases: [(PathBuf, &str, &str); 2] = [
        (
            c.hosts.config().to_path_buf(),
            old.to_str().unwrap(),
            "runs diskmark 0.0.1, and this is diskmark",
        ),
        (
            c.hosts.foreign_config(),
            env!("CARGO_BIN_EXE_diskmark"),
            "Permission denied",
        ),
    ];
    for (config, diskmark, says) in cases {
        let end = c.ended(&config, diskmark, &TINY);
        assert_eq!(end.code, Some(1), "{}", end.stderr);
        let lines: Vec<&str> = end.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{}", end.stderr);
        assert!(
            lines[0].starts_with("error: host ssh://root@127.0.0."),
            "{}",
            lines[0]
        );
        assert!(lines[0].contains(says), "{}", lines[0]);
        c.clean();
    }
}

/// A host whose diskmark is killed mid-window, one stopped with SIGSTOP,
/// and Ctrl-C at the coordinator: each ends the run with one sentence (or
/// 130), every other host stopped, no file left on any host.
#[test]
fn a_killed_host_a_stalled_host_and_ctrl_c_leave_no_file_anywhere() {
    let test = "a_killed_host_a_stalled_host_and_ctrl_c_leave_no_file_anywhere";
    let Some(c) = Cluster::start(test) else {
        return;
    };
    let long = [&TINY[..], &["--loops", "3", "--measure", "1"]].concat();
    for case in ["kill", "stop", "ctrl-c"] {
        for i in 0..3 {
            let _ = std::fs::remove_file(c.scratch.path().join(format!("host-{i}.jsonl")));
        }
        let child = c.run(&long);
        let started = Instant::now();
        c.wait_for(1, |l| l["type"] == "started");
        let pid = c.agent_pid(1);
        use rustix::process::{Pid, Signal, kill_process};
        let coordinator = Pid::from_child(&child);
        match case {
            "kill" => kill_process(Pid::from_raw(pid).unwrap(), Signal::KILL).unwrap(),
            "stop" => kill_process(Pid::from_raw(pid).unwrap(), Signal::STOP).unwrap(),
            _ => kill_process(coordinator, Signal::INT).unwrap(),
        }
        let end = finish(child, started, Duration::from_secs(90));
        if case == "stop" {
            // It answers again: it finds its coordinator gone, and removes
            // its file.
            let _ = kill_process(Pid::from_raw(pid).unwrap(), Signal::CONT);
        }
        c.clean();
        if case == "ctrl-c" {
            assert_eq!(end.code, Some(130), "{}", end.stderr);
            continue;
        }
        assert_eq!(end.code, Some(1), "{case}: {}", end.stderr);
        if case == "stop" {
            // The stalled host's file is named, for the case it never
            // answers again.
            let dir = c.dirs[1].path().display().to_string();
            assert!(
                end.stderr.contains(&format!("its own, {dir}/.diskmark-")),
                "{}",
                end.stderr
            );
        }
        let last = end.stderr.lines().last().unwrap_or_default();
        assert!(
            last.starts_with(&format!("error: host {}", c.hosts.url(1))),
            "{case}: {}",
            end.stderr
        );
    }
}

/// A host where io_uring does not work (its sshd sets the hook that makes
/// the probe fail as `kernel.io_uring_disabled = 2` does): without
/// `--engine` every host runs the best engine that works on all three,
/// which the report names and its note explains; with `--engine io_uring`
/// the run is one sentence naming that host (docs/hosts.md#one-engine-on-every-host).
#[test]
fn a_host_without_io_uring_gives_every_host_libaio_or_refuses_io_uring() {
    let test = "a_host_without_io_uring_gives_every_host_libaio_or_refuses_io_uring";
    let Some(c) = Cluster::start_with(test, &[(1, "DISKMARK_TEST_IO_URING_DISABLED=2")]) else {
        return;
    };
    if !diskmark::config::available_engines().contains(&"io_uring") {
        return skip(test, "io_uring does not work on this machine");
    }
    let json = c.scratch.path().join("r.json");
    let args = [&TINY[..], &["--loops", "1", "-o", json.to_str().unwrap()]].concat();
    let end = c.ended(c.hosts.config(), WITH_HOOKS, &args);
    assert_eq!(end.code, Some(0), "{}", end.stderr);
    c.clean();
    let run: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(run["engine"]["name"], "libaio", "{}", run["engine"]);
    let note = format!(
        "io_uring does not work on host {} (io_uring is disabled on this machine (kernel.io_uring_disabled = 2)): every host runs libaio, the best engine that works on all of them",
        c.hosts.url(1)
    );
    assert!(
        run["notes"]
            .as_array()
            .unwrap()
            .contains(&note.as_str().into()),
        "{:#}",
        run["notes"]
    );
    // Each host's own report says it ran libaio.
    for i in 0..3 {
        let own = c.scratch.path().join(format!("host-{i}.json"));
        let own: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&own).unwrap()).unwrap();
        assert_eq!(own["engine"]["name"], "libaio", "host {i}");
    }
    let chosen = [&TINY[..], &["--engine", "io_uring"]].concat();
    let end = c.ended(c.hosts.config(), WITH_HOOKS, &chosen);
    assert_eq!(end.code, Some(1), "{}", end.stderr);
    let lines: Vec<&str> = end.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{}", end.stderr);
    assert!(
        lines[0].starts_with(&format!(
            "error: host {}: engine io_uring does not work there (io_uring is disabled",
            c.hosts.url(1)
        )),
        "{}",
        lines[0]
    );
    c.clean();
}
