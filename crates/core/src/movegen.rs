//! Move generation: steps by shifting whole bitboards, captures by a
//! depth-first search over jump chains, and the capture obligations of
//! RULES.md §5.
//!
//! Listing ([`legal_moves`]) and counting ([`count_legal_moves`], the
//! perft leaf counter) share the chain search, which searches each chain
//! state (start, point, attackers jumped) once, so a capture move is found
//! once however many routes lead to it; counting avoids building moves and
//! counts one-jump captures on the bitboards.

use crate::board::SHIFTS;
use crate::moves::Move;
use crate::point::{Point, PointSet};
use crate::rules::{Capture, Chain};
use crate::side::Side;
use crate::state::Position;
use crate::word::{StateSet, Word, chain_state};

/// The bitboards of a position, in word `W`.
struct View<W> {
    attackers: W,
    defenders: W,
    empty: W,
}

impl<W: Word> View<W> {
    #[inline]
    fn new(pos: &Position) -> View<W> {
        let attackers = W::from_set(pos.attackers.0);
        let defenders = W::from_set(pos.defenders.0);
        let points = W::from_set(pos.tables.points);
        View {
            attackers,
            defenders,
            empty: points & !(attackers | defenders),
        }
    }
}

fn point(i: u8) -> Point {
    Point::from_index(i).unwrap_or_else(|| unreachable!("bit {i} is not a point"))
}

/// Calls `f(from, to)` for every step of `pieces` along the lines of `masks`.
#[inline]
fn for_each_step<W: Word>(pieces: W, masks: &[u128; 8], empty: W, mut f: impl FnMut(u8, u8)) {
    for (d, &shift) in SHIFTS.iter().enumerate() {
        let mut targets = (pieces & W::from_set(masks[d])).shift(shift) & empty;
        while let Some(to) = targets.pop() {
            f((to as i8 - shift) as u8, to);
        }
    }
}

#[inline]
fn count_steps<W: Word>(pieces: W, masks: &[u128; 8], empty: W) -> usize {
    let mut n = 0;
    for (d, &shift) in SHIFTS.iter().enumerate() {
        n += ((pieces & W::from_set(masks[d])).shift(shift) & empty).count();
    }
    n as usize
}

/// The defenders that have a first jump.
#[inline]
fn jumpers<W: Word>(pos: &Position, v: &View<W>) -> W {
    let mut found = W::ZERO;
    for (d, &shift) in SHIFTS.iter().enumerate() {
        let over = (v.defenders & W::from_set(pos.tables.jumps[d])).shift(shift) & v.attackers;
        found = found | (over.shift(shift) & v.empty).shift(-2 * shift);
    }
    found
}

/// The attackers that some defender could jump first.
pub(crate) fn threatened<W: Word>(pos: &Position) -> W {
    let v = View::<W>::new(pos);
    let mut found = W::ZERO;
    for (d, &shift) in SHIFTS.iter().enumerate() {
        let over = (v.defenders & W::from_set(pos.tables.jumps[d])).shift(shift) & v.attackers;
        found = found | (over & v.empty.shift(-shift));
    }
    found
}

/// The chain states already searched ([`chain_state`]: start, point,
/// attackers jumped). The chains that go on from a state depend on
/// nothing else (jumped attackers stay on the board until the chain ends,
/// and a point landed on before is empty again), so each state is searched
/// once: the work is bounded by the distinct states, not by the chains,
/// whose number explodes on dense boards where jumps can be taken in many
/// orders. On the stack while it holds at most 16 states (nearly every
/// position), then hashed.
struct Seen {
    inline: [u128; 16],
    len: usize,
    spill: Option<StateSet>,
}

impl Seen {
    fn new() -> Seen {
        Seen {
            inline: [0; 16],
            len: 0,
            spill: None,
        }
    }

