//! The evaluation: how good a position is for the side to move, in
//! hundredths of an attacker, when the search stops looking.
//!
//! It counts what decides sieges ([`Eval::features`]): material against
//! the threshold the defenders must reach, each officer (losing one is
//! nearly losing the game), how much of the fortress the attackers hold,
//! how far they have marched, both sides' mobility (the side that cannot
//! move loses, so under forward marches the attackers' tempo is their
//! life), officers walled in, and attackers standing where an officer can
//! jump them. Under forward marches it also counts the officers' havens
//! (`havens`): an officer the attackers can never wall in, while another
//! holds the fortress, leaves them neither trap nor fill; the steps the
//! attackers have left; officers no attacker can reach; fortress points
//! none can fill; an officer walled in the fortress, which keeps it from
//! being filled however full it is; and the fortress points held while it
//! can never be filled. Where attackers may step sideways or back, it
//! counts those two only for an officer walled in the fortress. The score
//! is the features weighed by [`Weights`] (`weights.txt`, written by
//! `asalto train`).

mod havens;
pub mod network;
pub mod weights;

use havens::{Havens, bits};
pub(crate) use havens::{ahead as attackers_reach, neighbour_table};
pub use network::Network;
pub use weights::{COUNT, FEATURES, Weights};

use asalto_core::{Defenders, March, Point, PointSet, Position, Rules, Side};

/// Each attacker fewer than this many above the threshold is a unit of
/// the `danger` feature.
const MARGIN: i32 = 4;

/// The features that make up the start's offset (see [`Eval::start`]).
const MATERIAL: usize = 0;
const OFFICERS: usize = 2;
const ADVANCE: usize = 6;

/// Board data for the evaluation, built once per rule set.
#[derive(Debug, Clone)]
pub struct Eval {
    /// Fewer attackers than this and the defenders have won.
    threshold: i32,
    /// The features of the preset's start that every score is taken
    /// from (material, officers, march), so that scores read as gains and
    /// losses since the start.
    start: [i32; COUNT],
    weights: Weights,
    fortress: u128,
    /// Per point index, its neighbours.
    neighbours: Vec<u128>,
    /// Under forward marches, where the attackers can run out of moves,
    /// the officers' havens.
    havens: Option<Havens>,
    /// Per point index, `(over, land)` of its jumps, each a one-point set.
    jumps: Vec<Vec<(u128, u128)>>,
    /// Per point, the reward for standing there: 8 less its steps from
    /// the fortress (at least 1): attackers are rewarded for closing in.
    advance: Planes,
    /// Under forward marches, per point, the most attacker steps that can
    /// follow from it (else all zero).
    potential: Planes,
    /// How many points the board has.
    points: usize,
    /// Per point index, its place in the board's points: the network's
    /// inputs.
    slots: Vec<u8>,
}

impl Eval {
    /// The evaluation for the board of `rules`, with the crate's weights.
    pub fn new(rules: &Rules) -> Eval {
        Eval::with_weights(rules, Weights::learned())
    }

    /// The rule set whose evaluation is the one of `rules`: its moves,
    /// with its preset's start in place of a set-up position's pieces
    /// (where the board is the preset's; scores count from the game's
    /// start). Every position of a rule set can share one evaluation.
    pub fn judged_as(rules: &Rules) -> Rules {
        let origin = rules.preset.rules();
        if origin.board != rules.board {
            return *rules;
        }
        Rules {
            attackers: origin.attackers,
            defenders: origin.defenders,
            first: origin.first,
            ..*rules
        }
    }

