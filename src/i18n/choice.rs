//! Which language a front-end starts in: `--lang`, else the one chosen in
//! the window's Language menu (remembered in the user's config
//! directory), else the environment's `LC_ALL`, `LC_MESSAGES`, `LANG`, in
//! POSIX's order (docs/i18n.md#choosing).

use i18n_embed::unic_langid::LanguageIdentifier;
use std::path::{Path, PathBuf};

/// Where the language came from, for the About box and the tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Requested {
    /// `--lang`.
    Flag,
    /// The Language menu's remembered choice.
    Remembered,
    /// `LC_ALL`, `LC_MESSAGES` or `LANG`.
    Environment,
    /// None of them: English.
    Default,
}

/// The front-ends' `--lang` (the TUI's and the window's; the CLI's
/// reports have no language): one definition, flattened into both.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct LangArgs {
    /// The language of the interface (de, fr, ja, pt-BR, ...), over the
    /// Language menu's choice and LANG/LC_ALL/LC_MESSAGES
    #[arg(long, value_name = "LANG", value_parser = parse_lang)]
    pub lang: Option<LanguageIdentifier>,
}

/// `--lang`: a language diskmark has, or the one it serves it with
/// (`de-AT` is German); one it has no file for is refused with the list.
fn parse_lang(s: &str) -> Result<LanguageIdentifier, String> {
    let all = || {
        (super::catalog::languages().iter())
            .map(|l| l.id.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let id: LanguageIdentifier = s.parse().map_err(|_| {
        format!(
            "'{}' is not a language identifier; give one of {}",
            crate::escape::escape(s),
            all()
        )
    })?;
    let i = super::catalog::best(&id);
    if i == 0 && id.language != super::catalog::languages()[0].id.language {
        return Err(format!(
            "diskmark has no {id} translation; give one of {}",
            all()
        ));
    }
    Ok(super::catalog::languages()[i].id.clone())
}

/// The language a front-end starts in, and where the choice came from:
/// `--lang`, else the menu's remembered choice, else the environment,
/// else English (docs/i18n.md#choosing).
pub fn start(flag: Option<&LanguageIdentifier>, file: Option<&Path>) -> (usize, Requested) {
    if let Some(id) = flag {
        return (super::catalog::best(id), Requested::Flag);
    }
    if let Some(id) = file.and_then(remembered) {
        return (super::catalog::best(&id), Requested::Remembered);
    }
    match requested_by_env() {
        Some(id) => (super::catalog::best(&id), Requested::Environment),
        None => (0, Requested::Default),
    }
}

/// The language the environment asks for: the first of `LC_ALL`,
/// `LC_MESSAGES` and `LANG` that is set and not empty, read as POSIX
/// writes it (`de_DE.UTF-8@euro` is `de-DE`); `C` and `POSIX` are
/// English, and what does not parse is no request.
pub fn requested_by_env() -> Option<LanguageIdentifier> {
    let value = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(std::env::var_os)
        .find(|v| !v.is_empty())?;
    posix_locale(&value.to_string_lossy())
}

/// A POSIX locale name as a language identifier.
fn posix_locale(value: &str) -> Option<LanguageIdentifier> {
    let name = value.split(['.', '@']).next()?;
    if name == "C" || name == "POSIX" {
        return "en".parse().ok();
    }
    name.replace('_', "-").parse().ok()
}

/// The file that remembers the menu's choice:
/// `$XDG_CONFIG_HOME/diskmark/language`, else `~/.config/...`; a relative
/// XDG_CONFIG_HOME is ignored, as the XDG specification says.
pub fn config_file() -> Option<PathBuf> {
    let absolute = |v: Option<std::ffi::OsString>| v.map(PathBuf::from).filter(|p| p.is_absolute());
    let base = absolute(std::env::var_os("XDG_CONFIG_HOME"))
        .or_else(|| absolute(std::env::var_os("HOME")).map(|h| h.join(".config")))?;
    Some(base.join("diskmark").join("language"))
}

/// The remembered choice, when there is one and it names a language: the
/// file is anyone's text, so it is read as every input is (a regular file
/// only, never waited on, 64 bytes at most) and parsed, never shown; what
/// is not a language is no choice.
pub fn remembered(file: &Path) -> Option<LanguageIdentifier> {
    let bytes = crate::inputs::read(file, "", &crate::inputs::LANGUAGE).ok()?;
    std::str::from_utf8(&bytes).ok()?.trim().parse().ok()
}

/// Remembers `lang` as the menu's choice: written to a new file beside
/// the old and renamed over it, so a reader never sees half of it.
pub fn remember(path: &Path, lang: &LanguageIdentifier) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(path);
    std::fs::create_dir_all(dir)?;
    let (tmp, mut file) = new_file_in(dir)?;
    let written = writeln!(file, "{lang}")
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&tmp, path));
    if written.is_err() {
        // Ours to remove only while the name is still the file we made.
        let ours = |m: std::fs::Metadata| {
            use std::os::unix::fs::MetadataExt;
            file.metadata()
                .is_ok_and(|f| f.ino() == m.ino() && f.dev() == m.dev())
        };
        if std::fs::symlink_metadata(&tmp).is_ok_and(ours) {
            let _ = std::fs::remove_file(&tmp);
        }
    }
    written
}

