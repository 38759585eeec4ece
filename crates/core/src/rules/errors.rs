//! Why a rule set cannot be read ([`ParseRulesError`], with what a value
//! should have been, [`Expected`]) or played ([`RulesError`]).

use std::fmt;

use super::KEYS;
use crate::names::UnknownName;
use crate::point::Point;

/// Why rule-set text could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseRulesError {
    /// The text does not start with a preset name.
    Preset(UnknownName),
    /// A part after `;` is not `key=value`.
    NotKeyValue(String),
    /// The key is not one of RULES.md §3.
    UnknownKey(String),
    /// A key appears twice.
    DuplicateKey(String),
    /// The value does not fit the key.
    BadValue {
        /// The key.
        key: String,
        /// The value found.
        value: String,
        /// What the key accepts.
        expected: Expected,
    },
    /// The rule set is well formed but cannot be played.
    Invalid(RulesError),
}

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseRulesError::Preset(e) => e.fmt(f),
            ParseRulesError::NotKeyValue(part) => {
                write!(f, "'{part}' in the rule set is not key=value")
            }
            ParseRulesError::UnknownKey(key) => {
                write!(
                    f,
                    "unknown rule option '{key}' (expected {})",
                    KEYS.join(", ")
                )
            }
            ParseRulesError::DuplicateKey(key) => write!(f, "rule option '{key}' is given twice"),
            ParseRulesError::BadValue {
                key,
                value,
                expected,
            } => {
                write!(f, "bad value '{value}' for {key} (expected {expected})")
            }
            ParseRulesError::Invalid(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseRulesError {}

/// What a rule option accepts, as [`ParseRulesError::BadValue`] names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// One of these words.
    OneOf(&'static [&'static str]),
    /// `free` or a comma list of points.
    Points,
    /// `all`, `lower` or a comma list of points.
    AttackerPoints,
    /// No point twice.
    EachPointOnce,
    /// A whole number.
    WholeNumber,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::OneOf(words) => f.write_str(&words.join(", ")),
            Expected::Points => f.write_str("free or a comma list of points"),
            Expected::AttackerPoints => f.write_str("all, lower or a comma list of points"),
            Expected::EachPointOnce => f.write_str("each point once"),
            Expected::WholeNumber => f.write_str("a whole number"),
        }
    }
}

/// Why a rule set cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesError {
    /// `defenders` lists no point.
    NoDefenders,
    /// A fixed defender is not on the board.
    DefenderOffBoard(Point),
    /// A fixed defender stands where an attacker starts.
    DefenderOnAttacker(Point),
    /// A listed attacker is not on the board.
    AttackerOffBoard(Point),
    /// The attackers leave fewer empty fortress points (this many) than
    /// defenders to place.
    NoRoomToPlace(u8),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::NoDefenders => f.write_str("defenders lists no point"),
            RulesError::DefenderOffBoard(p) => write!(f, "defender point {p} is not on the board"),
            RulesError::DefenderOnAttacker(p) => {
                write!(f, "defender point {p} is where an attacker starts")
            }
            RulesError::AttackerOffBoard(p) => write!(f, "attacker point {p} is not on the board"),
            RulesError::NoRoomToPlace(room) => write!(
                f,
                "the attackers leave too few empty fortress points ({room}) to place the defenders on"
            ),
        }
    }
}

impl std::error::Error for RulesError {}
