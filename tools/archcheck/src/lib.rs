//! archcheck: the rules of docs/architecture.md that the compiler does not
//! check, checked on the source text of `src/` and `gui/src/` (std only, no
//! parser crate, no build of diskmark; docs/architecture.md#rules-the-tests-keep):
//!
//! - the top-level modules follow docs/architecture.md's layer table (a
//!   module imports only modules of a lower layer), except the edges listed
//!   in `known_exceptions.txt`, a list that can only shrink; the window's
//!   modules follow the window's own table the same way;
//! - the top-level modules form a DAG: no import cycle of any length;
//! - inside a folder the files form a DAG too (`mod.rs` and its children);
//! - no file has more than 600 lines of code (its `#[cfg(test)]` items and
//!   comments not counted);
//! - no function is longer than 80 lines, unless marked as the hot loop;
//! - the source cites `docs/`, never DESIGN.md or REPORT.md.
//!
//! An import is any path through `crate::`, `super::`, `self::` or the name
//! of a child module, in a `use` or in code. Re-exports are followed to the
//! module that defines the item (`crate::Error` is `error`). Comments,
//! string and character literals and `#[cfg(test)]` items are blanked out
//! before anything is looked at, so that lines keep their numbers.

mod cycles;
mod krate;
mod layers;
mod rules;
mod scan;

#[cfg(test)]
mod layer_tests;
#[cfg(test)]
mod tree_tests;
#[cfg(test)]
mod unit_tests;

use krate::Crate;
use layers::{Exception, Table};
use std::path::Path;

/// The doc whose tables are the layer rule, from the repository's root.
pub const DOC: &str = "docs/architecture.md";
/// The heading of the library's layer table in [`DOC`].
pub const LIB_HEADING: &str = "## Layers";
/// The heading of the window's layer table in [`DOC`].
pub const GUI_HEADING: &str = "#### The window's layers";
/// The edges allowed to break the library's table for now, from the
/// repository's root.
pub const EXCEPTIONS: &str = "tools/archcheck/known_exceptions.txt";

/// One crate as read from the repository, with its layer table.
pub struct Checked {
    /// `src/` or `gui/src/`.
    pub src: &'static str,
    /// Where its layer table is: `docs/architecture.md#layers`.
    pub table_at: &'static str,
    crate_: Crate,
    table: Table,
    exceptions: Vec<Exception>,
}

/// The repository's two crates, read.
pub struct Repo {
    /// The library and its binaries (`src/`), then the window (`gui/src/`).
    pub crates: Vec<Checked>,
}

/// A rule that does not hold: the rule in one sentence and each offender
/// on a line of its own, as `path:line …`.
#[derive(Debug)]
pub struct Broken {
    /// The rule and where docs/ says it.
    pub rule: String,
    /// One line per offender.
    pub offenders: Vec<String>,
}

