//! `diskmark [OPTIONS] [TARGET]` and `diskmark tui`: options → settings
//! (validated) → [`Request::Grid`] → [`super::finish::mode`]: the plan,
//! the run, every output and the exit code.

use crate::Error;
use crate::cli::RunArgs;
use crate::export::ExportManager;
use crate::modes::Request;

/// `diskmark tui`: the options set the starting values, checked as for a
/// run.
pub fn tui(mut args: RunArgs, lang: crate::i18n::LangArgs) -> Result<u8, Error> {
    // The interface draws on this thread: its language is this thread's
    // (docs/i18n.md#choosing).
    let file = crate::i18n::config_file();
    crate::i18n::choose(crate::i18n::start(lang.lang.as_ref(), file.as_deref()).0);
    let fail = |e: crate::tui::TuiError| {
        crate::escape::say(format_args!("error: {e}"));
        Ok(e.exit_code())
    };
    if args.on_hosts() {
        return Err(crate::config::UsageError::new(
            "--host",
            "the terminal interface runs on this machine only; run diskmark --host ... without tui",
        )
        .into());
    }
    if args.progress.is_some() {
        return Err(crate::config::UsageError::new(
            "--progress",
            "the terminal interface shows the run itself; run diskmark without tui",
        )
        .into());
    }
    if let Err(e) = crate::tui::check_terminal() {
        return fail(e);
    }
    // The history page lists --history's database: given alone, it names
    // only that (a run saves there with --save).
    let history = args.history.clone();
    if !args.save {
        args.history = None;
    }
    let (settings, outputs) = args.into_settings()?;
    let export = ExportManager::new(outputs.into_outputs(true));
    crate::tui::run(settings, export, history).or_else(fail)
}

/// A run of the grid (or, with `--host`, on many hosts).
pub fn benchmark(args: RunArgs) -> Result<u8, Error> {
    if args.on_hosts() {
        return super::hosts::hosts(args);
    }
    super::finish::mode(args.into_settings()?, Request::Grid)
}
