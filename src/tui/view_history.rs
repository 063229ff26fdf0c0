//! The history page drawn: the database, then its runs newest first (id,
//! date, profile, target, label and headline figures) from the scroll's
//! first row, or the one line that says why there are none. Every text
//! from the database is escaped before it reaches the terminal.

use super::app::App;
use super::history::{HistoryRow, Listing};
use super::theme::{Theme, columns, pad, safe};
use crate::fl;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

/// The widest target shown; a longer one is cut, marked with `…`.
const TARGET_WIDTH: usize = 28;

/// Draws the page in `area`.
pub fn draw(f: &mut Frame<'_>, app: &App, theme: &Theme, area: Rect) {
    let h = &app.history;
    let db = match &h.db {
        Ok(p) => safe(&p.display().to_string()),
        Err(_) => format!("({})", fl!("tui-none")),
    };
    let mut lines = vec![Line::from(Span::styled(
        fl!("tui-history-db", db = db),
        theme.dim(),
    ))];
    match &h.listing {
        Listing::NotRead => lines.push(Line::from(fl!("tui-history-reading"))),
        Listing::Empty(s) => lines.push(Line::from(safe(s))),
        Listing::Failed(s) => lines.push(Line::from(Span::styled(safe(s), theme.error()))),
        Listing::Runs(rows) => {
            // Besides the database line and the count: the header, then
            // the rows.
            let room = (area.height as usize).saturating_sub(2).max(2);
            lines.extend(table(rows, h.top, room));
            let last = (h.top + room - 1).min(rows.len());
            lines.push(Line::from(Span::styled(
                fl!(
                    "tui-history-count",
                    n = rows.len(),
                    first = (h.top + 1),
                    last = last
                ),
                theme.dim(),
            )));
        }
    }
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), area);
}

/// `text` escaped, cut to `width` characters.
fn cut(text: &str, width: usize) -> String {
    let s = safe(text);
    if s.chars().count() <= width {
        return s;
    }
    s.chars().take(width.saturating_sub(1)).collect::<String>() + "…"
}

/// The header and `room - 1` rows from `top`, in columns as wide as
/// their widest cell.
fn table(rows: &[HistoryRow], top: usize, room: usize) -> Vec<Line<'static>> {
    let shown: Vec<&HistoryRow> = rows.iter().skip(top).take(room.saturating_sub(1)).collect();
    let cells: Vec<[String; 5]> = (shown.iter())
        .map(|r| {
            let label = r.label.as_deref().map(|l| format!("[{}] ", safe(l)));
            [
                r.id.to_string(),
                safe(&r.date),
                safe(&r.profile),
                cut(&r.target, TARGET_WIDTH),
                label.unwrap_or_default() + &safe(&r.headline),
            ]
        })
        .collect();
    let head = [
        fl!("tui-col-id"),
        fl!("tui-col-date"),
        fl!("tui-col-profile"),
        fl!("tui-col-target"),
        fl!("tui-col-figures"),
    ];
    let width = |c: usize| {
        (cells.iter().map(|r| columns(&r[c])))
            .chain([columns(&head[c])])
            .max()
            .unwrap_or(0)
    };
    let w: Vec<usize> = (0..5).map(width).collect();
    let line = |r: &[String; 5]| {
        format!(
            "{}{}  {}  {}  {}  {}",
            " ".repeat(w[0].saturating_sub(columns(&r[0]))),
            r[0],
            pad(&r[1], w[1]),
            pad(&r[2], w[2]),
            pad(&r[3], w[3]),
            r[4],
        )
    };
    let mut out = vec![Line::from(Span::styled(
        line(&head),
        Style::default().add_modifier(Modifier::BOLD),
    ))];
    out.extend((cells.iter()).map(|r| Line::from(line(r))));
    out
}
