//! The languages of the TUI and the window (docs/i18n.md): Fluent message
//! files embedded from `gui/i18n/<lang>/diskmark.ftl`, one loader per
//! language, built when first used, and the language of the calling
//! thread. Each front-end draws on one thread, which chooses its language
//! once ([`choose`]) and again when the user switches; a test thread
//! chooses its own, so tests in other languages run side by side.
//!
//! The CLI's reports never come here: they stay English and fixed, for
//! the scripts that parse them (docs/report.md).

mod catalog;
mod choice;
mod number;

pub use catalog::{
    Language, best, choose, chosen, date_time, languages, loader, message, messages, number,
    right_to_left,
};
pub use choice::{
    LangArgs, Requested, config_file, forget, remember, remembered, requested_by_env, start,
};
pub use number::num;

#[doc(hidden)]
pub use i18n_embed_fl::fl as __fl;

/// A message of the calling thread's language, checked at compile time
/// against the English file: `fl!("all")`, `fl!("loops", n = 3)`.
#[macro_export]
macro_rules! fl {
    ($id:literal) => {{ $crate::i18n::__fl!($crate::i18n::loader(), $id) }};
    ($id:literal, $($args:tt)*) => {{ $crate::i18n::__fl!($crate::i18n::loader(), $id, $($args)*) }};
}

#[cfg(test)]
mod tests;
