//! Every crate's files import each other in layers: no file imports one
//! that imports it, directly or around a loop (tests included). A file's
//! imports are the `crate::…` paths its code names; `lib.rs` or `main.rs`,
//! which declares every module, is the root and not part of the graph.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Every module file under `dir`, by module path (`words::play`).
fn modules(dir: &Path, prefix: &str, found: &mut BTreeMap<String, String>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("src")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_stem().and_then(|s| s.to_str()).expect("name");
        if path.is_dir() {
            modules(&path, &format!("{prefix}{name}::"), found);
        } else if path.extension().is_some_and(|e| e == "rs") && name != "lib" && name != "main" {
            let module = if name == "mod" {
                prefix.trim_end_matches("::").to_owned()
            } else {
                format!("{prefix}{name}")
            };
            found.insert(module, fs::read_to_string(&path).expect("source"));
        }
    }
}

/// The paths after each `crate::` in `text`'s code (not its comments, whose
/// links import nothing), a `{…}` group expanded.
fn paths(text: &str) -> Vec<String> {
    let code: Vec<&str> = text
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect();
    let text = code.join("\n");
    let mut out = Vec::new();
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + "crate::".len()..];
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let (prefix, after) = rest.split_at(end);
        match after.strip_prefix('{') {
            // `crate::words::{play, rules}`: one path per item.
            Some(group) => {
                let group = &group[..group.find('}').unwrap_or(group.len())];
                out.extend(
                    group
                        .split(',')
                        .map(|item| format!("{prefix}{}", item.trim())),
                );
            }
            None => out.push(prefix.to_owned()),
        }
    }
    out
}

/// The module a path names: its longest prefix that is a module file.
fn resolve(path: &str, modules: &BTreeMap<String, String>) -> Option<String> {
    let parts: Vec<&str> = path.split("::").map(str::trim).collect();
    (1..=parts.len())
        .rev()
        .map(|n| parts[..n].join("::"))
        .find(|m| modules.contains_key(m))
}

/// Each module's imports, from the modules' texts.
fn graph(found: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    found
        .iter()
        .map(|(module, text)| {
            let targets = paths(text)
                .iter()
                .filter_map(|p| resolve(p, found))
                .filter(|m| m != module)
                .collect();
            (module.clone(), targets)
        })
        .collect()
}

/// A circle of imports, if there is one: a depth-first search from every
/// module, where a module met again on the current path closes a circle.
fn circle(imports: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        module: &str,
        imports: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|m| m == module) {
            let mut circle = path[start..].to_vec();
            circle.push(module.to_owned());
            return Some(circle);
        }
        if !done.insert(module.to_owned()) {
            return None;
        }
        path.push(module.to_owned());
        for next in imports.get(module).into_iter().flatten() {
            if let Some(circle) = visit(next, imports, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    imports
        .keys()
        .find_map(|module| visit(module, imports, &mut Vec::new(), &mut done))
}

#[test]
fn no_file_imports_one_that_imports_it() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut names: Vec<_> = fs::read_dir(&crates)
        .expect("crates")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.join("src").is_dir())
        .collect();
    names.sort();
    assert!(names.len() >= 8, "{names:?}");
    let mut circles = Vec::new();
    for krate in names {
        let mut found = BTreeMap::new();
        modules(&krate.join("src"), "", &mut found);
        let imports = graph(&found);
        if krate.ends_with("web") {
            assert!(found.len() > 20, "{} modules", found.len());
            assert!(imports["board"].contains("panel"), "{:?}", imports["board"]);
        }
        if krate.ends_with("ui") {
            assert!(found.len() > 25, "{} modules", found.len());
            assert!(
                imports["app"].contains("board::pick"),
                "{:?}",
                imports["app"]
            );
        }
        if let Some(circle) = circle(&imports) {
            circles.push(format!("{}: {}", krate.display(), circle.join(" → ")));
        }
    }
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n")
    );
}

#[test]
fn a_circle_is_found() {
    let mut found = BTreeMap::new();
    found.insert(
        "a".to_owned(),
        "use crate::{b, c::D};\n// [x](crate::d)".to_owned(),
    );
    found.insert("b".to_owned(), "use crate::c;".to_owned());
    found.insert("c".to_owned(), String::new());
    found.insert("d".to_owned(), String::new());
    assert_eq!(paths(&found["a"]), ["b", "c::D"]);
    assert_eq!(
        paths("use crate::words::{play, rules};"),
        ["words::play", "words::rules"]
    );
    assert_eq!(circle(&graph(&found)), None);
    found.insert("c".to_owned(), "crate::a::f()".to_owned());
    assert_eq!(
        circle(&graph(&found)),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
}
