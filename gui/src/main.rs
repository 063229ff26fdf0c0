//! `diskmark-gui`: the desktop window. Options as for a run set the
//! starting values; `--start`, `--quit-when-done`, `--screenshot` and `-o`
//! automate it.

use diskmark::export::ExportManager;
use diskmark_gui::app::{App, Start};
use diskmark_gui::args::GuiArgs;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

fn main() -> ExitCode {
    // The guardian of another diskmark-gui (docs/measurement.md#the-guardian):
    // no window, no clap, nothing else.
    let mut argv = std::env::args_os().skip(1);
    if argv.next().as_deref() == Some(std::ffi::OsStr::new(diskmark::run::guard::ARG)) {
        return diskmark_gui::launch::guardian(argv.next());
    }
    // clap's errors quote what was typed: printed through the one sink.
    let args: GuiArgs = diskmark::cli::parse_or_exit(<GuiArgs as clap::CommandFactory>::command);
    // Asked once, before the window opens (at most 200 ms).
    let look = diskmark_gui::theme::look(args.theme);
    let scale = args.scale;
    let page = args.page;
    let start = match prepare(args, look, page) {
        Ok(start) => start,
        Err(code) => return code,
    };
    let exit_code = start.exit_code.clone();
    if let Some(code) = open_window(start, scale) {
        return code;
    }
    ExitCode::from(exit_code.load(Ordering::Relaxed))
}

/// Everything refused or started before the window opens: the settings,
/// the screenshot's path, the signal handlers, the display, the guardian;
/// the exit code of the one sentence said when one fails.
fn prepare(
    args: GuiArgs,
    look: diskmark_gui::style::Look,
    page: diskmark_gui::overlay::Page,
) -> Result<Start, ExitCode> {
    let automation = args.automation();
    let lang = args.lang.lang.clone();
    if args.run.on_hosts() {
        diskmark::escape::say(format_args!(
            "error: --host: the desktop window runs on this machine only; run diskmark --host ... from the command line"
        ));
        return Err(ExitCode::from(2));
    }
    let (settings, outputs) = match args.run.into_settings() {
        Ok(v) => v,
        Err(e) => {
            let e = diskmark::Error::from(e);
            diskmark::escape::say(format_args!("error: {e}"));
            return Err(ExitCode::from(e.exit_code()));
        }
    };
    // --screenshot is written at the end: its path is refused now, before
    // any test file exists, as -o's are.
    if let Some(shot) = &automation.screenshot
        && let Err(e) = diskmark_gui::shot::check(shot, &settings.target, &outputs)
    {
        let e = diskmark::Error::from(e);
        diskmark::escape::say(format_args!("error: {e}"));
        return Err(ExitCode::from(e.exit_code()));
    }
    // The same handlers as the CLI's: a signal mid-run removes the test
    // file and ends with 128 + N.
    if let Err(e) = diskmark::run::signals::install() {
        diskmark::escape::say(format_args!("error: installing signal handlers: {e}"));
        return Err(ExitCode::from(1));
    }
    // winit panics without a display: said first, in one sentence.
    if let Err(e) = diskmark_gui::launch::check_display(|k| std::env::var(k).ok()) {
        diskmark::escape::say(format_args!("error: {}", e.0));
        return Err(ExitCode::from(1));
    }
    // Before any test file: a second process that removes it should the
    // window die in a way that runs none of its code (Xlib's exit() when
    // the display goes, SIGKILL, a lost compositor).
    if let Err(e) = diskmark::run::guard::start() {
        diskmark::escape::say(format_args!(
            "error: cannot start the process that removes the test file should the window die: {e}; raise the limit on processes (ulimit -u)"
        ));
        return Err(ExitCode::from(1));
    }
    let language_file = diskmark::i18n::config_file();
    let (language, _) = diskmark::i18n::start(lang.as_ref(), language_file.as_deref());
    Ok(Start {
        choices: settings.into_choices(),
        export: ExportManager::new(outputs.into_outputs(true)),
        automation,
        targets: diskmark::target::list(),
        exit_code: Arc::new(AtomicU8::new(0)),
        look,
        page,
        language,
        language_file,
    })
}

/// Runs the window until it closes; `Some` exit code when it could not be
/// opened or the toolkit panicked (said in one sentence).
fn open_window(start: Start, scale: f32) -> Option<ExitCode> {
    let start = std::cell::RefCell::new(Some(start));
    let boot = move || {
        // iced boots once; the start is taken then.
        let s = start.borrow_mut().take();
        match s {
            Some(s) => App::new(s),
            None => unreachable!("iced boots an application once"),
        }
    };
    let result = diskmark_gui::launch::guarded(move || {
        iced::application(boot, App::update, diskmark_gui::view::view)
            .title(diskmark_gui::strings::TITLE)
            .subscription(App::subscription)
            .exit_on_close_request(false)
            .theme(|app: &App| app.look.theme())
            .scale_factor(move |_: &App| scale)
            .window(diskmark_gui::theme::window_settings(scale))
            .default_font(diskmark_gui::theme::FONT)
            .run()
    });
    match result {
        Ok(Ok(())) => None,
        Ok(Err(e)) => {
            diskmark::escape::say(format_args!("error: the window could not be opened: {e}"));
            Some(ExitCode::from(1))
        }
        Err(e) => {
            diskmark::escape::say(format_args!("error: {}", e.0));
            Some(ExitCode::from(1))
        }
    }
}
