//! Puzzles with proved answers: positions where exactly one move wins.
//!
//! A position is a puzzle when its side to move has at least two moves,
//! one of them leads to a position its opponent loses, and every other
//! leads to one its opponent wins, each proved by the [`Solver`] (or the
//! endgame tables it holds), never estimated. Under the rule sets the
//! solver takes every game ends with a winner, so "saves the game" and
//! "wins" are the same.

use asalto_core::{Move, Position, Rules};

use crate::{Solver, Value};

/// A puzzle's proof: the one winning move and the work it took.
#[derive(Debug, Clone, PartialEq)]
pub struct Proved {
    /// The only move that wins.
    pub answer: Move,
    /// The moves that lose, each refuted by the solver.
    pub losing: usize,
    /// Positions the solver expanded to prove it all.
    pub nodes: u64,
}

/// What the solver found of a position as a puzzle.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Exactly one move wins; every other is proved to lose.
    Puzzle(Proved),
    /// Proved to be no puzzle: fewer than two moves, none that wins, or
    /// more than one (or the game is over).
    Not,
    /// A move's value was not proved within the budget.
    Unproved,
}

/// Proves whether `pos` is a puzzle, with at most `nodes` positions
/// expanded for each move.
///
/// # Errors
///
/// When the solver refuses the rule set ([`crate::repeats`]).
pub fn only_winning_move(
    solver: &mut Solver,
    pos: &Position,
    rules: &Rules,
    nodes: u64,
) -> Result<Verdict, crate::SolveError> {
    if pos.decided().is_some() {
        return Ok(Verdict::Not);
    }
    let moves = pos.legal_moves();
    if moves.len() < 2 {
        return Ok(Verdict::Not);
    }
    let never = || 0.0;
    let (mut answer, mut losing, mut work) = (None, 0, 0);
    for m in moves {
        let mut next = *pos;
        next.play_unchecked(&m);
        // The opponent's value after the move.
        let value = match next.decided() {
            Some(outcome) => Some(if outcome.winner() == Some(next.turn()) {
                Value::Win
            } else {
                Value::Loss
            }),
            None => {
                let report = solver.solve(&next, rules, nodes, f64::INFINITY, &never)?;
                work += report.nodes;
                report.value
            }
        };
        match value {
            Some(Value::Loss) if answer.is_none() => answer = Some(m),
            // A second winning move: no puzzle.
            Some(Value::Loss) => return Ok(Verdict::Not),
            Some(Value::Win) => losing += 1,
            None => return Ok(Verdict::Unproved),
        }
    }
    Ok(match answer {
        Some(answer) => Verdict::Puzzle(Proved {
            answer,
            losing,
            nodes: work,
        }),
        None => Verdict::Not,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use asalto_core::{Game, MoveText, Record};

    fn position(record: &str) -> (Rules, Position) {
        let record: Record = record.parse().expect("a record");
        let game = Game::from_record(&record).expect("legal");
        (record.rules, *game.position())
    }

    #[test]
    fn only_one_step_wins_for_the_attackers() {
        // Thirteen attackers: only d6-c7, into the fortress's corner,
        // fills it before the officers can take enough (a puzzle of
        // www/puzzles.txt).
        let (rules, pos) = position(
            "assault;attackers=f3,e4,g4,c5,d5,e5,f5,g5,c6,d6,e6,d7,e7;defenders=d2,a5;first=attacker",
        );
        let mut solver = Solver::new(16);
        let Verdict::Puzzle(proved) =
            only_winning_move(&mut solver, &pos, &rules, 100_000).expect("solvable")
        else {
            panic!("a puzzle");
        };
        assert_eq!(
            MoveText::from_move(&pos, &proved.answer).to_string(),
            "d6-c7"
        );
        assert_eq!(proved.losing, 2);
    }

    #[test]
    fn the_start_has_one_move_and_the_next_position_is_not_proved_on_a_small_budget() {
        let (rules, pos) = position("assault");
        let mut solver = Solver::new(16);
        assert_eq!(
            only_winning_move(&mut solver, &pos, &rules, 1_000).expect("solvable"),
            Verdict::Not
        );
        let (rules, pos) = position("assault d4-d5");
        let mut solver = Solver::new(16);
        assert_eq!(
            only_winning_move(&mut solver, &pos, &rules, 1_000).expect("solvable"),
            Verdict::Unproved
        );
    }
}
