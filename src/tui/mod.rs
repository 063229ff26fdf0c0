//! `diskmark tui [TARGET]`: CrystalDiskMark's grid in a terminal.
//!
//! The benchmark runs on its own thread and feeds the interface through one
//! channel; the interface thread only draws, reads keys and that channel,
//! so it never waits on the disk. The terminal is restored on every way
//! out: quit, error, panic (ratatui's hook), SIGTERM/SIGHUP (polled). When
//! the terminal goes away (hang-up, error, end of input) the run is
//! stopped, its test file removed, and diskmark ends as on SIGHUP.

pub mod app;
pub mod keys;
pub mod view;

use crate::cli::RunArgs;
use crate::report::{Format, Report};
use crate::run::signals;
use app::{Action, App, Msg, TargetChoice};
use keys::{Input, Keys};
use ratatui::crossterm::event::KeyEventKind;
use std::io::{IsTerminal, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Why the interface could not run.
#[derive(Debug, thiserror::Error)]
pub enum TuiError {
    /// Not attached to a terminal.
    #[error(
        "diskmark tui needs an interactive terminal (standard input and output are not one); use the plain CLI instead: diskmark [OPTIONS] [TARGET]"
    )]
    NoTerminal,
    /// The terminal refused to be set up or drawn on.
    #[error("the terminal failed: {0}")]
    Terminal(#[from] std::io::Error),
}

