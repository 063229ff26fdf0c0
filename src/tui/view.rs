//! Drawing the interface: CrystalDiskMark's grid (a Start button, one row
//! per test with a cell per direction, value and logarithmic bar), a status
//! line, the target's model, filesystem and usage, and the settings.

use super::app::{App, Focus, Status, Unit, fields};
use crate::report::draw::axis::{latency_bar, throughput_bar};
use crate::run::{Event, Step};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Gauge, Paragraph};

/// Colours, or none at all under NO_COLOR (then reverse video marks the
/// cursor and bars are drawn with blocks only).
struct Theme {
    color: bool,
}

impl Theme {
    fn focus(&self) -> Style {
        if self.color {
            Style::default()
                .fg(Color::Black)
                .bg(Color::Cyan)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::default().add_modifier(Modifier::REVERSED)
        }
    }
    fn bar(&self) -> Style {
        if self.color {
            Style::default().fg(Color::Green).bg(Color::Black)
        } else {
            Style::default()
        }
    }
    fn error(&self) -> Style {
        if self.color {
            Style::default().fg(Color::Red).add_modifier(Modifier::BOLD)
        } else {
            Style::default().add_modifier(Modifier::BOLD)
        }
    }
    fn dim(&self) -> Style {
        if self.color {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default()
        }
    }
}

/// A value in the display unit.
fn format_value(unit: Unit, mbps: f64, iops: f64, lat_us: f64) -> String {
    match unit {
        Unit::MBps if mbps >= 1e6 => format!("{mbps:.0}"),
        Unit::MBps => format!("{mbps:.2}"),
        Unit::GBps => format!("{:.3}", mbps / 1000.0),
        Unit::Iops if iops >= 1e6 => format!("{iops:.0}"),
        Unit::Iops => format!("{iops:.2}"),
        Unit::Latency => format!("{lat_us:.2}"),
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
        .title_bottom(hint(app));
    let inner = outer.inner(area);
    f.render_widget(outer, area);
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
    draw_header(f, app, &theme, header);
    draw_grid(f, app, &theme, colhead, grid);
    draw_status(f, app, &theme, status);
    draw_info(f, app, &theme, info);
    draw_notes(f, app, &theme, notes_area);
    f.render_widget(
        Paragraph::new(Line::from(Span::styled(
            "─ Settings ".to_string() + &"─".repeat(settings_title.width as usize),
            theme.dim(),
        ))),
        settings_title,
    );
    draw_settings(f, app, &theme, settings);
    if app.help {
        draw_help(f, &theme, area);
    }
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
    let notes = app.grid.notes();
    let mut lines = vec![Line::from(Span::styled(
        "─ Notes ".to_string() + &"─".repeat(area.width as usize),
        theme.dim(),
    ))];
    lines.extend((notes.iter().take(MAX_NOTES)).map(|n| Line::from(format!("* {}", safe(n)))));
    f.render_widget(Paragraph::new(lines), area);
}

/// Text from outside the program (sysfs models, mount sources, paths,
/// error messages, what was typed or pasted) as the terminal may show it:
/// control characters escaped, never acted on.
fn safe(s: &str) -> String {
    crate::report::escape::escaped(s)
}

fn hint(app: &App) -> Line<'static> {
    if let Some(input) = &app.input {
        let (before, after) = input.split();
        return Line::from(format!(
            " Target path: {}▏{} (Enter accept, Esc cancel, Ctrl-U clear) ",
            safe(&before),
            safe(&after)
        ));
    }
    if let Some(m) = &app.message {
        return Line::from(format!(" {} ", safe(m)));
    }
    Line::from(" ↑↓ move · ←→ change · Enter start · Esc stop · s save · ? help · q quit ")
}

