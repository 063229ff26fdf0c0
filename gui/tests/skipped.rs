//! The count of the suite's skips (issue 27 §3), printed after the suite:
//! cargo runs the test binaries of a package in the order of their names,
//! so this one comes after `it` (tests/it/common/skips.rs), for the window's suite.

#[allow(dead_code)] // skip() is the suite's; this binary only counts
#[path = "../../tests/it/common/skips.rs"]
mod skips;

fn main() {
    skips::summary();
}
