//! The results as a PNG image: the library's SVG chart
//! ([`diskmark::report::draw::chart::run_chart`], the one `--chart` writes)
//! rendered on the CPU with resvg, in the window's own font (Fira Sans,
//! built into iced), so that the image is the same on a machine without
//! fonts.

use resvg::{tiny_skia, usvg};
use std::sync::Arc;

/// A chart rendered: its size in pixels and the PNG file's bytes.
#[derive(Debug, Clone)]
pub struct Png {
    /// Width, pixels (the chart's width).
    pub width: u32,
    /// Height, pixels.
    pub height: u32,
    /// The encoded PNG.
    pub bytes: Vec<u8>,
}

/// Renders `svg` (one of the library's charts) at its own size.
pub fn render(svg: &str) -> Result<Png, String> {
    let mut fonts = usvg::fontdb::Database::new();
    fonts.load_font_data(iced_graphics::text::FIRA_SANS_REGULAR.to_vec());
    fonts.set_sans_serif_family("Fira Sans");
    let options = usvg::Options {
        font_family: "Fira Sans".into(),
        fontdb: Arc::new(fonts),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("a chart of {}×{} pixels", size.width(), size.height()))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    // tiny-skia keeps premultiplied colours; PNG holds straight ones.
    let rgba: Vec<u8> = (pixmap.pixels().iter())
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    let bytes = encode(size.width(), size.height(), &rgba).map_err(|e| e.to_string())?;
    Ok(Png {
        width: size.width(),
        height: size.height(),
        bytes,
    })
}

/// `rgba` (8 bits per channel) as a PNG file's bytes.
pub fn encode(width: u32, height: u32, rgba: &[u8]) -> Result<Vec<u8>, png::EncodingError> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, width, height);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    let mut w = enc.write_header()?;
    w.write_image_data(rgba)?;
    w.finish()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_renders_at_its_size_with_its_colours() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="900" height="120" viewBox="0 0 900 120" font-family="sans-serif" font-size="12"><rect width="100%" height="100%" fill="white"/><rect x="150" y="40" width="300" height="18" fill="#2a7fd4"/><text x="10" y="22">diskmark</text></svg>"##;
        let png = render(svg).unwrap();
        assert_eq!((png.width, png.height), (900, 120));
        let decoder = png::Decoder::new(std::io::Cursor::new(&png.bytes));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (900, 120));
        let px = |x: usize, y: usize| &buf[(y * 900 + x) * 4..(y * 900 + x) * 4 + 4];
        assert_eq!(px(300, 49), &[0x2a, 0x7f, 0xd4, 0xff]);
        assert_eq!(px(800, 100), &[0xff, 0xff, 0xff, 0xff]);
        // The title's text was drawn: some dark pixels where it is.
        let dark = (0..100)
            .flat_map(|x| (8..26).map(move |y| (x, y)))
            .filter(|&(x, y)| px(x, y)[0] < 100)
            .count();
        assert!(dark > 20, "no text drawn ({dark} dark pixels)");
    }
}
