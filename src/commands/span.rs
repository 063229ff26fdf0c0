//! `diskmark span` as the command line runs it: options → settings →
//! [`Request::Span`] → [`super::finish::mode`].

use crate::Error;
use crate::cli::SpanArgs;
use crate::modes::Request;
use crate::span::SpanRequest;

/// Runs `diskmark span` and returns its exit code: 0 done, 1 when a read
/// failed or nothing was measured, 2 bad usage, 128 + N for signal N (the
/// report of what was measured is delivered first).
pub fn span(args: SpanArgs) -> Result<u8, Error> {
    let request = SpanRequest {
        samples: args.samples,
        sample_size: args.sample_size,
        access: args.access,
    };
    super::finish::mode(args.run_args()?.into_settings()?, Request::Span(request))
}
