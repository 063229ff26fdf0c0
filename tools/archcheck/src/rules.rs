//! The size limits and the citations (docs/architecture.md#size-limits,
//! docs/architecture.md#citing-the-docs).

use crate::krate::SourceFile;
use crate::scan::{Tok, Token, ident_at, tok_at};

/// Longest function, in lines from its `fn` line to its closing brace.
pub(crate) const MAX_FN_LINES: usize = 80;
/// Most lines of code in one file.
pub(crate) const MAX_FILE_CODE_LINES: usize = 600;
/// The comment that exempts a function from [`MAX_FN_LINES`] when it is on
/// the lines just above it (among its doc comment and attributes).
pub(crate) const HOT_LOOP_MARKER: &str = "// hot loop: kept whole for speed";
/// What the source must not cite any more.
pub(crate) const OLD_SPEC: [&str; 3] = ["DESIGN §", "DESIGN.md", "REPORT.md"];

// ---------------------------------------------------------------------------
// The rules.

/// A function longer than the limit: where, its name, its length.
#[derive(Debug, PartialEq)]
pub(crate) struct LongFn {
    pub(crate) line: usize,
    pub(crate) name: String,
    pub(crate) lines: usize,
}

/// The functions of `f` longer than [`MAX_FN_LINES`] and not marked.
pub(crate) fn long_functions(f: &SourceFile) -> Vec<LongFn> {
    let t = &f.tokens;
    let mut out = Vec::new();
    for k in 0..t.len() {
        if ident_at(t, k) != Some("fn") {
            continue;
        }
        let Some(name) = ident_at(t, k + 1) else {
            continue; // `fn(u32) -> u32`, a pointer type
        };
        let Some(end) = body_end(t, k + 2) else {
            continue; // a declaration: `fn f(&self);`
        };
        let lines = end - t[k].line + 1;
        if lines > MAX_FN_LINES && !marked(&f.lines, t[k].line) {
            out.push(LongFn {
                line: t[k].line,
                name: name.to_string(),
                lines,
            });
        }
    }
    out
}

/// The line of the closing brace of the body that follows the signature at
/// `k`; `None` when a `;` ends the signature first.
pub(crate) fn body_end(t: &[Token], mut k: usize) -> Option<usize> {
    let mut depth = 0i32;
    while let Some(tok) = tok_at(t, k) {
        match tok {
            Tok::Sym('{') if depth == 0 => break,
            Tok::Sym(';') if depth == 0 => return None,
            Tok::Sym('(' | '[') => depth += 1,
            Tok::Sym(')' | ']') => depth -= 1,
            _ => {}
        }
        k += 1;
    }
    let mut braces = 0usize;
    while let Some(tok) = tok_at(t, k) {
        match tok {
            Tok::Sym('{') => braces += 1,
            Tok::Sym('}') => {
                braces -= 1;
                if braces == 0 {
                    return Some(t[k].line);
                }
            }
            _ => {}
        }
        k += 1;
    }
    None
}

/// Whether the comments and attributes just above line `fn_line` (1-based)
/// hold [`HOT_LOOP_MARKER`].
pub(crate) fn marked(lines: &[String], fn_line: usize) -> bool {
    lines[..fn_line - 1]
        .iter()
        .rev()
        .map(|l| l.trim())
        .take_while(|l| l.starts_with("//") || l.starts_with("#["))
        .any(|l| l.contains(HOT_LOOP_MARKER))
}

/// Lines of `f` that hold code (not blank, not only comments, not in a
/// `#[cfg(test)]` item).
pub(crate) fn code_lines(f: &SourceFile) -> usize {
    f.no_comments
        .iter()
        .filter(|l| !l.trim().is_empty())
        .count()
}

/// Lines of `f` that cite the old spec, 1-based.
pub(crate) fn old_citations(f: &SourceFile) -> Vec<usize> {
    f.lines
        .iter()
        .enumerate()
        .filter(|(_, l)| OLD_SPEC.iter().any(|s| l.contains(s)))
        .map(|(i, _)| i + 1)
        .collect()
}

/// The folder whose files may name an engine: its own file and the
/// registry (docs/architecture.md#engines).
pub(crate) const ENGINE_HOME: &str = "src/engine/";

/// Lines of `f` outside tests that name an engine (`EngineKind::Null`, a
/// variant rather than `EngineKind::ALL` or a function), 1-based with the
/// variant: the core asks an engine's capabilities, never its name.
pub(crate) fn engine_names(f: &SourceFile) -> Vec<(usize, String)> {
    if f.rel.starts_with(ENGINE_HOME) {
        return Vec::new();
    }
    let t = &f.tokens;
    (0..t.len())
        .filter(|&k| {
            ident_at(t, k) == Some("EngineKind") && tok_at(t, k + 1) == Some(&Tok::PathSep)
        })
        .filter_map(|k| {
            let v = ident_at(t, k + 2)?;
            let variant = v.starts_with(|c: char| c.is_ascii_uppercase())
                && v.chars().any(|c| c.is_ascii_lowercase());
            variant.then(|| (t[k].line, v.to_string()))
        })
        .collect()
}
