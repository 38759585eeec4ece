//! The words for a game that could not be opened whole: a link, a saved
//! game or an embedded board's record. The reason quoted in parentheses is
//! the rules engine's, in [`reasons`](super::reasons).

use crate::lang::T;

/// The record's name at the start of a sentence: a link.
pub const LINK: T = t!["The link"];
/// The record's name at the start of a sentence: the saved game.
pub const SAVED: T = t!["The saved game"];
/// The record's name at the start of a sentence: an embedded board's.
pub const ATTRIBUTES: T = t!["This board's record"];
/// A link with a bad `%` escape.
pub const GARBLED: T = t!["The link is garbled (a bad % escape); a new game is shown."];
/// `{0}` (a record's name) is no record at all.
pub const NOT_A_RECORD: T = t!["{0} is not a game record. A new game is shown."];
/// `{0}` has rules the game does not know (`{1}` why).
pub const UNKNOWN_RULES: T = t![
    "{0} cannot be followed: its rule set is not one this game knows ({1}). A new game is shown."
];
/// `{0}` cannot be read (`{1}` why).
pub const UNREADABLE: T =
    t!["{0} cannot be followed: it is not a game record ({1}). A new game is shown."];
/// `{0}`'s move number `{1}` is not move text (`{2}` why).
pub const NOT_A_MOVE: T =
    t!["{0} stops where move {1} is not a move ({2}). It is shown up to the move before."];
/// `{0}` has a move that cannot be played (`{1}` which and why).
pub const ILLEGAL: T = t!["{0} stops at {1}. It is shown up to the move before."];
/// `{0}`'s variations cannot be played (`{1}` why); its main line is shown.
pub const VARIATIONS: T =
    t!["{0} has variations that cannot be played ({1}). Its main line is shown without them."];
/// `{0}` (a record's name) asks to show move `{1}`, which it does not hold.
pub const NO_SUCH_MOVE: T =
    t!["{0} asks to show move {1}, which it does not hold; its last move is shown."];
/// `{0}`'s rules cannot be played (`{1}` why).
pub const UNPLAYABLE: T = t!["{0} has rules that cannot be played ({1}). A new game is shown."];
