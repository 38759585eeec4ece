//! Filling one slice (one rank profile of a tier): each set's values from
//! its step successors (slices of the same tier done before it) and its
//! captures' (slices of lower tiers, whose attacker-to-move bits it
//! reads), through the [`Store`]'s cache. The order the slices are filled
//! in is `schedule.rs`'s. The rules are [`build`]'s, written again over
//! located sets instead of a tier's ranks; a test holds the two builds to
//! the same bits.

use std::collections::hash_map::Entry;
use std::sync::Arc;

use super::build::{Jump, Play, chains_until, pair_captures};
use super::error::TablesError;
use super::geometry::{Geometry, bits};
use super::index::{index_in, low, pair, unordered};
use super::located::{Located, Step};
use super::profile::{ByProfile, Layout, Profile};
use super::rows::attacker_rows;
use super::slices::{Slice, Store};

/// Per-thread room for one set's moves, and the slices this thread holds.
#[derive(Default)]
pub(crate) struct Scratch {
    steps: Vec<Step>,
    captures: Vec<Jump>,
    /// The captures of a lone defender on each free point, and the points
    /// they looked at (as far as [`Filler::capture_rows`] looked).
    lone: Vec<(u64, Vec<Jump>)>,
    /// Where the bits of each set left by a capture of this set are.
    after: Vec<(u64, Located)>,
    /// The slices captures lead to.
    slices: ByProfile<(Arc<Slice>, Layout)>,
    /// The slices steps lead to, by the classes of a step's two points:
    /// every set of a slice steps from one class to another into the same
    /// slice.
    stepped: Vec<Option<(Arc<Slice>, Layout)>>,
}

/// Fills slices from the store's.
pub(crate) struct Filler<'a> {
    /// The board.
    pub geometry: &'a Geometry,
    /// The rules.
    pub play: Play,
    /// The slices.
    pub store: &'a Store,
}

