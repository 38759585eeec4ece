//! The Asalto browser game as plain Rust: the state, the messages that
//! change it, `update`, and everything the page says. Nothing here touches
//! the browser (the crate has no wasm or web-sys dependency), so all of it
//! is tested natively; `asalto-web` is the page that shows it.
//!
//! * [`app`] — the state, the messages that change it, `update`.
//! * [`layout`] — board geometry on the canvas, pixel ↔ point;
//!   [`pick`] — entering a move point by point, from the core's legal
//!   moves; [`cursor`] — the keyboard's cursor along the board's lines.
//! * [`computer`] — who plays each side; the computer's requests and
//!   answers (`asalto-protocol`'s typed messages).
//! * [`editor`] — a position set up point by point, as a rule set.
//! * [`notes`] — what an author wrote about the game (glyphs, comments,
//!   arrows and rings, variations).
//! * [`review`], [`graph`] — a game reviewed by the computer and its graph;
//!   [`hint_reason`] — why the hint's move is good; [`threats`] — what each
//!   side threatens; [`overlay`] — what the board marks; [`move_list`] —
//!   the moves beside the board.
//! * [`lessons`] — the course for newcomers; [`puzzles`] — positions
//!   where exactly one move wins, proved by the solver.
//! * [`link`] — the game in the page's address; [`saved`] — the game kept
//!   between visits; [`embed`] — an embedded board's options and what it
//!   tells its page; [`settings`] — the reader's choices.
//! * What the page says: [`text`] — the status line and the notes on each
//!   move; [`refusal`] — why a click on the board does nothing;
//!   [`engine_errors`] — why a rule set, record or move text is refused;
//!   [`rules_text`] — the rules in plain words.
//! * [`lang`] — the languages, the sources' side names and the installed
//!   translations; [`words`] — every English word (the others are data).

/// A message (a [`lang::T`]): its English text, said by the module that
/// writes it (its French, German and Spanish are in that module's section
/// of the word files, `www/words/*.json`; the section is the last part of
/// the module's path, so `asalto-web`'s files use it too).
#[macro_export]
macro_rules! t {
    ($en:expr $(,)?) => {
        $crate::lang::T {
            module: module_path!(),
            en: $en,
        }
    };
}

pub mod app;
pub mod computer;
pub mod cursor;
pub mod editor;
pub mod embed;
pub mod engine_errors;
pub mod graph;
pub mod hint_reason;
pub mod lang;
pub mod layout;
pub mod lessons;
pub mod link;
pub mod move_list;
pub mod notes;
pub mod overlay;
pub mod pick;
pub mod puzzles;
pub mod refusal;
pub mod review;
pub mod rules_text;
pub mod saved;
pub mod settings;
pub mod text;
pub mod threats;
pub mod words;
