//! A line chart drawn on iced's canvas: a measured series (MB/s against
//! GB written, or against the position on the device) with its axes, a
//! marked point (the knee where the cache ran out) and a second series on
//! its own axis (the drive's temperature). Only measured points are
//! drawn: an empty series is an empty frame with its axes and a word.

use crate::style::Look;
use iced::widget::canvas::{self, Frame, Geometry, Path, Stroke, Text};
use iced::{Color, Pixels, Point, Rectangle, Renderer, Size, Theme, alignment, mouse};

/// A point of a series.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point2 {
    /// Along the x axis, in the axis's unit.
    pub x: f64,
    /// Along the y axis, in the axis's unit.
    pub y: f64,
}

/// What the chart draws.
#[derive(Debug, Clone, PartialEq)]
pub struct Plot {
    /// The series, in x order.
    pub points: Vec<Point2>,
    /// The x axis's end (its start is 0): the planned span, so the line
    /// grows across the chart as the run goes.
    pub x_max: f64,
    /// The x axis's name with its unit (`GB written`).
    pub x_label: String,
    /// The y axis's name with its unit (`MB/s`).
    pub y_label: String,
    /// A marked x (the knee), with its word.
    pub mark: Option<(f64, String)>,
    /// A second series on the right axis (°C), with its name.
    pub second: Option<(Vec<Point2>, String)>,
    /// The word an empty chart shows.
    pub empty: String,
    /// The window's look (its colours).
    pub look: Look,
    /// The series' colour: the meter's of its column (0 read, 1 write).
    pub column: usize,
}

/// Room for the axes' labels, logical pixels.
const LEFT: f32 = 64.0;
const BOTTOM: f32 = 34.0;
const RIGHT: f32 = 52.0;
const TOP: f32 = 12.0;

/// A round top for an axis: 1, 2 or 5 times a power of ten, at least `v`.
pub fn round_up(v: f64) -> f64 {
    if v <= 0.0 || !v.is_finite() {
        return 1.0;
    }
    let p = 10f64.powf(v.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|k| k * p)
        .find(|t| *t >= v)
        .unwrap_or(10.0 * p)
}

fn label(content: String, at: Point, color: Color, align_x: alignment::Horizontal) -> Text {
    Text {
        content,
        position: at,
        color,
        size: Pixels(12.0),
        align_x: align_x.into(),
        align_y: alignment::Vertical::Center,
        ..Text::default()
    }
}

impl Plot {
    fn draw_axes(&self, frame: &mut Frame, area: Rectangle, y_max: f64) {
        let c = self.look.colors();
        let axis = Stroke::default().with_color(c.cell_border).with_width(1.0);
        for i in 0..=4 {
            let f = i as f32 / 4.0;
            let y = area.y + area.height * (1.0 - f);
            let line = Path::line(Point::new(area.x, y), Point::new(area.x + area.width, y));
            frame.stroke(&line, axis);
            let v = y_max * f64::from(f);
            let at = Point::new(area.x - 6.0, y);
            frame.fill_text(label(
                diskmark::i18n::number(v, 0),
                at,
                c.text,
                alignment::Horizontal::Right,
            ));
            let x = area.x + area.width * f;
            let xv = self.x_max * f64::from(f);
            let at = Point::new(x, area.y + area.height + 10.0);
            let text = label(format_x(xv), at, c.text, alignment::Horizontal::Center);
            frame.fill_text(text);
        }
        let at = Point::new(area.x + area.width / 2.0, area.y + area.height + 26.0);
        frame.fill_text(label(
            self.x_label.clone(),
            at,
            c.text,
            alignment::Horizontal::Center,
        ));
        let at = Point::new(area.x + 4.0, area.y + 2.0);
        frame.fill_text(label(
            self.y_label.clone(),
            at,
            c.text,
            alignment::Horizontal::Left,
        ));
    }

    fn line(
        &self,
        frame: &mut Frame,
        area: Rectangle,
        points: &[Point2],
        y_max: f64,
        color: Color,
    ) {
        let x_max = self.x_max.max(f64::MIN_POSITIVE);
        let at = |p: &Point2| {
            Point::new(
                area.x + area.width * (p.x / x_max).clamp(0.0, 1.0) as f32,
                area.y + area.height * (1.0 - (p.y / y_max).clamp(0.0, 1.0) as f32),
            )
        };
        let path = Path::new(|b| {
            for (i, p) in points.iter().enumerate() {
                match i {
                    0 => b.move_to(at(p)),
                    _ => b.line_to(at(p)),
                }
            }
        });
        frame.stroke(&path, Stroke::default().with_color(color).with_width(2.0));
    }
}

/// An x value as the axis shows it: whole numbers large, two decimals
/// small.
fn format_x(v: f64) -> String {
    // In the language's digits and separators (docs/i18n.md#numbers).
    diskmark::i18n::number(v, if v >= 10.0 { 0 } else { 2 })
}

impl<Message> canvas::Program<Message> for Plot {
    type State = ();

    fn draw(
        &self,
        _state: &(),
        renderer: &Renderer,
        _theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        let mut frame = Frame::new(renderer, bounds.size());
        let c = self.look.colors();
        let area = Rectangle::new(
            Point::new(LEFT, TOP),
            Size::new(
                (bounds.width - LEFT - RIGHT).max(10.0),
                (bounds.height - TOP - BOTTOM).max(10.0),
            ),
        );
        let top = self.points.iter().map(|p| p.y).fold(0.0, f64::max);
        let y_max = round_up(top);
        self.draw_axes(&mut frame, area, y_max);
        if self.points.is_empty() {
            let at = Point::new(area.x + area.width / 2.0, area.y + area.height / 2.0);
            let text = label(
                self.empty.clone(),
                at,
                c.text,
                alignment::Horizontal::Center,
            );
            frame.fill_text(text);
            return vec![frame.into_geometry()];
        }
        self.line(
            &mut frame,
            area,
            &self.points,
            y_max,
            c.bars[self.column.min(2)],
        );
        if let Some((points, name)) = &self.second {
            let t_max = round_up(points.iter().map(|p| p.y).fold(0.0, f64::max));
            self.line(&mut frame, area, points, t_max, c.running_border);
            let at = Point::new(area.x + area.width + 6.0, area.y + 2.0);
            let text = label(
                format!("{name} ≤{}", diskmark::i18n::number(t_max, 0)),
                at,
                c.text,
                alignment::Horizontal::Left,
            );
            frame.fill_text(text);
        }
        if let Some((x, word)) = &self.mark {
            let fx = (x / self.x_max.max(f64::MIN_POSITIVE)).clamp(0.0, 1.0) as f32;
            let px = area.x + area.width * fx;
            let line = Path::line(Point::new(px, area.y), Point::new(px, area.y + area.height));
            let stroke = Stroke::default()
                .with_color(c.running_border)
                .with_width(2.0);
            frame.stroke(&line, stroke);
            let at = Point::new(px + 4.0, area.y + 14.0);
            frame.fill_text(label(word.clone(), at, c.text, alignment::Horizontal::Left));
        }
        vec![frame.into_geometry()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_axis_ends_at_a_round_value_at_least_the_largest() {
        assert_eq!(round_up(3456.0), 5000.0);
        assert_eq!(round_up(1000.0), 1000.0);
        assert_eq!(round_up(1001.0), 2000.0);
        assert_eq!(round_up(0.3), 0.5);
        assert_eq!(round_up(0.0), 1.0);
        assert_eq!(round_up(f64::NAN), 1.0);
    }
}
