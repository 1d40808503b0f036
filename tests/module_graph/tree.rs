//! A crate's module tree, followed from its root's `mod` declarations, with each file's
//! imports and paths, and the edges file -> file they make (see the test's docs).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

use super::lex::{tokens, Tok};

/// A module path from the crate root (`["position", "play"]`).
pub(crate) type ModPath = Vec<String>;

/// One `use` leaf: the name it brings into scope and the path it stands for.
#[derive(Clone, Debug)]
pub(crate) struct Import {
    /// The module whose scope holds the name.
    pub(crate) scope: ModPath,
    /// The name (`*` for a glob).
    pub(crate) name: String,
    /// The path, as written (first segment unresolved).
    pub(crate) path: Vec<String>,
    /// Whether it is `pub` (any visibility but private).
    pub(crate) public: bool,
}

/// One file of a crate.
#[derive(Debug, Default)]
pub(crate) struct FileInfo {
    pub(crate) toks: Vec<Tok>,
    pub(crate) imports: Vec<Import>,
    /// Paths written in the code (not in `use`): the scope and the segments, and where.
    pub(crate) paths: Vec<(ModPath, Vec<String>, usize)>,
    /// Token ranges of `use` declarations.
    pub(crate) use_spans: Vec<(usize, usize)>,
}

pub(crate) struct Crate {
    pub(crate) files: BTreeMap<PathBuf, FileInfo>,
    /// Module path -> the file that holds it.
    pub(crate) modules: BTreeMap<ModPath, PathBuf>,
    /// Names of macros defined with `macro_rules!`, and their files.
    pub(crate) macros: HashMap<String, PathBuf>,
    /// Items defined (fn, struct, …) in each module.
    pub(crate) defined: BTreeMap<ModPath, BTreeSet<String>>,
    /// Inline `#[cfg(test)]` modules, each a node of its own (`file.rs#tests`): a test
    /// module is not part of what its file needs, whether it is written inline or in a
    /// `tests.rs` of its own.
    pub(crate) test_nodes: BTreeMap<ModPath, PathBuf>,
}

impl Crate {
    pub(crate) fn load(root: &Path) -> Crate {
        let mut krate = Crate {
            files: BTreeMap::new(),
            modules: BTreeMap::new(),
            macros: HashMap::new(),
            defined: BTreeMap::new(),
            test_nodes: BTreeMap::new(),
        };
        krate.load_file(root, &Vec::new(), root.parent().unwrap());
        krate
    }

