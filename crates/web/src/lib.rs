//! The Asalto browser game's page: the board on a canvas and the page
//! around it, one WebAssembly module for the game page, embedded boards and
//! `embed.html`. The state it shows, and every word it says, is
//! `asalto-ui`'s (plain Rust, tested natively); this crate is what touches
//! the browser. See `crates/web/README.md` for the architecture: how a
//! click becomes a message, an update and at most one redraw per frame.
//!
//! In layers (a file imports only from the layers below it, and
//! `asalto-ui`):
//! * `events` (a `Sender` of messages to a board, kept-alive listeners,
//!   tasks spawned),
//!   `root` (where a board's elements are; its markup's words and look),
//!   `storage` (local storage), `data_files` (fetching a language's words
//!   and the puzzles).
//! * the parts: `render` and `audio`, `coordinates`, `points` (the point
//!   buttons), `panel` (the text beside the board) with its cards in
//!   `panel/` (`welcome`, `lesson_card`, `puzzle_card`, `review_box`),
//!   `dialogs` (`new_game`, `rules_dialog`), `worker` (the computer's Web
//!   Worker), `export` (the position as an SVG and PNG figure).
//! * `board` — one board: the state, its parts, `dispatch` and the frame.
//! * `listen` — browser events to messages; `mount` — a board put on a
//!   page (the game page here); `element` — `<asalto-board>`.

#[macro_use]
extern crate asalto_ui;

mod audio;
mod bench;
mod board;
mod coordinates;
mod data_files;
mod dialogs;
mod element;
mod events;
mod export;
mod listen;
mod mount;
mod panel;
mod parts;
mod points;
mod render;
mod root;
mod storage;
mod tables;
mod worker;

/// The page's allocator (see Cargo.toml): one thread, memory grown as
/// needed.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

pub use bench::bench_redraw;
pub use element::mount_board;

/// Runs when the module loads: on the game page (a document with its own
/// `#board` canvas) it starts the game; elsewhere the module waits for
/// `<asalto-board>` elements to call `mount_board`.
#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() -> Result<(), wasm_bindgen::JsValue> {
    console_error_panic_hook::set_once();
    let Some(window) = web_sys::window() else {
        return Ok(());
    };
    let Some(document) = window.document() else {
        return Ok(());
    };
    match document.get_element_by_id("board") {
        Some(_) => mount::mount_page(&window, document),
        None => Ok(()),
    }
}
