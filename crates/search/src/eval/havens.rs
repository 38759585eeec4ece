//! Havens: places where an officer can walk to and fro for ever, out of
//! the attackers' reach.
//!
//! Under forward marches the attackers lose when they run out of moves, and
//! they have only so many. An officer with a haven can never be walled in
//! (short of captures), so the attackers must fill the fortress; if an
//! officer also sits in the fortress, and need never leave it because the
//! other one does the walking, they can do neither, however much of the
//! fortress they hold. Two kinds are found:
//! - points no attacker can ever step into (behind the attackers' lines,
//!   or walled off by the officers themselves), two of them side by side;
//! - a small pocket the officers hold, two of whose points no attacker can
//!   enter without being taken at once (the officer beyond the point takes
//!   it and lands where it came from).

use std::ops::{BitAnd, BitOr, Shl, Shr};

use asalto_core::{Point, PointSet, Rules};

/// Pockets of at most this many points more than there are officers are
/// searched for points attackers cannot enter safely.
const POCKET_ROOM: u32 = 2;

/// The most points a pocket searched for safe entries may have.
fn small_pocket(defenders: u128) -> u32 {
    defenders.count_ones() + POCKET_ROOM
}

/// The havens of a position, for the evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Verdict {
    /// Officers in the fortress.
    pub home: i32,
    /// Officers with a haven.
    pub havens: i32,
    /// Officers on points no attacker can ever step into.
    pub out_of_reach: i32,
    /// Fortress points not held by attackers that none can ever step into:
    /// while they are, the fortress cannot be filled.
    pub unfillable: i32,
}

impl Verdict {
    /// Whether the attackers can neither trap the officers nor fill the
    /// fortress without captures.
    pub fn stuck(self) -> bool {
        self.havens > 0 && self.home > 0
    }
}

/// Board data for finding havens, built once per rule set.
#[derive(Debug, Clone)]
pub(super) struct Havens {
    /// The board's points.
    points: u128,
    fortress: u128,
    /// Steps along the board's lines, either way.
    neighbours: Shifts,
    /// Per point index, its neighbours.
    near: Vec<u128>,
    /// Per point index, the points attackers there could step into one day,
    /// by one or more steps (the officers step aside, and attackers in the
    /// way march on or are themselves where the march goes on from).
    ahead: Vec<u128>,
    /// Per point index, the attackers' steps to it: `(from, beyond)`, where
    /// `beyond` is the point past it on the same line (a one-point set, or
    /// empty): an officer there takes the attacker as it arrives.
    entries: Vec<Vec<(u8, u128)>>,
}

impl Havens {
    /// The havens' geometry for `rules`.
    pub fn new(rules: &Rules) -> Havens {
        let board = rules.board();
        let mut entries = vec![Vec::new(); 128];
        for from in board.points().iter() {
            for to in rules.attacker_steps(from).iter() {
                let beyond = beyond(from, to)
                    .filter(|&b| board.line(to, b).is_some())
                    .map_or(0, |b| PointSet::single(b).0);
                entries[usize::from(to.index())].push((from.index(), beyond));
            }
        }
        Havens {
            points: board.points().0,
            fortress: board.fortress().0,
            neighbours: Shifts::new(board.points(), |p| board.neighbours(p)),
            near: neighbour_table(rules),
            ahead: ahead(rules),
            entries,
        }
    }

    /// The havens of the officers on `defenders`, attackers on `attackers`.
    pub fn find(&self, attackers: u128, defenders: u128) -> Verdict {
        let empty = !(attackers | defenders) & self.points;
        // Officers step aside: the points attackers could stand on one day.
        let reach_in = bits(attackers).fold(0, |all, p| all | self.ahead[p]);
        let enterable = reach_in & !attackers;
        // Empty points out of reach beside another, and the empty points
        // joined to them: an officer next to these has a haven of the
        // first kind, as has one out of reach beside an empty such point.
        let unreached = empty & !reach_in;
        let paired = unreached & self.neighbours.from(unreached);
        let roomy = paired | spread(paired, empty, &self.neighbours, u32::MAX).0;
        let mut verdict = Verdict {
            home: 0,
            havens: 0,
            out_of_reach: (defenders & !reach_in).count_ones() as i32,
            unfillable: (self.fortress & !attackers & !reach_in).count_ones() as i32,
        };
        for officer in bits(defenders) {
            let near = self.near[officer];
            let officer = bit(officer);
            if officer & self.fortress != 0 {
                verdict.home += 1;
            }
            let haven = near & roomy != 0
                || (officer & reach_in == 0 && near & unreached != 0)
                || self.sealed_pocket(officer, attackers | (enterable & empty), defenders, empty);
            verdict.havens += i32::from(haven);
        }
        verdict
    }

