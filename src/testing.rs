//! Test hooks: environment variables that let the test suite reach states a
//! real run cannot be forced into on demand (a worker's panic, ENOSPC in the
//! pre-fill, io_uring switched off, a USB link or an NVMe sensor on a
//! virtual machine). docs/architecture.md#test-hooks.
//!
//! They are off in every binary that is shipped. Only the
//! `diskmark-test-hooks` binary turns them on, through [`enable`], and that
//! binary and that function exist only with the `test-hooks` cargo feature,
//! which the test suite enables for itself (Cargo.toml's self
//! dev-dependency) and `cargo build`, `cargo install` and the packages do
//! not. `diskmark` and `diskmark-gui` never call it, so there every
//! `DISKMARK_TEST_*` variable is ignored, even in a build that has the
//! feature (tests/it/test_hooks.rs shows it).

use std::ffi::OsString;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether this process honours the test hooks: set once, at the start of
/// `diskmark-test-hooks`'s `main`, before any thread exists.
static ENABLED: AtomicBool = AtomicBool::new(false);

/// Turns the test hooks on for this process. Only `diskmark-test-hooks`
/// calls it; it does not exist without the `test-hooks` feature.
#[cfg(feature = "test-hooks")]
pub fn enable() {
    ENABLED.store(true, Ordering::SeqCst);
}

/// Whether this process honours the test hooks.
pub fn enabled() -> bool {
    ENABLED.load(Ordering::SeqCst)
}

/// The value of the test hook `name` (one of the `TEST_*` constants), or
/// `None` when the hooks are off, whatever the environment holds.
pub fn var_os(name: &str) -> Option<OsString> {
    if enabled() {
        std::env::var_os(name)
    } else {
        None
    }
}

/// [`var_os`] as text: `None` also when the value is not UTF-8.
pub fn var(name: &str) -> Option<String> {
    var_os(name).and_then(|v| v.into_string().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hook_is_ignored_until_enabled() {
        // The unit-test process never calls `enable`. PATH is always set,
        // so reading it through the hooks shows they ignore the
        // environment (setting a variable would race the other tests).
        assert!(!enabled());
        assert!(std::env::var_os("PATH").is_some());
        assert_eq!(var_os("PATH"), None);
        assert_eq!(var("PATH"), None);
    }
}
