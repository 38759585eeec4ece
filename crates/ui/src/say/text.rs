//! The words on the page: names of presets and boards, the status line and
//! the notes that explain what a move did.
//!
//! Pure functions of the game, tested natively; `panel` puts them on the page.

use asalto_core::{BoardId, Game, Move, Outcome, Point, PointSet, Position, Preset, Rules, Side};
use asalto_search::Level;

use crate::computer::{Computer, Player};
use crate::lang::{Lang, Say};
use crate::pick::Pick;
use crate::words::{play, rules};

/// A preset's name as players know it.
pub fn preset_name(lang: Lang, preset: Preset) -> &'static str {
    lang.of(&rules::preset(preset))
}

/// A board's name.
pub fn board_name(lang: Lang, board: BoardId) -> &'static str {
    lang.of(&rules::board(board))
}

/// The source a preset comes from.
pub fn source(lang: Lang, preset: Preset) -> &'static str {
    lang.of(&rules::source(preset))
}

/// A level's name.
pub fn level_name(lang: Lang, level: Level) -> &'static str {
    lang.of(&rules::level(level))
}

/// One line that names a preset, its board and its source.
pub fn preset_line(lang: Lang, preset: Preset) -> String {
    format!(
        "{} — {} — {}",
        preset_name(lang, preset),
        board_name(lang, preset.rules().board),
        source(lang, preset)
    )
}

/// A point's accessible name: the point, what stands on it, and what
/// choosing it would do (`targets` are the points that may be picked next,
/// `picked` those picked so far), e.g. "c5, officer, can move".
pub fn point_label(
    say: Say,
    position: &Position,
    p: Point,
    picked: &[Point],
    targets: PointSet,
) -> String {
    let piece = position
        .piece_at(p)
        .map_or(say.raw(&play::EMPTY), |side| say.side(side, true));
    let doing = if picked.first() == Some(&p) {
        say.t(&play::SELECTED)
    } else if picked.contains(&p) {
        say.t(&play::ON_PATH)
    } else if !targets.contains(p) {
        String::new()
    } else if !picked.is_empty() {
        say.t(&play::MOVE_HERE)
    } else if position.piece_at(p).is_some() {
        say.t(&play::CAN_MOVE)
    } else {
        say.t(&play::PLACE_HERE)
    };
    format!("{p}, {piece}{doing}")
}

/// A point's name in the set-up editor: the point and what stands on it.
pub fn setup_label(say: Say, attackers: PointSet, defenders: PointSet, p: Point) -> String {
    let piece = if attackers.contains(p) {
        say.side(Side::Attacker, true)
    } else if defenders.contains(p) {
        say.side(Side::Defender, true)
    } else {
        say.raw(&play::EMPTY)
    };
    format!("{p}, {piece}")
}

/// Why a game ended, in a sentence that names the winner.
pub fn outcome(say: Say, outcome: Outcome, threshold: u8) -> String {
    match outcome {
        Outcome::AttackersReduced => say.f(&play::WIN_REDUCED, &[&threshold.to_string()]),
        Outcome::FortressFilled => say.t(&play::WIN_FILLED),
        Outcome::DefendersGone => say.t(&play::WIN_NONE_LEFT),
        Outcome::NoMoves(Side::Defender) => say.t(&play::WIN_TRAPPED),
        Outcome::NoMoves(Side::Attacker) => say.t(&play::WIN_STUCK),
        Outcome::Repetition => say.t(&play::DRAW),
    }
}

/// The status line while a position is set up: whose move it will be.
pub fn setup_status(say: Say, turn: Side) -> String {
    say.of(turn).t(&play::SETUP_TO_MOVE)
}

