//! One crate's files, its modules, their `use` maps and the edges between
//! modules, with where each edge is written.

use crate::scan::{PathRef, Token, blank, blank_test_items, lex, paths};
use std::collections::{BTreeMap, BTreeSet};

/// One source file.
pub(crate) struct SourceFile {
    /// `src/run/window.rs`.
    pub(crate) rel: String,
    /// `run::window`; `None` for `src/main.rs` and `src/bin/` (the binaries' crates).
    pub(crate) module: Option<String>,
    /// The text as written, by line.
    pub(crate) lines: Vec<String>,
    /// Comments and test items blanked, by line.
    pub(crate) no_comments: Vec<String>,
    /// Comments, literals and test items blanked.
    pub(crate) tokens: Vec<Token>,
}

/// Where an edge was written.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Loc {
    pub(crate) rel: String,
    pub(crate) line: usize,
}

impl std::fmt::Display for Loc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.rel, self.line)
    }
}

/// A directed graph with where each edge was written.
pub(crate) type Graph = BTreeMap<String, BTreeMap<String, Vec<Loc>>>;

/// A crate as its files and the edges between its modules.
pub(crate) struct Crate {
    pub(crate) files: Vec<SourceFile>,
    /// Module path → index of its file.
    pub(crate) modules: BTreeMap<String, usize>,
    /// Module path → (name → absolute path) of its `use`s.
    pub(crate) imports: BTreeMap<String, BTreeMap<String, Vec<String>>>,
    /// (from module, to module) → where.
    pub(crate) edges: BTreeMap<(String, String), Vec<Loc>>,
}

pub(crate) fn split(module: &str) -> Vec<String> {
    if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").map(str::to_string).collect()
    }
}

/// `src/run/window.rs` → `run::window`, `src/lib.rs` → the root (`""`),
/// for the crate whose sources are under `src` (`src/`, `gui/src/`).
pub(crate) fn module_of(src: &str, rel: &str) -> Option<String> {
    let p = rel.strip_prefix(src)?.strip_suffix(".rs")?;
    match p {
        // The binaries' roots (`main.rs`, `bin/*.rs`) are crates of their
        // own that use the library from outside, not modules of it.
        "main" => None,
        _ if p.starts_with("bin/") => None,
        "lib" => Some(String::new()),
        _ => Some(p.strip_suffix("/mod").unwrap_or(p).replace('/', "::")),
    }
}

pub(crate) fn lines_of(chars: &[char]) -> Vec<String> {
    chars
        .iter()
        .collect::<String>()
        .split('\n')
        .map(str::to_string)
        .collect()
}

impl Crate {
    /// The crate made of `files`: (path from the repository, text), its
    /// sources under `src` (`src/`, `gui/src/`).
    pub(crate) fn new(src: &str, files: &[(String, String)]) -> Crate {
        let files: Vec<SourceFile> = files
            .iter()
            .map(|(rel, text)| {
                let mut b = blank(text);
                blank_test_items(&mut b);
                SourceFile {
                    rel: rel.clone(),
                    module: module_of(src, rel),
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

    /// Whether `f` is a test-only file: its parent declares it under
    /// `#[cfg(test)]` (`#[cfg(test)] pub(crate) mod fixtures;`).
    pub(crate) fn test_only(&self, f: &SourceFile) -> bool {
        let Some(module) = &f.module else {
            return false;
        };
        if module.is_empty() {
            return false;
        }
        let (parent, name) = module.rsplit_once("::").unwrap_or(("", module));
        let Some(&p) = self.modules.get(parent) else {
            return false;
        };
        let lines = &self.files[p].lines;
        lines.iter().enumerate().any(|(i, l)| {
            let l = l.trim();
            let declares = l.strip_suffix(';').is_some_and(|d| {
                d.split_whitespace().rev().take(2).collect::<Vec<_>>() == [name, "mod"]
            });
            declares && i > 0 && lines[i - 1].trim() == "#[cfg(test)]"
        })
    }

    /// The direct child modules of `module` that have files.
    pub(crate) fn children(&self, module: &str) -> BTreeSet<String> {
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
    pub(crate) fn resolve(&self, abs: &[String], depth: u32) -> String {
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
    pub(crate) fn folder_graph(&self, parent: &str) -> Graph {
        let mut g = Graph::new();
        for ((from, to), locs) in &self.edges {
            if !within(from, parent) || !within(to, parent) {
                continue;
            }
            let (a, b) = (self.node(from, parent), self.node(to, parent));
            if a != b {
                // Several edges of the subtrees make one edge here: keep
                // every place, in order.
                let all = g
                    .entry(a.clone())
                    .or_default()
                    .entry(b.clone())
                    .or_default();
                all.extend(locs.iter().cloned());
                all.sort();
                all.dedup();
                g.entry(b).or_default();
            }
        }
        g
    }

    /// How `module` shows in the graph of folder `parent`.
    pub(crate) fn node(&self, module: &str, parent: &str) -> String {
        let p = split(parent);
        let m = split(module);
        let top = if m.len() == p.len() {
            module.to_string()
        } else {
            m[..=p.len()].join("::")
        };
        match (parent.is_empty(), top.is_empty()) {
            (true, true) => match self.modules.get("") {
                Some(&i) => format!("crate ({})", self.files[i].rel),
                None => "crate".into(),
            },
            (true, false) => top,
            (false, _) => self
                .modules
                .get(&top)
                .map_or(top, |&i| self.files[i].rel.clone()),
        }
    }

    /// Every module that has child modules (the root included).
    pub(crate) fn folders(&self) -> Vec<String> {
        self.modules
            .keys()
            .filter(|m| !self.children(m).is_empty())
            .cloned()
            .collect()
    }
}

/// Whether `module` is `parent` or inside it.
pub(crate) fn within(module: &str, parent: &str) -> bool {
    parent.is_empty() || module == parent || module.starts_with(&format!("{parent}::"))
}
