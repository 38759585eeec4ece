// The computer player's Web Worker (crates/worker): its wasm-bindgen glue,
// then its module, both beside this file. Where the browser has
// WebAssembly's 128-bit vectors (SIMD), the module built for them
// (scripts/worker-simd.sh: the search nearly twice as fast), else the plain
// one. The probe: a module whose one function makes a vector.
const simd = WebAssembly.validate(new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 15, 11,
]));
const name = simd ? 'asalto-worker-simd' : 'asalto-worker';
// Beside this file; a worker started from a page's own script for files on
// another site (www/asalto-board.js) is told where they are.
const base = self.asaltoBase ?? './';
importScripts(`${base}${name}.js`);
wasm_bindgen({ module_or_path: `${base}${name}_bg.wasm` });
