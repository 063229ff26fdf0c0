//! The history page drawn: the database, then its runs newest first (id,
//! date, profile, target, label and headline figures) from the scroll's
//! first row, or the one line that says why there are none. Every text
//! from the database is escaped before it reaches the terminal.

use super::app::App;
use super::history::{HistoryRow, Listing};
use super::theme::{Theme, safe};
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
        Err(_) => "(none)".into(),
    };
    let mut lines = vec![Line::from(Span::styled(
        format!("History: {db}"),
        theme.dim(),
    ))];
    match &h.listing {
        Listing::NotRead => lines.push(Line::from("Reading the history...")),
        Listing::Empty(s) => lines.push(Line::from(safe(s))),
        Listing::Failed(s) => lines.push(Line::from(Span::styled(safe(s), theme.error()))),
        Listing::Runs(rows) => {
            // Besides the database line and the count: the header, then
            // the rows.
            let room = (area.height as usize).saturating_sub(2).max(2);
            lines.extend(table(rows, h.top, room));
            let last = (h.top + room - 1).min(rows.len());
            lines.push(Line::from(Span::styled(
                format!(
                    "{} run{} · {}–{} shown (diskmark history show ID shows one in full)",
                    rows.len(),
                    if rows.len() == 1 { "" } else { "s" },
                    h.top + 1,
                    last
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
    let head = ["id", "date", "profile", "target", "figures"];
    let width = |c: usize| {
        (cells.iter().map(|r| r[c].chars().count()))
            .chain([head[c].len()])
            .max()
            .unwrap_or(0)
    };
    let w: Vec<usize> = (0..5).map(width).collect();
    let line = |r: &[&str]| {
        format!(
            "{:>w0$}  {:<w1$}  {:<w2$}  {:<w3$}  {}",
            r[0],
            r[1],
            r[2],
            r[3],
            r[4],
            w0 = w[0],
            w1 = w[1],
            w2 = w[2],
            w3 = w[3]
        )
    };
    let mut out = vec![Line::from(Span::styled(
        line(&head),
        Style::default().add_modifier(Modifier::BOLD),
    ))];
    out.extend(
        (cells.iter()).map(|r| Line::from(line(&r.iter().map(String::as_str).collect::<Vec<_>>()))),
    );
    out
}
