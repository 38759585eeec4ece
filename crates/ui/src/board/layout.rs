//! Where the board sits on the canvas: points to pixels and back.
//!
//! Pure geometry in CSS pixels, tested natively. The canvas backing store is
//! scaled by the device pixel ratio elsewhere; nothing here knows about it.

use asalto_core::{Board, Point};

/// Room around the outermost points, in spacings: a piece's radius plus the
/// coordinate letters.
const MARGIN: f64 = 0.8;

/// A touch or click this close to a point (in spacings) hits it: half the
/// spacing, so a tap goes to the nearest point.
const HIT_RADIUS: f64 = 0.5;

/// A length as a style property takes it, in whole CSS pixels (whole:
/// integers format with little code, floats with much).
pub fn px(length: f64) -> String {
    format!("{}px", length.round() as i32)
}

/// The board fitted into a rectangle of CSS pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    /// Pixel position of boards.md coordinate (0, 0).
    pub origin: (f64, f64),
    /// Distance between adjacent points.
    pub spacing: f64,
    /// Columns and rows of the board.
    pub size: (u8, u8),
    /// Whether the board is drawn upside down (attackers at the top).
    pub flipped: bool,
}

impl Layout {
    /// The largest board that fits `width` × `height`, centred.
    pub fn fit(board: &Board, width: f64, height: f64, flipped: bool) -> Layout {
        let (w, h) = (f64::from(board.width()), f64::from(board.height()));
        let spacing = (width / (w - 1.0 + 2.0 * MARGIN))
            .min(height / (h - 1.0 + 2.0 * MARGIN))
            .max(1.0);
        let origin = (
            (width - (w - 1.0) * spacing) / 2.0,
            (height - (h - 1.0) * spacing) / 2.0,
        );
        Layout {
            origin,
            spacing,
            size: (board.width(), board.height()),
            flipped,
        }
    }

    /// The board's rectangle with its margin, `(x, y, width, height)`: the
    /// whole canvas when the canvas has the board's shape.
    pub fn area(&self) -> (f64, f64, f64, f64) {
        let margin = MARGIN * self.spacing;
        let (w, h) = (
            f64::from(self.size.0 - 1) * self.spacing,
            f64::from(self.size.1 - 1) * self.spacing,
        );
        (
            self.origin.0 - margin,
            self.origin.1 - margin,
            w + 2.0 * margin,
            h + 2.0 * margin,
        )
    }

    /// The centre of point `p`.
    pub fn pixel(&self, p: Point) -> (f64, f64) {
        let (x, y) = (p.file(), self.size.1 - p.rank());
        let (x, y) = if self.flipped {
            (self.size.0 - 1 - x, self.size.1 - 1 - y)
        } else {
            (x, y)
        };
        (
            self.origin.0 + f64::from(x) * self.spacing,
            self.origin.1 + f64::from(y) * self.spacing,
        )
    }

    /// The point of `board` under pixel `(x, y)`, if one is near enough.
    pub fn point_at(&self, board: &Board, x: f64, y: f64) -> Option<Point> {
        let gx = ((x - self.origin.0) / self.spacing).round();
        let gy = ((y - self.origin.1) / self.spacing).round();
        let (w, h) = (f64::from(self.size.0), f64::from(self.size.1));
        if !(0.0..w).contains(&gx) || !(0.0..h).contains(&gy) {
            return None;
        }
        let (gx, gy) = if self.flipped {
            (w - 1.0 - gx, h - 1.0 - gy)
        } else {
            (gx, gy)
        };
        // In range 0..9 after the check above, so the casts are exact.
        let p = board.point_at(gx as u8, gy as u8)?;
        let (px, py) = self.pixel(p);
        let near = (px - x).hypot(py - y) <= HIT_RADIUS * self.spacing;
        near.then_some(p)
    }

    /// The files' letters and the ranks' numbers, each with the pixel of
    /// its centre: the letters under the bottom row, the numbers left of
    /// the left column, as the board is shown.
    pub fn coordinates(&self) -> Vec<((f64, f64), String)> {
        let (w, h) = self.size;
        let gap = self.spacing * 0.58;
        let (bottom, left) = if self.flipped { (h, w - 1) } else { (1, 0) };
        let files = (0..w).filter_map(|file| {
            let (x, y) = self.pixel(Point::new(file, bottom)?);
            Some(((x, y + gap), char::from(b'a' + file).to_string()))
        });
        let ranks = (1..=h).filter_map(|rank| {
            let (x, y) = self.pixel(Point::new(left, rank)?);
            Some(((x - gap, y), rank.to_string()))
        });
        files.chain(ranks).collect()
    }

    /// Radius of an attacker's disc.
    pub fn attacker_radius(&self) -> f64 {
        self.spacing * 0.3
    }

