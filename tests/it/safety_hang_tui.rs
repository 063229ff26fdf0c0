//! diskmark never hangs, continued (issue 13 §3): the terminal interface
//! ends, removing its test file, when its terminal goes away or on a
//! signal, and quits even when its run is stuck; a dead mount (a FUSE
//! filesystem that never answers, in a mount namespace of its own) is left
//! out of `targets` and is one sentence as the target, not a hang.

use crate::common;
use common::{Ended, cpu_ticks, disk_dir, finish, leftovers, skip};
use rustix::process::{Pid, Signal, kill_process};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn have_tmux() -> bool {
    crate::common::tmux::tmux()
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

struct Session(String);

impl Session {
    /// A detached session of its own tmux server running `cmd`.
    fn start(tag: &str, cmd: &str) -> Session {
        let s = Session(format!("diskmark-hang-{tag}-{}", std::process::id()));
        let st = crate::common::tmux::tmux()
            .args([
                "new-session",
                "-d",
                "-s",
                &s.0,
                "-x",
                "100",
                "-y",
                "30",
                cmd,
            ])
            .status()
            .unwrap();
        assert!(st.success());
        s
    }

    fn screen(&self) -> String {
        let out = crate::common::tmux::tmux()
            .args(["capture-pane", "-p", "-t", &self.0])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) {
                return s;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "no {text:?} on the screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn keys(&self, k: &str) {
        let st = crate::common::tmux::tmux()
            .args(["send-keys", "-t", &self.0, k])
            .status()
            .unwrap();
        assert!(st.success());
    }

    fn kill(&self) {
        let _ = crate::common::tmux::tmux()
            .args(["kill-session", "-t", &self.0])
            .stderr(Stdio::null())
            .status();
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The pid of the diskmark whose command line names `dir`.
fn diskmark_pid(dir: &Path) -> i32 {
    let want = dir.to_string_lossy().into_owned();
    let start = Instant::now();
    loop {
        for e in std::fs::read_dir("/proc").unwrap().flatten() {
            let Ok(pid) = e.file_name().to_string_lossy().parse::<i32>() else {
                continue;
            };
            let Ok(cmd) = std::fs::read(e.path().join("cmdline")) else {
                continue;
            };
            let args: Vec<String> = cmd
                .split(|&b| b == 0)
                .map(|a| String::from_utf8_lossy(a).into_owned())
                .collect();
            if args.first().is_some_and(|a| a.ends_with("/diskmark"))
                && args.iter().any(|a| a == &want)
            {
                return pid;
            }
        }
        assert!(start.elapsed() < Duration::from_secs(10), "no diskmark");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn tui_command(dir: &Path, tail: &str) -> String {
    format!(
        "{} tui {} --size 16M --measure 30 --warmup 0 --interval 0 --loops 1 --engine psync --profile demo{tail}",
        env!("CARGO_BIN_EXE_diskmark"),
        dir.display()
    )
}

/// Starts a run in the interface and waits for its measure window.
fn start_tui_run(s: &Session, dir: &Path) -> i32 {
    s.wait_for("Ready");
    s.keys("Enter");
    s.wait_for("Measuring");
    assert_eq!(leftovers(dir).len(), 1, "no test file during the run");
    diskmark_pid(dir)
}

#[test]
fn the_tui_ends_and_cleans_up_when_its_terminal_goes_away() {
    if !have_tmux() {
        return skip("tui terminal hang-up", "tmux is not installed");
    }
    let dir = disk_dir();
    let s = Session::start("gone", &tui_command(dir.path(), ""));
    let pid = start_tui_run(&s, dir.path());
    let before = cpu_ticks(pid).unwrap();
    let mut last = before;
    s.kill();
    let start = Instant::now();
    while let Some(t) = cpu_ticks(pid) {
        last = t;
        if start.elapsed() > Duration::from_secs(5) {
            if let Some(p) = Pid::from_raw(pid) {
                let _ = kill_process(p, Signal::KILL);
            }
            panic!(
                "diskmark still running 5 s after its terminal went away ({} ticks of CPU since)",
                last - before
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    // It neither spun nor kept the run going: under half a second of CPU
    // between the hang-up and its end.
    let hz = rustix::param::clock_ticks_per_second();
    assert!(
        (last - before) * 2 < hz,
        "{} ticks of CPU after the hang-up",
        last - before
    );
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

/// A signal to a running interface whose terminal is still there: the run
/// stops, its file is removed, the terminal is given back, exit 128 + sig.
fn signal_ends_a_running_tui(sig: Signal, code: i32) {
    if !have_tmux() {
        return skip("tui signal", "tmux is not installed");
    }
    let dir = disk_dir();
    let cmd = format!(
        "sh -c '{}; echo EXITED=$?; sleep 600'",
        tui_command(dir.path(), "")
    );
    let s = Session::start(&format!("sig{code}"), &cmd);
    let pid = start_tui_run(&s, dir.path());
    let start = Instant::now();
    kill_process(Pid::from_raw(pid).unwrap(), sig).unwrap();
    s.wait_for(&format!("EXITED={code}"));
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}

#[test]
fn sigterm_ends_a_running_tui_cleanly() {
    signal_ends_a_running_tui(Signal::TERM, 143);
}

#[test]
fn sighup_ends_a_running_tui_cleanly() {
    signal_ends_a_running_tui(Signal::HUP, 129);
}

// A dead mount: a FUSE filesystem whose server never answers, so that
// statfs or stat on it blocks (as on a dead NFS server). It is made in a
// mount namespace of its own, seen only by the diskmark under test.

/// Runs `$2...` with a dead FUSE mount on `$1`, in a private mount
/// namespace; exits 97 if the mount cannot be made.
const DEAD_MOUNT: &str = r#"exec 3<>/dev/fuse || exit 97
mount -t fuse -o fd=3,rootmode=40000,user_id=0,group_id=0 diskmark-dead "$1" || exit 97
sleep 600 <&3 &
holder=$!
exec 3<&-
shift
"$@"
rc=$?
kill $holder
exit $rc
"#;

struct DeadMount {
    dir: tempfile::TempDir,
    script: PathBuf,
}

impl DeadMount {
    fn new() -> Result<DeadMount, String> {
        if !common::is_root() {
            return Err("not root: cannot mount".into());
        }
        if !Path::new("/dev/fuse").exists() {
            return Err("no /dev/fuse".into());
        }
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        std::fs::create_dir(dir.path().join("mnt")).map_err(|e| e.to_string())?;
        let script = dir.path().join("dead.sh");
        std::fs::write(&script, DEAD_MOUNT).map_err(|e| e.to_string())?;
        let probe = Command::new("unshare")
            .args(["-m", "--propagation", "private", "sh"])
            .arg(&script)
            .arg(dir.path().join("mnt"))
            .arg("true")
            .status()
            .map_err(|e| format!("unshare: {e}"))?;
        if !probe.success() {
            return Err(format!(
                "a FUSE mount in a private namespace failed ({probe})"
            ));
        }
        Ok(DeadMount { dir, script })
    }

    fn mnt(&self) -> PathBuf {
        self.dir.path().join("mnt")
    }

    /// The shell words that run what follows with the dead mount.
    fn prefix(&self) -> String {
        format!(
            "unshare -m --propagation private sh {} {}",
            self.script.display(),
            self.mnt().display()
        )
    }
}

#[test]
fn targets_leaves_out_a_mount_that_does_not_answer() {
    let dead = match DeadMount::new() {
        Ok(d) => d,
        Err(why) => return skip("targets with a dead mount", &why),
    };
    let child = Command::new("unshare")
        .args(["-m", "--propagation", "private", "sh"])
        .arg(&dead.script)
        .arg(dead.mnt())
        .args([
            env!("CARGO_BIN_EXE_diskmark"),
            "targets",
            "--format",
            "json",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let Ended {
        code,
        stderr: err,
        took,
    } = finish(child, start, Duration::from_secs(20));
    assert_eq!(code, Some(0), "{err}");
    assert!(took < Duration::from_secs(4), "{took:?}");
}

#[test]
fn a_dead_mount_as_the_target_is_one_sentence_not_a_hang() {
    let dead = match DeadMount::new() {
        Ok(d) => d,
        Err(why) => return skip("a dead mount as the target", &why),
    };
    for engine in ["psync", "fio:psync"] {
        let child = Command::new("unshare")
            .args(["-m", "--propagation", "private", "sh"])
            .arg(&dead.script)
            .arg(dead.mnt())
            .arg(env!("CARGO_BIN_EXE_diskmark"))
            .arg(dead.mnt())
            .args(["--size", "16M", "--engine", engine])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let Ended {
            code,
            stderr: err,
            took,
        } = finish(child, Instant::now(), Duration::from_secs(20));
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains("did not answer within 5 s"), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(took < Duration::from_secs(8), "{took:?}");
    }
}

/// The run resolves its target within the deadline (issue 28): on a dead
/// mount it ends in one sentence, not a hang, and q quits at once.
#[test]
fn the_tuis_run_on_a_dead_mount_is_one_sentence_and_q_quits_at_once() {
    if !have_tmux() {
        return skip("tui on a dead mount", "tmux is not installed");
    }
    let dead = match DeadMount::new() {
        Ok(d) => d,
        Err(why) => return skip("tui on a dead mount", &why),
    };
    let cmd = format!(
        "sh -c '{} {}; echo EXITED=$?; sleep 600'",
        dead.prefix(),
        tui_command(&dead.mnt(), "")
    );
    let s = Session::start("dead", &cmd);
    s.wait_for("Ready");
    s.keys("Enter");
    s.wait_for("did not answer within 5 s");
    let start = Instant::now();
    s.keys("q");
    s.wait_for("EXITED=0");
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
}

/// A run blocked in the kernel (a direct write under a cap of 4 KiB/s,
/// where the pre-fill's first 1 MiB write takes minutes) does not stop
/// when asked: q gives up on it after the stop deadline (5 s), says so,
/// and exits 1 once the kernel lets the process go.
#[test]
fn the_tui_quits_even_when_its_run_is_stuck_in_the_kernel() {
    use common::throttle::{Cap, CapGroup};
    if !have_tmux() {
        return skip("tui stuck in the kernel", "tmux is not installed");
    }
    let fs = match common::LoopFs::new(64) {
        Ok(fs) => fs,
        Err(why) => return skip("tui stuck in the kernel", &why),
    };
    let group = match CapGroup::new(&fs.device) {
        Ok(g) => g,
        Err(why) => return skip("tui stuck in the kernel", &why),
    };
    group.set(Cap::WriteBps, 4096).unwrap();
    let cmd = format!(
        "sh -c 'echo $$ > {}; {}; echo EXITED=$?; sleep 600'",
        group.procs().display(),
        tui_command(fs.path(), "")
    );
    let s = Session::start("stuck", &cmd);
    s.wait_for("Ready");
    s.keys("Enter");
    s.wait_for("Preparing the test file");
    let start = Instant::now();
    s.keys("q");
    let screen = s.wait_for("did not stop within 5 s");
    let took = start.elapsed();
    // The cap lifted, the write completes and the process can end.
    group.set(Cap::WriteBps, 0).unwrap();
    s.wait_for("EXITED=1");
    assert!(took < Duration::from_secs(8), "{took:?}");
    assert!(
        took > Duration::from_secs(4),
        "did not wait for the run: {took:?}"
    );
    assert!(
        screen.contains("a test file it made may be left"),
        "{screen}"
    );
}
