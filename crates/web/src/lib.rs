//! The Asalto browser game: the board on a canvas and the page around it.
//!
//! * [`layout`] — board geometry on the canvas, pixel ↔ point.
//! * [`link`] — the game in the page's address (the URL fragment).
//! * [`pick`] — entering a move point by point, from the core's legal moves.
//! * [`app`] — the state, the messages that change it, `update`.
//! * [`computer`] — who plays each side; the computer's requests and answers.
//! * [`text`] — the words on the page: names, status line, move notes.
//! * `render` — draws the state on a canvas.
//! * `dom`, `dialog` — the page: events in, text and canvas out.
//! * `worker` — the Web Worker that runs the computer player.
//!
//! The first six are plain Rust, tested natively; the rest run in the
//! browser only.

pub mod app;
pub mod computer;
pub mod layout;
pub mod link;
pub mod pick;
pub mod text;

#[cfg(target_arch = "wasm32")]
mod bench;
#[cfg(target_arch = "wasm32")]
mod dialog;
#[cfg(target_arch = "wasm32")]
mod dom;
#[cfg(target_arch = "wasm32")]
mod render;
#[cfg(target_arch = "wasm32")]
mod worker;

#[cfg(target_arch = "wasm32")]
pub use bench::bench_redraw;

/// Starts the game on the page's elements when the module loads.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() -> Result<(), wasm_bindgen::JsValue> {
    console_error_panic_hook::set_once();
    dom::mount()
}
