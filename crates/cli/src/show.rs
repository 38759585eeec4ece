//! `asalto show`: a game record as a human reads it.

use asalto_core::{Game, Record};

/// Prints the board after `record`, whose turn it is and the legal moves.
/// A bad move is reported, and the game is shown up to it.
pub fn run(record: &str) -> Result<(), String> {
    let record: Record = record.parse().map_err(|e| format!("{e}"))?;
    let (game, error) = match Game::from_record(&record) {
        Ok(game) => (game, None),
        Err(e) => match e.game {
            Some(game) => (*game, Some(format!("move {}: {}", e.number, e.error))),
            None => return Err(e.to_string()),
        },
    };
    print!("{}", describe(&game));
    error.map_or(Ok(()), Err)
}

/// The text `show` prints for `game`.
pub fn describe(game: &Game) -> String {
    let pos = game.position();
    let mut text = format!("{}\n{}\n\n", game.record(), pos);
    let captured = game.rules().attacker_start().len() - pos.attackers().len();
    text += &format!(
        "attackers {} (captured {captured}), defenders {}\n",
        pos.attackers().len(),
        pos.defenders().len()
    );
    match game.outcome() {
        Some(outcome) => text += &format!("game over: {outcome}\n"),
        None => {
            let moves = asalto_core::referee::sorted_moves(game);
            let placing = if pos.to_place() > 0 {
                " to place a defender"
            } else {
                ""
            };
            text += &format!(
                "{} to move{placing}; legal moves: {}\n",
                pos.turn(),
                moves.join(" ")
            );
        }
    }
    text
}
