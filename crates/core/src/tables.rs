//! Movement tables: which lines each piece may use under a rule set.
//!
//! Every attacker rule of RULES.md §4 (`march`, `inside`, `marked-lines`)
//! is a property of a line and a direction, so it is compiled once into one
//! mask per direction: the points an attacker may leave that way. Tables are
//! built on first use and kept for the life of the program; there are at
//! most 6 boards × 4 marches × 2 × 2 of them.

use std::sync::OnceLock;

use crate::board::{Board, BoardId, DIRECTIONS, SHIFTS};
use crate::point::Point;
use crate::rules::{Inside, March, Rules};

/// The compiled movement rules of one board and attacker rule.
#[derive(Debug)]
pub(crate) struct Tables {
    /// The board.
    pub board: &'static Board,
    /// Per direction, the points an attacker may step from that way.
    pub attacker: [u128; 8],
    /// Per direction, the points a defender may step from that way.
    pub defender: [u128; 8],
    /// Per direction, the points a defender may jump from that way (two
    /// lines in a row).
    pub jumps: [u128; 8],
    /// Per point index, the `(over, land)` index pairs of its jumps (128
    /// entries, so that an index masked with 127 needs no bounds check).
    pub jumps_from: [JumpList; 128],
    /// The board's points.
    pub points: u128,
    /// The board's fortress.
    pub fortress: u128,
    /// Whether the board needs 128-bit words.
    pub wide: bool,
}

/// The jumps from one point: up to eight `(over, land)` pairs.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct JumpList {
    pairs: [(u8, u8); 8],
    len: u8,
}

impl JumpList {
    /// The pairs.
    #[inline]
    pub fn pairs(&self) -> &[(u8, u8)] {
        &self.pairs[..usize::from(self.len)]
    }
}

const COUNT: usize = BoardId::ALL.len() * March::ALL.len() * 2 * 2;

/// The tables for `rules`.
pub(crate) fn tables(rules: &Rules) -> &'static Tables {
    static TABLES: [OnceLock<Tables>; COUNT] = [const { OnceLock::new() }; COUNT];
    let index = ((rules.board as usize * March::ALL.len() + rules.march as usize) * 2
        + rules.inside as usize)
        * 2
        + usize::from(rules.marked_lines);
    TABLES[index].get_or_init(|| Tables::new(rules))
}

impl Rules {
    /// The points an attacker on `from` may step to when they are empty
    /// (RULES.md §4: `march`, `inside`, `marked-lines`).
    pub fn attacker_steps(&self, from: Point) -> crate::PointSet {
        let t = tables(self);
        let mut to = crate::PointSet::EMPTY;
        for (d, &shift) in SHIFTS.iter().enumerate() {
            if t.attacker[d] >> from.index() & 1 == 1 {
                to.insert(Point::from_index((from.index() as i8 + shift) as u8).expect("line end"));
            }
        }
        to
    }
}

impl Tables {
    fn new(rules: &Rules) -> Tables {
        let board = rules.board();
        let mut attacker = [0; 8];
        for p in board.points() {
            for (d, &shift) in SHIFTS.iter().enumerate() {
                if board.edges[d] >> p.index() & 1 == 1 {
                    let q = Point::from_index((p.index() as i8 + shift) as u8).expect("line end");
                    let marked = board.marked[d] >> p.index() & 1 == 1;
                    if attacker_may_step(board, rules, p, q, DIRECTIONS[d], marked) {
                        attacker[d] |= 1 << p.index();
                    }
                }
            }
        }
        let edges = board.edges;
        let jumps = std::array::from_fn(|d| {
            let s = SHIFTS[d];
            let beyond = if s >= 0 {
                edges[d] >> s
            } else {
                edges[d] << -s
            };
            edges[d] & beyond
        });
        let mut jumps_from = [JumpList::default(); 128];
        for (d, &shift) in SHIFTS.iter().enumerate() {
            for p in crate::PointSet(jumps[d]) {
                let list = &mut jumps_from[usize::from(p.index())];
                let over = (p.index() as i8 + shift) as u8;
                list.pairs[usize::from(list.len)] = (over, (over as i8 + shift) as u8);
                list.len += 1;
            }
        }
        let points = board.points().0;
        Tables {
            board,
            attacker,
            defender: edges,
            jumps,
            jumps_from,
            points,
            fortress: board.fortress().0,
            wide: points >> 64 != 0,
        }
    }
}

/// RULES.md §4: may an attacker step from `p` to `q` (direction `(dx, dy)`)?
fn attacker_may_step(
    board: &Board,
    rules: &Rules,
    p: Point,
    q: Point,
    (_, dy): (i8, i8),
    marked: bool,
) -> bool {
    let fortress = board.fortress();
    let (from_inside, to_inside) = (fortress.contains(p), fortress.contains(q));
    if marked && rules.marked_lines {
        return false;
    }
    if rules.march != March::Any && from_inside && !to_inside {
        return false;
    }
    if rules.inside == Inside::Free && from_inside && to_inside {
        return true;
    }
    // The fortress columns are the x values of its bottom row.
    let bottom = fortress.iter().map(|f| board.xy(f).1).max().unwrap_or(0);
    let columns = fortress
        .iter()
        .filter(|&f| board.xy(f).1 == bottom)
        .map(|f| board.xy(f).0);
    let (left, right) = (
        columns.clone().min().unwrap_or(0),
        columns.max().unwrap_or(0),
    );
    let distance = |x: u8| left.saturating_sub(x).max(x.saturating_sub(right));
    let ((px, py), (qx, _)) = (board.xy(p), board.xy(q));
    match rules.march {
        March::Any => true,
        March::NotBackward => dy <= 0,
        March::NotAway => dy < 0 || (dy == 0 && distance(qx) <= distance(px)),
        March::Forward => {
            dy < 0 || (dy == 0 && py == bottom && !from_inside && distance(qx) < distance(px))
        }
    }
}
