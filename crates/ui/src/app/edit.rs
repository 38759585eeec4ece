//! The state while the set-up editor is open: choices cycle the points,
//! and only the editor's own messages (and the page's: size, frames,
//! language, notes) do anything.

use asalto_core::Game;

use super::{App, Msg};
use crate::link::Opened;

impl App {
    /// [`App::apply`] while the set-up editor is open.
    pub(super) fn edit(&mut self, msg: Msg) -> bool {
        let Some(editor) = &mut self.editor else {
            return false;
        };
        match msg {
            Msg::Press(x, y) => {
                let board = self.game.rules().board();
                match self.layout.point_at(board, x, y) {
                    Some(p) => {
                        editor.toggle(p);
                        true
                    }
                    None => false,
                }
            }
            Msg::Choose(p) => {
                editor.toggle(p);
                true
            }
            Msg::EditTurn(side) => {
                editor.turn = side;
                true
            }
            Msg::EditRules(preset) => editor.choose_rules(preset),
            Msg::EditClear => {
                editor.clear();
                true
            }
            Msg::EditPlay => match editor.rules().map(|r| Game::new(&r)) {
                Some(Ok(game)) => {
                    self.editor = None;
                    self.open(Opened::game(&game, None));
                    self.link_moves = None;
                    true
                }
                _ => false,
            },
            Msg::Edit => {
                self.editor = None;
                self.refresh();
                true
            }
            Msg::Resize(..)
            | Msg::Tick(_)
            | Msg::Language(_)
            | Msg::Notice(_)
            | Msg::Shared(_)
            | Msg::ShowThreats(_) => self.apply_always(msg),
            _ => false,
        }
    }
}
