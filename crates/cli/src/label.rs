//! `asalto label`: game positions labelled with proved values, training
//! data that no game's result can give.
//!
//! A game's result labels every one of its positions, but a game lost by
//! a mistake at ply 70 labels its won positions before it as lost too.
//! This reads game records (one a line, as `selfplay --records` prints
//! them) and walks each game back from its end, proving each position's
//! value with the solver within a budget; late positions are cheap to
//! prove, and the walk stops after a run of positions the budget does not
//! prove. Each proved position is printed as a labelled line (position
//! TAB win|loss for its side to move, [`crate::labelled`]), and with
//! `--results` the game's other positions too, labelled by its result;
//! how many were proved, and how many of them the game's result labelled
//! wrongly, are said at the end, and for each decided game where it was
//! lost: the last ply at which its loser held a proved win, or else the
//! first ply proved, already lost.

use std::collections::HashSet;
use std::io::Write;

use asalto_core::{Game, Side};
use asalto_solve::Value;

use crate::labelled::{Label, describe, line};
use crate::solve::{Solvers, solvable_games};

/// Solver table per rule set (MiB): proofs of a game's later positions
/// serve its earlier ones.
const TABLE_MIB: usize = 1024;

/// What the walk over the records found.
#[derive(Debug, Default)]
struct Tally {
    games: usize,
    proved: usize,
    unproved: usize,
    /// Proved positions whose side to move's result in the game differs
    /// from their proved value.
    misjudged: usize,
    /// Decided games whose loser held a proved win at some ply.
    thrown: usize,
}

/// Where a decided game was lost, as far as the walk proved it: the ply
/// and the attackers on the board then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Turn {
    /// The last ply at which the game's loser held a proved win.
    Thrown { ply: usize, attackers: usize },
    /// No proved win for the loser: the earliest ply proved, already lost.
    LostBy { ply: usize, attackers: usize },
    /// Nothing proved, or the game not decided.
    Unknown,
}

impl std::fmt::Display for Turn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Turn::Thrown { ply, attackers } => {
                write!(
                    f,
                    "the loser held a proved win at ply {ply} ({attackers} attackers)"
                )
            }
            Turn::LostBy { ply, attackers } => {
                write!(
                    f,
                    "lost from ply {ply} on ({attackers} attackers), the first proved"
                )
            }
            Turn::Unknown => f.write_str("nothing proved"),
        }
    }
}

/// `asalto label`: the positions of game records labelled with their
/// values proved by the solver, walking back from each game's end.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Files of game records, one a line.
    #[arg(required = true)]
    files: Vec<String>,
    /// The most positions a value's proof may take.
    #[arg(long, default_value_t = 1_000_000)]
    nodes: u64,
    /// A game's walk stops after this many positions in a row not proved.
    #[arg(long, default_value_t = 3)]
    misses: u64,
    /// Label the positions not proved by how the game ended.
    #[arg(long)]
    results: bool,
}

/// Prints the labelled lines, then the tally on stderr.
pub(crate) fn run(args: Args) -> Result<(), String> {
    let Args {
        files,
        nodes,
        misses,
        results,
    } = args;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut labeller = Labeller::default();
    for path in &files {
        for (n, game) in solvable_games(path)?.iter().enumerate() {
            let at = |e: String| format!("{path}: {e}");
            let (lines, turn) = labeller.game(game, nodes, misses).map_err(at)?;
            if let Some(winner) = game.outcome().and_then(|o| o.winner()) {
                eprintln!("{path}: game {}, won by the {winner}s: {turn}", n + 1);
            }
            for (labelled, proved) in lines {
                if proved || results {
                    writeln!(out, "{labelled}").map_err(|e| e.to_string())?;
                }
            }
        }
    }
    out.flush().map_err(|e| e.to_string())?;
    let t = &labeller.tally;
    eprintln!(
        "{} positions proved in {} games ({} not proved); the game's result was wrong for {} of them; \
         the loser held a proved win in {} games",
        t.proved, t.games, t.unproved, t.misjudged, t.thrown
    );
    Ok(())
}

/// A solver for each rule set met, and what was found so far.
struct Labeller {
    solvers: Solvers,
    seen: HashSet<String>,
    tally: Tally,
}

impl Default for Labeller {
    fn default() -> Labeller {
        Labeller {
            solvers: Solvers::new(TABLE_MIB),
            seen: HashSet::new(),
            tally: Tally::default(),
        }
    }
}

