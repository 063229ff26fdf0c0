//! The target picker of the top row: every `diskmark targets` entry with
//! its device model, filesystem and usage ("—" where one is not known),
//! and "Choose folder…", which opens a typed path (the fallback of a file
//! dialog). A typed path is resolved as a run's target is, and one that
//! cannot be used gives the CLI's sentence.

use crate::app::{App, Message};
use crate::form::SettingsMsg;
use crate::strings;
use iced::widget::text;
use iced::widget::{button, container, pick_list, row, text_input};
use iced::{Alignment, Element, Length};

/// The widget id of the picker (tests open it by it).
pub const PICKER_ID: &str = "target-picker";

/// The widget id of the typed folder path.
pub const FOLDER_ID: &str = "target-folder";

/// Text size of the picker's entries: they are long.
pub const TEXT_SIZE: f32 = 14.0;

/// The picker: the target in force and the list to choose from.
pub fn picker(app: &App) -> Element<'_, Message> {
    let entries = app.form.target_entries();
    let current = app.form.current_target(&app.choices);
    let list = pick_list(entries, current, |e| {
        Message::Settings(SettingsMsg::Target(e))
    })
    .text_size(TEXT_SIZE)
    .width(Length::Fill);
    container(list)
        .id(PICKER_ID)
        .width(Length::FillPortion(3))
        .into()
}

/// The typed folder path, while "Choose folder…" is open.
pub fn folder_row(app: &App) -> Option<Element<'_, Message>> {
    let typed = app.form.folder.as_ref()?;
    let idle = !app.running();
    let submit = Message::Settings(SettingsMsg::FolderSubmit);
    let input = text_input(&strings::choose_folder(), typed)
        .id(FOLDER_ID)
        .size(TEXT_SIZE)
        .width(Length::Fill)
        .on_input_maybe(idle.then_some(|t| Message::Settings(SettingsMsg::FolderTyped(t))))
        .on_submit_maybe(idle.then_some(submit.clone()));
    let row = row![
        text(strings::folder()).size(TEXT_SIZE),
        input,
        button(text(strings::use_folder()).size(TEXT_SIZE))
            .style(crate::style::action(app.look))
            .on_press_maybe(idle.then_some(submit)),
    ]
    .spacing(8)
    .align_y(Alignment::Center);
    let row = match crate::dialog::available() {
        true => row.push(
            button(text(strings::browse()).size(TEXT_SIZE))
                .style(crate::style::action(app.look))
                .on_press_maybe(idle.then_some(Message::Settings(SettingsMsg::FolderBrowse))),
        ),
        false => row,
    };
    let cancel = button(text(strings::cancel()).size(TEXT_SIZE))
        .style(crate::style::action(app.look))
        .on_press(Message::Settings(SettingsMsg::FolderCancel));
    Some(row.push(cancel).into())
}
