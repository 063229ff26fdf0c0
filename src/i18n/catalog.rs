//! The message files and their loaders, one per language, and the
//! calling thread's language (docs/i18n.md).

use super::number as digits;
use i18n_embed::LanguageLoader;
use i18n_embed::fluent::FluentLanguageLoader;
use i18n_embed::unic_langid::{CharacterDirection, LanguageIdentifier};
use rust_embed::RustEmbed;
use std::cell::Cell;
use std::sync::{LazyLock, OnceLock};

/// The message files, in the binary.
#[derive(RustEmbed)]
#[folder = "gui/i18n/"]
pub(super) struct Files;

/// The file every other falls back to, message by message.
const FALLBACK: &str = "en";

/// A language the front-ends speak.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Language {
    /// Its identifier, as its folder is named (`de`, `pt-BR`).
    pub id: LanguageIdentifier,
    /// Its name in itself (`Deutsch`), the message `language-name`.
    pub name: String,
}

/// Every language with a message file: English first, the rest by
/// identifier. Naming them builds every loader (the Language menu,
/// `--lang`); drawing in one builds only its own.
pub fn languages() -> &'static [Language] {
    static ALL: LazyLock<Vec<Language>> = LazyLock::new(|| {
        (ids().iter().enumerate())
            .map(|(i, id)| Language {
                id: id.clone(),
                name: loader_of(i).get("language-name"),
            })
            .collect()
    });
    &ALL
}

/// The identifiers of the files, English first: their folders' names,
/// read without parsing a file.
fn ids() -> &'static [LanguageIdentifier] {
    static IDS: LazyLock<Vec<LanguageIdentifier>> = LazyLock::new(|| {
        let mut ids: Vec<LanguageIdentifier> = Files::iter()
            .filter_map(|path| path.split('/').next()?.parse().ok())
            .collect();
        ids.sort_by_key(|id| (*id != FALLBACK, id.to_string()));
        ids.dedup();
        ids
    });
    &IDS
}

/// The loader of language `i` of [`ids`], built on first use: the CLI,
/// which asks only for `diskmark help tui`'s English keys, parses the
/// English file alone.
fn loader_of(i: usize) -> &'static FluentLanguageLoader {
    static LOADERS: LazyLock<Vec<OnceLock<FluentLanguageLoader>>> =
        LazyLock::new(|| ids().iter().map(|_| OnceLock::new()).collect());
    // `i` is in range: `choose` keeps it so, and English, index 0, is
    // always embedded (fl! itself needs gui/i18n/en at build time).
    let i = i.min(ids().len() - 1);
    LOADERS[i].get_or_init(|| build(&ids()[i]))
}

/// The loader of `id`, with English under it for any message it lacks.
fn build(id: &LanguageIdentifier) -> FluentLanguageLoader {
    let en: LanguageIdentifier = FALLBACK.parse().unwrap_or_default();
    let loader = FluentLanguageLoader::new("diskmark", en.clone());
    // A file that does not parse (a test reads each) leaves the English.
    if loader
        .load_languages(&Files, &[id.clone(), en.clone()])
        .is_err()
    {
        let _ = loader.load_languages(&Files, &[en]);
    }
    // Isolation marks (U+2068/9) around each argument are drawn as boxes
    // by fonts without them; the bidirectional algorithm orders the
    // figures and names without them (docs/i18n.md#right-to-left).
    loader.set_use_isolating(false);
    loader.with_bundles_mut(|b| b.set_formatter(Some(digits::fluent_formatter)));
    loader
}

thread_local! {
    /// The calling thread's language: an index into [`languages`].
    static CURRENT: Cell<usize> = const { Cell::new(0) };
}

/// The calling thread's loader (what [`fl!`] reads).
pub fn loader() -> &'static FluentLanguageLoader {
    loader_of(CURRENT.with(Cell::get))
}

/// Makes `index` of [`languages`] the calling thread's language; an index
/// out of range is English.
pub fn choose(index: usize) {
    CURRENT.with(|c| c.set(if index < ids().len() { index } else { 0 }));
}

/// The calling thread's language, as an index into [`languages`].
pub fn chosen() -> usize {
    CURRENT.with(Cell::get)
}

/// The language of [`languages`] that serves `wanted` best: the same
/// language and region, else the same language (`de-AT` gets `de`,
/// `pt-PT` gets `pt-BR`), else English.
pub fn best(wanted: &LanguageIdentifier) -> usize {
    let ids: Vec<&LanguageIdentifier> = languages().iter().map(|l| &l.id).collect();
    let fallback = &languages()[0].id;
    let found = fluent_langneg::negotiate_languages(
        &[wanted],
        &ids,
        Some(&fallback),
        fluent_langneg::NegotiationStrategy::Lookup,
    );
    found
        .first()
        .and_then(|f| ids.iter().position(|id| id == *f))
        .unwrap_or(0)
}

/// Whether the calling thread's language is written right to left, so
/// that the window mirrors its layout (docs/i18n.md#right-to-left).
pub fn right_to_left() -> bool {
    ids()
        .get(chosen())
        .is_some_and(|id| id.character_direction() == CharacterDirection::RTL)
}

/// A recorded date (RFC 3339, as the history and the JSON keep it) in the
/// calling thread's language's order, to the minute (the message
/// `date-time`); what does not parse is shown as recorded, cut to the
/// minute.
pub fn date_time(rfc3339: &str) -> String {
    match chrono::DateTime::parse_from_rfc3339(rfc3339) {
        Ok(d) => crate::fl!(
            "date-time",
            year = d.format("%Y").to_string(),
            month = d.format("%m").to_string(),
            day = d.format("%d").to_string(),
            time = d.format("%H:%M").to_string()
        ),
        Err(_) => rfc3339
            .chars()
            .take(16)
            .collect::<String>()
            .replace('T', " "),
    }
}

/// Every message of the calling thread's language, as it reads without
/// its arguments (`{$name}` where one goes): for the tests that tell a
/// message's own words from a cut.
pub fn messages() -> Vec<String> {
    let l = loader();
    let ids: Vec<String> = l.with_message_iter(&l.current_language(), |m| {
        m.map(|m| m.id.name.to_string()).collect()
    });
    ids.iter().map(|id| l.get(id)).collect()
}

/// The message `id` of the calling thread's language when `id` is known
/// only at run time (a setting's label): checked by a test, not by the
/// compiler, and `id` itself when no file has it.
pub fn message(id: &str) -> String {
    loader().get(id)
}

/// `value` with `decimals` digits after the separator, in the calling
/// thread's language, for a figure drawn outside a message (a cell).
pub fn number(value: f64, decimals: usize) -> String {
    let all = ids();
    digits::format(&all[chosen().min(all.len() - 1)], value, decimals)
}
