//! The keyboard's cursor on the board: the arrow keys move it along the
//! board's lines, not over a square grid.
//!
//! Pure Rust, tested natively; `points` moves the focus among the board's
//! point elements with it.

use asalto_core::{Board, Point};

/// An arrow key's direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrow {
    /// Towards the higher ranks (up the board as the white side sees it).
    Up,
    /// Towards rank 1.
    Down,
    /// Towards file a.
    Left,
    /// Away from file a.
    Right,
}

impl Arrow {
    /// The arrow of a `KeyboardEvent.key`, if it is one.
    pub fn from_key(key: &str) -> Option<Arrow> {
        match key {
            "ArrowUp" => Some(Arrow::Up),
            "ArrowDown" => Some(Arrow::Down),
            "ArrowLeft" => Some(Arrow::Left),
            "ArrowRight" => Some(Arrow::Right),
            _ => None,
        }
    }

    /// The arrow as seen on a board turned round.
    pub fn flipped(self) -> Arrow {
        match self {
            Arrow::Up => Arrow::Down,
            Arrow::Down => Arrow::Up,
            Arrow::Left => Arrow::Right,
            Arrow::Right => Arrow::Left,
        }
    }

    /// Its direction in files and ranks.
    fn delta(self) -> (i32, i32) {
        match self {
            Arrow::Up => (0, 1),
            Arrow::Down => (0, -1),
            Arrow::Left => (-1, 0),
            Arrow::Right => (1, 0),
        }
    }
}

fn offset(from: Point, to: Point) -> (i32, i32) {
    (
        i32::from(to.file()) - i32::from(from.file()),
        i32::from(to.rank()) - i32::from(from.rank()),
    )
}

/// Where the cursor goes from `from` for `arrow`: the point joined to it by
/// a line in that direction; else the one joined by a line closest to that
/// direction (a diagonal where no straight line goes); else the nearest
/// point straight ahead, across a gap; else `from` itself.
pub fn step(board: &Board, from: Point, arrow: Arrow) -> Point {
    let (dx, dy) = arrow.delta();
    let ahead = |to: Point| {
        let (x, y) = offset(from, to);
        x * dx + y * dy
    };
    let along_line = board
        .neighbours(from)
        .iter()
        .filter(|&to| ahead(to) > 0)
        .min_by_key(|&to| {
            let (x, y) = offset(from, to);
            // Straight ahead first, then the smaller sideways drift.
            (x * dy - y * dx).abs()
        });
    if let Some(to) = along_line {
        return to;
    }
    board
        .points()
        .iter()
        .filter(|&to| {
            let (x, y) = offset(from, to);
            ahead(to) > 0 && x * dy - y * dx == 0
        })
        .min_by_key(|&to| ahead(to))
        .unwrap_or(from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use asalto_core::BoardId;

    fn p(name: &str) -> Point {
        name.parse().expect("a point")
    }

    #[test]
    fn arrows_follow_the_lines() {
        let board = BoardId::Standard.board();
        assert_eq!(step(board, p("d4"), Arrow::Right), p("e4"));
        assert_eq!(step(board, p("d4"), Arrow::Up), p("d5"));
        assert_eq!(step(board, p("d4"), Arrow::Down), p("d3"));
        assert_eq!(step(board, p("a3"), Arrow::Left), p("a3"), "the edge");
        assert_eq!(
            step(board, p("c7"), Arrow::Left),
            p("c7"),
            "the cross's arm"
        );
        assert_eq!(step(board, p("c1"), Arrow::Down), p("c1"));
    }

    #[test]
    fn every_point_can_reach_every_other() {
        for &id in BoardId::ALL {
            let board = id.board();
            let start = board.points().iter().next().expect("a point");
            let mut seen = vec![start];
            let mut i = 0;
            while i < seen.len() {
                for arrow in [Arrow::Up, Arrow::Down, Arrow::Left, Arrow::Right] {
                    let to = step(board, seen[i], arrow);
                    assert!(board.contains(to));
                    if !seen.contains(&to) {
                        seen.push(to);
                    }
                }
                i += 1;
            }
            assert_eq!(seen.len(), board.points().len(), "{id:?}");
        }
    }
}
