//! The Asalto browser game: the board on a canvas and the page around it,
//! one WebAssembly module for the game page, embedded boards and
//! `embed.html`. See `crates/web/README.md` for the architecture: how a
//! click becomes a message, an update and at most one redraw per frame.
//!
//! The state and everything it says, plain Rust, tested natively:
//! * [`app`] — the state, the messages that change it, `update`.
//! * [`layout`] — board geometry on the canvas, pixel ↔ point;
//!   [`pick`] — entering a move point by point, from the core's legal
//!   moves; [`cursor`] — the keyboard's cursor along the board's lines.
//! * [`computer`] — who plays each side; the computer's requests and
//!   answers (`asalto-protocol`'s typed messages).
//! * [`editor`] — a position set up point by point, as a rule set.
//! * [`notes`] — what an author wrote about the game (glyphs, comments,
//!   arrows and rings, variations).
//! * [`link`] — the game in the page's address; [`saved`] — the game kept
//!   between visits; [`embed`] — an embedded board's options and what it
//!   tells its page; [`comfort`] — the reader's choices.
//! * [`text`], [`teach`], [`reason`], [`explain`] — what the page says: the
//!   status line and notes, why a choice is refused, why a text is refused,
//!   the rules in plain words.
//! * [`lang`] — the languages, the sources' side names and the installed
//!   translations; [`words`] — every English word (the others are data).
//!
//! The page, in the browser only, in layers (a file imports only from the
//! layers below it, and the state):
//! * `events` (a `Sender` of messages to a board, kept-alive listeners),
//!   `root` (where a board's elements are; its markup's words and look),
//!   `storage` (local storage), `word_files` (fetching a language's words).
//! * the parts: `render` and `audio`, `coordinates`, `points` (the point
//!   buttons), `panel` (the text beside the board), `new_game` and
//!   `rules_dialog`, `worker` (the computer's Web Worker), `export` (the
//!   position as an SVG and PNG figure).
//! * `board` — one board: the state, its parts, `dispatch` and the frame.
//! * `listen` — browser events to messages; `mount` — a board put on a
//!   page (the game page here); `element` — `<asalto-board>`.

/// A message (a [`lang::T`]): its English text, said by this module (its
/// French, German and Spanish are in this module's section of the word
/// files, `www/words/*.json`).
macro_rules! t {
    ($en:expr $(,)?) => {
        $crate::lang::T {
            module: module_path!(),
            en: $en,
        }
    };
}

pub mod app;
pub mod coach;
pub mod comfort;
pub mod computer;
pub mod cursor;
pub mod editor;
pub mod embed;
pub mod explain;
pub mod graph;
pub mod lang;
pub mod layout;
pub mod lessons;
pub mod link;
pub mod move_list;
pub mod notes;
pub mod overlay;
pub mod pick;
pub mod reason;
pub mod review;
pub mod saved;
pub mod teach;
pub mod text;
pub mod threats;
pub mod words;

#[cfg(target_arch = "wasm32")]
mod audio;
#[cfg(target_arch = "wasm32")]
mod bench;
#[cfg(target_arch = "wasm32")]
mod board;
#[cfg(target_arch = "wasm32")]
mod coordinates;
#[cfg(target_arch = "wasm32")]
mod element;
#[cfg(target_arch = "wasm32")]
mod events;
#[cfg(target_arch = "wasm32")]
mod export;
#[cfg(target_arch = "wasm32")]
mod lesson_card;
#[cfg(target_arch = "wasm32")]
mod listen;
#[cfg(target_arch = "wasm32")]
mod mount;
#[cfg(target_arch = "wasm32")]
mod new_game;
#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
mod points;
#[cfg(target_arch = "wasm32")]
mod render;
#[cfg(target_arch = "wasm32")]
mod root;
#[cfg(target_arch = "wasm32")]
mod rules_dialog;
#[cfg(target_arch = "wasm32")]
mod storage;
#[cfg(target_arch = "wasm32")]
mod welcome;
#[cfg(target_arch = "wasm32")]
mod word_files;
#[cfg(target_arch = "wasm32")]
mod worker;

#[cfg(target_arch = "wasm32")]
pub use bench::bench_redraw;
#[cfg(target_arch = "wasm32")]
pub use element::mount_board;

/// Runs when the module loads: on the game page (a document with its own
/// `#board` canvas) it starts the game; elsewhere the module waits for
/// `<asalto-board>` elements to call `mount_board`.
#[cfg(target_arch = "wasm32")]
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
