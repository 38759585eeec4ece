// The computer player's Web Worker (crates/worker): its wasm-bindgen glue,
// then its module, both beside this file.
importScripts('./asalto-worker.js');
wasm_bindgen({ module_or_path: './asalto-worker_bg.wasm' });
