//! The pages beside the grid (docs/gui.md#pages): the sustained write,
//! the whole-device map, latency under load and the history. Each runs
//! through the one run API ([`crate::app::App::start_page`]) and draws
//! what its events and its report say: the live series on a chart
//! ([`crate::plot`]) while it runs, then the report's own section, worded
//! as the CLI's text report words it.

use crate::app::{App, Message};
use crate::overlay::Page;
use crate::plot::{Plot, Point2};
use crate::strings;
use crate::style;
use diskmark::report::model::Run;
use iced::widget::text;
use iced::widget::{Space, button, canvas, column as col, container, row, scrollable, text_input};
use iced::{Alignment, Element, Font, Length};

/// The widget id of the span page's device field (tests type in it).
pub const DEVICE_ID: &str = "span-device";

/// The tabs: one button a page, the open one marked.
pub fn tabs(app: &App) -> Element<'_, Message> {
    let tabs = Page::ALL.iter().map(|p| {
        let open = app.page == *p;
        button(text(strings::page(*p)).size(14))
            .padding([4, 12])
            .style(style::entry(app.look, open))
            .on_press(Message::Page(*p))
            .into()
    });
    let r = crate::mirror::row(tabs.collect()).spacing(4);
    iced::widget::container(r)
        .width(iced::Length::Fill)
        .align_x(crate::mirror::start())
        .into()
}

/// The open page's body (the grid's is [`crate::grid`]).
pub fn body(app: &App) -> Element<'_, Message> {
    match app.page {
        Page::Grid => crate::grid::grid(app),
        Page::Sustained => sustained(app),
        Page::Span => span(app),
        Page::Qos => qos(app),
        Page::History => crate::history_page::view(app),
    }
}

/// Start (Stop while a run goes) and what the page runs.
fn head<'a>(app: &'a App, what: String) -> Element<'a, Message> {
    let (label, msg) = match app.running() {
        true => (strings::stop(), Message::Stop),
        false => (strings::start(), Message::StartPage),
    };
    // Centred by its container: iced draws a right-to-left text given an
    // alignment of its own off its box (crate::mirror::line).
    let start = button(iced::widget::container(text(label).size(18)).center_x(Length::Fill))
        .width(crate::grid::LABEL_MIN)
        .padding([6, 10])
        .style(style::label(app.look, false))
        .on_press(msg);
    crate::mirror::row(vec![
        start.into(),
        crate::mirror::line(what, 14.0, Length::Fill),
    ])
    .spacing(12)
    .align_y(Alignment::Center)
    .into()
}

/// The report's section of the page's mode, once a run (or a result file
/// shown) has one: in the CLI's words, monospaced.
fn section<'a>(
    model: Option<&Run>,
    write: fn(&mut String, &Run) -> bool,
) -> Option<Element<'a, Message>> {
    let mut out = String::new();
    if !model.is_some_and(|m| write(&mut out, m)) {
        return None;
    }
    let t = text(out.trim().to_string()).size(13).font(Font::MONOSPACE);
    Some(scrollable(t).height(Length::Fill).into())
}

/// The sizes a sustained write offers: up to the free space (less a
/// margin, the CLI's default), or a fixed amount.
const FILL_SIZES: [Option<u64>; 6] = [
    None,
    Some(1 << 30),
    Some(4 << 30),
    Some(16 << 30),
    Some(64 << 30),
    Some(256 << 30),
];

/// A sustained write's size as its pick list shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FillSize(Option<u64>);

impl std::fmt::Display for FillSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            None => f.write_str(&strings::fill_free_space()),
            Some(b) => f.write_str(&diskmark::units::file_size_label(b)),
        }
    }
}

