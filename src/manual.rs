//! Shell completions and manual pages, made from the command line's own
//! definition ([`crate::cli::command`]) by clap_complete and clap_mangen, so
//! that they can never disagree with `--help`.

use crate::config::UsageError;

pub use clap_complete::Shell;

/// The program's name in completions and manual pages.
const BIN: &str = "diskmark";

/// One manual page: its file name (`diskmark-compare.1`) and its roff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// The page's name: `diskmark`, or `diskmark-SUBCOMMAND`.
    pub name: String,
    /// The file it is installed as, in section 1 (`diskmark.1`).
    pub file_name: String,
    /// The page in roff, for man(1).
    pub roff: Vec<u8>,
}

/// The completion script of `shell` for every option and subcommand.
pub fn completions(shell: Shell) -> Vec<u8> {
    let mut cmd = crate::cli::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, BIN, &mut out);
    out
}

/// The command as its manual pages show it: built, so that every
/// subcommand is named `diskmark-SUBCOMMAND` as man(1) expects, and
/// without clap's `help` subcommand, which has no page of its own.
fn command() -> clap::Command {
    let mut cmd = crate::cli::command().disable_help_subcommand(true);
    cmd.build();
    cmd
}

/// Every manual page: diskmark's own, then one per subcommand (and per
/// nested subcommand, as `diskmark-history-show`), in the order `--help`
/// lists them.
pub fn pages() -> Vec<Page> {
    let mut out = Vec::new();
    collect(command(), &mut out);
    out
}

fn collect(cmd: clap::Command, out: &mut Vec<Page>) {
    let subs: Vec<clap::Command> = cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .cloned()
        .collect();
    out.push(render(cmd));
    for sub in subs {
        collect(sub, out);
    }
}

fn render(cmd: clap::Command) -> Page {
    let man = clap_mangen::Man::new(cmd.clone()).manual("diskmark manual");
    let mut roff = Vec::new();
    // Rendering into a Vec cannot fail: the writer never returns an error.
    let _ = man.render(&mut roff);
    Page {
        name: cmd.get_display_name().unwrap_or(cmd.get_name()).to_string(),
        file_name: man.get_filename(),
        roff,
    }
}

/// The page of `subcommand` (`compare`, `history show`, or `diskmark-span`),
/// or diskmark's own page for `None`.
pub fn page(subcommand: Option<&str>) -> Result<Page, UsageError> {
    let mut pages = pages();
    let Some(sub) = subcommand else {
        return Ok(pages.swap_remove(0));
    };
    let words: Vec<&str> = sub.split_whitespace().collect();
    let wanted = if words.first() == Some(&BIN) || sub.starts_with("diskmark-") {
        words.join("-")
    } else {
        format!("{BIN}-{}", words.join("-"))
    };
    match pages.iter().position(|p| p.name == wanted) {
        Some(i) => Ok(pages.swap_remove(i)),
        None => Err(UsageError::new(
            "man",
            format!(
                "there is no manual page for '{}': give one of {}",
                crate::report::escape::escape(sub),
                subcommand_names(&pages).join(", ")
            ),
        )),
    }
}

/// A page and the checked file it goes to.
#[derive(Debug)]
pub struct PageFile {
    /// The page.
    pub page: Page,
    /// Where it is written.
    pub out: crate::outputs::OutputPath,
}

/// Every page with the output it is written to in `dir`, each checked
/// before anything is written (never a device or a link).
pub fn page_files(dir: &std::path::Path) -> Result<Vec<PageFile>, UsageError> {
    pages()
        .into_iter()
        .map(|page| {
            let path = dir.join(&page.file_name);
            let out = crate::outputs::check(&path, "--dir", crate::outputs::Forbidden::default())?;
            Ok(PageFile { page, out })
        })
        .collect()
}

fn subcommand_names(pages: &[Page]) -> Vec<String> {
    pages
        .iter()
        .filter_map(|p| p.name.strip_prefix("diskmark-"))
        .map(|n| n.replace('-', " "))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_is_a_page_for_diskmark_and_each_subcommand() {
        let names: Vec<String> = pages().into_iter().map(|p| p.name).collect();
        for want in [
            "diskmark",
            "diskmark-compare",
            "diskmark-history",
            "diskmark-history-show",
            "diskmark-span",
            "diskmark-sustained",
            "diskmark-tui",
            "diskmark-completions",
            "diskmark-man",
        ] {
            assert!(names.iter().any(|n| n == want), "{want} missing: {names:?}");
        }
        assert!(!names.iter().any(|n| n == "diskmark-help"), "{names:?}");
    }

    #[test]
    fn a_page_is_found_by_its_subcommand() {
        assert_eq!(page(None).unwrap().file_name, "diskmark.1");
        assert_eq!(
            page(Some("compare")).unwrap().file_name,
            "diskmark-compare.1"
        );
        assert_eq!(
            page(Some("history show")).unwrap().file_name,
            "diskmark-history-show.1"
        );
        assert_eq!(page(Some("diskmark-span")).unwrap().name, "diskmark-span");
        let e = page(Some("nope\x1b[2J")).unwrap_err();
        assert!(e.message.contains("'nope\\x1b[2J'"), "{e}");
        assert!(e.message.contains("compare"), "{e}");
    }

    #[test]
    fn the_page_holds_the_options_and_the_examples() {
        let roff = String::from_utf8(page(None).unwrap().roff).unwrap();
        assert!(roff.contains(".TH diskmark 1"), "{}", &roff[..200]);
        assert!(roff.contains("\\-\\-profile"));
        assert!(roff.contains("EXAMPLES"));
    }

    #[test]
    fn completions_name_the_options_for_every_shell() {
        for shell in [
            Shell::Bash,
            Shell::Zsh,
            Shell::Fish,
            Shell::Elvish,
            Shell::PowerShell,
        ] {
            let s = String::from_utf8(completions(shell)).unwrap();
            assert!(s.contains("profile"), "{shell}");
            assert!(s.contains("sustained"), "{shell}");
        }
    }
}
