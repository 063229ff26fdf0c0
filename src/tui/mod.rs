//! `diskmark tui [TARGET]`: CrystalDiskMark's grid in a terminal.
//!
//! The benchmark runs on its own thread and feeds the interface through one
//! channel; the interface thread only draws, reads keys and that channel,
//! so it never waits on the disk. The terminal is restored on every way
//! out: quit, error, panic (ratatui's hook), SIGTERM/SIGHUP (polled). When
//! the terminal goes away (hang-up, error, end of input) the run is
//! stopped, its test file removed, and diskmark ends as on SIGHUP.

pub mod app;
pub mod fill;
pub mod history;
pub mod keys;
pub mod page;
pub mod prompt;
#[cfg(test)]
mod tests_pages;
pub mod theme;
pub mod view;
mod view_fill;
mod view_history;

pub use keys::{KEYS, keys_help};

use crate::export::ExportManager;
use crate::fl;
use crate::front::{RunHandle, STOP_DEADLINE, Update};
use crate::report::{Format, Report};
use crate::run::signals;
use app::{Action, App, LastRun, Msg, TargetChoice};
use keys::{Input, Keys};
use ratatui::crossterm::event::KeyEventKind;
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

impl TuiError {
    /// 2 without a terminal (bad usage), 128 + N after signal N, else 1.
    pub fn exit_code(&self) -> u8 {
        match (self, signals::received()) {
            (_, Some(sig)) => 128 + sig as u8,
            (TuiError::NoTerminal, None) => 2,
            (TuiError::Terminal(_), None) => 1,
        }
    }
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

/// Whether diskmark runs in an interactive terminal, as the interface
/// needs.
pub fn check_terminal() -> Result<(), TuiError> {
    if !std::io::stdin().is_terminal()
        || !std::io::stdout().is_terminal()
        || std::env::var("TERM").is_ok_and(|t| t == "dumb")
    {
        return Err(TuiError::NoTerminal);
    }
    Ok(())
}

/// Runs the interface, starting from `settings`, until the user quits;
/// every finished run goes to the outputs of `export` (never stdout).
/// The history page lists `history` (`--history`), or the default
/// database. Returns the exit code.
pub fn run(
    settings: crate::config::Settings,
    export: ExportManager,
    history: Option<std::path::PathBuf>,
) -> Result<u8, TuiError> {
    check_terminal()?;
    signals::install()?;
    let targets = crate::target::list()
        .into_iter()
        .map(|t| TargetChoice { path: t.path })
        .collect();
    let mut app = App::new(
        settings.into_choices(),
        targets,
        crate::engine::registry::probe_all(),
    );
    app.no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    if let Some(db) = history {
        app.history = history::HistoryPage::new(Ok(db));
    }
    let (tx, rx) = mpsc::channel::<Msg>();
    resolve_target(&app, &tx);
    let mut terminal = ratatui::try_init()?;
    let mut bench: Option<RunHandle> = None;
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        event_loop(&mut terminal, &mut app, &tx, &rx, &mut bench, &export)
    }));
    // Whatever happened, the benchmark is stopped and joined (it removes
    // its test file) before the terminal is given back, unless it does not
    // stop in time.
    let stuck = bench.as_mut().is_some_and(|b| !b.stop_and_join());
    // Not `restore`: it reports its failure on stderr, and writing to the
    // stderr of a terminal that is gone would panic.
    let _ = ratatui::try_restore();
    if stuck {
        crate::escape::say(format_args!(
            "error: the benchmark did not stop within {} s of being asked (blocked in the kernel: a dead device or network mount?); a test file it made may be left in {}",
            STOP_DEADLINE.as_secs(),
            crate::escape::path(&app.choices.target)
        ));
    }
    match result {
        Ok(r) => Ok(r.map(|code| if stuck && code < 128 { 1 } else { code })?),
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// Resolves the target on a thread of its own, within the deadline of a
/// target that does not answer (a dead network mount is an error, not a
/// hang), reporting through the channel.
fn resolve_target(app: &App, tx: &mpsc::Sender<Msg>) {
    let path = app.choices.target.clone();
    let tx = tx.clone();
    std::thread::spawn(move || {
        let r = crate::target::resolve_answering(&path).map_err(|e| e.to_string());
        let _ = tx.send(Msg::Target(Box::new(r)));
    });
}

/// What the run's thread said, as the interface's messages.
fn drain(bench: &mut Option<RunHandle>) -> Vec<Msg> {
    let Some(b) = bench else {
        return Vec::new();
    };
    let msgs: Vec<Msg> = (b.drain().into_iter())
        .map(|u| match u {
            Update::Event(e) => Msg::Run(e),
            Update::Prepared(notes) => Msg::Prepared(notes),
            Update::Done(r) => Msg::Done(Box::new((*r).map_err(|f| f.sentence))),
        })
        .collect();
    if msgs.iter().any(|m| matches!(m, Msg::Done(_))) {
        *bench = None;
    }
    msgs
}

fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    tx: &mpsc::Sender<Msg>,
    rx: &mpsc::Receiver<Msg>,
    bench: &mut Option<RunHandle>,
    export: &ExportManager,
) -> std::io::Result<u8> {
    let mut quit = Quit::default();
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
            if k.kind != KeyEventKind::Release {
                let action = app.on_key(k);
                act(app, action, (tx, export), bench, &mut quit);
            }
        }
        let from_run = drain(bench);
        for m in rx.try_iter().chain(from_run) {
            receive(app, export, m);
        }
        if let Some(sig) = signals::received() {
            // SIGTERM / SIGHUP (Ctrl-C arrives as a key in raw mode): the
            // runner stops on the same flag; leave once it has.
            quit.asked = true;
            quit.exit = 128 + sig as u8;
            stop(app, bench);
        }
        // A run that does not stop in time is left to the caller, which
        // says so.
        if quit.asked && (!app.running || bench.as_ref().is_some_and(RunHandle::overdue)) {
            return Ok(quit.exit);
        }
    }
}

