//! `diskmark tui [TARGET]`: CrystalDiskMark's grid in a terminal.
//!
//! The benchmark runs on its own thread and feeds the interface through one
//! channel; the interface thread only draws, reads keys and that channel,
//! so it never waits on the disk. The terminal is restored on every way
//! out: quit, error, panic (ratatui's hook), SIGTERM/SIGHUP (polled).

pub mod app;
pub mod scale;
pub mod view;

use crate::cli::RunArgs;
use crate::report::{Format, Report};
use crate::run::signals;
use app::{Action, App, Msg, TargetChoice};
use ratatui::crossterm::event::{self, Event as TermEvent, KeyEventKind};
use std::io::{IsTerminal, Write};
use std::sync::mpsc;
use std::time::Duration;

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
    let mut bench = None;
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        event_loop(&mut terminal, &mut app, &tx, &rx, &mut bench)
    }));
    // Whatever happened, the benchmark is stopped and joined (it removes
    // its test file) before the terminal is given back.
    if let Some(h) = bench.take() {
        signals::request_stop();
        let _ = h.join();
    }
    ratatui::restore();
    match result {
        Ok(r) => r.map_err(|e| crate::Error::Tui(e.into())),
        Err(panic) => std::panic::resume_unwind(panic),
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
    bench: &mut Option<std::thread::JoinHandle<()>>,
) -> std::io::Result<u8> {
    let mut quitting = false;
    let mut exit = 0u8;
    loop {
        terminal.draw(|f| view::draw(f, app))?;
        if event::poll(Duration::from_millis(100))? {
            match event::read()? {
                TermEvent::Key(k) if k.kind != KeyEventKind::Release => match app.on_key(k) {
                    Action::None => {}
                    Action::Start(row) if !app.running => match app.start_settings(row) {
                        Ok(settings) => {
                            signals::clear_stop();
                            app.on_start(row);
                            // The previous run has ended (Start needs it):
                            // collect its thread.
                            if let Some(h) = bench.take() {
                                let _ = h.join();
                            }
                            *bench = Some(spawn_bench(settings, tx.clone()));
                        }
                        Err(e) => app.message = Some(format!("cannot start: {e}")),
                    },
                    Action::Start(_) => {}
                    Action::Stop => {
                        signals::request_stop();
                        app.status = app::Status::Stopping;
                    }
                    Action::Quit => {
                        quitting = true;
                        if app.running {
                            signals::request_stop();
                            app.status = app::Status::Stopping;
                        }
                    }
                    Action::SaveText => save(app, Format::Text),
                    Action::SaveJson => save(app, Format::Json),
                    Action::Copy => copy(app),
                    Action::TargetChanged => resolve_target(app, tx),
                },
                // A resize needs nothing but the redraw at the top.
                _ => {}
            }
        }
        while let Ok(m) = rx.try_recv() {
            app.on_msg(m);
        }
        if let Some(sig) = signals::received() {
            // SIGTERM / SIGHUP (Ctrl-C arrives as a key in raw mode): the
            // runner stops on the same flag; leave once it has.
            quitting = true;
            exit = 128 + sig as u8;
            if app.running {
                app.status = app::Status::Stopping;
            }
        }
        if quitting && !app.running {
            if let Some(h) = bench.take() {
                let _ = h.join();
            }
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
