//! A game with its history: repetition, undo, redo and records.
//!
//! [`Game`] is the heavier companion of [`Position`]: it keeps every
//! position played so far, so it can tell a third repetition (RULES.md §6,
//! check 5), step back and forth through the moves, and write its record.

use std::fmt;

use crate::moves::Move;
use crate::notation::{IllegalMove, MoveText};
use crate::position::{Outcome, Position};
use crate::record::Record;
use crate::rules::{Rules, RulesError};

/// A game from its start position, with undo and redo.
///
/// ```
/// use asalto_core::{Game, Record};
/// let record: Record = "assault d4-d5 c5-d4".parse()?;
/// let mut game = Game::from_record(&record)?;
/// assert_eq!(game.ply(), 2);
/// game.undo();
/// assert_eq!(game.record().to_string(), "assault d4-d5");
/// game.redo();
/// assert_eq!(game.record(), record);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    rules: Rules,
    /// `positions[i]` stands before `moves[i]`; one more position than moves.
    positions: Vec<Position>,
    /// `seen[i]`: how often `positions[i]` has stood in `positions[..=i]`.
    seen: Vec<usize>,
    moves: Vec<Move>,
    /// How many moves are played; the rest can be redone.
    ply: usize,
}

impl Game {
    /// A new game under `rules`.
    ///
    /// # Errors
    ///
    /// When the rules cannot be played.
    pub fn new(rules: &Rules) -> Result<Game, RulesError> {
        Ok(Game {
            rules: *rules,
            positions: vec![Position::new(rules)?],
            seen: vec![1],
            moves: Vec::new(),
            ply: 0,
        })
    }

    /// A game starting from `position`, a position under `rules` (one made
    /// from a [`crate::Setup`], say).
    pub fn from_position(rules: &Rules, position: Position) -> Game {
        Game {
            rules: *rules,
            positions: vec![position],
            seen: vec![1],
            moves: Vec::new(),
            ply: 0,
        }
    }

    /// The game a record describes.
    ///
    /// # Errors
    ///
    /// When a move is illegal or comes after the end; the error holds the
    /// game up to the last legal move.
    pub fn from_record(record: &Record) -> Result<Game, RecordError> {
        let mut game = Game::new(&record.rules).map_err(|e| RecordError {
            game: None,
            number: 0,
            error: PlayTextError::Rules(e),
        })?;
        for (i, text) in record.moves.iter().enumerate() {
            if let Err(error) = game.play_text(text) {
                return Err(RecordError {
                    game: Some(Box::new(game)),
                    number: i + 1,
                    error,
                });
            }
        }
        Ok(game)
    }

    /// The rule set.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.positions[self.ply]
    }

    /// The position before move `ply` (0 = the start); `None` past the last move.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// How many moves have been played (undone ones excluded).
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// Every move of the game, including undone moves that can be redone.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The text of move `index` (from 0), if there is such a move.
    pub fn move_text(&self, index: usize) -> Option<MoveText> {
        let m = self.moves.get(index)?;
        Some(MoveText::from_move(&self.positions[index], m))
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<&Move> {
        self.ply.checked_sub(1).map(|i| &self.moves[i])
    }

    /// How the game has ended, if it has, counting repetitions.
    pub fn outcome(&self) -> Option<Outcome> {
        let now = self.position();
        now.outcome().or_else(|| {
            let seen = self.positions[..=self.ply]
                .iter()
                .filter(|p| p.key() == now.key())
                .count();
            (seen >= 3).then_some(Outcome::Repetition)
        })
    }

    /// The legal moves now (none once the game has ended).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_some() {
            Vec::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// Plays a legal move; undone moves after this point are forgotten
    /// unless `m` is the next of them.
    ///
    /// # Errors
    ///
    /// When the game is over or `m` is not legal.
    pub fn play(&mut self, m: &Move) -> Result<(), PlayTextError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayTextError::GameOver(outcome));
        }
        if !self.position().is_legal(m) {
            let text = MoveText::from_move(self.position(), m);
            return Err(PlayTextError::Illegal(IllegalMove(text)));
        }
        self.push(m);
        Ok(())
    }

    /// Plays legal move `m`, keeping the undone moves if it is the next one.
    pub(crate) fn push(&mut self, m: &Move) {
        if self.moves.get(self.ply) != Some(m) {
            let mut next = *self.position();
            next.play_unchecked(m);
            self.moves.truncate(self.ply);
            self.positions.truncate(self.ply + 1);
            self.seen.truncate(self.ply + 1);
            // Captures cannot be undone, so only positions since the last
            // one can repeat.
            let same = self
                .positions
                .iter()
                .rev()
                .take_while(|p| p.attackers().len() == next.attackers().len());
            let seen = 1 + same.filter(|p| p.key() == next.key()).count();
            self.moves.push(*m);
            self.positions.push(next);
            self.seen.push(seen);
        }
        self.ply += 1;
    }

    /// Plays the move `text` names.
    ///
    /// # Errors
    ///
    /// When the game is over or no legal move has this text.
    pub fn play_text(&mut self, text: &MoveText) -> Result<(), PlayTextError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayTextError::GameOver(outcome));
        }
        let m = text
            .to_move(self.position())
            .map_err(PlayTextError::Illegal)?;
        self.play(&m)
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        self.ply = self.ply.checked_sub(1)?;
        Some(self.moves[self.ply])
    }

    /// Plays again the next undone move; returns it, or `None` if there is none.
    pub fn redo(&mut self) -> Option<Move> {
        let m = *self.moves.get(self.ply)?;
        self.ply += 1;
        Some(m)
    }

    /// Goes to the position after `ply` moves (clamped to the moves known).
    pub fn go_to(&mut self, ply: usize) {
        self.ply = ply.min(self.moves.len());
    }

    /// The record of the moves played so far.
    pub fn record(&self) -> Record {
        Record::plain(
            self.rules,
            (0..self.ply).filter_map(|i| self.move_text(i)).collect(),
        )
    }
}

