//! Drawing positions of a tier: a random set of attackers and pair of
//! defenders, or a run of rows (a random attacker set and the sets after
//! it in rank, every pair of defenders), and the position of the rules
//! they make. The tables' check and samples and the pack's check draw
//! here.

use asalto_core::dense::Rng;
use asalto_core::{Position, Rules, Setup, Side};

use super::error::TablesError;
use super::geometry::{Geometry, bits};
use super::index::{self, binomial, pair};

/// A random set of `attackers` attackers and pair of defenders, every one
/// as likely.
pub(super) fn random_placed(geometry: &Geometry, attackers: u32, rng: &mut Rng) -> Placed {
    let n = geometry.len();
    let set = unrank(attackers, rng.below(binomial(n, attackers) as usize) as u64);
    let free = geometry.all() & !set;
    let k = rng.below(index::pairs(free.count_ones()));
    let (x, y) = unpair(free, k);
    (set, x, y)
}

/// A random set of `attackers` attackers and the sets that follow it in
/// rank, each with the defenders on every pair of its free points in turn
/// (rows of the tables), until about `positions` are placed.
pub(super) fn random_rows(
    geometry: &Geometry,
    attackers: u32,
    positions: usize,
    rng: &mut Rng,
) -> Vec<Placed> {
    let count = binomial(geometry.len(), attackers);
    let mut rank = rng.below(count as usize) as u64;
    let mut out = Vec::new();
    while out.len() < positions && rank < count {
        let set = unrank(attackers, rank);
        let free = geometry.all() & !set;
        out.extend((0..index::pairs(free.count_ones())).map(|k| {
            let (x, y) = unpair(free, k);
            (set, x, y)
        }));
        rank += 1;
    }
    out
}

/// The position `placed` with `turn` to move under `rules` (the tables'
/// rule set, written `key`), and its text.
///
/// # Errors
///
/// The pieces make no position of the rules.
pub(super) fn position_of(
    geometry: &Geometry,
    (rules, key): (&Rules, &str),
    (set, x, y): Placed,
    turn: Side,
) -> Result<(String, Position), TablesError> {
    let setup = Setup {
        rules: *rules,
        attackers: geometry.points_of(set),
        defenders: geometry.points_of(1 << x | 1 << y),
        turn,
        to_place: 0,
    };
    let text = format!(
        "{key};attackers={};defenders={};first={}",
        setup.attackers,
        setup.defenders,
        turn.name()
    );
    let pos =
        Position::from_setup(&setup).map_err(|e| TablesError::Asked(format!("{text}: {e}")))?;
    Ok((text, pos))
}

/// A position as the tables see it: the attacker set and the defenders'
/// points (and, asked of [`Answers`], the defender's bit with the
/// defender to move).
pub(super) type Placed = (u64, u32, u32);

/// The set of `size` points of rank `r`.
pub(super) fn unrank(size: u32, mut r: u64) -> u64 {
    let mut set = 0;
    for k in (1..=size).rev() {
        let mut p = k - 1;
        while binomial(p + 1, k) <= r {
            p += 1;
        }
        r -= binomial(p, k);
        set |= 1 << p;
    }
    set
}

/// The points of pair `k` among `free`'s.
fn unpair(free: u64, k: usize) -> (u32, u32) {
    let mut j = 1;
    while pair(0, j + 1) <= k {
        j += 1;
    }
    let i = (k - pair(0, j)) as u32;
    let points: Vec<u32> = bits(free).collect();
    (points[i as usize], points[j as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use index::{next_set, pair_of, rank};

    #[test]
    fn unrank_inverts_rank() {
        let mut set = 0b1111u64;
        for _ in 0..500 {
            assert_eq!(unrank(4, rank(set)), set);
            set = next_set(set, 33).expect("more sets");
        }
    }

    #[test]
    fn unpair_inverts_pair_of() {
        let free = 0b1101_1011u64;
        for k in 0..index::pairs(free.count_ones()) {
            let (x, y) = unpair(free, k);
            assert_eq!(pair_of(free, x, y), k);
        }
    }
}
