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
//! lead to are kept) once for all of them (`solve.rs`). The slice being
//! solved is held a byte a position with its moves within itself; solved
//! slices two bits a position, in memory or a file each (`store.rs`),
//! checked through the rules engine by `check.rs`.

use std::path::Path;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicUsize};

use asalto_core::{Capture, Defenders, Outcome, Position, Rules, Side};

use super::Wdl;
use crate::tables::TablesError;
use crate::tables::geometry::{Geometry, bits};
use crate::tables::index::{binomial, rank};
use crate::tables::profile::{ByProfile, Layout, Profile, Slicing};
pub use check::DrawsChecked;
use moves::Moves;
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
    /// it not valued; on several threads, a few more).
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
        Sliced::build_in(rules, top, (Store::memory(), 1), progress)
    }

    /// [`Sliced::build`] with each slice in a file under `dir` (a folder
    /// of its own for the rules), at most `budget` bytes of them in
    /// memory, on `threads` threads (the slices of one key at once): the
    /// slices whose files are there already are not solved again, so a
    /// stopped build goes on where it stopped.
    ///
    /// # Errors
    ///
    /// As [`Sliced::build`]; a file that cannot be written or read, is
    /// damaged or holds other rules.
    pub fn build_on_disk(
        rules: &Rules,
        top: u32,
        (dir, budget, threads): (&Path, u64, usize),
        progress: &mut dyn FnMut(&SliceSolved) -> bool,
    ) -> Result<Sliced, TablesError> {
        let store = Store::on_disk(dir, &rules.to_string(), budget);
        Sliced::build_in(rules, top, (store, threads), progress)
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

    /// Solves the tiers up to `top`, a key at a time: its profiles on
    /// `threads` threads, each profile's slices by officers, fewest first
    /// (a huff leads from one to the next). Slices of one key never read
    /// each other: an attacker's step out of a circle lowers the key, a
    /// capture the tier.
    fn build_in(
        rules: &Rules,
        top: u32,
        (store, threads): (Store, usize),
        progress: &mut dyn FnMut(&SliceSolved) -> bool,
    ) -> Result<Sliced, TablesError> {
        let sliced = Sliced::new(rules, store)?;
        let lowest = u32::from(rules.threshold()).max(1);
        let top = top.min(sliced.geometry.len().saturating_sub(sliced.most));
        for a in lowest..=top {
            let profiles = sliced.slicing.profiles(a);
            for key in profiles.chunk_by(|p, q| sliced.slicing.key(*p) == sliced.slicing.key(*q)) {
                if !sliced.solve_key(a, key, threads.max(1), progress)? {
                    return Ok(sliced);
                }
            }
        }
        Ok(sliced)
    }

    /// Solves the slices of `profiles` (of one key, `a` attackers) not yet
    /// solved, telling `progress` of each on this thread; `false` where it
    /// said to stop. On several threads a few more are solved and told
    /// after that: those under way, and one a thread may start before it
    /// sees the stop.
    fn solve_key(
        &self,
        a: u32,
        profiles: &[Profile],
        threads: usize,
        progress: &mut dyn FnMut(&SliceSolved) -> bool,
    ) -> Result<bool, TablesError> {
        if threads == 1 {
            for &profile in profiles {
                for d in self.fewest..=self.most {
                    let id = (a, d, profile);
                    if !self.store.has(id, &self.slicing.name(profile))
                        && !progress(&self.solve(id)?)
                    {
                        return Ok(false);
                    }
                }
            }
            return Ok(true);
        }
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let (send, found) = std::sync::mpsc::channel();
        std::thread::scope(|scope| {
            for _ in 0..threads.min(profiles.len()) {
                let send = send.clone();
                let (next, stop) = (&next, &stop);
                scope.spawn(move || {
                    while !stop.load(Relaxed) {
                        let Some(&profile) = profiles.get(next.fetch_add(1, Relaxed)) else {
                            break;
                        };
                        for d in self.fewest..=self.most {
                            if stop.load(Relaxed) {
                                return;
                            }
                            let id = (a, d, profile);
                            if self.store.has(id, &self.slicing.name(profile)) {
                                continue;
                            }
                            let solved = self.solve(id);
                            let failed = solved.is_err();
                            if send.send(solved).is_err() || failed {
                                stop.store(true, Relaxed);
                                return;
                            }
                        }
                    }
                });
            }
            drop(send);
            // Every slice solved is told, those finished after a stop too.
            let mut go_on = Ok(true);
            for solved in found {
                match solved {
                    Ok(solved) => {
                        if !progress(&solved) && go_on.is_ok() {
                            stop.store(true, Relaxed);
                            go_on = Ok(false);
                        }
                    }
                    Err(e) => {
                        stop.store(true, Relaxed);
                        if go_on.is_ok() {
                            go_on = Err(e);
                        }
                    }
                }
            }
            go_on
        })
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
mod solve;
mod store;
#[cfg(test)]
mod tests;
