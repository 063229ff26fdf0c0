//! Reading Rust source without a parser crate: comments, literals and
//! `#[cfg(test)]` items blanked (lines keep their numbers), then tokens,
//! then the crate-internal paths a file names (docs/architecture.md#no-import-cycles).

use std::collections::BTreeSet;

/// A file's text as chars, once with comments blanked (`no_comments`) and
/// once with comments and literals blanked (`code`). Newlines stay, so a
/// char's line is the same in all three.
pub(crate) struct Blanked {
    pub(crate) no_comments: Vec<char>,
    pub(crate) code: Vec<char>,
}

impl Blanked {
    fn comment(&mut self, from: usize, to: usize) {
        for k in from..to.min(self.code.len()) {
            if self.code[k] != '\n' {
                self.code[k] = ' ';
                self.no_comments[k] = ' ';
            }
        }
    }

    fn literal(&mut self, from: usize, to: usize) {
        for k in from..to.min(self.code.len()) {
            if self.code[k] != '\n' {
                self.code[k] = ' ';
            }
        }
    }
}

pub(crate) fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

pub(crate) fn is_ident_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// Blanks comments (nested block comments too) and string, raw string,
/// byte string and char literals; lifetimes stay.
pub(crate) fn blank(text: &str) -> Blanked {
    let src: Vec<char> = text.chars().collect();
    let mut b = Blanked {
        no_comments: src.clone(),
        code: src.clone(),
    };
    let mut i = 0;
    while i < src.len() {
        i = match src[i] {
            '/' if src.get(i + 1) == Some(&'/') => {
                let end = src[i..]
                    .iter()
                    .position(|&c| c == '\n')
                    .map_or(src.len(), |p| i + p);
                b.comment(i, end);
                end
            }
            '/' if src.get(i + 1) == Some(&'*') => {
                let end = block_comment_end(&src, i);
                b.comment(i, end);
                end
            }
            '"' => {
                let end = string_end(&src, i + 1);
                b.literal(i, end);
                end
            }
            '\'' => match char_literal_end(&src, i) {
                Some(end) => {
                    b.literal(i, end);
                    end
                }
                None => i + 1,
            },
            c if is_ident_start(c) => ident_or_prefixed_literal(&src, i, &mut b),
            _ => i + 1,
        };
    }
    b
}

pub(crate) fn block_comment_end(src: &[char], from: usize) -> usize {
    let (mut depth, mut k) = (0usize, from);
    while k < src.len() {
        if src[k] == '/' && src.get(k + 1) == Some(&'*') {
            depth += 1;
            k += 2;
        } else if src[k] == '*' && src.get(k + 1) == Some(&'/') {
            depth -= 1;
            k += 2;
            if depth == 0 {
                return k;
            }
        } else {
            k += 1;
        }
    }
    src.len()
}

/// The end of a string whose contents start at `k` (after its quote).
pub(crate) fn string_end(src: &[char], mut k: usize) -> usize {
    while k < src.len() {
        match src[k] {
            '\\' => k += 2,
            '"' => return k + 1,
            _ => k += 1,
        }
    }
    src.len()
}

/// The end of a char literal starting at the quote `i`; `None` for a
/// lifetime or a label.
pub(crate) fn char_literal_end(src: &[char], i: usize) -> Option<usize> {
    if src.get(i + 1) == Some(&'\\') {
        let close = src
            .get(i + 3..)?
            .iter()
            .position(|&c| c == '\'' || c == '\n')?;
        return (src[i + 3 + close] == '\'').then_some(i + 3 + close + 1);
    }
    (src.get(i + 2) == Some(&'\'') && src.get(i + 1) != Some(&'\n')).then_some(i + 3)
}

/// An identifier, or a literal with a prefix (`r"…"`, `r#"…"#`, `b"…"`,
/// `br#"…"#`, `b'x'`, `c"…"`): returns where scanning goes on.
pub(crate) fn ident_or_prefixed_literal(src: &[char], i: usize, b: &mut Blanked) -> usize {
    let mut j = i;
    while j < src.len() && is_ident_char(src[j]) {
        j += 1;
    }
    let word: String = src[i..j].iter().collect();
    let next = src.get(j).copied();
    let end = match (word.as_str(), next) {
        ("r" | "br" | "cr", Some('"' | '#')) => raw_string_end(src, j),
        ("b" | "c", Some('"')) => Some(string_end(src, j + 1)),
        ("b", Some('\'')) => char_literal_end(src, j),
        _ => None,
    };
    match end {
        Some(end) => {
            b.literal(i, end);
            end
        }
        None => j,
    }
}