    /// Adds the state; false if it was there already.
    #[inline]
    fn insert<W: Word>(&mut self, start: u8, here: u8, jumped: W) -> bool {
        let state = chain_state(start, here, jumped.to_set());
        if let Some(spill) = &mut self.spill {
            return spill.insert(state);
        }
        if self.inline[..self.len].contains(&state) {
            return false;
        }
        if self.len < self.inline.len() {
            self.inline[self.len] = state;
            self.len += 1;
        } else {
            let mut spill = StateSet::default();
            for &k in self.inline.iter().chain([&state]) {
                spill.insert(k);
            }
            self.spill = Some(spill);
        }
        true
    }
}

/// Depth-first search over the jump chains of one defender. Without
/// `ROUTE` it visits each distinct chain state once (see [`Seen`]): each
/// distinct move once. With `ROUTE` it visits every chain, its route so far
/// kept in `path` for the visitor (exponential on dense boards: for tests).
struct Chains<'a, W, const ROUTE: bool> {
    pos: &'a Position,
    /// The defender's starting point.
    from: u8,
    /// The states searched so far.
    seen: &'a mut Seen,
    attackers: W,
    /// Where a jump may land: empty points and the chain's start.
    free: W,
    /// The route: start and landings. A chain jumps each attacker at most
    /// once, so it has at most 51 points.
    path: [u8; 64],
    len: usize,
}

impl<W: Word, const ROUTE: bool> Chains<'_, W, ROUTE> {
    /// Visits `(end, jumped, jumps, route)` for every chain the `chain` rule
    /// allows as a move, continuing from `here` after `jumps` jumps.
    fn search<F: FnMut(u8, W, u32, &[u8])>(
        &mut self,
        here: u8,
        jumped: W,
        jumps: u32,
        visit: &mut F,
    ) {
        let mut extended = false;
        let chain = self.pos.chain;
        for &(over, land) in self.pos.tables.jumps_from[usize::from(here & 127)].pairs() {
            if (W::bit(over) & self.attackers & !jumped).is_zero()
                || (W::bit(land) & self.free).is_zero()
            {
                continue;
            }
            extended = true;
            let jumped = jumped | W::bit(over);
            if !ROUTE && !self.seen.insert(self.from, land, jumped) {
                continue;
            }
            if ROUTE {
                self.path[self.len & 63] = land;
                self.len += 1;
            }
            if chain != Chain::MustContinue {
                visit(land, jumped, jumps + 1, &self.path[..self.len]);
            }
            if chain != Chain::Single {
                self.search(land, jumped, jumps + 1, visit);
            }
            if ROUTE {
                self.len -= 1;
            }
        }
        if !extended && chain == Chain::MustContinue && jumps > 0 {
            visit(here, jumped, jumps, &self.path[..self.len]);
        }
    }
}

fn search_chains<W: Word, const ROUTE: bool>(
    pos: &Position,
    v: &View<W>,
    from: u8,
    visit: &mut impl FnMut(u8, W, u32, &[u8]),
) {
    let free = v.empty | W::bit(from);
    let mut seen = Seen::new();
    let mut chains = Chains::<W, ROUTE> {
        pos,
        from,
        seen: &mut seen,
        attackers: v.attackers,
        free,
        path: [0; 64],
        len: 0,
    };
    if ROUTE {
        chains.path[0] = from;
        chains.len = 1;
    }
    chains.search(from, W::ZERO, 0, visit);
}

/// Calls `visit(route, jumped)` for every chain the defender on `from` may
/// play as a move under the position's `chain` rule.
pub(crate) fn for_each_chain<W: Word>(pos: &Position, from: u8, visit: &mut impl FnMut(&[u8], W)) {
    search_chains::<W, true>(pos, &View::new(pos), from, &mut |_, jumped, _, route| {
        visit(route, jumped)
    });
}

/// Defenders huffed by a move from `from` to `to` that took `taken`
/// attackers, when the defenders in `able` could each have taken `owed`.
fn huffs<W: Word>(able: W, owed: u32, from: u8, to: u8, taken: u32) -> PointSet {
    if taken >= owed || able.is_zero() {
        return PointSet::EMPTY;
    }
    let moved = !(able & W::bit(from)).is_zero();
    let able = if moved {
        (able & !W::bit(from)) | W::bit(to)
    } else {
        able
    };
    PointSet(able.to_set())
}

