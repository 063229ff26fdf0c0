//! The layer rule (docs/architecture.md#layers): the table in the doc is the
//! spec. Each top-level module has a layer; a module may import only
//! modules of a strictly lower layer. Layers are ordered by number, then by
//! letter: `1 < 1b < 1c < 2`, `19 < 19b < 19c < 19d < 20`. So `19b` may
//! import `19` but not `19c`, and two modules of one layer may not import
//! each other.
//!
//! The edges that break the table today are listed, one per line, in
//! `known_exceptions.txt` beside this crate's manifest. They pass, and the
//! list can only shrink: a listed edge that no longer breaks the table
//! fails until its line is deleted.

use crate::krate::{Crate, Loc};
use std::collections::BTreeMap;

/// A layer: its number and its letter (`19d` is `(19, "d")`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Layer {
    pub(crate) number: u32,
    pub(crate) letter: String,
}

impl std::fmt::Display for Layer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.number, self.letter)
    }
}

/// `"19d"` → `(19, "d")`; `None` for what is not a layer (`-`).
pub(crate) fn parse_layer(text: &str) -> Option<Layer> {
    let digits = text.chars().take_while(char::is_ascii_digit).count();
    let number = text[..digits].parse().ok()?;
    let letter = &text[digits..];
    letter
        .chars()
        .all(|c| c.is_ascii_lowercase())
        .then(|| Layer {
            number,
            letter: letter.to_string(),
        })
}

/// A layer table: module name → its layer and the doc's line of it.
pub(crate) type Table = BTreeMap<String, (Layer, usize)>;

/// The first table after the heading line `heading` in `doc` (a Markdown
/// text named `doc_name` in errors): its first column the layer, its
/// second the module in backticks (`run/`, `host`), or several
/// (`` `app`, `bench` ``). Rows whose layer is not
/// one (`-`, the binary's `main.rs`) are left out.
pub(crate) fn parse_table(doc: &str, doc_name: &str, heading: &str) -> Result<Table, String> {
    let lines: Vec<&str> = doc.lines().collect();
    let Some(at) = lines.iter().position(|l| l.trim() == heading) else {
        return Err(format!("{doc_name} has no heading `{heading}`"));
    };
    let mut table = Table::new();
    let rows = lines
        .iter()
        .enumerate()
        .skip(at + 1)
        .skip_while(|(_, l)| !l.starts_with('|'))
        .take_while(|(_, l)| l.starts_with('|'))
        .skip(2); // the header and its `|---|` line
    for (i, row) in rows {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let (Some(layer), Some(module)) = (cells.get(1), cells.get(2)) else {
            return Err(format!(
                "{doc_name}:{}: a row without layer and module",
                i + 1
            ));
        };
        let Some(layer) = parse_layer(layer) else {
            if *layer == "-" {
                continue;
            }
            return Err(format!(
                "{doc_name}:{}: `{layer}` is not a layer (a number, then lower-case letters: 1, 1b, 19d)",
                i + 1
            ));
        };
        for name in module_names(module) {
            if table.insert(name.clone(), (layer.clone(), i + 1)).is_some() {
                return Err(format!(
                    "{doc_name}:{}: `{name}` is in the table twice",
                    i + 1
                ));
            }
        }
    }
    if table.is_empty() {
        return Err(format!("{doc_name} has no table under `{heading}`"));
    }
    Ok(table)
}

/// The modules of a table's cell: each name in backticks (`` `run/` ``,
/// `` `app`, `bench` ``), a folder's `/` dropped.
fn module_names(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(|m| m.trim().trim_end_matches('/').to_string())
        .filter(|m| !m.is_empty())
        .collect()
}

/// One listed exception: an edge allowed to break the table for now.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Exception {
    pub(crate) from: String,
    pub(crate) to: String,
    /// Its line in the list, 1-based.
    pub(crate) line: usize,
}

