//! The shape of the source, checked: files of a readable size, modules
//! that depend on each other in one direction only, and generic code
//! that never names a game (the games are named in their own files and
//! the registry, `src/games.rs`).
//!
//! Dependencies are read from the code (comments and test modules
//! left out): every `crate::…` and `super::…` path, resolved to the file
//! that defines it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Longest source file allowed, in lines.
const MAX_LINES: usize = 800;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The module path of a file under `src/` (`src/search/mod.rs` → `search`).
fn module_of(file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(root().join("src")).unwrap();
    let mut parts: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The code of a file without comments, string contents and test modules.
fn code_of(text: &str) -> String {
    let mut out = String::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if text[i..].starts_with("#[cfg(test)]") {
            // An inline test module runs to the end of the file; a
            // declared one (`mod tests;`) is only skipped.
            let rest = text[i + 12..].trim_start();
            if rest.starts_with("mod tests {") {
                break;
            }
            i += 12;
            continue;
        }
        if text[i..].starts_with("//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if text[i..].starts_with("/*") {
            while i + 1 < b.len() && !text[i..].starts_with("*/") {
                i += 1;
            }
            i += 2;
        } else if b[i] == b'"' {
            out.push('"');
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            out.push('"');
            i += 1;
        } else if b[i] == b'\'' && i + 2 < b.len() && (b[i + 2] == b'\'' || b[i + 1] == b'\\') {
            // A char literal ('"', '\n'): skip it whole.
            let end = text[i + 1..].find('\'').map_or(b.len(), |e| i + 2 + e);
            i = end;
        } else {
            let c = text[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

struct Crate {
    /// Every file under `src/`, by module path.
    files: BTreeMap<Vec<String>, PathBuf>,
    /// Where each top-level item and exported macro is defined.
    defined: BTreeMap<String, Vec<String>>,
}

impl Crate {
    fn load() -> Crate {
        let mut list = Vec::new();
        rust_files(&root().join("src"), &mut list);
        let mut files = BTreeMap::new();
        let mut defined = BTreeMap::new();
        for f in list {
            let m = module_of(&f);
            let code = code_of(&fs::read_to_string(&f).unwrap());
            for line in code.lines() {
                let t = line.trim_start();
                if t.starts_with("macro_rules!") {
                    let name = t
                        .strip_prefix("macro_rules!")
                        .unwrap_or(t)
                        .trim()
                        .trim_end_matches('{')
                        .trim();
                    defined.insert(name.to_string(), m.clone());
                }
            }
            files.insert(m, f);
        }
        Crate { files, defined }
    }

    /// The file a path (module segments, then maybe an item) lives in.
    fn resolve(&self, path: &[String]) -> Option<Vec<String>> {
        for n in (1..=path.len()).rev() {
            if self.files.contains_key(&path[..n]) {
                return Some(path[..n].to_vec());
            }
        }
        // An exported macro (`crate::dispatch!`): where it is defined.
        let last = path.first()?;
        self.defined.get(last.trim_end_matches('!')).cloned()
    }

    /// The files each file refers to.
    fn deps(&self) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
        let mut out = BTreeMap::new();
        for (m, f) in &self.files {
            let code = code_of(&fs::read_to_string(f).unwrap());
            let mut deps = BTreeSet::new();
            let is_mod_file = f
                .file_name()
                .is_some_and(|n| n == "mod.rs" || n == "lib.rs");
            for (start, _) in code
                .match_indices("crate::")
                .chain(code.match_indices("super::"))
            {
                let before = code[..start].chars().last();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
                    continue;
                }
                let (base, rest) = if code[start..].starts_with("crate::") {
                    (Vec::new(), &code[start + 7..])
                } else {
                    // `super` of a mod.rs file is its parent; of a plain file, its directory's module.
                    let mut b = m.clone();
                    if !is_mod_file || !b.is_empty() {
                        b.pop();
                    }
                    (b, &code[start + 7..])
                };
                let mut path = base.clone();
                let mut rest = rest;
                loop {
                    let seg: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '!')
                        .collect();
                    if seg.is_empty() {
                        break;
                    }
                    rest = &rest[seg.len()..];
                    path.push(seg);
                    if let Some(r) = rest.strip_prefix("::") {
                        rest = r;
                    } else {
                        break;
                    }
                }
                // `use super::{a, b}`: each name in the braces.
                let mut targets = vec![path.clone()];
                if rest.starts_with('{') {
                    let inner = &rest[1..rest.find('}').unwrap_or(rest.len())];
                    for name in inner.split(',') {
                        let name = name.trim().split(' ').next().unwrap_or("");
                        let mut p = path.clone();
                        p.extend(name.split("::").map(str::to_string));
                        targets.push(p);
                    }
                }
                for t in targets {
                    if let Some(r) = self.resolve(&t) {
                        if &r != m && !r.is_empty() {
                            deps.insert(r);
                        }
                    }
                }
            }
            // A facade (`mod.rs`) that re-exports its children depends on them.
            if is_mod_file {
                for line in code.lines() {
                    let t = line.trim_start();
                    let Some(rest) = t
                        .strip_prefix("pub use ")
                        .or_else(|| t.strip_prefix("use "))
                    else {
                        continue;
                    };
                    let child: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    let mut p = m.clone();
                    p.push(child);
                    if self.files.contains_key(&p) {
                        deps.insert(p);
                    }
                }
            }
            out.insert(m.clone(), deps);
        }
        out
    }
}

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "lib".into()
    } else {
        m.join("::")
    }
}