    /// Reads `file`, the module `module`, whose child module files live in `dir`.
    fn load_file(&mut self, file: &Path, module: &ModPath, dir: &Path) {
        let src = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let toks = tokens(&src);
        self.modules.insert(module.clone(), file.to_path_buf());
        let mut info = FileInfo::default();
        // Inline modules open at a brace depth: (name, depth).
        let mut inline: Vec<(String, usize)> = Vec::new();
        let mut depth = 0usize;
        let mut pending_path: Option<String> = None;
        let mut children = Vec::new();
        let scope_of = |inline: &[(String, usize)]| {
            let mut m = module.clone();
            m.extend(inline.iter().map(|(n, _)| n.clone()));
            m
        };
        let mut i = 0;
        while i < toks.len() {
            match &toks[i] {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => {
                    depth -= 1;
                    if inline.last().is_some_and(|(_, d)| *d == depth) {
                        inline.pop();
                    }
                }
                Tok::Punct('#') => {
                    // #[path = "…"]
                    if let (
                        Some(Tok::Punct('[')),
                        Some(Tok::Ident(p)),
                        Some(Tok::Punct('=')),
                        Some(Tok::Str(s)),
                    ) = (
                        toks.get(i + 1),
                        toks.get(i + 2),
                        toks.get(i + 3),
                        toks.get(i + 4),
                    ) {
                        if p == "path" {
                            pending_path = Some(s.clone());
                        }
                    }
                }
                Tok::Ident(kw) if kw == "mod" => {
                    if let Some(Tok::Ident(name)) = toks.get(i + 1) {
                        let scope = scope_of(&inline);
                        let mut child = scope.clone();
                        child.push(name.clone());
                        self.defined.entry(scope).or_default().insert(name.clone());
                        match toks.get(i + 2) {
                            Some(Tok::Punct(';')) => {
                                assert!(
                                    inline.is_empty(),
                                    "{}: file module inside an inline module",
                                    file.display()
                                );
                                let flat = dir.join(format!("{name}.rs"));
                                let path = if let Some(p) = pending_path.take() {
                                    file.parent().unwrap().join(p)
                                } else if flat.exists() {
                                    flat
                                } else {
                                    dir.join(name).join("mod.rs")
                                };
                                children.push((path, child));
                                i += 3;
                                continue;
                            }
                            Some(Tok::Punct('{')) => {
                                let cfg_test = [
                                    Tok::Punct('#'),
                                    Tok::Punct('['),
                                    Tok::Ident("cfg".into()),
                                    Tok::Punct('('),
                                    Tok::Ident("test".into()),
                                    Tok::Punct(')'),
                                    Tok::Punct(']'),
                                ];
                                if i >= 7 && toks[i - 7..i] == cfg_test && inline.is_empty() {
                                    let node = format!("{}#{name}", file.display());
                                    self.test_nodes.insert(child.clone(), PathBuf::from(node));
                                }
                                self.modules.insert(child, file.to_path_buf());
                                inline.push((name.clone(), depth));
                                depth += 1;
                                i += 3;
                                continue;
                            }
                            _ => {}
                        }
                    }
                }
                Tok::Ident(kw) if kw == "use" && !matches!(toks.get(i + 1), Some(Tok::PathSep)) => {
                    let public = is_public_before(&toks, i);
                    let scope = scope_of(&inline);
                    let mut j = i + 1;
                    let mut leaves = Vec::new();
                    parse_use_tree(&toks, &mut j, Vec::new(), &mut leaves);
                    while j < toks.len() && toks[j] != Tok::Punct(';') {
                        j += 1;
                    }
                    j += 1;
                    for (name, path) in leaves {
                        info.imports.push(Import {
                            scope: scope.clone(),
                            name,
                            path,
                            public,
                        });
                    }
                    info.use_spans.push((i, j));
                    i = j;
                    continue;
                }
                Tok::Ident(kw) if kw == "macro_rules" => {
                    if let (Some(Tok::Punct('!')), Some(Tok::Ident(name))) =
                        (toks.get(i + 1), toks.get(i + 2))
                    {
                        self.macros.insert(name.clone(), file.to_path_buf());
                    }
                }
                Tok::Ident(kw)
                    if matches!(
                        kw.as_str(),
                        "fn" | "struct" | "enum" | "trait" | "type" | "const" | "static" | "union"
                    ) =>
                {
                    if let Some(Tok::Ident(name)) = toks.get(i + 1) {
                        self.defined
                            .entry(scope_of(&inline))
                            .or_default()
                            .insert(name.clone());
                    }
                }
                Tok::Ident(first) => {
                    // A path in the code: first::second::…, not preceded by `::`.
                    let after_sep = i > 0 && toks[i - 1] == Tok::PathSep;
                    if !after_sep && toks.get(i + 1) == Some(&Tok::PathSep) {
                        let mut segs = vec![first.clone()];
                        let mut j = i + 1;
                        while toks.get(j) == Some(&Tok::PathSep) {
                            match toks.get(j + 1) {
                                Some(Tok::Ident(s)) => {
                                    segs.push(s.clone());
                                    j += 2;
                                }
                                _ => break,
                            }
                        }
                        if toks.get(j) == Some(&Tok::Punct('!')) {
                            segs.last_mut().unwrap().push('!');
                        }
                        info.paths.push((scope_of(&inline), segs, i));
                        i = j;
                        continue;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        info.toks = toks;
        self.files.insert(file.to_path_buf(), info);
        let is_root = matches!(
            file.file_name().and_then(|n| n.to_str()),
            Some("lib.rs" | "main.rs" | "mod.rs")
        );
        for (path, child) in children {
            let child_dir = if path.file_name().and_then(|n| n.to_str()) == Some("mod.rs") {
                path.parent().unwrap().to_path_buf()
            } else if is_root {
                dir.join(child.last().unwrap())
            } else {
                path.with_extension("")
            };
            self.load_file(&path, &child, &child_dir);
        }
    }

    /// The graph node of a module: its file, or its own node for an inline test module.
    fn node_of(&self, module: &ModPath) -> Option<PathBuf> {
        (1..=module.len())
            .find_map(|k| self.test_nodes.get(&module[..k]).cloned())
            .or_else(|| self.modules.get(module).cloned())
    }

    /// Turns a path written in `scope` into a path from the crate root, or `None` when it
    /// leaves the crate (std, another crate, a local variable's type…).
    fn absolute(&self, scope: &ModPath, path: &[String], depth: usize) -> Option<Vec<String>> {
        let first = path.first()?;
        let (mut base, rest) = match first.as_str() {
            "crate" | "$crate" => (Vec::new(), &path[1..]),
            "self" => (scope.clone(), &path[1..]),
            "super" => {
                let mut m = scope.clone();
                let mut k = 0;
                while path.get(k).map(String::as_str) == Some("super") {
                    m.pop()?;
                    k += 1;
                }
                (m, &path[k..])
            }
            name => {
                let mut child = scope.clone();
                child.push(name.to_string());
                if self.modules.contains_key(&child) {
                    (child, &path[1..])
                } else if let Some(target) = self.import_in(scope, name, depth) {
                    (target, &path[1..])
                } else {
                    return None;
                }
            }
        };
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// What a name imported into `scope` stands for, from the crate root.
    fn import_in(&self, scope: &ModPath, name: &str, depth: usize) -> Option<Vec<String>> {
        if depth > 16 {
            return None;
        }
        let file = self.modules.get(scope)?;
        let info = &self.files[file];
        let imp = info
            .imports
            .iter()
            .find(|im| &im.scope == scope && im.name == name)?;
        self.absolute(scope, &imp.path, depth + 1)
    }

    /// The file that defines what an absolute path names.
    fn resolve(&self, abs: &[String], depth: usize) -> Option<PathBuf> {
        if let Some(last) = abs.last() {
            if let Some(mac) = last.strip_suffix('!') {
                return self.macros.get(mac).cloned();
            }
        }
        let mut k = 0;
        while k < abs.len() && self.modules.contains_key(&abs[..=k]) {
            k += 1;
        }
        let module: ModPath = abs[..k].to_vec();
        let file = self.node_of(&module)?;
        let Some(item) = abs.get(k) else {
            return Some(file);
        };
        if depth < 16 && !self.defined.get(&module).is_some_and(|d| d.contains(item)) {
            // Imported into that module: follow the import to where it leads.
            if let Some(mut target) = self.import_in(&module, item, depth + 1) {
                target.extend(abs[k + 1..].iter().cloned());
                return self.resolve(&target, depth + 1).or(Some(file));
            }
            // Or brought in by a glob of that module.
            let info = &self.files[&self.modules[&module]];
            for imp in info
                .imports
                .iter()
                .filter(|im| im.scope == module && im.name == "*")
            {
                if let Some(src) = self.absolute(&module, &imp.path, depth + 1) {
                    let defines = self.defined.get(&src).is_some_and(|d| d.contains(item))
                        || self.files[&self.modules.get(&src).cloned().unwrap_or_default()]
                            .imports
                            .iter()
                            .any(|im| im.scope == src && &im.name == item);
                    if self.modules.contains_key(&src) && defines {
                        let mut target = src;
                        target.extend(abs[k..].iter().cloned());
                        return self.resolve(&target, depth + 1).or(Some(file));
                    }
                }
            }
        }
        Some(file)
    }

    /// Every edge file -> file, with one path that makes it.
    pub(crate) fn edges(&self) -> BTreeMap<(PathBuf, PathBuf), String> {
        let mut out = BTreeMap::new();
        for (file, info) in &self.files {
            let is_root = matches!(
                file.file_name().and_then(|n| n.to_str()),
                Some("lib.rs" | "main.rs" | "mod.rs")
            );
            let mut add = |scope: &ModPath, target: Option<PathBuf>, what: String| {
                let from = self.node_of(scope).unwrap_or_else(|| file.clone());
                if let Some(t) = target {
                    if t != from {
                        out.entry((from, t)).or_insert(what);
                    }
                }
            };
            for imp in &info.imports {
                if imp.public && is_root && !used_outside_uses(info, &imp.name) {
                    continue;
                }
                let Some(abs) = self.absolute(&imp.scope, &imp.path, 0) else {
                    continue;
                };
                // A module imported by name is an edge only where its items are used.
                if imp.name != "*" && self.modules.contains_key(&abs) {
                    continue;
                }
                add(
                    &imp.scope,
                    self.resolve(&abs, 0),
                    format!("use {}", imp.path.join("::")),
                );
            }
            for (scope, segs, _) in &info.paths {
                if let Some(abs) = self.absolute(scope, segs, 0) {
                    add(scope, self.resolve(&abs, 0), segs.join("::"));
                }
            }
        }
        out
    }
}

/// Whether the token before `use` at `i` makes it public (`pub`, `pub(crate)`, …).
fn is_public_before(toks: &[Tok], i: usize) -> bool {
    let mut k = i;
    if k >= 1 && toks[k - 1] == Tok::Punct(')') {
        while k > 0 && toks[k - 1] != Tok::Punct('(') {
            k -= 1;
        }
        k = k.saturating_sub(1);
    }
    k >= 1 && toks[k - 1] == Tok::Ident("pub".into())
}

/// Whether `name` is used in the file's code: it appears outside every `use`
/// declaration, and not as a path's later segment, a field or method (`.name`), or the
/// name of what a `mod`, `fn` or type declaration declares.
fn used_outside_uses(info: &FileInfo, name: &str) -> bool {
    info.toks.iter().enumerate().any(|(i, t)| {
        let declared = i > 0
            && matches!(&info.toks[i - 1], Tok::Ident(k) if matches!(
                k.as_str(),
                "mod" | "fn" | "struct" | "enum" | "trait" | "type" | "const" | "static"
            ));
        let after = i > 0 && matches!(info.toks[i - 1], Tok::PathSep | Tok::Punct('.'));
        matches!(t, Tok::Ident(n) if n == name)
            && !declared
            && !after
            && !info.use_spans.iter().any(|&(a, b)| (a..b).contains(&i))
    })
}

/// Parses a use tree at `toks[*j]`; each leaf is pushed as (name in scope, full path).
fn parse_use_tree(
    toks: &[Tok],
    j: &mut usize,
    prefix: Vec<String>,
    out: &mut Vec<(String, Vec<String>)>,
) {
    let mut path = prefix;
    loop {
        match toks.get(*j) {
            Some(Tok::Ident(s)) if s == "self" && toks.get(*j + 1) != Some(&Tok::PathSep) => {
                *j += 1;
                out.push((path.last().cloned().unwrap_or_default(), path.clone()));
                break;
            }
            Some(Tok::Ident(s)) => {
                path.push(s.clone());
                *j += 1;
                if toks.get(*j) == Some(&Tok::PathSep) {
                    *j += 1;
                    continue;
                }
                out.push((s.clone(), path.clone()));
                break;
            }
            Some(Tok::Punct('*')) => {
                *j += 1;
                out.push(("*".into(), path.clone()));
                return;
            }
            Some(Tok::Punct('{')) => {
                *j += 1;
                loop {
                    match toks.get(*j) {
                        Some(Tok::Punct('}')) => {
                            *j += 1;
                            return;
                        }
                        Some(Tok::Punct(',')) => *j += 1,
                        None => return,
                        _ => {
                            let before = *j;
                            parse_use_tree(toks, j, path.clone(), out);
                            if *j == before {
                                *j += 1;
                            }
                        }
                    }
                }
            }
            _ => return,
        }
    }
    // `as alias`
    if toks.get(*j) == Some(&Tok::Ident("as".into())) {
        if let Some(Tok::Ident(alias)) = toks.get(*j + 1) {
            out.last_mut().unwrap().0.clone_from(alias);
        }
        *j += 2;
    }
}
