//! The perfect-play line under the board: who wins the position shown
//! with perfect play and its winning moves, as the board's endgame pack
//! says; or that the position is being looked up, is beyond the pack, or
//! that perfect play is unavailable and why.

use asalto_core::{Game, MoveText, Side};

use crate::lang::Say;
use crate::perfect::Perfect;
use crate::words::play as words;

/// Winning moves named before the rest are counted.
const NAMED: usize = 6;

/// The line for `game`'s position, if the board has a pack and the
/// game goes on.
pub fn line(say: Say, game: &Game, perfect: &Perfect) -> Option<String> {
    perfect.address()?;
    if let Some(why) = &perfect.failure {
        return Some(say.f(&words::PERFECT_UNAVAILABLE, &[why]));
    }
    if game.outcome().is_some() {
        return None;
    }
    if perfect.looking(game) {
        return Some(say.t(&words::PERFECT_LOOKING));
    }
    let known = perfect.known(game)?;
    let turn = game.position().turn();
    let Some(wins) = known.value else {
        let (low, high) = known.tiers;
        return Some(say.f(
            &words::PERFECT_BEYOND,
            &[&low.to_string(), &high.to_string()],
        ));
    };
    let winner = if wins { turn } else { turn.other() };
    let mut said = say.t(match winner {
        Side::Attacker => &words::PERFECT_ATTACKERS_WIN,
        Side::Defender => &words::PERFECT_DEFENDERS_WIN,
    });
    said.push(' ');
    if wins {
        let pos = game.position();
        // In order, kept as they come (a sort would add kilobytes of code
        // to the web page).
        let mut winning: Vec<String> = Vec::new();
        for m in known.winning(game).iter() {
            let text = MoveText::from_move(pos, m).to_string();
            let at = winning.partition_point(|w| *w <= text);
            winning.insert(at, text);
        }
        let named = match winning.split_at_checked(NAMED) {
            Some((first, rest)) if !rest.is_empty() => {
                let more = say.f(&words::PERFECT_MORE, &[&rest.len().to_string()]);
                say.f(&words::AND, &[&first.join(", "), &more])
            }
            _ => winning.join(", "),
        };
        said.push_str(&say.f(&words::PERFECT_WINNING, &[&named]));
    } else {
        said.push_str(&say.t(&words::PERFECT_ALL_LOSE));
    }
    Some(said)
}

#[cfg(test)]
mod tests {
    use asalto_core::Record;
    use asalto_protocol::{Choice, Valued};

    use super::*;
    use crate::lang::Lang;
    use crate::perfect::Solved;

    #[test]
    fn the_line_follows_what_the_pack_said_of_the_position_shown() {
        let game =
            Game::from_record(&"assault d4-d5".parse::<Record>().expect("record")).expect("game");
        let say = Say::new(Lang::En, game.rules().preset);
        let mut perfect = Perfect::default();
        assert_eq!(line(say, &game, &perfect), None, "no pack, no line");
        perfect.set_address(Some("http://h/asalto-0.bin".into()));
        perfect.plan(&game);
        assert_eq!(
            line(say, &game, &perfect).as_deref(),
            Some("Perfect play: looking this position up…")
        );
        let id = perfect.wanted().expect("a probe").id;
        let pos = game.position();
        let moves: Vec<Valued> = game
            .legal_moves()
            .iter()
            .map(|m| Valued {
                choice: Choice::from_move(pos, m),
                wins: Some(Choice::from_move(pos, m).text.starts_with("e5")),
            })
            .collect();
        perfect.answer(Solved::Values {
            id,
            value: Some(true),
            moves,
            tiers: (9, 24),
            requests: 2,
        });
        assert_eq!(
            line(say, &game, &perfect).as_deref(),
            Some("Solved: the defenders win from here. Winning moves: e5-d4, e5-d6, e5-e6.")
        );
        perfect.answer(Solved::Unavailable {
            id: None,
            message: "HTTP 404".into(),
        });
        assert_eq!(
            line(say, &game, &perfect).as_deref(),
            Some("Perfect play is unavailable: HTTP 404")
        );
    }
}