/// The status line: whose turn it is and what they may do, or who won.
pub fn status(say: Say, game: &Game, pick: &Pick, computer: &Computer) -> String {
    if let Some(o) = game.outcome() {
        return outcome(say, o, game.rules().threshold());
    }
    let pos = game.position();
    let side = pos.turn();
    let viewing = if game.ply() < game.moves().len() {
        let (turn, turns) = (turns(game, game.ply()), turns(game, game.moves().len()));
        say.f(&play::MOVE_OF, &[&turn.to_string(), &turns.to_string()])
    } else {
        String::new()
    };
    let doing = if pos.to_place() > 0 {
        match pos.to_place() {
            1 => say.t(&play::PLACE_ONE),
            n => say.f(&play::PLACE_MANY, &[&n.to_string()]),
        }
    } else if pick.can_stop().is_some() {
        say.t(&play::JUMP_OR_STOP)
    } else if pick.route().len() > 1 {
        say.t(&play::JUMP_AGAIN)
    } else {
        match computer.player(side) {
            Player::Computer(level) if viewing.is_empty() => say.of(side).f(
                &play::TO_MOVE,
                &[&say.f(&play::BY_COMPUTER, &[level_name(say.lang, level)])],
            ),
            Player::Human if viewing.is_empty() && computer.reader() == Some(side) => {
                say.of(side).t(&play::YOU_TO_MOVE)
            }
            _ => say.of(side).f(&play::TO_MOVE, &[""]),
        }
    };
    format!("{doing}{viewing}.")
}

/// The turns of the first `ply` moves of `game`, as the move list numbers
/// them: how many of them the side that moves first made.
fn turns(game: &Game, ply: usize) -> usize {
    let opener = game.position_at(0).map(|p| p.turn());
    (0..ply)
        .filter(|&i| game.position_at(i).map(|p| p.turn()) == opener)
        .count()
}

/// What the computer is doing: thinking (with its progress), paused, a
/// hint it found, or why it stopped. Empty when there is nothing to say.
pub fn computer_line(say: Say, game: &Game, computer: &Computer) -> String {
    if let Some(why) = &computer.failure {
        return say.f(&play::COMPUTER_STOPPED, &[why]);
    }
    if let Some(t) = computer.thinking.as_ref().filter(|t| t.review.is_none()) {
        let what = say.raw(if t.hint {
            &play::LOOKING
        } else {
            &play::THINKING
        });
        return match &t.progress {
            Some((depth, best)) => say.f(&play::PROGRESS, &[what, &depth.to_string(), &best.text]),
            None => format!("{what}…"),
        };
    }
    if let Some(hint) = &computer.hint {
        return match hint.why {
            Some(why) => say.f(&play::HINT_WHY, &[&hint.text, &why.said(say)]),
            None => say.f(&play::HINT, &[&hint.text]),
        };
    }
    let computer_to_move = matches!(computer.player(game.position().turn()), Player::Computer(_));
    if computer.paused && computer_to_move && game.outcome().is_none() {
        return say.t(&play::PAUSED);
    }
    String::new()
}

/// What a press of Share or Send did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Copied {
    /// The game's link is in the clipboard.
    Link,
    /// The link sent for a friend's reply (`&reply`) is in the clipboard.
    Reply,
    /// The browser would not copy.
    Refused,
}

/// The line beside the Share button: what the last Share did, or, in a
/// game played by link, what to do next. Empty when there is nothing to say.
pub fn invite(
    say: Say,
    game: &Game,
    (link_moves, friend): (Option<usize>, bool),
    shared: Option<Copied>,
) -> String {
    match shared {
        Some(Copied::Link) => return say.t(&play::COPIED),
        Some(Copied::Reply) => return say.t(&play::COPIED_FOR_REPLY),
        Some(Copied::Refused) => return say.t(&play::NOT_COPIED),
        None => {}
    }
    if friend {
        return say.t(&play::FRIEND_HOW);
    }
    let Some(given) = link_moves else {
        return String::new();
    };
    if game.outcome().is_some() || game.ply() != game.moves().len() {
        return String::new();
    }
    if game.ply() == given {
        say.of(game.position().turn()).t(&play::YOUR_MOVE)
    } else if game.ply() > given {
        say.t(&play::YOUR_REPLY)
    } else {
        String::new()
    }
}

