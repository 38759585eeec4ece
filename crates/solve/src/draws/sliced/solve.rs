//! Solving one slice: its positions' moves out of it valued first, then
//! its moves within it analysed backwards (see the parent module).

use std::time::Instant;

use asalto_core::Side;

use super::moves::{Moves, Next};
use super::{
    AT_LEAST_DRAWN, Layouts, OPEN, Reach, SetPlace, SliceId, SliceSolved, Sliced, Wdl, code,
    deposit, value_at,
};
use crate::tables::TablesError;
use crate::tables::geometry::bits;
use crate::tables::index::{binomial, next_set};
use crate::tables::profile::Layout;

impl Sliced {
    /// Solves one slice, every slice it leads to being solved.
    pub(super) fn solve(&self, id: SliceId) -> Result<SliceSolved, TablesError> {
        let started = Instant::now();
        let (a, d, profile) = id;
        let g = &self.geometry;
        let layout = self.slicing.layout(profile);
        let sets = layout.sets();
        let stride = binomial(g.len() - a, d);
        let total = 2 * sets * stride;
        let total_usize = u32::try_from(total).map_err(|_| {
            TablesError::Asked(format!(
                "a slice of {total} positions is too large to solve in memory"
            ))
        })? as usize;
        let mut values = vec![OPEN; total_usize];
        // Per position: its moves within the slice not yet known to be won
        // for their mover.
        let mut open = vec![0u32; total_usize];
        // The moves within the slice backwards, a position's predecessors
        // in a row: `from[first[i]..first[i + 1]]`. Counted in a first pass
        // over the slice, written in a second over the positions still
        // undecided (their moves found again), so that the moves are never
        // held twice.
        let mut first = vec![0u32; total_usize + 1];
        let mut moves_within = 0u64;
        self.each_position(
            id,
            &layout,
            &mut |at, value, within| {
                values[at] = value;
                open[at] = within.len() as u32;
                moves_within += within.len() as u64;
                for &s in within {
                    first[s as usize + 1] += 1;
                }
            },
            &|_| true,
        )?;
        if u32::try_from(moves_within).is_err() {
            return Err(TablesError::Asked(format!(
                "a slice with {moves_within} moves within it is too large to solve in memory"
            )));
        }
        for i in 0..total_usize {
            first[i + 1] += first[i];
        }
        let mut from = vec![0u32; moves_within as usize];
        // `first[s]` is where `s`'s next predecessor goes; afterwards each
        // holds the next one's start, shifted back below.
        self.each_position(
            id,
            &layout,
            &mut |at, _, within| {
                for &s in within {
                    from[first[s as usize] as usize] = at as u32;
                    first[s as usize] += 1;
                }
            },
            &|at| matches!(values[at], OPEN | AT_LEAST_DRAWN),
        )?;
        first.copy_within(0..total_usize, 1);
        first[0] = 0;
        let mut queue: Vec<u32> = (0..total_usize as u32)
            .filter(|&i| matches!(values[i as usize], 1 | 3))
            .collect();
        while let Some(c) = queue.pop() {
            let lost = values[c as usize] == 3;
            let (lo, hi) = (first[c as usize] as usize, first[c as usize + 1] as usize);
            for &p in &from[lo..hi] {
                let p = p as usize;
                if !matches!(values[p], OPEN | AT_LEAST_DRAWN) {
                    continue;
                }
                if lost {
                    values[p] = 1;
                    queue.push(p as u32);
                } else {
                    open[p] -= 1;
                    if open[p] == 0 {
                        if values[p] == AT_LEAST_DRAWN {
                            values[p] = 2;
                        } else {
                            values[p] = 3;
                            queue.push(p as u32);
                        }
                    }
                }
            }
        }
        let mut counts = [0u64; 3];
        for v in &mut values {
            if matches!(*v, OPEN | AT_LEAST_DRAWN) {
                *v = 2;
            }
            counts[usize::from(*v - 1)] += 1;
        }
        let seconds = started.elapsed().as_secs_f64();
        let packed: Vec<u8> = values
            .chunks(4)
            .map(|four| four.iter().rev().fold(0, |m, &v| m << 2 | (v & 3)))
            .collect();
        let deflated = self
            .store
            .put(id, (&self.slicing.name(profile), total), packed)?;
        Ok(SliceSolved {
            attackers: a,
            defenders: d,
            profile: self.slicing.name(profile),
            positions: total,
            moves_within,
            counts,
            seconds,
            deflated,
        })
    }

