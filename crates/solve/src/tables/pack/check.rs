//! Checking a pack on its own, as Syzygy's `rtbver` checks its tables:
//! positions of each tier with the side to move it stores, each stored
//! bit re-derived from its successors' values (each from its own bit, or
//! one ply further down), through the pack alone.
//!
//! The positions come in runs of about `RUN`: from a random attacker
//! set, the sets that follow it in rank, each with its defenders on every
//! pair of free points. A lone position of a large tier reads some twenty
//! blocks, each decoded (milliseconds) for it alone; the positions of a
//! run read mostly the same blocks (tier 17: ten thousand blocks for the
//! first four thousand positions, then one for every two or three), so a
//! million positions take minutes, not days.

/// Positions a run holds, about (see the module's docs).
const RUN: usize = 100_000;

use asalto_core::dense::Rng;
use asalto_core::{Position, Rules, Side};

use super::super::draw::{position_of, random_placed, random_rows};
use super::from_moves;
use super::{Answer, Pack, PackError, PackFiles};
use crate::Value;

/// What a check of one tier found: positions checked, and of them won by
/// the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TierChecked {
    /// The attackers on the board.
    pub attackers: u32,
    /// The side to move of the positions checked: the one the tier stores.
    pub side: Side,
    /// Positions checked.
    pub positions: u64,
    /// Of them, won by the side to move.
    pub won: u64,
}

impl PackFiles {
    /// Checks `samples` positions of each of the pack's tiers in
    /// `attackers` (whole rows of random attacker sets), with the side to
    /// move the tier stores: the bit the pack holds must be the value its
    /// successors give, each successor's from its own bit or its own
    /// successors'. Each tier draws its rows from `seed` and its attacker
    /// count alone; the blocks read are kept within `memory` bytes.
    ///
    /// # Errors
    ///
    /// A bit that does not follow (the position named), or the pack
    /// cannot be read.
    pub fn check(
        &mut self,
        attackers: std::ops::RangeInclusive<u32>,
        samples: u64,
        seed: u64,
        memory: usize,
        progress: &mut dyn FnMut(&TierChecked),
    ) -> Result<Vec<TierChecked>, PackError> {
        self.pack_mut().set_budget(memory);
        let rules: Rules = self
            .pack()
            .rules()
            .parse()
            .map_err(|e| PackError::Rules(format!("{e}")))?;
        let tiers = self.pack().attackers();
        let mut out = Vec::new();
        for a in tiers.filter(|a| attackers.contains(a)) {
            let mut rng = Rng::new(seed ^ u64::from(a) << 32);
            let turn = self.pack().stored(a).unwrap_or(Side::Attacker);
            let mut done = TierChecked {
                attackers: a,
                side: turn,
                positions: 0,
                won: 0,
            };
            let mut row = Vec::new().into_iter();
            // Rows of sets in a run: the blocks their successors read are
            // decoded for all of them.
            while done.positions < samples {
                let Some((text, pos)) = row.next() else {
                    row = self
                        .pack()
                        .random_rows(&rules, a, turn, &mut rng)
                        .into_iter();
                    continue;
                };
                let stored = self.value(&pos)?;
                let derived = self.resolve(|p| p.derived(&pos))?;
                if stored != Some(derived) {
                    return Err(PackError::Corrupt(format!(
                        "the side to move {} here, its moves say it {}: {text}",
                        if stored == Some(Value::Win) {
                            "wins"
                        } else {
                            "loses"
                        },
                        if derived == Value::Win {
                            "wins"
                        } else {
                            "loses"
                        },
                    )));
                }
                done.positions += 1;
                done.won += u64::from(derived == Value::Win);
            }
            progress(&done);
            out.push(done);
        }
        Ok(out)
    }
}

impl Pack {
    /// A random position in play of `attackers` attackers under `rules`
    /// (the pack's) with `turn` to move, and its text, if the draw makes
    /// one.
    pub fn random(
        &self,
        rules: &Rules,
        attackers: u32,
        turn: Side,
        rng: &mut Rng,
    ) -> Option<(String, Position)> {
        let g = &self.geometry;
        let placed = random_placed(g, attackers, rng);
        let (text, pos) = position_of(g, (rules, self.rules()), placed, turn).ok()?;
        let playing = placed.0 & g.fortress != g.fortress && pos.outcome().is_none();
        playing.then_some((text, pos))
    }

    /// The positions in play of a random run of rows of `attackers`
    /// attackers under `rules` (the pack's) with `turn` to move (about
    /// `RUN` positions), and their texts.
    pub fn random_rows(
        &self,
        rules: &Rules,
        attackers: u32,
        turn: Side,
        rng: &mut Rng,
    ) -> Vec<(String, Position)> {
        let g = &self.geometry;
        random_rows(g, attackers, RUN, rng)
            .into_iter()
            .filter(|&(set, _, _)| set & g.fortress != g.fortress)
            .filter_map(|placed| position_of(g, (rules, self.rules()), placed, turn).ok())
            .filter(|(_, pos)| pos.outcome().is_none())
            .collect()
    }

    /// The value of `pos` from its moves' values.
    fn derived(&self, pos: &Position) -> Result<Answer<Value>, PackError> {
        Ok(match self.by_moves(pos, false)? {
            Answer::Known(moves) => Answer::Known(from_moves(&moves).ok_or_else(|| {
                PackError::Corrupt("a position whose moves leave the pack".into())
            })?),
            Answer::Need(n) => Answer::Need(n),
        })
    }
}
