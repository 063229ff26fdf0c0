//! What the window draws: the top row, the grid with KDiskMark's meter in
//! every cell, the status bar and the notes.

use crate::app::{App, Message, SizeChoice, Status, Unit, column, size_presets};
use crate::strings;
use diskmark::run::{Event, Step};
use diskmark::workload::Direction;
use iced::widget::{Space, button, column as col, container, pick_list, row, scrollable, text};
use iced::{Color, Element, Length, Theme};

/// The colour of the meter's bars; the end-to-end test looks for it in
/// the screenshot.
pub const BAR: Color = Color::from_rgb8(0x2e, 0x9e, 0x4f);

/// Width of a figure's cell, logical pixels.
const CELL_WIDTH: f32 = 190.0;

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
    let loops: Vec<u32> = (1..=9).collect();
    let mut sizes = size_presets();
    let size = SizeChoice(app.choices.size);
    if !sizes.contains(&size) {
        sizes.insert(0, size);
    }
    row![
        all,
        stop,
        text(strings::LOOPS),
        pick_list(loops, Some(app.choices.loops), Message::Loops),
        text(strings::SIZE),
        pick_list(sizes, Some(size), Message::Size),
        text(strings::TARGET),
        crate::picker::picker(app),
        text(strings::UNIT),
        pick_list(Unit::ALL, Some(app.unit), Message::Unit),
    ]
    .spacing(8)
    .align_y(iced::Alignment::Center)
    .into()
}

fn grid(app: &App) -> Element<'_, Message> {
    let columns = app.columns();
    let mut header = row![Space::new().width(Length::Fixed(140.0))].spacing(8);
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
    for (i, test) in app.rows().iter().enumerate() {
        // The row's own button runs its test alone.
        let run = can_run.then_some(Message::Row(i));
        let name = button(text(test.to_string()).size(14)).on_press_maybe(run);
        let mut r = row![name.width(140)].spacing(8);
        for d in &columns {
            r = r.push(cell(app, i, column(*d)));
        }
        grid = grid.push(r.align_y(iced::Alignment::Center));
    }
    grid.into()
}

/// One figure and its bar on the log meter.
fn cell(app: &App, row_index: usize, col_index: usize) -> Element<'_, Message> {
    let (value, pct) = match app.cell(row_index, col_index) {
        Some(s) if s.completed() => {
            let (v, bar) = app.unit.figure(s);
            (app.unit.format(v), bar)
        }
        _ => (strings::EMPTY_CELL.to_string(), 0.0),
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
        Status::Running(Some(e)) => (live(e), Some(strings::time_left(e.time.left))),
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
        // Shown with the notes, never as the status (App::apply).
        Step::Warning(w) => w.sentence.clone(),
    }
}

fn notes(app: &App) -> Element<'_, Message> {
    let mut c = col![].spacing(4);
    if let Some(m) = &app.message {
        c = c.push(text(m.clone()));
    }
    if !app.notes.is_empty() {
        c = c.push(text(strings::NOTES).size(16));
        for n in &app.notes {
            c = c.push(text(n.clone()).size(13));
        }
    }
    // The scrollbar beside the notes, not over their ends.
    scrollable(c).spacing(6).height(Length::Fill).into()
}
