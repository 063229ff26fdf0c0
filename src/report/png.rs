//! The images diskmark writes (the chart, the card) as SVG or PNG
//! (docs/report.md#images): the SVG is diskmark's own text; the PNG is that
//! SVG rendered on the CPU by resvg, in pure Rust, with the system's fonts.
//!
//! The fonts are the system's rather than one built into the binary: a
//! desktop has them, Debian's fonts-dejavu-core is a few hundred kilobytes,
//! and the binary stays small. A PNG without its text would be useless, so
//! without a font the PNG is refused before the run, in one sentence naming
//! the fix.

use crate::config::UsageError;
use resvg::{tiny_skia, usvg};
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// What an image file holds, from its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    /// diskmark's SVG text.
    Svg,
    /// That SVG rendered to pixels.
    Png,
}

impl ImageKind {
    /// The kind a file name's extension names (.svg, .png), if any.
    pub fn of(path: &Path) -> Option<ImageKind> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "svg" => Some(ImageKind::Svg),
            "png" => Some(ImageKind::Png),
            _ => None,
        }
    }
}

/// Why an image could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImageError {
    /// No font was found for the PNG's text.
    #[error(
        "no font was found to draw the PNG's text; install one (Debian: apt-get install fonts-dejavu-core) or write an .svg"
    )]
    NoFont,
    /// The SVG could not be read back (a diskmark bug: it writes them).
    #[error("the image's SVG could not be read ({0}); write an .svg instead and report this")]
    Svg(String),
    /// The picture is too large or empty.
    #[error("an image of {width}×{height} pixels cannot be drawn; write an .svg instead")]
    Size {
        /// Pixels across.
        width: u32,
        /// Pixels down.
        height: u32,
    },
    /// The PNG encoder failed.
    #[error("the PNG could not be encoded ({0}); write an .svg instead")]
    Encode(String),
}

/// Checks an image output's name before the run: `.svg` or `.png` (a
/// stream — a pipe, a terminal — takes the SVG), and for a PNG that a font
/// is there to draw its text. `option` names the option in the refusal.
pub fn check_name(path: &Path, stream: bool, option: &'static str) -> Result<(), UsageError> {
    match (ImageKind::of(path), stream) {
        (Some(ImageKind::Png), _) => {
            fonts().map_err(|e| UsageError::new(option, e.to_string()))?;
            Ok(())
        }
        (Some(ImageKind::Svg), _) | (None, true) => Ok(()),
        (None, false) => Err(UsageError::new(
            option,
            format!(
                "{} does not end in .svg or .png; the image is SVG or PNG: name it e.g. chart.svg or chart.png",
                crate::escape::path(path)
            ),
        )),
    }
}

/// The bytes of the image file `path` names: the SVG itself, or rendered
/// to a PNG. A name without either extension (a stream) takes the SVG.
pub fn encode(svg: &str, path: &Path) -> Result<Vec<u8>, ImageError> {
    match ImageKind::of(path) {
        Some(ImageKind::Png) => Ok(png(svg)?.bytes),
        Some(ImageKind::Svg) | None => Ok(svg.as_bytes().to_vec()),
    }
}

/// A rendered image: its size in pixels and the PNG file's bytes.
#[derive(Debug, Clone)]
pub struct Png {
    /// Pixels across (the SVG's width).
    pub width: u32,
    /// Pixels down (the SVG's height).
    pub height: u32,
    /// The encoded PNG.
    pub bytes: Vec<u8>,
}

