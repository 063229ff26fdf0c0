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

/// A line of text across its width, starting where the language reads
/// from: the right in a right-to-left language (iced aligns a paragraph
/// by its first script, and a line that starts with a path or a figure
/// would go left).
pub fn line<'a>(s: impl iced::widget::text::IntoFragment<'a>) -> iced::widget::Text<'a> {
    let t = iced::widget::text(s).width(iced::Length::Fill);
    match rtl() {
        true => t.align_x(iced::alignment::Horizontal::Right),
        false => t,
    }
}

/// The width `s` takes at `size` in the window's font (with the fallback
/// fonts for the scripts it lacks), on one line.
pub fn text_width(s: &str, size: f32) -> f32 {
    let p = iced_graphics::text::Paragraph::with_text(iced_graphics::core::Text {
        content: s,
        bounds: iced::Size::INFINITE,
        size: iced::Pixels(size),
        line_height: iced::widget::text::LineHeight::default(),
        font: crate::theme::FONT,
        align_x: iced_graphics::core::text::Alignment::Default,
        align_y: iced::alignment::Vertical::Top,
        shaping: iced_graphics::core::text::Shaping::Advanced,
        wrapping: iced_graphics::core::text::Wrapping::None,
    });
    p.min_width().ceil()
}
