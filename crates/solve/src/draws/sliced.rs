//! Win, draw or loss for every position of a rule set whose positions
//! repeat, found slice by slice instead of over the whole graph at once.
//!
//! Under `march=not-away` an attacker steps forward or sideways and never
//! away; the points it can step between both ways (a circle: the fortress
//! columns of a row) share a march potential, so a step within a circle
//! keeps the attackers' profile and every other step lowers its key
//! ([`Geometry::repeating`], [`Slicing`]). A capture lowers the attackers'
//! count and a huff the defenders'. So the positions of `a` attackers and
//! `d` defenders on a profile (a *slice*) lead only to positions of lower
//! slices, already valued, or of their own slice: the slices are taken
//! tier by tier upwards, by key, each profile with one defender before
//! two, and each slice's own moves are analysed backwards as
//! [`Reachable`](super::Reachable) does the whole graph: its positions
//! won by a move out of the slice, or decided by their moves out of it
//! alone, first; then, backwards along the moves within the slice, a
//! position with a successor lost for its mover won, one whose successors
//! are all won for theirs lost. What is neither at the end is a draw.
//!
//! A position's moves are worked out on sets of points (`moves.rs`), and
//! what the positions of one attacker set share (where the sets its steps
//! lead to are kept) once for all of them. Every solved slice is held in
//! memory, two bits a position, and the slice being solved a byte a
//! position with its moves within itself: the reference a build on disk
//! is to be held against, and the measure of what one costs.

use std::path::Path;
use std::time::Instant;

use asalto_core::{Capture, Defenders, Outcome, Position, Rules, Side};

use super::Wdl;
use crate::tables::TablesError;
use crate::tables::geometry::{Geometry, bits};
use crate::tables::index::{binomial, next_set, rank};
use crate::tables::profile::{ByProfile, Layout, Profile, Slicing};
pub use check::DrawsChecked;
use moves::{Moves, Next};
use store::{Store, Values};

/// A slice: attackers, defenders, profile.
type SliceId = (u32, u32, Profile);

/// The slices a slice's moves lead to, found once a slice.
type Reach = ByProfile<[Option<Values>; 3]>;

/// Profiles' layouts and counts of sets, worked out once a slice.
type Layouts = ByProfile<(Layout, u64)>;

/// A position's value as a slice keeps it while it is being solved.
const OPEN: u8 = 0;
/// Undecided, but a move out of the slice draws: it cannot be lost.
const AT_LEAST_DRAWN: u8 = 4;

fn code(value: Wdl) -> u8 {
    match value {
        Wdl::Win => 1,
        Wdl::Draw => 2,
        Wdl::Loss => 3,
    }
}

/// The value at `index` of a slice's values, two bits each.
fn value_at(values: &[u8], index: u64) -> Wdl {
    wdl(values[(index / 4) as usize] >> (2 * (index % 4)) & 3)
}

fn wdl(code: u8) -> Wdl {
    match code {
        1 => Wdl::Win,
        3 => Wdl::Loss,
        _ => Wdl::Draw,
    }
}

/// What solving one slice found.
#[derive(Debug, Clone, PartialEq)]
pub struct SliceSolved {
    /// The attackers on the board.
    pub attackers: u32,
    /// The defenders on the board.
    pub defenders: u32,
    /// The profile, a digit a class from the lowest potential.
    pub profile: String,
    /// Positions in the slice, both sides to move.
    pub positions: u64,
    /// Moves that stay in the slice.
    pub moves_within: u64,
    /// Of the positions: won, drawn and lost for the side to move.
    pub counts: [u64; 3],
    /// Seconds the slice took.
    pub seconds: f64,
    /// Its values two bits each (the defender's moves, then the
    /// attacker's), deflated: bytes.
    pub deflated: u64,
}

/// The values of every position of a rule set's tiers, slice by slice.
#[derive(Debug)]
pub struct Sliced {
    geometry: Geometry,
    moves: Moves,
    slicing: Slicing,
    /// The solved slices' values, two bits a position ([`code`]): the
    /// defender to move first, then the attacker, each attacker set's
    /// defender placements in a row.
    store: Store,
    /// The fewest and the most officers a slice holds.
    fewest: u32,
    most: u32,
}

