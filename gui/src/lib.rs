//! diskmark's desktop window: CrystalDiskMark's grid, drawn with iced on
//! the CPU (tiny-skia), on the same run API, events and output path as the
//! CLI and the TUI (docs/architecture.md#how-a-run-flows).

#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod actions;
pub mod actions_state;
pub mod app;
pub mod args;
pub mod chart_png;
pub mod dialog;
pub mod form;
pub mod grid;
pub mod history_page;
pub mod history_state;
pub mod keys;
pub mod launch;
pub mod menu;
pub mod mirror;
pub mod modal;
pub mod opened;
pub mod overlay;
pub mod pages;
pub mod picker;
pub mod plot;
pub mod save;
pub mod settings;
pub mod shot;
pub mod strings;
pub mod style;
pub mod theme;
pub mod unit;
pub mod update;
pub mod view;
pub mod watch;
