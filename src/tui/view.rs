//! Drawing the interface: the frame with the pages' tabs and the key hint,
//! and the grid's page: CrystalDiskMark's grid (a Start button, one row
//! per test with a cell per direction, value and logarithmic bar), a status
//! line, the target's model, filesystem and usage, and the settings. The
//! other pages are drawn by `view_fill.rs` and `view_history.rs`.

use super::app::{App, Focus, Page, Status, Unit, fields};
use super::theme::{Theme, columns, notes, pad, rule, safe};
use crate::fl;
use crate::i18n::{num, number};
use crate::report::draw::axis::{latency_bar, throughput_bar};
use crate::run::{Event, Step};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Gauge, Paragraph};

/// A value in the display unit.
fn format_value(unit: Unit, mbps: f64, iops: f64, lat_us: f64) -> String {
    match unit {
        Unit::MBps if mbps >= 1e6 => number(mbps, 0),
        Unit::MBps => number(mbps, 2),
        Unit::GBps => number(mbps / 1000.0, 3),
        Unit::Iops if iops >= 1e6 => number(iops, 0),
        Unit::Iops => number(iops, 2),
        Unit::Latency => number(lat_us, 2),
    }
}

/// Draws the whole screen.
pub fn draw(f: &mut Frame<'_>, app: &App) {
    let theme = Theme {
        color: !app.no_color,
    };
    let area = f.area();
    let outer = Block::default()
        .borders(Borders::ALL)
        .title(format!(" diskmark {} ", env!("CARGO_PKG_VERSION")))
        .title(tabs(app, &theme).right_aligned())
        .title_bottom(hint(app));
    let inner = outer.inner(area);
    f.render_widget(outer, area);
    match app.page {
        Page::Grid => draw_grid_page(f, app, &theme, inner),
        Page::Fill => super::view_fill::draw(f, app, &theme, inner),
        Page::History => super::view_history::draw(f, app, &theme, inner),
    }
    if app.help {
        draw_help(f, &theme, area);
    }
}

/// The pages with their keys, the one shown in brackets (and in the
/// cursor's colours).
fn tabs(app: &App, theme: &Theme) -> Line<'static> {
    let mut spans = vec![Span::raw(" ")];
    for p in Page::ALL {
        let text = format!("{} {}", p.key(), p.name());
        spans.push(if p == app.page {
            Span::styled(format!("[{text}]"), theme.focus())
        } else {
            Span::styled(format!(" {text} "), theme.dim())
        });
    }
    spans.push(Span::raw(" "));
    Line::from(spans)
}

/// The grid's page.
fn draw_grid_page(f: &mut Frame<'_>, app: &App, theme: &Theme, inner: Rect) {
    let rows = app.rows().len() as u16;
    let notes = app.grid.notes().len().min(MAX_NOTES) as u16;
    let [
        header,
        colhead,
        grid,
        status,
        info,
        notes_area,
        settings_title,
        settings,
    ] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(rows),
        Constraint::Length(2),
        Constraint::Length(1),
        Constraint::Length(if notes == 0 { 0 } else { notes + 1 }),
        Constraint::Length(1),
        Constraint::Min(0),
    ])
    .areas(inner);
    draw_header(f, app, theme, header);
    draw_grid(f, app, theme, colhead, grid);
    draw_status(f, app, theme, status);
    draw_info(f, app, theme, info);
    draw_notes(f, app, theme, notes_area);
    f.render_widget(
        Paragraph::new(rule(&fl!("tui-settings"), settings_title.width, theme)),
        settings_title,
    );
    draw_settings(f, app, theme, settings);
}

/// The most notes shown at once: the run's first, as the report lists
/// them (the saved report has them all).
const MAX_NOTES: usize = 4;

/// The run's notes (its adaptations and the target's caveats as the run
/// tells them, then the report's), one line each, under a title.
fn draw_notes(f: &mut Frame<'_>, app: &App, theme: &Theme, area: Rect) {
    if area.height == 0 {
        return;
    }
    f.render_widget(
        Paragraph::new(notes(app.grid.notes(), MAX_NOTES, theme, area.width)),
        area,
    );
}

fn hint(app: &App) -> Line<'static> {
    if let Some(input) = &app.input {
        let (before, after) = input.split();
        return Line::from(fl!(
            "tui-target-prompt",
            before = safe(&before),
            after = safe(&after)
        ));
    }
    if let Some(m) = &app.message {
        return Line::from(format!(" {} ", safe(m)));
    }
    Line::from(match app.page {
        Page::Grid => fl!("tui-hint-grid"),
        Page::Fill => fl!("tui-hint-fill"),
        Page::History => fl!("tui-hint-history"),
    })
}

