//! Plain minimax over the rules engine, and random endgame positions:
//! what the solver's and the tables' tests hold them against.

use std::collections::HashMap;

use asalto_core::dense::Rng;
use asalto_core::{PointSet, Position, Rules, Setup, Side};

/// Whether the side to move wins `pos`, by plain minimax (memoised).
pub fn wins(pos: &Position, seen: &mut HashMap<(PointSet, PointSet, Side, u8), bool>) -> bool {
    if let Some(outcome) = pos.outcome() {
        return outcome.winner() == Some(pos.turn());
    }
    if let Some(&known) = seen.get(&pos.key()) {
        return known;
    }
    let won = pos.legal_moves().iter().any(|m| {
        let mut next = *pos;
        next.play_unchecked(m);
        // A defender placing its first piece places its second too.
        (next.turn() == pos.turn()) == wins(&next, seen)
    });
    seen.insert(pos.key(), won);
    won
}

/// A random position of `attackers` attackers and two defenders under
/// `rules`, with `turn` to move, if the pieces make a position.
pub fn random_position(
    rules: &Rules,
    attackers: usize,
    turn: Side,
    rng: &mut Rng,
) -> Option<Position> {
    let points: Vec<_> = rules.board().points().iter().collect();
    let mut pick = |taken: PointSet| loop {
        let p = points[rng.below(points.len())];
        if !taken.contains(p) {
            return p;
        }
    };
    let mut a = PointSet::EMPTY;
    for _ in 0..attackers {
        let p = pick(a);
        a.insert(p);
    }
    let mut d = PointSet::EMPTY;
    for _ in 0..2 {
        let p = pick(a | d);
        d.insert(p);
    }
    position(rules, (a, d), turn)
}

/// The position of `rules` with the attackers and defenders on `pieces` and
/// `turn` to move, if the pieces make one.
pub fn position(
    rules: &Rules,
    (attackers, defenders): (PointSet, PointSet),
    turn: Side,
) -> Option<Position> {
    let setup = Setup {
        rules: *rules,
        attackers,
        defenders,
        turn,
        to_place: 0,
    };
    Position::from_setup(&setup).ok()
}
