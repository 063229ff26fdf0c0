//! The actions after a run (or on a result file shown): copy the text
//! report, save the text, JSON or Markdown report, the chart as PNG or
//! the run into the history, and open a result JSON into the grid. An
//! action that needs a path opens the path row, a typed path that always
//! works, and the desktop's file dialog beside it where one can be shown
//! ([`crate::dialog`]). Nothing here runs while a benchmark does.

use crate::actions_state::{Action, ActionsMsg};
use crate::app::{App, Message, Status};
use crate::save::{self, Source};
use crate::{dialog, opened, strings};
use iced::widget::text;
use iced::widget::{Id, button, row, text_input};
use iced::{Element, Task};

/// The typed path's input, for tests to find it.
pub const PATH_INPUT: Id = Id::new("diskmark-path");

/// The buttons' size of text.
const SIZE: u32 = 14;

/// What the window does on an action's message.
pub fn update(app: &mut App, m: ActionsMsg) -> Task<Message> {
    if app.running() {
        return Task::none();
    }
    match m {
        ActionsMsg::Copy => return copy(app),
        ActionsMsg::Ask(a) => {
            app.actions.pending = Some(a);
            app.actions.path.clear();
            return browse(app, a);
        }
        ActionsMsg::Path(p) => app.actions.path = p,
        ActionsMsg::Browse => {
            if let Some(a) = app.actions.pending {
                return browse(app, a);
            }
        }
        ActionsMsg::Picked(Some(p)) => {
            app.actions.path = p.display().to_string();
            confirm(app);
        }
        ActionsMsg::Picked(None) => {}
        ActionsMsg::Confirm => confirm(app),
        ActionsMsg::Cancel => app.actions.pending = None,
    }
    Task::none()
}

/// The text report of what is shown (the last run, or a result file) to
/// the clipboard.
fn copy(app: &mut App) -> Task<Message> {
    let source = match (&app.actions.shown, app.last()) {
        (Some(shown), _) => Source::File(shown),
        (None, Some(last)) => Source::Run(last),
        (None, None) => return Task::none(),
    };
    let report = save::text_report(source);
    app.message = Some(strings::copied());
    iced::clipboard::write(report)
}

/// The desktop's dialog for `a`, where one can be shown, with a
/// suggested name; its choice comes back as [`ActionsMsg::Picked`].
fn browse(app: &App, a: Action) -> Task<Message> {
    if !dialog::available() {
        return Task::none();
    }
    let (title, ext, filter): (String, &str, (String, &[&str])) = match a {
        Action::SaveText => (
            strings::save_text(),
            "txt",
            (strings::file_kind_text(), &["txt"]),
        ),
        Action::SaveJson => (strings::save_json(), "json", ("JSON".into(), &["json"])),
        Action::SaveMarkdown => (strings::save_markdown(), "md", ("Markdown".into(), &["md"])),
        Action::SavePng => (strings::save_png(), "png", ("PNG".into(), &["png"])),
        Action::SaveCard => (strings::save_card(), "png", ("PNG".into(), &["png"])),
        Action::SaveHistory => {
            let t = dialog::save_file(&strings::save_history(), "history.db", ("SQLite", &["db"]));
            return t.map(|p| Message::Actions(ActionsMsg::Picked(p)));
        }
        Action::Open => {
            let t = dialog::open_file(&strings::open(), ("JSON", &["json"]));
            return t.map(|p| Message::Actions(ActionsMsg::Picked(p)));
        }
    };
    let mut name = suggested(app, ext);
    if a == Action::SaveCard {
        name = name.replace(".png", "-card.png");
    }
    dialog::save_file(&title, &name, (&filter.0, filter.1))
        .map(|p| Message::Actions(ActionsMsg::Picked(p)))
}