impl Sliced {
    /// Values every position with at most `top` attackers (from the
    /// fewest that still play, `defender-wins-below`) and one or more of
    /// the rules' defenders after they are placed; tells `progress` after
    /// each slice, and stops where it answers `false` (the slices after
    /// it not valued).
    ///
    /// # Errors
    ///
    /// A board the slices cannot hold (more than 64 points, not its own
    /// mirror image, more than 16 potentials), more than 3 defenders, or
    /// `march=any`-like rules where attackers step back (one circle holds
    /// a whole board's rows).
    pub fn build(
        rules: &Rules,
        top: u32,
        progress: &mut dyn FnMut(&SliceSolved) -> bool,
    ) -> Result<Sliced, TablesError> {
        Sliced::build_in(rules, top, Store::memory(), progress)
    }

    /// [`Sliced::build`] with each slice in a file under `dir` (a folder
    /// of its own for the rules), at most `budget` bytes of them in
    /// memory: the slices whose files are there already are not solved
    /// again, so a stopped build goes on where it stopped.
    ///
    /// # Errors
    ///
    /// As [`Sliced::build`]; a file that cannot be written or read, is
    /// damaged or holds other rules.
    pub fn build_on_disk(
        rules: &Rules,
        top: u32,
        (dir, budget): (&Path, u64),
        progress: &mut dyn FnMut(&SliceSolved) -> bool,
    ) -> Result<Sliced, TablesError> {
        let store = Store::on_disk(dir, &rules.to_string(), budget);
        Sliced::build_in(rules, top, store, progress)
    }

    /// The slices built under `dir` for `rules` (as
    /// [`Sliced::build_on_disk`] keeps them), at most `budget` bytes of them
    /// in memory, to be asked or checked; none is solved here.
    ///
    /// # Errors
    ///
    /// As [`Sliced::build`].
    pub fn open(rules: &Rules, (dir, budget): (&Path, u64)) -> Result<Sliced, TablesError> {
        let store = Store::on_disk(dir, &rules.to_string(), budget);
        Sliced::new(rules, store)
    }

    /// No slice solved yet.
    fn new(rules: &Rules, store: Store) -> Result<Sliced, TablesError> {
        let geometry = Geometry::repeating(rules)?;
        let slicing = Slicing::new(&geometry)?;
        let most = match rules.defenders {
            Defenders::Fixed(points) => points.len() as u32,
            Defenders::Free => u32::from(rules.free_defender_count()),
        };
        if most > 3 {
            return Err(TablesError::Asked(format!(
                "the sliced solver takes at most 3 defenders ({most} here)"
            )));
        }
        // Captures never remove a defender; a huff does.
        let fewest = if rules.capture == Capture::Huff {
            1
        } else {
            most
        };
        Ok(Sliced {
            moves: Moves::new(rules).map_err(TablesError::Asked)?,
            geometry,
            slicing,
            store,
            fewest,
            most,
        })
    }

    fn build_in(
        rules: &Rules,
        top: u32,
        store: Store,
        progress: &mut dyn FnMut(&SliceSolved) -> bool,
    ) -> Result<Sliced, TablesError> {
        let mut sliced = Sliced::new(rules, store)?;
        let (fewest, most) = (sliced.fewest, sliced.most);
        let lowest = u32::from(rules.threshold()).max(1);
        let top = top.min(sliced.geometry.len().saturating_sub(most));
        for a in lowest..=top {
            for profile in sliced.slicing.profiles(a) {
                for d in fewest..=most {
                    let id = (a, d, profile);
                    if sliced.store.has(id, &sliced.slicing.name(profile)) {
                        continue;
                    }
                    let solved = sliced.solve(id)?;
                    if !progress(&solved) {
                        return Ok(sliced);
                    }
                }
            }
        }
        Ok(sliced)
    }

    /// The value of `pos` for its side to move: a finished game's, or one
    /// in the tiers built (its attackers no more than the top). While the
    /// defender places its pieces, the best of its placements (a few
    /// dozen lines to the tables). `None` where a slice it needs is not
    /// built or cannot be read.
    pub fn value(&self, pos: &Position) -> Option<Wdl> {
        self.lookup(pos).ok().flatten()
    }