    /// The evaluation for the board of `rules` with `weights`.
    pub fn with_weights(rules: &Rules, weights: Weights) -> Eval {
        let board = rules.board();
        let points: Vec<Point> = board.points().iter().collect();
        let neighbours = havens::neighbour_table(rules);
        let mut jumps = vec![Vec::new(); 128];
        for &p in &points {
            for q in PointSet(neighbours[usize::from(p.index())]).iter() {
                if let Some(land) = havens::beyond(p, q).filter(|&l| board.line(q, l).is_some()) {
                    jumps[usize::from(p.index())]
                        .push((PointSet::single(q).0, PointSet::single(land).0));
                }
            }
        }
        // Steps from the fortress along lines, by breadth-first search.
        let mut distance = [u8::MAX; 128];
        let mut frontier = board.fortress();
        let mut d = 0;
        while !frontier.is_empty() {
            let mut next = PointSet::EMPTY;
            for p in frontier.iter() {
                distance[usize::from(p.index())] = d;
            }
            for p in frontier.iter() {
                for q in board.neighbours(p).iter() {
                    if distance[usize::from(q.index())] == u8::MAX {
                        next.insert(q);
                    }
                }
            }
            frontier = next;
            d += 1;
        }
        // Points by distance from the fortress, 0 to 7 and beyond.
        let advance = Planes::new(&points, |p| 8 - distance[usize::from(p.index())].min(7));
        // The start of the preset the rules are read from (a set-up
        // position's scores count from the game's start, not from itself).
        let origin = Eval::judged_as(rules);
        let defenders = match origin.defenders {
            Defenders::Free => i32::from(origin.free_defender_count()),
            Defenders::Fixed(set) => set.len() as i32,
        };
        let start_attackers = origin.attacker_start().0;
        let mut start = [0; COUNT];
        start[MATERIAL] = start_attackers.count_ones() as i32;
        start[OFFICERS] = defenders;
        start[ADVANCE] = advance.sum(start_attackers);
        let forward = rules.march == March::Forward;
        // A network plays only on a board of the size it learned on.
        let weights = match &weights.network {
            Some(net) if net.points() != points.len() => weights.without_network(),
            _ => weights,
        };
        Eval {
            threshold: i32::from(rules.threshold()),
            start,
            weights,
            fortress: board.fortress().0,
            neighbours,
            havens: forward.then(|| Havens::new(rules)),
            jumps,
            advance,
            potential: if forward {
                let potential = potentials(rules, &points);
                Planes::new(&points, |p| potential[usize::from(p.index())])
            } else {
                Planes::default()
            },
            points: points.len(),
            slots: {
                let mut slots = vec![0; 128];
                for (i, p) in points.iter().enumerate() {
                    slots[usize::from(p.index())] = i as u8;
                }
                slots
            },
        }
    }

    /// The weights it plays with (without their network on a board of
    /// another size than the network's).
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// How many points its board has.
    pub fn points(&self) -> usize {
        self.points
    }

