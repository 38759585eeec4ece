//! The board as the endgame tables see it: its points numbered 0..n in the
//! core's index order so that a set of points is a `u64`, each point's
//! attacker steps, defender steps and jumps, the left–right mirror, and
//! each point's march potential (the most attacker steps that can follow
//! from it, where steps never come back; else the most steps to other
//! circles of points), which orders the tables' levels.

use super::error::TablesError;
use asalto_core::{Point, PointSet, Rules};

/// One rule set's board, compiled for the tables.
#[derive(Debug, Clone)]
pub(crate) struct Geometry {
    /// The board's points, by dense index.
    pub points: Vec<Point>,
    /// Each core point index's dense index (`u8::MAX` off the board).
    dense: [u8; 128],
    /// Per point, where an attacker may step (on an empty board).
    pub steps: Vec<u64>,
    /// Per point, where a defender may step.
    pub neighbours: Vec<u64>,
    /// Per point, its jumps.
    pub jumps: Vec<Jumps>,
    /// The fortress.
    pub fortress: u64,
    /// Per point, its mirror image.
    pub mirror: Vec<u8>,
    /// Per point, its march potential: the most attacker steps that can
    /// follow from it, counting none within a circle (points an attacker
    /// can step between both ways, which only `repeating` allows).
    pub potential: Vec<u8>,
    /// Whether attackers can step in a circle.
    pub circles: bool,
}

/// A point's jumps: the points a defender there may jump over, and where
/// each lands (one point a neighbour: the line goes on straight).
#[derive(Debug, Clone)]
pub(crate) struct Jumps {
    /// The points it may jump over.
    pub over: u64,
    /// Per point jumped over, the point it lands on.
    pub land: [u8; 64],
}

impl Geometry {
    /// The geometry of `rules`' board and attacker moves.
    ///
    /// # Errors
    ///
    /// The board has more than 64 points, is not its own mirror image, or
    /// lets attackers step in a circle.
    pub fn new(rules: &Rules) -> Result<Geometry, TablesError> {
        let geometry = Geometry::repeating(rules)?;
        if geometry.circles {
            return Err(TablesError::Asked(
                "attackers can step in a circle under these rules, so positions can repeat"
                    .to_owned(),
            ));
        }
        Ok(geometry)
    }

    /// The geometry of `rules`' board and attacker moves, where attackers
    /// may step in circles (`march=not-away`): the points of a circle
    /// share a potential, so a step within it keeps the attackers' level.
    ///
    /// # Errors
    ///
    /// The board has more than 64 points or is not its own mirror image.
    pub fn repeating(rules: &Rules) -> Result<Geometry, TablesError> {
        let board = rules.board();
        let points: Vec<Point> = board.points().iter().collect();
        if points.len() > 64 {
            return Err(TablesError::Asked(format!(
                "endgame tables need a board of at most 64 points ({} has {})",
                rules.board,
                points.len()
            )));
        }
        let mut dense = [u8::MAX; 128];
        for (i, p) in points.iter().enumerate() {
            dense[usize::from(p.index())] = i as u8;
        }
        let set = |s: PointSet| {
            s.iter()
                .fold(0u64, |m, p| m | 1 << dense[usize::from(p.index())])
        };
        let steps: Vec<u64> = points
            .iter()
            .map(|&p| set(rules.attacker_steps(p)))
            .collect();
        let neighbours: Vec<u64> = points.iter().map(|&p| set(board.neighbours(p))).collect();
        let jumps = points
            .iter()
            .map(|&p| {
                let (px, py) = board.xy(p);
                let mut jumps = Jumps {
                    over: 0,
                    land: [0; 64],
                };
                for over in board.neighbours(p).iter() {
                    let (ox, oy) = board.xy(over);
                    let Some(land) = (2 * ox)
                        .checked_sub(px)
                        .zip((2 * oy).checked_sub(py))
                        .and_then(|(x, y)| board.point_at(x, y))
                        .filter(|&land| board.line(over, land).is_some())
                    else {
                        continue;
                    };
                    let over = dense[usize::from(over.index())];
                    jumps.over |= 1 << over;
                    jumps.land[usize::from(over)] = dense[usize::from(land.index())];
                }
                jumps
            })
            .collect();
        let width = board.width();
        let mirror: Vec<u8> = points
            .iter()
            .map(|&p| {
                let (x, y) = board.xy(p);
                board
                    .point_at(width - 1 - x, y)
                    .map(|q| dense[usize::from(q.index())])
                    .ok_or_else(|| {
                        TablesError::Asked(format!(
                            "the board {} is not its own mirror image",
                            rules.board
                        ))
                    })
            })
            .collect::<Result<_, _>>()?;
        let mut geometry = Geometry {
            points,
            dense,
            steps,
            neighbours,
            jumps,
            fortress: set(board.fortress()),
            mirror,
            potential: Vec::new(),
            circles: false,
        };
        for p in 0..geometry.points.len() {
            let m = usize::from(geometry.mirror[p]);
            if geometry.mirror_set(geometry.steps[p]) != geometry.steps[m]
                || geometry.mirror_set(geometry.neighbours[p]) != geometry.neighbours[m]
            {
                return Err(TablesError::Asked(format!(
                    "the board {} is not its own mirror image",
                    rules.board
                )));
            }
        }
        (geometry.potential, geometry.circles) = geometry.potentials();
        Ok(geometry)
    }

