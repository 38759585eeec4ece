//! The words on the page: names of presets and boards, the status line and
//! the notes that explain what a move did.
//!
//! Pure functions of the game, tested natively; `dom` puts them on the page.

use asalto_core::{BoardId, Game, Move, Outcome, Point, PointSet, Position, Preset, Side};

use crate::computer::{Computer, Player};
use crate::pick::Pick;

/// A preset's name as players know it.
pub fn preset_name(preset: Preset) -> &'static str {
    match preset {
        Preset::Assault => "Assault",
        Preset::Asalto => "Asalto",
        Preset::GermanTactics => "German Tactics",
        Preset::Sharpshooters => "Sharpshooters",
        Preset::Assaut => "Assaut",
        Preset::Belagerung => "Belagerung",
        Preset::RoyalGarrison => "Royal Garrison",
        Preset::RoyalGarrisonDiagonals => "Royal Garrison, all diagonals",
        Preset::Simplified => "Simplified Assault",
        Preset::FuchsUndHenne => "Fuchs und Henne",
        Preset::ZweiContra20 => "Zwei contra zwanzig",
        Preset::Murray => "Asalto after Murray",
    }
}

/// A board's name.
pub fn board_name(board: BoardId) -> &'static str {
    match board {
        BoardId::Standard => "33-point cross",
        BoardId::Simplified => "cross with few diagonals",
        BoardId::FuchsUndHenne => "Fuchs und Henne cross",
        BoardId::Contra20 => "2 contra 20 cross",
        BoardId::Grosses => "67-point great fortress",
        BoardId::RoyalDiagonals => "67-point cross, all diagonals",
    }
}

/// One line that names a preset, its board and its source.
pub fn preset_line(preset: Preset) -> String {
    format!(
        "{} — {} — {}",
        preset_name(preset),
        board_name(preset.rules().board),
        preset.source()
    )
}

/// What the players call a side.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Attacker => "rebels",
        Side::Defender => "officers",
    }
}

/// What the players call one piece of a side.
pub fn piece_name(side: Side) -> &'static str {
    match side {
        Side::Attacker => "rebel",
        Side::Defender => "officer",
    }
}

/// A point's accessible name: the point, what stands on it, and what
/// choosing it would do (`targets` are the points that may be picked next,
/// `picked` those picked so far), e.g. "c5, officer, can move".
pub fn point_label(position: &Position, p: Point, picked: &[Point], targets: PointSet) -> String {
    let piece = position.piece_at(p).map_or("empty", piece_name);
    let doing = if picked.first() == Some(&p) {
        ", selected"
    } else if picked.contains(&p) {
        ", on the path"
    } else if !targets.contains(p) {
        ""
    } else if !picked.is_empty() {
        ", move here"
    } else if position.piece_at(p).is_some() {
        ", can move"
    } else {
        ", place an officer here"
    };
    format!("{p}, {piece}{doing}")
}

fn capitalised(side: Side) -> &'static str {
    match side {
        Side::Attacker => "Rebels",
        Side::Defender => "Officers",
    }
}

/// Why a game ended, in a sentence that names the winner.
pub fn outcome(outcome: Outcome, threshold: u8) -> String {
    match outcome {
        Outcome::AttackersReduced => {
            format!("Officers win: fewer than {threshold} rebels remain.")
        }
        Outcome::FortressFilled => "Rebels win: they fill the fortress.".to_owned(),
        Outcome::DefendersGone => "Rebels win: no officer is left.".to_owned(),
        Outcome::NoMoves(Side::Defender) => {
            "Rebels win: the officers are trapped and cannot move.".to_owned()
        }
        Outcome::NoMoves(Side::Attacker) => "Officers win: the rebels cannot move.".to_owned(),
        Outcome::Repetition => "Draw: the same position has stood three times.".to_owned(),
    }
}

