//! For newcomers: the course of lessons by doing, and the puzzles whose one
//! winning move the solver proved.

pub mod lessons;
pub mod puzzles;

use asalto_core::{Game, Rules};

/// The game at a lesson's or a puzzle's position, a rule set (RULES.md §3)
/// the tests read: a broken one panics, naming the problem in its words
/// (the rule errors' `Display`, not their `Debug`, which the page's module
/// would otherwise carry for this alone).
fn tested_game(position: &str) -> Game {
    position
        .parse::<Rules>()
        .map_err(|e| e.to_string())
        .and_then(|rules| Game::new(&rules).map_err(|e| e.to_string()))
        .unwrap_or_else(|e| panic!("{position}: {e}"))
}
