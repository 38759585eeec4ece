//! Why a choice on the board does nothing, in a sentence for the player:
//! whose turn it is, a compulsory capture, how the preset lets rebels march,
//! what a jump needs.
//!
//! Pure Rust, tested natively; [`App`](crate::app::App) asks it when a
//! point is refused and the page shows the answer beside the board.

use asalto_core::{Capture, Game, March, Move, Point, PointSet, Side};

use crate::text::{piece_name, points, side_name};

/// The officers that could jump now, when the rules make them.
fn compulsory(game: &Game, legal: &[Move]) -> Option<String> {
    if game.rules().capture != Capture::Forced {
        return None;
    }
    let jumpers: PointSet = legal
        .iter()
        .filter(|m| m.is_capture())
        .filter_map(Move::from)
        .collect();
    if jumpers.is_empty() {
        return None;
    }
    let who = if jumpers.len() == 1 {
        "the officer on"
    } else {
        "an officer on"
    };
    Some(format!(
        "A capture is compulsory: {who} {} must jump.",
        points(jumpers)
    ))
}

/// Why choosing `p` (after `picked`, the points chosen so far in this move)
/// among the `legal` moves does nothing; `None` where a sentence would only
/// be noise (an empty point clicked with nothing picked, say).
pub fn why_not(game: &Game, legal: &[Move], picked: &[Point], p: Point) -> Option<String> {
    if game.outcome().is_some() {
        return Some("The game is over: undo or start a new game to play on.".to_owned());
    }
    if legal.is_empty() {
        return None;
    }
    let pos = game.position();
    let turn = pos.turn();
    let board = game.rules().board();
    if pos.to_place() > 0 {
        return Some(if !board.fortress().contains(p) {
            "Officers are placed inside the fortress.".to_owned()
        } else {
            format!("{p} is taken: place the officer on an empty fortress point.")
        });
    }
    let Some(&from) = picked.last() else {
        return match pos.piece_at(p) {
            None => None,
            Some(side) if side != turn => Some(format!("It is the {}' turn.", side_name(turn))),
            Some(side) => Some(
                compulsory(game, legal)
                    .filter(|_| side == Side::Defender)
                    .unwrap_or_else(|| format!("The {} on {p} cannot move.", piece_name(side))),
            ),
        };
    };
    if pos.piece_at(p).is_some() {
        return Some(format!("{p} is taken."));
    }
    if picked.len() > 1 {
        return Some(format!(
            "The officer jumps on from {from}: over a rebel to the empty point beyond."
        ));
    }
    let Some(line) = board.line(from, p) else {
        return Some(match turn {
            Side::Attacker => {
                format!("A rebel steps along a line to the next point; {p} is not next to {from}.")
            }
            Side::Defender => format!(
                "{p} is out of reach: an officer steps along a line to the next point, or jumps over a rebel to the empty point beyond."
            ),
        });
    };
    if turn == Side::Defender {
        return Some(
            compulsory(game, legal)
                .unwrap_or_else(|| format!("The officer on {from} cannot go to {p}.")),
        );
    }
    let rules = game.rules();
    if line.marked && rules.marked_lines {
        return Some(
            "In this game rebels may not move along the marked (dashed) lines.".to_owned(),
        );
    }
    let fortress = board.fortress();
    if rules.march != March::Any && fortress.contains(from) && !fortress.contains(p) {
        return Some("In this game a rebel in the fortress may not leave it.".to_owned());
    }
    Some(match rules.march {
        March::Forward => "In this game rebels only march towards the fortress.".to_owned(),
        March::NotAway => "In this game rebels may not step away from the fortress.".to_owned(),
        March::NotBackward => "In this game rebels may not step backwards.".to_owned(),
        March::Any => format!("The rebel on {from} cannot go to {p}."),
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
        why_not(&g, &legal, &picked, p.parse().expect("a point"))
    }

    #[test]
    fn each_refusal_has_its_reason() {
        assert_eq!(
            why("assault", &[], "c5").as_deref(),
            Some("It is the rebels' turn.")
        );
        assert_eq!(why("assault", &[], "d6"), None, "an empty point");
        assert_eq!(
            why("assault", &[], "c1").as_deref(),
            Some("The rebel on c1 cannot move.")
        );
        assert_eq!(
            why("assault d4-d5 c5-c6", &["c4"], "d4").as_deref(),
            Some("In this game rebels only march towards the fortress.")
        );
        assert_eq!(
            why("assault d4-d5 c5-c6", &["d5"], "d4").as_deref(),
            Some("In this game a rebel in the fortress may not leave it.")
        );
        assert!(why("assault", &["d4"], "d6").is_some_and(|w| w.contains("not next to")));
        // The officer on d4 can take two rebels.
        let forced = "assault d4-d5 c5-d4 d5-d6 e5xc7 b4-c5";
        assert_eq!(
            why(forced, &[], "c7").as_deref(),
            Some("A capture is compulsory: the officer on d4 must jump.")
        );
        assert_eq!(why(forced, &["d4"], "e4").as_deref(), Some("e4 is taken."));
        assert_eq!(
            why(forced, &["d4"], "d5").as_deref(),
            Some("A capture is compulsory: the officer on d4 must jump.")
        );
    }

    #[test]
    fn placement_and_the_end_are_explained() {
        assert_eq!(
            why("asalto", &[], "d4").as_deref(),
            Some("Officers are placed inside the fortress.")
        );
        assert!(why("asalto @c5", &[], "c5").is_some_and(|w| w.contains("taken")));
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
                            let why = why_not(&g, &legal, &[from], to).expect("a reason");
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
