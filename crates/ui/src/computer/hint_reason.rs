//! Why a hinted move is good, in one sentence from facts the rules engine
//! and the search can name: it wins by force (the search saw the end), it
//! takes attackers, it fills the fortress, it leaves no attacker to take,
//! it hems the defenders in (their moves fall from N to M), it enters the
//! fortress. The most telling fact is said; none if there is none.
//!
//! Pure Rust, tested natively.

use asalto_core::{Move, Position, Side};
use asalto_search::Score;

use crate::lang::Say;
use crate::words::play as words;

/// The fact that makes a move good.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// The search saw a forced win, this many plies away.
    Wins(i32),
    /// It takes this many attackers.
    Takes(usize),
    /// It fills the fortress.
    Fills,
    /// Some attacker could be taken before it, none after.
    Keeps,
    /// The defenders' moves fall from the first number to the second.
    Blocks(usize, usize),
    /// An attacker enters the fortress.
    Enters,
    /// The endgame tables prove that it wins.
    Proved,
}

/// Why `m`, the search's move in `pos` with the search's `score` (none
/// when the search was cut short), is good.
pub fn why(pos: &Position, m: &Move, score: Option<Score>) -> Option<Why> {
    if let Some(plies) = score.and_then(Score::plies_to_end).filter(|&n| n >= 0) {
        return Some(Why::Wins(plies));
    }
    if m.is_capture() {
        return Some(Why::Takes(m.captured().len()));
    }
    let mut after = *pos;
    after.play_unchecked(m);
    if pos.turn() != Side::Attacker || pos.to_place() > 0 {
        return None;
    }
    let fortress = pos.board().fortress();
    if fortress.iter().all(|p| after.attackers().contains(p)) {
        return Some(Why::Fills);
    }
    let before = pos.passed().map_or(0, |p| p.threatened().len());
    let safe = after.threatened().is_empty();
    if before > 0 && safe {
        return Some(Why::Keeps);
    }
    // Mobility only means something where no capture is compulsory.
    if let Some(passed) = pos.passed().filter(|_| before == 0 && safe) {
        // Listed rather than counted: the page keeps one move generator.
        let (was, is) = (passed.legal_moves().len(), after.legal_moves().len());
        if is < was {
            return Some(Why::Blocks(was, is));
        }
    }
    fortress.contains(m.to()).then_some(Why::Enters)
}

impl Why {
    /// The fact in words (a clause, no full stop).
    pub fn said(self, say: Say) -> String {
        match self {
            Why::Wins(plies) => say.f(&words::WHY_WINS, &[&plies.to_string()]),
            Why::Takes(1) => say.t(&words::WHY_TAKES_ONE),
            Why::Takes(n) => say.f(&words::WHY_TAKES, &[&n.to_string()]),
            Why::Fills => say.t(&words::WHY_FILLS),
            Why::Keeps => say.t(&words::WHY_KEEPS),
            Why::Blocks(was, is) => say.f(&words::WHY_BLOCKS, &[&was.to_string(), &is.to_string()]),
            Why::Enters => say.t(&words::WHY_ENTERS),
            Why::Proved => say.t(&words::WHY_PROVED),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use asalto_core::{Game, MoveText, Record};

    /// Why `text` is good after `record`, in English.
    fn why_of(record: &str, text: &str, score: &str) -> Option<String> {
        let record: Record = record.parse().expect("record");
        let game = Game::from_record(&record).expect("legal");
        let pos = game.position();
        let m = text
            .parse::<MoveText>()
            .expect("text")
            .to_move(pos)
            .expect("legal");
        why(pos, &m, score.parse().ok()).map(|w| w.said(Say::new(Lang::En, record.rules.preset)))
    }

    #[test]
    fn a_hint_says_the_fact_that_makes_it_good() {
        assert_eq!(
            why_of("assault d4-d5 c5-d4 b4-c5", "d4xb4xd6xd4", "+1.00").as_deref(),
            Some("it takes 3 attackers")
        );
        assert_eq!(
            why_of("assault d4-d5 c5-d6", "c4-c5", "win in 9").as_deref(),
            Some("it wins by force: the search sees the end in 9 moves")
        );
        assert_eq!(
            why_of("assault d4-d5 c5-c6", "b4-c5", "+0.10").as_deref(),
            Some("it leaves the defenders nothing to take")
        );
        assert_eq!(
            why_of("assault d4-d5 c5-c6", "c4-c5", "+0.10").as_deref(),
            Some("it enters the fortress")
        );
        let blocks = why_of("assault d4-d5 e5-d6 e3-d4 c5xe3xe5xc5", "f5-e5", "+0.10");
        assert!(
            blocks
                .as_deref()
                .is_some_and(|b| b.starts_with("it hems the defenders in: their moves fall from ")),
            "{blocks:?}"
        );
        let fill = "assault;attackers=c4,d4,e4,c5,e5,c6,d6,e6,c7,d7,e7;defenders=a4,g4";
        assert_eq!(
            why_of(fill, "d4-d5", "+0.00").as_deref(),
            Some("it fills the fortress")
        );
    }
}
