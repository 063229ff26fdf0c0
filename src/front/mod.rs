//! What every interface (the TUI, the window) needs besides drawing and
//! taking input, written once: the run on its own thread with its
//! deadlines (`handle.rs`), the grid fed by the run's events
//! (`grid.rs`), and the table of the settings they edit (`settings.rs`). A finished run ends through
//! [`ExportManager::finish`](crate::export::ExportManager::finish), the
//! one delivery and exit-code policy.

pub mod grid;
pub mod handle;
pub mod presets;
pub mod settings;
pub mod trace;
pub mod words;

pub use grid::{CellAt, CellDetail, Grid, LiveCell, column};
pub use handle::{Failure, LastRun, RunHandle, STOP_DEADLINE, Update};
pub use presets::{PRESETS, Param, Preset};
pub use settings::{Domain, SETTINGS, Setting};
pub use trace::{Trace, TracePoint};
