//! The Asalto browser game: the board on a canvas and the page around it.
//!
//! * [`layout`] — board geometry on the canvas, pixel ↔ point.
//! * [`comfort`] — the reader's choices: coordinates, contrast, sounds.
//! * [`link`] — the game in the page's address (the URL fragment).
//! * [`embed`] — the options of a board embedded in another page.
//! * [`explain`] — the rules in plain words; where the sources disagree.
//! * [`saved`] — the game kept in the browser between visits.
//! * [`pick`] — entering a move point by point, from the core's legal moves.
//! * [`cursor`] — the keyboard's cursor, moved along the board's lines.
//! * [`app`] — the state, the messages that change it, `update`.
//! * [`computer`] — who plays each side; the computer's requests and answers.
//! * [`teach`] — why a choice on the board does nothing.
//! * [`reason`] — why the rules engine refused a text (a rule set, a
//!   record, a move), in the reader's language.
//! * [`text`] — the words on the page: names, status line, move notes.
//! * [`lang`] — the interface's languages and the sources' side names;
//!   [`words`] — every word in each language.
//! * `render` — draws the state on a canvas; `audio` plays its sounds;
//!   `coordinates` writes the files and ranks along its edges.
//! * `points` — the board's points as buttons, for the keyboard and
//!   screen readers.
//! * `dom`, `dialog` — the page: events in, text and canvas out.
//! * `element` — `<asalto-board>`, a board embedded in another page.
//! * `worker` — the Web Worker that runs the computer player.
//!
//! The first sixteen are plain Rust, tested natively; the rest run in the
//! browser only.

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
pub mod comfort;
pub mod computer;
pub mod cursor;
pub mod embed;
pub mod explain;
pub mod lang;
pub mod layout;
pub mod link;
pub mod pick;
pub mod reason;
pub mod saved;
pub mod teach;
pub mod text;
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