/// A base64 encoder for OSC 52 (twenty lines; not worth a crate).
pub fn base64(data: &[u8]) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for c in data.chunks(3) {
        let n = (u32::from(c[0]) << 16)
            | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
            | u32::from(*c.get(2).unwrap_or(&0));
        for i in 0..4 {
            if i <= c.len() {
                out.push(T[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The file name a saved report gets: `diskmark_YYYYMMDDhhmmss.EXT`, like
/// KDiskMark's `KDM_...`.
pub fn report_file_name(when: chrono::DateTime<chrono::Local>, ext: &str) -> String {
    format!("diskmark_{}.{ext}", when.format("%Y%m%d%H%M%S"))
}

/// Runs the interface until the user quits. Returns the exit code.
pub fn run(args: RunArgs) -> Result<u8, crate::Error> {
    if !std::io::stdin().is_terminal()
        || !std::io::stdout().is_terminal()
        || std::env::var("TERM").is_ok_and(|t| t == "dumb")
    {
        return Err(crate::Error::Tui(TuiError::NoTerminal));
    }
    let (settings, _) = args.into_settings()?;
    signals::install().map_err(|e| crate::Error::Tui(e.into()))?;
    let targets = crate::target::list()
        .into_iter()
        .map(|t| TargetChoice { path: t.path })
        .collect();
    let mut app = App::new(settings, targets, crate::engine::probe::probe_all());
    app.no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let (tx, rx) = mpsc::channel::<Msg>();
    resolve_target(&app, &tx);
    let mut terminal = ratatui::try_init().map_err(|e| crate::Error::Tui(e.into()))?;
    let mut bench = Bench::default();
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        event_loop(&mut terminal, &mut app, &tx, &rx, &mut bench)
    }));
    // Whatever happened, the benchmark is stopped and joined (it removes
    // its test file) before the terminal is given back, unless it does not
    // stop in time.
    let stuck = !bench.stop();
    // Not `restore`: it reports its failure on stderr, and writing to the
    // stderr of a terminal that is gone would panic.
    let _ = ratatui::try_restore();
    if stuck {
        let _ = writeln!(
            std::io::stderr(),
            "error: the benchmark did not stop within {} s of being asked (blocked in the kernel: a dead device or network mount?); a test file it made may be left in {}",
            STOP_DEADLINE.as_secs(),
            app.settings.target.display()
        );
    }
    match result {
        Ok(r) => r
            .map(|code| if stuck && code < 128 { 1 } else { code })
            .map_err(|e| crate::Error::Tui(e.into())),
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// How long a run asked to stop may take: the runner looks at the request
/// every 100 ms and fio is killed within a second, so only a thread blocked
/// in the kernel (statfs on a dead mount, I/O on a dead device) takes
/// longer, and the interface does not wait for it forever.
const STOP_DEADLINE: Duration = Duration::from_secs(5);

/// The benchmark thread, and when it was asked to stop.
#[derive(Default)]
struct Bench {
    handle: Option<std::thread::JoinHandle<()>>,
    stop_asked: Option<Instant>,
}

impl Bench {
    /// Asks the run to stop (once; the deadline counts from the first ask).
    fn ask_stop(&mut self) {
        signals::request_stop();
        self.stop_asked.get_or_insert_with(Instant::now);
    }

    /// Whether the deadline for stopping has passed.
    fn overdue(&self) -> bool {
        self.stop_asked
            .is_some_and(|t| t.elapsed() >= STOP_DEADLINE)
    }

    /// Stops the run and joins it within the deadline; `false` if it would
    /// not stop (its thread is left behind).
    fn stop(&mut self) -> bool {
        let Some(h) = self.handle.take() else {
            return true;
        };
        self.ask_stop();
        while !h.is_finished() && !self.overdue() {
            std::thread::sleep(Duration::from_millis(10));
        }
        if !h.is_finished() {
            return false;
        }
        let _ = h.join();
        true
    }
}

/// Resolves the target on a thread of its own (statfs on a dead network
/// mount could hang), reporting through the channel.
fn resolve_target(app: &App, tx: &mpsc::Sender<Msg>) {
    let path = app.settings.target.clone();
    let tx = tx.clone();
    std::thread::spawn(move || {
        let r = crate::target::resolve(&path).map_err(|e| e.to_string());
        let _ = tx.send(Msg::Target(Box::new(r)));
    });
}

fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    tx: &mpsc::Sender<Msg>,
    rx: &mpsc::Receiver<Msg>,
    bench: &mut Bench,
) -> std::io::Result<u8> {
    let mut quitting = false;
    let mut exit = 0u8;
    let mut keys = Keys::default();
    // Nobody to show anything to: the caller stops the run (which removes
    // its test file); end as a hang-up would.
    let gone = Ok(128 + libc::SIGHUP as u8);
    loop {
        if let Err(e) = terminal.draw(|f| view::draw(f, app)) {
            return if keys::terminal_gone() { gone } else { Err(e) };
        }
        let pressed = match keys.wait(Duration::from_millis(100)) {
            Input::Keys(k) => k,
            Input::Gone => return gone,
        };
        for k in pressed {
            if k.kind == KeyEventKind::Release {
                continue;
            }
            match app.on_key(k) {
                Action::None => {}
                Action::Start(row) if !app.running => match app.start_settings(row) {
                    Ok(settings) => {
                        signals::clear_stop();
                        app.on_start(row);
                        // The previous run has ended (Start needs it):
                        // collect its thread.
                        if let Some(h) = bench.handle.take() {
                            let _ = h.join();
                        }
                        *bench = Bench {
                            handle: Some(spawn_bench(settings, tx.clone())),
                            stop_asked: None,
                        };
                    }
                    Err(e) => app.message = Some(format!("cannot start: {e}")),
                },
                Action::Start(_) => {}
                Action::Stop => {
                    bench.ask_stop();
                    app.status = app::Status::Stopping;
                }
                Action::Quit => {
                    quitting = true;
                    if app.running {
                        bench.ask_stop();
                        app.status = app::Status::Stopping;
                    }
                }
                Action::SaveText => save(app, Format::Text),
                Action::SaveJson => save(app, Format::Json),
                Action::Copy => copy(app),
                Action::TargetChanged => resolve_target(app, tx),
            }
        }
        while let Ok(m) = rx.try_recv() {
            app.on_msg(m);
        }
        if app.running && bench.handle.as_ref().is_some_and(|h| h.is_finished()) {
            // Its last message was read above: a thread that ended without
            // saying it is done panicked. Unwinding removed its test file.
            if let Some(h) = bench.handle.take() {
                let _ = h.join();
            }
            app.on_msg(Msg::Done(Box::new(Err(
                "the benchmark stopped on an internal error (a panic); please report it".into(),
            ))));
        }
        if let Some(sig) = signals::received() {
            // SIGTERM / SIGHUP (Ctrl-C arrives as a key in raw mode): the
            // runner stops on the same flag; leave once it has.
            quitting = true;
            exit = 128 + sig as u8;
            if app.running {
                bench.ask_stop();
                app.status = app::Status::Stopping;
            }
        }
        // A run that does not stop in time is left to the caller, which
        // says so.
        if quitting && (!app.running || bench.overdue()) {
            return Ok(exit);
        }
    }
}

/// Starts the benchmark thread.
fn spawn_bench(
    settings: crate::config::Settings,
    tx: mpsc::Sender<Msg>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let result = crate::target::resolve(&settings.target)
            .map_err(|e| e.to_string())
            .and_then(|target| {
                let out = crate::run::run(&settings, &target, &mut |e| {
                    let _ = tx.send(Msg::from_event(e));
                })
                .map_err(|e| e.to_string())?;
                Ok((target, out))
            });
        let _ = tx.send(Msg::Done(Box::new(result)));
    })
}

/// The last report in `format`.
fn last_report(app: &App, format: Format) -> Option<String> {
    let (settings, target, output) = app.last.as_ref()?;
    let host = crate::host::HostInfo::current();
    Some(
        Report {
            settings,
            target,
            host: &host,
            output,
        }
        .render(format),
    )
}

fn save(app: &mut App, format: Format) {
    let Some(text) = last_report(app, format) else {
        app.message = Some("nothing to save yet: run a benchmark first".into());
        return;
    };
    let ext = if format == Format::Json {
        "json"
    } else {
        "txt"
    };
    let name = report_file_name(chrono::Local::now(), ext);
    // Checked like -o (never into /dev, a device or the target), and
    // created new: an existing file is never replaced.
    let forbidden = crate::outputs::Forbidden::target(&app.settings.target);
    app.message = Some(
        match crate::outputs::check(std::path::Path::new(&name), "save", forbidden)
            .map_err(|e| e.message)
            .and_then(|o| o.write_new(text.as_bytes()).map_err(|e| e.to_string()))
        {
            Ok(()) => format!("saved to {name}"),
            Err(e) => format!("cannot save {name}: {e}"),
        },
    );
}

fn copy(app: &mut App) {
    let Some(text) = last_report(app, Format::Text) else {
        app.message = Some("nothing to copy yet: run a benchmark first".into());
        return;
    };
    // OSC 52: the terminal puts it on the clipboard (where it allows it).
    let mut out = std::io::stdout();
    let ok = write!(out, "\x1b]52;c;{}\x07", base64(text.as_bytes())).and_then(|_| out.flush());
    app.message = Some(match ok {
        Ok(()) => "report copied to the clipboard (OSC 52)".into(),
        Err(e) => format!("cannot copy: {e}"),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_of_known_strings() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64(&[0xff, 0xfe, 0xfd, 0x00]), "//79AA==");
    }

    #[test]
    fn report_names_like_kdiskmark() {
        use chrono::TimeZone;
        let t = chrono::Local
            .with_ymd_and_hms(2026, 11, 30, 9, 5, 7)
            .single()
            .unwrap();
        assert_eq!(report_file_name(t, "txt"), "diskmark_20261130090507.txt");
    }
}
