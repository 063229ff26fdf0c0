//! The window's helper threads: the tick that drains a running
//! benchmark, and the watch for a signal that would end the process.

use std::time::Duration;

/// How often the window looks at a running benchmark: at most 5 redraws
/// a second, so that the renderer (on the CPU) stays under 2 % of one
/// CPU while a test runs (BENCHMARKS.md, the window's CPU).
pub const TICK: Duration = Duration::from_millis(200);

/// What the helper threads say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Watch {
    /// Time to look at the running benchmark.
    Tick,
    /// A signal that would end the process arrived (its number).
    Signal(i32),
}

/// A tick every [`TICK`] while the subscription lives: a thread of its
/// own that sleeps, so no async runtime is needed; it ends at the first
/// tick after the subscription is dropped.
pub fn ticks() -> iced::futures::channel::mpsc::Receiver<Watch> {
    let (mut tx, rx) = iced::futures::channel::mpsc::channel(1);
    spawn_named("dm-gui-tick", move || {
        loop {
            std::thread::sleep(TICK);
            // A full channel: the window has not taken the last tick yet,
            // and one is enough.
            if let Err(e) = tx.try_send(Watch::Tick)
                && e.is_disconnected()
            {
                return;
            }
        }
    });
    rx
}

/// One message when a signal that would end the process has arrived
/// (the handlers only set a flag, docs/architecture.md#events-and-stopping):
/// a thread that looks every [`TICK`] and sends nothing otherwise, so the
/// idle window is not woken.
pub fn signal_watch() -> iced::futures::channel::mpsc::Receiver<Watch> {
    let (mut tx, rx) = iced::futures::channel::mpsc::channel(1);
    spawn_named("dm-gui-signal", move || {
        loop {
            std::thread::sleep(TICK);
            if let Some(sig) = diskmark::run::signals::received() {
                let _ = tx.try_send(Watch::Signal(sig));
                return;
            }
            if tx.is_closed() {
                return;
            }
        }
    });
    rx
}

/// Spawns a helper thread of the window under `name`; when it cannot be
/// spawned, its stream just never yields (the channel's sender is dropped
/// with the closure).
fn spawn_named(name: &str, f: impl FnOnce() + Send + 'static) {
    if let Err(e) = std::thread::Builder::new().name(name.into()).spawn(f) {
        diskmark::escape::say(format_args!(
            "warning: cannot start the window's {name} thread: {e}"
        ));
    }
}