fn sustained(app: &App) -> Element<'_, Message> {
    let model = app.page_model();
    let what = strings::sustained_what(app.sustained_size, &app.trace);
    let mut sizes: Vec<FillSize> = FILL_SIZES.iter().map(|s| FillSize(*s)).collect();
    if !FILL_SIZES.contains(&app.sustained_size) {
        sizes.insert(1, FillSize(app.sustained_size));
    }
    let idle = !app.running();
    let pick = iced::widget::pick_list(sizes, Some(FillSize(app.sustained_size)), |s| {
        Message::SustainedSize(s.0)
    })
    .text_size(14);
    let size = row![text(strings::fill_size()).size(14), pick]
        .spacing(8)
        .align_y(Alignment::Center);
    let head = match idle {
        true => col![head(app, what), size].spacing(6).into(),
        false => head(app, what),
    };
    let mut plot = Plot {
        points: points(app),
        x_max: app.trace.x_max(),
        x_label: strings::gb_written(),
        y_label: "MB/s".into(),
        mark: None,
        second: None,
        empty: strings::nothing_measured(),
        look: app.look,
        column: 1,
    };
    if let Some(s) = model.and_then(|m| m.sustained.as_ref()) {
        // The result's whole series: the live one may miss the last
        // sample, and a result file shown has no live one.
        plot.points = (s.series.iter())
            .map(|p| Point2 {
                x: p.bytes_written as f64 / 1e9,
                y: p.mbps,
            })
            .collect();
        plot.x_max = s.planned_bytes.max(s.bytes_written) as f64 / 1e9;
        plot.mark = (s.cache_bytes).map(|b| (b as f64 / 1e9, strings::knee(b as f64 / 1e9)));
        let temps: Vec<Point2> = (s.series.iter())
            .filter_map(|p| {
                p.temp_c.map(|t| Point2 {
                    x: p.bytes_written as f64 / 1e9,
                    y: t,
                })
            })
            .collect();
        plot.second = (!temps.is_empty()).then(|| (temps, "°C".to_string()));
    }
    let body = section(model, |out, m| match &m.sustained {
        Some(s) => {
            diskmark::report::text::sustained::section(out, s);
            true
        }
        None => false,
    });
    page(app, head, plot, body)
}

fn span(app: &App) -> Element<'_, Message> {
    let model = app.page_model();
    let idle = !app.running();
    let device = text_input(&strings::span_device(), &app.span_device)
        .id(DEVICE_ID)
        .size(14)
        .on_input_maybe(idle.then_some(Message::SpanDevice));
    let what = strings::span_what(&app.trace);
    let head = col![head(app, what), device].spacing(6);
    let mut plot = Plot {
        points: points(app),
        x_max: 100.0,
        x_label: strings::position(),
        y_label: "MB/s".into(),
        mark: None,
        second: None,
        empty: strings::nothing_measured(),
        look: app.look,
        column: 0,
    };
    if let Some(s) = model.and_then(|m| m.span.as_ref()) {
        let whole = s.device_bytes.max(1) as f64;
        plot.points = (s.samples.iter())
            .map(|p| Point2 {
                x: p.offset as f64 / whole * 100.0,
                y: p.mbps,
            })
            .collect();
    }
    let body = section(model, |out, m| match &m.span {
        Some(s) => {
            diskmark::report::text::span::section(out, s);
            true
        }
        None => false,
    });
    page(app, head.into(), plot, body)
}

fn qos(app: &App) -> Element<'_, Message> {
    let model = app.page_model();
    let body = section(model, |out, m| match &m.qos {
        Some(q) => {
            diskmark::report::text::qos::text(out, q);
            true
        }
        None => false,
    });
    let waiting = match app.running() {
        true => strings::qos_running(),
        false => strings::qos_what(),
    };
    let body = body.unwrap_or_else(|| Space::new().into());
    col![head(app, waiting.to_string()), body]
        .spacing(12)
        .height(Length::Fill)
        .into()
}

/// The live series as the chart's points.
fn points(app: &App) -> Vec<Point2> {
    (app.trace.points().iter())
        .map(|p| Point2 { x: p.x, y: p.mbps })
        .collect()
}

fn page<'a>(
    app: &'a App,
    head: Element<'a, Message>,
    plot: Plot,
    body: Option<Element<'a, Message>>,
) -> Element<'a, Message> {
    let chart = container(canvas(plot).width(Length::Fill).height(Length::Fill))
        .style(style::cell(app.look, false))
        .height(Length::FillPortion(3));
    let mut c = col![head, chart].spacing(8).height(Length::Fill);
    if let Some(b) = body {
        c = c.push(container(b).height(Length::FillPortion(2)));
    }
    c.into()
}