/// Each side's goal under `rules`, with their side names.
pub fn goal(say: Say, rules: &Rules) -> String {
    let fortress = rules.board().fortress().len().to_string();
    let threshold = usize::from(rules.threshold());
    let start = rules.attacker_start().len();
    if threshold == 0 || threshold > start {
        say.f(&play::GOAL_NO_COUNT, &[&fortress])
    } else if start + 1 - threshold == 1 {
        say.f(&play::GOAL_ONE, &[&fortress])
    } else {
        let needed = (start + 1 - threshold).to_string();
        say.f(&play::GOAL, &[&fortress, &needed])
    }
}

/// The result of a finished game: against the computer, first whether the
/// reader (`reader`, the side they played) won or lost, last the side
/// Rematch gives them.
pub fn result(say: Say, game: &Game, reader: Option<Side>) -> String {
    let Some(o) = game.outcome() else {
        return String::new();
    };
    let why = outcome(say, o, game.rules().threshold());
    let Some(side) = reader else {
        return why;
    };
    let rematch = say.of(side.other()).t(&play::REMATCH_AS);
    match o.winner() {
        Some(winner) => {
            let you = if side == winner {
                &play::YOU_WON
            } else {
                &play::YOU_LOST
            };
            format!("{} {why} {rematch}", say.t(you))
        }
        None => format!("{why} {rematch}"),
    }
}

/// How many attackers are gone, and, while the game goes on, how many more
/// the defenders need.
pub fn captured(say: Say, game: &Game) -> String {
    let start = game.rules().attacker_start().len();
    let left = game.position().attackers().len();
    let threshold = usize::from(game.rules().threshold());
    let (gone, start) = ((start - left).to_string(), start.to_string());
    if threshold == 0 || game.outcome().is_some() {
        say.f(&play::CAPTURED_OF, &[&gone, &start])
    } else {
        let needed = (left + 1).saturating_sub(threshold).to_string();
        say.f(&play::CAPTURED_NEED, &[&gone, &start, &needed])
    }
}

/// Point names as a list: "c5", "c5 and e5", "c5, d6 and e5".
pub fn points(lang: Lang, set: PointSet) -> String {
    let names: Vec<String> = set.iter().map(|p: Point| p.to_string()).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => Say::plain(lang).f(&play::AND, &[&rest.join(", "), last]),
    }
}

/// The last move as a screen reader announces it: who played what, and
/// what it took ("Officers: c6xc4. Captured 1 rebel (c5)."). Empty at
/// the start.
pub fn said(say: Say, game: &Game) -> String {
    let Some(m) = game.last_move() else {
        return String::new();
    };
    let Some(text) = game.ply().checked_sub(1).and_then(|i| game.move_text(i)) else {
        return String::new();
    };
    // The piece that moved stands where it went (a huffed officer is gone).
    let side = game.position().piece_at(m.to()).unwrap_or(Side::Defender);
    let said = say.of(side).f(&play::SAID, &[&text.to_string()]);
    match last_move_note(say, game) {
        note if note.is_empty() => said,
        note => format!("{said} {note}"),
    }
}

/// A note on what the last move did beyond moving a piece: captures and
/// huffs, with the reason for a huff. Empty when there is nothing to say.
pub fn last_move_note(say: Say, game: &Game) -> String {
    let Some(m) = game.last_move() else {
        return String::new();
    };
    let mut note = Vec::new();
    let captured = m.captured();
    if !captured.is_empty() {
        let on = points(say.lang, captured);
        note.push(match captured.len() {
            1 => say.f(&play::TOOK_ONE, &[&on]),
            n => say.f(&play::TOOK_MANY, &[&n.to_string(), &on]),
        });
    }
    let huffed = m.huffed();
    if !huffed.is_empty() {
        let fewer = matches!(m, Move::Capture { .. });
        let message = match (huffed.len() == 1, fewer) {
            (true, false) => &play::HUFFED_ONE,
            (false, false) => &play::HUFFED_MANY,
            (true, true) => &play::HUFFED_ONE_FEWER,
            (false, true) => &play::HUFFED_MANY_FEWER,
        };
        note.push(say.f(message, &[&points(say.lang, huffed)]));
    }
    note.join(" ")
}

#[cfg(test)]
mod tests;
