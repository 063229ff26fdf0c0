//! What a test is: pattern, block size, queue depth and threads (docs/measurement.md#workload-model),
//! the built-in profiles, the access patterns that generate offsets, and
//! the stamps written data carries.

pub mod access;
pub mod notation;
pub mod profile;
pub mod spec;
pub mod stamp;

pub use notation::{parse_test, ran_label};
pub use profile::Profile;

pub use spec::{
    DataKind, Direction, MAX_BLOCK, MAX_Q, MAX_T, MIN_BLOCK, Mode, NotationError, Pattern, TestSpec,
};