    /// Whether the officer on `officer` is in a small pocket (of empty and
    /// officers' points) with two neighbouring points that no attacker on
    /// `outside` can step into without being taken at once.
    fn sealed_pocket(&self, officer: u128, outside: u128, defenders: u128, empty: u128) -> bool {
        let small = small_pocket(defenders);
        // Where the officer can walk: fewer than `small` points.
        let (mut walk, mut frontier) = (0u128, officer);
        while frontier != 0 {
            frontier = bits(frontier).fold(0, |to, p| to | self.near[p]) & empty & !walk;
            walk |= frontier;
            if walk.count_ones() >= small {
                return false;
            }
        }
        let pocket = spread(officer, empty | defenders, &self.neighbours, small).0 | officer;
        if pocket.count_ones() > small || pocket & empty == 0 {
            return false;
        }
        let outside = outside & !pocket;
        // An officer's point is entered when it steps away, perhaps to the
        // point beyond: such an entry is safe only if nothing could stand there.
        let sealed: u128 = bits(pocket)
            .filter(|&p| {
                let held = defenders & bit(p) != 0;
                !self.entries[p].iter().any(|&(from, beyond)| {
                    outside & bit(usize::from(from)) != 0
                        && beyond & defenders == 0
                        && !(held && beyond & empty != 0)
                })
            })
            .fold(0, |set, p| set | bit(p));
        self.neighbours.from(sealed) & sealed != 0
    }
}

/// Per point index (all 128), the points joined to it by a line.
pub(crate) fn neighbour_table(rules: &Rules) -> Vec<u128> {
    let board = rules.board();
    (0..128)
        .map(|i| Point::from_index(i).map_or(0, |p| board.neighbours(p).0))
        .collect()
}

/// The point past `to` on the way from `from`, if the board has one
/// there (joined to `to` or not).
pub(super) fn beyond(from: Point, to: Point) -> Option<Point> {
    let delta = |a: u8, b: u8| i8::try_from(b).ok()?.checked_sub(i8::try_from(a).ok()?);
    to.offset(
        delta(from.file(), to.file())?,
        delta(from.rank(), to.rank())?,
    )
}

/// The indices of the set bits of `set`, a 64-bit half at a time (the
/// 33-point boards' points all lie in the lower half).
pub(super) fn bits(set: u128) -> impl Iterator<Item = usize> {
    let (mut low, mut high) = (set as u64, (set >> 64) as u64);
    std::iter::from_fn(move || {
        let (half, base) = if low != 0 {
            (&mut low, 0)
        } else if high != 0 {
            (&mut high, 64)
        } else {
            return None;
        };
        let i = half.trailing_zeros() as usize;
        *half &= *half - 1;
        Some(base + i)
    })
}

/// The one-point set of point index `i` (looked up: a 128-bit shift is a
/// call in WebAssembly).
fn bit(i: usize) -> u128 {
    Point::from_index(i as u8).map_or(0, |p| PointSet::single(p).0)
}

/// Steps on a board as shifts of the point index: each is a shift and the
/// points a step of that shift may start from; on boards whose points all
/// have indices below 64, shifted as 64-bit words.
#[derive(Debug, Clone)]
struct Shifts {
    /// Each shift and the points its steps start from.
    steps: Vec<(i32, u128)>,
    /// Whether every point's index is below 64.
    narrow: bool,
}

impl Shifts {
    /// The steps `to` gives from each of `points`.
    fn new(points: PointSet, to: impl Fn(Point) -> PointSet) -> Shifts {
        let mut steps: Vec<(i32, u128)> = Vec::new();
        for from in points.iter() {
            for q in to(from).iter() {
                let shift = i32::from(q.index()) - i32::from(from.index());
                match steps.iter_mut().find(|(s, _)| *s == shift) {
                    Some((_, starts)) => *starts |= 1 << from.index(),
                    None => steps.push((shift, 1 << from.index())),
                }
            }
        }
        Shifts {
            steps,
            narrow: points.0 >> 64 == 0,
        }
    }

    /// The points one step from a point of `set`.
    fn from(&self, set: u128) -> u128 {
        if self.narrow {
            u128::from(shifted(&self.steps, set as u64, |starts| starts as u64))
        } else {
            shifted(&self.steps, set, |starts| starts)
        }
    }
}

