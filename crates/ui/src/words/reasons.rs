//! The rules engine's reasons for refusing a text, quoted in parentheses
//! by the sentences of [`link`](super::link) and the New game dialog (rule
//! option names, values and move text are the same in every language).

use crate::lang::T;

/// Preset `{0}` is unknown (`{1}` the presets).
pub const UNKNOWN_PRESET: T = t!["unknown preset '{0}' (expected {1})"];
/// Part `{0}` of a rule set is not `key=value`.
pub const NOT_KEY_VALUE: T = t!["'{0}' in the rule set is not key=value"];
/// Rule option `{0}` is unknown (`{1}` the options).
pub const UNKNOWN_KEY: T = t!["unknown rule option '{0}' (expected {1})"];
/// Rule option `{0}` is given twice.
pub const DUPLICATE_KEY: T = t!["rule option '{0}' is given twice"];
/// Value `{0}` does not fit option `{1}` (`{2}` what it takes).
pub const BAD_VALUE: T = t!["bad value '{0}' for {1} (expected {2})"];
/// What `defenders` takes.
pub const EXPECTED_POINTS: T = t!["free or a comma list of points"];
/// What `attackers` takes.
pub const EXPECTED_ATTACKER_POINTS: T = t!["all, lower or a comma list of points"];
/// What `defenders` takes: no point twice.
pub const EXPECTED_ONCE: T = t!["each point once"];
/// What `defender-wins-below` takes.
pub const EXPECTED_NUMBER: T = t!["a whole number"];
/// `defenders` names no point.
pub const NO_DEFENDERS: T = t!["defenders names no point"];
/// A point `{0}` of `defenders` is off the board.
pub const DEFENDER_OFF_BOARD: T = t!["defenders: {0} is not on the board"];
/// A point `{0}` of `defenders` is where the attackers start.
pub const DEFENDER_ON_ATTACKER: T = t!["defenders: {the_a} start on {0}"];
/// A listed attacker is off the board.
pub const ATTACKER_OFF_BOARD: T = t!["attackers: {0} is not on the board"];
/// The attackers leave `{0}` empty fortress points, too few for the
/// defenders to be placed on.
pub const NO_ROOM_TO_PLACE: T =
    t!["attackers: empty fortress points left: {0}, too few to place {the_d} on"];
/// A record with nothing in it.
pub const EMPTY_RECORD: T = t!["it is empty: a rule set and moves were expected"];
/// `{0}` is not move text.
pub const NOT_MOVE_TEXT: T = t!["'{0}' is not a move (expected @c6, c3-c4 or d5xd3xf3)"];
/// Move number `{0}`: `{1}` what is wrong with it.
pub const MOVE_N: T = t!["move {0}: {1}"];
/// A record's annotations (comments, glyphs, variations) cannot be read:
/// the rules engine's words for why.
pub const BAD_NOTES: T = t!["its notes cannot be read ({0})"];
/// A record's comment has no closing brace.
pub const UNCLOSED_COMMENT: T = t!["a comment never closes (no closing brace)"];
/// A record's comment holds a brace.
pub const BRACE_IN_COMMENT: T = t!["a comment holds a brace: comments hold any text but braces"];
/// A closing brace closes nothing.
pub const STRAY_BRACE: T = t!["a closing brace closes no comment"];
/// A variation has no closing parenthesis.
pub const UNCLOSED_VARIATION: T = t!["a variation never closes (no closing parenthesis)"];
/// A closing parenthesis closes nothing.
pub const STRAY_PARENTHESIS: T = t!["a closing parenthesis closes no variation"];
/// A variation starts with a comment.
pub const COMMENT_FIRST: T = t!["a variation starts with a comment: it must follow a move"];
/// A move has two comments.
pub const TWO_COMMENTS: T = t!["a move has two comments, or a comment after its variation"];
/// A variation before the first move.
pub const VARIATION_FIRST: T = t!["a variation stands before the first move"];
/// `()`.
pub const EMPTY_VARIATION: T = t!["a variation is empty"];
/// A record that does not start with its rule set.
pub const RULES_FIRST: T = t!["a record starts with its rule set"];
/// A glyph `{0}` that is none of `!! ?? !? ?! ! ?`.
pub const UNKNOWN_GLYPH: T = t!["'{0}' is not a glyph (!!, ??, !?, ?!, ! or ?)"];
/// A variation's move `{0}` that is not move text.
pub const VARIATION_MOVE: T = t!["the variation move {0} is not a move"];
/// A `[%draw` without its `]`.
pub const DRAW_UNCLOSED: T = t!["a [%draw] has no closing bracket"];
/// A `[%draw]` shape `{0}` naming `{1}`, which is no point.
pub const DRAW_NOT_A_POINT: T = t!["in [%draw {0}], '{1}' is not a point"];
/// A `[%draw]` point `{0}` off the board.
pub const DRAW_OFF_BOARD: T = t!["[%draw] names {0}, which is not on this board"];
/// Move `{0}` is not legal there.
pub const ILLEGAL_MOVE: T = t!["illegal move {0}"];
/// A move after the end (`{0}` how it ended).
pub const GAME_OVER: T = t!["the game was over ({0})"];