/// Whether the user (or a signal) asked to leave, and with which code.
#[derive(Debug, Default)]
struct Quit {
    asked: bool,
    exit: u8,
}

/// Does what a key asked for.
fn act(
    app: &mut App,
    action: Action,
    (tx, export): (&mpsc::Sender<Msg>, &ExportManager),
    bench: &mut Option<RunHandle>,
    quit: &mut Quit,
) {
    match action {
        Action::None | Action::Start(_) | Action::StartFill if app.running => {}
        Action::None => {}
        Action::Start(row) => match app.start_settings(row) {
            Ok(settings) => {
                app.on_start(row);
                *bench = Some(RunHandle::start(settings, crate::modes::Request::Grid));
            }
            Err(e) => app.message = Some(fl!("tui-cannot-start", why = e.to_string())),
        },
        Action::StartFill => match fill_settings(app, export) {
            Ok(asked) => {
                app.on_fill_start();
                *bench = Some(RunHandle::start(asked.settings, asked.request));
            }
            Err(e) => app.message = Some(fl!("tui-cannot-start", why = e.to_string())),
        },
        Action::LoadHistory => app.history.load(),
        Action::Stop => stop(app, bench),
        Action::Quit => {
            quit.asked = true;
            stop(app, bench);
        }
        Action::SaveText => save(app, Format::Text),
        Action::SaveJson => save(app, Format::Json),
        Action::Copy => copy(app),
        Action::TargetChanged => resolve_target(app, tx),
    }
}

/// A sustained write's settings ([`App::fill_settings`]), unless an
/// output the command line named holds only the grid's rows, which the
/// write has none of (as `diskmark sustained` refuses them).
fn fill_settings(app: &App, export: &ExportManager) -> Result<crate::modes::Asked, String> {
    let formats = export.outputs().files.iter().map(|f| f.format);
    if let Some(f) = formats.into_iter().find(|f| f.grid_only()) {
        return Err(format!(
            "an output in {} holds the grid's rows, and a sustained write has none: start diskmark tui without it",
            f.info().name
        ));
    }
    app.fill_settings()
}

/// Asks a running benchmark to stop.
fn stop(app: &mut App, bench: &mut Option<RunHandle>) {
    if app.running
        && let Some(b) = bench
    {
        b.ask_stop();
        app.status = app::Status::Stopping;
    }
}

/// A message from the benchmark or the target's resolution; a finished
/// run's report goes to its outputs, and its notes replace the run's.
fn receive(app: &mut App, export: &ExportManager, m: Msg) {
    let finished = matches!(&m, Msg::Done(r) if r.is_ok());
    app.on_msg(m);
    if finished && let Some(last) = app.last.take() {
        let host = crate::host::HostInfo::current();
        let report = report_of(&last, &host);
        match app.ran {
            app::Page::Fill => app.fill.notes = report.notes(),
            _ => app.grid.set_notes(report.notes()),
        }
        app.message = delivered(export, &report);
        app.last = Some(last);
    }
}

/// A finished run's report to the outputs the command line asked for
/// (--save, --chart, --card, -o), through the one output path; never to
/// stdout, which the interface owns. What happened, in one line for the
/// status line (file names only).
fn delivered(export: &ExportManager, report: &Report<'_>) -> Option<String> {
    export.finish(report).line()
}

/// The report of `last`.
fn report_of<'a>(last: &'a LastRun, host: &'a crate::host::HostInfo) -> Report<'a> {
    Report {
        settings: &last.settings,
        target: &last.target,
        host,
        output: &last.output,
    }
}

/// The last report in `format`.
fn last_report(app: &App, format: Format) -> Option<String> {
    let host = crate::host::HostInfo::current();
    Some(report_of(app.last.as_ref()?, &host).render(format))
}

fn save(app: &mut App, format: Format) {
    let Some(text) = last_report(app, format) else {
        app.message = Some(fl!("tui-nothing-to-save"));
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
    let forbidden = crate::outputs::Forbidden::target(&app.choices.target);
    app.message = Some(
        match crate::outputs::check(std::path::Path::new(&name), "save", forbidden)
            .map_err(|e| e.message)
            .and_then(|o| o.write_new(text.as_bytes()).map_err(|e| e.to_string()))
        {
            Ok(()) => fl!("tui-saved", name = name.as_str()),
            Err(e) => fl!("tui-cannot-save", name = name.as_str(), why = e),
        },
    );
}

fn copy(app: &mut App) {
    let Some(text) = last_report(app, Format::Text) else {
        app.message = Some(fl!("tui-nothing-to-copy"));
        return;
    };
    // OSC 52: the terminal puts it on the clipboard (where it allows it).
    let mut out = std::io::stdout();
    let ok = write!(out, "\x1b]52;c;{}\x07", base64(text.as_bytes())).and_then(|_| out.flush());
    app.message = Some(match ok {
        Ok(()) => fl!("tui-copied"),
        Err(e) => fl!("tui-cannot-copy", why = e.to_string()),
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
