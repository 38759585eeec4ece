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
//! * [`handover`] — the game as the game page's first module hands it to
//!   the full one.
//! * `render` — draws the state on a canvas; `audio` plays its sounds;
//!   `coordinates` writes the files and ranks along its edges.
//! * `points` — the board's points as buttons, for the keyboard and
//!   screen readers.
//! * `dom`, `dialog` — the page: events in, text and canvas out.
//! * `element` — `<asalto-board>`, a board embedded in another page.
//! * `worker` — the Web Worker that runs the computer player.
//! * `relay` — the handover from the game page's first module to the full
//!   one.
//!
//! The first sixteen are plain Rust, tested natively; the rest run in the
//! browser only.
//!
//! Built with the `full` feature (the default) it is the whole game: the
//! module of embedded boards, and the one that takes the game page over.
//! Built without it (by `crates/lite`), it is the game page's first module:
//! the board and its panel in English, without the dialogs, the computer
//! player or embedding (`dialog`, `worker`, `element` and the French,
//! German and Spanish words are left out).

/// A message in English, French, German and Spanish (a [`lang::T`]); in
/// English alone where the build speaks only English.
#[cfg(feature = "full")]
macro_rules! t {
    ($en:expr, $fr:expr, $de:expr, $es:expr $(,)?) => {
        [$en, $fr, $de, $es]
    };
}
#[cfg(not(feature = "full"))]
macro_rules! t {
    ($en:expr, $fr:expr, $de:expr, $es:expr $(,)?) => {
        [$en]
    };
}

pub mod app;
pub mod comfort;
pub mod computer;
pub mod cursor;
pub mod embed;
pub mod explain;
pub mod handover;
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
#[cfg(all(target_arch = "wasm32", feature = "full"))]
mod bench;
#[cfg(target_arch = "wasm32")]
mod coordinates;
#[cfg(all(target_arch = "wasm32", feature = "full"))]
mod dialog;
// Embedded boards and the computer player, which use some of the page's
// parts, are the full module's only.
#[cfg(target_arch = "wasm32")]
#[cfg_attr(not(feature = "full"), allow(dead_code))]
mod dom;
#[cfg(all(target_arch = "wasm32", feature = "full"))]
mod element;
#[cfg(target_arch = "wasm32")]
mod points;
#[cfg(target_arch = "wasm32")]
mod relay;
#[cfg(target_arch = "wasm32")]
mod render;
#[cfg(all(target_arch = "wasm32", feature = "full"))]
mod worker;

#[cfg(all(target_arch = "wasm32", feature = "full"))]
pub use bench::bench_redraw;
#[cfg(all(target_arch = "wasm32", feature = "full"))]
pub use element::mount_board;
#[cfg(all(target_arch = "wasm32", feature = "full"))]
pub use relay::take_over;

/// Runs when the module loads: on the game page (a document with its own
/// `#board` canvas) it starts the game, unless the first module runs it
/// already (the full module then waits to take it over); elsewhere the
/// module waits for `<asalto-board>` elements to call `mount_board`.
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
        Some(board) if !board.has_attribute(dom::MODULE) => dom::mount_page(&window, document),
        _ => Ok(()),
    }
}
