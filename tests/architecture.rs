//! The rules of docs/architecture.md that the compiler does not check,
//! checked on the source text of `src/` (std only, no parser crate):
//!
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
//!
//! `cargo test --test architecture -- --nocapture` also prints the graph of
//! the top-level modules.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt::Write;
use std::path::Path;

/// Longest function, in lines from its `fn` line to its closing brace.
const MAX_FN_LINES: usize = 80;
/// Most lines of code in one file.
const MAX_FILE_CODE_LINES: usize = 600;
/// The comment that exempts a function from [`MAX_FN_LINES`] when it is on
/// the lines just above it (among its doc comment and attributes).
const HOT_LOOP_MARKER: &str = "// hot loop: kept whole for speed";
/// What the source must not cite any more.
const OLD_SPEC: [&str; 3] = ["DESIGN §", "DESIGN.md", "REPORT.md"];

// ---------------------------------------------------------------------------
// Blanking: comments, literals, test items.

/// A file's text as chars, once with comments blanked (`no_comments`) and
/// once with comments and literals blanked (`code`). Newlines stay, so a
/// char's line is the same in all three.
struct Blanked {
    no_comments: Vec<char>,
    code: Vec<char>,
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

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn is_ident_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// Blanks comments (nested block comments too) and string, raw string,
/// byte string and char literals; lifetimes stay.
fn blank(text: &str) -> Blanked {
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

fn block_comment_end(src: &[char], from: usize) -> usize {
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
fn string_end(src: &[char], mut k: usize) -> usize {
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
fn char_literal_end(src: &[char], i: usize) -> Option<usize> {
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
fn ident_or_prefixed_literal(src: &[char], i: usize, b: &mut Blanked) -> usize {
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
fn raw_string_end(src: &[char], j: usize) -> Option<usize> {
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
fn blank_test_items(b: &mut Blanked) {
    let pattern: Vec<char> = "#[cfg(test)]".chars().collect();
    let mut from = 0;
    while let Some(at) = find(&b.code, &pattern, from) {
        let end = item_end(&b.code, at + pattern.len());
        b.comment(at, end);
        from = end;
    }
}

fn find(hay: &[char], needle: &[char], from: usize) -> Option<usize> {
    (from..hay.len().saturating_sub(needle.len() - 1)).find(|&k| hay[k..].starts_with(needle))
}

/// The end of the item that starts at `k` (after its attribute): through
/// its `;`, or its body's closing brace.
fn item_end(code: &[char], mut k: usize) -> usize {
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
fn matching_close(code: &[char], open: usize) -> usize {
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
enum Tok {
    Ident(String),
    PathSep,
    Sym(char),
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    /// 1-based.
    line: usize,
}

fn lex(code: &[char]) -> Vec<Token> {
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

fn ident_at(t: &[Token], k: usize) -> Option<&str> {
    match t.get(k).map(|x| &x.tok) {
        Some(Tok::Ident(w)) => Some(w),
        _ => None,
    }
}

fn tok_at(t: &[Token], k: usize) -> Option<&Tok> {
    t.get(k).map(|x| &x.tok)
}

/// One path of a use tree (or of code), as written after its start.
#[derive(Debug, Clone)]
struct Leaf {
    segs: Vec<String>,
    alias: Option<String>,
    glob: bool,
    line: usize,
}

/// Parses the use tree (or plain path) at `k` under `prefix` into `out`;
/// returns the index after it.
fn parse_tree(t: &[Token], mut k: usize, prefix: &[String], out: &mut Vec<Leaf>) -> usize {
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
fn parse_group(t: &[Token], mut k: usize, prefix: &[String], out: &mut Vec<Leaf>) -> usize {
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
struct PathRef {
    /// From the crate root, `self` and `super` applied.
    abs: Vec<String>,
    /// The name a `use` gives it in its module.
    name: Option<String>,
    line: usize,
}

/// Applies `self` and `super` segments to `base`.
fn normalize(base: &[String], segs: &[String]) -> Vec<String> {
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
fn paths(tokens: &[Token], module: &[String], children: &BTreeSet<String>) -> Vec<PathRef> {
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

// ---------------------------------------------------------------------------
// The crate: files, modules, imports, edges.

/// One source file.
struct SourceFile {
    /// `src/run/window.rs`.
    rel: String,
    /// `run::window`; `None` for `src/main.rs` (the binary's crate).
    module: Option<String>,
    /// The text as written, by line.
    lines: Vec<String>,
    /// Comments and test items blanked, by line.
    no_comments: Vec<String>,
    /// Comments, literals and test items blanked.
    tokens: Vec<Token>,
}

/// Where an edge was written.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Loc {
    rel: String,
    line: usize,
}

impl std::fmt::Display for Loc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.rel, self.line)
    }
}

/// A directed graph with where each edge was written.
type Graph = BTreeMap<String, BTreeMap<String, Vec<Loc>>>;

struct Crate {
    files: Vec<SourceFile>,
    /// Module path → index of its file.
    modules: BTreeMap<String, usize>,
    /// Module path → (name → absolute path) of its `use`s.
    imports: BTreeMap<String, BTreeMap<String, Vec<String>>>,
    /// (from module, to module) → where.
    edges: BTreeMap<(String, String), Vec<Loc>>,
}

fn split(module: &str) -> Vec<String> {
    if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").map(str::to_string).collect()
    }
}

/// `src/run/window.rs` → `run::window`, `src/lib.rs` → the root (`""`).
fn module_of(rel: &str) -> Option<String> {
    let p = rel.strip_prefix("src/")?.strip_suffix(".rs")?;
    match p {
        "main" => None,
        "lib" => Some(String::new()),
        _ => Some(p.strip_suffix("/mod").unwrap_or(p).replace('/', "::")),
    }
}

fn lines_of(chars: &[char]) -> Vec<String> {
    chars
        .iter()
        .collect::<String>()
        .split('\n')
        .map(str::to_string)
        .collect()
}

impl Crate {
    /// The crate made of `files`: (path from the crate root, text).
    fn new(files: &[(String, String)]) -> Crate {
        let files: Vec<SourceFile> = files
            .iter()
            .map(|(rel, text)| {
                let mut b = blank(text);
                blank_test_items(&mut b);
                SourceFile {
                    rel: rel.clone(),
                    module: module_of(rel),
                    lines: text.split('\n').map(str::to_string).collect(),
                    no_comments: lines_of(&b.no_comments),
                    tokens: lex(&b.code),
                }
            })
            .collect();
        let modules = files
            .iter()
            .enumerate()
            .filter_map(|(i, f)| Some((f.module.clone()?, i)))
            .collect();
        let mut c = Crate {
            files,
            modules,
            imports: BTreeMap::new(),
            edges: BTreeMap::new(),
        };
        c.link();
        c
    }

    /// The direct child modules of `module` that have files.
    fn children(&self, module: &str) -> BTreeSet<String> {
        let depth = split(module).len();
        self.modules
            .keys()
            .filter(|m| !m.is_empty() && within(m, module))
            .map(|m| split(m))
            .filter(|s| s.len() == depth + 1)
            .map(|s| s[depth].clone())
            .collect()
    }

    /// Collects every file's paths, the modules' import maps, then the
    /// edges between modules.
    fn link(&mut self) {
        let mut all: Vec<(String, String, Vec<PathRef>)> = Vec::new();
        for f in &self.files {
            let Some(module) = &f.module else { continue };
            let refs = paths(&f.tokens, &split(module), &self.children(module));
            all.push((module.clone(), f.rel.clone(), refs));
        }
        for (module, _, refs) in &all {
            let map = self.imports.entry(module.clone()).or_default();
            for r in refs {
                if let Some(name) = &r.name
                    && !r.abs.is_empty()
                {
                    map.insert(name.clone(), r.abs.clone());
                }
            }
        }
        for (module, rel, refs) in &all {
            for r in refs {
                let target = self.resolve(&r.abs, 0);
                if target != *module && !target.is_empty() {
                    let loc = Loc {
                        rel: rel.clone(),
                        line: r.line,
                    };
                    let locs = self.edges.entry((module.clone(), target)).or_default();
                    if locs.last() != Some(&loc) {
                        locs.push(loc);
                    }
                }
            }
        }
    }

    /// The module that defines what `abs` names: its longest prefix that is
    /// a module, with a re-export there followed.
    fn resolve(&self, abs: &[String], depth: u32) -> String {
        let mut n = abs.len();
        while n > 0 && !self.modules.contains_key(&abs[..n].join("::")) {
            n -= 1;
        }
        let module = abs[..n].join("::");
        if n < abs.len()
            && depth < 8
            && let Some(target) = self.imports.get(&module).and_then(|m| m.get(&abs[n]))
        {
            let mut next = target.clone();
            next.extend_from_slice(&abs[n + 1..]);
            return self.resolve(&next, depth + 1);
        }
        module
    }

    /// The graph of the files of folder `parent`: `parent`'s own file and
    /// one node per child module (its whole subtree), edges between them.
    /// For the root, the nodes are the top-level modules.
    fn folder_graph(&self, parent: &str) -> Graph {
        let mut g = Graph::new();
        for ((from, to), locs) in &self.edges {
            if !within(from, parent) || !within(to, parent) {
                continue;
            }
            let (a, b) = (self.node(from, parent), self.node(to, parent));
            if a != b {
                g.entry(a.clone())
                    .or_default()
                    .insert(b.clone(), locs.clone());
                g.entry(b).or_default();
            }
        }
        g
    }

    /// How `module` shows in the graph of folder `parent`.
    fn node(&self, module: &str, parent: &str) -> String {
        let p = split(parent);
        let m = split(module);
        let top = if m.len() == p.len() {
            module.to_string()
        } else {
            m[..=p.len()].join("::")
        };
        match (parent.is_empty(), top.is_empty()) {
            (true, true) => "crate (src/lib.rs)".into(),
            (true, false) => top,
            (false, _) => self
                .modules
                .get(&top)
                .map_or(top, |&i| self.files[i].rel.clone()),
        }
    }

    /// Every module that has child modules (the root included).
    fn folders(&self) -> Vec<String> {
        self.modules
            .keys()
            .filter(|m| !self.children(m).is_empty())
            .cloned()
            .collect()
    }
}

/// Whether `module` is `parent` or inside it.
fn within(module: &str, parent: &str) -> bool {
    parent.is_empty() || module == parent || module.starts_with(&format!("{parent}::"))
}

// ---------------------------------------------------------------------------
// Cycles.

/// The strongly connected components of `g` with more than one node.
fn tangles(g: &Graph) -> Vec<BTreeSet<String>> {
    struct Tarjan<'g> {
        g: &'g Graph,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        out: Vec<BTreeSet<String>>,
    }
    impl<'g> Tarjan<'g> {
        fn visit(&mut self, v: &'g str) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            for w in self.g[v].keys() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let l = self.low[v].min(self.low[w]);
                    self.low.insert(v, l);
                } else if self.stack.contains(&w) {
                    let l = self.low[v].min(self.index[w]);
                    self.low.insert(v, l);
                }
            }
            if self.low[v] == self.index[v] {
                let mut scc = BTreeSet::new();
                while let Some(w) = self.stack.pop() {
                    scc.insert(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if scc.len() > 1 {
                    self.out.push(scc);
                }
            }
        }
    }
    let mut t = Tarjan {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        out: Vec::new(),
    };
    for v in g.keys() {
        if !t.index.contains_key(v.as_str()) {
            t.visit(v);
        }
    }
    t.out
}

/// The shortest path from `from` to `to` inside `set`, both ends included.
fn shortest_path(g: &Graph, set: &BTreeSet<String>, from: &str, to: &str) -> Option<Vec<String>> {
    let mut came: BTreeMap<String, String> = BTreeMap::new();
    let mut queue = VecDeque::from([from.to_string()]);
    let mut seen = BTreeSet::from([from.to_string()]);
    while let Some(v) = queue.pop_front() {
        if v == to {
            let mut path = vec![v.clone()];
            let mut at = v;
            while let Some(p) = came.get(&at) {
                path.push(p.clone());
                at = p.clone();
            }
            path.reverse();
            return Some(path);
        }
        for w in g[&v].keys().filter(|w| set.contains(*w)) {
            if seen.insert(w.clone()) {
                came.insert(w.clone(), v.clone());
                queue.push_back(w.clone());
            }
        }
    }
    None
}

/// Cycles that together cover every edge that lies on a cycle, shortest
/// first: `[a, b, a]` for a pair that imports each other.
fn cycles(g: &Graph) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for set in tangles(g) {
        let mut candidates: Vec<Vec<String>> = Vec::new();
        for a in &set {
            for b in g[a].keys().filter(|b| set.contains(*b)) {
                if let Some(back) = shortest_path(g, &set, b, a) {
                    let mut cycle = vec![a.clone()];
                    cycle.extend(back);
                    candidates.push(cycle);
                }
            }
        }
        candidates.sort_by_key(|c| (c.len(), c.clone()));
        let mut covered: BTreeSet<(String, String)> = BTreeSet::new();
        for c in candidates {
            let edges: Vec<_> = c.windows(2).map(|w| (w[0].clone(), w[1].clone())).collect();
            if !covered.contains(&edges[0]) {
                covered.extend(edges);
                out.push(c);
            }
        }
    }
    out
}

/// Up to three places, and how many more.
fn places(locs: &[Loc]) -> String {
    let mut s: Vec<String> = locs.iter().take(3).map(Loc::to_string).collect();
    if locs.len() > 3 {
        s.push(format!("(+{} more)", locs.len() - 3));
    }
    s.join(", ")
}

/// A cycle and, per edge, where it is written.
fn describe(g: &Graph, cycle: &[String]) -> String {
    let mut s = format!("  import cycle: {}\n", cycle.join(" -> "));
    for w in cycle.windows(2) {
        // Writing to a String cannot fail.
        let _ = writeln!(
            s,
            "      {} -> {}: {}",
            w[0],
            w[1],
            places(&g[&w[0]][&w[1]])
        );
    }
    s
}

// ---------------------------------------------------------------------------
// The rules.

/// A function longer than the limit: where, its name, its length.
#[derive(Debug, PartialEq)]
struct LongFn {
    line: usize,
    name: String,
    lines: usize,
}

/// The functions of `f` longer than [`MAX_FN_LINES`] and not marked.
fn long_functions(f: &SourceFile) -> Vec<LongFn> {
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
fn body_end(t: &[Token], mut k: usize) -> Option<usize> {
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
fn marked(lines: &[String], fn_line: usize) -> bool {
    lines[..fn_line - 1]
        .iter()
        .rev()
        .map(|l| l.trim())
        .take_while(|l| l.starts_with("//") || l.starts_with("#["))
        .any(|l| l.contains(HOT_LOOP_MARKER))
}

/// Lines of `f` that hold code (not blank, not only comments, not in a
/// `#[cfg(test)]` item).
fn code_lines(f: &SourceFile) -> usize {
    f.no_comments
        .iter()
        .filter(|l| !l.trim().is_empty())
        .count()
}

/// Lines of `f` that cite the old spec, 1-based.
fn old_citations(f: &SourceFile) -> Vec<usize> {
    f.lines
        .iter()
        .enumerate()
        .filter(|(_, l)| OLD_SPEC.iter().any(|s| l.contains(s)))
        .map(|(i, _)| i + 1)
        .collect()
}

// ---------------------------------------------------------------------------
// The tests on src/.

/// Every `.rs` file under `dir`, as (path from the crate root, text).
fn read_tree(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            read_tree(root, &p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let rel = p.strip_prefix(root).expect("under the root");
            let text = std::fs::read_to_string(&p).expect("source is UTF-8");
            out.push((rel.to_string_lossy().replace('\\', "/"), text));
        }
    }
}

fn the_crate() -> Crate {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    read_tree(root, &root.join("src"), &mut files);
    assert!(files.len() > 10, "src/ holds the crate's files");
    Crate::new(&files)
}

#[test]
fn top_level_modules_have_no_import_cycle() {
    let c = the_crate();
    let g = c.folder_graph("");
    let found = cycles(&g);
    let text: String = found.iter().map(|cy| describe(&g, cy)).collect();
    assert!(
        found.is_empty(),
        "rule broken: the top-level modules of src/ must form a DAG, no import cycle of any length (docs/architecture.md#no-import-cycles); {} cycles:\n{text}",
        found.len()
    );
}

#[test]
fn files_of_a_folder_have_no_import_cycle() {
    let c = the_crate();
    let mut text = String::new();
    let mut n = 0;
    for folder in c.folders().iter().filter(|f| !f.is_empty()) {
        let g = c.folder_graph(folder);
        for cy in cycles(&g) {
            n += 1;
            text.push_str(&describe(&g, &cy));
        }
    }
    assert!(
        n == 0,
        "rule broken: the files of one folder must not import each other, directly or round a longer cycle (docs/architecture.md#no-import-cycles); {n} cycles:\n{text}"
    );
}

#[test]
fn no_file_over_600_lines_of_code() {
    let c = the_crate();
    let long: Vec<String> = c
        .files
        .iter()
        .map(|f| (f, code_lines(f)))
        .filter(|(_, n)| *n > MAX_FILE_CODE_LINES)
        .map(|(f, n)| format!("  {}:1 has {n} lines of code", f.rel))
        .collect();
    assert!(
        long.is_empty(),
        "rule broken: no file over {MAX_FILE_CODE_LINES} lines of code, its #[cfg(test)] items not counted (docs/architecture.md#size-limits):\n{}",
        long.join("\n")
    );
}

#[test]
fn no_function_over_80_lines() {
    let c = the_crate();
    let long: Vec<String> = c
        .files
        .iter()
        .flat_map(|f| {
            long_functions(f)
                .into_iter()
                .map(move |l| format!("  {}:{} {} is {} lines", f.rel, l.line, l.name, l.lines))
        })
        .collect();
    assert!(
        long.is_empty(),
        "rule broken: no function over {MAX_FN_LINES} lines outside tests, unless `{HOT_LOOP_MARKER}` is just above it (docs/architecture.md#size-limits):\n{}",
        long.join("\n")
    );
}

#[test]
fn source_cites_docs_not_the_old_spec() {
    let c = the_crate();
    let found: Vec<String> = c
        .files
        .iter()
        .flat_map(|f| {
            old_citations(f)
                .into_iter()
                .map(move |n| format!("  {}:{n}: {}", f.rel, f.lines[n - 1].trim()))
        })
        .collect();
    assert!(
        found.is_empty(),
        "rule broken: the source cites docs/ (docs/measurement.md, docs/report.md, docs/architecture.md), not DESIGN.md or REPORT.md (docs/architecture.md#citing-the-docs):\n{}",
        found.join("\n")
    );
}

/// The graph of the top-level modules, for `--nocapture` and the closing
/// note of a restructuring.
#[test]
fn print_module_graph() {
    let c = the_crate();
    let g = c.folder_graph("");
    println!("top-level module graph (module -> what it imports):");
    for (from, to) in g.iter().filter(|(from, _)| !from.starts_with("crate ")) {
        let to: Vec<&str> = to.keys().map(String::as_str).collect();
        println!("  {from} -> {}", to.join(" "));
    }
    for folder in c.folders().iter().filter(|f| !f.is_empty()) {
        println!("files of {folder}/ (file -> the files of the folder it imports):");
        for (from, to) in &c.folder_graph(folder) {
            let to: Vec<&str> = to.keys().map(String::as_str).collect();
            println!("  {from} -> {}", to.join(" "));
        }
    }
    assert!(g.contains_key("run"), "the graph has the run module");
}

// ---------------------------------------------------------------------------
// The parser, on small crates.

fn krate(files: &[(&str, &str)]) -> Crate {
    let files: Vec<(String, String)> = files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    Crate::new(&files)
}

fn edges(c: &Crate) -> Vec<(String, String)> {
    c.edges.keys().cloned().collect()
}

fn pair(a: &str, b: &str) -> (String, String) {
    (a.to_string(), b.to_string())
}

const LIB: &str = "pub mod a;\npub mod b;\npub mod c;\npub mod run;\n";

#[test]
fn parser_ignores_strings_comments_and_raw_strings() {
    let a = r###"
//! Uses crate::b in a doc comment.
/// And [`crate::b::X`] in an item's.
fn f() {
    let s = "crate::b::x";
    let e = "escaped \" crate::b";
    // crate::b in a comment
    /* crate::b /* nested crate::c */ still */
    let r = r#"crate::b "quoted" crate::c"#;
    let q = '"';
    let brace = '{';
    let esc = '\'';
    let bytes = b"crate::b";
    let raw_bytes = br##"crate::c"##;
}
fn g<'a>(x: &'a str) -> &'a str { x }
"###;
    let c = krate(&[
        ("src/lib.rs", LIB),
        ("src/a.rs", a),
        ("src/b.rs", ""),
        ("src/c.rs", ""),
    ]);
    assert_eq!(edges(&c), Vec::<(String, String)>::new());
    // The char literals did not unbalance the braces: g is seen whole.
    let f = &c.files[c.modules["a"]];
    assert!(long_functions(f).is_empty());
}

#[test]
fn parser_reads_use_groups_and_long_paths() {
    let a = "use crate::{b::Thing, c};\npub(crate) fn f() { crate::run::signals::received(); }\n";
    let run = "pub mod signals;\n";
    let c = krate(&[
        ("src/lib.rs", LIB),
        ("src/a.rs", a),
        ("src/b.rs", ""),
        ("src/c.rs", ""),
        ("src/run/mod.rs", run),
        ("src/run/signals.rs", "pub fn received() {}\n"),
    ]);
    assert_eq!(
        edges(&c),
        vec![pair("a", "b"), pair("a", "c"), pair("a", "run::signals")]
    );
    assert_eq!(c.edges[&pair("a", "run::signals")][0].line, 2);
    let top: Vec<_> = c.folder_graph("")["a"].keys().cloned().collect();
    assert_eq!(top, ["b", "c", "run"]);
}

#[test]
fn parser_skips_test_items_and_macro_crate() {
    let a = "fn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::b;\n    fn t() { let x = [0u8; 4]; }\n}\n#[cfg(test)]\nuse crate::c;\nmacro_rules! m { () => { $crate::b::x() } }\n";
    let c = krate(&[
        ("src/lib.rs", LIB),
        ("src/a.rs", a),
        ("src/b.rs", ""),
        ("src/c.rs", ""),
    ]);
    assert_eq!(edges(&c), Vec::<(String, String)>::new());
    assert_eq!(code_lines(&c.files[c.modules["a"]]), 2);
}

#[test]
fn parser_follows_reexports() {
    let lib = "pub mod error;\npub mod tui;\npub use error::Error;\n";
    let tui = "pub fn f() -> crate::Error { panic!() }\n";
    let error = "pub struct Error;\n";
    let c = krate(&[
        ("src/lib.rs", lib),
        ("src/tui.rs", tui),
        ("src/error.rs", error),
    ]);
    assert_eq!(edges(&c), vec![pair("", "error"), pair("tui", "error")]);
    assert!(cycles(&c.folder_graph("")).is_empty());
}

#[test]
fn parser_reads_super_self_and_child_paths() {
    let run =
        "mod window;\nmod error;\npub use error::RunError;\nuse window::Ctx;\npub struct Event;\n";
    let window = "use super::{Event, RunError};\nuse super::super::a::X;\npub struct Ctx;\n";
    let c = krate(&[
        ("src/lib.rs", LIB),
        ("src/a.rs", ""),
        ("src/run/mod.rs", run),
        ("src/run/window.rs", window),
        ("src/run/error.rs", "pub struct RunError;\n"),
    ]);
    assert_eq!(
        edges(&c),
        vec![
            pair("run", "run::error"),
            pair("run", "run::window"),
            pair("run::window", "a"),
            pair("run::window", "run"),
            pair("run::window", "run::error"),
        ]
    );
    let g = c.folder_graph("run");
    assert_eq!(
        cycles(&g),
        vec![vec![
            "src/run/mod.rs".to_string(),
            "src/run/window.rs".to_string(),
            "src/run/mod.rs".to_string()
        ]]
    );
}

#[test]
fn cycles_of_any_length_are_found_and_shortest_first() {
    let c = krate(&[
        (
            "src/lib.rs",
            "pub mod a;\npub mod b;\npub mod c;\npub mod d;\n",
        ),
        (
            "src/a.rs",
            "use crate::b::B;\nuse crate::d::D;\npub struct A;\n",
        ),
        ("src/b.rs", "use crate::c::C;\npub struct B;\n"),
        ("src/c.rs", "use crate::a::A;\npub struct C;\n"),
        ("src/d.rs", "use crate::a::A;\npub struct D;\n"),
    ]);
    let g = c.folder_graph("");
    let found = cycles(&g);
    assert_eq!(
        found,
        vec![vec!["a", "d", "a"], vec!["a", "b", "c", "a"]]
            .into_iter()
            .map(|c| c.into_iter().map(str::to_string).collect::<Vec<_>>())
            .collect::<Vec<_>>()
    );
    assert!(describe(&g, &found[1]).contains("c -> a: src/c.rs:1"));
}

#[test]
fn function_length_counts_from_fn_to_its_brace() {
    let body = |n: usize| "    let _ = 1;\n".repeat(n);
    let text = format!(
        "trait T {{\n    fn decl(&self);\n}}\nfn fits() {{\n{}}}\nfn too_long() -> [u8; 2] {{\n{}}}\n// hot loop: kept whole for speed\n/// Doc.\n#[inline]\nfn hot() {{\n{}}}\n",
        body(78),
        body(79),
        body(100)
    );
    let c = krate(&[("src/lib.rs", ""), ("src/a.rs", &text)]);
    let long = long_functions(&c.files[c.modules["a"]]);
    assert_eq!(
        long,
        vec![LongFn {
            line: 84,
            name: "too_long".into(),
            lines: 81
        }]
    );
}

#[test]
fn old_citations_are_found_in_comments() {
    let text =
        "//! See DESIGN §3.\n/// As REPORT.md says.\nfn f() {}\n// docs/measurement.md#timing\n";
    let c = krate(&[("src/lib.rs", ""), ("src/a.rs", text)]);
    assert_eq!(old_citations(&c.files[c.modules["a"]]), vec![1, 2]);
}
