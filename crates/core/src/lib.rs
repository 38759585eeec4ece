#![doc = include_str!("../README.md")]

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
pub mod referee;
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
