//! Board geometry: points, lines, marked lines and the fortress.
//!
//! Every board is drawn in [`crate::boards`] as a picture of itself, and
//! parsed once, on first use, into a [`Board`]. The geometry is that of
//! RULES.md §1 and boards.md; `tests/boards.rs` checks it against a copy of
//! `boards.json`.
//!
//! Coordinates `(x, y)` follow boards.md: `x` grows to the right, `y` grows
//! downward and the fortress is at the top. Point names count ranks from
//! the bottom, so `rank = height − y`.

use std::sync::OnceLock;

use crate::names::named_enum;
use crate::point::{Point, PointSet, STRIDE};

/// The eight directions `(dx, dy)` a line can run in, in boards.md
/// coordinates (`y` down). Direction `7 − d` is the opposite of `d`.
pub(crate) const DIRECTIONS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// How far [`Point::index`] moves for one step in each of [`DIRECTIONS`].
pub(crate) const SHIFTS: [i8; 8] = {
    let mut shifts = [0; 8];
    let mut i = 0;
    while i < 8 {
        shifts[i] = DIRECTIONS[i].0 - STRIDE as i8 * DIRECTIONS[i].1;
        i += 1;
    }
    shifts
};

named_enum! {
    /// The boards of RULES.md §1.
    pub enum BoardId as "board" {
        /// The 33-point cross with alternate diagonals; 22 horizontals marked.
        Standard = "standard",
        /// The cross without diagonals outside the fortress; same marked lines.
        Simplified = "simplified",
        /// The Fuchs und Henne board, as drawn (side diamonds open).
        FuchsUndHenne = "fuchs-und-henne",
        /// Eggenweiler's 2 Contra 20 board, nearly every diagonal.
        Contra20 = "contra-20",
        /// The 67-point Grosses Festungs-Spiel / Belagerung / Royal Garrison board.
        Grosses = "grosses",
        /// Royal Garrison with all diagonals.
        RoyalDiagonals = "royal-diagonals",
    }
}

impl BoardId {
    /// The board's geometry, built on first use.
    pub fn board(self) -> &'static Board {
        static BOARDS: [OnceLock<Board>; 6] = [const { OnceLock::new() }; 6];
        BOARDS[self as usize].get_or_init(|| {
            Board::from_art(self, art(self))
                .unwrap_or_else(|e| panic!("board {} is drawn wrongly: {e}", self.name()))
        })
    }
}

/// A line joining two adjacent points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Line {
    /// The end with the smaller index.
    pub a: Point,
    /// The end with the larger index.
    pub b: Point,
    /// Whether the line is marked (forbidden to attackers under
    /// `marked-lines=on`; drawn dashed).
    pub marked: bool,
}

/// The geometry of one board.
#[derive(Debug)]
pub struct Board {
    id: BoardId,
    width: u8,
    height: u8,
    points: PointSet,
    fortress: PointSet,
    lines: Vec<Line>,
    /// Per direction of [`DIRECTIONS`], the points with a line leaving that way.
    pub(crate) edges: [u128; 8],
    /// Per direction, the points with a marked line leaving that way.
    pub(crate) marked: [u128; 8],
}

impl Board {
    /// Which board this is.
    pub fn id(&self) -> BoardId {
        self.id
    }

    /// Number of columns (7 or 9).
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Number of rows (7 or 9).
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Every point of the board.
    pub fn points(&self) -> PointSet {
        self.points
    }

    /// The fortress points.
    pub fn fortress(&self) -> PointSet {
        self.fortress
    }

    /// Every line, each once, ordered by their ends' indices.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// Whether `p` is a point of this board.
    pub fn contains(&self, p: Point) -> bool {
        self.points.contains(p)
    }

    /// The boards.md coordinates `(x, y)` of `p` (`y` counted down from the top).
    pub fn xy(&self, p: Point) -> (u8, u8) {
        (p.file(), self.height - p.rank())
    }

    /// The point at boards.md coordinates `(x, y)`, if the board has one there.
    pub fn point_at(&self, x: u8, y: u8) -> Option<Point> {
        let p = Point::new(x, self.height.checked_sub(y)?)?;
        self.contains(p).then_some(p)
    }

    /// The line joining `a` and `b`, if there is one.
    pub fn line(&self, a: Point, b: Point) -> Option<Line> {
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        self.lines.iter().find(|l| l.a == a && l.b == b).copied()
    }

