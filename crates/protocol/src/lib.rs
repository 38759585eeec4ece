//! The messages between the game page (`crates/web`) and the computer
//! player's Web Worker (`crates/worker`): one set of types both ends share,
//! carried across the JS boundary by `serde_wasm_bindgen`.
//!
//! ```text
//!  page                                   worker
//!   │ ── Request {id, record, level, …} ──▶ │
//!   │ ◀── Answer::Ready                     │  once, after its warm-up
//!   │ ◀── Answer::Progress {id, best, …}    │  any number, per request
//!   │ ◀── Answer::Move {id, best, …}        │  one per request,
//!   │ ◀── Answer::Error {id, message}       │  or one error
//! ```
//!
//! In JS a request is a plain object of its fields; an answer is the string
//! `"ready"`, or an object with one key naming its kind (`progress`,
//! `move`, `error`) whose value holds its fields: serde's default form of an
//! enum, which the page reads with less code than a `kind` field would
//! need (8 KB gzip less wasm, measured). A move travels as a
//! [`Choice`]: its text to show, and the point indices of its route, so the
//! page finds it among its legal moves without parsing text. A message
//! that does not parse is an error, never a guess: the worker answers
//! [`Answer::Error`], the page says the computer could not answer.
//!
//! The same worker module started under another name reads endgame packs
//! ([`Probe`] in, [`Solved`] out; see the `tables` module).
//!
//! Plain Rust: the types and their conversions are tested natively.

use asalto_core::{Move, MoveText, Point, Position};
use serde::{Deserialize, Serialize};

mod tables;

pub use tables::{Probe, Solved, TABLES_WORKER, Valued};

/// A question for the worker: the best move in a game's position.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// Chosen by the page; echoed in every answer.
    pub id: u32,
    /// The game record (RULES.md §8) up to the position to move in.
    pub record: String,
    /// The level number, 1–5.
    pub level: u32,
    /// Time for the search levels in milliseconds, in place of the level's
    /// own.
    #[serde(default)]
    pub millis: Option<f64>,
    /// Drives the lower levels' imprecision; below 2^53, so that it travels
    /// as a JS number.
    #[serde(default)]
    pub seed: u64,
    /// Whether to forget earlier searches first (a new game).
    #[serde(default)]
    pub fresh: bool,
}

/// The largest seed a [`Request`] carries exactly (a JS number's integers).
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// A move as the worker sends it: its text for showing, and its points and
/// kind for finding it among the legal moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    /// The move text (RULES.md §8).
    pub text: String,
    /// The point indices of its start and landings, or of a placement.
    pub route: Vec<u8>,
    /// Whether it is a capture.
    pub capture: bool,
}

/// What the worker says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "lowercase")]
pub enum Answer {
    /// The worker has loaded and warmed its search up.
    Ready,
    /// An iteration of the search finished.
    Progress {
        /// The request.
        id: u32,
        /// Plies searched.
        depth: u32,
        /// The best move so far.
        best: Choice,
    },
    /// The chosen move.
    Move {
        /// The request.
        id: u32,
        /// The move.
        best: Choice,
        /// Plies searched.
        depth: u32,
        /// Its score for the side to move: hundredths of an attacker, or
        /// ±(1,000,000 − plies) for a game the search saw won or lost
        /// (`asalto_search::Score`'s value; a number, never text to parse).
        score: i32,
        /// Positions searched.
        nodes: f64,
        /// Time taken.
        millis: f64,
    },
    /// No answer: the request did not parse or could not be served, or
    /// (on the page's side) the worker failed to load or crashed.
    Error {
        /// The request, when known.
        id: Option<u32>,
        /// What went wrong, in English (a program's message).
        message: String,
    },
}

impl Choice {
    /// Legal move `m` in `pos`, as sent.
    pub fn from_move(pos: &Position, m: &Move) -> Choice {
        let text = MoveText::from_move(pos, m);
        let (route, capture) = match &text {
            MoveText::Place(p) => (vec![*p], false),
            MoveText::Step(a, b) => (vec![*a, *b], false),
            MoveText::Capture(points) => (points.clone(), true),
        };
        Choice {
            text: text.to_string(),
            route: route.iter().map(|p| p.index()).collect(),
            capture,
        }
    }

    /// The points of its route; `None` if one is not a point.
    pub fn points(&self) -> Option<Vec<Point>> {
        self.route.iter().map(|&i| Point::from_index(i)).collect()
    }

    /// The move text it stands for; `None` for a route no move has.
    pub fn move_text(&self) -> Option<MoveText> {
        let route = self.points()?;
        match (route.as_slice(), self.capture) {
            ([p], _) => Some(MoveText::Place(*p)),
            ([a, b], false) => Some(MoveText::Step(*a, *b)),
            ([_, _, ..], true) => Some(MoveText::Capture(route)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use asalto_core::{Game, Record};

    use super::*;

    #[test]
    fn a_move_travels_as_its_route_and_comes_back_as_its_text() {
        let record: Record = "assault d4-d5 c5-d4 d5-d6 e5xc7 b4-c5"
            .parse()
            .expect("record");
        let game = Game::from_record(&record).expect("legal");
        for m in game.legal_moves() {
            let choice = Choice::from_move(game.position(), &m);
            let text = choice.move_text().expect("a move's route");
            assert_eq!(text.to_string(), choice.text);
            assert_eq!(choice.capture, matches!(m, Move::Capture { .. }));
        }
    }

    #[test]
    fn a_route_that_is_no_move_is_refused() {
        let choice = |route: &[u8], capture| Choice {
            text: String::new(),
            route: route.to_vec(),
            capture,
        };
        assert_eq!(choice(&[], false).move_text(), None);
        assert_eq!(choice(&[1, 2, 3], false).move_text(), None);
        assert_eq!(choice(&[1, 250], false).move_text(), None);
        assert!(choice(&[1, 2, 3], true).move_text().is_some());
    }
}
