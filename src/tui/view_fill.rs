//! The sustained-write page drawn: what is asked (test, size, target),
//! the status, bytes written of total and MB/s now, MB/s against GB
//! written as a chart, and at the end the report's section (the knee, the
//! cache size, the speed after it) and the notes. Only measured figures:
//! before the first sample there is no rate and no point.

use super::app::{App, Page, Status};
use super::theme::{Theme, notes, rule, safe};
use crate::fl;
use crate::i18n::{num, number};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Chart, Dataset, GraphType, Paragraph, Wrap};

/// The most notes shown (the saved report has them all).
const MAX_NOTES: usize = 3;

/// Draws the page in `area`.
pub fn draw(f: &mut Frame<'_>, app: &App, theme: &Theme, area: Rect) {
    let section = app.fill.section();
    let notes = notes(&app.fill.notes, MAX_NOTES, theme, area.width);
    let [head, status, now, chart, result, notes_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(2),
        Constraint::Length(u16::from(app.running)),
        Constraint::Min(4),
        Constraint::Length(section.len() as u16),
        Constraint::Length(notes.len() as u16),
    ])
    .areas(area);
    draw_head(f, app, theme, head);
    let style = match app.status {
        Status::Error(_) if app.ran == Page::Fill => theme.error(),
        _ => Style::default().add_modifier(Modifier::BOLD),
    };
    f.render_widget(
        Paragraph::new(Span::styled(safe(&status_text(app)), style)).wrap(Wrap { trim: true }),
        status,
    );
    f.render_widget(Paragraph::new(now_text(app)), now);
    draw_chart(f, app, theme, chart);
    let lines: Vec<Line> = section.iter().map(|l| Line::from(safe(l))).collect();
    f.render_widget(Paragraph::new(lines), result);
    f.render_widget(Paragraph::new(notes), notes_area);
}

/// The button and what the write is asked.
fn draw_head(f: &mut Frame<'_>, app: &App, theme: &Theme, area: Rect) {
    let label = format!(
        "[ {} ]",
        if app.running {
            fl!("stop")
        } else {
            fl!("start")
        }
    );
    let ask = app.fill.ask();
    let line = Line::from(vec![
        Span::styled(label, theme.focus()),
        Span::raw(fl!(
            "tui-fill-head",
            test = ask.test.to_string(),
            size = app.fill.size_label(),
            target = safe(&app.choices.target.display().to_string())
        )),
    ]);
    f.render_widget(Paragraph::new(line), area);
}

/// The status of this page's run: another page's ended run is not
/// this page's.
fn status_text(app: &App) -> String {
    let status = if app.ran == Page::Fill {
        &app.status
    } else {
        &Status::Idle
    };
    match status {
        Status::Idle => fl!("tui-fill-ready"),
        Status::Starting => fl!("tui-fill-starting"),
        Status::Run(e) => match &e.step {
            crate::run::Step::Fill(p) => crate::front::words::fill_line(p),
            _ => fl!("tui-fill-writing"),
        },
        Status::Stopping => fl!("stopping"),
        Status::Finished => fl!("tui-finished"),
        Status::Stopped => fl!("tui-stopped"),
        Status::Error(e) => fl!("error", sentence = e.as_str()),
    }
}

/// Bytes written of total and the last sample's MB/s, as told, while
/// the write goes (after it, the result's section says what it wrote).
fn now_text(app: &App) -> String {
    let Some(p) = app.fill.now.filter(|_| app.running) else {
        return String::new();
    };
    let (done, total) = (num(p.written as f64 / 1e9, 2), num(p.total as f64 / 1e9, 2));
    match p.mbps {
        Some(m) => fl!(
            "tui-fill-now-rate",
            done = done,
            total = total,
            mbps = num(m, 2)
        ),
        None => fl!("tui-fill-now", done = done, total = total),
    }
}

/// MB/s against GB written: a line through the samples, axes from zero.
fn draw_chart(f: &mut Frame<'_>, app: &App, theme: &Theme, area: Rect) {
    let points: Vec<(f64, f64)> = app.fill.points.iter().map(|p| (p.gb, p.mbps)).collect();
    if points.is_empty() {
        let mut lines = vec![rule(&fl!("tui-fill-chart"), area.width, theme)];
        if app.running {
            lines.push(Line::from(format!("({})", fl!("nothing-measured"))));
        }
        f.render_widget(Paragraph::new(lines), area);
        return;
    }
    let total = match (&app.fill.result, app.fill.now) {
        (Some(r), _) => r.planned_bytes as f64 / 1e9,
        (None, Some(p)) => p.total as f64 / 1e9,
        (None, None) => 0.0,
    };
    let max_x = points.iter().map(|p| p.0).fold(total, f64::max).max(1e-3);
    // The top of the axis is the fastest sample, so that its label is a
    // measured figure, not a scale's round number.
    let max_y = points.iter().map(|p| p.1).fold(0.0, f64::max).max(1e-3);
    let data = Dataset::default()
        .marker(Marker::Braille)
        .graph_type(GraphType::Line)
        .style(theme.bar())
        .data(&points);
    let label = |v: f64| Span::raw(number(v, 2));
    let chart = Chart::new(vec![data])
        .x_axis(
            Axis::default()
                .title(Span::styled(fl!("gb-written"), theme.dim()))
                .bounds([0.0, max_x])
                .labels([label(0.0), label(max_x)]),
        )
        .y_axis(
            Axis::default()
                .title(Span::styled("MB/s", theme.dim()))
                .bounds([0.0, max_y])
                .labels([label(0.0), label(max_y)]),
        );
    f.render_widget(chart, area);
}