    /// Radius of a defender's disc.
    pub fn defender_radius(&self) -> f64 {
        self.spacing * 0.36
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use asalto_core::BoardId;

    fn point(name: &str) -> Point {
        name.parse().expect("a point name")
    }

    #[test]
    fn every_point_is_hit_at_its_centre_and_near_it() {
        for &id in BoardId::ALL {
            let board = id.board();
            for flipped in [false, true] {
                let layout = Layout::fit(board, 333.0, 517.0, flipped);
                for p in board.points() {
                    let (x, y) = layout.pixel(p);
                    assert_eq!(layout.point_at(board, x, y), Some(p));
                    // Up to half the spacing: a tap goes to the nearest point.
                    let off = layout.spacing * 0.49;
                    assert_eq!(layout.point_at(board, x + off, y), Some(p));
                    assert_eq!(layout.point_at(board, x, y - off), Some(p));
                    let diagonal = layout.spacing * 0.34;
                    assert_eq!(layout.point_at(board, x - diagonal, y + diagonal), Some(p));
                }
            }
        }
    }

    #[test]
    fn between_points_and_outside_the_cross_nothing_is_hit() {
        let board = BoardId::Standard.board();
        let layout = Layout::fit(board, 400.0, 400.0, false);
        let (x, y) = layout.pixel(point("d4"));
        let half = layout.spacing / 2.0;
        assert_eq!(layout.point_at(board, x + half, y + half), None);
        // a1 is a corner of the grid outside the cross.
        let corner = (layout.origin.0, layout.origin.1 + 6.0 * layout.spacing);
        assert_eq!(layout.point_at(board, corner.0, corner.1), None);
        assert_eq!(layout.point_at(board, -50.0, -50.0), None);
        assert_eq!(layout.point_at(board, 1e9, 1e9), None);
    }

    #[test]
    fn lengths_are_whole_css_pixels() {
        assert_eq!(px(12.6), "13px");
        assert_eq!(px(0.4), "0px");
    }

    #[test]
    fn coordinates_run_along_the_bottom_and_left_edges_as_shown() {
        let board = BoardId::Standard.board();
        for flipped in [false, true] {
            let layout = Layout::fit(board, 400.0, 400.0, flipped);
            let labels = layout.coordinates();
            let texts: Vec<&str> = labels.iter().map(|(_, t)| t.as_str()).collect();
            assert_eq!(
                texts,
                [
                    "a", "b", "c", "d", "e", "f", "g", "1", "2", "3", "4", "5", "6", "7"
                ]
            );
            let (files, ranks) = labels.split_at(7);
            // Below the lowest row and left of the leftmost column.
            let lowest = (layout.origin.1 + 6.0 * layout.spacing, layout.origin.0);
            assert!(files.iter().all(|((_, y), _)| *y > lowest.0));
            assert!(ranks.iter().all(|((x, _), _)| *x < lowest.1));
            // a…g left to right, 1…7 upwards; flipped, the other way.
            let xs: Vec<f64> = files.iter().map(|((x, _), _)| *x).collect();
            let ys: Vec<f64> = ranks.iter().map(|((_, y), _)| *y).collect();
            assert_eq!(xs.is_sorted(), !flipped, "{xs:?}");
            assert_eq!(ys.iter().rev().is_sorted(), !flipped, "{ys:?}");
        }
    }

    #[test]
    fn the_board_fits_and_is_centred() {
        let board = BoardId::Grosses.board();
        let layout = Layout::fit(board, 300.0, 800.0, false);
        // Width-bound: 8 spacings plus the margins fill 300 px.
        assert!((layout.spacing * (8.0 + 2.0 * MARGIN) - 300.0).abs() < 1e-9);
        let (top, bottom) = (layout.pixel(point("a9")).1, layout.pixel(point("a1")).1);
        assert!((top - (800.0 - bottom)).abs() < 1e-9, "centred vertically");
        // Rank 1 is at the bottom, file a at the left; flipping swaps both.
        let flipped = Layout::fit(board, 300.0, 800.0, true);
        assert_eq!(flipped.pixel(point("a1")), layout.pixel(point("i9")));
        // The board's area is square, full width, centred.
        let (x, y, w, h) = layout.area();
        assert!(x.abs() < 1e-9 && (w - 300.0).abs() < 1e-9 && (h - w).abs() < 1e-9);
        assert!((y - (800.0 - y - h)).abs() < 1e-9);
        let square = Layout::fit(board, 300.0, 300.0, false).area();
        assert!(square.0.abs() < 1e-9 && square.1.abs() < 1e-9 && (square.2 - 300.0).abs() < 1e-9);
    }
}