fn draw_header(f: &mut Frame<'_>, app: &App, theme: &Theme, area: Rect) {
    let s = &app.choices;
    let label = format!("[ {} ]", if app.running { fl!("stop") } else { fl!("all") });
    let button = if app.focus == Focus::All {
        Span::styled(label, theme.focus())
    } else {
        Span::styled(label, Style::default().add_modifier(Modifier::BOLD))
    };
    let mix = if s.mix { " +Mix" } else { "" };
    let line = Line::from(vec![
        button,
        Span::raw(fl!(
            "tui-header",
            profile = crate::front::words::profile(s.profile),
            loops = s.loops,
            size = crate::units::file_size_label(s.size),
            target = safe(&s.target.display().to_string()),
            mix = mix,
            unit = app.unit.name()
        )),
    ]);
    f.render_widget(Paragraph::new(line), area);
}

fn draw_grid(f: &mut Frame<'_>, app: &App, theme: &Theme, colhead: Rect, grid: Rect) {
    let cols = app.columns();
    let mut widths = vec![Constraint::Length(15)];
    widths.extend(cols.iter().map(|_| Constraint::Fill(1)));
    let head_areas = Layout::horizontal(widths.clone()).spacing(1).split(colhead);
    for (i, (_, d)) in cols.iter().enumerate() {
        let title = match d {
            crate::workload::Direction::Read => fl!("read"),
            crate::workload::Direction::Write => fl!("write"),
            crate::workload::Direction::Mix { read_pct } => {
                fl!("tui-mix-heading", read = read_pct, write = (100 - read_pct))
            }
        };
        f.render_widget(
            Paragraph::new(title)
                .style(Style::default().add_modifier(Modifier::BOLD))
                .centered(),
            head_areas[i + 1],
        );
    }
    let running_row = app.running_row();
    for (r, t) in app.rows().iter().enumerate() {
        let line = Rect {
            y: grid.y + r as u16,
            height: 1,
            ..grid
        };
        if line.y >= grid.y + grid.height {
            break;
        }
        let areas = Layout::horizontal(widths.clone()).spacing(1).split(line);
        let name = t.to_string();
        let mark = if app.running && running_row == Some(r) {
            "▶"
        } else {
            " "
        };
        let style = if app.focus == Focus::Row(r) {
            theme.focus()
        } else {
            Style::default()
        };
        f.render_widget(
            Paragraph::new(Line::from(vec![
                Span::raw(mark),
                Span::styled(format!("{name:<13}"), style),
            ])),
            areas[0],
        );
        for (i, (col, _)) in cols.iter().enumerate() {
            let (ratio, label) = cell_gauge(app, r, *col);
            f.render_widget(
                Gauge::default()
                    .ratio(ratio.clamp(0.0, 1.0))
                    .label(label)
                    .gauge_style(theme.bar())
                    .use_unicode(true),
                areas[i + 1],
            );
        }
    }
}

/// A cell's bar (0..1) and label: the running cell's last tick (which
/// has no latency), else its figures so far, `no I/O`, or a dash.
fn cell_gauge(app: &App, row: usize, col: usize) -> (f64, String) {
    let here = crate::front::CellAt { row, col };
    let live = (app.grid.live())
        .filter(|l| l.at == here && app.running)
        // A tick in which no I/O completed has no figure.
        .and_then(|l| Some((l.mbps.filter(|m| *m > 0.0)?, l.iops?)));
    if let Some((mbps, iops)) = live {
        let label = match app.unit {
            Unit::Latency => "-".to_string(),
            u => format_value(u, mbps, iops, 0.0),
        };
        return (throughput_bar(mbps) / 100.0, label);
    }
    match app.cell(row, col) {
        // IOPS are exactly 0 only when no I/O completed: not a figure.
        Some((_, 0.0, _)) => (0.0, fl!("no-io")),
        Some((mbps, iops, lat)) => {
            let pct = if app.unit == Unit::Latency {
                latency_bar(lat)
            } else {
                throughput_bar(mbps)
            };
            (pct / 100.0, format_value(app.unit, mbps, iops, lat))
        }
        None => (0.0, "-".to_string()),
    }
}

/// The status of this page's run: another page's ended run is not
/// this page's.
fn status_text(app: &App) -> String {
    let status = if app.ran == Page::Grid {
        &app.status
    } else {
        &Status::Idle
    };
    match status {
        Status::Idle => fl!("tui-ready"),
        Status::Starting => fl!("prefill", pct = 0),
        Status::Run(e) => event_text(e),
        Status::Stopping => fl!("stopping"),
        Status::Finished => fl!("tui-finished"),
        Status::Stopped => fl!("tui-stopped"),
        Status::Error(e) => fl!("error", sentence = e.as_str()),
    }
}

