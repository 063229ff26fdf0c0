//! `diskmark span` as the command line runs it: options → settings and
//! [`crate::modes::Request::Span`] (`modes::Asked::span`, the library's
//! one definition) → [`super::finish::mode`].

use crate::Error;
use crate::cli::SpanArgs;

/// Runs `diskmark span` and returns its exit code: 0 done, 1 when a read
/// failed or nothing was measured, 2 bad usage, 128 + N for signal N (the
/// report of what was measured is delivered first).
pub fn span(args: SpanArgs) -> Result<u8, Error> {
    let (asked, outputs) = args.into_asked()?;
    super::finish::mode((asked.settings, outputs), asked.request)
}