impl Filler<'_> {
    /// The bits of the slice of `profile`.
    ///
    /// # Errors
    ///
    /// A slice it needs cannot be read.
    pub fn slice(&self, profile: Profile) -> Result<Slice, TablesError> {
        let slicing = &self.store.slicing;
        let attackers = slicing.attackers(profile);
        let words = self.store.words(attackers);
        let layout = slicing.layout(profile);
        let mut bits = vec![0u64; layout.sets() as usize * words];
        let mut attacker = vec![0u64; layout.sets() as usize * words];
        let mut scratch = Scratch::default();
        for (index, (out, won)) in bits
            .chunks_mut(words)
            .zip(attacker.chunks_mut(words))
            .enumerate()
        {
            let set = slicing.decode(profile, &layout, index as u64);
            self.fill(set, (out, won), &mut scratch)?;
        }
        Ok(Slice::new(bits, attacker, self.store.pairs(attackers)))
    }

    /// Fills `out` with the defender-to-move bits of `set`, and `won`
    /// with its attacker-to-move bits.
    fn fill(
        &self,
        set: u64,
        (out, won_out): (&mut [u64], &mut [u64]),
        scratch: &mut Scratch,
    ) -> Result<(), TablesError> {
        let geometry = self.geometry;
        if set & geometry.fortress == geometry.fortress {
            return Ok(());
        }
        let free = geometry.all() & !set;
        let mut points = [0u32; 64];
        for (i, p) in bits(free).enumerate() {
            points[i] = p;
        }
        let f = free.count_ones();
        let mut steps = std::mem::take(&mut scratch.steps);
        self.steps(set, &mut steps, &mut scratch.stepped)?;
        // The attacker-to-move bits first: a defender's step leads to them.
        // `won[i]` bit `j`: the attacker to move wins with the defenders on
        // the `i`-th and `j`-th free points; `lost[j]` bit `i`: the defender
        // on the `i`-th, the other on the `j`-th, steps to such a loss.
        let won = attacker_rows(geometry, free, &steps);
        scratch.steps = steps;
        // Row `j` holds the pairs `(i, j)`, `i < j`: bits `pair(0, j)` on.
        for j in 1..f {
            put_bits(won_out, pair(0, j), won[j as usize] & low(j), j);
        }
        let won = symmetric(&won, f);
        // The defender on `i` steps to `q` beside the other on `j`: `lost[j]`
        // gathers the neighbours of every `q` that loses for the attacker.
        let mut near = [0u64; 64];
        for (n, &p) in near.iter_mut().zip(&points[..f as usize]) {
            *n = indices(free, geometry.neighbours[p as usize]);
        }
        let mut lost = [0u64; 64];
        for (j, l) in lost.iter_mut().enumerate().take(f as usize) {
            let others = low(f) & !(1 << j);
            *l = bits(!won[j] & others).fold(0, |m, q| m | near[q as usize]) & others;
        }
        // Emptied now, not when reused: a set kept holds its slice, which
        // the cache may want to let go.
        scratch.after.clear();
        let (taking, can_take) = self.capture_rows(set, (free, &points[..f as usize]), scratch)?;
        // Row by row: bit `i` of row `j` for the pair of the `i`-th and
        // `j`-th free points, each relation made symmetric.
        let by_step = symmetric(&lost, f);
        let by_taking = symmetric(&taking, f);
        let mut looked = [0u64; 64];
        for (l, (seen, _)) in looked.iter_mut().zip(&scratch.lone) {
            *l = indices(free, *seen);
        }
        // Pairs where a defender stands on a point the other's captures
        // looked at: their captures are not the lone ones.
        let shared = symmetric(&looked, f);
        for j in 1..f {
            let below = low(j);
            let mut wins = by_taking[j as usize] & below;
            let mut slow = below & !wins;
            if !self.play.most {
                let alone = slow & !shared[j as usize];
                slow &= shared[j as usize];
                // Each defender's captures are its lone ones: none wins.
                let takes = if can_take >> j & 1 == 1 {
                    below
                } else {
                    can_take
                };
                let forced = if self.play.forced { takes } else { 0 };
                wins |= alone & by_step[j as usize] & !forced;
            }
            for i in bits(slow) {
                let (x, y) = (points[i as usize], points[j as usize]);
                let step = by_step[j as usize] >> i & 1 == 1;
                if self.defender_wins(set, free, (x, y), step, scratch)? {
                    wins |= 1 << i;
                }
            }
            put_bits(out, pair(0, j), wins, j);
        }
        Ok(())
    }

    /// The captures of each lone defender (on `points`, the free points
    /// of `set`, which are `free`) as rows: bit `j` of row `i` is set where
    /// a capture of the defender on the `i`-th point wins with the other on
    /// the `j`-th (where a capture's path lands on none of the other's
    /// point, it is a capture in the pair too); and bit `i` of the mask,
    /// where it has a capture. The captures of a defender are looked for
    /// only until its row holds every other but those on points looked at
    /// so far (unless the rules keep the largest only): most rows fill at
    /// the first capture. A defender's lone captures, and the points they
    /// looked at, go to `scratch.lone`: whole, where a pair is not won by
    /// a capture and both its defenders stand on no point the other's
    /// captures looked at (the pairs that read them).
    fn capture_rows(
        &self,
        set: u64,
        (free, points): (u64, &[u32]),
        scratch: &mut Scratch,
    ) -> Result<([u64; 64], u64), TablesError> {
        let (mut rows, mut can) = ([0u64; 64], 0u64);
        let f = points.len();
        let mut lone = std::mem::take(&mut scratch.lone);
        lone.resize_with(f, Default::default);
        let mut failed = None;
        for (i, ((looked, jumps), row)) in lone.iter_mut().zip(&mut rows).enumerate() {
            let d = points[i];
            let others = low(f as u32) & !(1 << i);
            (*looked, *row) = (0, 0);
            jumps.clear();
            let mut found = |c: Jump, lands: u64, seen: u64| {
                jumps.push(c);
                // The others on points this capture does not land on.
                let valid = others & !indices(free, lands);
                match self.capture_wins(set, c, (valid & !*row, points), scratch) {
                    Ok(won) => *row |= won,
                    Err(e) => {
                        failed = Some(e);
                        return true;
                    }
                }
                // Stopped once every other is won or on a point looked at
                // (a pair whose captures are worked out for the two).
                !self.play.most && bits(others & !*row).all(|j| seen >> points[j as usize] & 1 == 1)
            };
            chains_until(
                self.geometry,
                self.play,
                set,
                (d, d),
                free,
                (0, 0),
                (looked, &mut found),
            );
            if let Some(e) = failed {
                return Err(e);
            }
            if !jumps.is_empty() {
                can |= 1 << i;
            }
        }
        scratch.lone = lone;
        Ok((rows, can))
    }

    /// The others (bit `j`: on the `j`-th of `points`, among `ask`) with
    /// whom capture `c` of a lone defender wins against `set`.
    fn capture_wins(
        &self,
        set: u64,
        c: Jump,
        (ask, points): (u64, &[u32]),
        scratch: &mut Scratch,
    ) -> Result<u64, TablesError> {
        let left = set & !c.taken;
        if left.count_ones() < self.play.threshold || ask == 0 {
            return Ok(ask);
        }
        let at = self.captured(left, &mut scratch.after, &mut scratch.slices)?;
        let next = &scratch.after[at].1;
        if next.slice.lost_by_all(next.index) {
            return Ok(ask);
        }
        // The lander's index among the next set's free points once.
        let land = index_in(next.free, next.image(self.geometry, c.land));
        let mut won = 0;
        for j in bits(ask) {
            let other = index_in(next.free, next.image(self.geometry, points[j as usize]));
            if !next.slice.attacker_wins(next.index, unordered(land, other)) {
                won |= 1 << j;
            }
        }
        Ok(won)
    }

    /// Whether the defender to move wins against `set` with the defenders
    /// on `x` and `y`; `by_step` is whether a step of theirs wins.
    fn defender_wins(
        &self,
        set: u64,
        free: u64,
        (x, y): (u32, u32),
        by_step: bool,
        scratch: &mut Scratch,
    ) -> Result<bool, TablesError> {
        let geometry = self.geometry;
        let Scratch {
            captures: found,
            lone,
            after,
            slices,
            ..
        } = scratch;
        pair_captures(geometry, self.play, set, free, (x, y), lone, found);
        for c in found.iter() {
            let left = set & !c.taken;
            if left.count_ones() < self.play.threshold {
                return Ok(true);
            }
            let at = self.captured(left, after, slices)?;
            if !after[at].1.attacker_wins(geometry, c.stays, c.land) {
                return Ok(true);
            }
        }
        if self.play.forced && !found.is_empty() {
            return Ok(false);
        }
        Ok(by_step)
    }

    /// The attacker steps of `set` (the defenders not yet placed) that
    /// may win, each with where its position's bits are (and, if `moved`,
    /// where the free points of `set` are among them): a step to a set the
    /// defender to move wins with every pair is left out.
    fn steps(
        &self,
        set: u64,
        out: &mut Vec<Step>,
        stepped: &mut Vec<Option<(Arc<Slice>, Layout)>>,
    ) -> Result<(), TablesError> {
        let geometry = self.geometry;
        let slicing = &self.store.slicing;
        out.clear();
        stepped.resize(CLASSES * CLASSES, None);
        let codes = slicing.codes(set);
        let from = (codes, slicing.profile_of(&codes));
        for p in bits(set) {
            for q in bits(geometry.steps[p as usize] & !set) {
                let next = set ^ (1 << p) ^ (1 << q);
                if next & geometry.fortress == geometry.fortress {
                    out.push(Step {
                        from: p,
                        target: q,
                        next: None,
                    });
                    continue;
                }
                let (codes, profile) = slicing.step(from, p, q);
                let by = slicing.class_of(p) * CLASSES + slicing.class_of(q);
                let (slice, layout) = match &mut stepped[by] {
                    Some(kept) => kept,
                    none => none.insert((self.store.get(profile)?, slicing.layout(profile))),
                };
                let (index, mirrored) = slicing.index(codes, layout);
                // A step to a set whose every defender pair wins never
                // wins: left out (most steps of the low tiers, which the
                // defenders win).
                if slice.won_by_all(index) {
                    continue;
                }
                let slice = Arc::clone(slice);
                let next = Located::placed(geometry, next, (index, mirrored), slice);
                out.push(Step {
                    from: p,
                    target: q,
                    next: Some(next),
                });
            }
        }
        Ok(())
    }
}

