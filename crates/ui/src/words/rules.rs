//! The words of the rules: presets, boards, sources, levels, rule options
//! and their values, the Rules dialog's sentences and the New game dialog.

use asalto_core::{BoardId, Preset};
use asalto_search::Level;

use crate::lang::T;

/// A preset's name as players know it (most are names in every language).
pub fn preset(preset: Preset) -> T {
    // Not in the word files: the same in every language.
    let same = |name| t![name];
    match preset {
        Preset::Assault => same("Assault"),
        Preset::Asalto => same("Asalto"),
        Preset::GermanTactics => same("German Tactics"),
        Preset::Sharpshooters => same("Sharpshooters"),
        Preset::Assaut => same("Assaut"),
        Preset::Belagerung => same("Belagerung"),
        Preset::RoyalGarrison => same("Royal Garrison"),
        Preset::RoyalGarrisonDiagonals => t!["Royal Garrison, all diagonals"],
        Preset::Simplified => t!["Simplified Assault"],
        Preset::FuchsUndHenne => same("Fuchs und Henne"),
        Preset::ZweiContra20 => same("Zwei contra zwanzig"),
        Preset::Murray => t!["Asalto after Murray"],
    }
}

/// A board's name.
pub fn board(board: BoardId) -> T {
    match board {
        BoardId::Standard => t!["33-point cross"],
        BoardId::Simplified => t!["cross with few diagonals"],
        BoardId::FuchsUndHenne => t!["Fuchs und Henne cross"],
        BoardId::Contra20 => t!["2 contra 20 cross"],
        BoardId::Grosses => t!["67-point great fortress"],
        BoardId::RoyalDiagonals => t!["67-point cross, all diagonals"],
    }
}

/// The source a preset comes from: the core's words
/// ([`Preset::source`], written once), translated in this section.
pub fn source(preset: Preset) -> T {
    T {
        module: module_path!(),
        en: preset.source(),
    }
}

/// A level's name.
pub fn level(level: Level) -> T {
    match level {
        Level::Recruit => t!["Recruit"],
        Level::Soldier => t!["Soldier"],
        Level::Sergeant => t!["Sergeant"],
        Level::Captain => t!["Captain"],
        Level::Marshal => t!["Marshal"],
    }
}

/// What a level plays like.
pub fn level_strength(level: Level) -> T {
    match level {
        Level::Recruit => t!["a beginner"],
        Level::Soldier => t!["casual"],
        Level::Sergeant => t!["club player"],
        Level::Captain => t!["strong, quick"],
        Level::Marshal => t!["strongest, 2 s a move"],
    }
}

/// A rule option's label (RULES.md §3 keys); `None` for an unknown key.
pub fn option(key: &str) -> Option<T> {
    Some(match key {
        "board" => t!["Board"],
        "attackers" => t!["{A} start on"],
        "defenders" => t!["{D} start on (free, or points)"],
        "first" => t!["First to move"],
        "march" => t!["{A} may step"],
        "inside" => t!["{A} inside the fortress"],
        "marked-lines" => t!["Marked lines for {a}"],
        "capture" => t!["Capturing"],
        "max-capture" => t!["Most captures compulsory"],
        "chain" => t!["Capture chains"],
        "defender-wins-below" => t!["{D} win below ({a} left)"],
        _ => return None,
    })
}

/// A rule option left as the chosen game has it: its value `{0}` (in
/// words where it has them), shown in the empty field.
pub const AS_PRESET: T = t!["as in the game chosen: {0}"];

/// A rule option's value in words; `None` for values that are their own
/// words (point lists, numbers).
pub fn value(key: &str, value: &str) -> Option<T> {
    if key == "board" {
        return value.parse().ok().map(board);
    }
    Some(match (key, value) {
        ("attackers", "all") => t!["everywhere"],
        ("attackers", "lower") => t!["lower half"],
        ("defenders" | "inside", "free") => t!["free"],
        ("first", "attacker") => t!["{A}"],
        ("first", "defender") => t!["{D}"],
        ("march", "forward") => t!["towards the fortress"],
        ("march", "not-away") => t!["never away"],
        ("march", "not-backward") => t!["never backwards"],
        ("march", "any") => t!["any direction"],
        ("inside", "as-outside") => t!["as outside"],
        ("marked-lines", "off") => t!["open"],
        ("marked-lines", "on") => t!["closed"],
        ("capture", "optional") => t!["optional"],
        ("capture", "forced") => t!["compulsory"],
        ("capture", "huff") => t!["huff"],
        ("max-capture", "no") => t!["no"],
        ("max-capture", "yes") => t!["yes"],
        ("chain", "single") => t!["one jump"],
        ("chain", "may-stop") => t!["may stop"],
        ("chain", "must-continue") => {
            t!["must go on"]
        }
        _ => return None,
    })
}

/// The rules: the board, the pieces and the fortress (`{0}` board,
/// `{1}` attackers, `{2}` defenders, `{3}` fortress points).
pub const THE_BOARD: T = t![
    "The board is the {0}. {1} {a} besiege {2} {d} in the fortress, the shaded area of {3} points."
];
/// The rules: defenders placed by their player.
pub const PLACED_FIRST: T = t!["{The_d} are placed first, one a turn, on any fortress points."];
/// The rules: defenders start on `{0}`.
pub const START_ON: T = t!["{The_d} start on {0}."];
/// The rules: side `{s}` moves first.
pub const MOVES_FIRST: T = t!["{The_s} move first."];
/// The rules: `march=forward`.
pub const MARCH_FORWARD: T = t![
    "{A} step along a line towards the fortress, or sideways towards it along the fortress's bottom row; never back."
];
/// The rules: `march=not-away`.
pub const MARCH_NOT_AWAY: T = t!["{A} step along a line, never away from the fortress."];
/// The rules: `march=not-backward`.
pub const MARCH_NOT_BACKWARD: T =
    t!["{A} step along a line forwards or sideways, never backwards."];
