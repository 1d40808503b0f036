//! The shape of the source tree, checked: no two files of a crate import each other,
//! directly or round a longer circle, and no source file is over 600 lines.
//!
//! For each crate root (`src/lib.rs`, `src/main.rs`) of engine, perft, adapter and tuner,
//! the module tree is followed from its `mod x;` declarations, and every path that names
//! something of the same crate (`use crate::…`, `use super::…`, `self::…`, a child
//! module's or an imported module's name, or such a path written out in the code) becomes
//! an edge from the file that writes it to the file that defines what it names: the file
//! of the deepest module on the path, or, when that module only imports or re-exports the
//! item (`pub use`), the file the import leads to. A `mod x;` declaration is not an
//! import, nor is a `pub use` of a module root (`lib.rs`, `main.rs`, `mod.rs`) that its
//! own code does not use: such a line says where a name is published, not what the file
//! needs. Comments, doc links and strings are skipped.
//!
//! The line limit covers every `.rs` file of the workspace (the four crates with their
//! tests, build scripts and benches, the root package's `tests/` and `benches/`, the fuzz
//! targets), test files included: the issue's condition is "no source file over 600
//! lines", and a test file that grows past it is as hard to read as any other. Build
//! output (`target/`) is not source.
//!
//! Run it with `cargo test -p morphy --test integration module_graph` (the workspace's
//! default member is the adapter).

mod lex;
mod tree;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

use tree::Crate;

/// The crates whose source trees are checked, relative to the workspace root.
const CRATES: [&str; 4] = ["engine", "perft", "adapter", "tuner"];

/// The folders whose `.rs` files the line limit covers, relative to the workspace root.
const SOURCE_DIRS: [&str; 7] = [
    "engine", "perft", "adapter", "tuner", "tests", "benches", "fuzz",
];

/// No source file may be longer.
const MAX_LINES: usize = 600;

/// Tarjan's bookkeeping.
struct State<'a> {
    index: HashMap<&'a PathBuf, usize>,
    low: HashMap<&'a PathBuf, usize>,
    stack: Vec<&'a PathBuf>,
    on: BTreeSet<&'a PathBuf>,
    out: Vec<Vec<PathBuf>>,
}
/// Tarjan's visit of `v`.
fn visit<'a>(v: &'a PathBuf, next: &BTreeMap<&'a PathBuf, Vec<&'a PathBuf>>, s: &mut State<'a>) {
    let n = s.index.len();
    s.index.insert(v, n);
    s.low.insert(v, n);
    s.stack.push(v);
    s.on.insert(v);
    for &w in &next[v] {
        if !s.index.contains_key(w) {
            visit(w, next, s);
            let lw = s.low[w];
            let lv = s.low.get_mut(v).unwrap();
            *lv = (*lv).min(lw);
        } else if s.on.contains(w) {
            let iw = s.index[w];
            let lv = s.low.get_mut(v).unwrap();
            *lv = (*lv).min(iw);
        }
    }
    if s.low[v] == s.index[v] {
        let mut comp = Vec::new();
        loop {
            let w = s.stack.pop().unwrap();
            s.on.remove(w);
            comp.push(w.clone());
            if w == v {
                break;
            }
        }
        if comp.len() > 1 {
            comp.sort();
            s.out.push(comp);
        }
    }
}

/// The strongly connected components of more than one file (Tarjan).
fn circles(edges: &BTreeMap<(PathBuf, PathBuf), String>) -> Vec<Vec<PathBuf>> {
    let mut next: BTreeMap<&PathBuf, Vec<&PathBuf>> = BTreeMap::new();
    for (a, b) in edges.keys() {
        next.entry(a).or_default().push(b);
        next.entry(b).or_default();
    }
    let mut s = State {
        index: HashMap::new(),
        low: HashMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in next.keys() {
        if !s.index.contains_key(v) {
            visit(v, &next, &mut s);
        }
    }
    s.out
}

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn crate_roots() -> Vec<PathBuf> {
    let mut roots = Vec::new();
    for krate in CRATES {
        for root in ["src/lib.rs", "src/main.rs"] {
            let p = workspace().join(krate).join(root);
            if p.exists() {
                roots.push(p);
            }
        }
    }
    roots
}

fn short(p: &Path) -> String {
    p.strip_prefix(workspace())
        .unwrap_or(p)
        .display()
        .to_string()
}

/// The circles of each crate, each with the edges that close it.
fn circle_report(root: &Path) -> Vec<String> {
    let krate = Crate::load(root);
    let edges = krate.edges();
    circles(&edges)
        .into_iter()
        .map(|comp| {
            let set: BTreeSet<&PathBuf> = comp.iter().collect();
            let mut lines = vec![format!(
                "circle in the crate of {}: {}",
                short(root),
                comp.iter().map(|p| short(p)).collect::<Vec<_>>().join(", ")
            )];
            for ((a, b), what) in &edges {
                if set.contains(a) && set.contains(b) {
                    lines.push(format!("    {} -> {}   ({what})", short(a), short(b)));
                }
            }
            lines.join("\n")
        })
        .collect()
}

#[test]
fn no_file_imports_a_file_that_imports_it_back() {
    let mut found = Vec::new();
    for root in crate_roots() {
        found.extend(circle_report(&root));
    }
    assert!(
        found.is_empty(),
        "import circles between files:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_graph_sees_imports() {
    // The checker must see the imports it is meant to judge, or it passes vacuously.
    let krate = Crate::load(&workspace().join("engine/src/lib.rs"));
    assert!(krate.modules.len() > 50, "{} modules", krate.modules.len());
    let edges = krate.edges();
    let has = |a: &str, b: &str| edges.contains_key(&(workspace().join(a), workspace().join(b)));
    assert!(has(
        "engine/src/position/mod.rs",
        "engine/src/types/bitboard.rs"
    ));
    assert!(has("engine/src/game.rs", "engine/src/position/mod.rs"));
}

#[test]
fn a_circle_is_found() {
    let mut edges = BTreeMap::new();
    let p = |s: &str| PathBuf::from(s);
    edges.insert((p("a.rs"), p("b.rs")), String::new());
    edges.insert((p("b.rs"), p("c.rs")), String::new());
    edges.insert((p("c.rs"), p("a.rs")), String::new());
    edges.insert((p("c.rs"), p("d.rs")), String::new());
    assert_eq!(circles(&edges), [vec![p("a.rs"), p("b.rs"), p("c.rs")]]);
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n == "target") {
                continue;
            }
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_source_file_is_over_600_lines() {
    let mut long = Vec::new();
    for dir in SOURCE_DIRS {
        let mut files = Vec::new();
        let dir = workspace().join(dir);
        if dir.is_dir() {
            rust_files(&dir, &mut files);
        }
        for f in files {
            let lines = fs::read_to_string(&f).unwrap().lines().count();
            if lines > MAX_LINES {
                long.push(format!("{} has {lines} lines", short(&f)));
            }
        }
    }
    long.sort();
    assert!(
        long.is_empty(),
        "files over {MAX_LINES} lines:\n{}",
        long.join("\n")
    );
}
