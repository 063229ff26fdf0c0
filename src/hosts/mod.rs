//! Many machines at once, through fio's client/server mode (`--host`):
//! fio's server is the engine on every host, diskmark its client. Each
//! test and loop is one `fio --client=...` invocation over all hosts, read
//! per host and summed as fio's `sum_thread_stats` does
//! (docs/hosts.md).

mod cleanup;
mod client;
pub mod error;
mod jobfile;
mod mode;
pub mod plan;
mod probe;
pub mod run;
pub mod spec;
pub mod ssh;

pub use error::HostsError;
pub use plan::{HostsPlan, HostsRequest};
pub use spec::HostAddr;
