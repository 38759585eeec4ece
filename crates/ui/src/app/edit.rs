//! The state while the set-up editor is open: choices cycle the points,
//! and only the editor's own messages, the reader's settings and the
//! page's (size, frames, notes) do anything.

use asalto_core::Game;

use super::{Activity, App, EditorMsg, Msg, PointerMsg};
use crate::keep::link::Opened;

impl App {
    /// [`App::apply`] while the set-up editor is open.
    pub(super) fn edit(&mut self, msg: Msg) -> bool {
        let Activity::Edit(editing) = &mut self.activity else {
            return false;
        };
        let editor = &mut editing.editor;
        match msg {
            Msg::Pointer(PointerMsg::Press(x, y)) => {
                let board = self.game.rules().board();
                match self.layout.point_at(board, x, y) {
                    Some(p) => {
                        editor.toggle(p);
                        true
                    }
                    None => false,
                }
            }
            Msg::Pointer(PointerMsg::Choose(p)) => {
                editor.toggle(p);
                true
            }
            Msg::Editor(EditorMsg::Turn(side)) => {
                editor.turn = side;
                true
            }
            Msg::Editor(EditorMsg::Rules(preset)) => editor.choose_rules(preset),
            Msg::Editor(EditorMsg::Clear) => {
                editor.clear();
                true
            }
            Msg::Editor(EditorMsg::Play) => match editor.rules().map(|r| Game::new(&r)) {
                Some(Ok(game)) => {
                    self.open(Opened::game(&game, None));
                    self.link_moves = None;
                    true
                }
                _ => false,
            },
            Msg::Editor(EditorMsg::Toggle) => {
                self.close_editor();
                self.refresh();
                true
            }
            Msg::Settings(m) => self.settings(m),
            Msg::Page(m) => self.page(m),
            _ => false,
        }
    }
}