/// The status line: whose turn it is and what they may do, or who won.
pub fn status(game: &Game, pick: &Pick, computer: &Computer) -> String {
    if let Some(o) = game.outcome() {
        return outcome(o, game.rules().threshold());
    }
    let pos = game.position();
    let side = pos.turn();
    let viewing = if game.ply() < game.moves().len() {
        format!(" (move {} of {})", game.ply(), game.moves().len())
    } else {
        String::new()
    };
    let doing = if pos.to_place() > 0 {
        let n = pos.to_place();
        let s = if n == 1 { "" } else { "s" };
        format!("Officers: place {n} officer{s} in the fortress")
    } else if pick.can_stop().is_some() {
        "Officers: jump again, or stop here".to_owned()
    } else if pick.route().len() > 1 {
        "Officers: jump again".to_owned()
    } else {
        let who = match computer.player(side) {
            Player::Computer(level) if viewing.is_empty() => format!(" (computer, {level})"),
            _ => String::new(),
        };
        format!("{}{who} to move", capitalised(side))
    };
    format!("{doing}{viewing}.")
}

/// What the computer is doing: thinking (with its progress), paused, a
/// hint it found, or why it stopped. Empty when there is nothing to say.
pub fn computer_line(game: &Game, computer: &Computer) -> String {
    if let Some(why) = &computer.failure {
        return format!("The computer stopped ({why}); both sides are played at this screen.");
    }
    if let Some(t) = &computer.thinking {
        let what = if t.hint {
            "Looking for a hint"
        } else {
            "Thinking"
        };
        return match &t.progress {
            Some((depth, best)) => {
                let best = &best.text;
                format!("{what}… {depth} plies deep, best so far {best}.")
            }
            None => format!("{what}…"),
        };
    }
    if let Some((text, _)) = &computer.hint {
        return format!("Hint: {text}.");
    }
    let computer_to_move = matches!(computer.player(game.position().turn()), Player::Computer(_));
    if computer.paused && computer_to_move && game.outcome().is_none() {
        return "The computer is paused.".to_owned();
    }
    String::new()
}

/// The line beside the Share button: what the last Share did, or, in a
/// game played by link, what to do next. Empty when there is nothing to say.
pub fn invite(game: &Game, link_moves: Option<usize>, shared: Option<bool>) -> String {
    match shared {
        Some(true) => return "Link copied: send it, and the game goes with it.".to_owned(),
        Some(false) => {
            return "The browser would not copy the link: copy the page address instead."
                .to_owned();
        }
        None => {}
    }
    let Some(given) = link_moves else {
        return String::new();
    };
    if game.outcome().is_some() || game.ply() != game.moves().len() {
        return String::new();
    }
    let side = side_name(game.position().turn());
    if game.ply() == given {
        format!("Your move as the {side}: send the link back when you have played.")
    } else if game.ply() > given {
        "Your reply is in the link: press Share and send it back.".to_owned()
    } else {
        String::new()
    }
}

/// How many attackers are gone, and how many the defenders need.
pub fn captured(game: &Game) -> String {
    let start = game.rules().attacker_start().len();
    let left = game.position().attackers().len();
    let threshold = usize::from(game.rules().threshold());
    let gone = start - left;
    if threshold == 0 {
        format!("Rebels captured: {gone} of {start}.")
    } else {
        let needed = (left + 1).saturating_sub(threshold);
        format!("Rebels captured: {gone} of {start}; the officers win after {needed} more.")
    }
}