/// The rules: `march=any`.
pub const MARCH_ANY: T = t!["{A} step along a line in any direction."];
/// The rules: `inside=as-outside`.
pub const INSIDE_STAYS: T = t![" {One_a} in the fortress may not leave it."];
/// The rules: `inside=free`.
pub const INSIDE_FREE: T =
    t![" {One_a} in the fortress may not leave it, but moves freely along its lines."];
/// The rules: `marked-lines=on`.
pub const MARKED: T = t![" {A} may not use the marked (dashed) lines."];
/// The rules: how defenders move and capture.
pub const DEFENDERS_MOVE: T = t![
    "{D} step along any line, or jump {one_a} next to them onto the empty point beyond, capturing it"
];
/// The rules: `capture=optional` (after the defenders' move `{0}`).
pub const CAPTURE_OPTIONAL: T = t!["{0}; they need not jump."];
/// The rules: `capture=forced`.
pub const CAPTURE_FORCED: T = t!["{0}. {One_d} that can jump must."];
/// The rules: `capture=huff`.
pub const CAPTURE_HUFF: T =
    t!["{0}. {One_d} that could have jumped and did not is removed from the board (huffed)."];
/// The rules: `max-capture=yes`.
pub const MOST: T = t![" A jump must take as many {a} as it can."];
/// The rules: `max-capture=yes` with `capture=huff`.
pub const MOST_HUFF: T = t![" So is one that took fewer {a} than it could."];
/// The rules: `chain=single`.
pub const CHAIN_SINGLE: T = t![" One jump a move."];
/// The rules: `chain=may-stop`.
pub const CHAIN_MAY_STOP: T = t![" Jumps may follow one another in one move; {the_d1} may stop."];
/// The rules: `chain=must-continue`.
pub const CHAIN_MUST_CONTINUE: T =
    t![" Jumps follow one another in one move for as long as {the_d1} can jump."];
/// The rules: how the game ends (`{0}` the huff clause, `{1}` the
/// threshold, `{2}` the captures it takes).
pub const WINNING: T = t![
    "{The_a} win by filling every point of the fortress, or by leaving {the_d} no move{0}. {The_d} win when fewer than {1} {a} remain (after {2} captures). A side that cannot move loses; a position seen three times is a draw."
];
/// The rules: the huff clause of [`WINNING`].
pub const WINNING_HUFF: T = t![", or when every {d1} has been huffed"];
/// The rules: the start's value where the project has proved it (`{s}`
/// the winner; `Rules::solved`).
pub const SOLVED: T = t![
    "Solved: from the start, {the_s} win with perfect play, whatever the other side plays. This game proved it in December 2026 with endgame tables of every position of 9 to 24 {a}, built backwards from the end of the game and checked against its rules."
];
/// The rules: where a board's perfect play comes from, for a solved rule
/// set.
pub const SOLVED_WHERE: T = t![
    "A board given these tables (as a pack of files, docs/TABLES.md) says under its status who wins with perfect play and marks every move won or lost; this site's boards have the positions of 9 to 13 {a} when its pack is published beside it."
];
/// The rules: the source, `{0}`.
pub const SOURCE: T = t!["Source: {0}."];
/// The sources' table: its summary.
pub const DISAGREE: T = t!["Where the sources disagree"];
/// The sources' table: its name.
pub const READINGS: T = t!["The sources' readings"];
/// The sources' table: the options' column.
pub const OPTION: T = t!["Option"];
/// The sources' table: this game's column.
pub const THIS_GAME: T = t!["This game"];
/// The sources' table: how to read it.
pub const HOW_TO_READ: T = t![
    "Each column is one source, read as its preset reads it; a row with more than one value is an option they disagree on."
];
/// The threshold when it is the fortress's size (`{0}`).
pub const FORTRESS_SIZE: T = t!["{0} (fortress size)"];

/// The New game dialog: its title (and the button that opens it).
pub const NEW_GAME: T = t!["New game"];
/// The New game dialog: the preset's label.
pub const GAME: T = t!["Game"];
/// The New game dialog: a side played at the screen.
pub const PERSON: T = t!["A person at this screen"];
/// The New game dialog: a side played by the computer at level `{0}`.
pub const COMPUTER_AT: T = t!["Computer: {0}"];
/// The New game dialog: who plays side `{s}`.
pub const PLAYED_BY: T = t!["{S} played by"];
/// The New game dialog: the pause's label.
pub const PAUSE_BETWEEN: T = t!["Computer against computer: pause between moves"];
/// The New game dialog: the shortest pause.
pub const SHORT_PAUSE: T = t!["0.3 s"];
/// The New game dialog: the options' summary.
pub const RULE_OPTIONS: T = t!["Rule options"];
/// The New game dialog: the rule set `{0}` as text.
pub const RULE_SET: T = t!["Rule set: {0}"];
/// The New game dialog: the options make no rule set (`{0}` why, in the
/// rules engine's words).
pub const BAD_RULES: T = t!["These options make no game: {0}"];
/// The New game dialog: leave it.
pub const CANCEL: T = t!["Cancel"];
/// The New game dialog: start the game.
pub const START: T = t!["Start"];
