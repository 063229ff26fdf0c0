//! The window's looks: light, dark and high contrast, each with the
//! colours of CrystalDiskMark's grid as diskmark's card draws it (green
//! test buttons, cells with the meter's bar behind the figure) and of the
//! buttons, chosen so that every text is readable on what is behind it
//! (WCAG AA, 4.5:1, disabled buttons included) and every bar stands out
//! from its cell (3:1, AA for graphics); the unit tests check both
//! (docs/gui.md#looks-and-contrast).

use iced::widget::{button, container};
use iced::{Background, Border, Color, Shadow, Theme, color};

/// Room around the window's contents, logical pixels.
pub const PADDING: f32 = 12.0;

/// A look of the window, switchable while a run goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Look {
    /// Dark text on light.
    #[default]
    Light,
    /// Light text on dark.
    Dark,
    /// White on black, yellow buttons.
    HighContrast,
}

/// The colours of one look.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Colors {
    /// Behind everything.
    pub background: Color,
    /// Text outside the grid.
    pub text: Color,
    /// A test's button and All.
    pub label: Color,
    /// Their text.
    pub label_text: Color,
    /// A test's button while a run goes (it cannot be pressed).
    pub label_disabled: Color,
    /// Its text.
    pub label_disabled_text: Color,
    /// A cell.
    pub cell: Color,
    /// A cell's edge.
    pub cell_border: Color,
    /// The edge of the cell running now.
    pub running_border: Color,
    /// The meter's bars: read, write, mix.
    pub bars: [Color; 3],
    /// A cell's figures (on the cell and on its bar).
    pub figure: Color,
    /// The other buttons.
    pub action: Color,
    /// Their text.
    pub action_text: Color,
    /// A button that cannot be pressed now.
    pub disabled: Color,
    /// Its text.
    pub disabled_text: Color,
}

const LIGHT: Colors = Colors {
    background: Color::WHITE,
    text: Color::BLACK,
    label: color!(0x2e7d32),
    label_text: Color::WHITE,
    label_disabled: color!(0x5f6b60),
    label_disabled_text: Color::WHITE,
    cell: color!(0xf4f7fb),
    cell_border: color!(0xc8d2de),
    running_border: color!(0x2e7d32),
    bars: [color!(0x4f8ecc), color!(0xd4702c), color!(0x3a9a53)],
    figure: color!(0x111111),
    action: color!(0x3949ab),
    action_text: Color::WHITE,
    disabled: color!(0xe0e0e0),
    disabled_text: color!(0x5a5a5a),
};

const DARK: Colors = Colors {
    background: color!(0x2b2d31),
    text: Color::WHITE,
    label: color!(0x2e7d32),
    label_text: Color::WHITE,
    label_disabled: color!(0x4b544c),
    label_disabled_text: Color::WHITE,
    cell: color!(0x1e2024),
    cell_border: color!(0x4a505a),
    running_border: color!(0x66bb6a),
    bars: [color!(0x3873ae), color!(0xa9582a), color!(0x2f7e46)],
    figure: Color::WHITE,
    action: color!(0x5c6bc0),
    action_text: Color::WHITE,
    disabled: color!(0x3a3d42),
    disabled_text: color!(0xb8b8b8),
};

const HIGH_CONTRAST: Colors = Colors {
    background: Color::BLACK,
    text: Color::WHITE,
    label: color!(0xffff00),
    label_text: Color::BLACK,
    label_disabled: color!(0x9a9a00),
    label_disabled_text: Color::BLACK,
    cell: Color::BLACK,
    cell_border: Color::WHITE,
    running_border: color!(0xffff00),
    bars: [color!(0x2a6fb8), color!(0xa65a00), color!(0x2b7d2b)],
    figure: Color::WHITE,
    action: color!(0xffff00),
    action_text: Color::BLACK,
    disabled: Color::BLACK,
    disabled_text: color!(0xa0a0a0),
};

impl Look {
    /// Every look, in the menu's order.
    pub const ALL: [Look; 3] = [Look::Light, Look::Dark, Look::HighContrast];

    /// Its colours.
    pub fn colors(self) -> &'static Colors {
        match self {
            Look::Light => &LIGHT,
            Look::Dark => &DARK,
            Look::HighContrast => &HIGH_CONTRAST,
        }
    }

    /// iced's theme for it (the pick lists', fields' and scrollbars'
    /// colours).
    pub fn theme(self) -> Theme {
        match self {
            Look::Light => Theme::Light,
            Look::Dark => Theme::Dark,
            Look::HighContrast => {
                let c = self.colors();
                Theme::custom(
                    "High contrast",
                    iced::theme::Palette {
                        background: c.background,
                        text: c.text,
                        primary: c.action,
                        success: color!(0x00ff00),
                        warning: c.action,
                        danger: color!(0xff6060),
                    },
                )
            }
        }
    }
}

fn solid(background: Color, text_color: Color, border: Border) -> button::Style {
    button::Style {
        background: Some(Background::Color(background)),
        text_color,
        border,
        shadow: Shadow::default(),
        snap: true,
    }
}

/// A slightly darker (or, on dark, lighter) shade for the pointer over a
/// button.
fn hovered(c: Color, look: Look) -> Color {
    let k = if look == Look::Light { 0.85 } else { 1.15 };
    Color::from_rgb((c.r * k).min(1.0), (c.g * k).min(1.0), (c.b * k).min(1.0))
}

