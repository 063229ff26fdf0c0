//! diskmark's desktop window: CrystalDiskMark's grid, drawn with iced on
//! the CPU (tiny-skia), on the same run API, events and output path as the
//! CLI and the TUI (docs/architecture.md#how-a-run-flows).

#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod app;
pub mod args;
pub mod bench;
pub mod shot;
pub mod strings;
pub mod theme;
pub mod unit;
pub mod view;
pub mod watch;
