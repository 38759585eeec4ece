//! Zobrist keys: one random 64-bit key per point and side, one for the side
//! to move and one per count of defenders still to place. A position's hash
//! is the XOR of the keys of what it holds, updated move by move.

use asalto_core::{Move, Point, PointSet, Position, Side};

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `[side][point index]`, then the side-to-move key, then placement counts.
const KEYS: [[u64; 128]; 2] = {
    let mut keys = [[0; 128]; 2];
    let mut i = 0;
    while i < 256 {
        keys[i / 128][i % 128] = splitmix(i as u64 * 0x1000_0001);
        i += 1;
    }
    keys
};
const DEFENDER_TO_MOVE: u64 = splitmix(0xdead_beef);
/// XORed into a hash when the side to move passes (null-move search).
pub const PASS: u64 = DEFENDER_TO_MOVE;
const TO_PLACE: [u64; 4] = [0, splitmix(1 << 40), splitmix(2 << 40), splitmix(3 << 40)];

fn side_index(side: Side) -> usize {
    match side {
        Side::Attacker => 0,
        Side::Defender => 1,
    }
}

fn set_key(side: Side, set: PointSet) -> u64 {
    set.iter()
        .fold(0, |h, p| h ^ KEYS[side_index(side)][usize::from(p.index())])
}

fn point_key(side: Side, p: Point) -> u64 {
    KEYS[side_index(side)][usize::from(p.index())]
}

/// The hash of `pos`, computed from scratch.
pub fn hash(pos: &Position) -> u64 {
    let turn = match pos.turn() {
        Side::Attacker => 0,
        Side::Defender => DEFENDER_TO_MOVE,
    };
    set_key(Side::Attacker, pos.attackers())
        ^ set_key(Side::Defender, pos.defenders())
        ^ turn
        ^ TO_PLACE[usize::from(pos.to_place().min(3))]
}

/// The hash after `m` is played in `before` (whose hash is `h`), without
/// looking at the position after it; placements are rare and recomputed
/// by the caller from `after`.
pub fn after(h: u64, before: &Position, m: &Move, after: &Position) -> u64 {
    match *m {
        Move::Place { .. } => hash(after),
        Move::Step { from, to, huffed } => {
            let side = before.turn();
            h ^ point_key(side, from)
                ^ point_key(side, to)
                ^ set_key(Side::Defender, huffed)
                ^ DEFENDER_TO_MOVE
        }
        Move::Capture {
            from,
            to,
            captured,
            huffed,
        } => {
            h ^ point_key(Side::Defender, from)
                ^ point_key(Side::Defender, to)
                ^ set_key(Side::Attacker, captured)
                ^ set_key(Side::Defender, huffed)
                ^ DEFENDER_TO_MOVE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use asalto_core::{Game, Preset};

    #[test]
    fn incremental_hashes_match_hashes_from_scratch() {
        for &preset in Preset::ALL {
            let mut game = Game::new(&preset.rules()).expect("playable");
            let mut seed = 7u64;
            for _ in 0..150 {
                let before = *game.position();
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let h = hash(&before);
                for m in &moves {
                    let mut next = before;
                    next.play_unchecked(m);
                    assert_eq!(after(h, &before, m, &next), hash(&next), "{preset:?} {m:?}");
                }
                seed = splitmix(seed);
                game.play(&moves[(seed % moves.len() as u64) as usize])
                    .expect("legal");
            }
        }
    }

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = KEYS.iter().flatten().copied().collect();
        all.extend([DEFENDER_TO_MOVE, TO_PLACE[1], TO_PLACE[2], TO_PLACE[3]]);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
