// Gives the JS functions a module imports short names, in the module and
// in its wasm-bindgen glue alike (scripts/web-parts.sh, right after
// wasm-bindgen). wasm-bindgen names each import after its Rust name and a
// 16-digit hash (`__wbg_setAttribute_f75317b2b5cabfb4`): hundreds of them,
// written once in the module and once in the glue, and hashes do not
// compress. Each becomes `_` and a number in base 36, in the order the
// module imports them.
//
//   node scripts/short-imports.mjs MODULE.wasm GLUE.js

import { readFile, writeFile } from 'node:fs/promises';

const HASHED = /\b__wb(?:g|indgen)_\w*?_[0-9a-f]{16}\b/g;

/** The unsigned LEB128 number at `at` in `bytes`, and where it ends. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

/** `value` as unsigned LEB128. */
function encode(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}

/** Where the import entry's description starting at `at` (its kind
 * byte) ends. */
function skipDescription(bytes, at) {
  const kind = bytes[at++];
  switch (kind) {
    case 0: // function: its type's index
      return leb(bytes, at)[1];
    case 1: { // table: element type, limits
      const flags = bytes[at + 1];
      at = leb(bytes, at + 2)[1];
      return flags & 1 ? leb(bytes, at)[1] : at;
    }
    case 2: { // memory: limits
      const flags = bytes[at];
      at = leb(bytes, at + 1)[1];
      return flags & 1 ? leb(bytes, at)[1] : at;
    }
    case 3: // global: value type, mutability
      return at + 2;
    default:
      throw new Error(`short-imports: an import of unknown kind ${kind}`);
  }
}

const [modulePath, gluePath] = process.argv.slice(2);
if (!gluePath) throw new Error('usage: node scripts/short-imports.mjs MODULE.wasm GLUE.js');
const bytes = await readFile(modulePath);
const text = new TextDecoder();
const utf8 = new TextEncoder();
const names = new Map();
const out = [bytes.subarray(0, 8)];
let at = 8;
while (at < bytes.length) {
  const id = bytes[at];
  const [size, start] = leb(bytes, at + 1);
  const end = start + size;
  if (id !== 2) {
    out.push(bytes.subarray(at, end));
    at = end;
    continue;
  }
  const [count, first] = leb(bytes, start);
  const body = encode(count);
  let entry = first;
  for (let i = 0; i < count; i++) {
    const [moduleLength, moduleAt] = leb(bytes, entry);
    const [fieldLength, fieldAt] = leb(bytes, moduleAt + moduleLength);
    let field = text.decode(bytes.subarray(fieldAt, fieldAt + fieldLength));
    if (field.match(HASHED)?.[0] === field) {
      if (!names.has(field)) names.set(field, `_${names.size.toString(36)}`);
      field = names.get(field);
    }
    const described = fieldAt + fieldLength;
    const after = skipDescription(bytes, described);
    const fieldBytes = utf8.encode(field);
    body.push(...bytes.subarray(entry, moduleAt + moduleLength), ...encode(fieldBytes.length),
      ...fieldBytes, ...bytes.subarray(described, after));
    entry = after;
  }
  if (entry !== end) throw new Error('short-imports: the import section did not read to its end');
  out.push(Uint8Array.from([id, ...encode(body.length), ...body]));
  at = end;
}
if (names.size === 0) throw new Error(`short-imports: ${modulePath} imports no hashed names`);

const glue = await readFile(gluePath, 'utf8');
let unknown = null;
const shortened = glue.replace(HASHED, (name) => {
  if (!names.has(name)) unknown = name;
  return names.get(name) ?? name;
});
if (unknown) throw new Error(`short-imports: ${gluePath} names ${unknown}, which ${modulePath} does not import`);
await writeFile(modulePath, Buffer.concat(out));
await writeFile(gluePath, shortened);
