//! What every page's drawing shares: the colours, or none under NO_COLOR;
//! the one way text from outside the program reaches the screen; a
//! section's title rule and the notes under it.

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

/// Colours, or none at all under NO_COLOR (then reverse video marks the
/// cursor and bars are drawn with blocks only).
pub struct Theme {
    /// Whether colours are used.
    pub color: bool,
}

impl Theme {
    /// The cursor.
    pub fn focus(&self) -> Style {
        if self.color {
            Style::default()
                .fg(Color::Black)
                .bg(Color::Cyan)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::default().add_modifier(Modifier::REVERSED)
        }
    }
    /// A bar, and the chart's line.
    pub fn bar(&self) -> Style {
        if self.color {
            Style::default().fg(Color::Green).bg(Color::Black)
        } else {
            Style::default()
        }
    }
    /// An error.
    pub fn error(&self) -> Style {
        if self.color {
            Style::default().fg(Color::Red).add_modifier(Modifier::BOLD)
        } else {
            Style::default().add_modifier(Modifier::BOLD)
        }
    }
    /// Labels, titles and what is not the figures.
    pub fn dim(&self) -> Style {
        if self.color {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default()
        }
    }
}

/// Text from outside the program (sysfs models, mount sources, paths,
/// error messages, what was typed or pasted, the history's rows) as the
/// terminal may show it: control characters escaped, never acted on.
pub fn safe(s: &str) -> String {
    crate::report::escape::escaped(s)
}

/// `─ Title ─────…` across `width`.
pub fn rule(title: &str, width: u16, theme: &Theme) -> Line<'static> {
    Line::from(Span::styled(
        format!("─ {title} ") + &"─".repeat(width as usize),
        theme.dim(),
    ))
}

/// The first `most` of `notes` under a `Notes` rule, one line each,
/// escaped (the saved report has them all); nothing without notes.
pub fn notes(notes: &[String], most: usize, theme: &Theme, width: u16) -> Vec<Line<'static>> {
    if notes.is_empty() {
        return Vec::new();
    }
    let mut lines = vec![rule(&crate::fl!("notes"), width, theme)];
    lines.extend((notes.iter().take(most)).map(|n| Line::from(format!("* {}", safe(n)))));
    lines
}

/// The terminal columns `text` takes: two for a wide (CJK) character.
pub fn columns(text: &str) -> usize {
    ratatui::text::Span::raw(text).width()
}

/// `text` padded with spaces to `width` terminal columns.
pub fn pad(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(columns(text))))
}
