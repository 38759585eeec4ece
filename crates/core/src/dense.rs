//! Dense positions made on purpose to be hard: many attackers a defender
//! can jump, in many orders. For the benchmarks and tests that look for
//! the slowest move generation and make sure the search keeps its clock on
//! any legal position. Deterministic: a seed gives the same positions.

use crate::point::{Point, PointSet};
use crate::position::{Position, Setup};
use crate::rules::Rules;
use crate::side::Side;

/// A small deterministic random source (xorshift64*).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A source started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}

/// A dense position under `rules` with `side` to move: attackers on about
/// `percent` of the points, more of them where a lattice (every other point
/// of every other row, where each attacker has room to be jumped) puts
/// them, and one to three defenders on free points. `None` when the pieces
/// do not make a legal position (say, no point left for a defender).
pub fn dense_position(
    rules: &Rules,
    rng: &mut Rng,
    percent: usize,
    side: Side,
) -> Option<Position> {
    let board = rules.board();
    let shift = rng.below(4);
    let lattice = |p: Point| {
        let (x, y) = (
            usize::from(p.file()) + shift % 2,
            usize::from(p.rank()) + shift / 2,
        );
        x % 2 == 1 && y % 2 == 1
    };
    let mut attackers = PointSet::EMPTY;
    for p in board.points() {
        let chance = if lattice(p) {
            percent + 40
        } else {
            percent / 2
        };
        if rng.below(100) < chance {
            attackers.insert(p);
        }
    }
    let free: Vec<Point> = board
        .points()
        .iter()
        .filter(|&p| !attackers.contains(p))
        .collect();
    let mut defenders = PointSet::EMPTY;
    for _ in 0..1 + rng.below(3) {
        defenders.insert(*free.get(rng.below(free.len()))?);
    }
    let setup = Setup {
        rules: *rules,
        attackers,
        defenders,
        turn: side,
        to_place: 0,
    };
    Position::from_setup(&setup).ok()
}

/// `count` dense positions under `rules` (fewer if few can be made), most
/// with the defender to move, the same for the same `seed`.
pub fn dense_positions(rules: &Rules, count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut found = Vec::with_capacity(count);
    let mut tries = 0;
    while found.len() < count && tries < count * 20 {
        tries += 1;
        let percent = 20 + rng.below(50);
        let side = if rng.below(4) == 0 {
            Side::Attacker
        } else {
            Side::Defender
        };
        found.extend(dense_position(rules, &mut rng, percent, side));
    }
    found
}

/// A neighbour of `pos` (a position under `rules`): one point changed (an attacker added or taken
/// away, or a defender moved), for a search that climbs towards the
/// hardest positions. `None` if the change makes no legal position.
pub fn neighbour(rules: &Rules, pos: &Position, rng: &mut Rng) -> Option<Position> {
    let board = pos.board();
    let points: Vec<Point> = board.points().iter().collect();
    let p = points[rng.below(points.len())];
    let (mut attackers, mut defenders) = (pos.attackers(), pos.defenders());
    if defenders.contains(p) {
        let free: Vec<Point> = points
            .iter()
            .copied()
            .filter(|&q| !attackers.contains(q) && !defenders.contains(q))
            .collect();
        defenders.remove(p);
        defenders.insert(*free.get(rng.below(free.len()))?);
    } else if attackers.contains(p) {
        attackers.remove(p);
    } else {
        attackers.insert(p);
    }
    let setup = Setup {
        rules: *rules,
        attackers,
        defenders,
        turn: pos.turn(),
        to_place: 0,
    };
    Position::from_setup(&setup).ok()
}
