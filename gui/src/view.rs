//! What the window draws: the top row, the grid (in [`crate::grid`]),
//! the drive and the comment under it, the status bar, the actions and
//! the notes.

use crate::app::{App, Message, Status, Unit};
use crate::strings;
use diskmark::front::Setting;
use diskmark::run::{Event, Step};
use iced::widget::text;
use iced::widget::{Space, column as col, pick_list, scrollable, text_input};
use iced::{Alignment, Element, Length};

/// The widget id of the comment field (tests type in it).
pub const COMMENT_ID: &str = "comment";

/// The whole window: the menu bar, the top row, the grid, the drive and
/// the comment, the status bar, the path row of an action, the notes;
/// the open dialog or menu over them.
pub fn view(app: &App) -> Element<'_, Message> {
    let body = iced::widget::container(crate::pages::body(app)).height(Length::FillPortion(4));
    let mut c = col![
        crate::menu::bar(app),
        top_row(app),
        crate::settings::panel(app),
        crate::pages::tabs(app),
        body,
        drive_row(app),
        status_bar(app),
    ];
    if let Some(path) = crate::actions::path_row_view(app) {
        c = c.push(path);
    }
    if let Some(m) = &app.message {
        c = c.push(crate::mirror::line(m.clone(), 14.0, Length::Fill));
    }
    let base = c
        .push(notes(app))
        .spacing(8)
        .padding(crate::style::PADDING)
        .into();
    crate::menu::over(app, crate::modal::over(app, base))
}

/// The loops, the size, the target and the unit, as CrystalDiskMark's
/// top row (its All button heads the grid).
fn top_row(app: &App) -> Element<'_, Message> {
    let [loops, size] = crate::settings::TOP_ROW.map(Setting::named);
    crate::mirror::row(vec![
        top_pick(app, loops),
        top_pick(app, size),
        text(strings::target()).into(),
        crate::picker::picker(app),
        text(strings::unit()).into(),
        pick_list(Unit::ALL, Some(app.unit), Message::Unit).into(),
    ])
    .spacing(8)
    .align_y(Alignment::Center)
    .into()
}

/// A top-row setting: its label and its pick list.
fn top_pick(app: &App, s: Option<&'static Setting>) -> Element<'static, Message> {
    match s {
        Some(s) => crate::mirror::row(vec![
            text(s.title()).into(),
            crate::settings::pick_list_of(app, s),
        ])
        .spacing(8)
        .align_y(Alignment::Center)
        .into(),
        None => Space::new().into(),
    }
}

/// Under the grid, as CrystalDiskMark's: the drive under test, and the
/// comment that becomes the result's label.
fn drive_row(app: &App) -> Element<'_, Message> {
    let drive = app.drive_line();
    let comment = text_input(&strings::comment(), &app.comment)
        .id(COMMENT_ID)
        .size(14)
        .width(Length::FillPortion(2))
        .on_input_maybe((!app.running()).then_some(Message::Comment));
    crate::mirror::row(vec![
        crate::mirror::line(drive, 14.0, Length::FillPortion(3)),
        comment.into(),
    ])
    .spacing(8)
    .align_y(Alignment::Center)
    .into()
}

fn status_bar(app: &App) -> Element<'_, Message> {
    let (what, left) = match &app.status {
        Status::Ready => (strings::ready().to_string(), None),
        Status::Running(None) => (strings::prefill(0, 1), None),
        Status::Running(Some(e)) => (live(e), e.time.map(|t| strings::time_left(t.left))),
        Status::Stopping => (strings::stopping().to_string(), None),
        Status::Finished => (strings::finished().to_string(), None),
        Status::Stopped => (strings::stopped().to_string(), None),
        Status::Error(s) => (strings::error(s), None),
        Status::Shown(file) => (strings::shown(file), None),
    };
    crate::mirror::row(vec![
        crate::mirror::line(what, 16.0, Length::Fill),
        text(left.unwrap_or_default()).into(),
    ])
    .spacing(8)
    .into()
}

/// The status of a running run's last event.
fn live(e: &Event) -> String {
    match &e.step {
        Step::Prefill { done, total } => strings::prefill(*done, *total),
        Step::Interval { remaining } => strings::interval(*remaining),
        Step::Running(l) => strings::running(
            l.phase,
            &l.at.requested.to_string(),
            &diskmark::front::words::direction(l.at.direction),
            l.at.loop_index + 1,
            l.at.loops,
            l.mbps,
        ),
        Step::LoopDone(f) => strings::running(
            diskmark::run::Phase::Drain,
            &f.at.requested.to_string(),
            &diskmark::front::words::direction(f.at.direction),
            f.at.loop_index + 1,
            f.at.loops,
            Some(f.headline.mbps),
        ),
        Step::Fill(p) => diskmark::front::words::fill_line(p),
        Step::Span(p) => diskmark::front::words::span_line(p),
        Step::Host(h) => h.sentence.clone(),
        // Shown with the notes, never as the status (App::apply).
        Step::Warning(w) => w.sentence.clone(),
    }
}

fn notes(app: &App) -> Element<'_, Message> {
    let mut c = col![]
        .spacing(4)
        .width(Length::Fill)
        .align_x(crate::mirror::start());
    if !app.notes().is_empty() {
        c = c.push(crate::mirror::line(strings::notes(), 16.0, Length::Fill));
        for n in app.notes() {
            c = c.push(crate::mirror::line(n.clone(), 13.0, Length::Fill));
        }
    }
    // The scrollbar beside the notes, not over their ends.
    scrollable(c)
        .spacing(6)
        .height(Length::FillPortion(1))
        .into()
}
