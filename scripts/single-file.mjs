// Makes dist/asalto-offline.html from the Trunk build in dist/: the game
// page as one self-contained file (the game's module with its parts and the
// worker's, with their JS, inlined), which plays from file:// — for archiving or sending by
// e-mail.
// Run by scripts/build.sh after `trunk build --release`.

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST, ROOT } from '../tests/browser/harness.mjs';

const read = (file, encoding = 'utf8') => readFile(join(DIST, file), encoding);
// The module's JS before it was minified (scripts/web-parts.sh), whose
// exports and imports this rewrites.
const unminified = (file) => readFile(join(ROOT, 'target/parts/js', file), 'utf8');
const base64 = async (file) => (await read(file, null)).toString('base64');

/** Replaces `pattern` in `text`, failing loudly if the build changed shape. */
function replace(text, pattern, by, what) {
  if (!pattern.test(text)) throw new Error(`single-file: ${what} not found in the build`);
  return text.replace(pattern, () => by);
}

// The game's module: its exports become plain declarations of an inline script.
let glue = await unminified('asalto-web.js');
glue = replace(glue, /^export \{[^}]*\};?\s*$/m, '', 'the module exports');
glue = glue.replace(/^export (function|class|const|let) /gm, '$1 ');

// Its parts' loader (scripts/web-parts.sh) in the same script, each part's
// wasm inlined: the module's import of the loader becomes an object of its
// functions, and the loader's fetches answers made from the bytes.
let loader = await unminified('__wasm_split.js');
loader = replace(loader, /^import \{ initSync \} from "\.\/asalto-web\.js";?\s*$/m, '', "the loader's import");
const loads = [...loader.matchAll(/^export const (\w+)/gm)].map((m) => m[1]);
loader = loader.replace(/^export const /gm, 'const ');
for (const [, call, file] of [...loader.matchAll(/(fetch\(part\("([\w.-]+\.wasm)"\)\))/g)]) {
  const response = `Promise.resolve(new Response(bytes("${await base64(file)}"), { headers: { 'content-type': 'application/wasm' } }))`;
  loader = loader.replace(call, () => response);
}
// (wasm-bindgen imports the loader once for each part).
const imported = /^import \* as (\w+) from "\.\/__wasm_split\.js";?\s*$/gm;
const names = [...glue.matchAll(imported)].map((m) => m[1]);
if (names.length === 0 || loads.length === 0) throw new Error("single-file: the module's parts not found in the build");
glue = glue.replace(imported, '');
const objects = names.map((name) => `const ${name} = { ${loads.join(', ')} };`).join('\n');
glue = `${loader}\n${objects}\n${glue}`;

// The worker: Trunk's no-modules glue, then its start with the inlined wasm.
const worker = `${await read('asalto-worker.js')}
wasm_bindgen({ module_or_path: Uint8Array.from(atob("${await base64('asalto-worker_bg.wasm')}"), (c) => c.charCodeAt(0)) });`;

const start = `<script type="module">
const bytes = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
${glue}
const worker = new Blob([${JSON.stringify(worker)}], { type: 'text/javascript' });
const tag = Object.assign(document.createElement('meta'), { name: 'asalto-worker' });
tag.content = URL.createObjectURL(worker);
document.head.append(tag);
await __wbg_init({ module_or_path: bytes("${await base64('asalto-web_bg.wasm')}") });
</script>`;

// The other languages' words and the puzzles, found by id
// (crates/web/src/data_files.rs).
let words = '';
for (const lang of ['fr', 'de', 'es']) {
  const json = JSON.stringify(JSON.parse(await read(`words/${lang}.json`))).replaceAll('<', '\\u003c');
  words += `<script type="application/json" id="asalto-words-${lang}">${json}</script>\n`;
}
const puzzles = await read('puzzles.txt');
if (puzzles.includes('<')) throw new Error('puzzles.txt: no "<" may appear in it');
words += `<script type="text/plain" id="asalto-puzzles">${puzzles}</script>\n`;

let page = await read('index.html');
// Files the single page does without: preloads, the manifest, the service worker,
// the wasm fetched by address.
page = page.replace(/<link rel="(modulepreload|preload|manifest)"[^>]*>\s*/g, '');
page = replace(page, /<script>\s*addEventListener\('load'[\s\S]*?<\/script>\s*/, '', 'the service worker script');
page = replace(page, /<script>\s*self\.asaltoWasm[\s\S]*?<\/script>\s*/, '', 'the early compile');
page = replace(page, /<script type="module">\s*import init from[\s\S]*?<\/script>/, words + start, 'the loader');
await writeFile(join(DIST, 'asalto-offline.html'), page);
console.log(`dist/asalto-offline.html: ${(page.length / 1024).toFixed(0)} KiB`);