/// All and the tests' buttons: CrystalDiskMark's green boxes; `marked`
/// for the row running now.
pub fn label(look: Look, marked: bool) -> impl Fn(&Theme, button::Status) -> button::Style {
    move |_, status| {
        let c = look.colors();
        let width = if marked { 3.0 } else { 0.0 };
        let border = Border::default()
            .rounded(4)
            .width(width)
            .color(c.running_border);
        match status {
            button::Status::Disabled => solid(c.label_disabled, c.label_disabled_text, border),
            button::Status::Hovered | button::Status::Pressed => {
                solid(hovered(c.label, look), c.label_text, border)
            }
            button::Status::Active => solid(c.label, c.label_text, border),
        }
    }
}

/// Every other button (the actions, the menus, the dialogs').
pub fn action(look: Look) -> impl Fn(&Theme, button::Status) -> button::Style {
    move |_, status| {
        let c = look.colors();
        let border = Border::default().rounded(4);
        match status {
            button::Status::Disabled => {
                let edge = border.width(1).color(c.disabled_text);
                solid(c.disabled, c.disabled_text, edge)
            }
            button::Status::Hovered | button::Status::Pressed => {
                solid(hovered(c.action, look), c.action_text, border)
            }
            button::Status::Active => solid(c.action, c.action_text, border),
        }
    }
}

/// A choice of a group (a pick's values, the engines): the one in force
/// as an action, the others as entries with an edge; disabled ones
/// readable.
pub fn choice(look: Look, chosen: bool) -> impl Fn(&Theme, button::Status) -> button::Style {
    move |theme, status| match chosen {
        true => action(look)(theme, status),
        false => {
            let c = look.colors();
            let mut s = entry(look, false)(theme, status);
            s.border = Border::default().rounded(4).width(1).color(c.cell_border);
            if status == button::Status::Disabled {
                s.text_color = c.disabled_text;
            }
            s
        }
    }
}

/// A menu's entry: flat until the pointer (or the keyboard) is on it.
pub fn entry(look: Look, highlighted: bool) -> impl Fn(&Theme, button::Status) -> button::Style {
    move |_, status| {
        let c = look.colors();
        let on = highlighted || matches!(status, button::Status::Hovered);
        let border = Border::default().rounded(2);
        match status {
            button::Status::Disabled => {
                let mut s = solid(c.background, c.disabled_text, border);
                s.background = None;
                s
            }
            _ if on => solid(c.action, c.action_text, border),
            _ => {
                let mut s = solid(c.background, c.text, border);
                s.background = None;
                s
            }
        }
    }
}

/// A cell: its box, edged in the running colour while it runs.
pub fn cell(look: Look, running: bool) -> impl Fn(&Theme) -> container::Style {
    move |_| {
        let c = look.colors();
        let (width, edge) = match running {
            true => (2.0, c.running_border),
            false => (1.0, c.cell_border),
        };
        container::Style {
            text_color: Some(c.figure),
            background: Some(Background::Color(c.cell)),
            border: Border::default().rounded(4).width(width).color(edge),
            ..container::Style::default()
        }
    }
}

/// The meter's bar of column `col` (0 read, 1 write, 2 mix).
pub fn bar(look: Look, col: usize) -> impl Fn(&Theme) -> container::Style {
    move |_| {
        let c = look.colors();
        container::Style {
            background: Some(Background::Color(c.bars[col.min(2)])),
            border: Border::default().rounded(4),
            ..container::Style::default()
        }
    }
}

/// A floating panel (a menu's list, a dialog, a cell's details).
pub fn panel(look: Look) -> impl Fn(&Theme) -> container::Style {
    move |_| {
        let c = look.colors();
        container::Style {
            text_color: Some(c.text),
            background: Some(Background::Color(c.background)),
            border: Border::default().rounded(6).width(1).color(c.cell_border),
            shadow: Shadow {
                color: Color::from_rgba(0.0, 0.0, 0.0, 0.35),
                offset: iced::Vector::new(0.0, 2.0),
                blur_radius: 8.0,
            },
            snap: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::contrast;

    /// Every text at least 4.5:1 on what is behind it, the disabled
    /// buttons' too; every bar at least 3:1 against its cell.
    #[test]
    fn every_look_is_readable() {
        for look in Look::ALL {
            let c = look.colors();
            let mut pairs = vec![
                ("text", c.text, c.background),
                ("label", c.label_text, c.label),
                ("disabled label", c.label_disabled_text, c.label_disabled),
                ("figure on cell", c.figure, c.cell),
                ("action", c.action_text, c.action),
                ("disabled action", c.disabled_text, c.disabled),
            ];
            for (i, bar) in c.bars.iter().enumerate() {
                pairs.push((["figure on read", "on write", "on mix"][i], c.figure, *bar));
            }
            for (what, fg, bg) in pairs {
                let r = contrast(fg, bg);
                assert!(r >= 4.5, "{look:?}: {what} {r:.2}:1");
            }
            for bar in c.bars {
                let r = contrast(bar, c.cell);
                assert!(r >= 3.0, "{look:?}: a bar {r:.2}:1 against its cell");
            }
            let r = contrast(c.running_border, c.cell);
            assert!(r >= 3.0, "{look:?}: the running edge {r:.2}:1");
        }
    }

    #[test]
    fn the_high_contrast_theme_has_its_palette() {
        let p = Look::HighContrast.theme().palette();
        assert_eq!((p.background, p.text), (Color::BLACK, Color::WHITE));
    }
}
