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
//! can never be filled. The score is the features weighed by
//! [`Weights`] (`weights.txt`, written by `asalto train`).

mod havens;
pub mod network;
pub mod weights;

use havens::{Havens, bits};
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
    /// Per point index, `(over, land)` of its jumps.
    jumps: Vec<Vec<(u8, u8)>>,
    /// The board's points by how many steps they lie from the fortress
    /// (the last holds 7 or more): attackers are rewarded for closing in.
    by_distance: [u128; 8],
    /// Under forward marches, per point index, the most attacker steps
    /// that can follow from it (else all zero).
    potential: Vec<u8>,
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
                    jumps[usize::from(p.index())].push((q.index(), land.index()));
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
        let mut by_distance = [0u128; 8];
        for &p in &points {
            let d = distance[usize::from(p.index())].min(7);
            by_distance[usize::from(d)] |= PointSet::single(p).0;
        }
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
        start[ADVANCE] = advance(&by_distance, start_attackers);
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
            by_distance,
            potential: if forward {
                potentials(rules, &points)
            } else {
                vec![0; 128]
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
    pub fn network_units(&self, pos: &Position, units: &mut Vec<i32>) -> bool {
        let net = self.judging(pos);
        if let Some(net) = net {
            net.accumulate(self.inputs(pos), units);
        }
        net.is_some()
    }

    /// Turns the network's sums for `from` (`units`) into those for `to`,
    /// a move or a pass later, row by row; false where it does not judge
    /// `to` (the sums are then of no use).
    pub fn network_step(&self, from: &Position, to: &Position, units: &mut [i32]) -> bool {
        let Some(net) = self.judging(to) else {
            return false;
        };
        let slot = |p: usize| usize::from(self.slots[p]);
        let (a, b) = (from.attackers().0, to.attackers().0);
        bits(a & !b).for_each(|p| net.add(slot(p), units, false));
        bits(b & !a).for_each(|p| net.add(slot(p), units, true));
        let (a, b) = (from.defenders().0, to.defenders().0);
        bits(a & !b).for_each(|p| net.add(self.points + slot(p), units, false));
        bits(b & !a).for_each(|p| net.add(self.points + slot(p), units, true));
        if from.turn() != to.turn() {
            net.add(2 * self.points, units, to.turn() == Side::Attacker);
        }
        true
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
    pub fn score_with_units(&self, pos: &Position, own: usize, units: &[i32]) -> i32 {
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
                .filter(|&&(over, land)| attackers >> over & 1 == 1 && empty >> land & 1 == 1)
                .count() as i32;
            walled += i32::from(steps + jumps == 0);
            walled_home |= steps + jumps == 0 && self.fortress >> p.index() & 1 == 1;
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
        f[ADVANCE] = advance(&self.by_distance, attackers);
        f[7] = walled;
        f[8] = attacker_moves;
        f[9] = officer_moves;
        if let Some(havens) = &self.havens {
            let verdict = havens.find(attackers, defenders);
            let stuck = verdict.stuck();
            let tempo: i32 = bits(attackers).map(|p| i32::from(self.potential[p])).sum();
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
            f[16] = verdict.unfillable;
            f[17] = i32::from(verdict.unfillable > 0);
            // Nor while it can never be filled. An officer walled in it keeps
            // a point: its filling is counted again, for a weight of its own
            // to cancel. The points held are counted again whenever it can
            // never be filled: that, or a point no attacker can step into.
            f[18] = if walled_home { f[4] } else { 0 };
            let locked = walled_home || verdict.unfillable > 0;
            f[19] = if locked { in_fortress } else { 0 };
        }
        f
    }
}

/// The reward for how close `attackers` stand to the fortress.
fn advance(by_distance: &[u128; 8], attackers: u128) -> i32 {
    let mut sum = 0;
    for (d, &points) in by_distance.iter().enumerate() {
        sum += (8 - d as i32) * (attackers & points).count_ones() as i32;
    }
    sum
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
mod tests {
    use super::*;
    use asalto_core::{Game, Preset, Setup};

    /// Where the feature called `n` stands in a features array.
    fn name(n: &str) -> usize {
        Weights::index(n).expect("a feature")
    }

    /// How much the feature `n` adds to `pos`'s score under `weights`.
    fn share(rules: &Rules, weights: &Weights, pos: &Position, n: &str) -> i32 {
        let mut without = weights.clone();
        without.terms[name(n)] = 0;
        Eval::with_weights(rules, weights.clone()).score(pos)
            - Eval::with_weights(rules, without).score(pos)
    }

    fn position(rules: &Rules, attackers: &str, defenders: &str, turn: Side) -> Position {
        let set = |s: &str| {
            s.split_whitespace()
                .map(|n| n.parse::<Point>().expect("point"))
                .collect()
        };
        Position::from_setup(&Setup {
            rules: *rules,
            attackers: set(attackers),
            defenders: set(defenders),
            turn,
            to_place: 0,
        })
        .expect("consistent")
    }

    #[test]
    fn the_start_is_roughly_even_and_scores_flip_with_the_side_to_move() {
        let game = Game::from_record(&"assault d4-d5".parse().expect("record")).expect("legal");
        let eval = Eval::new(game.rules());
        let pos = *game.position();
        let passed = pos.passed().expect("in play");
        assert_eq!(eval.score(&pos), -eval.score(&passed));
    }

    #[test]
    fn forward_marches_count_the_steps_left_and_the_points_out_of_reach() {
        let game = Game::new(&Preset::Assault.rules()).expect("game");
        let eval = Eval::new(game.rules());
        let start = eval.features(game.position(), 1);
        assert!(start[name("tempo")] > 24 * 2, "{start:?}");
        assert_eq!(start[name("out_of_reach")], 0);
        // An officer behind the lines (a3, where no attacker can come back).
        let rules = Preset::Assault.rules();
        let pos = position(
            &rules,
            "b3 c3 d3 e3 f3 g3 a4 b4 c4 d4",
            "a3 d7",
            Side::Attacker,
        );
        let f = eval.features(&pos, 1);
        assert_eq!(f[name("out_of_reach")], 1, "{f:?}");
        assert!(f[name("tempo")] < start[name("tempo")]);
        // Murray's attackers march any way: no tempo is counted.
        let murray = Game::new(&Preset::Murray.rules()).expect("game");
        let f = Eval::new(murray.rules()).features(murray.position(), 1);
        assert_eq!(f[name("tempo")], 0);
    }

    #[test]
    fn material_fortress_and_walled_officers_count() {
        let rules = Preset::Assault.rules();
        let eval = Eval::new(&rules);
        let base = "a3 b3 f3 g3 a4 b4 c4 d4 e4 f4 g4";
        let score = |a: &str, d: &str| eval.score(&position(&rules, a, d, Side::Attacker));
        // One attacker more is better for the attackers.
        assert!(score(&format!("{base} a5"), "c7 e7") > score(base, "c7 e7"));
        // Standing in the fortress is better than outside it.
        assert!(score(&format!("{base} d5"), "c7 e7") > score(&format!("{base} a5"), "c7 e7"));
        // An officer fewer is much better for the attackers.
        assert!(score(base, "c7") > score(base, "c7 e7") + 400);
        // An officer walled in (c7, with c6 d6 d7 held and backed) is good for them.
        let walled = "b3 f3 g3 a4 b4 c4 d4 e4 f4 g4 c6 d6 d7 c5 e5 e7";
        let free = "b3 f3 g3 a4 b4 c4 d4 e4 f4 g4 c5 d5 e5 a5 b5 f5";
        assert!(score(walled, "c7 g5") > score(free, "c7 g5"));
    }

    #[test]
    fn an_officer_walled_in_the_fortress_keeps_it_from_being_filled() {
        // A game the Marshal lost attacking `assault` (to a 3-ply bot): seven
        // attackers in the fortress wall the officer on d7 in; the other
        // roams behind the lines, where too few attackers are left to trap
        // it, and the attackers run out of moves 34 plies later. Counted as
        // filling, those seven made the Marshal see a win of 20 attackers.
        let rules = Preset::Assault.rules();
        let outside = "f5 g5 a4 b4 g4 a3 b3 c3 e3 f3 g3 c2 e2 d1 e1";
        let locked = position(
            &rules,
            &format!("c7 e7 c6 d6 e6 d5 e5 {outside}"),
            "d7 d4",
            Side::Attacker,
        );
        let weights = Weights::for_rules(&rules);
        let eval = Eval::with_weights(&rules, weights.clone());
        let f = eval.features(&locked, 1);
        assert_eq!((f[name("filling")], f[name("locked_filling")]), (49, 49));
        // `assault`'s weights cancel the filling of a locked fortress.
        assert_eq!(
            weights.get("locked_filling"),
            weights.get("filling").map(|w| -w)
        );
        let filling = weights.get("filling").expect("named");
        assert!(filling > 0);
        assert_eq!(
            share(&rules, &weights, &locked, "locked_filling"),
            -49 * filling
        );
        // An officer in the fortress that can still step out counts nothing.
        let open = position(
            &rules,
            &format!("c7 e7 c6 e6 d5 e5 c5 {outside}"),
            "d7 d4",
            Side::Attacker,
        );
        assert_eq!(eval.features(&open, 1)[name("locked_filling")], 0);
    }

    #[test]
    fn a_fortress_no_attacker_can_reach_counts_as_locked() {
        // On the simplified board, attackers massed on the right: no attacker
        // can ever step into c5 or c6 (they march forward only), so the six
        // fortress points they hold will never be filled.
        let rules = Preset::Simplified.rules();
        let weights = Weights::for_rules(&rules);
        let eval = Eval::with_weights(&rules, weights.clone());
        let right = "d7 e7 d6 e6 d5 e5 f5 g5 f4 g4 f3 g3 e3";
        let locked = position(&rules, right, "c6 a3", Side::Attacker);
        let f = eval.features(&locked, 1);
        assert_eq!(f[name("unfillable")], 2);
        assert_eq!((f[name("fortress")], f[name("locked_fortress")]), (6, 6));
        // The simplified board's weights count such a fortress as nothing.
        let fortress = weights.get("fortress").expect("named");
        assert!(fortress > 0);
        assert_eq!(
            share(&rules, &weights, &locked, "locked_fortress"),
            -6 * fortress
        );
        // With attackers left that can reach every point, nothing is locked.
        let open = position(&rules, &format!("{right} b4 c4"), "c6 a3", Side::Attacker);
        let f = eval.features(&open, 1);
        assert_eq!((f[name("unfillable")], f[name("locked_fortress")]), (0, 0));
    }

    #[test]
    fn the_simplified_boards_network_sees_wins_the_features_miss() {
        // Positions of the Marshal's games against itself on the simplified
        // board, each proved won by the attackers to move (`asalto label`):
        // its features alone say they lose, and its network turns the score.
        let rules = Preset::Simplified.rules();
        let full = Eval::with_weights(&rules, Weights::for_rules(&rules));
        let features = Eval::with_weights(&rules, Weights::for_rules(&rules).without_network());
        for (attackers, defenders) in [
            ("c1 e1 f3 g3 a4 c5 d5 f5 c6 d6 e6 c7 d7 e7", "d2 d3"),
            (
                "c1 d2 e2 a3 b3 c3 e3 f3 g3 a4 b4 c4 d4 e4 f4 g4 d5 e5 f5 c7 e7",
                "b5 d6",
            ),
        ] {
            let pos = position(&rules, attackers, defenders, Side::Attacker);
            assert!(features.score(&pos) < 0, "{attackers}");
            assert!(full.score(&pos) > 0, "{attackers}");
        }
    }

    #[test]
    fn assaults_network_sees_wins_the_features_miss() {
        // Tier 16 of `assault`'s tables: the attackers to move win both
        // (perfect play). The features alone say they lose; the network
        // turns the score round. It does not judge 21 attackers or more.
        let rules: Rules = "assault".parse().expect("a preset");
        let full = Eval::with_weights(&rules, Weights::for_rules(&rules));
        let features = Eval::with_weights(&rules, Weights::for_rules(&rules).without_network());
        for (attackers, defenders) in [
            ("c1 d1 e1 a3 c3 g3 b4 d4 f4 g4 a5 d5 e6 c7 d7 e7", "e5 f5"),
            ("c1 e1 c2 a3 c3 c4 f4 a5 b5 d5 e5 f5 g5 e6 d7 e7", "d3 g3"),
        ] {
            let pos = position(&rules, attackers, defenders, Side::Attacker);
            assert!(features.score(&pos) < 0, "{attackers}");
            assert!(full.score(&pos) > 0, "{attackers}");
            assert_ne!(full.network(&pos), 0);
        }
        let start = Position::new(&rules).expect("the start");
        assert_eq!(full.network(&start), 0);
        assert_eq!(full.score(&start), features.score(&start));
        // Its sums kept move by move (a capture, steps, a pass) give the
        // output summed anew.
        let mut pos = position(
            &rules,
            "c1 d1 e1 a3 c3 g3 b4 d4 f4 g4 a5 d5 e6 c7 d7 e7",
            "d6 f5",
            Side::Defender,
        );
        let mut units = Vec::new();
        assert!(full.network_units(&pos, &mut units));
        for _ in 0..12 {
            let before = pos;
            pos = match pos.legal_moves().first() {
                Some(m) => {
                    pos.play_unchecked(m);
                    pos
                }
                None => pos.passed().expect("in play"),
            };
            assert!(full.network_step(&before, &pos, &mut units));
            let own = pos.count_legal_moves();
            assert_eq!(
                full.score_with_units(&pos, own, &units),
                full.score_counted(&pos, own)
            );
        }
        assert!(pos.attackers().len() < 16, "a capture was made");
        // On a board of another size its network is dropped.
        let garrison: Rules = "royal-garrison".parse().expect("a preset");
        let other = Eval::with_weights(&garrison, Weights::for_rules(&rules));
        assert_eq!(other.weights().network, None);
    }
}