/// The end of a raw string whose hashes (or quote) start at `j`; `None`
/// for a raw identifier (`r#type`).
pub(crate) fn raw_string_end(src: &[char], j: usize) -> Option<usize> {
    let hashes = src[j..].iter().take_while(|&&c| c == '#').count();
    if src.get(j + hashes) != Some(&'"') {
        return None;
    }
    let mut k = j + hashes + 1;
    while k < src.len() {
        if src[k] == '"' && (1..=hashes).all(|h| src.get(k + h) == Some(&'#')) {
            return Some(k + 1 + hashes);
        }
        k += 1;
    }
    Some(src.len())
}

/// Blanks every item under `#[cfg(test)]`: a `mod tests { … }`, a test
/// helper module, a function, a `use`.
pub(crate) fn blank_test_items(b: &mut Blanked) {
    let pattern: Vec<char> = "#[cfg(test)]".chars().collect();
    let mut from = 0;
    while let Some(at) = find(&b.code, &pattern, from) {
        let end = item_end(&b.code, at + pattern.len());
        b.comment(at, end);
        from = end;
    }
}

pub(crate) fn find(hay: &[char], needle: &[char], from: usize) -> Option<usize> {
    (from..hay.len().saturating_sub(needle.len() - 1)).find(|&k| hay[k..].starts_with(needle))
}

