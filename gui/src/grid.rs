//! The grid as CrystalDiskMark draws it (docs/gui.md#the-grid): a green
//! button per test (its name over its Q/T, the running row marked), and
//! cells that fill the width, each with its large figure on the meter's
//! bar and a second line with the other figures and the Q/T that ran;
//! hovering a cell shows it in every unit with its loops' spread. Sizes
//! follow the space the window gives the grid, so it scales with the
//! window.

use crate::app::{App, Message};
use crate::strings;
use crate::style::{self, Look};
use crate::unit::Unit;
use diskmark::front::{CellAt, CellDetail};
use diskmark::stats::DirSummary;
use diskmark::workload::{Direction, TestSpec};
use iced::widget::text;
use iced::widget::{Space, button, column as col, container, responsive, row, stack, tooltip};
use iced::{Alignment, Element, Length, Size};

/// The grid's sizes for the space it has.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Metrics {
    /// Width of the tests' buttons (and of All above them).
    pub label_width: f32,
    /// Height of a row.
    pub row_height: f32,
    /// Height of the columns' headings.
    pub heading: f32,
    /// Text size of a cell's figure.
    pub figure: f32,
    /// Text size of a cell's second line.
    pub detail: f32,
    /// Text size of a test's name (its Q/T is smaller).
    pub name: f32,
}

/// The narrowest the tests' buttons get (the pages' Start is as wide).
pub const LABEL_MIN: f32 = 110.0;

/// Room between rows and between cells.
pub const GAP: f32 = 6.0;

impl Metrics {
    /// The sizes for `rows` rows and `columns` cells a row in `space`.
    pub fn of(space: Size, rows: usize, columns: usize) -> Metrics {
        let label_width = (space.width * 0.17).clamp(LABEL_MIN, 240.0);
        let heading = (space.height * 0.11).clamp(30.0, 52.0);
        let rows = rows.max(1) as f32;
        let row_height = ((space.height - heading - GAP * rows) / rows).max(34.0);
        let cols = columns.max(1) as f32;
        let cell_width = (space.width - label_width - GAP * cols) / cols;
        let figure = (row_height * 0.46).min(cell_width * 0.13).clamp(15.0, 60.0);
        Metrics {
            label_width,
            row_height,
            heading,
            figure,
            detail: (figure * 0.42).clamp(10.0, 18.0),
            name: (row_height * 0.34).clamp(13.0, 28.0),
        }
    }
}

/// The grid, sized to the space the window gives it.
pub fn grid(app: &App) -> Element<'_, Message> {
    responsive(move |space| {
        let m = Metrics::of(space, app.rows().len(), app.columns().len());
        body(app, m)
    })
    .into()
}

fn body(app: &App, m: Metrics) -> Element<'_, Message> {
    let columns = app.columns();
    // In a right-to-left language the tests' column is on the right and
    // Read is the first column from it (crate::mirror).
    let mut header = vec![all_button(app, m)];
    for d in &columns {
        let heading = strings::heading(&direction_name(*d), &app.unit.to_string());
        let t = text(heading).size((m.heading * 0.45).min(22.0));
        header.push(container(t).center_x(Length::Fill).into());
    }
    let header = crate::mirror::row(header)
        .spacing(GAP)
        .height(m.heading)
        .align_y(Alignment::Center);
    let mut grid = col![header].spacing(GAP);
    for (i, test) in app.rows().iter().enumerate() {
        let mut r = vec![test_button(app, i, *test, m)];
        for d in &columns {
            r.push(cell(app, i, diskmark::front::column(*d), m));
        }
        grid = grid.push(crate::mirror::row(r).spacing(GAP).height(m.row_height));
    }
    grid.into()
}

/// All, which becomes Stop while a run goes, as CrystalDiskMark's.
fn all_button(app: &App, m: Metrics) -> Element<'_, Message> {
    let (label, msg) = match app.running() {
        true => (strings::stop(), Message::Stop),
        false => (strings::all(), Message::All),
    };
    let label = text(label).size(m.heading * 0.55);
    button(container(label).center(Length::Fill))
        .width(m.label_width)
        .height(Length::Fill)
        .padding(0)
        .style(style::label(app.look, false))
        .on_press(msg)
        .into()
}

