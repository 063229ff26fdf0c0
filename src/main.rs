//! diskmark's command line: parse, dispatch to a command
//! ([`diskmark::commands`]), map errors to exit codes.

use diskmark::cli::Command;
use diskmark::commands;
use std::process::ExitCode;

/// Whether descriptor 1 is closed, asked before `main` (see
/// [`diskmark::export::stdout::started_closed`]): F_GETFD fails only on a
/// descriptor that is not open.
extern "C" fn note_closed_stdout() {
    let closed = rustix::io::fcntl_getfd(rustix::stdio::stdout()).is_err();
    diskmark::export::stdout::started_closed(closed);
}

/// The loader calls what `.init_array` lists before `main`, and so before
/// Rust's runtime reopens closed standard descriptors onto /dev/null.
// SAFETY: an `.init_array` entry is called once, single-threaded, before
// main, with no arguments, as `extern "C" fn()`; the function only makes
// one fcntl call and stores an atomic, which need no runtime set-up.
#[used]
#[unsafe(link_section = ".init_array")]
static NOTE_CLOSED_STDOUT: extern "C" fn() = note_closed_stdout;

pub fn main() -> ExitCode {
    // The guardian of a host agent (docs/measurement.md#the-guardian,
    // docs/hosts.md#the-host-agent): nothing else, no clap.
    let mut argv = std::env::args_os().skip(1);
    if argv.next().as_deref() == Some(std::ffi::OsStr::new(diskmark::run::guard::ARG)) {
        return guardian(argv.next());
    }
    let cli = diskmark::cli::parse();
    let result = match cli.command {
        Some(Command::Engines { format }) => commands::engines(format),
        Some(Command::Targets { format }) => commands::targets(format),
        Some(Command::Compare(args)) => commands::compare(args),
        Some(Command::History(args)) => commands::history(args),
        Some(Command::Tui(args)) => commands::tui(args.run, args.lang),
        Some(Command::Sustained(args)) => commands::sustained(*args),
        Some(Command::Span(args)) => commands::span(*args),
        Some(Command::Report(args)) => commands::report(args),
        Some(Command::Completions { shell }) => commands::completions(shell),
        Some(Command::Man(args)) => commands::man(args),
        None => commands::benchmark(cli.run),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            diskmark::escape::say(format_args!("error: {e}"));
            ExitCode::from(e.exit_code())
        }
    }
}

/// The guardian's whole life: guards the parent named by `pid` until it
/// ends, then says on stderr what it removed. Exit 2 when `pid` is not its
/// parent (a hidden argument typed by hand), 1 when a file of the parent's
/// stayed locked.
fn guardian(pid: Option<std::ffi::OsString>) -> ExitCode {
    use diskmark::run::guardian::{GuardError, serve};
    let pid = pid.map(|p| p.to_string_lossy().into_owned());
    let guarded = match serve(
        pid.as_deref().unwrap_or(""),
        std::io::stdin().lock(),
        std::io::stdout().lock(),
    ) {
        Ok(g) => g,
        Err(e) => {
            diskmark::escape::say(format_args!("error: {e}"));
            return ExitCode::from(if matches!(e, GuardError::NotParent(_)) {
                2
            } else {
                1
            });
        }
    };
    for (path, size) in &guarded.removed {
        diskmark::escape::say(format_args!(
            "the run ended without its clean-up; its test file {} ({}) was removed",
            diskmark::escape::path(path),
            diskmark::units::human_bytes(*size)
        ));
    }
    for e in &guarded.left {
        diskmark::escape::say(format_args!("warning: {e}"));
    }
    ExitCode::from(u8::from(!guarded.left.is_empty()))
}