impl Filler<'_> {
    /// Where the attacker-to-move bits of `set`, left by a capture, are:
    /// its place in `after` (the sets left by this set's captures so far),
    /// found there or added (its slice from those this thread holds, or
    /// the store's).
    fn captured(
        &self,
        set: u64,
        after: &mut Vec<(u64, Located)>,
        slices: &mut ByProfile<(Arc<Slice>, Layout)>,
    ) -> Result<usize, TablesError> {
        if let Some(at) = after.iter().position(|(s, _)| *s == set) {
            return Ok(at);
        }
        let slicing = &self.store.slicing;
        let codes = slicing.codes(set);
        let profile = slicing.profile_of(&codes);
        let (slice, layout) = match slices.entry(profile) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => e.insert((self.store.attacker(profile)?, slicing.layout(profile))),
        };
        let place = slicing.index(codes, layout);
        let located = Located::placed(self.geometry, set, place, Arc::clone(slice));
        after.push((set, located));
        Ok(after.len() - 1)
    }
}

/// The points of `points` among `free`, as a mask of their indices there.
fn indices(free: u64, points: u64) -> u64 {
    bits(points & free).fold(0, |m, p| m | 1 << index_in(free, p))
}

/// `rows` (bit `i` of row `j` for `i`, `j` below `f`) made symmetric:
/// bit `i` of row `j` set where it or bit `j` of row `i` is. Up to 32
/// points, by transposing the rows as a 32 × 32 matrix of bits in five
/// rounds of block swaps, whatever the bits; else bit by bit.
fn symmetric(rows: &[u64; 64], f: u32) -> [u64; 64] {
    let mut out = *rows;
    if f <= 32 {
        let mut t = [0u32; 32];
        for (t, &row) in t.iter_mut().zip(rows).take(f as usize) {
            *t = (row & low(f)) as u32;
        }
        let t = transpose(t);
        for (out, t) in out.iter_mut().zip(t) {
            *out |= u64::from(t);
        }
        return out;
    }
    for (i, &row) in rows.iter().enumerate().take(f as usize) {
        for j in bits(row & low(f)) {
            out[j as usize] |= 1 << i;
        }
    }
    out
}

