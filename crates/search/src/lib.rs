//! The computer player of Asalto.
//!
//! * [`Engine`] — iterative-deepening principal-variation search with a
//!   transposition table, Zobrist hashes ([`zobrist`]), move
//!   ordering by captures, killers and history, and a quiescence search
//!   that plays capture chains out; limits by depth, nodes or time.
//! * [`Eval`] — the evaluation of a siege: features weighed by
//!   [`Weights`] learned from perfect play and games (`asalto train`).
//! * [`Level`] — playing levels, from a beginner who misjudges like a
//!   person to the strongest the time allows.
//! * [`review`] — a game's review: every move classed by what it lost.
//! * [`Bot`] — a level, or a baseline bot to measure the levels against
//!   (`random`, `greedy`, the engine at a fixed depth).
//!
//! The crate has no platform code: the caller passes a clock, so the same
//! search runs natively and in a browser's Web Worker.

mod bots;
mod eval;
mod level;
pub mod review;
mod score;
mod search;
mod table;
pub mod zobrist;

pub use bots::{Bot, Taste};
pub use eval::{Eval, FEATURES, Network, Weights};
pub use level::Level;
pub use score::{ParseScoreError, Score};
pub use search::{Engine, Limits, Report};

/// The transposition table size the command line and the browser use, in
/// MiB. Measured on the project's machine: a 2 MiB table probes faster
/// (about 10 % more nodes per second) but loses games a larger one wins
/// (a Marshal at 50 ms a move beat a Recruit 17 times in 20 with 2 MiB,
/// 20 in 20 with 8 MiB).
pub const TABLE_MIB: usize = 8;
