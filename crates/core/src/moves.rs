//! Moves, as the engine plays them.

use crate::point::{Point, PointSet};

/// A legal move, with what it does to the position.
///
/// Two capture chains with the same start, end and captured attackers are
/// one move (RULES.md §8); the route is recovered by
/// [`crate::MoveText::from_move`]. `huffed` lists the defenders removed after
/// the move for failing to capture (RULES.md §5), where they stand after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A free defender placed on an empty fortress point.
    Place {
        /// Where.
        to: Point,
    },
    /// A step along a line to an empty point.
    Step {
        /// Start.
        from: Point,
        /// End.
        to: Point,
        /// Defenders removed for failing to capture.
        huffed: PointSet,
    },
    /// A defender's chain of one or more jumps.
    Capture {
        /// Start.
        from: Point,
        /// End (may equal `from`).
        to: Point,
        /// The attackers jumped.
        captured: PointSet,
        /// Defenders removed for capturing fewer than the most possible.
        huffed: PointSet,
    },
}

impl Move {
    /// The start point; `None` for a placement.
    pub fn from(&self) -> Option<Point> {
        match *self {
            Move::Place { .. } => None,
            Move::Step { from, .. } | Move::Capture { from, .. } => Some(from),
        }
    }

    /// The end point.
    pub fn to(&self) -> Point {
        match *self {
            Move::Place { to } | Move::Step { to, .. } | Move::Capture { to, .. } => to,
        }
    }

    /// The attackers captured (empty unless a capture).
    pub fn captured(&self) -> PointSet {
        match *self {
            Move::Capture { captured, .. } => captured,
            _ => PointSet::EMPTY,
        }
    }

    /// The defenders removed for failing to capture.
    pub fn huffed(&self) -> PointSet {
        match *self {
            Move::Step { huffed, .. } | Move::Capture { huffed, .. } => huffed,
            Move::Place { .. } => PointSet::EMPTY,
        }
    }

    /// Whether this is a capture.
    pub fn is_capture(&self) -> bool {
        matches!(self, Move::Capture { .. })
    }

    /// Whether `self` and `other` are the same move by RULES.md §8 (start,
    /// end and captured set), whatever their recorded huffs.
    pub fn same_as(&self, other: &Move) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
            && self.from() == other.from()
            && self.to() == other.to()
            && self.captured() == other.captured()
    }
}