    /// The points joined to `p` by a line.
    pub fn neighbours(&self, p: Point) -> PointSet {
        self.lines
            .iter()
            .filter_map(|l| match () {
                _ if l.a == p => Some(l.b),
                _ if l.b == p => Some(l.a),
                _ => None,
            })
            .collect()
    }

    /// Draws the board as the source pictures draw it (4 columns and 2 rows
    /// per point: `---` and `...` for plain and marked lines, `|`, `\`, `/`
    /// and `X` between ranks), with `mark(p)` as the character of each point.
    pub fn draw(&self, mark: impl Fn(Point) -> char) -> String {
        let (w, h) = (usize::from(self.width), usize::from(self.height));
        let mut rows = vec![vec![b' '; 4 * w - 3]; 2 * h - 1];
        let at = |x: usize, y: usize| self.point_at(x as u8, y as u8);
        for y in 0..h {
            for x in 0..w {
                if let Some(p) = at(x, y) {
                    rows[2 * y][4 * x] = mark(p).try_into().unwrap_or(b'?');
                }
            }
        }
        for line in &self.lines {
            let ((x1, y1), (x2, y2)) = (self.xy(line.a), self.xy(line.b));
            let (x, y) = (usize::from(x1.min(x2)), usize::from(y1.min(y2)));
            if y1 == y2 {
                let dash = if line.marked { b"..." } else { b"---" };
                rows[2 * y][4 * x + 1..4 * x + 4].copy_from_slice(dash);
            } else if x1 == x2 {
                rows[2 * y + 1][4 * x] = b'|';
            } else {
                let cell = &mut rows[2 * y + 1][4 * x + 2];
                let down_right = (x1 < x2) == (y1 < y2);
                *cell = match (*cell, down_right) {
                    (b' ', true) => b'\\',
                    (b' ', false) => b'/',
                    _ => b'X',
                };
            }
        }
        let rows: Vec<String> = rows
            .into_iter()
            .map(|r| String::from_utf8_lossy(&r).trim_end().to_owned())
            .collect();
        rows.join("\n")
    }

    /// Parses a board picture (see [`crate::boards`]).
    fn from_art(id: BoardId, art: &str) -> Result<Board, String> {
        let rows: Vec<&[u8]> = art
            .trim_start_matches('\n')
            .lines()
            .map(str::as_bytes)
            .collect();
        let height = rows.len().div_ceil(2);
        let width = rows.iter().map(|r| r.len().div_ceil(4)).max().unwrap_or(0);
        if height > STRIDE as usize || width > STRIDE as usize {
            return Err(format!("{width} × {height} is larger than 9 × 9"));
        }
        let mut board = Board {
            id,
            width: width as u8,
            height: height as u8,
            points: PointSet::EMPTY,
            fortress: PointSet::EMPTY,
            lines: Vec::new(),
            edges: [0; 8],
            marked: [0; 8],
        };
        let at = |row: usize, col: usize| rows.get(row).and_then(|r| r.get(col)).copied();
        for y in 0..height {
            for x in 0..width {
                let p = board.grid_point(x, y)?;
                match at(2 * y, 4 * x) {
                    Some(b'F') => board.fortress.insert(p),
                    Some(b'o') => {}
                    Some(b' ') | None => continue,
                    Some(c) => return Err(format!("unexpected {:?} at ({x}, {y})", c as char)),
                }
                board.points.insert(p);
            }
        }
        let mut pairs = Vec::new();
        for y in 0..height {
            for x in 0..width {
                let horizontal = rows.get(2 * y).and_then(|r| r.get(4 * x + 1..4 * x + 4));
                match horizontal {
                    Some(b"---") => pairs.push(((x, y), (x + 1, y), false)),
                    Some(b"...") => pairs.push(((x, y), (x + 1, y), true)),
                    Some(b"   ") | Some(b"") | None => {}
                    Some(s) => return Err(format!("bad line {s:?} right of ({x}, {y})")),
                }
                if at(2 * y + 1, 4 * x) == Some(b'|') {
                    pairs.push(((x, y), (x, y + 1), false));
                }
                let diagonal = at(2 * y + 1, 4 * x + 2);
                if matches!(diagonal, Some(b'\\' | b'X')) {
                    pairs.push(((x, y), (x + 1, y + 1), false));
                }
                if matches!(diagonal, Some(b'/' | b'X')) {
                    pairs.push(((x + 1, y), (x, y + 1), false));
                }
            }
        }
        for ((x1, y1), (x2, y2), marked) in pairs {
            let (a, b) = (board.grid_point(x1, y1)?, board.grid_point(x2, y2)?);
            if !board.contains(a) || !board.contains(b) {
                return Err(format!("line ({x1}, {y1})–({x2}, {y2}) leaves the board"));
            }
            board.add_line(a, b, marked);
        }
        Ok(board)
    }