/// Why a move could not be played in a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayTextError {
    /// The rule set cannot be played.
    Rules(RulesError),
    /// The game is over.
    GameOver(Outcome),
    /// No legal move matches.
    Illegal(IllegalMove),
}

impl fmt::Display for PlayTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayTextError::Rules(e) => e.fmt(f),
            PlayTextError::GameOver(outcome) => write!(f, "the game is over ({outcome})"),
            PlayTextError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayTextError {}

/// A record could not be played to its end.
#[derive(Debug, Clone)]
pub struct RecordError {
    /// The game up to the last legal move (`None` if the rules are unplayable).
    pub game: Option<Box<Game>>,
    /// The number of the move that failed, from 1 (0 for the rules).
    pub number: usize,
    /// What went wrong.
    pub error: PlayTextError,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.number == 0 {
            self.error.fmt(f)
        } else {
            write!(f, "move {}: {}", self.number, self.error)
        }
    }
}

impl std::error::Error for RecordError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> Result<Game, RecordError> {
        Game::from_record(&text.parse().expect("record"))
    }

    #[test]
    fn a_bad_move_keeps_the_legal_part() {
        let err = game("assault d4-d5 c5-d4 a1-a2 b4-c5").expect_err("illegal");
        assert_eq!(err.number, 3);
        assert_eq!(err.to_string(), "move 3: illegal move a1-a2");
        assert_eq!(
            err.game.expect("game").record().to_string(),
            "assault d4-d5 c5-d4"
        );
    }

    #[test]
    fn undo_then_a_new_move_forgets_the_rest() {
        let mut g = game("murray c6-c7 d4-d5 c7-c6").expect("legal");
        g.undo();
        g.undo();
        assert_eq!(g.redo().map(|m| m.to().to_string()), Some("d5".into()));
        let other = MoveText::Step("c7".parse().expect("p"), "d7".parse().expect("p"));
        g.play_text(&other).expect("legal");
        assert_eq!(g.moves().len(), 3);
        assert_eq!(g.redo(), None);
        assert_eq!(g.record().to_string(), "murray c6-c7 d4-d5 c7-d7");
    }

    #[test]
    fn third_repetition_draws() {
        // Under `murray` both sides may step back and forth.
        let dance = "murray c6-c7 d4-d5 c7-c6 d5-d4 c6-c7 d4-d5 c7-c6 d5-d4";
        let g = game(dance).expect("legal");
        assert_eq!(g.outcome(), Some(Outcome::Repetition));
        assert_eq!(g.legal_moves(), vec![]);
        let err = game(&format!("{dance} c6-c7")).expect_err("over");
        assert!(matches!(
            err.error,
            PlayTextError::GameOver(Outcome::Repetition)
        ));
    }
}