/// Every `.rs` file under `root/dir`, as (path from `root`, text), sorted.
fn read_tree(root: &Path, dir: &str, out: &mut Vec<(String, String)>) -> Result<(), String> {
    let path = root.join(dir);
    let entries =
        std::fs::read_dir(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    let mut names = Vec::new();
    for e in entries {
        let e = e.map_err(|e| format!("reading {}: {e}", path.display()))?;
        names.push(e.file_name().to_string_lossy().into_owned());
    }
    names.sort();
    for name in names {
        let rel = format!("{dir}/{name}");
        let p = root.join(&rel);
        if p.is_dir() {
            read_tree(root, &rel, out)?;
        } else if name.ends_with(".rs") {
            let text =
                std::fs::read_to_string(&p).map_err(|e| format!("reading {}: {e}", p.display()))?;
            out.push((rel, text));
        }
    }
    Ok(())
}

fn read(root: &Path, rel: &str) -> Result<String, String> {
    std::fs::read_to_string(root.join(rel)).map_err(|e| format!("reading {rel}: {e}"))
}

impl Repo {
    /// Reads the repository whose root is `root`: `src/`, `gui/src/`,
    /// [`DOC`]'s tables and [`EXCEPTIONS`].
    pub fn read(root: &Path) -> Result<Repo, String> {
        let doc = read(root, DOC)?;
        let exceptions = layers::parse_exceptions(&read(root, EXCEPTIONS)?, EXCEPTIONS)?;
        let mut crates = Vec::new();
        // The window has no known exception: its table holds today.
        for (src, heading, table_at, exceptions) in [
            (
                "src",
                LIB_HEADING,
                "docs/architecture.md#layers",
                exceptions,
            ),
            (
                "gui/src",
                GUI_HEADING,
                "docs/architecture.md#the-windows-layers",
                Vec::new(),
            ),
        ] {
            let mut files = Vec::new();
            read_tree(root, src, &mut files)?;
            if files.is_empty() {
                return Err(format!(
                    "{src}/ holds no .rs file: is {} the repository's root?",
                    root.display()
                ));
            }
            crates.push(Checked {
                src,
                table_at,
                crate_: Crate::new(&format!("{src}/"), &files),
                table: layers::parse_table(&doc, DOC, heading)?,
                exceptions,
            });
        }
        Ok(Repo { crates })
    }

    /// Every rule that does not hold, in both crates; empty when all hold.
    pub fn check(&self) -> Vec<Broken> {
        let mut out = Vec::new();
        for c in &self.crates {
            out.extend(c.check());
        }
        out
    }

    /// The graph of each crate's top-level modules and of the files of
    /// each folder, as text.
    pub fn graph(&self) -> String {
        self.crates.iter().map(Checked::graph).collect()
    }

    /// The edges that break a layer table and are listed as exceptions.
    pub fn excepted(&self) -> Vec<String> {
        self.crates
            .iter()
            .flat_map(|c| c.layers().excepted)
            .collect()
    }
}

impl Checked {
    fn layers(&self) -> layers::LayerFindings {
        layers::check(
            &self.crate_,
            &self.table,
            self.table_at,
            &self.exceptions,
            EXCEPTIONS,
        )
    }

    /// The rules broken in this crate.
    pub fn check(&self) -> Vec<Broken> {
        let (src, table) = (self.src, self.table_at);
        let l = self.layers();
        let rules = [
            (
                format!(
                    "the top-level modules of {src}/ import only modules of a lower layer in the layer table ({table}), unless listed in {EXCEPTIONS} ({DOC}#layers-and-exceptions)"
                ),
                l.broken,
            ),
            (
                format!(
                    "every top-level module of {src}/ is in its layer table ({table}), and the table names only modules it has"
                ),
                l.untabled,
            ),
            (
                format!(
                    "{EXCEPTIONS} lists only edges that still break the layer table, so that it only shrinks ({DOC}#layers-and-exceptions)"
                ),
                l.stale,
            ),
            (
                format!(
                    "the top-level modules of {src}/ form a DAG, no import cycle of any length ({DOC}#no-import-cycles)"
                ),
                self.top_cycles(),
            ),
            (
                format!(
                    "the files of one folder of {src}/ do not import each other, directly or round a longer cycle ({DOC}#no-import-cycles)"
                ),
                self.folder_cycles(),
            ),
            (
                format!(
                    "no file of {src}/ over {} lines of code, its #[cfg(test)] items not counted ({DOC}#size-limits)",
                    rules::MAX_FILE_CODE_LINES
                ),
                self.long_files(),
            ),
            (
                format!(
                    "no function of {src}/ over {} lines outside tests, unless `{}` is just above it ({DOC}#size-limits)",
                    rules::MAX_FN_LINES,
                    rules::HOT_LOOP_MARKER
                ),
                self.long_functions(),
            ),
            (
                format!(
                    "{src}/ cites docs/ (docs/measurement.md, docs/report.md, {DOC}), not DESIGN.md or REPORT.md ({DOC}#citing-the-docs)"
                ),
                self.old_citations(),
            ),
            (
                format!(
                    "no file of {src}/ outside {} names an engine outside its tests: the core asks capabilities, never names ({DOC}#engines)",
                    rules::ENGINE_HOME
                ),
                self.engine_names(),
            ),
        ];
        rules
            .into_iter()
            .filter(|(_, offenders)| !offenders.is_empty())
            .map(|(rule, offenders)| Broken { rule, offenders })
            .collect()
    }

    fn top_cycles(&self) -> Vec<String> {
        let g = self.crate_.folder_graph("");
        cycles::cycles(&g)
            .iter()
            .map(|cy| cycles::describe(&g, cy))
            .collect()
    }

    fn folder_cycles(&self) -> Vec<String> {
        let c = &self.crate_;
        let mut out = Vec::new();
        for folder in c.folders().iter().filter(|f| !f.is_empty()) {
            let g = c.folder_graph(folder);
            out.extend(cycles::cycles(&g).iter().map(|cy| cycles::describe(&g, cy)));
        }
        out
    }

    fn long_files(&self) -> Vec<String> {
        self.crate_
            .files
            .iter()
            .map(|f| (f, rules::code_lines(f)))
            .filter(|(_, n)| *n > rules::MAX_FILE_CODE_LINES)
            .map(|(f, n)| format!("  {}:1 has {n} lines of code", f.rel))
            .collect()
    }

    fn long_functions(&self) -> Vec<String> {
        self.crate_
            .files
            .iter()
            .flat_map(|f| {
                rules::long_functions(f)
                    .into_iter()
                    .map(move |l| format!("  {}:{} {} is {} lines", f.rel, l.line, l.name, l.lines))
            })
            .collect()
    }

    fn engine_names(&self) -> Vec<String> {
        self.crate_
            .files
            .iter()
            .filter(|f| !self.crate_.test_only(f))
            .flat_map(|f| {
                rules::engine_names(f)
                    .into_iter()
                    .map(move |(n, v)| format!("  {}:{n}: EngineKind::{v}", f.rel))
            })
            .collect()
    }

    fn old_citations(&self) -> Vec<String> {
        self.crate_
            .files
            .iter()
            .flat_map(|f| {
                rules::old_citations(f)
                    .into_iter()
                    .map(move |n| format!("  {}:{n}: {}", f.rel, f.lines[n - 1].trim()))
            })
            .collect()
    }

    /// The graph of the top-level modules (module → what it imports) and
    /// of the files of each folder.
    pub fn graph(&self) -> String {
        let c = &self.crate_;
        let mut s = format!(
            "{}/: top-level modules (module -> what it imports):\n",
            self.src
        );
        let g = c.folder_graph("");
        for (from, to) in g.iter().filter(|(from, _)| !from.starts_with("crate")) {
            let to: Vec<&str> = to.keys().map(String::as_str).collect();
            s.push_str(&format!("  {from} -> {}\n", to.join(" ")));
        }
        for folder in c.folders().iter().filter(|f| !f.is_empty()) {
            s.push_str(&format!(
                "files of {}/{}/ (file -> the files of the folder it imports):\n",
                self.src,
                folder.replace("::", "/")
            ));
            for (from, to) in &c.folder_graph(folder) {
                let to: Vec<&str> = to.keys().map(String::as_str).collect();
                s.push_str(&format!("  {from} -> {}\n", to.join(" ")));
            }
        }
        s
    }
}
