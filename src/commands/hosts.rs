//! `diskmark --host ...` as the command line runs it: the hosts of
//! `--host` and `--hosts` read, then options → settings →
//! [`Request::Hosts`] → [`super::finish::mode`], where the plan makes
//! every refusal (docs/hosts.md#what-runs-on-the-hosts).

use crate::Error;
use crate::cli::RunArgs;
use crate::hosts::{HostsRequest, spec};
use crate::modes::Request;

/// Runs the benchmark on the hosts of `--host`/`--hosts` and returns its
/// exit code: 0 done, 1 failed (one sentence naming the host), 2 bad
/// usage, 128 + N for signal N (the remote files removed first).
pub fn hosts(args: RunArgs) -> Result<u8, Error> {
    let request = HostsRequest {
        hosts: spec::hosts(&args.host, args.hosts.as_deref())?,
        dir: args.remote_dir.clone(),
        remote_diskmark: args.remote_diskmark.clone(),
        ssh_config: args.ssh_config.clone(),
        engine_chosen: args.engine.is_some(),
    };
    super::finish::mode(args.into_settings()?, Request::Hosts(request))
}