/// `set` moved by each of `steps` from its starting points, in words of
/// type `W` (`word` narrows a start set to it).
fn shifted<W>(steps: &[(i32, u128)], set: W, word: impl Fn(u128) -> W) -> W
where
    W: Copy
        + Default
        + BitAnd<Output = W>
        + BitOr<Output = W>
        + Shl<i32, Output = W>
        + Shr<i32, Output = W>,
{
    steps.iter().fold(W::default(), |to, &(shift, starts)| {
        let moved = set & word(starts);
        to | if shift > 0 {
            moved << shift
        } else {
            moved >> -shift
        }
    })
}

/// Per point index, the points one or more attackers' steps away.
pub(crate) fn ahead(rules: &Rules) -> Vec<u128> {
    let points = rules.board().points();
    let steps = Shifts::new(points, |p| rules.attacker_steps(p));
    let mut ahead = vec![0u128; 128];
    for p in points.iter() {
        ahead[usize::from(p.index())] = spread(1 << p.index(), points.0, &steps, u32::MAX).0;
    }
    ahead
}

/// The points of `within` reached from `from` by `steps` through `within`,
/// in at most `rounds` steps; and whether that is all of them.
fn spread(from: u128, within: u128, steps: &Shifts, rounds: u32) -> (u128, bool) {
    let (mut reached, mut frontier) = (0u128, from);
    for _ in 0..rounds {
        frontier = steps.from(frontier) & within & !reached;
        if frontier == 0 {
            return (reached, true);
        }
        reached |= frontier;
    }
    (reached, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use asalto_core::{Game, Preset};

    fn verdict(record: &str) -> Verdict {
        let game = Game::from_record(&record.parse().expect("record")).expect("legal");
        let pos = game.position();
        Havens::new(game.rules()).find(pos.attackers().0, pos.defenders().0)
    }

    #[test]
    fn the_start_has_no_haven() {
        for preset in [
            Preset::Assault,
            Preset::FuchsUndHenne,
            Preset::RoyalGarrison,
        ] {
            let v = verdict(preset.name());
            assert_eq!(v.havens, 0, "{preset}");
            assert!(v.home > 0 && !v.stuck(), "{preset}");
        }
    }

    /// A Marshal's lost game as attackers, 50 plies in: the officers hold
    /// c6, c7 and d7, where an attacker stepping into c6 from c5 is taken
    /// by the officer on c7.
    const LOST: &str = "fuchs-und-henne f4-e5 c7-d7 c4-d5 d7-d6 e3-f4 d6-c5 d2-e3 e7-d7 \
        d3-c4 d7-c7 e2-d3 c7-d7 e1-e2 d7-c7 e4-f5 c7-d7 d1-d2 d7-c7 b4-a5 c7-d7 a4-b5 d7-c7 \
        d3-e4 c7-d7 c2-d3 d7-c7 d5-d6 c5-c6 e5-e6 c7-d7 e4-d5 c6-c7 d4-c5 d7-e7 f4-e5 e7-d7 \
        e6-e7 c7-c6 e5-e6 c6-c7 d3-e4 c7-c6 c1-c2 c6-c7 f5-e5 c7-c6";

    #[test]
    fn a_pocket_the_attackers_cannot_enter_is_a_haven() {
        let v = verdict(LOST);
        assert_eq!((v.home, v.havens), (2, 2));
        assert!(v.stuck());
    }

    /// The same game 20 plies later: an officer has jumped behind the lines
    /// (a3), where no attacker can come back to, while the other holds d7.
    #[test]
    fn an_officer_behind_the_lines_has_a_haven() {
        let v = verdict(&format!(
            "{LOST} e2-d3 c6-c7 c3-d4 c7-c6 e3-f4 c6-c7 c2-c3 c7-c6 d2-e3 c6-c7 f4-g5 \
             c7-c6 b3-b4 c6-c7 f3-f4 c7-c6 g5-f5 c6-c7 c5-c6 c7xc5 a3-a4 c5xa3"
        ));
        assert_eq!(v.home, 1);
        assert!(v.havens >= 1 && v.stuck());
    }

    /// A Marshal's lost royal-garrison game, 140 plies in: three officers
    /// on b9, c9 and c7 with d9 and c8 empty, and no attacker can step
    /// into b9 or c8.
    #[test]
    fn three_officers_have_a_pocket_of_five() {
        let v = verdict(include_str!("../../tests/data/royal-garrison-pocket.txt").trim());
        assert_eq!(v.home, 3);
        assert!(v.havens >= 2 && v.stuck(), "{v:?}");
    }

    /// The definitions read plainly, point by point, for the fast
    /// version to agree with.
    fn reference(rules: &Rules, attackers: u128, defenders: u128) -> Verdict {
        let board = rules.board();
        let points: Vec<Point> = board.points().iter().collect();
        let bit = |p: Point| 1u128 << p.index();
        let empty = board.points().0 & !(attackers | defenders);
        let flood = |from: u128, within: u128, next: &dyn Fn(Point) -> PointSet| {
            let mut reached = 0u128;
            let mut grew = true;
            while grew {
                grew = false;
                for &p in &points {
                    if (from | reached) & bit(p) != 0 {
                        for q in next(p).iter() {
                            if within & bit(q) != 0 && reached & bit(q) == 0 {
                                reached |= bit(q);
                                grew = true;
                            }
                        }
                    }
                }
            }
            reached
        };
        let steps = |p: Point| rules.attacker_steps(p);
        let near = |p: Point| board.neighbours(p);
        let enterable = flood(attackers, empty | defenders, &steps);
        let reach_in: u128 = points
            .iter()
            .filter(|&&p| (attackers | enterable) & bit(p) != 0)
            .fold(0, |all, &p| all | steps(p).0);
        let mut verdict = Verdict {
            home: 0,
            havens: 0,
            out_of_reach: (defenders & !reach_in).count_ones() as i32,
            unfillable: (board.fortress().0 & !attackers & !reach_in).count_ones() as i32,
        };
        for &o in points.iter().filter(|&&p| defenders & bit(p) != 0) {
            verdict.home += i32::from(board.fortress().contains(o));
            let walk = flood(bit(o), empty, &near);
            let out = (walk | bit(o)) & !reach_in;
            let first = points
                .iter()
                .any(|&p| out & empty & bit(p) != 0 && near(p).0 & out != 0);
            let pocket = flood(bit(o), empty | defenders, &near) | bit(o);
            let small = small_pocket(defenders);
            let second = walk.count_ones() < small
                && pocket.count_ones() <= small
                && pocket & empty != 0
                && {
                    let outside = (attackers | (enterable & empty)) & !pocket;
                    let sealed: Vec<Point> = points
                        .iter()
                        .copied()
                        .filter(|&p| pocket & bit(p) != 0)
                        .filter(|&p| {
                            !points.iter().any(|&q| {
                                outside & bit(q) != 0
                                    && steps(q).contains(p)
                                    && beyond(q, p)
                                        .filter(|&b| board.line(p, b).is_some())
                                        .is_none_or(|b| {
                                            defenders & bit(b) == 0
                                                && !(defenders & bit(p) != 0 && empty & bit(b) != 0)
                                        })
                            })
                        })
                        .collect();
                    sealed
                        .iter()
                        .any(|&p| sealed.iter().any(|&q| near(p).contains(q)))
                };
            verdict.havens += i32::from(first || second);
        }
        verdict
    }

    #[test]
    fn the_fast_search_agrees_with_the_definitions() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut havens = 0;
        for preset in [
            Preset::Assault,
            Preset::FuchsUndHenne,
            Preset::RoyalGarrison,
            Preset::ZweiContra20,
        ] {
            let rules = preset.rules();
            let fast = Havens::new(&rules);
            for _ in 0..40 {
                let mut game = Game::new(&rules).expect("playable");
                while game.outcome().is_none() && game.ply() < 160 {
                    let pos = game.position();
                    let (a, d) = (pos.attackers().0, pos.defenders().0);
                    let expected = reference(&rules, a, d);
                    assert_eq!(fast.find(a, d), expected, "{}", game.record());
                    havens += expected.havens;
                    let moves = game.legal_moves();
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let m = moves[(seed % moves.len() as u64) as usize];
                    game.play(&m).expect("legal");
                }
            }
        }
        assert!(havens > 100, "the games found few havens ({havens})");
        // Crowded boards at random, where pockets are common.
        let mut pockets = 0;
        for preset in [Preset::FuchsUndHenne, Preset::RoyalGarrison] {
            let rules = preset.rules();
            let fast = Havens::new(&rules);
            let points: Vec<Point> = rules.board().points().iter().collect();
            for _ in 0..3000 {
                let (mut a, mut d) = (0u128, 0u128);
                for &p in &points {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    match seed % 16 {
                        0 => d |= 1 << p.index(),
                        1..=11 => a |= 1 << p.index(),
                        _ => {}
                    }
                }
                let expected = reference(&rules, a, d);
                assert_eq!(
                    fast.find(a, d),
                    expected,
                    "{} / {}",
                    PointSet(a),
                    PointSet(d)
                );
                pockets += expected.havens;
            }
        }
        assert!(
            pockets > 1000,
            "crowded boards found few havens ({pockets})"
        );
    }
}
