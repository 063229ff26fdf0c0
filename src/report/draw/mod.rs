//! The SVG drawings, hand-written (a few rectangles, lines and texts) from
//! the typed model: the run chart ([`chart`]), the card ([`card`]), the
//! span map's ([`span`]) and the sustained write's ([`sustained`]) charts,
//! the temperature's second axis ([`thermal`]), and the axes they share
//! ([`axis`]). Here are the primitives: the document, its title, the
//! horizontal bars and their scale, which `compare`'s chart draws with too.
//! PNG is [`super::png`]'s rasterising of these (docs/report.md#images).

pub mod axis;
pub mod card;
pub mod chart;
pub mod span;
pub mod sustained;
pub mod thermal;

use std::fmt::Write;

/// Bar colours: read, write, mix.
pub const COLORS: [&str; 3] = ["#2a7fd4", "#e0662b", "#2aa84a"];

/// Width of every chart.
const WIDTH: f64 = 900.0;
/// Room left of the bars for their labels.
const LABEL_W: f64 = 150.0;
/// Height of one bar.
pub const BAR_H: f64 = 18.0;
/// Room right of the longest bar for its value text.
const VALUE_W: f64 = 260.0;

/// Escapes text for SVG.
pub fn esc(s: &str) -> String {
    // Control characters are not allowed in XML at all: shown escaped
    // (`\x1b`), as the text report shows them, then XML-escaped.
    super::escape::escape(s)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Opens an SVG document of `height` with a white background and `title`.
pub fn start(out: &mut String, height: f64, title: &str) {
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="10" y="22" font-size="15" font-weight="bold">{}</text>"#,
        esc(title)
    );
}

/// A second line under the title (what was tested, when).
pub fn subtitle(out: &mut String, text: &str) {
    let _ = writeln!(
        out,
        r##"<text x="10" y="40" font-size="11" fill="#444444">{}</text>"##,
        esc(text)
    );
}

/// Where the bars start, and how long a full one is.
pub const BARS_X: f64 = LABEL_W;
/// The length of a full bar (100 % of the meter).
pub const BARS_W: f64 = WIDTH - LABEL_W - VALUE_W;

/// A bar's scale from `top` to `bottom`: a faint line at each tick across
/// the bars and its label below, and what the scale is, at the left.
pub fn scale(out: &mut String, ticks: &[axis::Tick], top: f64, bottom: f64, what: &str) {
    for t in ticks {
        let x = BARS_X + t.at * BARS_W;
        let _ = writeln!(
            out,
            r##"<line x1="{x:.1}" y1="{top:.1}" x2="{x:.1}" y2="{bottom:.1}" stroke="#dddddd"/><text x="{x:.1}" y="{:.1}" font-size="10" text-anchor="middle">{}</text>"##,
            bottom + 12.0,
            esc(&t.label)
        );
    }
    let _ = writeln!(
        out,
        r##"<text x="10" y="{:.1}" font-size="10" fill="#444444">{}</text>"##,
        bottom + 12.0,
        esc(what)
    );
}

/// One horizontal bar with its value, on CrystalDiskMark's log scale.
pub fn bar(out: &mut String, y: f64, mbps: f64, text: &str, color: &str) {
    bar_at(out, y, axis::throughput_bar(mbps) / 100.0, text, color);
}

/// One horizontal bar `frac` (0..=1) of the full length, with its value.
pub fn bar_at(out: &mut String, y: f64, frac: f64, text: &str, color: &str) {
    let w = BARS_W * frac.clamp(0.0, 1.0);
    let _ = writeln!(
        out,
        r#"<rect x="{LABEL_W}" y="{y:.1}" width="{w:.1}" height="{BAR_H}" fill="{color}"/><text x="{:.1}" y="{:.1}">{}</text>"#,
        LABEL_W + w + 4.0,
        y + BAR_H - 5.0,
        esc(text)
    );
}

/// Index of a direction in [`COLORS`].
pub fn color_index(d: super::model::Direction) -> usize {
    use super::model::Direction;
    match d {
        Direction::Read => 0,
        Direction::Write => 1,
        Direction::Mix => 2,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn chart_text_has_no_control_characters() {
        assert_eq!(super::esc("a\u{1b}<b>"), "a\\x1b&lt;b&gt;");
    }
}
