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
        let (ply, len) = (game.ply().to_string(), game.moves().len().to_string());
        say.f(&play::MOVE_OF, &[&ply, &len])
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
pub fn invite(say: Say, game: &Game, link_moves: Option<usize>, shared: Option<Copied>) -> String {
    match shared {
        Some(Copied::Link) => return say.t(&play::COPIED),
        Some(Copied::Reply) => return say.t(&play::COPIED_FOR_REPLY),
        Some(Copied::Refused) => return say.t(&play::NOT_COPIED),
        None => {}
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
mod tests {
    use super::*;
    use Lang::En;
    use asalto_core::Record;

    fn game(record: &str) -> Game {
        Game::from_record(&record.parse::<Record>().expect("a record")).expect("legal")
    }

    #[test]
    fn every_preset_has_a_line_with_its_board_and_source() {
        for &preset in Preset::ALL {
            let line = preset_line(Lang::En, preset);
            assert!(line.contains(source(Lang::En, preset)), "{line}");
            assert_eq!(line.matches(" — ").count(), 2, "{line}");
        }
    }

    #[test]
    fn a_set_up_position_s_status_names_it_and_who_will_move() {
        let say = Say::new(En, Preset::Assault);
        assert_eq!(
            setup_status(say, Side::Defender),
            "Set-up position, defenders to move."
        );
        let say = Say::new(Lang::Fr, Preset::Asalto);
        assert_eq!(
            setup_status(say, Side::Attacker),
            "Position préparée, aux rebelles de jouer."
        );
    }

    #[test]
    fn status_says_whose_turn_and_what_to_do() {
        let pick = Pick::default();
        let c = Computer::default();
        assert_eq!(
            status(
                Say::new(En, game("assault").rules().preset),
                &game("assault"),
                &pick,
                &c
            ),
            "Attackers to move."
        );
        assert_eq!(
            status(
                Say::new(En, game("assault d4-d5").rules().preset),
                &game("assault d4-d5"),
                &pick,
                &c
            ),
            "Defenders to move."
        );
        assert_eq!(
            status(
                Say::new(En, game("asalto").rules().preset),
                &game("asalto"),
                &pick,
                &c
            ),
            "Officers: place 2 officers in the fortress."
        );
        let mut g = game("assault d4-d5 c5-d6");
        g.undo();
        assert_eq!(
            status(Say::new(En, g.rules().preset), &g, &pick, &c),
            "Defenders to move (move 1 of 2)."
        );
        let mut c = Computer::default();
        c.set_players([
            Player::Human,
            Player::Computer(asalto_search::Level::Captain),
        ]);
        assert_eq!(
            status(
                Say::new(En, game("assault d4-d5").rules().preset),
                &game("assault d4-d5"),
                &pick,
                &c
            ),
            "Defenders (computer, Captain) to move."
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
        let note = last_move_note(Say::new(En, g2.rules().preset), &g2);
        assert!(
            note.contains("removed (huffed) for failing to capture"),
            "{note}"
        );
        let capture = legal.iter().find(|m| m.is_capture()).expect("a capture");
        let mut g3 = g;
        g3.play(capture).expect("legal");
        assert!(
            last_move_note(Say::new(En, g3.rules().preset), &g3)
                .starts_with("Captured 1 rebel (d5).")
        );
        assert_eq!(
            captured(Say::new(En, g3.rules().preset), &g3),
            "Rebels captured: 1 of 24; the officers win after 15 more."
        );
        // Once the game is over, no more are needed.
        let mut over = g3.clone();
        while over.outcome().is_none() {
            let m = over.legal_moves()[0];
            over.play(&m).expect("legal");
        }
        assert_eq!(
            captured(Say::new(En, over.rules().preset), &over),
            format!(
                "Rebels captured: {} of 24.",
                24 - over.position().attackers().len()
            )
        );
    }

    #[test]
    fn against_the_computer_the_result_says_who_won_to_you() {
        let rules: asalto_core::Rules =
            "assault;attackers=c5,d5,c6,d6,e6,c7,d7,e7,e4;defenders=a4,g4;first=attacker"
                .parse()
                .expect("rules");
        let mut game = Game::new(&rules).expect("game");
        let say = Say::new(En, Preset::Assault);
        assert_eq!(result(say, &game, Some(Side::Attacker)), "");
        game.play_text(&"e4-e5".parse().expect("move text"))
            .expect("fills the fortress");
        let why = outcome(say, Outcome::FortressFilled, 9);
        assert_eq!(
            result(say, &game, Some(Side::Attacker)),
            format!("You won. {why} Rematch to play the defenders.")
        );
        assert_eq!(
            result(say, &game, Some(Side::Defender)),
            format!("You lost. {why} Rematch to play the attackers.")
        );
        assert_eq!(result(say, &game, None), why);
    }

    #[test]
    fn the_goal_names_the_fortress_and_the_captures_needed() {
        let say = Say::new(En, Preset::Assault);
        let goal = goal(say, &Preset::Assault.rules());
        assert!(
            goal.contains("all 9 points") && goal.contains("taking 16 attackers"),
            "{goal}"
        );
        let rules: asalto_core::Rules = "assault;defender-wins-below=0".parse().expect("rules");
        let goal = super::goal(say, &rules);
        assert!(!goal.contains("taking"), "{goal}");
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
            let say = Say::new(En, Preset::Asalto);
            let text = outcome(say, o, 9);
            let winner = o.winner().map_or("Draw", |w| {
                if w == Side::Attacker {
                    "Rebels"
                } else {
                    "Officers"
                }
            });
            assert!(text.starts_with(winner), "{text}");
        }
    }

    #[test]
    fn points_are_named_with_their_piece_and_what_a_choice_does() {
        let g = game("asalto @c5 @e5 d4-d5");
        let pos = g.position();
        let say = Say::new(En, Preset::Asalto);
        let p = |name: &str| -> Point { name.parse().expect("a point") };
        let targets: PointSet = [p("c5"), p("e5")].into_iter().collect();
        assert_eq!(
            point_label(say, pos, p("c5"), &[], targets),
            "c5, officer, can move"
        );
        assert_eq!(point_label(say, pos, p("d5"), &[], targets), "d5, rebel");
        assert_eq!(point_label(say, pos, p("c6"), &[], targets), "c6, empty");
        let targets: PointSet = [p("c6"), p("d6")].into_iter().collect();
        assert_eq!(
            point_label(say, pos, p("c5"), &[p("c5")], targets),
            "c5, officer, selected"
        );
        assert_eq!(
            point_label(say, pos, p("c6"), &[p("c5")], targets),
            "c6, empty, move here"
        );
        let placing = game("asalto");
        let targets: PointSet = [p("c5")].into_iter().collect();
        assert_eq!(
            point_label(say, placing.position(), p("c5"), &[], targets),
            "c5, empty, place an officer here"
        );
    }

    #[test]
    fn the_last_move_is_said_with_what_it_took() {
        assert_eq!(
            said(
                Say::new(En, game("assault").rules().preset),
                &game("assault")
            ),
            ""
        );
        assert_eq!(
            said(
                Say::new(En, game("assault d4-d5").rules().preset),
                &game("assault d4-d5")
            ),
            "Attackers: d4-d5."
        );
        assert_eq!(
            said(
                Say::new(En, game("assault d4-d5 c5-d4 d5-d6 e5xc7").rules().preset),
                &game("assault d4-d5 c5-d4 d5-d6 e5xc7")
            ),
            "Defenders: e5xc7. Captured 1 attacker (d6)."
        );
        assert_eq!(
            said(
                Say::new(En, game("asalto @c5").rules().preset),
                &game("asalto @c5")
            ),
            "Officers: @c5."
        );
    }

    #[test]
    fn the_invite_line_guides_play_by_link() {
        let mut g = game("asalto @c5 @e5 d4-d5");
        assert_eq!(invite(Say::new(En, g.rules().preset), &g, None, None), "");
        assert_eq!(
            invite(Say::new(En, g.rules().preset), &g, Some(3), None),
            "Your move as the officers: send the link back when you have played."
        );
        g.play_text(&"c5-c6".parse().expect("move text"))
            .expect("legal");
        assert!(invite(Say::new(En, g.rules().preset), &g, Some(3), None).contains("press Send"));
        assert!(
            invite(
                Say::new(En, g.rules().preset),
                &g,
                Some(3),
                Some(Copied::Link)
            )
            .starts_with("Link copied")
        );
        assert!(
            invite(
                Say::new(En, g.rules().preset),
                &g,
                None,
                Some(Copied::Reply)
            )
            .contains("your friend")
        );
        assert!(
            invite(
                Say::new(En, g.rules().preset),
                &g,
                None,
                Some(Copied::Refused)
            )
            .contains("would not copy")
        );
        g.undo();
        g.undo();
        assert_eq!(
            invite(Say::new(En, g.rules().preset), &g, Some(3), None),
            "",
            "not while stepping back"
        );
    }
}

#[cfg(test)]
mod computer_tests {
    use super::*;
    use crate::computer::Answer;
    use crate::computer::tests::{choice, moved};
    use Lang::En;
    use asalto_core::Record;
    use asalto_search::Level;

    #[test]
    fn the_computer_line_follows_its_work() {
        let g =
            Game::from_record(&"assault d4-d5".parse::<Record>().expect("record")).expect("legal");
        let mut c = Computer::default();
        assert_eq!(computer_line(Say::new(En, g.rules().preset), &g, &c), "");
        c.set_players([Player::Human, Player::Computer(Level::Marshal)]);
        c.plan(&g);
        assert_eq!(
            computer_line(Say::new(En, g.rules().preset), &g, &c),
            "Thinking…"
        );
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
            computer_line(Say::new(En, g.rules().preset), &g, &c),
            "Thinking… 7 plies deep, best so far c5-d4."
        );
        c.paused = true;
        c.thinking = None;
        assert_eq!(
            computer_line(Say::new(En, g.rules().preset), &g, &c),
            "The computer is paused."
        );
        let mut c = Computer::default();
        c.ask_hint(&g);
        let id = c.thinking.as_ref().expect("asked").request.id;
        c.answer(&g, moved(id, "e5-e6"));
        assert_eq!(
            computer_line(Say::new(En, g.rules().preset), &g, &c),
            "Hint: e5-e6."
        );
    }
}
