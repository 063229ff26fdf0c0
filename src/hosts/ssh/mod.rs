//! Many machines over ssh (`--host ssh://[user@]host[:port][/dir]`):
//! diskmark itself runs on every host as a host agent (`--host-agent`),
//! started through the system's `ssh` with the user's own keys, agent and
//! configuration, never a password prompt; this machine coordinates.
//! Every window begins on every host together, the total is counted over
//! the time all hosts measured, and the latency percentiles come from the
//! hosts' summed bins (docs/hosts.md#over-ssh).

pub mod command;
pub mod engines;
pub mod line;
pub mod merge;
pub mod run;
pub mod session;
