//! Move text and game records (RULES.md §8).
//!
//! * step: `c3-c4`; capture: start and every landing joined by `x`
//!   (`d5xd3xf3`); placement: `@c6`.
//! * Records, a rule set followed by moves, are `crate::record`'s.
//!
//! Parsing needs no position and accepts exactly these forms (lower-case
//! point names, no spaces inside a move). [`MoveText::to_move`] then finds
//! the legal move in a position; any route of a capture is accepted.
//! [`MoveText::from_move`] writes a capture as the route that sorts first.

use std::fmt;
use std::str::FromStr;

use crate::moves::Move;
use crate::point::{ParsePointError, Point};
use crate::position::Position;

/// The text of one move, read without a position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MoveText {
    /// `@c6`.
    Place(Point),
    /// `c3-c4`.
    Step(Point, Point),
    /// `d5xd3xf3`: the start and every landing point.
    Capture(Vec<Point>),
}

impl MoveText {
    /// The text of legal move `m` in `pos`; a capture is written as the
    /// route that sorts first.
    pub fn from_move(pos: &Position, m: &Move) -> MoveText {
        match *m {
            Move::Place { to } => MoveText::Place(to),
            Move::Step { from, to, .. } => MoveText::Step(from, to),
            Move::Capture { from, to, .. } => {
                MoveText::Capture(pos.capture_route(m).unwrap_or_else(|| vec![from, to]))
            }
        }
    }

    /// The legal move this text names in `pos`.
    ///
    /// # Errors
    ///
    /// When no legal move matches, or a capture route is not one the
    /// defender may take.
    pub fn to_move(&self, pos: &Position) -> Result<Move, IllegalMove> {
        let illegal = || IllegalMove(self.clone());
        let moves = pos.legal_moves();
        let found = match self {
            MoveText::Place(p) => moves
                .into_iter()
                .find(|m| matches!(m, Move::Place { to } if to == p)),
            MoveText::Step(a, b) => moves
                .into_iter()
                .find(|m| matches!(m, Move::Step { from, to, .. } if from == a && to == b)),
            MoveText::Capture(route) => {
                let captured = pos.route_captures(route).ok_or_else(illegal)?;
                let (from, to) = (route[0], route[route.len() - 1]);
                moves.into_iter().find(|m| {
                    m.is_capture()
                        && m.from() == Some(from)
                        && m.to() == to
                        && m.captured() == captured
                })
            }
        };
        found.ok_or_else(illegal)
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveText::Place(p) => write!(f, "@{p}"),
            MoveText::Step(a, b) => write!(f, "{a}-{b}"),
            MoveText::Capture(route) => {
                for (i, p) in route.iter().enumerate() {
                    write!(f, "{}{p}", if i > 0 { "x" } else { "" })?;
                }
                Ok(())
            }
        }
    }
}

/// The text is not a move: `@c6`, `c3-c4` or `d5xd3xf3` expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseMoveError(pub String);

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a move (expected @c6, c3-c4 or d5xd3xf3)",
            self.0
        )
    }
}

impl std::error::Error for ParseMoveError {}

impl FromStr for MoveText {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<MoveText, ParseMoveError> {
        let err = |_: ParsePointError| ParseMoveError(s.to_owned());
        if let Some(rest) = s.strip_prefix('@') {
            return rest.parse().map(MoveText::Place).map_err(err);
        }
        if let Some((a, b)) = s.split_once('-') {
            return Ok(MoveText::Step(
                a.parse().map_err(err)?,
                b.parse().map_err(err)?,
            ));
        }
        let route: Vec<Point> = s
            .split('x')
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(err)?;
        if route.len() < 2 {
            return Err(ParseMoveError(s.to_owned()));
        }
        Ok(MoveText::Capture(route))
    }
}

/// No legal move has this text in the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove(pub MoveText);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.0)
    }
}

impl std::error::Error for IllegalMove {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_text_round_trips() {
        for s in ["@c6", "c3-c4", "d5xd3xf3", "c5xc3xe3xe5xc5"] {
            assert_eq!(s.parse::<MoveText>().expect(s).to_string(), s);
        }
    }

    #[test]
    fn bad_move_text_is_rejected() {
        for s in [
            "", "@", "c3-", "-c4", "c3-c4-c5", "c3", "c3x", "xc3", "c3--c4", "C3-C4", "@c6x",
        ] {
            let err = s.parse::<MoveText>().expect_err(s);
            assert!(err.to_string().contains("is not a move"), "{s}");
        }
    }
}
