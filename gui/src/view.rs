//! What the window draws: the top row, the grid with KDiskMark's meter in
//! every cell, the status bar and the notes.

use crate::app::{App, Message, Status, Unit, column};
use crate::strings;
use diskmark::front::CellAt;
use diskmark::front::Setting;
use diskmark::run::{Event, Step};
use diskmark::workload::Direction;
use iced::widget::{Space, button, column as col, container, pick_list, row, scrollable, text};
use iced::{Color, Element, Length, Theme};

/// The colour of the meter's bars; the end-to-end test looks for it in
/// the screenshot.
pub const BAR: Color = Color::from_rgb8(0x2e, 0x9e, 0x4f);

/// Width of a figure's cell, logical pixels.
const CELL_WIDTH: f32 = 190.0;

/// Width of the running row's marker, logical pixels.
const MARK_WIDTH: f32 = 14.0;

/// The whole window.
pub fn view(app: &App) -> Element<'_, Message> {
    col![
        top_row(app),
        crate::settings::panel(app),
        grid(app),
        status_bar(app),
        crate::actions::view(app),
        notes(app)
    ]
    // 8, not 12: with the settings open, the action row must still fit
    // a 900×560 window (the snapshot tests look at it).
    .spacing(8)
    .padding(12)
    .into()
}

fn top_row(app: &App) -> Element<'_, Message> {
    let running = app.running();
    let all = button(strings::ALL).on_press_maybe((!running).then_some(Message::All));
    let stop = button(strings::STOP).on_press_maybe(running.then_some(Message::Stop));
    let [loops, size] = crate::settings::TOP_ROW.map(Setting::named);
    row![
        all,
        stop,
        top_pick(app, loops),
        top_pick(app, size),
        text(strings::TARGET),
        crate::picker::picker(app),
        text(strings::UNIT),
        pick_list(Unit::ALL, Some(app.unit), Message::Unit),
    ]
    .spacing(8)
    .align_y(iced::Alignment::Center)
    .into()
}

/// A top-row setting: its label and its pick list.
fn top_pick(app: &App, s: Option<&'static Setting>) -> Element<'static, Message> {
    match s {
        Some(s) => row![text(s.label), crate::settings::pick_list_of(app, s)]
            .spacing(8)
            .align_y(iced::Alignment::Center)
            .into(),
        None => Space::new().into(),
    }
}

fn grid(app: &App) -> Element<'_, Message> {
    let columns = app.columns();
    let mut header = row![Space::new().width(Length::Fixed(MARK_WIDTH + 8.0 + 140.0))].spacing(8);
    for d in &columns {
        let name = match d {
            Direction::Read => strings::READ,
            Direction::Write => strings::WRITE,
            Direction::Mix { .. } => strings::MIX,
        };
        header = header.push(text(format!("{name} ({})", app.unit)).width(CELL_WIDTH));
    }
    let mut grid = col![header].spacing(8);
    // An opened file's rows are the file's: no row runs while it is shown.
    let can_run = !app.running() && app.showing().is_none();
    let running_row = app.live().map(|l| l.at.row);
    for (i, test) in app.rows().iter().enumerate() {
        // The row's own button runs its test alone.
        let run = can_run.then_some(Message::Row(i));
        let name = button(text(test.to_string()).size(14)).on_press_maybe(run);
        let mark = if running_row == Some(i) {
            strings::RUNNING_MARK
        } else {
            ""
        };
        let mut r = row![text(mark).width(MARK_WIDTH), name.width(140)].spacing(8);
        for d in &columns {
            r = r.push(cell(app, i, column(*d)));
        }
        grid = grid.push(r.align_y(iced::Alignment::Center));
    }
    grid.into()
}

/// One figure and its bar on the log meter: the cell running now shows
/// its loop's live figure (the last tick's), the others their figures so
/// far.
fn cell(app: &App, row_index: usize, col_index: usize) -> Element<'_, Message> {
    let here = CellAt {
        row: row_index,
        col: col_index,
    };
    let live = app.live().filter(|l| l.at == here);
    let figure = match live {
        Some(l) => app.unit.live(l),
        None => (app.cell(row_index, col_index))
            .filter(|s| s.completed())
            .map(|s| app.unit.figure(s)),
    };
    let (value, pct) = match figure {
        Some((v, bar)) => (app.unit.format(v), bar),
        None => (strings::EMPTY_CELL.to_string(), 0.0),
    };
    let filled = (pct.round() as u16).min(100);
    let mut bar = row![];
    if filled > 0 {
        bar = bar.push(
            container(Space::new().height(8))
                .width(Length::FillPortion(filled))
                .style(|_: &Theme| container::background(BAR)),
        );
    }
    if filled < 100 {
        bar = bar.push(
            Space::new()
                .width(Length::FillPortion(100 - filled))
                .height(8),
        );
    }
    col![text(value).size(20), bar]
        .spacing(2)
        .width(CELL_WIDTH)
        .into()
}

fn status_bar(app: &App) -> Element<'_, Message> {
    let (what, left) = match &app.status {
        Status::Ready => (strings::READY.to_string(), None),
        Status::Running(None) => (strings::prefill(0, 1), None),
        Status::Running(Some(e)) => (live(e), e.time.map(|t| strings::time_left(t.left))),
        Status::Stopping => (strings::STOPPING.to_string(), None),
        Status::Finished => (strings::FINISHED.to_string(), None),
        Status::Stopped => (strings::STOPPED.to_string(), None),
        Status::Error(s) => (strings::error(s), None),
        Status::Shown(file) => (strings::shown(file), None),
    };
    row![
        text(what).width(Length::Fill),
        text(left.unwrap_or_default())
    ]
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
            l.at.direction.name(),
            l.at.loop_index + 1,
            l.at.loops,
            l.mbps,
        ),
        Step::LoopDone(f) => strings::running(
            diskmark::run::Phase::Drain,
            &f.at.requested.to_string(),
            f.at.direction.name(),
            f.at.loop_index + 1,
            f.at.loops,
            Some(f.headline.mbps),
        ),
        Step::Fill(p) => diskmark::progress::modes::fill_line(p),
        Step::Span(p) => diskmark::progress::modes::span_line(p),
        Step::Host(h) => h.sentence.clone(),
        // Shown with the notes, never as the status (App::apply).
        Step::Warning(w) => w.sentence.clone(),
    }
}

fn notes(app: &App) -> Element<'_, Message> {
    let mut c = col![].spacing(4);
    if let Some(m) = &app.message {
        c = c.push(text(m.clone()));
    }
    if !app.notes().is_empty() {
        c = c.push(text(strings::NOTES).size(16));
        for n in app.notes() {
            c = c.push(text(n.clone()).size(13));
        }
    }
    // The scrollbar beside the notes, not over their ends.
    scrollable(c).spacing(6).height(Length::Fill).into()
}
