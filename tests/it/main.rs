//! The integration tests, one binary (issue 27 §4): each file of the
//! suite is a module here, so the suite links the library and its
//! dev-dependencies once. Tests of different modules run side by side;
//! what must not (a machine-wide setting) says so and takes a lock in
//! [`common`], or lives in a binary of its own (tests/aio_limit.rs).

mod common;
mod safety_common;

mod batching;
mod compare;
mod depth_note;
mod engines;
mod errors;
mod escaping;
mod filesystems;
mod fio_cli;
mod fio_cross;
mod fio_figures;
mod fio_parse;
mod flags;
mod hostile_json;
mod hosts;
mod hosts_ssh;
mod images;
mod inputs;
mod install;
mod link;
mod measurement;
mod modes;
mod posixaio_fast;
mod profiles;
mod progress;
mod progress_jsonl;
mod properties;
mod qos;
mod redraw;
mod refusals;
mod reliability;
mod repeatability;
mod results;
mod safety_files;
mod safety_hang;
mod safety_hang_tui;
mod safety_limits;
mod safety_outputs;
mod safety_report;
mod schema;
mod sharing;
mod signals;
mod span;
mod steady;
mod sustained;
mod tables;
mod test_hooks;
mod thermal;
mod tui;
