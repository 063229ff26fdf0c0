//! The command line: the TUI's run options (the library's [`RunArgs`]),
//! which set the starting values, and the automation flags.

use crate::overlay::Page;
use crate::theme::ThemeChoice;
use clap::Parser;
use diskmark::cli::RunArgs;
use std::path::PathBuf;

/// diskmark's desktop window: CrystalDiskMark's grid; the options set the
/// starting values, as the TUI's do.
#[derive(Debug, Parser)]
#[command(
    name = "diskmark-gui",
    version,
    max_term_width = 100,
    args_override_self = true
)]
#[command(
    after_help = "Exit codes (with --quit-when-done): 0 done, 1 benchmark failed, 2 bad usage, 128+N interrupted by signal N."
)]
pub struct GuiArgs {
    /// The run's options
    #[command(flatten)]
    pub run: RunArgs,

    /// Start All at launch
    #[arg(long)]
    pub start: bool,

    /// Exit when the run ends, with the CLI's exit codes
    #[arg(long)]
    pub quit_when_done: bool,

    /// Save the window as PNG just before quitting
    #[arg(long, value_name = "FILE.png")]
    pub screenshot: Option<PathBuf>,

    /// Light or dark; auto follows the desktop's preference
    #[arg(long, value_enum, default_value_t = ThemeChoice::Auto)]
    pub theme: ThemeChoice,

    /// The page to open on; with --start, its run starts (with `sustained`,
    /// --size is the bytes to write)
    #[arg(long, value_enum, default_value_t = Page::Grid)]
    pub page: Page,

    /// The window's language
    #[command(flatten)]
    pub lang: diskmark::i18n::LangArgs,

    /// Scale the window by F (0.5 to 4), on top of the desktop's scale
    #[arg(long, value_name = "F", default_value_t = 1.0, value_parser = parse_scale)]
    pub scale: f32,
}

/// `--scale`: a number in [`crate::theme::SCALE_RANGE`].
fn parse_scale(s: &str) -> Result<f32, String> {
    let r = crate::theme::SCALE_RANGE;
    match s.parse::<f32>() {
        Ok(f) if r.contains(&f) => Ok(f),
        _ => Err(crate::strings::bad_scale(s, *r.start(), *r.end())),
    }
}

/// What the window does by itself, for tests and scripts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Automation {
    /// Start All at launch.
    pub start: bool,
    /// Exit when the run ends.
    pub quit_when_done: bool,
    /// Save the window there before quitting.
    pub screenshot: Option<PathBuf>,
}

impl GuiArgs {
    /// The automation flags.
    pub fn automation(&self) -> Automation {
        Automation {
            start: self.start,
            quit_when_done: self.quit_when_done,
            screenshot: self.screenshot.clone(),
        }
    }
}
