//! Asking the tables: a position's value (from a whole tier in memory or
//! a slice read as it is asked for), checking entries against the rules
//! engine, and labelled samples.

use std::ops::RangeInclusive;

use asalto_core::dense::Rng;
use asalto_core::{Position, Setup, Side};

use super::geometry::bits;
use super::index::{self, binomial, pair, pair_of, rank};
use super::{Tables, sliced};
use crate::Value;

/// What a check found.
#[derive(Debug, Clone, Default)]
pub struct Checked {
    /// Per tier: attackers, positions checked, of them won by the side to
    /// move.
    pub tiers: Vec<(u32, u64, u64)>,
}

impl Tables {
    /// The first slice that could not be read, if one could not: positions
    /// that need it are answered `None`.
    pub fn damage(&self) -> Option<String> {
        self.damage.lock().expect("damage").clone()
    }

    /// The value of `pos` for its side to move, if the tables hold it (a
    /// position of their rules, defenders placed, two of them, a game not
    /// yet finished) and can read it (see [`Tables::damage`]).
    pub fn value(&self, pos: &Position) -> Option<Value> {
        let a = pos.attackers().len() as u32;
        if pos.to_place() != 0 || pos.defenders().len() != 2 || !self.attackers().contains(&a) {
            return None;
        }
        let set = self.geometry.set(pos.attackers());
        if set & self.geometry.fortress == self.geometry.fortress {
            return None;
        }
        let mut defenders = bits(self.geometry.set(pos.defenders()));
        let (x, y) = (defenders.next()?, defenders.next()?);
        match self.wins(pos.turn(), set, x, y) {
            Ok(true) => Some(Value::Win),
            Ok(false) => Some(Value::Loss),
            Err(e) => {
                self.damage.lock().expect("damage").get_or_insert(e);
                None
            }
        }
    }

    /// Whether `turn` wins to move with the attackers `set` (a tier's) and
    /// the defenders on `x` and `y`: the defender's bit, or one ply above
    /// the defender's bits for the attacker.
    fn wins(&self, turn: Side, set: u64, x: u32, y: u32) -> Result<bool, String> {
        let geometry = &self.geometry;
        if set & geometry.fortress == geometry.fortress {
            return Ok(turn == Side::Attacker);
        }
        if turn == Side::Defender {
            return self.defender_wins(set, x, y);
        }
        let empty = geometry.all() & !set & !(1 << x) & !(1 << y);
        for p in bits(set) {
            for q in bits(geometry.steps[p as usize] & empty) {
                let next = set ^ (1 << p) ^ (1 << q);
                if next & geometry.fortress == geometry.fortress
                    || !self.defender_wins(next, x, y)?
                {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// The defender's bit: whether the defender to move wins against
    /// `set` from `x` and `y`.
    fn defender_wins(&self, set: u64, x: u32, y: u32) -> Result<bool, String> {
        let geometry = &self.geometry;
        let i = (set.count_ones() - self.play.threshold) as usize;
        if let Some(tier) = self.tiers.get(i) {
            return Ok(tier.get(rank(set), pair_of(geometry.all() & !set, x, y)));
        }
        let (store, _) = self.sliced.as_ref().ok_or("no such tier")?;
        let slice = store.get(store.slicing.profile(set))?;
        store.trim();
        Ok(
            sliced::Located::new(geometry, &store.slicing, set, slice)
                .defender_wins(geometry, x, y),
        )
    }

    /// Checks `samples` random positions of each tier in `attackers`
    /// against the rules engine: each value must follow from its
    /// successors' (a finished game's, or the tables').
    ///
    /// # Errors
    ///
    /// The first position whose value does not follow, as a rule set.
    pub fn check(
        &self,
        attackers: RangeInclusive<u32>,
        samples: u64,
        seed: u64,
    ) -> Result<Checked, String> {
        let mut rng = Rng::new(seed);
        let mut checked = Checked::default();
        for attackers in self.attackers().filter(|a| attackers.contains(a)) {
            let mut wins = 0;
            for _ in 0..samples {
                let (text, pos, (set, x, y)) = self.random_position(attackers, &mut rng)?;
                let turn = pos.turn();
                let stored = self.wins(turn, set, x, y)?;
                let derived = match pos.outcome() {
                    Some(outcome) => outcome.winner() == Some(turn),
                    None => {
                        let mut won = false;
                        for m in pos.legal_moves() {
                            let mut next = pos;
                            next.play_unchecked(&m);
                            let lost = match next.outcome() {
                                Some(outcome) => outcome.winner() != Some(next.turn()),
                                None => {
                                    self.value(&next).ok_or_else(|| {
                                        self.damage().unwrap_or(format!(
                                            "{text}: a successor lies outside the tables"
                                        ))
                                    })? == Value::Loss
                                }
                            };
                            won |= lost;
                        }
                        won
                    }
                };
                if derived != stored {
                    return Err(format!(
                        "{text}: the table says the {} {}, its successors say otherwise",
                        turn.name(),
                        if stored { "wins" } else { "loses" }
                    ));
                }
                wins += u64::from(stored);
            }
            checked.tiers.push((attackers, samples, wins));
        }
        Ok(checked)
    }

    /// `count` random positions in play of each tier from `attackers`,
    /// both sides to move, as rule sets with whether the side to move
    /// wins (labelled data for an evaluation to learn from).
    ///
    /// # Errors
    ///
    /// A position the rules engine refuses (tables of a broken build).
    pub fn sample(
        &self,
        attackers: RangeInclusive<u32>,
        count: u64,
        seed: u64,
    ) -> Result<Vec<(String, bool)>, String> {
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        for a in self.attackers().filter(|a| attackers.contains(a)) {
            let mut kept = 0;
            while kept < count {
                let (text, pos, _) = self.random_position(a, &mut rng)?;
                if let Some(value) = self.value(&pos).filter(|_| pos.outcome().is_none()) {
                    out.push((text, value == Value::Win));
                    kept += 1;
                } else if let Some(damage) = self.damage() {
                    return Err(damage);
                }
            }
        }
        Ok(out)
    }

    /// A random position of `attackers` attackers (fortress full or not),
    /// either side to move, as a rule set, as a position and as the tables
    /// see it (the attacker set and the defenders' points).
    fn random_position(
        &self,
        attackers: u32,
        rng: &mut Rng,
    ) -> Result<(String, Position, Placed), String> {
        let n = self.geometry.len();
        let set = unrank(attackers, rng.below(binomial(n, attackers) as usize) as u64);
        let free = self.geometry.all() & !set;
        let k = rng.below(index::pairs(free.count_ones()));
        let (x, y) = unpair(free, k);
        let turn = if rng.below(2) == 0 {
            Side::Attacker
        } else {
            Side::Defender
        };
        let setup = Setup {
            rules: self.rules,
            attackers: self.geometry.points_of(set),
            defenders: self.geometry.points_of(1 << x | 1 << y),
            turn,
            to_place: 0,
        };
        let text = format!(
            "{};attackers={};defenders={};first={}",
            self.key,
            setup.attackers,
            setup.defenders,
            turn.name()
        );
        let pos = Position::from_setup(&setup).map_err(|e| format!("{text}: {e}"))?;
        Ok((text, pos, (set, x, y)))
    }
}

/// A position as the tables see it: the attacker set and the defenders'
/// points.
type Placed = (u64, u32, u32);

/// The set of `size` points of rank `r`.
fn unrank(size: u32, mut r: u64) -> u64 {
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
    use index::next_set;

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