    /// [`Sliced::value`], saying why a slice could not be read.
    fn lookup(&self, pos: &Position) -> Result<Option<Wdl>, TablesError> {
        if let Some(outcome) = pos.outcome() {
            return Ok(Some(ended(outcome, pos.turn())));
        }
        if pos.to_place() > 0 {
            let mut best = None;
            for m in pos.legal_moves() {
                let mut next = *pos;
                next.play_unchecked(&m);
                let Some(value) = self.lookup(&next)? else {
                    return Ok(None);
                };
                let mine = value.for_mover(next.turn() == pos.turn());
                best = Some(match (best, mine) {
                    (_, Wdl::Win) | (Some(Wdl::Win), _) => Wdl::Win,
                    (_, Wdl::Draw) | (Some(Wdl::Draw), _) => Wdl::Draw,
                    _ => Wdl::Loss,
                });
            }
            return Ok(best);
        }
        let g = &self.geometry;
        let placed = (g.set(pos.attackers()), g.set(pos.defenders()));
        let (id, index) = self.place(placed, pos.turn(), &mut Layouts::default());
        Ok(self.solved(id)?.map(|values| value_at(&values, index)))
    }

    /// The values of the slice `id`, if it is solved, two bits each.
    ///
    /// # Errors
    ///
    /// Its file cannot be read, is damaged or holds other rules.
    fn solved(&self, id: SliceId) -> Result<Option<Values>, TablesError> {
        let (a, d, profile) = id;
        let positions = 2 * self.slicing.sets(profile) * binomial(self.geometry.len() - a, d);
        self.store.get(id, (&self.slicing.name(profile), positions))
    }

    /// Where the position of the attackers `set`, the `defenders` and
    /// `turn` to move is kept: its slice and its index there.
    fn place(
        &self,
        (set, defenders): (u64, u64),
        turn: Side,
        layouts: &mut Layouts,
    ) -> (SliceId, u64) {
        self.place_set(set, layouts)
            .at(&self.geometry, defenders, turn)
    }

    /// Where the attacker set `set` is kept. `layouts` keeps each
    /// profile's layout and count of sets once worked out.
    fn place_set(&self, set: u64, layouts: &mut Layouts) -> SetPlace {
        let codes = self.slicing.codes(set);
        let profile = self.slicing.profile_of(&codes);
        let (layout, sets) = layouts.entry(profile).or_insert_with(|| {
            let layout = self.slicing.layout(profile);
            let sets = layout.sets();
            (layout, sets)
        });
        let (index, mirrored) = self.slicing.index(codes, layout);
        SetPlace {
            set,
            profile,
            index,
            mirrored,
            sets: *sets,
        }
    }

