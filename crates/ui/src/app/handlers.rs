//! What each group of messages does outside the set-up editor, and where
//! the modes forbid it: a viewed board does not step through its game, a
//! replayed or viewed one plays no game of its own, and the board waits
//! while the computer moves.

use asalto_core::Shape;

use super::pointer::DRAG_THRESHOLD;
use super::{App, AuthorMsg, ComputerMsg, GameMsg, Msg, NavMsg, PageMsg, PointerMsg, SettingsMsg};
use crate::board::threats::Threats;
use crate::computer::Player;
use crate::keep::embed::Mode;
use crate::keep::link;
use crate::study::notes;

impl App {
    /// [`App::apply`] outside the set-up editor.
    pub(super) fn apply_always(&mut self, msg: Msg) -> bool {
        let play = self.mode == Mode::Play;
        match msg {
            Msg::Pointer(m) => self.pointer(m),
            Msg::Nav(m) => self.mode != Mode::View && self.nav(m),
            // A result may be closed in any mode; the rest plays a game.
            Msg::Game(m) => (play || m == GameMsg::CloseResult) && self.game_msg(m),
            Msg::Author(m) => self.author(m),
            // Only `Toggle` opens the editor (in `apply`).
            Msg::Editor(_) => false,
            Msg::Computer(ComputerMsg::Hint | ComputerMsg::MoveNow) if !play => false,
            Msg::Computer(ComputerMsg::Review) if self.mode == Mode::View => false,
            Msg::Computer(m) => self.computer_msg(m),
            Msg::Settings(m) => self.settings(m),
            Msg::Page(m) => self.page(m),
            Msg::Welcome(choice) => play && self.welcome(choice),
            Msg::Lesson(m) => play && self.on_lesson(m),
            Msg::Puzzle(m) => play && self.on_puzzle(m),
        }
    }

    fn pointer(&mut self, msg: PointerMsg) -> bool {
        let choosing = matches!(msg, PointerMsg::Press(..) | PointerMsg::Choose(_));
        if self.computer.moving() && choosing {
            // The computer is moving: the board waits.
            return false;
        }
        if choosing {
            // A lesson's or a puzzle's wrong move is taken back by the
            // next try.
            let _ = self.retry();
        }
        match msg {
            PointerMsg::Press(x, y) => self.press_at(x, y),
            PointerMsg::Drag(x, y) => match &mut self.press {
                Some(press) => {
                    press.at = (x, y);
                    let (dx, dy) = (x - press.from.0, y - press.from.1);
                    press.dragging |= dx.hypot(dy) > DRAG_THRESHOLD;
                    press.dragging
                }
                None => false,
            },
            PointerMsg::Release(x, y) => self.release(x, y),
            PointerMsg::Cancel => self.press.take().is_some(),
            PointerMsg::Choose(p) => self.choose(p, true) || self.refusal.is_some(),
            PointerMsg::StopChain => match self.pick.can_stop() {
                Some(m) => {
                    let route = self.pick.route().to_vec();
                    self.play(m, route, true);
                    true
                }
                None => false,
            },
            PointerMsg::Deselect => {
                let had = !self.pick.is_empty() || self.refusal.is_some();
                self.pick.clear();
                self.refusal = None;
                // Escape with nothing chosen closes the result.
                had || self.close_result()
            }
        }
    }

    fn close_result(&mut self) -> bool {
        let shown = self.result_shown();
        if shown {
            self.result_closed = Some(self.game.record().to_string());
        }
        shown
    }

    fn nav(&mut self, msg: NavMsg) -> bool {
        match msg {
            NavMsg::Undo => {
                // Against the computer, take back its reply and your move.
                let computer = self.computer.clone();
                self.navigate(|g| {
                    g.undo();
                    let turn = g.position().turn();
                    let other = computer.player(turn.other());
                    if matches!(computer.player(turn), Player::Computer(_))
                        && other == Player::Human
                    {
                        g.undo();
                    }
                })
            }
            NavMsg::Redo => self.navigate(|g| {
                g.redo();
            }),
            NavMsg::Back => self.navigate(|g| {
                g.undo();
            }),
            NavMsg::GoTo(ply) => self.navigate(|g| g.go_to(ply)),
            NavMsg::GoToEnd => self.navigate(|g| g.go_to(usize::MAX)),
            NavMsg::Enter(n) => self.tree.numbered(n).is_some_and(|node| self.enter(node)),
            NavMsg::GraphAt(fraction) => match self.review() {
                Some(review) => {
                    let ply = crate::study::graph::ply_at(fraction, review.plies());
                    self.navigate(|g| g.go_to(ply))
                }
                None => false,
            },
            NavMsg::OpenLink(fragment) => match link::open(self.lang, &fragment) {
                Some(opened) => {
                    let reply = opened.reply;
                    self.open(opened);
                    // Someone else's game: people at this screen, and the
                    // computer only when the reader asks it to play on.
                    self.computer.set_players([Player::Human; 2]);
                    let moves = self.game.moves().len();
                    self.link_moves = (reply && moves > 0).then_some(moves);
                    if self.link_moves.is_none() {
                        self.link_record = Some((self.tree.record().to_string(), self.shown()));
                    }
                    true
                }
                None => false,
            },
        }
    }