/// The transpose of a 32 × 32 matrix of bits (bit `i` of row `j` becomes
/// bit `j` of row `i`): each round swaps the off-diagonal blocks of every
/// diagonal block twice its size.
fn transpose(mut a: [u32; 32]) -> [u32; 32] {
    let mut width = 16;
    let mut mask = 0x0000_ffffu32;
    while width != 0 {
        let mut k = 0;
        while k < 32 {
            let t = ((a[k] >> width) ^ a[k + width]) & mask;
            a[k] ^= t << width;
            a[k + width] ^= t;
            k = (k + width + 1) & !width;
        }
        width >>= 1;
        mask ^= mask << width;
    }
    a
}

/// The most classes a board's points fall into (a profile's 16 digits).
const CLASSES: usize = 16;

/// Writes the `len` low bits of `word` into `out` from bit `at`.
#[inline]
fn put_bits(out: &mut [u64], at: usize, word: u64, len: u32) {
    if len == 0 {
        return;
    }
    out[at / 64] |= word << (at % 64);
    if at % 64 + len as usize > 64 {
        out[at / 64 + 1] |= word >> (64 - at % 64);
    }
}

#[cfg(test)]
mod tests {
    use super::{low, symmetric};
    use asalto_core::dense::Rng;

    /// Rows made symmetric by transposing hold what bit-by-bit does, for
    /// every number of points, sparse and dense.
    #[test]
    fn symmetric_rows_are_the_rows_or_their_transpose() {
        let mut rng = Rng::new(5);
        for f in 0..=40u32 {
            for density in [2, 4, 32] {
                let mut rows = [0u64; 64];
                for row in rows.iter_mut().take(f as usize) {
                    for i in 0..f {
                        if rng.below(density) == 0 {
                            *row |= 1 << i;
                        }
                    }
                    // Bits past the points are left as they are.
                    *row |= (rng.below(2) as u64) << 50;
                }
                let mut expected = rows;
                for (i, &row) in rows.iter().enumerate().take(f as usize) {
                    for j in 0..f {
                        if (row & low(f)) >> j & 1 == 1 {
                            expected[j as usize] |= 1 << i;
                        }
                    }
                }
                assert_eq!(symmetric(&rows, f), expected, "{f} points, 1 in {density}");
            }
        }
    }
}
