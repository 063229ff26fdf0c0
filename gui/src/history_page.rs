//! The history page drawn: the recorded runs with their headline
//! figures, newest first, a check box each; two chosen are shown side by
//! side in compare's words (better or worse, the settings' caution, the
//! noise).

use crate::app::{App, Message};
use crate::strings;
use iced::widget::text;
use iced::widget::{checkbox, column as col, row, scrollable};
use iced::{Element, Font, Length};

/// The page.
pub fn view(app: &App) -> Element<'_, Message> {
    let h = &app.history;
    let mut list = col![].spacing(4);
    for (i, r) in h.runs.iter().enumerate() {
        let s = &r.summary;
        let line = strings::history_line(&s.label, &s.date, &s.target, &s.model);
        let chosen = h.chosen.contains(&i);
        let b = checkbox(chosen)
            .label(line)
            .text_size(13)
            .on_toggle(move |_| Message::HistoryChoose(i));
        list = list.push(row![b, text(r.headline.clone()).size(13)].spacing(12));
    }
    let mut c = col![].spacing(8);
    if let Some(s) = &h.said {
        c = c.push(text(s.clone()).size(14));
    }
    if !h.runs.is_empty() {
        c = c.push(text(strings::choose_two()).size(14));
    }
    c = c.push(scrollable(list).height(Length::FillPortion(2)));
    if let Some(t) = &h.compared {
        let t = text(t.clone()).size(12).font(Font::MONOSPACE);
        c = c.push(scrollable(t).height(Length::FillPortion(3)));
    }
    c.height(Length::Fill).into()
}
