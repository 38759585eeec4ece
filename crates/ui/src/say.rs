//! What the page says in sentences: the status line and the notes on each
//! move, why a click is refused, why a rule set, record or move text is
//! refused, the rules in plain words, why the hint's move is good, and
//! what perfect play makes of the position.

pub mod engine_errors;
pub mod refusal;
pub mod rules_text;
pub mod solved;
pub mod text;