    /// The network's inputs that are on in `pos` (see [`Network`]): the
    /// attackers' points, the officers', and whether the attackers move.
    pub fn inputs(&self, pos: &Position) -> impl Iterator<Item = usize> + '_ {
        let points = self.points;
        let slot = |p: usize| usize::from(self.slots[p]);
        bits(pos.attackers().0)
            .map(slot)
            .chain(bits(pos.defenders().0).map(move |p| points + slot(p)))
            .chain((pos.turn() == Side::Attacker).then_some(2 * points))
    }

    /// The network's output for `pos`, in hundredths of an attacker for
    /// the attackers (0 without one, or where it does not judge).
    pub fn network(&self, pos: &Position) -> i32 {
        self.judging(pos)
            .map_or(0, |net| net.output(self.inputs(pos)))
    }

    /// The network, where it judges `pos` (no more attackers than it
    /// learned from).
    fn judging(&self, pos: &Position) -> Option<&Network> {
        (self.weights.network.as_deref()).filter(|net| pos.attackers().len() <= net.attackers())
    }

    /// The network's hidden sums for `pos` into `units` (see
    /// [`Network::accumulate`]); false, and nothing written, where it
    /// does not judge `pos`.
    pub fn network_units(&self, pos: &Position, units: &mut Vec<i16>) -> bool {
        let net = self.judging(pos);
        if let Some(net) = net {
            net.accumulate(self.inputs(pos), units);
        }
        net.is_some()
    }

    /// The network's sums for `to`, a move or a pass after `from`, into
    /// `units`: `from`'s sums (`parent`) changed by the rows of the inputs
    /// the move changed; false where it does not judge `to` (the sums are
    /// then of no use).
    pub fn network_step(
        &self,
        from: &Position,
        to: &Position,
        parent: &[i16],
        units: &mut [i16],
    ) -> bool {
        let Some(net) = self.judging(to) else {
            return false;
        };
        let (mut on, mut off) = (Changed::default(), Changed::default());
        let slot = |p: usize| u16::from(self.slots[p]);
        let points = self.points as u16;
        let (a, b) = (from.attackers().0, to.attackers().0);
        let (d, e) = (from.defenders().0, to.defenders().0);
        bits(b & !a).for_each(|p| on.push(slot(p)));
        bits(e & !d).for_each(|p| on.push(points + slot(p)));
        bits(a & !b).for_each(|p| off.push(slot(p)));
        bits(d & !e).for_each(|p| off.push(points + slot(p)));
        if from.turn() != to.turn() {
            let turn = if to.turn() == Side::Attacker {
                &mut on
            } else {
                &mut off
            };
            turn.push(2 * points);
        }
        match (on.inputs(), off.inputs()) {
            (Some(on), Some(off)) => net.step(parent, units, on, off),
            _ => {
                let mut sums = Vec::with_capacity(units.len());
                net.accumulate(self.inputs(to), &mut sums);
                units.copy_from_slice(&sums);
            }
        }
        true
    }

    /// Whether the network judges `pos` (there is one, and `pos` has no
    /// more attackers than it learned from).
    pub fn judges(&self, pos: &Position) -> bool {
        self.judging(pos).is_some()
    }

    /// The features of the start that every score is taken from (zero
    /// but for material, officers and march).
    pub fn start(&self) -> &[i32; COUNT] {
        &self.start
    }

    /// Who has won, if the pieces alone decide it (RULES.md §6, checks
    /// 1–3); a side without moves is the search's business.
    pub fn winner(&self, pos: &Position) -> Option<Side> {
        let attackers = pos.attackers().0;
        if pos.to_place() > 0 {
            None
        } else if (attackers.count_ones() as i32) < self.threshold {
            Some(Side::Defender)
        } else if self.fortress & !attackers == 0 || pos.defenders().is_empty() {
            Some(Side::Attacker)
        } else {
            None
        }
    }

    /// The score of `pos` for the side to move, a position in play.
    pub fn score(&self, pos: &Position) -> i32 {
        self.score_counted(pos, pos.count_legal_moves())
    }

    /// [`Eval::score`] when the caller has counted the side to move's
    /// legal moves (`own`; only the attackers' count is used).
    pub fn score_counted(&self, pos: &Position, own: usize) -> i32 {
        self.score_plus(pos, own, self.network(pos))
    }

    /// [`Eval::score_counted`] given the network's sums for `pos` (from
    /// [`Eval::network_units`] or [`Eval::network_step`]).
    pub fn score_with_units(&self, pos: &Position, own: usize, units: &[i16]) -> i32 {
        let net = self.weights.network.as_ref();
        self.score_plus(pos, own, net.map_or(0, |net| net.output_of(units)))
    }

    /// The score for the side to move, the network's part given.
    fn score_plus(&self, pos: &Position, own: usize, network: i32) -> i32 {
        let f = self.features(pos, own);
        let e: i32 = f
            .iter()
            .zip(&self.start)
            .zip(&self.weights.terms)
            .map(|((f, s), w)| (f - s) * w)
            .sum::<i32>()
            + network;
        match pos.turn() {
            Side::Attacker => e,
            Side::Defender => -e,
        }
    }

    /// The features of `pos` from the attackers' view, named by
    /// [`FEATURES`]; `own` is the side to move's legal move count (only
    /// the attackers' is used).
    pub fn features(&self, pos: &Position, own: usize) -> [i32; COUNT] {
        let attackers = pos.attackers().0;
        let defenders = pos.defenders().0;
        let empty = !(attackers | defenders);
        let n = attackers.count_ones() as i32;
        let in_fortress = (attackers & self.fortress).count_ones() as i32;
        // Defenders' mobility: steps to empty neighbours and first jumps
        // (a cheap count; their legal moves are costlier to list).
        let (mut officer_moves, mut walled, mut walled_home) = (0, 0, false);
        for p in pos.defenders().iter() {
            let i = usize::from(p.index());
            let steps = (self.neighbours[i] & empty).count_ones() as i32;
            let jumps = self.jumps[i]
                .iter()
                .filter(|&&(over, land)| attackers & over != 0 && empty & land != 0)
                .count() as i32;
            walled += i32::from(steps + jumps == 0);
            walled_home |= steps + jumps == 0 && self.fortress & PointSet::single(p).0 != 0;
            officer_moves += steps + jumps;
        }
        let attacker_moves = match (pos.turn(), pos.passed()) {
            (Side::Attacker, _) => own as i32,
            (Side::Defender, Some(other)) => other.count_legal_moves() as i32,
            (Side::Defender, None) => 0,
        };
        let mut f = [0; COUNT];
        f[MATERIAL] = n;
        f[1] = (MARGIN - (n - self.threshold)).max(0);
        f[OFFICERS] = defenders.count_ones() as i32;
        f[3] = in_fortress;
        f[4] = in_fortress * in_fortress;
        f[5] = pos.threatened().len() as i32;
        f[ADVANCE] = self.advance.sum(attackers);
        f[7] = walled;
        f[8] = attacker_moves;
        f[9] = officer_moves;
        // Points no attacker can ever step into (counted under forward
        // marches only: elsewhere attackers may step back to any).
        let mut unfillable = 0;
        if let Some(havens) = &self.havens {
            let verdict = havens.find(attackers, defenders);
            unfillable = verdict.unfillable;
            let stuck = verdict.stuck();
            let tempo = self.potential.sum(attackers);
            // A fortress nearly full is worth nothing while it cannot be filled.
            if stuck {
                f[4] = 0;
            }
            f[10] = in_fortress * verdict.home;
            f[11] = verdict.havens;
            f[12] = i32::from(stuck);
            f[13] = tempo;
            f[14] = if stuck { tempo } else { 0 };
            f[15] = verdict.out_of_reach;
            f[16] = unfillable;
            f[17] = i32::from(unfillable > 0);
        }
        // Nor while it can never be filled. An officer walled in it keeps a
        // point (while the attackers keep it walled, they win only by
        // trapping the other): its filling is counted again, for a weight
        // of its own to cancel. The points held are counted again whenever
        // it can never be filled: that, or a point no attacker can step into.
        f[18] = if walled_home { f[4] } else { 0 };
        let locked = walled_home || unfillable > 0;
        f[19] = if locked { in_fortress } else { 0 };
        f
    }
}