/// Groups of files that depend on each other in a circle (Tarjan).
fn cycles(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<String>> {
    struct T<'a> {
        g: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<Vec<String>, usize>,
        low: BTreeMap<Vec<String>, usize>,
        stack: Vec<Vec<String>>,
        on: BTreeSet<Vec<String>>,
        out: Vec<Vec<String>>,
    }
    fn visit(t: &mut T, v: &Vec<String>) {
        let i = t.index.len();
        t.index.insert(v.clone(), i);
        t.low.insert(v.clone(), i);
        t.stack.push(v.clone());
        t.on.insert(v.clone());
        for w in t.g.get(v).into_iter().flatten() {
            if !t.index.contains_key(w) {
                visit(t, w);
                let l = t.low[w].min(t.low[v]);
                t.low.insert(v.clone(), l);
            } else if t.on.contains(w) {
                let l = t.index[w].min(t.low[v]);
                t.low.insert(v.clone(), l);
            }
        }
        if t.low[v] == t.index[v] {
            let mut group = Vec::new();
            loop {
                let w = t.stack.pop().unwrap();
                t.on.remove(&w);
                group.push(name(&w));
                if &w == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                t.out.push(group);
            }
        }
    }
    let mut t = T {
        g: graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !t.index.contains_key(v) {
            visit(&mut t, v);
        }
    }
    t.out
}

#[test]
fn no_source_file_is_too_long() {
    let mut list = Vec::new();
    for dir in ["src", "bin", "benches"] {
        rust_files(&root().join(dir), &mut list);
    }
    let long: Vec<String> = list
        .iter()
        .filter_map(|f| {
            let n = fs::read_to_string(f).unwrap().lines().count();
            (n > MAX_LINES).then(|| format!("{} ({n} lines)", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "files over {MAX_LINES} lines: {long:?}");
}

/// The edges of the program (they hold games chosen at run time and
/// talk to the world); every other module is the core.
const EDGES: [&str; 6] = ["protocol", "hub", "play", "matchrunner", "serve", "wasm"];

#[test]
fn no_module_cycles_in_the_core() {
    let c = Crate::load();
    let mut g = c.deps();
    // The crate root only declares and re-exports.
    g.remove(&Vec::new());
    g.retain(|m, _| !EDGES.contains(&m[0].as_str()));
    if std::env::var_os("DAMA_PRINT_DEPS").is_some() {
        for (m, d) in &g {
            let d: Vec<String> = d.iter().map(|x| name(x)).collect();
            println!("{} -> {}", name(m), d.join(" "));
        }
    }
    let found = cycles(&g);
    assert!(found.is_empty(), "modules in a circle: {found:?}");
}

/// The games of the registry: (module, type).
fn games() -> Vec<(String, String)> {
    let text = fs::read_to_string(root().join("src/games.rs")).unwrap();
    code_of(&text)
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let (m, rest) = l.split_once("::")?;
            let t: String = rest.chars().take_while(|c| c.is_alphanumeric()).collect();
            (m.chars().all(|c| c.is_ascii_lowercase()) && rest[t.len()..].starts_with(','))
                .then(|| (m.to_string(), t))
        })
        .collect()
}

/// Subsystems that belong to one game, by their first path segment:
/// they name their game as a rules file does. The endgame databases are
/// Czech draughts' own: their values are shaped by its draw rules.
const GAME_OWNED: [(&str, &str); 2] = [("egtb", "czech"), ("learn", "czech")];

#[test]
fn generic_code_never_names_a_game() {
    let games = games();
    assert!(games.len() >= 5, "registry not read: {games:?}");
    let c = Crate::load();
    let mut found = Vec::new();
    for (m, f) in &c.files {
        let own = games.iter().any(|(g, _)| m.last() == Some(g))
            || GAME_OWNED
                .iter()
                .any(|(sub, _)| m.first().map(String::as_str) == Some(*sub));
        let test = f.file_name().is_some_and(|n| n == "tests.rs");
        if own || test || m == &["games".to_string()] {
            continue;
        }
        let code = code_of(&fs::read_to_string(f).unwrap());
        if code.contains("R::VARIANT") && code.contains("match R::VARIANT") {
            found.push(format!("{}: match R::VARIANT", name(m)));
        }
        for (g, t) in &games {
            for needle in [format!("{g}::"), format!("Variant::{t}"), format!("<{t}>")] {
                if code.contains(&needle) {
                    found.push(format!("{}: {needle}", name(m)));
                }
            }
        }
    }
    assert!(found.is_empty(), "game names in generic code: {found:?}");
}