    fn game_msg(&mut self, msg: GameMsg) -> bool {
        match msg {
            GameMsg::NewGame(rules, players) => self.new_game(rules, players),
            GameMsg::Rematch => {
                let [a, d] = self.computer.players;
                let players = if self.computer.plays() {
                    [d, a]
                } else {
                    [a, d]
                };
                self.new_game(*self.game.rules(), players)
            }
            GameMsg::CloseResult => self.close_result(),
            GameMsg::Promote(n) => self.promote(n),
            GameMsg::Delete(n) => self.delete(n),
        }
    }

    fn author(&mut self, msg: AuthorMsg) -> bool {
        match msg {
            AuthorMsg::DrawFrom(x, y) => {
                self.drawing = self.layout.point_at(self.game.rules().board(), x, y);
                false
            }
            AuthorMsg::DrawTo(x, y) => {
                let to = self.layout.point_at(self.game.rules().board(), x, y);
                match (self.drawing.take(), to) {
                    (Some(from), Some(to)) => {
                        let shape = if from == to {
                            Shape::Ring(to)
                        } else {
                            Shape::Arrow(from, to)
                        };
                        let node = self.shown();
                        let comment = notes::with_shape_toggled(self.tree.comment(node), shape);
                        self.tree.set_comment(node, comment);
                        true
                    }
                    _ => false,
                }
            }
            AuthorMsg::Annotate => {
                self.annotating = !self.annotating;
                true
            }
            AuthorMsg::Comment(words) => {
                let node = self.shown();
                let comment = notes::with_words(self.tree.comment(node), &words);
                self.tree.set_comment(node, comment);
                true
            }
        }
    }

    fn computer_msg(&mut self, msg: ComputerMsg) -> bool {
        match msg {
            ComputerMsg::Answer(answer) => {
                let (play, changed) = self.computer.answer(&self.game, answer);
                if let Some((m, route)) = play {
                    self.play_computer(m, route);
                }
                changed
            }
            ComputerMsg::Hint => self.perfect_hint() || self.computer.ask_hint(&self.game),
            ComputerMsg::MoveNow => match self.computer.move_now(&self.game) {
                Some((m, route)) => {
                    self.play(m, route, true);
                    true
                }
                None => false,
            },
            ComputerMsg::Pause => {
                self.computer.paused = !self.computer.paused;
                if self.computer.paused {
                    self.computer.thinking = None;
                }
                true
            }
            ComputerMsg::WatchPause(ms) => {
                self.computer.watch_pause = ms;
                false
            }
            ComputerMsg::Review => self.start_review(),
            ComputerMsg::CancelReview => self.cancel_review(),
            ComputerMsg::Solved(solved) => self.solved(solved),
            ComputerMsg::HoldOver(record) => self.end_hold(&record),
        }
    }

    /// The reader's choices (also while the editor is open).
    pub(super) fn settings(&mut self, msg: SettingsMsg) -> bool {
        match msg {
            SettingsMsg::Flip => {
                self.relayout(self.size.0, self.size.1, !self.layout.flipped);
                true
            }
            SettingsMsg::ShowThreats(on) => {
                self.show_threats = on;
                self.threats = on.then(|| Threats::of(self.game.position()));
                true
            }
            SettingsMsg::Language(lang) => {
                // A refusal was said in the language it was made in.
                self.refusal = None;
                std::mem::replace(&mut self.lang, lang) != lang
            }
        }
    }

    /// The page around the board (also while the editor is open).
    pub(super) fn page(&mut self, msg: PageMsg) -> bool {
        match msg {
            PageMsg::Resize(w, h) => {
                self.relayout(w, h, self.layout.flipped);
                true
            }
            PageMsg::Tick(now) => self.tick(now),
            PageMsg::Shared(copied) => {
                self.shared = Some(copied);
                true
            }
            PageMsg::Notice(text) => {
                self.notice = Some(text);
                true
            }
            PageMsg::PartUnloaded => {
                self.notice = Some(self.lang.of(&crate::words::page::PART_UNLOADED).to_owned());
                true
            }
        }
    }
}
