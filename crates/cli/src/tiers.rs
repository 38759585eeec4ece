//! What the tables' and the packs' commands share (`tables.rs`,
//! `pack.rs`): a duration as it is said, and the lines a probe prints.

use asalto_core::{Move, MoveText, Position};
use asalto_solve::Value;

/// The value of a finished game for its side to move.
pub(crate) fn finished(pos: &Position) -> Option<Value> {
    let winner = pos.outcome()?.winner();
    Some(if winner == Some(pos.turn()) {
        Value::Win
    } else {
        Value::Loss
    })
}

/// What `probe` prints: the position's value for its side to move, then
/// each move's for the side that makes it.
pub(crate) fn print_values(
    pos: &Position,
    value: Option<Value>,
    moves: impl IntoIterator<Item = (Move, Option<Value>)>,
) {
    let word = |v: Option<Value>| match v {
        Some(Value::Win) => "win",
        Some(Value::Loss) => "loss",
        None => "unknown (outside the tables)",
    };
    println!("{} for the {} to move", word(value), pos.turn().name());
    for (m, value) in moves {
        let text = MoveText::from_move(pos, &m).to_string();
        println!("  {text:<14} {}", word(value));
    }
}

/// `seconds` as hours, minutes and seconds.
pub(crate) fn duration(seconds: f64) -> String {
    let s = seconds.round() as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s % 3600 / 60),
    }
}