pub(crate) fn legal_moves<W: Word>(pos: &Position, moves: &mut Vec<Move>) {
    if pos.decided().is_some() {
        return;
    }
    let v = View::<W>::new(pos);
    if pos.to_place > 0 {
        let mut spots = v.empty & W::from_set(pos.tables.fortress);
        while let Some(to) = spots.pop() {
            moves.push(Move::Place { to: point(to) });
        }
        return;
    }
    let none = PointSet::EMPTY;
    if pos.turn == Side::Attacker {
        for_each_step(v.attackers, &pos.tables.attacker, v.empty, |from, to| {
            moves.push(Move::Step {
                from: point(from),
                to: point(to),
                huffed: none,
            });
        });
        return;
    }
    // Captures first, each distinct (start, end, captured) once: the
    // search visits each chain state once.
    let first = moves.len();
    let mut jumping = jumpers(pos, &v);
    while let Some(from) = jumping.pop() {
        search_chains::<W, false>(pos, &v, from, &mut |to, jumped: W, _, _| {
            moves.push(Move::Capture {
                from: point(from),
                to: point(to),
                captured: PointSet(jumped.to_set()),
                huffed: none,
            });
        });
    }
    // The obligation: who could capture, and how much is owed.
    let taken = |m: &Move| m.captured().len() as u32;
    let most = moves[first..].iter().map(taken).max().unwrap_or(0);
    let owed = if pos.max_capture { most } else { 1 };
    let able = moves[first..]
        .iter()
        .filter(|m| taken(m) >= owed)
        .fold(W::ZERO, |a, m| a | W::bit(m.from().map_or(0, Point::index)));
    match pos.capture {
        Capture::Forced if most > 0 => {
            let mut i = first;
            while i < moves.len() {
                if taken(&moves[i]) < owed {
                    moves.swap_remove(i);
                } else {
                    i += 1;
                }
            }
        }
        Capture::Forced | Capture::Optional => {
            for_each_step(v.defenders, &pos.tables.defender, v.empty, |from, to| {
                moves.push(Move::Step {
                    from: point(from),
                    to: point(to),
                    huffed: none,
                });
            });
        }
        Capture::Huff => {
            for m in &mut moves[first..] {
                if let Move::Capture {
                    from,
                    to,
                    captured,
                    huffed,
                } = m
                {
                    *huffed = huffs(able, owed, from.index(), to.index(), captured.len() as u32);
                }
            }
            for_each_step(v.defenders, &pos.tables.defender, v.empty, |from, to| {
                let huffed = huffs(able, owed, from, to, 0);
                moves.push(Move::Step {
                    from: point(from),
                    to: point(to),
                    huffed,
                });
            });
        }
    }
}

pub(crate) fn count_legal_moves<W: Word>(pos: &Position) -> usize {
    if pos.decided().is_some() {
        return 0;
    }
    let v = View::<W>::new(pos);
    if pos.to_place > 0 {
        return (v.empty & W::from_set(pos.tables.fortress)).count() as usize;
    }
    match pos.turn {
        Side::Attacker => count_steps(v.attackers, &pos.tables.attacker, v.empty),
        Side::Defender => count_defender_moves(pos, &v),
    }
}

/// Whether the side to move has a legal move, without listing or
/// counting them: a defender who can jump can move, whatever the capture
/// rules (counting every chain of a defender deep in the attackers' lines
/// took seconds on the 67-point boards).
pub(crate) fn has_legal_move<W: Word>(pos: &Position) -> bool {
    if pos.decided().is_some() {
        return false;
    }
    let v = View::<W>::new(pos);
    if pos.to_place > 0 {
        return !(v.empty & W::from_set(pos.tables.fortress)).is_zero();
    }
    match pos.turn {
        Side::Attacker => count_steps(v.attackers, &pos.tables.attacker, v.empty) > 0,
        Side::Defender => {
            !jumpers(pos, &v).is_zero()
                || count_steps(v.defenders, &pos.tables.defender, v.empty) > 0
        }
    }
}

