// The workspace's import layers: in every crate, no file imports one that
// imports it (directly or around a loop), and no folder does either.
//
// A file's imports are the modules its code names by path: `crate::…`,
// `super::…` and `self::…`, `{…}` groups expanded; comments import nothing. A
// file's folder is the module it is the door of (`app/mod.rs` or `app.rs`
// and everything under `app/`). `lib.rs` and `main.rs`, which declare every
// module, are the root and not part of the graph; in the same way a
// folder's door (`app/mod.rs`, `app.rs`) may use the modules under it,
// which may use it.
//
//   node scripts/layers.mjs          check every crate; exit 1 on a circle
//   node scripts/layers.mjs --self   check the checker on small graphs
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every module file under `dir`: module path → source text. */
export function modules(dir, prefix = '', found = new Map()) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      modules(path, `${prefix}${name}::`, found);
    } else if (name.endsWith('.rs') && name !== 'lib.rs' && name !== 'main.rs') {
      const stem = name.slice(0, -3);
      const module = stem === 'mod' ? prefix.slice(0, -2) : `${prefix}${stem}`;
      found.set(module, readFileSync(path, 'utf8'));
    }
  }
  return found;
}

const parent = (m) => (m.includes('::') ? m.slice(0, m.lastIndexOf('::')) : '');

/** `a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e`. */
function expand(path) {
  const open = path.indexOf('{');
  if (open < 0) return [path];
  const head = path.slice(0, open);
  const inner = path.slice(open + 1, path.lastIndexOf('}'));
  const items = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i += 1) {
    if (inner[i] === '{') depth += 1;
    if (inner[i] === '}') depth -= 1;
    if (inner[i] === ',' && depth === 0) {
      items.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  items.push(inner.slice(start));
  return items
    .map((s) => s.trim())
    .filter((s) => s && s !== 'self')
    .flatMap((s) => expand(head + s));
}

/** The code of `text`: comments and string literals blanked. */
function code(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, ''))
    .join('\n');
}

/**
 * The modules of `found` that `module`'s text names. A `super::` after an
 * inline `mod name {` (a file's tests) is one level shallower.
 */
export function imports(module, found) {
  const text = code(found.get(module));
  const inline = text.search(/^\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{/m);
  const out = new Set();
  const pathRe = /(?<![\w:])((?:crate|super|self)(?:::(?:[A-Za-z_][A-Za-z0-9_]*|\{[^;]*?\}))+)/g;
  for (const m of text.matchAll(pathRe)) {
    for (const path of expand(m[1].replace(/\s+/g, ''))) {
      const parts = path.split('::');
      let base;
      let rest;
      if (parts[0] === 'crate') {
        [base, rest] = ['', parts.slice(1)];
      } else if (parts[0] === 'self' || parts[0] === 'super') {
        base = module;
        let i = 0;
        if (parts[0] === 'self') i = 1;
        let ups = 0;
        while (parts[i] === 'super') {
          ups += 1;
          i += 1;
        }
        if (inline >= 0 && m.index > inline && ups > 0) ups -= 1;
        for (let k = 0; k < ups; k += 1) base = parent(base);
        rest = parts.slice(i);
      } else {
        continue;
      }
      const full = [base, ...rest].filter(Boolean);
      for (let n = full.length; n > 0; n -= 1) {
        const target = full.slice(0, n).join('::');
        if (found.has(target)) {
          // A folder's door uses what it declares, as the crate root does.
          if (target !== module && !target.startsWith(`${module}::`)) out.add(target);
          break;
        }
      }
    }
  }
  return out;
}

/** A circle in `graph` (module → set of modules), or null. */
export function circle(graph) {
  const done = new Set();
  const path = [];
  const visit = (node) => {
    const at = path.indexOf(node);
    if (at >= 0) return [...path.slice(at), node];
    if (done.has(node)) return null;
    done.add(node);
    path.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

/** The files' graph and the folders' graph of one crate's modules. */
export function graphs(found) {
  const files = new Map([...found.keys()].map((m) => [m, imports(m, found)]));
  const hasChildren = (m) => [...found.keys()].some((k) => parent(k) === m && k !== m);
  const folder = (m) => (hasChildren(m) ? m : parent(m));
  const folders = new Map();
  for (const [from, targets] of files) {
    for (const to of targets) {
      const [a, b] = [folder(from), folder(to)];
      // A folder and the folders inside it are one layer with its door;
      // the crate's loose top-level files are no folder.
      if (!a || !b || a === b || a.startsWith(`${b}::`) || b.startsWith(`${a}::`)) continue;
      if (!folders.has(a)) folders.set(a, new Set());
      folders.get(a).add(b);
    }
  }
  return { files, folders };
}

function selfTest() {
  const found = new Map([
    ['a', 'use crate::{b, c::D};\n// [x](crate::d)\nuse super::e;'],
    ['b', 'use crate::c;'],
    ['c', ''],
    ['d', ''],
    ['e', ''],
    ['p', 'pub use q::Q;\nfn f() -> q::Q { todo!() }'],
    ['p::q', 'use super::super::e;\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use super::super::r;\n}'],
    ['p::r', ''],
  ]);
  const check = (what, got, want) => {
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      throw new Error(`${what}: ${JSON.stringify(got)}, not ${JSON.stringify(want)}`);
    }
  };
  check('a', [...imports('a', found)].sort(), ['b', 'c', 'e']);
  check('p', [...imports('p', found)], []);
  check('p::q', [...imports('p::q', found)].sort(), ['e', 'p::r']);
  check('no circle', circle(graphs(found).files), null);
  found.set('c', 'crate::a::f()');
  check('a circle', circle(graphs(found).files), ['a', 'b', 'c', 'a']);
  found.set('c', '');
  found.set('x::one', 'use crate::y::two;');
  found.set('x::three', '');
  found.set('y::two', 'use crate::x::three;');
  check('files', circle(graphs(found).files), null);
  check('folders', circle(graphs(found).folders), ['x', 'y', 'x']);
}

selfTest();
// Run as a script (not imported), and not only to check the checker.
const asScript = import.meta.url === `file://${process.argv[1]}`;
if (asScript && !process.argv.includes('--self')) {
  const crates = new URL('../crates/', import.meta.url).pathname;
  const problems = [];
  let files = 0;
  let edges = 0;
  for (const name of readdirSync(crates).sort()) {
    const src = join(crates, name, 'src');
    try {
      statSync(src);
    } catch {
      continue;
    }
    const found = modules(src);
    files += found.size;
    const { files: fileGraph, folders } = graphs(found);
    edges += [...fileGraph.values()].reduce((n, t) => n + t.size, 0);
    const c = circle(fileGraph);
    if (c) problems.push(`crates/${name}: files ${c.join(' → ')}`);
    const f = circle(folders);
    if (f) problems.push(`crates/${name}: folders ${f.join(' → ')}`);
  }
  // A checker that reads no import would find no circle either.
  if (files < 150 || edges < 300) problems.push(`only ${files} files and ${edges} imports found`);
  if (problems.length) {
    console.error(`import circles:\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(`layers: ${files} module files, ${edges} imports, no circle of files or folders`);
}
