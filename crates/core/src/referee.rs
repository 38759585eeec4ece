//! The referee line protocol of RULES.md §9, one line at a time: a game
//! record in, one line out: `ongoing <legal moves sorted by byte>`, the
//! winner (`attacker`, `defender`), `draw`, or `error <what is wrong>`.
//! Any line at all gets an answer.

use crate::{Game, MoveText, Record};

/// The answer to one request line.
pub fn answer(request: &str) -> String {
    let record: Record = match request.parse() {
        Ok(record) => record,
        Err(e) => return format!("error {e}"),
    };
    let game = match Game::from_record(&record) {
        Ok(game) => game,
        Err(e) => return format!("error {e}"),
    };
    // Annotations never change the game, but every variation is played.
    if let Err(e) = game.check_variations(&record) {
        return format!("error {e}");
    }
    if let Some(outcome) = game.outcome() {
        return outcome
            .winner()
            .map_or("draw", |side| side.name())
            .to_owned();
    }
    format!("ongoing {}", sorted_moves(&game).join(" "))
}

/// The legal moves of `game`'s position as text, sorted by byte (the
/// protocol's order).
pub fn sorted_moves(game: &Game) -> Vec<String> {
    let pos = game.position();
    let mut moves: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|m| MoveText::from_move(pos, m).to_string())
        .collect();
    moves.sort_unstable();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_follow_the_protocol() {
        assert_eq!(answer("assault"), "ongoing d4-d5");
        assert_eq!(
            answer("assault d4-d5"),
            "ongoing c5-c6 c5-d4 c5-d6 e5-d4 e5-d6 e5-e6"
        );
        assert_eq!(
            answer("asalto"),
            "ongoing @c5 @c6 @c7 @d5 @d6 @d7 @e5 @e6 @e7"
        );
        assert_eq!(answer("assault d4-d4"), "error move 1: illegal move d4-d4");
        assert_eq!(
            answer(""),
            "error empty record: expected a rule set and moves"
        );
        assert!(answer("assault;march=up").starts_with("error bad value 'up' for march"));
    }

    #[test]
    fn annotated_records_are_answered_as_their_main_line() {
        let plain = "assault d4-d5 c5-d4 b4-c5";
        let annotated = "assault {start [%draw d4-d5]} d4-d5! {usual} c5-d4?! (c5-d6 {also} c4-c5 (d3-d4)) b4-c5";
        assert_eq!(answer(annotated), answer(plain));
        for (line, said) in [
            (
                "assault d4-d5 c5-d4 (z9-a1) b4-c5",
                "error variation move (z9-a1) is not legal",
            ),
            (
                "assault d4-d5 c5-d4 (c5-c4) b4-c5",
                "error variation move (c5-c4) is not legal",
            ),
            (
                "assault d4-d5 {open",
                "error a comment never closes (no closing brace)",
            ),
            (
                "assault d4-d5 (c5-d6",
                "error a variation never closes (no closing parenthesis)",
            ),
            (
                "assault d4-d5 )",
                "error a closing parenthesis closes no variation",
            ),
            ("assault d4-d5 ()", "error a variation is empty"),
            (
                "assault (d4-d5) d4-d5",
                "error a variation stands before the first move",
            ),
        ] {
            assert_eq!(answer(line), said, "{line}");
        }
    }
}