    /// Every position of the slice `id` (laid out by `layout`) that
    /// `wanted` asks for by its index, in order, with its value from its
    /// moves out of the slice and the positions its moves within it lead
    /// to (see [`Sliced::first_look`]), handed to `found`.
    fn each_position(
        &self,
        id: SliceId,
        layout: &Layout,
        found: &mut dyn FnMut(usize, u8, &[u32]),
        wanted: &dyn Fn(usize) -> bool,
    ) -> Result<(), TablesError> {
        let (a, d, profile) = id;
        let g = &self.geometry;
        let sets = layout.sets();
        let stride = binomial(g.len() - a, d);
        let mut scratch = (Vec::new(), Reach::default());
        let mut layouts = Layouts::default();
        let mut within = Vec::new();
        for s in 0..sets {
            // The set's positions: stride of each side to move.
            let ats = [s, sets + s].map(|row| (row * stride) as usize);
            if !ats.iter().any(|&at| (at..at + stride as usize).any(wanted)) {
                continue;
            }
            let set = self.slicing.decode(profile, layout, s);
            let free = g.all() & !set;
            let here = self.set_moves(set, &mut layouts);
            for (side, turn) in [Side::Defender, Side::Attacker].into_iter().enumerate() {
                let mut pick = (d > 0).then(|| (1u64 << d) - 1);
                let mut at = ats[side];
                while let Some(chosen) = pick {
                    if wanted(at) {
                        let value = self.first_look(
                            (&here, deposit(chosen, free), turn),
                            (&mut scratch, &mut layouts),
                            id,
                            &mut within,
                        )?;
                        found(at, value, &within);
                    }
                    at += 1;
                    pick = next_set(chosen, g.len() - a);
                }
            }
        }
        Ok(())
    }

    /// What every position of the attacker set `set` shares: where the
    /// set is kept (a defender's step keeps it), and each attacker step's
    /// point and where the set it leads to is kept (`None`: it fills the
    /// fortress).
    fn set_moves(&self, set: u64, layouts: &mut Layouts) -> SetMoves {
        let g = &self.geometry;
        let mut steps = Vec::new();
        for p in bits(set) {
            for q in bits(g.steps[p as usize] & !set) {
                let next = set ^ (1 << p) ^ (1 << q);
                let placed = (!Moves::filled(g, next)).then(|| self.place_set(next, layouts));
                steps.push((1 << q, placed));
            }
        }
        SetMoves {
            here: self.place_set(set, layouts),
            filled: Moves::filled(g, set),
            steps,
        }
    }

    /// The value of the position of `here`'s set, `defenders` and `turn`
    /// to move from its moves out of the slice `id` alone (won, drawn or
    /// lost when none stays in it), or [`OPEN`] / [`AT_LEAST_DRAWN`] with
    /// the positions its moves within the slice lead to in `within`.
    fn first_look(
        &self,
        (here, defenders, turn): (&SetMoves, u64, Side),
        ((moves, reach), layouts): (&mut (Vec<Next>, Reach), &mut Layouts),
        id: SliceId,
        within: &mut Vec<u32>,
    ) -> Result<u8, TablesError> {
        let g = &self.geometry;
        if here.filled {
            let won = turn == Side::Attacker;
            return Ok(code(if won { Wdl::Win } else { Wdl::Loss }));
        }
        within.clear();
        let mut drawn = false;
        // Whether a move wins for the mover; one that draws is noted in
        // `drawn`, one that stays in the slice kept in `within`.
        let mut look = |child: Child| -> Result<bool, TablesError> {
            let (cid, index) = match child {
                Child::Won => return Ok(true),
                Child::Lost => return Ok(false),
                Child::At(placed) => placed,
            };
            if cid == id {
                within.push(index as u32);
                return Ok(false);
            }
            let (_, d, profile) = cid;
            let known = &mut reach.entry(profile).or_default()[d as usize - 1];
            if known.is_none() {
                *known = Some(self.solved(cid)?.ok_or_else(|| {
                    TablesError::Asked(format!(
                        "a move leads to a slice not yet solved ({} attackers, {} defenders, profile {})",
                        cid.0,
                        cid.1,
                        self.slicing.name(cid.2)
                    ))
                })?);
            }
            let value = value_at(known.as_deref().expect("just found"), index);
            drawn |= value == Wdl::Draw;
            Ok(value == Wdl::Loss)
        };
        let mut won = false;
        match turn {
            Side::Attacker => {
                for &(q, placed) in &here.steps {
                    if defenders & q != 0 {
                        continue;
                    }
                    let child = match placed {
                        None => Child::Won,
                        Some(place) => Child::At(place.at(g, defenders, Side::Defender)),
                    };
                    if look(child)? {
                        won = true;
                        break;
                    }
                }
            }
            Side::Defender => {
                let set = here.here.set;
                self.moves.defender(g, (set, defenders), moves);
                for &next in moves.iter() {
                    let child = match next {
                        Next::Won => Child::Won,
                        Next::Lost => Child::Lost,
                        Next::At(s, d) if s == set => Child::At(here.here.at(g, d, Side::Attacker)),
                        Next::At(s, d) => Child::At(self.place((s, d), Side::Attacker, layouts)),
                    };
                    if look(child)? {
                        won = true;
                        break;
                    }
                }
            }
        }
        if won {
            within.clear();
            return Ok(1);
        }
        Ok(match (within.is_empty(), drawn) {
            (true, true) => 2,
            (true, false) => 3,
            (false, true) => AT_LEAST_DRAWN,
            (false, false) => OPEN,
        })
    }
}

/// What every position of one attacker set shares (see
/// [`Sliced::set_moves`]).
#[derive(Debug)]
struct SetMoves {
    here: SetPlace,
    filled: bool,
    steps: Vec<(u64, Option<SetPlace>)>,
}

/// Where a move leads, seen by the side that makes it, placed.
#[derive(Debug, Clone, Copy)]
enum Child {
    /// The game ends and the mover has won.
    Won,
    /// The game ends and the mover has lost.
    Lost,
    /// A position in play: its slice and index.
    At((SliceId, u64)),
}
