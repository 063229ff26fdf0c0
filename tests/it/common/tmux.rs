//! A tmux session driving the terminal interface: keys in, screen out.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

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
        let ok = Command::new("tmux")
            .args([
                "new-session",
                "-d",
                "-s",
                &name,
                "-x",
                &width.to_string(),
                "-y",
                &height.to_string(),
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
        let st = Command::new("tmux")
            .args(["send-keys", "-t", &self.name])
            .args(keys)
            .status()
            .unwrap();
        assert!(st.success());
    }

    /// What the pane shows.
    pub fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args(["capture-pane", "-p", "-t", &self.name])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// What the pane shows, each line that the terminal wrapped joined
    /// back into one (`capture-pane -J`).
    pub fn screen_joined(&self) -> String {
        let out = Command::new("tmux")
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
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.name])
            .status();
    }
}