/// Forgets the menu's choice: the environment's language applies again.
/// Only a regular file is removed; anything else at the path is not the
/// choice, and is left.
pub fn forget(path: &Path) -> std::io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_file() => std::fs::remove_file(path),
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// A new file in `dir`, created exclusively under a name no one else
/// uses (never through a link or a file left there), with its path.
fn new_file_in(dir: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = dir.join(format!(".language.{}.{n}", std::process::id()));
    let f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)?;
    Ok((path, f))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_remembered_choice_is_read_back_and_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("diskmark").join("language");
        assert_eq!(remembered(&file), None);
        remember(&file, &"de".parse().unwrap()).unwrap();
        assert_eq!(
            remembered(&file).map(|l| l.to_string()).as_deref(),
            Some("de")
        );
        // The flag is over the remembered choice, which is over the rest.
        assert_eq!(
            start(Some(&"fr".parse().unwrap()), Some(&file)).1,
            Requested::Flag
        );
        assert_eq!(start(None, Some(&file)).1, Requested::Remembered);
        forget(&file).unwrap();
        forget(&file).unwrap();
        assert_eq!(remembered(&file), None);
        // Anyone's text in the file is no language: ignored, never shown.
        std::fs::write(&file, "\u{1b}]0;x\u{7}$(rm -rf ~)\n").unwrap();
        assert_eq!(remembered(&file), None);
        std::fs::write(&file, "de\n".repeat(100)).unwrap();
        assert_eq!(remembered(&file), None, "a file larger than a language");
        // A FIFO, a socket, a device or a directory in its place is never
        // waited on: no choice.
        let others = crate::inputs::NotFiles::in_dir(dir.path());
        for (path, kind) in &others.kinds {
            assert_eq!(remembered(path), None, "{kind}");
            // Nor is it removed: only a regular file is the choice.
            forget(path).unwrap();
            assert!(std::fs::symlink_metadata(path).is_ok(), "{kind} removed");
        }
        // A choice that cannot be written says why, and leaves nothing.
        let blocked = dir.path().join("a-file");
        std::fs::write(&blocked, "").unwrap();
        assert!(remember(&blocked.join("language"), &"de".parse().unwrap()).is_err());
    }

    #[test]
    fn the_flag_names_a_language_diskmark_has_or_is_refused_with_the_list() {
        assert_eq!(parse_lang("de-AT").unwrap().to_string(), "de");
        assert_eq!(parse_lang("en").unwrap().to_string(), "en");
        let e = parse_lang("xx").unwrap_err();
        assert!(e.contains("no xx translation") && e.contains("en, "), "{e}");
        let e = parse_lang("\u{1b}[2J").unwrap_err();
        assert!(!e.contains('\u{1b}'), "{e}");
    }

    #[test]
    fn posix_locale_names_read_as_language_identifiers() {
        let id = |s: &str| posix_locale(s).map(|l| l.to_string());
        assert_eq!(id("de_DE.UTF-8").as_deref(), Some("de-DE"));
        assert_eq!(id("pt_BR.utf8@euro").as_deref(), Some("pt-BR"));
        assert_eq!(id("C.UTF-8").as_deref(), Some("en"));
        assert_eq!(id("POSIX").as_deref(), Some("en"));
        assert_eq!(id("ja").as_deref(), Some("ja"));
        assert_eq!(id("$(rm -rf)"), None);
    }
}
