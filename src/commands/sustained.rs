//! `diskmark sustained` as the command line runs it: options → settings
//! and [`crate::modes::Request::Sustained`] (`modes::Asked::sustained`,
//! the library's one definition) → [`super::finish::mode`].

use crate::Error;
use crate::cli::SustainedArgs;

/// Runs `diskmark sustained` and returns its exit code: 0 done, 1 when
/// the filesystem filled up or nothing was written, 2 bad usage, 128 + N
/// for signal N (the report of what was sampled is delivered first).
pub fn sustained(args: SustainedArgs) -> Result<u8, Error> {
    let (asked, outputs) = args.into_asked()?;
    super::finish::mode((asked.settings, outputs), asked.request)
}