    /// How many points the board has.
    pub fn len(&self) -> u32 {
        self.points.len() as u32
    }

    /// Every point.
    pub fn all(&self) -> u64 {
        u64::MAX >> (64 - self.len())
    }

    /// `set` as the tables write it.
    pub fn set(&self, set: PointSet) -> u64 {
        set.iter()
            .fold(0, |m, p| m | 1 << self.dense[usize::from(p.index())])
    }

    /// The core's set of the tables' `set`.
    pub fn points_of(&self, set: u64) -> PointSet {
        bits(set).map(|i| self.points[i as usize]).collect()
    }

    /// Whether a defender on `x` or `y` can capture with the attackers on
    /// `set`: it jumps an attacker to an empty point.
    pub fn can_capture(&self, set: u64, x: u32, y: u32) -> bool {
        [(x, y), (y, x)].iter().any(|&(d, other)| {
            let jumps = &self.jumps[d as usize];
            let taken = set | 1 << other;
            bits(jumps.over & set).any(|b| taken >> jumps.land[b as usize] & 1 == 0)
        })
    }

    /// The mirror image of `set`.
    pub fn mirror_set(&self, set: u64) -> u64 {
        bits(set).fold(0, |m, i| m | 1 << self.mirror[i as usize])
    }

    /// The level of an attacker set: the sum of its points' potentials.
    /// Every attacker step lowers it.
    pub fn level(&self, set: u64) -> u32 {
        bits(set)
            .map(|i| u32::from(self.potential[i as usize]))
            .sum()
    }

    /// Each point's potential, and whether attackers can step in a
    /// circle. A point's circle is itself and the points it can reach and
    /// come back from; a step within it adds nothing, so all its points
    /// share one potential (without circles: the longest path).
    fn potentials(&self) -> (Vec<u8>, bool) {
        let n = self.points.len();
        // Where one or more steps lead from each point.
        let mut reach = self.steps.clone();
        let mut changed = true;
        while changed {
            changed = false;
            for p in 0..n {
                let r = bits(reach[p]).fold(reach[p], |m, q| m | reach[q as usize]);
                changed |= r != reach[p];
                reach[p] = r;
            }
        }
        let circle: Vec<u64> = (0..n)
            .map(|p| {
                bits(reach[p])
                    .filter(|&q| reach[q as usize] >> p & 1 == 1)
                    .fold(1 << p, |m, q| m | 1 << q)
            })
            .collect();
        let circles = (0..n).any(|p| reach[p] >> p & 1 == 1);
        // Relax until nothing changes: the circles' order has no cycle, so
        // at most n rounds.
        let mut known = vec![0u8; n];
        for _ in 0..=n {
            let mut changed = false;
            for p in 0..n {
                let best = bits(self.steps[p])
                    .map(|q| known[q as usize] + u8::from(circle[p] >> q & 1 == 0))
                    .max()
                    .unwrap_or(0);
                changed |= best != known[p];
                known[p] = best;
            }
            if !changed {
                break;
            }
        }
        (known, circles)
    }
}

/// The members of `set`, lowest first.
pub(crate) fn bits(mut set: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros();
            set &= set - 1;
            i
        })
    })
}
