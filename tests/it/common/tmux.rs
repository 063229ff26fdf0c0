//! A tmux session driving the terminal interface: keys in, screen out.
//!
//! Every session of the test process is on one tmux server of its own
//! ([`tmux`]): tests run side by side in the one test binary, and two
//! `tmux new-session` that both find no server race to start one (one of
//! them fails). The server is started once, with a keeper session that
//! ends when the test process does, so the server does not outlive it.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// `tmux` on this test process's own server (socket
/// `$TMPDIR/diskmark-tmux-PID`), started on first use; the keeper session
/// removes the socket when it ends.
pub fn tmux() -> Command {
    static STARTED: std::sync::Once = std::sync::Once::new();
    let pid = std::process::id();
    let socket = std::env::temp_dir().join(format!("diskmark-tmux-{pid}"));
    let plain = |socket: &Path| {
        let mut c = Command::new("tmux");
        c.arg("-S").arg(socket).args(["-f", "/dev/null"]);
        c
    };
    STARTED.call_once(|| {
        let keeper = format!("tail --pid={pid} -f /dev/null; rm -f \"$0\"");
        let _ = plain(&socket)
            .args(["new-session", "-d", "-s", "keeper", "sh", "-c", &keeper])
            .arg(&socket)
            .status();
    });
    plain(&socket)
}

/// A detached tmux session of 100×30 running bash.
pub struct Tmux {
    name: String,
}

impl Tmux {
    /// A session in `cwd`, or `None` when tmux cannot start one.
    pub fn start(cwd: &Path) -> Option<Tmux> {
        Self::start_sized(cwd, 100, 30)
    }

    /// A session of `width`×`height` in `cwd`, or `None` when tmux cannot
    /// start one.
    pub fn start_sized(cwd: &Path, width: u16, height: u16) -> Option<Tmux> {
        static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let name = format!("diskmark-test-{}-{n}", std::process::id());
        let ok = tmux()
            .args([
                "new-session",
                "-d",
                "-s",
                &name,
                "-x",
                &width.to_string(),
                "-y",
                &height.to_string(),
                // English, and no language remembered by a desktop's
                // window: the tests read the English words (a test in
                // another language passes --lang).
                "-e",
                "LC_ALL=",
                "-e",
                "LC_MESSAGES=",
                "-e",
                "LANG=C.UTF-8",
                "-e",
                "XDG_CONFIG_HOME=/nonexistent/diskmark-tests",
                "-c",
            ])
            .arg(cwd)
            .args(["bash", "--norc", "--noprofile"])
            .env("PS1", "$ ")
            .status()
            .is_ok_and(|s| s.success());
        ok.then_some(Tmux { name })
    }

    /// Types `keys` (tmux key names).
    pub fn keys(&self, keys: &[&str]) {
        let st = tmux()
            .args(["send-keys", "-t", &self.name])
            .args(keys)
            .status()
            .unwrap();
        assert!(st.success());
    }

    /// What the pane shows.
    pub fn screen(&self) -> String {
        let out = tmux()
            .args(["capture-pane", "-p", "-t", &self.name])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// What the pane shows, each line that the terminal wrapped joined
    /// back into one (`capture-pane -J`).
    pub fn screen_joined(&self) -> String {
        let out = tmux()
            .args(["capture-pane", "-p", "-J", "-t", &self.name])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until the screen shows `text`; returns the screen.
    pub fn wait_for(&self, text: &str, secs: u64) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) {
                return s;
            }
            assert!(
                start.elapsed() < Duration::from_secs(secs),
                "waited {secs} s for {text:?}; the screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = tmux().args(["kill-session", "-t", &self.name]).status();
    }
}
