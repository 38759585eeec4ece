//! The messages between a board and its tables' worker: the same worker
//! module as the computer player's, started with the name
//! [`TABLES_WORKER`], which reads an endgame pack over HTTP (docs/TABLES.md)
//! and answers what perfect play makes of a position.
//!
//! ```text
//!  page                                         tables' worker
//!   │ ── Probe {id, record, tables} ───────────▶ │
//!   │ ◀── Solved::Ready                          │  once, when loaded
//!   │ ◀── Solved::Values {id, value, moves, …}   │  one per probe,
//!   │ ◀── Solved::Uncovered {id, rules}          │  or the pack is of other rules,
//!   │ ◀── Solved::Unavailable {id, message}      │  or why it cannot answer
//! ```
//!
//! A worker answers probes one at a time, the latest first: a probe that
//! waits while a newer one comes is dropped unanswered.

use serde::{Deserialize, Serialize};

use crate::Choice;

/// The name a tables' worker is started with (the `name` of its
/// `WorkerOptions`), so that the module knows its part.
pub const TABLES_WORKER: &str = "asalto-tables";

/// A question for the tables' worker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Probe {
    /// Chosen by the page; echoed in the answer.
    pub id: u32,
    /// The game record (RULES.md §8) up to the position asked about.
    pub record: String,
    /// The absolute address of the pack's index file.
    pub tables: String,
    /// Whether to answer the value of every position of the record
    /// ([`Solved::Line`], for a review) instead of one position's moves.
    #[serde(default)]
    pub line: bool,
}

/// A legal move and its value for the side that makes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Valued {
    /// The move.
    pub choice: Choice,
    /// Whether it wins; `None` where the pack does not hold the position
    /// it leaves.
    pub wins: Option<bool>,
}

/// What the tables' worker says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "lowercase")]
pub enum Solved {
    /// The worker has loaded.
    Ready,
    /// The values of the position asked about.
    Values {
        /// The probe.
        id: u32,
        /// Whether the side to move wins; `None` where the pack does not
        /// hold the position (more attackers than its tiers).
        value: Option<bool>,
        /// Every legal move, with its value.
        moves: Vec<Valued>,
        /// The pack's fewest and most attackers.
        tiers: (u32, u32),
        /// HTTP requests this probe made (the rest came from memory or
        /// the Cache API).
        requests: u32,
    },
    /// The value of each position of the record, from the start, for its
    /// side to move (`None`: not in the pack, or the game is over), and a
    /// winning move of each position its side to move wins.
    Line {
        /// The probe.
        id: u32,
        /// One per position: the start, then after each move.
        values: Vec<Option<bool>>,
        /// One per position: a winning move, where the side to move wins.
        winning: Vec<Option<Choice>>,
    },
    /// The pack holds other rules than the position's.
    Uncovered {
        /// The probe.
        id: u32,
        /// The rules the pack holds.
        rules: String,
    },
    /// Perfect play cannot be had from this pack now: why, in English (a
    /// program's message).
    Unavailable {
        /// The probe, when known.
        id: Option<u32>,
        /// What went wrong.
        message: String,
    },
}
