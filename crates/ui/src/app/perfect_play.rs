//! Perfect play in the state: the tables' worker's answers taken in, the
//! hint that names a winning move, and the Marshal, who plays a winning
//! move whenever the pack knows one (its move waits for the pack's word
//! while the position is being looked up).

use asalto_core::{Move, MoveText, Point};
use asalto_search::Level;

use super::{App, ComputerMsg, Msg};
use crate::computer::hint_reason::Why;
use crate::computer::{self, Hint, Player};
use crate::perfect::Solved;

/// How long the Marshal's move waits for the pack's word at most (ms): a
/// position far from a stored bit can take seconds to look up, a slow
/// host longer, and the game goes on.
pub const HOLD_MS: f64 = 4000.0;

impl App {
    /// Whether perfect play is shown: not in the set-up editor, a lesson
    /// or a puzzle (where it would give the answer away).
    pub fn shows_perfect(&self) -> bool {
        self.editor().is_none() && self.lesson().is_none() && self.puzzle().is_none()
    }

    /// Takes in what the tables' worker said; a move held for it is
    /// played now.
    pub(super) fn solved(&mut self, solved: Solved) -> bool {
        let changed = self.perfect.answer(solved);
        match self.held.take() {
            Some((held, m, route)) if held == self.game.record().to_string() => {
                self.play_computer(m, route);
                true
            }
            _ => changed,
        }
    }

    /// What ends the wait of the Marshal's move held for the pack's word,
    /// sent [`HOLD_MS`] after it is held; `None` while none is held.
    pub fn hold_over(&self) -> Option<Msg> {
        let (record, _, _) = self.held.as_ref()?;
        Some(Msg::Computer(ComputerMsg::HoldOver(record.clone())))
    }

    /// Plays the move held for the game `record`, as the search chose it,
    /// if it is still held.
    pub(super) fn end_hold(&mut self, record: &str) -> bool {
        match self.held.take() {
            Some((held, m, route)) if held == record => {
                self.play(m, route, true);
                true
            }
            other => {
                self.held = other;
                false
            }
        }
    }

    /// Plays the computer's move `m`; the Marshal's is a winning one where
    /// the pack knows one, and waits while the pack is asked.
    pub(super) fn play_computer(&mut self, m: Move, route: Vec<Point>) {
        let side = self.game.position().turn();
        if self.computer.player(side) != Player::Computer(Level::Marshal) {
            return self.play(m, route, true);
        }
        if let Some(known) = self.perfect.known(&self.game) {
            let winning = known.winning(&self.game);
            if let Some(w) = winning.first().filter(|_| !winning.contains(&m)) {
                let route = computer::route(&MoveText::from_move(self.position(), w));
                return self.play(*w, route, true);
            }
        } else if self.perfect.looking(&self.game) {
            self.held = Some((self.game.record().to_string(), m, route));
            return;
        }
        self.play(m, route, true);
    }

    /// Shows a winning move as the hint, if the pack knows one; false
    /// if it does not.
    pub(super) fn perfect_hint(&mut self) -> bool {
        if self.computer.hint.is_some() || self.game.outcome().is_some() {
            return false;
        }
        let Some(known) = self.perfect.known(&self.game) else {
            return false;
        };
        let Some(w) = known.winning(&self.game).first().copied() else {
            return false;
        };
        let text = MoveText::from_move(self.position(), &w);
        self.computer.hint = Some(Hint {
            text: text.to_string(),
            route: computer::route(&text),
            why: Some(Why::Proved),
        });
        true
    }
}