/// The sum, over the attacker's legal steps, of the defender's legal moves
/// after each: perft to depth 2 from an attacker-to-move position, counted
/// on the bitboards without building moves or positions.
pub(crate) fn count_replies_to_steps<W: Word>(pos: &Position) -> u64 {
    if pos.decided().is_some() || pos.to_place > 0 || pos.turn != Side::Attacker {
        return 0;
    }
    let v = View::<W>::new(pos);
    let fortress = W::from_set(pos.tables.fortress);
    let mut total = 0;
    for_each_step(v.attackers, &pos.tables.attacker, v.empty, |from, to| {
        let moved = W::bit(from) | W::bit(to);
        let child = View {
            attackers: v.attackers ^ moved,
            defenders: v.defenders,
            empty: v.empty ^ moved,
        };
        // Only a step into the fortress can end the game (RULES.md §6, check 2).
        if !(fortress & !child.attackers).is_zero() {
            total += count_defender_moves(pos, &child) as u64;
        }
    });
    total
}

/// The defender's legal moves in `v` (the game not over, setup done).
fn count_defender_moves<W: Word>(pos: &Position, v: &View<W>) -> usize {
    let t = pos.tables;
    // Per direction, the points with a jump that way available now.
    let mut jumpers = W::ZERO;
    let avail: [W; 8] = std::array::from_fn(|d| {
        let s = SHIFTS[d];
        let a = W::from_set(t.jumps[d]) & v.attackers.shift(-s) & v.empty.shift(-2 * s);
        jumpers = jumpers | (a & v.defenders);
        a
    });
    let steps = || count_steps(v.defenders, &t.defender, v.empty);
    if jumpers.is_zero() {
        return steps();
    }
    // Distinct captures in all, and of the most attackers. A first jump
    // that cannot go on is counted on the bitboards; the rest are searched.
    let (mut total, mut most, mut at_most) = (0, 0, 0);
    let mut tally = |jumps: u32, n: usize| {
        total += n;
        if jumps > most {
            (most, at_most) = (jumps, 0);
        }
        if jumps == most {
            at_most += n;
        }
    };
    let mut seen = Seen::new();
    for d in 0..8 {
        let s = SHIFTS[d];
        let lands = (v.defenders & avail[d]).shift(2 * s);
        if lands.is_zero() {
            continue;
        }
        if pos.chain == Chain::Single {
            tally(1, lands.count() as usize);
            continue;
        }
        // Going on from a landing: any jump but straight back (which would
        // cross the attacker just taken).
        let back = 7 - d;
        let onward = avail
            .iter()
            .enumerate()
            .filter(|&(d2, _)| d2 != back)
            .fold(W::ZERO, |a, (_, &j)| a | j);
        let mut going_on = lands & onward;
        let stopping = if pos.chain == Chain::MayStop {
            lands
        } else {
            lands & !onward
        };
        tally(1, stopping.count() as usize);
        while let Some(land) = going_on.pop() {
            let over = (land as i8 - s) as u8;
            let from = (over as i8 - s) as u8;
            let free = v.empty | W::bit(from);
            let mut chains = Chains::<W, false> {
                pos,
                from,
                seen: &mut seen,
                attackers: v.attackers,
                free,
                path: [0; 64],
                len: 0,
            };
            let first = W::bit(over);
            chains.search(land, first, 1, &mut |_, _, jumps, _| {
                // Each state once: the one-jump captures are counted above.
                if jumps > 1 {
                    tally(jumps, 1);
                }
            });
        }
    }
    match pos.capture {
        Capture::Forced if pos.max_capture => at_most,
        Capture::Forced => total,
        Capture::Optional | Capture::Huff => steps() + total,
    }
}