fn direction_name(d: Direction) -> String {
    diskmark::front::words::direction(d)
}

/// The widget id of row `i`'s test button (tests click it by it).
pub fn row_id(i: usize) -> String {
    format!("test-row-{i}")
}

/// A test's green button, its name over its Q/T; it runs that test alone.
/// The running row's is edged and carries the marker.
fn test_button(app: &App, i: usize, test: TestSpec, m: Metrics) -> Element<'_, Message> {
    // An opened file's rows are the file's: no row runs while it is shown.
    let can_run = !app.running() && app.showing().is_none();
    let marked = app.live().is_some_and(|l| l.at.row == i);
    let spelled = test.to_string();
    let (kind, qt) = spelled.split_once(' ').unwrap_or((&spelled, ""));
    let mut name = row![].spacing(4).align_y(Alignment::Center);
    if marked {
        name = name.push(text(strings::RUNNING_MARK).size(m.name * 0.8));
    }
    let name = name.push(text(kind.to_string()).size(m.name));
    let label = col![name, text(qt.to_string()).size(m.name * 0.72)]
        .align_x(Alignment::Center)
        .width(Length::Fill);
    let b = button(container(label).center_y(Length::Fill))
        .width(m.label_width)
        .height(Length::Fill)
        .style(style::label(app.look, marked))
        .on_press_maybe(can_run.then_some(Message::Row(i)));
    container(b).id(row_id(i)).into()
}

/// What a cell shows: its figure and bar, its second line, its hover.
struct Shown {
    figure: String,
    bar: f64,
    detail: String,
    hover: Option<String>,
}

fn shown(app: &App, at: CellAt) -> Shown {
    let live = app.live().filter(|l| l.at == at);
    if let Some(l) = live {
        let (figure, bar) = app
            .unit
            .live(l)
            .map_or((strings::EMPTY_CELL.into(), 0.0), |(v, b)| {
                (app.unit.format(v), b)
            });
        return Shown {
            figure,
            bar,
            detail: strings::phase_name(l.phase).to_string(),
            hover: None,
        };
    }
    let done = app.cell(at.row, at.col).filter(|s| s.completed());
    match done {
        Some(s) => {
            let (v, bar) = app.unit.figure(s);
            let detail = app.grid.detail(at).cloned().unwrap_or_default();
            Shown {
                figure: app.unit.format(v),
                bar,
                detail: second_line(app.unit, s, &detail),
                hover: Some(hover(s, &detail)),
            }
        }
        None => Shown {
            figure: strings::EMPTY_CELL.into(),
            bar: 0.0,
            detail: String::new(),
            hover: None,
        },
    }
}

/// The figures the unit does not show, and the Q/T that ran when adapted.
pub fn second_line(unit: Unit, s: &DirSummary, d: &CellDetail) -> String {
    let lat = s.lat.as_ref().map(|l| l.mean_us);
    let mut parts: Vec<String> = Vec::new();
    if !matches!(unit, Unit::MBps | Unit::GBps) {
        parts.push(strings::mbps(s.mbps));
    }
    if unit != Unit::Iops {
        parts.push(strings::iops(s.iops));
    }
    if let (false, Some(us)) = (unit == Unit::Latency, lat) {
        parts.push(strings::micros(us));
    }
    if let Some(ran) = d.ran {
        parts.push(strings::ran(&ran.to_string()));
    }
    parts.join(" · ")
}

/// A cell in every unit, and its loops' spread.
pub fn hover(s: &DirSummary, d: &CellDetail) -> String {
    let lat = s.lat.as_ref().map(|l| l.mean_us);
    let mut lines = vec![strings::every_unit(s.mbps, s.iops, lat)];
    if let Some(sp) = &d.spread {
        lines.push(strings::spread(sp.n, sp.min, sp.max, sp.ci95_pct));
    }
    if let Some(ran) = d.ran {
        lines.push(strings::ran(&ran.to_string()));
    }
    lines.join("\n")
}

