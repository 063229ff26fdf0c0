//! The window as a PNG file (`--screenshot`): its path checked before the
//! run as `-o`'s are, and written through the library's output path.

use diskmark::cli::OutputOptions;
use diskmark::config::UsageError;
use diskmark::escape::path as printable;
use diskmark::outputs::{self, Forbidden, OutputPath};
use std::path::Path;

/// Why a screenshot could not be saved.
#[derive(Debug)]
pub struct ShotError(pub String);

impl std::fmt::Display for ShotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Checks `--screenshot`'s `path` before anything is created, as the
/// CLI checks `-o`'s: a `.png` name, never the target `target` or a
/// device, a writable directory, and not a file another output writes.
pub fn check(path: &Path, target: &Path, others: &OutputOptions) -> Result<OutputPath, UsageError> {
    let png = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if !png {
        return Err(UsageError::new(
            "--screenshot",
            format!(
                "{} does not end in .png; the screenshot is a PNG image: name it e.g. window.png",
                printable(path)
            ),
        ));
    }
    let shot = outputs::check(path, "--screenshot", Forbidden::target(target))?;
    let taken = (others.files.iter().map(|(p, _)| p))
        .chain(&others.chart)
        .chain(&others.save)
        .find(|o| !o.is_stream() && o.resolved() == shot.resolved());
    if let Some(o) = taken {
        return Err(UsageError::new(
            "--screenshot",
            format!(
                "{} and {} are the same file; give each output its own file",
                printable(&o.shown),
                printable(&shot.shown)
            ),
        ));
    }
    Ok(shot)
}

/// Writes `rgba` (`width` × `height`, 8 bits per channel) to `path` as PNG,
/// through the library's output path (checked again as it is opened).
pub fn save_png(path: &Path, width: u32, height: u32, rgba: &[u8]) -> Result<(), ShotError> {
    let fail = |e: &dyn std::fmt::Display| {
        ShotError(format!(
            "--screenshot: cannot write {}: {e}",
            printable(path)
        ))
    };
    let out = outputs::check(path, "--screenshot", Forbidden::default())
        .map_err(|e| ShotError(e.to_string()))?;
    let bytes = crate::chart_png::encode(width, height, rgba).map_err(|e| fail(&e))?;
    out.write(&bytes).map_err(|e| fail(&e))
}