fn draw_header(f: &mut Frame<'_>, app: &App, theme: &Theme, area: Rect) {
    let s = &app.choices;
    let label = if app.running { "[ Stop ]" } else { "[ All ]" };
    let button = if app.focus == Focus::All {
        Span::styled(label, theme.focus())
    } else {
        Span::styled(label, Style::default().add_modifier(Modifier::BOLD))
    };
    let mix = if s.mix { " +Mix" } else { "" };
    let line = Line::from(vec![
        button,
        Span::raw(format!(
            "  {} · {} loop{} · {} · {}{mix} · {}",
            s.profile.display_name(),
            s.loops,
            if s.loops == 1 { "" } else { "s" },
            crate::units::file_size_label(s.size),
            safe(&s.target.display().to_string()),
            app.unit.name()
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
            crate::workload::Direction::Read => "Read".to_string(),
            crate::workload::Direction::Write => "Write".to_string(),
            crate::workload::Direction::Mix { read_pct } => {
                format!("Mix {read_pct}/{}", 100 - read_pct)
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
        Some((_, 0.0, _)) => (0.0, "no I/O".to_string()),
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

fn status_text(app: &App) -> String {
    match &app.status {
        Status::Idle => "Ready: Enter starts all tests; on a test row, that test alone".into(),
        Status::Starting => "Preparing the test file: 0%".into(),
        Status::Run(e) => event_text(e),
        Status::Stopping => "Stopping...".into(),
        Status::Finished => "Finished. s: save report · J: save JSON · c: copy".into(),
        Status::Stopped => "Stopped. The test file was removed.".into(),
        Status::Error(e) => format!("Error: {e}"),
    }
}

/// The status line of a step of the run.
fn event_text(e: &Event) -> String {
    match &e.step {
        Step::Prefill { done, total } => {
            format!("Preparing the test file: {}%", done * 100 / (*total).max(1))
        }
        Step::Interval { remaining } => {
            format!("Interval: next test in {:.1} s", remaining.as_secs_f64())
        }
        Step::Running(live) => {
            let speed = live
                .mbps
                .map(|m| format!(" · {m:.2} MB/s"))
                .unwrap_or_default();
            format!(
                "{} {} · loop {}/{} · {} · {:.1} s left{speed}",
                live.at.applied,
                live.at.direction.name(),
                live.at.loop_index + 1,
                live.at.loops,
                live.phase.name(),
                live.remaining.as_secs_f64()
            )
        }
        Step::Fill(p) => crate::progress::modes::fill_line(p),
        Step::Span(p) => crate::progress::modes::span_line(p),
        Step::Host(h) => h.sentence.clone(),
        // Not a status: it fills a cell, or is a note of the report
        // (App::on_msg keeps the status for both).
        Step::LoopDone(_) | Step::Warning(_) => String::new(),
    }
}

fn draw_status(f: &mut Frame<'_>, app: &App, theme: &Theme, area: Rect) {
    let style = match app.status {
        Status::Error(_) => theme.error(),
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
            crate::target::link::describe(t.model(), t.link()).unwrap_or_else(|| "unknown".into()),
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
    let width = fields
        .iter()
        .map(|f| f.label().chars().count())
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
                Span::styled(format!("{:<width$}", field.label()), theme.dim()),
                Span::styled(safe(&app.value(*field)), value_style),
            ])),
            line,
        );
    }
}

fn draw_help(f: &mut Frame<'_>, theme: &Theme, area: Rect) {
    let mut lines = super::keys::KEYS.to_vec();
    lines.extend(["", "any key closes this help"]);
    let w = (lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) + 4)
        .min(area.width as usize) as u16;
    let h = (lines.len() as u16 + 2).min(area.height);
    let rect = Rect {
        x: area.x + (area.width.saturating_sub(w)) / 2,
        y: area.y + (area.height.saturating_sub(h)) / 2,
        width: w,
        height: h,
    };
    f.render_widget(Clear, rect);
    f.render_widget(
        Paragraph::new(lines.iter().map(|l| Line::from(*l)).collect::<Vec<_>>()).block(
            Block::default()
                .borders(Borders::ALL)
                .title(" Keys ")
                .border_style(theme.dim()),
        ),
        rect,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::Backend;
    use crate::config::{Choices, Settings};
    use crate::engine::EngineKind;
    use crate::run::{Live, Phase, Position, RunOutput, TimeLeft};
    use crate::stats::LoopResult;
    use crate::tui::app::tests::loop_done;
    use crate::tui::app::{App, LastRun, Msg, TargetChoice};
    use crate::workload::Direction;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn app() -> App {
        let mut s = Choices::defaults("/var/tmp".into());
        s.engine = Backend::Native(EngineKind::Psync);
        s.mix = true;
        s.loops = 3;
        let mut a = App::new(
            s,
            vec![TargetChoice {
                path: "/var/tmp".into(),
            }],
            Vec::new(),
        );
        a.target_info = Some(Ok(crate::report::fixtures::target()));
        a
    }

    /// A loop of `ios` I/Os of `lat_us` each, in the direction's stats.
    fn measured(direction: Direction, ios: u64, bs: u64, lat_us: u64) -> LoopResult {
        let mut l = LoopResult::empty(1_000_000_000);
        let d = match direction {
            Direction::Read | Direction::Mix { .. } => &mut l.read,
            Direction::Write => &mut l.write,
        };
        for _ in 0..ios {
            d.record(lat_us * 1000, bs);
        }
        l
    }

    fn fill(a: &mut App, rows: usize) {
        let tests = a.choices.tests.clone();
        for (r, t) in tests.iter().enumerate().take(rows) {
            for (i, d) in [
                Direction::Read,
                Direction::Write,
                Direction::Mix { read_pct: 70 },
            ]
            .into_iter()
            .enumerate()
            {
                let ios = (3000 - 500 * r as u64) / (1 + i as u64);
                let l = measured(d, ios, t.block_size, 100 + 200 * r as u64);
                a.on_msg(loop_done(r, *t, d, l));
            }
        }
    }

    fn screen(a: &App, w: u16, h: u16) -> String {
        let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
        term.draw(|f| draw(f, a)).unwrap();
        let buf = term.backend().buffer().clone();
        let mut out = String::new();
        for y in 0..h {
            let line: String = (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out.replace(env!("CARGO_PKG_VERSION"), "VERSION")
    }

    fn states() -> Vec<(&'static str, App)> {
        let idle = app();
        let mut running = app();
        running.on_start(None);
        fill(&mut running, 2);
        running.on_msg(Msg::Run(Event {
            step: Step::Running(Live {
                at: Position {
                    test_index: 2,
                    requested: running.choices.tests[2],
                    applied: crate::workload::parse_test("RND4K Q1T32").unwrap(),
                    direction: Direction::Read,
                    loop_index: 1,
                    loops: 3,
                },
                phase: Phase::Measure,
                remaining: std::time::Duration::from_millis(3200),
                mbps: Some(321.5),
                iops: Some(10_000.0),
            }),
            time: Some(TimeLeft {
                planned: std::time::Duration::from_secs(100),
                left: std::time::Duration::from_secs(60),
            }),
        }));
        running.focus = Focus::All;
        let mut finished = app();
        finished.on_start(None);
        fill(&mut finished, 4);
        finished.on_msg(Msg::Done(Box::new(Ok(LastRun {
            settings: Settings::validate(finished.choices.clone()).unwrap(),
            target: crate::report::fixtures::target(),
            output: RunOutput {
                started: chrono::Local::now(),
                tests: Vec::new(),
                notes: Vec::new(),
                interrupted: None,
                qos: None,
                kept_file: None,
                test_file: Default::default(),
                sustained: None,
                span: None,
                elapsed: None,
            },
        }))));
        finished.grid.set_notes(vec![
            "psync is synchronous: Q8T1 ran as Q1T8".into(),
            "tmpfs is memory, not a disk: O_DIRECT is accepted but has no effect".into(),
        ]);
        finished.focus = Focus::Row(1);
        let mut error = app();
        error.on_start(None);
        error.on_msg(Msg::Done(Box::new(Err(
            "not enough free space in /var/tmp: the test file needs 1.00 GiB but only 512.00 MiB is available; use a smaller --size or another target".into(),
        ))));
        error.focus = Focus::Field(6);
        vec![
            ("idle", idle),
            ("running", running),
            ("finished", finished),
            ("error", error),
        ]
    }

    #[test]
    fn snapshots_at_80x24_and_120x40() {
        for (name, a) in states() {
            insta::assert_snapshot!(format!("{name}-80x24"), screen(&a, 80, 24));
            insta::assert_snapshot!(format!("{name}-120x40"), screen(&a, 120, 40));
        }
    }

    #[test]
    fn running_screen_shows_live_values_and_the_running_row() {
        let (_, a) = states().remove(1);
        let s = screen(&a, 80, 24);
        assert!(
            s.contains("RND4K Q1T32 read · loop 2/3 · measure · 3.2 s left · 321.50 MB/s"),
            "{s}"
        );
        assert!(s.contains("▶RND4K Q32T1"), "{s}");
        assert!(s.contains("[ Stop ]"));
        // Filled rows carry numbers, the rest a dash.
        let row0 = s.lines().find(|l| l.contains("SEQ1M Q8T1")).unwrap();
        assert!(row0.chars().any(|c| c.is_ascii_digit()), "{row0}");
    }

    #[test]
    fn the_notes_are_shown_escaped_under_the_grid() {
        let (_, mut a) = states().remove(2);
        let s = screen(&a, 80, 24);
        assert!(s.contains("Notes"), "{s}");
        assert!(
            s.contains("* psync is synchronous: Q8T1 ran as Q1T8"),
            "{s}"
        );
        assert!(s.contains("* tmpfs is memory, not a disk"), "{s}");
        a.grid.set_notes(vec!["a note \u{1b}[2J".into()]);
        let s = screen(&a, 80, 24);
        assert!(s.contains("* a note \\x1b[2J"), "{s}");
        a.grid.set_notes(Vec::new());
        assert!(!screen(&a, 80, 24).contains("Notes"));
    }

    #[test]
    fn help_overlay_and_units() {
        let mut a = states().remove(2).1;
        a.help = true;
        let s = screen(&a, 80, 24);
        assert!(
            s.contains("Keys") && s.contains("copy the report to the clipboard"),
            "{s}"
        );
        a.help = false;
        a.unit = crate::tui::app::Unit::Latency;
        let s = screen(&a, 80, 24);
        assert!(s.contains("· µs"), "{s}");
        assert!(s.contains("100.00"), "{s}");
    }

    #[test]
    fn a_cell_without_io_and_hostile_target_text() {
        let mut a = app();
        a.on_start(None);
        let t = a.choices.tests[0];
        let l = measured(Direction::Read, 0, t.block_size, 100);
        a.on_msg(loop_done(0, t, Direction::Read, l));
        let mut target = crate::report::fixtures::target();
        target.fs_type = "ext4\u{1b}[2J".into();
        if let Some(d) = target.device.as_mut() {
            d.model = Some("evil\u{9b}31m\u{202e}".into());
        }
        a.target_info = Some(Ok(target));
        a.message = Some("saved \u{7}x".into());
        let s = screen(&a, 120, 40);
        let row0 = s.lines().find(|l| l.contains("SEQ1M Q8T1")).unwrap();
        assert!(row0.contains("no I/O") && !row0.contains("0.00"), "{row0}");
        assert!(s.contains("evil\\x9b31m\\u{202e}"), "{s}");
        assert!(
            s.contains("ext4\\x1b[2J") && s.contains("saved \\x07x"),
            "{s}"
        );
        assert!(
            !s.chars()
                .any(|c| c != '\n' && crate::report::escape::is_unsafe(c))
        );
    }
}
