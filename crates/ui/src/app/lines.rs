//! The game's lines: which move is shown, entering another line, a
//! variation promoted or deleted, a new game or a rematch.

use asalto_core::{Game, NodeId, PositionKey, Rules};

use super::App;
use crate::computer::Player;
use crate::keep::embed::Mode;
use crate::keep::link::{self, Opened};
use crate::lang::Lang;
use crate::newcomer::puzzles;

/// What makes the game shown another: the whole record, the move shown,
/// the rules, the position, the players, the language and the mode.
pub(super) type ShownKey = (String, usize, Rules, PositionKey, [Player; 2], Lang, Mode);

impl App {
    /// Whether the game shown changed (a move, a step back, another game,
    /// line, player, language or mode) since this was last asked: what
    /// the page's address, the saved game, the move list and an embedded
    /// board's `change` event follow. True the first time.
    pub fn shown_changed(&mut self) -> bool {
        let key = (
            self.tree.record().to_string(),
            self.tree.number(self.shown()),
            *self.game.rules(),
            self.game.position().key(),
            self.computer.players,
            self.lang,
            self.mode,
        );
        let changed = self.reported.as_ref() != Some(&key);
        self.reported = Some(key);
        changed
    }

    /// The page fragment that opens what is shown again: the puzzle open
    /// (`puzzle=N`), else the game to the move shown ([`link::fragment`]).
    pub fn fragment(&self) -> String {
        match self.puzzle() {
            Some(puzzle) => puzzles::fragment(puzzle.index),
            None => link::fragment(&self.tree, self.shown()),
        }
    }

    /// The move shown (the start before any move).
    pub fn shown(&self) -> NodeId {
        match self.game.ply() {
            0 => NodeId::START,
            ply => self.line[ply - 1],
        }
    }

    /// What is written about the position shown.
    pub fn comment(&self) -> Option<&str> {
        self.tree.comment(self.shown())
    }

    /// Shows `node`, in the line through it; returns whether it changed.
    pub fn enter(&mut self, node: NodeId) -> bool {
        if node == self.shown() {
            return false;
        }
        self.game = self.tree.game(node);
        self.line = self.tree.line(node);
        self.animation = None;
        self.refresh();
        true
    }

    /// Promotes the variation of the `n`th move written; the same move
    /// stays shown.
    pub(super) fn promote(&mut self, n: usize) -> bool {
        let Some(node) = self.tree.numbered(n) else {
            return false;
        };
        if !self.tree.promote(node) {
            return false;
        }
        let shown = self.shown();
        self.line = self.tree.line(shown);
        self.game = self.tree.game(shown);
        true
    }

    /// Deletes the `n`th move written and the moves after it; if the move
    /// shown was among them, the move before it is shown.
    pub(super) fn delete(&mut self, n: usize) -> bool {
        let Some(node) = self.tree.numbered(n) else {
            return false;
        };
        let shown = self.shown();
        let gone = self.tree.path(shown).contains(&node);
        let Some(parent) = self.tree.delete(node) else {
            return false;
        };
        let show = if gone { parent } else { shown };
        self.game = self.tree.game(show);
        self.line = self.tree.line(show);
        self.animation = None;
        self.refresh();
        true
    }

    /// Whether the game can be sent to a friend for a reply: two people
    /// play it, it goes on, and the last move of its line is shown.
    pub fn can_send(&self) -> bool {
        self.mode == crate::keep::embed::Mode::Play
            && !self.computer.plays()
            && self.game.outcome().is_none()
            && !self.game.moves().is_empty()
            && self.game.ply() == self.game.moves().len()
    }

    /// Starts a new game under `rules` with these players.
    pub(super) fn new_game(&mut self, rules: Rules, players: [Player; 2]) -> bool {
        let Ok(game) = Game::new(&rules) else {
            return false;
        };
        self.layout.flipped = false;
        self.open(Opened::game(&game, None));
        self.link_moves = None;
        self.computer.set_players(players);
        self.chosen = Some(players);
        true
    }
}
