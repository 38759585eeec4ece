//! The rules of Assault (Asalto) and its historical variants.
//!
//! Two officers (defenders) hold a fortress against twenty-four rebels
//! (attackers) who must fill it or trap them; defenders capture by jumping.
//! This crate implements the rules contract of the project's `RULES.md`:
//! six boards, the rule options of §3, twelve presets, move text and game
//! records. It has no dependencies and no platform code.
//!
//! * [`Rules`] — a rule set, parsed from and printed to `preset;key=value`.
//! * [`Position`] — a validated position: [`Position::legal_moves`],
//!   [`Position::play`] / [`Position::play_unchecked`], [`Position::outcome`].
//! * [`Game`] — a position with history: repetition, undo, redo, records.
//! * [`MoveText`] and [`Record`] — the text of moves and games.
//! * [`Tree`] — a game with its variations and annotations.
//!
//! ```
//! use asalto_core::{Game, MoveText, Record, Side};
//!
//! let mut game = Game::from_record(&"assault d4-d5".parse::<Record>()?)?;
//! assert_eq!(game.position().turn(), Side::Defender);
//! // The defenders cannot jump yet, so they step:
//! let pos = *game.position();
//! let mut moves: Vec<String> =
//!     game.legal_moves().iter().map(|m| MoveText::from_move(&pos, m).to_string()).collect();
//! moves.sort();
//! assert_eq!(moves, ["c5-c6", "c5-d4", "c5-d6", "e5-d4", "e5-d6", "e5-e6"]);
//! game.play_text(&"c5-d6".parse()?)?;
//! assert_eq!(game.record().to_string(), "assault d4-d5 c5-d6");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod board;
mod boards;
pub mod dense;
mod game;
mod movegen;
mod moves;
mod names;
mod notation;
mod perft;
mod point;
mod position;
mod record;
mod route;
mod rules;
mod side;
mod state;
mod tables;
mod tree;
mod word;

pub use board::{Board, BoardId, Line};
pub use game::{Game, PlayTextError, RecordError};
pub use moves::Move;
pub use names::UnknownName;
pub use notation::{IllegalMove, MoveText, ParseMoveError};
pub use perft::perft;
pub use point::{ParsePointError, Point, PointSet, PointSetIter};
pub use position::{Outcome, PlayError, Position, PositionError, PositionKey, Setup};
pub use record::{
    AnnotationError, DrawError, Glyph, Notes, ParseRecordError, Record, Shape, Variation,
    VariationError, shapes,
};
pub use rules::{
    AttackerStart, Capture, Chain, Defenders, Expected, Inside, KEYS, March, ParseRulesError,
    Preset, Rules, RulesError, key_values,
};
pub use side::Side;
pub use tree::{NodeId, Tree};