/// The end of the item that starts at `k` (after its attribute): through
/// its `;`, or its body's closing brace.
pub(crate) fn item_end(code: &[char], mut k: usize) -> usize {
    let mut depth = 0i32;
    while k < code.len() {
        match code[k] {
            '{' if depth == 0 => return matching_close(code, k) + 1,
            ';' if depth == 0 => return k + 1,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
        k += 1;
    }
    code.len()
}

/// The index of the brace that closes the one at `open`.
pub(crate) fn matching_close(code: &[char], open: usize) -> usize {
    let mut depth = 0usize;
    for (k, &c) in code.iter().enumerate().skip(open) {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    code.len() - 1
}

// ---------------------------------------------------------------------------
// Tokens and paths.

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tok {
    Ident(String),
    PathSep,
    Sym(char),
}

#[derive(Debug, Clone)]
pub(crate) struct Token {
    pub(crate) tok: Tok,
    /// 1-based.
    pub(crate) line: usize,
}

pub(crate) fn lex(code: &[char]) -> Vec<Token> {
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < code.len() {
        let c = code[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if is_ident_char(c) {
            let start = i;
            while i < code.len() && is_ident_char(code[i]) {
                i += 1;
            }
            let word = code[start..i].iter().collect();
            out.push(Token {
                tok: Tok::Ident(word),
                line,
            });
        } else if c == ':' && code.get(i + 1) == Some(&':') {
            out.push(Token {
                tok: Tok::PathSep,
                line,
            });
            i += 2;
        } else {
            out.push(Token {
                tok: Tok::Sym(c),
                line,
            });
            i += 1;
        }
    }
    out
}

pub(crate) fn ident_at(t: &[Token], k: usize) -> Option<&str> {
    match t.get(k).map(|x| &x.tok) {
        Some(Tok::Ident(w)) => Some(w),
        _ => None,
    }
}

pub(crate) fn tok_at(t: &[Token], k: usize) -> Option<&Tok> {
    t.get(k).map(|x| &x.tok)
}

/// One path of a use tree (or of code), as written after its start.
#[derive(Debug, Clone)]
pub(crate) struct Leaf {
    pub(crate) segs: Vec<String>,
    pub(crate) alias: Option<String>,
    pub(crate) glob: bool,
    pub(crate) line: usize,
}

/// Parses the use tree (or plain path) at `k` under `prefix` into `out`;
/// returns the index after it.
pub(crate) fn parse_tree(
    t: &[Token],
    mut k: usize,
    prefix: &[String],
    out: &mut Vec<Leaf>,
) -> usize {
    let mut segs = prefix.to_vec();
    let mut line = t.get(k).map_or(0, |x| x.line);
    loop {
        match tok_at(t, k) {
            Some(Tok::Ident(w)) => {
                segs.push(w.clone());
                line = t[k].line;
                k += 1;
                if tok_at(t, k) == Some(&Tok::PathSep) {
                    k += 1;
                    continue;
                }
                let mut alias = None;
                if ident_at(t, k) == Some("as") {
                    alias = ident_at(t, k + 1).map(str::to_string);
                    k += 2;
                }
                out.push(Leaf {
                    segs,
                    alias,
                    glob: false,
                    line,
                });
                return k;
            }
            Some(Tok::Sym('{')) => return parse_group(t, k + 1, &segs, out),
            Some(Tok::Sym('*')) => {
                out.push(Leaf {
                    segs,
                    alias: None,
                    glob: true,
                    line: t[k].line,
                });
                return k + 1;
            }
            // `crate::Foo::<T>` and the like: the path so far.
            _ => {
                if !segs.is_empty() {
                    out.push(Leaf {
                        segs,
                        alias: None,
                        glob: false,
                        line,
                    });
                }
                return k;
            }
        }
    }
}

/// The members of a `{…}` group starting after its brace at `k`.
pub(crate) fn parse_group(
    t: &[Token],
    mut k: usize,
    prefix: &[String],
    out: &mut Vec<Leaf>,
) -> usize {
    while let Some(tok) = tok_at(t, k) {
        match tok {
            Tok::Sym('}') => return k + 1,
            Tok::Ident(_) | Tok::Sym('{') | Tok::Sym('*') => k = parse_tree(t, k, prefix, out),
            _ => k += 1,
        }
    }
    k
}

/// A path that leaves the file, with where it was written and whether it is
/// a `use` (which the module's import map keeps).
#[derive(Debug, Clone)]
pub(crate) struct PathRef {
    /// From the crate root, `self` and `super` applied.
    pub(crate) abs: Vec<String>,
    /// The name a `use` gives it in its module.
    pub(crate) name: Option<String>,
    pub(crate) line: usize,
}

/// Applies `self` and `super` segments to `base`.
pub(crate) fn normalize(base: &[String], segs: &[String]) -> Vec<String> {
    let mut out = base.to_vec();
    for s in segs {
        match s.as_str() {
            "super" => {
                out.pop();
            }
            "self" => {}
            _ => out.push(s.clone()),
        }
    }
    out
}

/// Every crate-internal path in `tokens` of a file of `module` (whose child
/// modules are `children`).
pub(crate) fn paths(
    tokens: &[Token],
    module: &[String],
    children: &BTreeSet<String>,
) -> Vec<PathRef> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < tokens.len() {
        let Some(word) = ident_at(tokens, k) else {
            k += 1;
            continue;
        };
        let prev = k.checked_sub(1).and_then(|p| tok_at(tokens, p));
        let starts = tok_at(tokens, k + 1) == Some(&Tok::PathSep)
            && !matches!(prev, Some(Tok::PathSep | Tok::Sym('$' | '.')))
            && !(k > 0 && ident_at(tokens, k - 1) == Some("in"));
        let (base, from) = match word {
            _ if !starts => (None, k),
            "crate" => (Some(Vec::new()), k + 2),
            "super" => (
                Some(module[..module.len().saturating_sub(1)].to_vec()),
                k + 2,
            ),
            "self" => (Some(module.to_vec()), k + 2),
            w if children.contains(w) => (Some(module.to_vec()), k),
            _ => (None, k),
        };
        let Some(base) = base else {
            k += 1;
            continue;
        };
        let in_use = k > 0 && ident_at(tokens, k - 1) == Some("use");
        let mut leaves = Vec::new();
        k = parse_tree(tokens, from, &[], &mut leaves).max(k + 1);
        for leaf in leaves {
            let abs = normalize(&base, &leaf.segs);
            let name = (in_use && !leaf.glob)
                .then(|| leaf.alias.clone().or_else(|| abs.last().cloned()))
                .flatten();
            out.push(PathRef {
                abs,
                name,
                line: leaf.line,
            });
        }
    }
    out
}
