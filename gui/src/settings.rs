//! The settings panel, a collapsible section under the top row: every
//! setting of the library's table ([`SETTINGS`]) but the top row's, drawn
//! by its domain (a switch as a check box, a pick as a group of buttons,
//! typed text as a field), then the engines; each edits the run's choices
//! through [`SettingsMsg`]. Every control is disabled while a run
//! is going; an engine that does not work here is drawn disabled with the
//! probe's reason.

use crate::app::{App, Message};
use crate::form::SettingsMsg;
use crate::strings;
use diskmark::backend::Backend;
use diskmark::front::{Domain, SETTINGS, Setting};
use iced::widget::text;
use iced::widget::{Column, Row, button, checkbox, column as col, pick_list, row, text_input};
use iced::{Alignment, Element};

/// Text size of the panel (smaller than the grid's: it is secondary).
const SIZE: f32 = 14.0;

/// Width of a typed field, logical pixels.
const FIELD_WIDTH: f32 = 70.0;

/// The settings the top row shows as pick lists, beside Start and Stop.
pub const TOP_ROW: [&str; 2] = ["--loops", "--size"];

/// The panel's lines, by option: related settings side by side. A
/// setting of the table on no line here is drawn on a last line, so a
/// new setting needs nothing in the window.
const LINES: [&[&str]; 4] = [
    &["--profile"],
    &["--mix", "--mix-read", "--mode"],
    &["--measure", "--interval", "--warmup", "--data"],
    &["--buffered", "--strict", "--loop-stat"],
];

/// The widget id of a typed setting (tests click it to type in it):
/// `settings-` and its option's name (`settings-measure`).
pub fn field_id(s: &Setting) -> iced::widget::Id {
    iced::widget::Id::from(format!("settings-{}", s.option.trim_start_matches("--")))
}

/// Under the top row: the folder being typed and the last sentence
/// (they answer what was just done); nothing otherwise.
pub fn panel(app: &App) -> Element<'_, Message> {
    let form = &app.form;
    let mut c = col![].spacing(6);
    if let Some(s) = form.sentence.as_ref().filter(|_| app.dialog.is_none()) {
        c = c.push(text(s.clone()).size(SIZE));
    }
    if let Some(f) = crate::picker::folder_row(app) {
        c = c.push(f);
    }
    c.into()
}

/// The All settings dialog's body: every setting of the table, then the
/// engines; a line saying why nothing can change while a run goes.
pub fn controls_view(app: &App) -> Element<'_, Message> {
    let mut c = col![].spacing(8);
    if app.running() {
        c = c.push(text(strings::settings_locked()).size(SIZE));
    }
    c.push(controls(app)).into()
}

fn msg(m: SettingsMsg) -> Message {
    Message::Settings(m)
}

/// The open panel's rows.
fn controls(app: &App) -> Column<'_, Message> {
    let placed =
        |s: &Setting| TOP_ROW.contains(&s.option) || LINES.iter().any(|l| l.contains(&s.option));
    let rest: Vec<&'static Setting> = SETTINGS.iter().filter(|s| !placed(s)).collect();
    let mut c = col![].spacing(6);
    for l in LINES {
        let items = (l.iter())
            .filter_map(|o| Setting::named(o))
            .map(|s| control(app, s));
        c = c.push(line(items));
    }
    if !rest.is_empty() {
        c = c.push(line(rest.into_iter().map(|s| control(app, s))));
    }
    c.push(engines(app))
}

