//! The computer player of Asalto.
//!
//! * [`Engine`] — iterative-deepening principal-variation search with a
//!   transposition table, Zobrist hashes ([`zobrist`]), move
//!   ordering by captures, killers and history, and a quiescence search
//!   that plays capture chains out; limits by depth, nodes or time.
//! * [`Eval`] — the evaluation of a siege.
//! * [`Level`] — playing levels, from a beginner who misjudges like a
//!   person to the strongest the time allows.
//!
//! The crate has no platform code: the caller passes a clock, so the same
//! search runs natively and in a browser's Web Worker.

mod eval;
mod level;
mod search;
mod table;
pub mod zobrist;

pub use eval::Eval;
pub use level::Level;
pub use search::{Engine, Limits, Report, Score};

/// A transposition table size that suits searches of a few seconds, in
/// MiB. Larger tables are slower to probe on the machines measured (their
/// entries miss the caches and the TLB); see the README's figures.
pub const TABLE_MIB: usize = 2;