/// The network's inputs a move turns on, or off: a few, or too many to
/// step by (a long chain of captures), when the sums are taken anew.
#[derive(Debug, Default)]
struct Changed {
    /// The first inputs pushed.
    list: [u16; 16],
    /// How many were pushed, perhaps more than `list` holds.
    len: usize,
}

impl Changed {
    /// Notes one more input.
    fn push(&mut self, input: u16) {
        if let Some(slot) = self.list.get_mut(self.len) {
            *slot = input;
        }
        self.len += 1;
    }

    /// The inputs, unless there were too many.
    fn inputs(&self) -> Option<&[u16]> {
        self.list.get(..self.len)
    }
}

/// A small number for each point, held as bit planes: plane `b` holds the
/// points whose number has bit `b` set, so that a set's sum is a few
/// counts of bits.
#[derive(Debug, Clone, Default)]
struct Planes([u128; 8]);

impl Planes {
    /// The planes of `value` on each of `points`.
    fn new(points: &[Point], value: impl Fn(Point) -> u8) -> Planes {
        let mut planes = [0u128; 8];
        for &p in points {
            let v = value(p);
            for (b, plane) in planes.iter_mut().enumerate() {
                if v >> b & 1 == 1 {
                    *plane |= PointSet::single(p).0;
                }
            }
        }
        Planes(planes)
    }

    /// The sum of the numbers of the points of `set`.
    fn sum(&self, set: u128) -> i32 {
        let mut sum = 0;
        for (b, plane) in self.0.iter().enumerate() {
            sum += ((set & plane).count_ones() as i32) << b;
        }
        sum
    }
}

/// Per point index, the most attacker steps that can follow from it (the
/// steps make no circle under forward marches).
fn potentials(rules: &Rules, points: &[Point]) -> Vec<u8> {
    let mut potential = vec![0u8; 128];
    // Relax until nothing changes: a longest path has fewer steps than
    // there are points.
    for _ in 0..points.len() {
        let mut changed = false;
        for &p in points {
            let best = rules
                .attacker_steps(p)
                .iter()
                .map(|q| potential[usize::from(q.index())].saturating_add(1))
                .max()
                .unwrap_or(0);
            if best > potential[usize::from(p.index())] {
                potential[usize::from(p.index())] = best;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    potential
}

#[cfg(test)]
mod tests;