/// A setting drawn by its domain.
fn control(app: &App, s: &'static Setting) -> Element<'static, Message> {
    let idle = !app.running();
    match s.domain {
        Domain::Switch { get, .. } => {
            let label = match s.hint_text() {
                Some(h) => format!("{} ({h})", s.title()),
                None => s.title(),
            };
            checkbox(get(&app.choices))
                .label(label)
                .text_size(SIZE)
                .on_toggle_maybe(idle.then_some(move |b| msg(SettingsMsg::Switch(s, b))))
                .into()
        }
        Domain::Pick { names, get, .. } => {
            let now = get(&app.choices);
            let buttons = (names().into_iter().enumerate()).map(|(i, name)| {
                choice(
                    app.look,
                    name,
                    now == Some(i),
                    idle,
                    SettingsMsg::Pick(s, i),
                )
            });
            group(s.title(), buttons)
        }
        Domain::Typed { .. } => field(app, s),
    }
}

/// A pick of the table as a pick list (the top row's): its values, and
/// the value in force first when it is none of them (a `--size` typed on
/// the command line).
pub fn pick_list_of(app: &App, s: &'static Setting) -> Element<'static, Message> {
    let Domain::Pick { names, get, .. } = s.domain else {
        return text(s.value(&app.choices)).into();
    };
    let mut options = names();
    let now = match get(&app.choices) {
        Some(i) => options[i].clone(),
        None => {
            let v = s.value(&app.choices);
            options.insert(0, v.clone());
            v
        }
    };
    let values = names();
    pick_list(options, Some(now), move |v: String| {
        match values.iter().position(|n| *n == v) {
            Some(i) => msg(SettingsMsg::Pick(s, i)),
            // The value in force, not one of the list: nothing changes.
            None => msg(SettingsMsg::Submit(s)),
        }
    })
    .into()
}

/// A row of the panel's items, wrapping when the window is narrow.
fn line<'a>(items: impl IntoIterator<Item = Element<'a, Message>>) -> Element<'a, Message> {
    Row::from_iter(items)
        .spacing(16)
        .align_y(Alignment::Center)
        .wrap()
        .into()
}

/// A label and its buttons, one of which is the choice in force.
fn group<'a>(
    label: String,
    buttons: impl IntoIterator<Item = Element<'a, Message>>,
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
fn choice<'a>(
    look: crate::style::Look,
    label: impl iced::widget::text::IntoFragment<'a>,
    chosen: bool,
    enabled: bool,
    m: SettingsMsg,
) -> Element<'a, Message> {
    button(text(label).size(SIZE))
        .style(crate::style::choice(look, chosen))
        .padding([3, 8])
        .on_press_maybe(enabled.then_some(msg(m)))
        .into()
}

/// A typed field: every keystroke is checked; Enter puts the value in
/// force back in the field.
fn field(app: &App, s: &'static Setting) -> Element<'static, Message> {
    let input = text_input("", app.form.draft(s))
        .id(field_id(s))
        .size(SIZE)
        .width(FIELD_WIDTH)
        .on_input_maybe((!app.running()).then_some(move |t| msg(SettingsMsg::Typed(s, t))))
        .on_submit(msg(SettingsMsg::Submit(s)));
    row![text(s.title()).size(SIZE), input]
        .spacing(4)
        .align_y(Alignment::Center)
        .into()
}

/// The engines: each working one can be chosen; one that does not work
/// here is disabled, its reason under the buttons.
fn engines(app: &App) -> Element<'_, Message> {
    let idle = !app.running();
    let mut buttons = row![text(strings::engine()).size(SIZE)]
        .spacing(4)
        .align_y(Alignment::Center);
    let mut reasons = col![].spacing(2);
    for (b, status) in app.form.backends() {
        let works = status.is_ok();
        let chosen = app.choices.engine == b;
        if let Err(why) = &status {
            reasons = reasons.push(text(strings::engine_unavailable(&b.name(), why)).size(12));
        }
        buttons = buttons.push(engine_button(app.look, b, chosen, idle && works));
    }
    col![buttons.wrap(), reasons].spacing(4).into()
}

fn engine_button<'a>(
    look: crate::style::Look,
    b: Backend,
    chosen: bool,
    enabled: bool,
) -> Element<'a, Message> {
    button(text(b.name()).size(SIZE))
        .style(crate::style::choice(look, chosen))
        .padding([3, 8])
        .on_press_maybe(enabled.then_some(msg(SettingsMsg::Engine(b))))
        .into()
}
