//! `diskmark sustained` as the command line runs it: options → settings →
//! [`Request::Sustained`] → [`super::finish::mode`].

use crate::Error;
use crate::cli::SustainedArgs;
use crate::modes::Request;
use crate::sustained::FillRequest;

/// Runs `diskmark sustained` and returns its exit code: 0 done, 1 when
/// the filesystem filled up or nothing was written, 2 bad usage, 128 + N
/// for signal N (the report of what was sampled is delivered first).
pub fn sustained(args: SustainedArgs) -> Result<u8, Error> {
    let request = FillRequest {
        size: args.size,
        sample_interval: args.sample_interval,
    };
    super::finish::mode(
        args.run_args()?.into_settings()?,
        Request::Sustained(request),
    )
}
