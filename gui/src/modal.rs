//! The dialogs over the window (docs/gui.md#menus): the test parameters
//! (each row's pattern, block size, queue depth and threads, as
//! KDiskMark's settings dialog edits them), all the settings, the
//! keyboard shortcuts and About. One is open at a time; the window under
//! it takes no click until it closes (Close or Escape).

use crate::app::{App, Message};
pub use crate::overlay::Dialog;
use crate::strings;
use crate::style;
use diskmark::front::Param;
use diskmark::front::presets::{BLOCKS, PATTERNS, QUEUES, THREADS};
use iced::widget::text;
use iced::widget::{
    Space, button, center, column as col, container, mouse_area, opaque, pick_list, row,
    scrollable, stack,
};
use iced::{Alignment, Color, Element, Length};

/// The window with the open dialog over it.
pub fn over<'a>(app: &'a App, base: Element<'a, Message>) -> Element<'a, Message> {
    let Some(d) = app.dialog else {
        return base;
    };
    let (title, body) = match d {
        Dialog::TestParameters => (strings::test_parameters(), parameters(app)),
        Dialog::Settings => (strings::all_settings(), crate::settings::controls_view(app)),
        Dialog::Shortcuts => (strings::shortcuts(), shortcuts()),
        Dialog::About => (strings::about_entry(), about()),
    };
    let close = button(text(strings::close()).size(14))
        .style(style::action(app.look))
        .on_press(Message::Dialog(None));
    let title = text(title.trim_end_matches('…').to_string()).size(20);
    let mut c = col![title].spacing(10);
    if let Some(s) = &app.form.sentence {
        c = c.push(text(s.clone()).size(14));
    }
    let c = c
        .push(scrollable(body).height(Length::Shrink))
        .push(row![Space::new().width(Length::Fill), close].align_y(Alignment::Center));
    let panel = container(c)
        .padding(16)
        .max_width(760)
        .style(style::panel(app.look));
    let shade = container(center(panel).padding(20))
        .width(Length::Fill)
        .height(Length::Fill)
        .style(|_| container::background(Color::from_rgba(0.0, 0.0, 0.0, 0.45)));
    stack![base, opaque(mouse_area(shade))].into()
}

/// One line a row: its test, then a pick list for each parameter.
fn parameters(app: &App) -> Element<'_, Message> {
    let idle = !app.running();
    let mut head = row![].spacing(8);
    for (i, h) in strings::param_headings().into_iter().enumerate() {
        let w = if i == 0 { 150.0 } else { 120.0 };
        head = head.push(text(h).size(14).width(w));
    }
    let mut c = col![head].spacing(6);
    for (i, t) in app.choices.tests.iter().enumerate() {
        let on = move |p: Param| Message::TestParam(i, p);
        let pattern = pick_list(PATTERNS.map(Kind), Some(Kind(t.pattern)), move |p| {
            on(Param::Pattern(p.0))
        });
        let block = pick_list(BLOCKS.map(Block), Some(Block(t.block_size)), move |b| {
            on(Param::Block(b.0))
        });
        let queue = pick_list(QUEUES, Some(t.q), move |q| on(Param::Queue(q)));
        let threads = pick_list(THREADS, Some(t.t), move |n| on(Param::Threads(n)));
        let line = row![
            text(t.to_string()).size(14).width(150),
            container(pattern.text_size(14)).width(120),
            container(block.text_size(14)).width(120),
            container(queue.text_size(14)).width(120),
            container(threads.text_size(14)).width(120),
        ]
        .spacing(8)
        .align_y(Alignment::Center);
        c = c.push(line);
    }
    let reset = button(text(strings::reset_tests()).size(14))
        .style(style::action(app.look))
        .on_press_maybe(idle.then_some(Message::ResetTests));
    c.push(reset).into()
}

/// A pattern as the pick list shows it (`SEQ`, `RND`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Kind(diskmark::workload::Pattern);

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.short())
    }
}

/// A block size as the pick list shows it (`4K`, `1M`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Block(u64);

impl std::fmt::Display for Block {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&diskmark::units::block_label(self.0))
    }
}

fn shortcuts() -> Element<'static, Message> {
    let mut c = col![].spacing(4);
    for s in &crate::keys::SHORTCUTS {
        c = c.push(row![text(s.keys).size(14).width(170), text((s.what)()).size(14)].spacing(12));
    }
    c.into()
}

fn about() -> Element<'static, Message> {
    let mut c = col![].spacing(6);
    for line in strings::about(env!("CARGO_PKG_VERSION")) {
        c = c.push(text(line).size(14));
    }
    c.into()
}
