//! Import cycles: the strongly connected components of a graph and a set of
//! shortest cycles that covers every edge on a cycle.

use crate::krate::{Graph, Loc};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt::Write;

/// The strongly connected components of `g` with more than one node.
pub(crate) fn tangles(g: &Graph) -> Vec<BTreeSet<String>> {
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
pub(crate) fn shortest_path(
    g: &Graph,
    set: &BTreeSet<String>,
    from: &str,
    to: &str,
) -> Option<Vec<String>> {
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
pub(crate) fn cycles(g: &Graph) -> Vec<Vec<String>> {
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
pub(crate) fn places(locs: &[Loc]) -> String {
    let mut s: Vec<String> = locs.iter().take(3).map(Loc::to_string).collect();
    if locs.len() > 3 {
        s.push(format!("(+{} more)", locs.len() - 3));
    }
    s.join(", ")
}

/// A cycle and, per edge, where it is written.
pub(crate) fn describe(g: &Graph, cycle: &[String]) -> String {
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
