//! Checking built slices with draws as `tables check` checks the one-bit
//! tables (and Syzygy's `rtbver` its own): random positions of each tier,
//! each value re-derived from its successors' by the rules engine's moves.
//! A position is won where a move leads to one lost for its mover, lost
//! where every move leads to one won, and drawn where no move wins and one
//! draws. (Draws that should be wins would pass it where they sit in a
//! circle of draws; what it catches is a damaged or miscomputed slice.)

use std::ops::RangeInclusive;

use asalto_core::dense::Rng;
use asalto_core::{Position, Rules, Setup, Side};

use super::{Sliced, Wdl, code};
use crate::tables::TablesError;
use crate::tables::geometry::bits;

/// What a check of one tier found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawsChecked {
    /// The attackers on the board.
    pub attackers: u32,
    /// Positions checked (either side to move, one officer or more).
    pub positions: u64,
    /// Of them: won, drawn and lost for the side to move.
    pub counts: [u64; 3],
}

impl Sliced {
    /// Checks `samples` random positions in play of each tier in
    /// `attackers` (each tier's drawn from `seed` and its attacker count
    /// alone) of `rules`, the rules these slices were built for; tells
    /// `progress` after each tier.
    ///
    /// # Errors
    ///
    /// [`TablesError::Wrong`] naming a position whose value its moves do
    /// not give; [`TablesError::Missing`] where a slice is not built; a
    /// slice that cannot be read.
    pub fn check(
        &self,
        rules: &Rules,
        attackers: RangeInclusive<u32>,
        (samples, seed): (u64, u64),
        progress: &mut dyn FnMut(&DrawsChecked),
    ) -> Result<Vec<DrawsChecked>, TablesError> {
        let g = &self.geometry;
        let (fewest, most) = (self.fewest, self.most);
        let mut out = Vec::new();
        for a in attackers {
            let mut rng = Rng::new(seed ^ u64::from(a) << 32);
            let mut done = DrawsChecked {
                attackers: a,
                positions: 0,
                counts: [0; 3],
            };
            while done.positions < samples {
                let mut set = 0u64;
                while set.count_ones() < a {
                    set |= 1 << rng.below(g.len() as usize);
                }
                let free: Vec<u32> = bits(g.all() & !set).collect();
                let d = fewest + rng.below((most - fewest + 1) as usize) as u32;
                let mut defenders = 0u64;
                while defenders.count_ones() < d {
                    defenders |= 1 << free[rng.below(free.len())];
                }
                let turn = [Side::Attacker, Side::Defender][rng.below(2)];
                let setup = Setup {
                    rules: *rules,
                    attackers: g.points_of(set),
                    defenders: g.points_of(defenders),
                    turn,
                    to_place: 0,
                };
                let text = format!(
                    "{rules};attackers={};defenders={};first={}",
                    setup.attackers,
                    setup.defenders,
                    turn.name()
                );
                let pos = Position::from_setup(&setup)
                    .map_err(|e| TablesError::Asked(format!("{text}: {e}")))?;
                if pos.outcome().is_some() {
                    continue;
                }
                let value = |p: &Position| {
                    self.lookup(p)?.ok_or_else(|| {
                        TablesError::Missing(format!(
                            "a slice of {text} or of a move from it is not built"
                        ))
                    })
                };
                let stored = value(&pos)?;
                let mut derived = Wdl::Loss;
                for m in pos.legal_moves() {
                    let next = pos
                        .play(&m)
                        .map_err(|e| TablesError::Asked(e.to_string()))?;
                    match value(&next)?.for_mover(false) {
                        Wdl::Win => derived = Wdl::Win,
                        Wdl::Draw if derived == Wdl::Loss => derived = Wdl::Draw,
                        _ => {}
                    }
                }
                if stored != derived {
                    return Err(TablesError::Wrong(format!(
                        "the slices say {stored} for the side to move, its moves say {derived}: {text}"
                    )));
                }
                done.positions += 1;
                done.counts[usize::from(code(stored) - 1)] += 1;
            }
            progress(&done);
            out.push(done);
        }
        Ok(out)
    }
}
