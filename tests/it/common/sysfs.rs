//! Fake sysfs trees for the tests that read a drive's facts from sysfs
//! (tests/it/link.rs, tests/it/thermal.rs): files and symbolic links under a
//! temporary root.

use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;

/// Writes `files` (path relative to `root`, content), making directories.
pub fn tree(root: &Path, files: &[(&str, &str)]) {
    for (p, c) in files {
        let p = root.join(p);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, c).unwrap();
    }
}

/// A symbolic link at `root/at` to `root/target`.
pub fn link(root: &Path, target: &str, at: &str) {
    let at = root.join(at);
    fs::create_dir_all(at.parent().unwrap()).unwrap();
    symlink(root.join(target), at).unwrap();
}