/// Point names as a list: "c5", "c5 and e5", "c5, d6 and e5".
pub fn points(set: PointSet) -> String {
    let names: Vec<String> = set.iter().map(|p: Point| p.to_string()).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The last move as a screen reader announces it: who played what, and
/// what it took ("Officers: c6xc4. Captured 1 rebel (c5)."). Empty at
/// the start.
pub fn said(game: &Game) -> String {
    let Some(m) = game.last_move() else {
        return String::new();
    };
    let Some(text) = game.ply().checked_sub(1).and_then(|i| game.move_text(i)) else {
        return String::new();
    };
    // The piece that moved stands where it went (a huffed officer is gone).
    let side = game.position().piece_at(m.to()).unwrap_or(Side::Defender);
    let said = format!("{}: {text}.", capitalised(side));
    match last_move_note(game) {
        note if note.is_empty() => said,
        note => format!("{said} {note}"),
    }
}

/// A note on what the last move did beyond moving a piece: captures and
/// huffs, with the reason for a huff. Empty when there is nothing to say.
pub fn last_move_note(game: &Game) -> String {
    let Some(m) = game.last_move() else {
        return String::new();
    };
    let mut note = Vec::new();
    let captured = m.captured();
    if !captured.is_empty() {
        let n = captured.len();
        let s = if n == 1 { "" } else { "s" };
        note.push(format!("Captured {n} rebel{s} ({}).", points(captured)));
    }
    let huffed = m.huffed();
    if !huffed.is_empty() {
        let why = match m {
            Move::Capture { .. } => "for not taking as many rebels as it could",
            _ => "for failing to capture",
        };
        let (one, s) = if huffed.len() == 1 {
            ("The officer", "was")
        } else {
            ("The officers", "were")
        };
        note.push(format!(
            "{one} on {} {s} removed (huffed) {why}.",
            points(huffed)
        ));
    }
    note.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use asalto_core::Record;

    fn game(record: &str) -> Game {
        Game::from_record(&record.parse::<Record>().expect("a record")).expect("legal")
    }

    #[test]
    fn every_preset_has_a_line_with_its_board_and_source() {
        for &preset in Preset::ALL {
            let line = preset_line(preset);
            assert!(line.contains(preset.source()), "{line}");
            assert_eq!(line.matches(" — ").count(), 2, "{line}");
        }
    }

    #[test]
    fn status_says_whose_turn_and_what_to_do() {
        let pick = Pick::default();
        let c = Computer::default();
        assert_eq!(status(&game("assault"), &pick, &c), "Rebels to move.");
        assert_eq!(
            status(&game("assault d4-d5"), &pick, &c),
            "Officers to move."
        );
        assert_eq!(
            status(&game("asalto"), &pick, &c),
            "Officers: place 2 officers in the fortress."
        );
        let mut g = game("assault d4-d5 c5-d6");
        g.undo();
        assert_eq!(status(&g, &pick, &c), "Officers to move (move 1 of 2).");
        let mut c = Computer::default();
        c.set_players([
            Player::Human,
            Player::Computer(asalto_search::Level::Captain),
        ]);
        assert_eq!(
            status(&game("assault d4-d5"), &pick, &c),
            "Officers (computer, Captain) to move."
        );
    }

    #[test]
    fn captures_and_huffs_are_explained() {
        // Asalto: the officers on d6/e6 may capture d5 from d6 or e6; a step
        // instead huffs the officer that could have captured.
        let g = game("asalto @d6 @e6 d4-d5");
        let legal = g.legal_moves();
        let step = legal
            .iter()
            .find(|m| matches!(m, Move::Step { huffed, .. } if !huffed.is_empty()))
            .expect("a step that huffs");
        let mut g2 = g.clone();
        g2.play(step).expect("legal");
        let note = last_move_note(&g2);
        assert!(
            note.contains("removed (huffed) for failing to capture"),
            "{note}"
        );
        let capture = legal.iter().find(|m| m.is_capture()).expect("a capture");
        let mut g3 = g;
        g3.play(capture).expect("legal");
        assert!(last_move_note(&g3).starts_with("Captured 1 rebel (d5)."));
        assert_eq!(
            captured(&g3),
            "Rebels captured: 1 of 24; the officers win after 15 more."
        );
    }

    #[test]
    fn every_outcome_names_a_winner_and_a_reason() {
        for o in [
            Outcome::AttackersReduced,
            Outcome::FortressFilled,
            Outcome::DefendersGone,
            Outcome::NoMoves(Side::Attacker),
            Outcome::NoMoves(Side::Defender),
            Outcome::Repetition,
        ] {
            let text = outcome(o, 9);
            let winner = o.winner().map_or("Draw", capitalised);
            assert!(text.starts_with(winner), "{text}");
        }
    }

    #[test]
    fn points_are_named_with_their_piece_and_what_a_choice_does() {
        let g = game("assault d4-d5");
        let pos = g.position();
        let p = |name: &str| -> Point { name.parse().expect("a point") };
        let targets: PointSet = [p("c5"), p("e5")].into_iter().collect();
        assert_eq!(
            point_label(pos, p("c5"), &[], targets),
            "c5, officer, can move"
        );
        assert_eq!(point_label(pos, p("d5"), &[], targets), "d5, rebel");
        assert_eq!(point_label(pos, p("c6"), &[], targets), "c6, empty");
        let targets: PointSet = [p("c6"), p("d6")].into_iter().collect();
        assert_eq!(
            point_label(pos, p("c5"), &[p("c5")], targets),
            "c5, officer, selected"
        );
        assert_eq!(
            point_label(pos, p("c6"), &[p("c5")], targets),
            "c6, empty, move here"
        );
        let placing = game("asalto");
        let targets: PointSet = [p("c5")].into_iter().collect();
        assert_eq!(
            point_label(placing.position(), p("c5"), &[], targets),
            "c5, empty, place an officer here"
        );
    }

    #[test]
    fn the_last_move_is_said_with_what_it_took() {
        assert_eq!(said(&game("assault")), "");
        assert_eq!(said(&game("assault d4-d5")), "Rebels: d4-d5.");
        assert_eq!(
            said(&game("assault d4-d5 c5-d4 d5-d6 e5xc7")),
            "Officers: e5xc7. Captured 1 rebel (d6)."
        );
        assert_eq!(said(&game("asalto @c5")), "Officers: @c5.");
    }

    #[test]
    fn the_invite_line_guides_play_by_link() {
        let mut g = game("assault d4-d5");
        assert_eq!(invite(&g, None, None), "");
        assert_eq!(
            invite(&g, Some(1), None),
            "Your move as the officers: send the link back when you have played."
        );
        g.play_text(&"c5-c6".parse().expect("move text"))
            .expect("legal");
        assert!(invite(&g, Some(1), None).contains("press Share"));
        assert!(invite(&g, Some(1), Some(true)).starts_with("Link copied"));
        assert!(invite(&g, None, Some(false)).contains("would not copy"));
        g.undo();
        g.undo();
        assert_eq!(invite(&g, Some(1), None), "", "not while stepping back");
    }
}

#[cfg(test)]
mod computer_tests {
    use super::*;
    use crate::computer::Answer;
    use crate::computer::tests::choice;
    use asalto_core::Record;
    use asalto_search::Level;

    #[test]
    fn the_computer_line_follows_its_work() {
        let g =
            Game::from_record(&"assault d4-d5".parse::<Record>().expect("record")).expect("legal");
        let mut c = Computer::default();
        assert_eq!(computer_line(&g, &c), "");
        c.set_players([Player::Human, Player::Computer(Level::Marshal)]);
        c.plan(&g);
        assert_eq!(computer_line(&g, &c), "Thinking…");
        let id = c.thinking.as_ref().expect("asked").request.id;
        c.answer(
            &g,
            Answer::Progress {
                id,
                depth: 7,
                best: choice("c5-d4"),
            },
        );
        assert_eq!(
            computer_line(&g, &c),
            "Thinking… 7 plies deep, best so far c5-d4."
        );
        c.paused = true;
        c.thinking = None;
        assert_eq!(computer_line(&g, &c), "The computer is paused.");
        let mut c = Computer::default();
        c.ask_hint(&g);
        let id = c.thinking.as_ref().expect("asked").request.id;
        c.answer(
            &g,
            Answer::Move {
                id,
                best: choice("e5-e6"),
            },
        );
        assert_eq!(computer_line(&g, &c), "Hint: e5-e6.");
    }
}