/// The status line of a step of the run.
fn event_text(e: &Event) -> String {
    match &e.step {
        Step::Prefill { done, total } => {
            fl!("prefill", pct = (done * 100 / (*total).max(1)))
        }
        Step::Interval { remaining } => {
            fl!("tui-interval", seconds = num(remaining.as_secs_f64(), 1))
        }
        Step::Running(live) => {
            let phase = crate::front::words::phase(live.phase);
            let direction = crate::front::words::direction(live.at.direction);
            let left = num(live.remaining.as_secs_f64(), 1);
            let (test, lp, loops) = (
                live.at.applied.to_string(),
                live.at.loop_index + 1,
                live.at.loops,
            );
            match live.mbps {
                Some(m) => fl!(
                    "tui-running-rate",
                    test = test,
                    direction = direction,
                    lp = lp,
                    loops = loops,
                    phase = phase,
                    left = left,
                    mbps = num(m, 2)
                ),
                None => fl!(
                    "tui-running",
                    test = test,
                    direction = direction,
                    lp = lp,
                    loops = loops,
                    phase = phase,
                    left = left
                ),
            }
        }
        Step::Fill(p) => crate::front::words::fill_line(p),
        Step::Span(p) => crate::front::words::span_line(p),
        Step::Host(h) => h.sentence.clone(),
        // Not a status: it fills a cell, or is a note of the report
        // (App::on_msg keeps the status for both).
        Step::LoopDone(_) | Step::Warning(_) => String::new(),
    }
}

fn draw_status(f: &mut Frame<'_>, app: &App, theme: &Theme, area: Rect) {
    let style = match app.status {
        Status::Error(_) if app.ran == Page::Grid => theme.error(),
        _ => Style::default().add_modifier(Modifier::BOLD),
    };
    f.render_widget(
        Paragraph::new(Span::styled(safe(&status_text(app)), style))
            .wrap(ratatui::widgets::Wrap { trim: true }),
        area,
    );
}

fn draw_info(f: &mut Frame<'_>, app: &App, theme: &Theme, area: Rect) {
    let text = match &app.target_info {
        Some(Ok(t)) => format!(
            "{} · {} on {} · {}",
            crate::target::link::describe(t.model(), t.link()).unwrap_or_else(|| fl!("unknown")),
            t.fs_type,
            t.source.as_deref().unwrap_or("?"),
            t.usage.text()
        ),
        Some(Err(e)) => e.clone(),
        None => String::new(),
    };
    f.render_widget(Paragraph::new(Span::styled(safe(&text), theme.dim())), area);
}

fn draw_settings(f: &mut Frame<'_>, app: &App, theme: &Theme, area: Rect) {
    let fields = fields();
    let per_col = fields.len().div_ceil(2);
    // Columns, not characters: a CJK label takes two per character.
    let width = fields
        .iter()
        .map(|f| columns(&f.label()))
        .max()
        .unwrap_or(0)
        + 1;
    let [left, right] = Layout::horizontal([Constraint::Fill(1), Constraint::Fill(1)])
        .spacing(2)
        .areas(area);
    for (i, field) in fields.iter().enumerate() {
        let col = if i < per_col { left } else { right };
        let y = col.y + (i % per_col) as u16;
        if y >= col.y + col.height {
            continue;
        }
        let line = Rect {
            y,
            height: 1,
            ..col
        };
        let value_style = if app.focus == Focus::Field(i) {
            theme.focus()
        } else {
            Style::default()
        };
        f.render_widget(
            Paragraph::new(Line::from(vec![
                Span::styled(pad(&field.label(), width), theme.dim()),
                Span::styled(safe(&app.value(*field)), value_style),
            ])),
            line,
        );
    }
}

fn draw_help(f: &mut Frame<'_>, theme: &Theme, area: Rect) {
    let mut lines = super::keys::keys();
    lines.extend([String::new(), fl!("tui-help-close")]);
    let w =
        (lines.iter().map(|l| columns(l)).max().unwrap_or(0) + 4).min(area.width as usize) as u16;
    let h = (lines.len() as u16 + 2).min(area.height);
    let rect = Rect {
        x: area.x + (area.width.saturating_sub(w)) / 2,
        y: area.y + (area.height.saturating_sub(h)) / 2,
        width: w,
        height: h,
    };
    f.render_widget(Clear, rect);
    f.render_widget(
        Paragraph::new(lines.into_iter().map(Line::from).collect::<Vec<_>>()).block(
            Block::default()
                .borders(Borders::ALL)
                .title(format!(" {} ", fl!("tui-keys")))
                .border_style(theme.dim()),
        ),
        rect,
    );
}

#[cfg(test)]
mod tests;