    /// Solves one slice, every slice it leads to being solved.
    fn solve(&mut self, id: SliceId) -> Result<SliceSolved, TablesError> {
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
        let mut open = vec![0u32; total_usize];
        // The moves within the slice, as (successor, position).
        let mut within: Vec<(u32, u32)> = Vec::new();
        let mut scratch = (Vec::new(), Reach::default());
        let mut layouts = Layouts::default();
        for s in 0..sets {
            let set = self.slicing.decode(profile, &layout, s);
            let free = g.all() & !set;
            let here = self.set_moves(set, &mut layouts);
            for (side, turn) in [Side::Defender, Side::Attacker].into_iter().enumerate() {
                let mut pick = (d > 0).then(|| (1u64 << d) - 1);
                let mut r = 0;
                while let Some(chosen) = pick {
                    let at = ((side as u64 * sets + s) * stride + r) as usize;
                    let (value, within_moves) = self.first_look(
                        (&here, deposit(chosen, free), turn),
                        (&mut scratch, &mut layouts),
                        id,
                        at as u32,
                        &mut within,
                    )?;
                    values[at] = value;
                    open[at] = within_moves;
                    r += 1;
                    pick = next_set(chosen, g.len() - a);
                }
            }
        }
        let moves_within = within.len() as u64;
        if u32::try_from(moves_within).is_err() {
            return Err(TablesError::Asked(format!(
                "a slice with {moves_within} moves within it is too large to solve in memory"
            )));
        }
        // Backwards along the moves within the slice: each position's
        // predecessors in a row (`first[i]..first[i + 1]` of `from`).
        let mut first = vec![0u32; total_usize + 1];
        for &(s, _) in &within {
            first[s as usize + 1] += 1;
        }
        for i in 0..total_usize {
            first[i + 1] += first[i];
        }
        let mut from = vec![0u32; within.len()];
        let mut next = first.clone();
        for &(s, p) in &within {
            from[next[s as usize] as usize] = p;
            next[s as usize] += 1;
        }
        drop((within, next));
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
    /// its moves within the slice added to `within` and their count.
    fn first_look(
        &self,
        (here, defenders, turn): (&SetMoves, u64, Side),
        ((moves, reach), layouts): (&mut (Vec<Next>, Reach), &mut Layouts),
        id: SliceId,
        at: u32,
        within: &mut Vec<(u32, u32)>,
    ) -> Result<(u8, u32), TablesError> {
        let g = &self.geometry;
        if here.filled {
            let won = turn == Side::Attacker;
            return Ok((code(if won { Wdl::Win } else { Wdl::Loss }), 0));
        }
        let (mut drawn, mut kept) = (false, 0u32);
        // Whether a move wins for the mover; one that draws is noted in
        // `drawn`, one that stays in the slice kept in `within`.
        let mut look = |child: Child| -> Result<bool, TablesError> {
            let (cid, index) = match child {
                Child::Won => return Ok(true),
                Child::Lost => return Ok(false),
                Child::At(placed) => placed,
            };
            if cid == id {
                within.push((index as u32, at));
                kept += 1;
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
            // Undo what this position added: it is won.
            within.truncate(within.len() - kept as usize);
            return Ok((1, 0));
        }
        Ok(match (kept, drawn) {
            (0, true) => (2, 0),
            (0, false) => (3, 0),
            (_, true) => (AT_LEAST_DRAWN, kept),
            (_, false) => (OPEN, kept),
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

/// The door for the fuzzer (`crates/fuzz`), not part of the crate's API:
/// `bytes` read as a slice's file; one that reads writes back to a file
/// that reads to the same values.
///
/// # Panics
///
/// Where a file read writes back to other values.
#[doc(hidden)]
pub fn fuzz_file(bytes: &[u8]) {
    store::fuzz(bytes);
}

/// A slice's file, for the fuzzer's corpus.
#[doc(hidden)]
pub fn fuzz_file_seed() -> Vec<u8> {
    store::fuzz_seed()
}

/// Where an attacker set is kept: its profile, its index in the slice,
/// whether that is its mirror image's place, and the slice's sets.
#[derive(Debug, Clone, Copy)]
struct SetPlace {
    set: u64,
    profile: Profile,
    index: u64,
    mirrored: bool,
    sets: u64,
}

impl SetPlace {
    /// The slice and index of the position of this set, `defenders` and
    /// `turn` to move. A set kept as its mirror image has its defenders
    /// mirrored too.
    #[inline]
    fn at(&self, g: &Geometry, mut defenders: u64, turn: Side) -> (SliceId, u64) {
        let kept = if self.mirrored {
            defenders = g.mirror_set(defenders);
            g.mirror_set(self.set)
        } else {
            self.set
        };
        let (a, d) = (self.set.count_ones(), defenders.count_ones());
        let stride = binomial(g.len() - a, d);
        let side = u64::from(turn == Side::Attacker);
        let free = g.all() & !kept;
        let at = (side * self.sets + self.index) * stride + rank(extract(defenders, free));
        ((a, d, self.profile), at)
    }
}

/// A finished game's value for `turn`, the side to move.
fn ended(outcome: Outcome, turn: Side) -> Wdl {
    match outcome.winner() {
        Some(w) if w == turn => Wdl::Win,
        Some(_) => Wdl::Loss,
        None => Wdl::Draw,
    }
}

/// The points of `from` picked by the bits of `pick`: its `i`th bit picks
/// `from`'s `i`th point (lowest first).
fn deposit(pick: u64, from: u64) -> u64 {
    bits(from)
        .enumerate()
        .filter(|&(i, _)| pick >> i & 1 == 1)
        .fold(0, |m, (_, p)| m | 1 << p)
}

/// The inverse of [`deposit`]: which of `from`'s points `set` (a subset)
/// holds, as bits by their order in `from`.
fn extract(set: u64, from: u64) -> u64 {
    bits(set).fold(0, |m, p| m | 1 << (from & ((1 << p) - 1)).count_ones())
}

mod check;
mod moves;
mod store;
#[cfg(test)]
mod tests;
