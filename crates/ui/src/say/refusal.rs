//! Why a choice on the board does nothing, in a sentence for the player:
//! whose turn it is, a compulsory capture, how the preset lets attackers march,
//! what a jump needs.
//!
//! Pure Rust, tested natively; [`App`](crate::app::App) asks it when a
//! point is refused and the page shows the answer beside the board.

use asalto_core::{Capture, Game, March, Move, Point, PointSet, Side};

use crate::lang::Say;
use crate::say::text::points;
use crate::words::play;

/// The defenders that could jump now, when the rules make them.
fn compulsory(say: Say, game: &Game, legal: &[Move]) -> Option<String> {
    if game.rules().capture != Capture::Forced {
        return None;
    }
    let jumpers: PointSet = legal
        .iter()
        .filter(|m| m.is_capture())
        .filter_map(Move::from)
        .collect();
    let message = match jumpers.len() {
        0 => return None,
        1 => &play::MUST_JUMP_ONE,
        _ => &play::MUST_JUMP_SOME,
    };
    Some(say.f(message, &[&points(say.lang, jumpers)]))
}

/// Why choosing `p` (after `picked`, the points chosen so far in this move)
/// among the `legal` moves does nothing, in `lang`; `None` where a sentence
/// would only be noise (an empty point clicked with nothing picked, say).
pub fn why_not(
    say: Say,
    game: &Game,
    legal: &[Move],
    picked: &[Point],
    p: Point,
) -> Option<String> {
    if game.outcome().is_some() {
        return Some(say.t(&play::GAME_OVER));
    }
    if legal.is_empty() {
        return None;
    }
    let pos = game.position();
    let turn = pos.turn();
    let board = game.rules().board();
    let at = p.to_string();
    if pos.to_place() > 0 {
        return Some(if !board.fortress().contains(p) {
            say.t(&play::PLACE_INSIDE)
        } else {
            say.f(&play::PLACE_TAKEN, &[&at])
        });
    }
    let Some(&start) = picked.last() else {
        return match pos.piece_at(p) {
            None => None,
            Some(side) if side != turn => Some(say.of(turn).t(&play::NOT_YOUR_TURN)),
            Some(side) => Some(
                compulsory(say, game, legal)
                    .filter(|_| side == Side::Defender)
                    .unwrap_or_else(|| say.of(side).f(&play::CANNOT_MOVE, &[&at])),
            ),
        };
    };
    let from = start.to_string();
    if pos.piece_at(p).is_some() {
        return Some(say.f(&play::TAKEN, &[&at]));
    }
    if picked.len() > 1 {
        return Some(say.f(&play::JUMPS_ON, &[&from]));
    }
    let Some(line) = board.line(start, p) else {
        return Some(match turn {
            Side::Attacker => say.f(&play::NOT_NEXT, &[&at, &from]),
            Side::Defender => say.f(&play::OUT_OF_REACH, &[&at]),
        });
    };
    let cannot_go = || say.of(turn).f(&play::CANNOT_GO, &[&from, &at]);
    if turn == Side::Defender {
        return Some(compulsory(say, game, legal).unwrap_or_else(cannot_go));
    }
    let rules = game.rules();
    if line.marked && rules.marked_lines {
        return Some(say.t(&play::NO_MARKED));
    }
    let fortress = board.fortress();
    if rules.march != March::Any && fortress.contains(start) && !fortress.contains(p) {
        return Some(say.t(&play::NO_LEAVING));
    }
    Some(match rules.march {
        March::Forward => say.t(&play::MARCH_FORWARD),
        March::NotAway => say.t(&play::MARCH_NOT_AWAY),
        March::NotBackward => say.t(&play::MARCH_NOT_BACKWARD),
        March::Any => cannot_go(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use asalto_core::Record;

    fn game(record: &str) -> Game {
        Game::from_record(&record.parse::<Record>().expect("a record")).expect("legal")
    }

    fn why(record: &str, picked: &[&str], p: &str) -> Option<String> {
        let g = game(record);
        let legal = g.legal_moves();
        let picked: Vec<Point> = picked.iter().map(|n| n.parse().expect("a point")).collect();
        why_not(
            Say::new(crate::lang::Lang::En, g.rules().preset),
            &g,
            &legal,
            &picked,
            p.parse().expect("a point"),
        )
    }

    #[test]
    fn each_refusal_has_its_reason() {
        assert_eq!(
            why("assault", &[], "c5").as_deref(),
            Some("It is the attackers' turn.")
        );
        assert_eq!(why("assault", &[], "d6"), None, "an empty point");
        assert_eq!(
            why("assault", &[], "c1").as_deref(),
            Some("The attacker on c1 cannot move.")
        );
        assert_eq!(
            why("assault d4-d5 c5-c6", &["c4"], "d4").as_deref(),
            Some("In this game attackers only march towards the fortress.")
        );
        assert_eq!(
            why("assault d4-d5 c5-c6", &["d5"], "d4").as_deref(),
            Some("In this game an attacker in the fortress may not leave it.")
        );
        assert!(why("assault", &["d4"], "d6").is_some_and(|w| w.contains("not next to")));
        // The defender on d4 can take two attackers.
        let forced = "assault d4-d5 c5-d4 d5-d6 e5xc7 b4-c5";
        assert_eq!(
            why(forced, &[], "c7").as_deref(),
            Some("A capture is compulsory: the defender on d4 must jump.")
        );
        assert_eq!(
            why(forced, &["d4"], "e4").as_deref(),
            Some("e4 is occupied.")
        );
        assert_eq!(
            why(forced, &["d4"], "d5").as_deref(),
            Some("A capture is compulsory: the defender on d4 must jump.")
        );
    }

    #[test]
    fn placement_and_the_end_are_explained() {
        assert_eq!(
            why("asalto", &[], "d4").as_deref(),
            Some("Officers are placed inside the fortress.")
        );
        assert!(why("asalto @c5", &[], "c5").is_some_and(|w| w.contains("occupied")));
        let over = "assault;defender-wins-below=24 d4-d5 c5-c6 c4-c5 c6xc4";
        assert!(why(over, &[], "d5").is_some_and(|w| w.starts_with("The game is over")));
    }

    #[test]
    fn every_refused_rebel_step_names_its_rule() {
        let mut marked = 0;
        for preset in ["german-tactics", "assault"] {
            let mut g = game(preset);
            for _ in 0..40 {
                let legal = g.legal_moves();
                let Some(first) = legal.first().cloned() else {
                    break;
                };
                if g.position().turn() == Side::Attacker {
                    let board = g.rules().board();
                    for from in g.position().attackers().iter() {
                        for to in board.neighbours(from).iter() {
                            let legal_step =
                                legal.iter().any(|m| m.from() == Some(from) && m.to() == to);
                            if g.position().piece_at(to).is_some() || legal_step {
                                continue;
                            }
                            let why = why_not(
                                Say::new(crate::lang::Lang::En, g.rules().preset),
                                &g,
                                &legal,
                                &[from],
                                to,
                            )
                            .expect("a reason");
                            assert!(why.starts_with("In this game"), "{from}-{to}: {why}");
                            if board.line(from, to).is_some_and(|l| l.marked)
                                && g.rules().marked_lines
                            {
                                assert!(why.contains("marked"), "{why}");
                                marked += 1;
                            }
                        }
                    }
                }
                g.play(&first).expect("legal");
            }
        }
        assert!(marked > 0, "a marked line was tried");
    }
}