fn cell(app: &App, row_index: usize, col_index: usize, m: Metrics) -> Element<'_, Message> {
    let at = CellAt {
        row: row_index,
        col: col_index,
    };
    let running = app.live().is_some_and(|l| l.at == at);
    let s = shown(app, at);
    // The figure at the end the bar grows toward: the right, or the left
    // in a right-to-left language (its digits stay left to right).
    let end = match crate::mirror::rtl() {
        true => Alignment::Start,
        false => Alignment::End,
    };
    let figures = col![text(s.figure).size(m.figure), text(s.detail).size(m.detail)]
        .align_x(end)
        .width(Length::Fill);
    let figures = container(figures)
        .padding([0.0, 10.0])
        .center_y(Length::Fill);
    let boxed = container(stack![meter(app.look, col_index, s.bar), figures])
        .style(style::cell(app.look, running))
        .width(Length::Fill)
        .height(Length::Fill)
        .padding(1);
    match s.hover {
        Some(h) => tooltip(
            boxed,
            container(text(h).size(14))
                .padding(8)
                .style(style::panel(app.look)),
            tooltip::Position::Bottom,
        )
        .into(),
        None => boxed.into(),
    }
}

/// The meter's bar, `pct` percent of the cell from the start of the
/// line (the right, in a right-to-left language).
fn meter(look: Look, col_index: usize, pct: f64) -> Element<'static, Message> {
    let filled = (pct.round().clamp(0.0, 100.0)) as u16;
    let mut parts: Vec<Element<'static, Message>> = Vec::new();
    if filled > 0 {
        let bar = container(Space::new())
            .width(Length::FillPortion(filled))
            .height(Length::Fill)
            .style(style::bar(look, col_index));
        parts.push(bar.into());
    }
    if filled < 100 {
        parts.push(Space::new().width(Length::FillPortion(100 - filled)).into());
    }
    crate::mirror::row(parts).height(Length::Fill).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use diskmark::stats::{LatSummary, Spread};

    fn summary() -> DirSummary {
        DirSummary {
            window_ns: 1_000_000_000,
            ios: 1000,
            bytes: 4_096_000,
            mbps: 4.096,
            iops: 1000.0,
            lat: Some(LatSummary {
                mean_us: 52.5,
                min_us: 1.0,
                max_us: 90.0,
                stddev_us: 3.0,
                percentiles_us: Vec::new(),
            }),
        }
    }

    #[test]
    fn the_second_line_holds_what_the_unit_does_not() {
        let s = summary();
        let ran = diskmark::workload::parse_test("RND4K Q1T8").ok();
        let d = CellDetail { ran, spread: None };
        assert_eq!(
            second_line(Unit::MBps, &s, &d),
            "1,000 IOPS · 52.5 µs · ran Q1T8"
        );
        let plain = CellDetail::default();
        assert_eq!(second_line(Unit::Iops, &s, &plain), "4.10 MB/s · 52.5 µs");
        assert_eq!(
            second_line(Unit::Latency, &s, &plain),
            "4.10 MB/s · 1,000 IOPS"
        );
    }

    #[test]
    fn the_hover_has_every_unit_and_the_loops_spread() {
        let d = CellDetail {
            ran: None,
            spread: Spread::of(&[4.0, 4.2, 4.1]),
        };
        let h = hover(&summary(), &d);
        assert!(h.contains("4.10 MB/s") && h.contains("0.004 GB/s"), "{h}");
        assert!(h.contains("1,000 IOPS") && h.contains("52.5 µs"), "{h}");
        assert!(h.contains("3 loops: 4.00 – 4.20 MB/s"), "{h}");
    }

    #[test]
    fn the_grid_grows_with_the_window_and_keeps_its_minimum() {
        let small = Metrics::of(Size::new(876.0, 250.0), 4, 2);
        let large = Metrics::of(Size::new(1800.0, 900.0), 4, 2);
        assert!(large.figure > small.figure && large.row_height > small.row_height);
        assert!(small.row_height >= 34.0 && small.figure >= 15.0);
    }
}
