//! Layout that follows the language (docs/i18n.md#right-to-left): rows
//! that run right to left in Arabic, and widths taken from the text as
//! drawn, so that a longer language grows a control instead of cutting
//! it. Figures and test names are never reversed: the bidirectional
//! algorithm keeps them left to right inside any line.

use crate::app::Message;
use iced::widget::Row;
use iced::{Alignment, Element};
use iced_graphics::core::text::Paragraph as _;

/// Whether the window's language is written right to left.
pub fn rtl() -> bool {
    diskmark::i18n::right_to_left()
}

/// A row of `children`, in reading order: reversed for a right-to-left
/// language.
pub fn row<'a>(mut children: Vec<Element<'a, Message>>) -> Row<'a, Message> {
    if rtl() {
        children.reverse();
    }
    Row::with_children(children)
}

/// Where a line of the reading order starts.
pub fn start() -> Alignment {
    if rtl() {
        Alignment::End
    } else {
        Alignment::Start
    }
}

/// A line of text across `width`, starting where the language reads
/// from: the right in a right-to-left language. The text itself keeps
/// iced's own alignment and hugs its words, placed by its container:
/// iced draws a right-to-left paragraph given an explicit alignment off
/// its box (seen cut at the window's edge), and one as wide as its box
/// against the box's left.
pub fn line<'a>(
    s: impl iced::widget::text::IntoFragment<'a>,
    size: f32,
    width: iced::Length,
) -> Element<'a, Message> {
    let t = iced::widget::text(s).size(size);
    let align = match rtl() {
        true => iced::alignment::Horizontal::Right,
        false => iced::alignment::Horizontal::Left,
    };
    iced::widget::container(t)
        .width(width)
        .align_x(align)
        .into()
}

/// The width `s` takes at `size` in the window's font (with the fallback
/// fonts for the scripts it lacks), on one line.
pub fn text_width(s: &str, size: f32) -> f32 {
    paragraph(s, size, f32::INFINITY).width.ceil()
}

/// Whether a text drawn in `bounds` (as a text widget's layout gives it)
/// shows whole: at the size that makes its lines that high (one to four
/// lines), no line is wider than the bounds. A word too long for its box
/// is drawn past the box's edge, over its neighbour; this finds it (the
/// tests' check that no translation is cut, docs/i18n.md#layout).
pub fn fits(s: &str, bounds: iced::Size) -> bool {
    (1..=4).any(|lines| {
        let size = bounds.height / (LINE_HEIGHT * lines as f32);
        let p = paragraph(s, size, bounds.width);
        (p.height - bounds.height).abs() < 1.0 && p.width <= bounds.width + 1.0
    })
}

/// iced's default line height, relative to the size.
const LINE_HEIGHT: f32 = 1.3;

/// The size `s` takes at `size`, wrapped by words within `width`.
fn paragraph(s: &str, size: f32, width: f32) -> iced::Size {
    let p = iced_graphics::text::Paragraph::with_text(iced_graphics::core::Text {
        content: s,
        bounds: iced::Size::new(width, f32::INFINITY),
        size: iced::Pixels(size),
        line_height: iced::widget::text::LineHeight::default(),
        font: crate::theme::FONT,
        align_x: iced_graphics::core::text::Alignment::Default,
        align_y: iced::alignment::Vertical::Top,
        shaping: iced_graphics::core::text::Shaping::Advanced,
        wrapping: iced_graphics::core::text::Wrapping::Word,
    });
    p.min_bounds()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_wider_than_its_box_does_not_fit_and_a_wrapped_sentence_does() {
        let w = text_width("Einstellungen", 15.0);
        let line = 15.0 * LINE_HEIGHT;
        assert!(w > 60.0, "{w}");
        assert!(fits("Einstellungen", iced::Size::new(w + 1.0, line)));
        // What a 92-pixel title did to German before it was measured.
        assert!(!fits("Einstellungen", iced::Size::new(w - 10.0, line)));
        // Two lines of a sentence that wraps in its box.
        let s = "Stop the run to change the settings";
        let half = text_width(s, 15.0) * 0.6;
        assert!(fits(s, iced::Size::new(half, 2.0 * line)));
        assert!(!fits(s, iced::Size::new(half, line)));
    }
}