    fn grid_point(&self, x: usize, y: usize) -> Result<Point, String> {
        (self.height as usize)
            .checked_sub(y)
            .and_then(|rank| Point::new(x as u8, rank as u8))
            .ok_or_else(|| format!("({x}, {y}) is outside the board"))
    }

    fn add_line(&mut self, a: Point, b: Point, marked: bool) {
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        // In order of their points, kept as they come.
        let at = self.lines.partition_point(|l| (l.a, l.b) < (a, b));
        self.lines.insert(at, Line { a, b, marked });
        for (from, to) in [(a, b), (b, a)] {
            let shift = to.index() as i8 - from.index() as i8;
            if let Some(d) = SHIFTS.iter().position(|&s| s == shift) {
                self.edges[d] |= 1 << from.index();
                if marked {
                    self.marked[d] |= 1 << from.index();
                }
            }
        }
    }
}

/// The picture of `board` (drawn in [`crate::boards`]).
fn art(board: BoardId) -> &'static str {
    use crate::boards::{
        CONTRA_20, FUCHS_UND_HENNE, GROSSES, ROYAL_DIAGONALS, SIMPLIFIED, STANDARD,
    };
    match board {
        BoardId::Standard => STANDARD,
        BoardId::Simplified => SIMPLIFIED,
        BoardId::FuchsUndHenne => FUCHS_UND_HENNE,
        BoardId::Contra20 => CONTRA_20,
        BoardId::Grosses => GROSSES,
        BoardId::RoyalDiagonals => ROYAL_DIAGONALS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_parses_with_the_counts_of_rules_md() {
        let expected = [
            (33, 72, 9),
            (33, 56, 9),
            (33, 82, 9),
            (33, 92, 9),
            (67, 164, 17),
        ];
        for (&id, (points, lines, fortress)) in BoardId::ALL.iter().zip(expected) {
            let b = id.board();
            assert_eq!(b.points().len(), points, "{id}");
            assert_eq!(b.lines().len(), lines, "{id}");
            assert_eq!(b.fortress().len(), fortress, "{id}");
        }
        let royal = BoardId::RoyalDiagonals.board();
        assert_eq!((royal.points().len(), royal.lines().len()), (67, 214));
    }

    #[test]
    fn opposite_directions_mirror() {
        for d in 0..8 {
            assert_eq!(DIRECTIONS[7 - d], (-DIRECTIONS[d].0, -DIRECTIONS[d].1));
        }
    }

    #[test]
    fn edges_follow_lines_in_both_directions() {
        for &id in BoardId::ALL {
            let b = id.board();
            let total: u32 = b.edges.iter().map(|e| e.count_ones()).sum();
            assert_eq!(total as usize, 2 * b.lines().len(), "{id}");
            let marked: u32 = b.marked.iter().map(|e| e.count_ones()).sum();
            let marked_lines = b.lines().iter().filter(|l| l.marked).count();
            assert_eq!(marked as usize, 2 * marked_lines, "{id}");
        }
    }

    #[test]
    fn drawing_a_board_gives_back_its_picture() {
        for &id in BoardId::ALL {
            let b = id.board();
            let drawn = b.draw(|p| if b.fortress().contains(p) { 'F' } else { 'o' });
            assert_eq!(drawn, art(id).trim_start_matches('\n'), "{id}");
        }
    }

    #[test]
    fn names_round_trip() {
        for &id in BoardId::ALL {
            assert_eq!(id.name().parse(), Ok(id));
        }
        assert!("cross".parse::<BoardId>().is_err());
    }

    #[test]
    fn coordinates_follow_boards_md() {
        let b = BoardId::Standard.board();
        let c5: Point = "c5".parse().expect("point");
        assert_eq!(b.xy(c5), (2, 2));
        assert_eq!(b.point_at(2, 2), Some(c5));
        assert_eq!(b.point_at(0, 0), None);
        let g = BoardId::Grosses.board();
        assert_eq!(g.point_at(2, 2).map(|p| p.to_string()), Some("c7".into()));
    }
}
