//! Move text and game records (RULES.md §8).
//!
//! * step: `c3-c4`; capture: start and every landing joined by `x`
//!   (`d5xd3xf3`); placement: `@c6`.
//! * A record is a rule set followed by moves, separated by white space:
//!   `assault d4-d5 c5-d4`.
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
use crate::rules::{ParseRulesError, Rules};

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

/// A game record: the rule set and the moves from the start.
///
/// ```
/// use asalto_core::Record;
/// let record: Record = "assault d4-d5 c5-d4".parse()?;
/// assert_eq!(record.moves.len(), 2);
/// assert_eq!(record.to_string(), "assault d4-d5 c5-d4");
/// # Ok::<_, asalto_core::ParseRecordError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Record {
    /// The rule set.
    pub rules: Rules,
    /// The moves, in order.
    pub moves: Vec<MoveText>,
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rules)?;
        for m in &self.moves {
            write!(f, " {m}")?;
        }
        Ok(())
    }
}

/// Why record text could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseRecordError {
    /// The text is empty.
    Empty,
    /// The rule set is wrong.
    Rules(ParseRulesError),
    /// A move is not move text.
    Move {
        /// Its place in the record, from 1.
        number: usize,
        /// What is wrong.
        error: ParseMoveError,
    },
}

impl fmt::Display for ParseRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseRecordError::Empty => f.write_str("empty record: expected a rule set and moves"),
            ParseRecordError::Rules(e) => e.fmt(f),
            ParseRecordError::Move { number, error } => write!(f, "move {number}: {error}"),
        }
    }
}

impl std::error::Error for ParseRecordError {}

impl FromStr for Record {
    type Err = ParseRecordError;

    fn from_str(s: &str) -> Result<Record, ParseRecordError> {
        let mut tokens = s.split_whitespace();
        let rules = tokens.next().ok_or(ParseRecordError::Empty)?;
        let rules = rules.parse().map_err(ParseRecordError::Rules)?;
        let moves = tokens
            .enumerate()
            .map(|(i, t)| {
                t.parse().map_err(|error| ParseRecordError::Move {
                    number: i + 1,
                    error,
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Record { rules, moves })
    }
}

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

    #[test]
    fn records_report_the_bad_token() {
        assert_eq!("".parse::<Record>(), Err(ParseRecordError::Empty));
        let err = "assault d4-d5 nonsense".parse::<Record>().expect_err("bad");
        assert_eq!(
            err.to_string(),
            "move 2: 'nonsense' is not a move (expected @c6, c3-c4 or d5xd3xf3)"
        );
        assert!(matches!(
            "chess d4-d5".parse::<Record>(),
            Err(ParseRecordError::Rules(_))
        ));
    }
}
