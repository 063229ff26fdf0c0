//! The settings panel, a collapsible section under the top row: profile,
//! +Mix and its read share, mode, measure, interval, warm-up, data,
//! O_DIRECT, loop statistic, engine and --strict, each editing the run's
//! choices through [`SettingsMsg`]. Every control is disabled while a run
//! is going; an engine that does not work here is drawn disabled with the
//! probe's reason.

use crate::app::{App, Message};
use crate::form::{DATA, Field, LOOP_STATS, MODES, PROFILES, SettingsMsg};
use crate::strings;
use diskmark::backend::Backend;
use diskmark::stats::LoopStat;
use diskmark::workload::{DataKind, Mode};
use iced::widget::{
    Column, Row, button, checkbox, column as col, container, row, scrollable, text, text_input,
};
use iced::{Alignment, Element};

/// Text size of the panel (smaller than the grid's: it is secondary).
const SIZE: f32 = 14.0;

/// Most height the open panel's controls take, logical pixels.
const MAX_HEIGHT: f32 = 190.0;

/// Width of a typed field, logical pixels.
const FIELD_WIDTH: f32 = 70.0;

/// The widget id of a typed field (tests click it to type in it).
pub fn field_id(f: Field) -> iced::widget::Id {
    iced::widget::Id::new(match f {
        Field::MixRead => "settings-mix-read",
        Field::Measure => "settings-measure",
        Field::Interval => "settings-interval",
        Field::Warmup => "settings-warmup",
    })
}

/// The panel: the folder being typed and the last sentence always (they
/// answer what was just done), the controls when it is open.
pub fn panel(app: &App) -> Element<'_, Message> {
    let form = &app.form;
    let toggle = match form.expanded {
        true => strings::SETTINGS_HIDE,
        false => strings::SETTINGS_SHOW,
    };
    let mut head = row![button(text(toggle).size(SIZE)).on_press(msg(SettingsMsg::Toggle))]
        .spacing(8)
        .align_y(Alignment::Center);
    if app.running() && form.expanded {
        head = head.push(text(strings::SETTINGS_LOCKED).size(SIZE));
    }
    if let Some(s) = &form.sentence {
        head = head.push(text(s.clone()).size(SIZE));
    }
    let mut c = col![head].spacing(6);
    if let Some(f) = crate::picker::folder_row(app) {
        c = c.push(f);
    }
    if form.expanded {
        // Scrolled when the window is short, so that the grid and the
        // status bar stay in view.
        c = c.push(container(scrollable(controls(app))).max_height(MAX_HEIGHT));
    }
    c.into()
}

fn msg(m: SettingsMsg) -> Message {
    Message::Settings(m)
}

/// The open panel's rows.
fn controls(app: &App) -> Column<'_, Message> {
    let c = &app.choices;
    let idle = !app.running();
    let profiles = PROFILES.map(|p| {
        let chosen = c.profile == p;
        choice(
            strings::profile_name(p),
            chosen,
            idle,
            SettingsMsg::Profile(p),
        )
    });
    let modes = MODES.map(|m| choice(mode_name(m), c.mode == m, idle, SettingsMsg::Mode(m)));
    let data = DATA.map(|d| choice(data_name(d), c.data == d, idle, SettingsMsg::Data(d)));
    let stats = LOOP_STATS.map(|s| {
        choice(
            stat_name(s),
            c.loop_stat == s,
            idle,
            SettingsMsg::LoopStat(s),
        )
    });
    let toggle = |label: &'static str, on: bool, f: fn(bool) -> SettingsMsg| {
        checkbox(on)
            .label(label)
            .text_size(SIZE)
            .on_toggle_maybe(idle.then_some(move |b| msg(f(b))))
    };
    col![
        group(strings::PROFILE, profiles),
        line([
            toggle(strings::PLUS_MIX, c.mix, SettingsMsg::Mix).into(),
            field(app, Field::MixRead),
            group(strings::MODE, modes),
        ]),
        line([
            field(app, Field::Measure),
            field(app, Field::Interval),
            field(app, Field::Warmup),
            group(strings::DATA, data),
        ]),
        line([
            toggle(strings::DIRECT, c.direct, SettingsMsg::Direct).into(),
            toggle(strings::STRICT, c.strict, SettingsMsg::Strict).into(),
            group(strings::LOOP_STAT, stats),
        ]),
        engines(app),
    ]
    .spacing(6)
}