impl Labeller {
    /// The labelled lines of `game`'s quiet positions in play (none with
    /// a capture to make), each with whether its label is proved: walking
    /// back from the end, each is proved within `nodes` until `misses` in
    /// a row are not; those and the ones before them are labelled by how
    /// the game ended (a draw if it did not). Positions met before, in
    /// this game or an earlier one, are left out. With them, where the
    /// game was lost.
    fn game(
        &mut self,
        game: &Game,
        nodes: u64,
        misses: u64,
    ) -> Result<(Vec<(String, bool)>, Turn), String> {
        let rules = *game.rules();
        if let Some(why) = asalto_solve::repeats(&rules) {
            return Err(why);
        }
        let solver = self.solvers.of(rules);
        let winner = game.outcome().and_then(|o| o.winner());
        self.tally.games += 1;
        let mut lines = Vec::new();
        let mut missed = 0;
        let mut turn = Turn::Unknown;
        for ply in (0..game.ply()).rev() {
            let pos = *game.position_at(ply).ok_or("a ply of the game")?;
            if pos.to_place() != 0 || pos.outcome().is_some() {
                continue;
            }
            let position = describe(&rules, &pos);
            if !self.seen.insert(position.clone()) {
                continue;
            }
            let result = winner.map(|w: Side| w == pos.turn());
            let value = if missed < misses {
                solver
                    .solve(&pos, &rules, nodes, f64::INFINITY, &|| 0.0)
                    .map_err(|e| e.to_string())?
                    .value
            } else {
                None
            };
            let Some(value) = value else {
                self.tally.unproved += usize::from(missed < misses);
                missed += 1;
                let label = result.map_or(Label::Draw, Label::of);
                lines.push((line(&position, label), false));
                continue;
            };
            missed = 0;
            let won = value == Value::Win;
            self.tally.proved += 1;
            self.tally.misjudged += usize::from(result != Some(won));
            lines.push((line(&position, Label::of(won)), true));
            let attackers = pos.attackers().len();
            match (turn, result) {
                (Turn::Thrown { .. }, _) | (_, None) => {}
                (_, Some(held)) if won != held => {
                    self.tally.thrown += 1;
                    turn = Turn::Thrown { ply, attackers };
                }
                _ => turn = Turn::LostBy { ply, attackers },
            }
        }
        Ok((lines, turn))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labelled::parse;
    use asalto_solve::Solver;

    /// A game the Marshal won as attackers against `depth1`, 71 plies.
    const WON: &str = "fuchs-und-henne d4-c5 e7-e6 e4-d5 c7-c6 e3-d4 e6-e5 d2-e3 c6-d6 d3-e4 \
        e5-f5 e4-e5 f5-e4 e5-e6 e4-e5 e6-e7 d6-c6 c2-d3 c6-d6 d3-e4 e5-f5 \
        e4-e5 f5-e4 e5-e6 e4-d3 a4-b5 d3-e4 a3-a4 e4-e5 e2-d3 e5-e4 c5-c6 \
        e4xc2 b5-c5 c2-d3 a4-b5 d3-e4 e1-e2 e4-e5 e2-d3 e5-e4 f4-e5 e4xe2 \
        d3-e4 d6xf4 d5-d6 f4-e5 e4-f5 e5xg5 d4-e5 g5-f5 c4-d5 f5-e4 c6-c7 \
        e2-d2 b3-c4 e4-d3 c3-d4 d3-c3 b4-a5 c3-b3 c5-c6 b3-c3 b5-c5 c3-d3 \
        a5-b5 d3-e4 d6-d7 e4-f4 c5-d6 d2-c3 d4-c5";

    fn game(record: &str) -> Game {
        Game::from_record(&record.parse().expect("a record")).expect("legal moves")
    }

    #[test]
    fn the_walk_proves_the_end_of_a_game_and_labels_the_rest_by_its_result() {
        let game = game(WON);
        let mut labeller = Labeller::default();
        let (lines, turn) = labeller.game(&game, 20_000, 2).expect("solves");
        let t = &labeller.tally;
        assert_eq!(t.games, 1);
        assert!(t.proved >= 4, "{t:?}");
        assert!(
            t.unproved >= 2,
            "the walk ends after two misses in a row: {t:?}"
        );
        // Every quiet position in play, the last one first.
        let quiet = (0..game.ply())
            .filter_map(|ply| game.position_at(ply))
            .filter(|p| p.to_place() == 0 && p.outcome().is_none())
            .count();
        assert_eq!(lines.len(), quiet);
        assert!(lines[0].1, "the last position is proved");
        assert_eq!(lines.iter().filter(|(_, proved)| *proved).count(), t.proved);
        for (text, proved) in &lines {
            let (rules, pos, label) = parse(text).expect("a labelled line");
            let attackers_won = (label == Label::Win) == (pos.turn() == Side::Attacker);
            if *proved {
                let value = Solver::new(64)
                    .solve(&pos, &rules, 20_000, f64::INFINITY, &|| 0.0)
                    .expect("solves")
                    .value;
                assert_eq!(value.map(|v| v == Value::Win), Some(label == Label::Win));
            } else {
                assert!(attackers_won, "{text}: labelled by the attackers' win");
            }
        }
        // Where it was lost: the defenders' last proved win, or else the
        // first position proved, already lost for them.
        let (Turn::Thrown { ply, attackers } | Turn::LostBy { ply, attackers }) = turn else {
            panic!("the end of the game is proved: {turn:?}");
        };
        assert_eq!(matches!(turn, Turn::Thrown { .. }), t.misjudged > 0);
        assert_eq!(t.thrown, usize::from(t.misjudged > 0));
        let pos = game.position_at(ply).expect("a ply of the game");
        assert_eq!(pos.attackers().len(), attackers);
        let value = Solver::new(64)
            .solve(pos, game.rules(), 20_000, f64::INFINITY, &|| 0.0)
            .expect("solves")
            .value
            .expect("proved");
        let defenders_win = (value == Value::Win) == (pos.turn() == Side::Defender);
        assert_eq!(defenders_win, matches!(turn, Turn::Thrown { .. }));
        // The same game again: every position was met before.
        let (again, turn) = labeller.game(&game, 20_000, 2).expect("solves");
        assert!(again.is_empty());
        assert_eq!(turn, Turn::Unknown);
    }

    #[test]
    fn rules_whose_positions_repeat_are_refused() {
        let mut labeller = Labeller::default();
        let err = labeller
            .game(&game("asalto"), 1_000, 1)
            .expect_err("asalto's attackers may step back");
        assert!(!err.is_empty());
    }
}