/// A saved file's suggested name: the drive, the run's date, the format
/// (`diskmark-Samsung-SSD-980-2026-12-03-1425.json`).
pub fn suggested(app: &App, ext: &str) -> String {
    let (drive, date) = match (&app.actions.shown, app.last()) {
        (Some(s), _) => (
            s.run.target.device.as_ref().and_then(|d| d.model.clone()),
            s.run.date.clone(),
        ),
        (None, Some(l)) => (
            l.target.model().map(str::to_string),
            l.output.started.format("%Y-%m-%d-%H%M").to_string(),
        ),
        (None, None) => (None, String::new()),
    };
    let date: String = (date.chars())
        .map(|c| if c.is_ascii_digit() { c } else { '-' })
        .collect();
    strings::suggested_name(drive.as_deref(), date.trim_matches('-'), ext)
}

/// Does the waiting action with the typed path: the message line says
/// what happened, or the sentence why not (the path row then stays).
fn confirm(app: &mut App) {
    let Some(action) = app.actions.pending else {
        return;
    };
    let result = match action {
        Action::Open => open(app),
        _ => write(app, action),
    };
    match result {
        Ok(said) => {
            app.message = (!said.is_empty()).then_some(said);
            app.actions.pending = None;
            app.actions.path.clear();
        }
        Err(sentence) => app.message = Some(strings::error(&sentence)),
    }
}

/// A writing action on what is shown.
fn write(app: &App, action: Action) -> Result<String, String> {
    let (source, target) = match (&app.actions.shown, app.last()) {
        (Some(shown), _) => (Source::File(shown), app.choices.target.clone()),
        (None, Some(last)) => (Source::Run(last), last.settings.target.clone()),
        (None, None) => return Err(strings::nothing_to_save()),
    };
    if !save::can(action, source) {
        return Err(strings::cannot_save());
    }
    let history = save::default_history(&app.export);
    save::save(
        action,
        source,
        &app.actions.path,
        &target,
        history.as_deref(),
    )
}

/// Opens the typed result file into the grid, in place of the last run.
fn open(app: &mut App) -> Result<String, String> {
    if app.actions.path.trim().is_empty() {
        return Err(strings::no_file());
    }
    let path = save::typed_path(&app.actions.path);
    let o = opened::open(&path)?;
    app.grid.clear();
    for ((row, col), (figures, detail)) in o.cells {
        app.grid
            .set(diskmark::front::CellAt { row, col }, figures, detail);
    }
    app.grid.set_notes(o.notes);
    app.last = None;
    app.status = Status::Shown(o.shown.label.clone());
    app.actions.shown = Some(o.shown);
    Ok(String::new())
}

/// The path row, while an action waits for its path (the File menu
/// asks the actions, [`crate::menu`]).
pub fn path_row_view(app: &App) -> Option<Element<'_, Message>> {
    match app.actions.pending {
        Some(a) if !app.running() => Some(path_row(app, a)),
        _ => None,
    }
}

/// The typed path of the waiting action, with its buttons.
fn path_row(app: &App, a: Action) -> Element<'_, Message> {
    let msg = |m: ActionsMsg| Message::Actions(m);
    let default_history = match a {
        Action::SaveHistory => save::default_history(&app.export),
        _ => None,
    };
    let placeholder = match &default_history {
        Some(h) => diskmark::escape::path(h),
        None => strings::path_placeholder().to_string(),
    };
    let input = text_input(&placeholder, &app.actions.path)
        .id(PATH_INPUT)
        .on_input(move |p| msg(ActionsMsg::Path(p)))
        .on_submit(msg(ActionsMsg::Confirm))
        .size(SIZE);
    let go = if a.writes() {
        strings::save()
    } else {
        strings::open_button()
    };
    let mut r = row![
        text(strings::path_label(a)).size(SIZE),
        input,
        button(text(go).size(SIZE))
            .style(crate::style::action(app.look))
            .on_press(msg(ActionsMsg::Confirm)),
    ]
    .spacing(6)
    .align_y(iced::Alignment::Center);
    if dialog::available() {
        r = r.push(
            button(text(strings::browse()).size(SIZE))
                .style(crate::style::action(app.look))
                .on_press(msg(ActionsMsg::Browse)),
        );
    }
    let cancel = button(text(strings::cancel()).size(SIZE))
        .style(crate::style::action(app.look))
        .on_press(msg(ActionsMsg::Cancel));
    r.push(cancel).into()
}