/// A row of the panel's items, wrapping when the window is narrow.
fn line<'a, const N: usize>(items: [Element<'a, Message>; N]) -> Element<'a, Message> {
    Row::from_iter(items)
        .spacing(16)
        .align_y(Alignment::Center)
        .wrap()
        .into()
}

/// A label and its buttons, one of which is the choice in force.
fn group<'a, const N: usize>(
    label: &'a str,
    buttons: [Element<'a, Message>; N],
) -> Element<'a, Message> {
    let mut r = row![text(label).size(SIZE)]
        .spacing(4)
        .align_y(Alignment::Center);
    for b in buttons {
        r = r.push(b);
    }
    r.wrap().into()
}

/// A button of a group: the one in force is drawn as primary; none can
/// be pressed while a run is going.
fn choice<'a>(label: &'a str, chosen: bool, enabled: bool, m: SettingsMsg) -> Element<'a, Message> {
    let style = match chosen {
        true => button::primary,
        false => button::secondary,
    };
    button(text(label).size(SIZE))
        .style(style)
        .padding([3, 8])
        .on_press_maybe(enabled.then_some(msg(m)))
        .into()
}

/// A typed field: every keystroke is checked; Enter puts the value in
/// force back in the field.
fn field(app: &App, f: Field) -> Element<'_, Message> {
    let input = text_input("", app.form.draft(f))
        .id(field_id(f))
        .size(SIZE)
        .width(FIELD_WIDTH)
        .on_input_maybe((!app.running()).then_some(move |t| msg(SettingsMsg::Typed(f, t))))
        .on_submit(msg(SettingsMsg::Submit(f)));
    row![text(f.label()).size(SIZE), input]
        .spacing(4)
        .align_y(Alignment::Center)
        .into()
}

/// The engines: each working one can be chosen; one that does not work
/// here is disabled, its reason under the buttons.
fn engines(app: &App) -> Element<'_, Message> {
    let idle = !app.running();
    let mut buttons = row![text(strings::ENGINE).size(SIZE)]
        .spacing(4)
        .align_y(Alignment::Center);
    let mut reasons = col![].spacing(2);
    for (b, status) in app.form.backends() {
        let works = status.is_ok();
        let chosen = app.choices.engine == b;
        if let Err(why) = &status {
            reasons = reasons.push(text(strings::engine_unavailable(&b.name(), why)).size(12));
        }
        buttons = buttons.push(engine_button(b, chosen, idle && works));
    }
    col![buttons.wrap(), reasons].spacing(4).into()
}

fn engine_button<'a>(b: Backend, chosen: bool, enabled: bool) -> Element<'a, Message> {
    let style = match chosen {
        true => button::primary,
        false => button::secondary,
    };
    button(text(b.name()).size(SIZE))
        .style(style)
        .padding([3, 8])
        .on_press_maybe(enabled.then_some(msg(SettingsMsg::Engine(b))))
        .into()
}

/// A mode as the panel names it.
pub fn mode_name(m: Mode) -> &'static str {
    match m {
        Mode::Rw => strings::MODE_RW,
        Mode::Read => strings::MODE_READ,
        Mode::Write => strings::MODE_WRITE,
        Mode::Mix => strings::MODE_MIX,
    }
}

/// Written data as the panel names it.
pub fn data_name(d: DataKind) -> &'static str {
    match d {
        DataKind::Random => strings::DATA_RANDOM,
        DataKind::Zeros => strings::DATA_ZEROS,
    }
}

/// A loop statistic as the panel names it.
pub fn stat_name(s: LoopStat) -> &'static str {
    match s {
        LoopStat::Mean => strings::STAT_MEAN,
        LoopStat::Best => strings::STAT_BEST,
        LoopStat::Median => strings::STAT_MEDIAN,
    }
}
