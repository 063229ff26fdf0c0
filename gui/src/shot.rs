//! The window as a PNG file (`--screenshot`).

use std::io::BufWriter;
use std::path::Path;

/// Why a screenshot could not be saved.
#[derive(Debug)]
pub struct ShotError(pub String);

impl std::fmt::Display for ShotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Writes `rgba` (`width` × `height`, 8 bits per channel) to `path` as PNG.
pub fn save_png(path: &Path, width: u32, height: u32, rgba: &[u8]) -> Result<(), ShotError> {
    let fail = |e: &dyn std::fmt::Display| {
        ShotError(format!(
            "--screenshot: cannot write {}: {e}",
            diskmark::outputs::printable(path)
        ))
    };
    let file = std::fs::File::create(path).map_err(|e| fail(&e))?;
    let mut enc = png::Encoder::new(BufWriter::new(file), width, height);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    let mut w = enc.write_header().map_err(|e| fail(&e))?;
    w.write_image_data(rgba).map_err(|e| fail(&e))?;
    w.finish().map_err(|e| fail(&e))
}
