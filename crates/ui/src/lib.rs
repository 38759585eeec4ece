//! The Asalto browser game as plain Rust: the state, the messages that
//! change it, `update`, and everything the page says. Nothing here touches
//! the browser (the crate has no wasm or web-sys dependency), so all of it
//! is tested natively; `asalto-web` is the page that shows it.
//!
//! In folders by what a reader looks for, each using only those below it
//! (`scripts/layers.mjs` holds it: no circle of files or folders):
//! * [`app`] — the state, the messages that change it, `update`, and what
//!   the board marks besides the pieces (`overlay`); [`editor`] — a
//!   position set up point by point, as a rule set.
//! * [`board`] — the board on the canvas: geometry (`layout`), the
//!   keyboard's cursor (`cursor`) and what each side threatens
//!   (`threats`).
//! * [`study`] — looking at a game: the move list (`move_list`), an
//!   author's notes (`notes`), a review and its graph (`review`, `graph`).
//! * [`keep`] — what is kept and shared: the address (`link`), the saved
//!   game (`saved`), an embedded board's options (`embed`), the reader's
//!   settings (`settings`).
//! * [`newcomer`] — the course (`lessons`) and the proved puzzles
//!   (`puzzles`); [`perfect`] — what the endgame pack says of a position.
//! * [`say`] — what the page says in sentences: the status line and the
//!   notes on each move (`text`), why a click is refused (`refusal`), why
//!   a rule set, record or move text is refused (`engine_errors`), the
//!   rules in plain words (`rules_text`), the pack's line (`solved`).
//! * [`computer`] — who plays each side, the computer's requests and
//!   answers (`asalto-protocol`'s typed messages), why its hint is good
//!   (`hint_reason`); [`pick`] — a move entered point by point.
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
pub mod board;
pub mod computer;
pub mod editor;
pub mod keep;
pub mod lang;
pub mod newcomer;
pub mod perfect;
pub mod pick;
pub mod say;
pub mod study;
pub mod words;

#[cfg(test)]
mod markup;
#[cfg(test)]
mod tests;