/// The exceptions of `text`: `from -> to` a line; `#` starts a comment.
pub(crate) fn parse_exceptions(text: &str, name: &str) -> Result<Vec<Exception>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let Some((from, to)) = line.split_once("->") else {
            return Err(format!(
                "{name}:{}: `{line}` is not an edge; write `from -> to`",
                i + 1
            ));
        };
        out.push(Exception {
            from: from.trim().to_string(),
            to: to.trim().to_string(),
            line: i + 1,
        });
    }
    Ok(out)
}

/// What the layer rule found in a crate.
#[derive(Debug, Default)]
pub(crate) struct LayerFindings {
    /// Edges that go up or sideways and are not listed: one line each.
    pub(crate) broken: Vec<String>,
    /// Top-level modules that the table does not have, and table rows
    /// that name no module.
    pub(crate) untabled: Vec<String>,
    /// Listed exceptions that no longer break the table.
    pub(crate) stale: Vec<String>,
    /// Edges that break the table and are listed (allowed for now).
    pub(crate) excepted: Vec<String>,
}

/// A top-level edge: `from` imports `to` at `locs`.
struct TopEdge<'a> {
    from: &'a str,
    to: &'a str,
    locs: &'a [Loc],
}

/// Checks the top-level modules of `c` against `table`, with the listed
/// `exceptions` (from the file `exceptions_name`); `table_at` is where the
/// table is (`docs/architecture.md#layers`), for the messages.
pub(crate) fn check(
    c: &Crate,
    table: &Table,
    table_at: &str,
    exceptions: &[Exception],
    exceptions_name: &str,
) -> LayerFindings {
    let mut out = LayerFindings::default();
    let doc_name = table_at.split('#').next().unwrap_or(table_at);
    let tops = c.children("");
    for m in &tops {
        if !table.contains_key(m) {
            let rel = c.modules.get(m).map_or(m.as_str(), |&i| &c.files[i].rel);
            out.untabled.push(format!(
                "  {rel}:1: module {m} is not in the layer table ({table_at}); add a row for it"
            ));
        }
    }
    for (m, (_, line)) in table {
        if !tops.contains(m) {
            out.untabled.push(format!(
                "  {doc_name}:{line}: the layer table names module {m}, which the crate does not have; delete its row"
            ));
        }
    }
    let g = c.folder_graph("");
    let mut broken_pairs = Vec::new();
    for (from, tos) in g.iter().filter(|(f, _)| !f.starts_with("crate")) {
        for (to, locs) in tos {
            let edge = TopEdge { from, to, locs };
            let Some(text) = breaks(&edge, table) else {
                continue;
            };
            broken_pairs.push((from.as_str(), to.as_str()));
            if exceptions.iter().any(|e| e.from == *from && e.to == *to) {
                out.excepted.push(text);
            } else {
                out.broken.push(text);
            }
        }
    }
    for e in exceptions {
        if !broken_pairs.contains(&(e.from.as_str(), e.to.as_str())) {
            out.stale.push(format!(
                "  {exceptions_name}:{}: {} -> {} no longer breaks the layer table; delete this line (the list only shrinks)",
                e.line, e.from, e.to
            ));
        }
    }
    out
}

/// The line naming `edge` when it goes up or sideways in `table`.
fn breaks(edge: &TopEdge, table: &Table) -> Option<String> {
    let ((lf, _), (lt, _)) = (table.get(edge.from)?, table.get(edge.to)?);
    if lt < lf {
        return None;
    }
    let where_ = if lt == lf { "beside" } else { "above" };
    // An edge exists only where an import is written: `locs` has one.
    let first = edge.locs.first()?;
    let mut s = format!(
        "  {first}: module {} (layer {lf}) imports module {} (layer {lt}), which is {where_} it",
        edge.from, edge.to
    );
    if edge.locs.len() > 1 {
        let more: Vec<String> = edge.locs[1..].iter().take(3).map(Loc::to_string).collect();
        s.push_str(&format!("; also {}", more.join(", ")));
        if edge.locs.len() > 4 {
            s.push_str(&format!(" (+{} more)", edge.locs.len() - 4));
        }
    }
    Some(s)
}