/// Renders `svg` (one of diskmark's images) at its own size, one pixel per
/// SVG unit.
pub fn png(svg: &str) -> Result<Png, ImageError> {
    let fonts = fonts()?;
    let options = usvg::Options {
        font_family: fonts.family.clone(),
        fontdb: Arc::clone(&fonts.db),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| ImageError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    let mut pixmap =
        tiny_skia::Pixmap::new(width, height).ok_or(ImageError::Size { width, height })?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    let bytes = pixmap
        .encode_png()
        .map_err(|e| ImageError::Encode(e.to_string()))?;
    Ok(Png {
        width,
        height,
        bytes,
    })
}

/// The system's fonts, and the family that draws `sans-serif`.
struct Fonts {
    db: Arc<usvg::fontdb::Database>,
    family: String,
}

/// Families tried for `sans-serif`, in order: Debian's default first.
const SANS: [&str; 7] = [
    "DejaVu Sans",
    "Liberation Sans",
    "Noto Sans",
    "Fira Sans",
    "Cantarell",
    "FreeSans",
    "Arial",
];

/// The system's fonts, loaded once per process (a run may write a chart
/// and a card).
fn fonts() -> Result<&'static Fonts, ImageError> {
    static FONTS: OnceLock<Option<Fonts>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            let family = sans_family(&db)?;
            db.set_sans_serif_family(family.clone());
            Some(Fonts {
                db: Arc::new(db),
                family,
            })
        })
        .as_ref()
        .ok_or(ImageError::NoFont)
}

/// The first of [`SANS`] that is installed, else any installed family.
fn sans_family(db: &usvg::fontdb::Database) -> Option<String> {
    let has = |name: &str| {
        db.faces()
            .any(|f| f.families.iter().any(|(n, _)| n.eq_ignore_ascii_case(name)))
    };
    SANS.iter()
        .find(|n| has(n))
        .map(|n| n.to_string())
        .or_else(|| {
            db.faces()
                .find_map(|f| f.families.first().map(|(n, _)| n.clone()))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes a PNG: (width, height, RGBA pixels).
    fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
        let decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!(info.color_type, ::png::ColorType::Rgba);
        (info.width, info.height, buf)
    }

    #[test]
    fn names_say_the_kind_and_others_are_refused() {
        assert_eq!(ImageKind::of(Path::new("a.SVG")), Some(ImageKind::Svg));
        assert_eq!(ImageKind::of(Path::new("a.png")), Some(ImageKind::Png));
        assert_eq!(ImageKind::of(Path::new("a.jpg")), None);
        assert!(check_name(Path::new("a.svg"), false, "--card").is_ok());
        assert!(check_name(Path::new("/dev/stdout"), true, "--card").is_ok());
        let e = check_name(Path::new("a.jpg"), false, "--card")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("--card: a.jpg does not end in .svg or .png"),
            "{e}"
        );
        assert_eq!(
            encode("<svg/>", Path::new("x.svg")).unwrap(),
            b"<svg/>".to_vec()
        );
    }

    #[test]
    fn an_svg_renders_at_its_size_with_its_colours_and_text() {
        if fonts().is_err() {
            println!("skipped: no system font (install fonts-dejavu-core)");
            return;
        }
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="80" viewBox="0 0 300 80" font-family="sans-serif" font-size="12"><rect width="100%" height="100%" fill="white"/><rect x="150" y="40" width="100" height="18" fill="#2a7fd4"/><text x="10" y="22" font-size="16">diskmark</text></svg>"##;
        let png = png(svg).unwrap();
        assert_eq!((png.width, png.height), (300, 80));
        let (w, h, buf) = decode(&png.bytes);
        assert_eq!((w, h), (300, 80));
        let px = |x: usize, y: usize| &buf[(y * 300 + x) * 4..(y * 300 + x) * 4 + 4];
        assert_eq!(px(200, 49), &[0x2a, 0x7f, 0xd4, 0xff]);
        assert_eq!(px(290, 5), &[0xff, 0xff, 0xff, 0xff]);
        let dark = (0..120)
            .flat_map(|x| (6..28).map(move |y| (x, y)))
            .filter(|&(x, y)| px(x, y)[0] < 100)
            .count();
        assert!(dark > 30, "no text drawn ({dark} dark pixels)");
    }
}
