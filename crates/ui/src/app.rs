//! The game's state, the messages that change it and `update`.
//!
//! Pure Rust with no browser types, so every interaction is tested natively:
//! events in `listen` become [`Msg`]s, [`App::update`] changes the state, and
//! `render` draws whatever the state is.

use asalto_core::{Game, Move, NodeId, Outcome, Point, PointSet, Position, Shape, Tree};

use crate::computer::{Computer, Player};
use crate::editor::Editor;
use crate::embed::Mode;
use crate::lang::{Lang, Naming, Say};
use crate::layout::Layout;
use crate::link::{self, Opened};
use crate::notes;
use crate::pick::Pick;
use crate::review::Review;
use crate::text::Copied;
use crate::threats::Threats;

pub use msg::{LessonMsg, Msg, PuzzleMsg, Welcome};
pub use newcomer::{LessonState, PuzzleState};

use pointer::DRAG_THRESHOLD;
pub use pointer::{ANIMATION_MS, Animation, Press};

/// Everything the page shows.
#[derive(Debug)]
pub struct App {
    /// The line shown: the moves from the start through the move shown
    /// and on along its main continuation, at the move shown.
    pub game: Game,
    /// Every line played: the game with its variations and notes.
    pub tree: Tree,
    /// The nodes of `game`'s moves, in order.
    pub line: Vec<NodeId>,
    /// The legal moves of the shown position (empty when the game is over).
    pub legal: Vec<Move>,
    /// The move being entered.
    pub pick: Pick,
    /// The pointer press in progress.
    pub press: Option<Press>,
    /// The move being animated.
    pub animation: Option<Animation>,
    /// Board geometry on the canvas.
    pub layout: Layout,
    /// Canvas size in CSS pixels.
    pub size: (f64, f64),
    /// Whether moves are animated (off under reduced motion).
    pub animate: bool,
    /// The computer players.
    pub computer: Computer,
    /// What went wrong with the link the game was opened from (or with
    /// loading the rest of the game), until the next move or game.
    pub notice: Option<String>,
    /// What the reader may do: only [`Mode::Play`] makes moves, and only
    /// [`Mode::View`] forbids stepping through the game.
    pub mode: Mode,
    /// The number of moves of the link the game was opened from, when it
    /// was sent for a reply (`&reply`): the game is played by link, two
    /// people, one move at a time.
    pub link_moves: Option<usize>,
    /// What the last Share or Send did, until the next move.
    pub shared: Option<Copied>,
    /// Why the last point chosen was refused, until the next choice.
    pub refusal: Option<String>,
    /// The language of the words on the page.
    pub lang: Lang,
    /// The side names asked for (an embedded board's `sides`); else the
    /// preset's source's.
    pub naming: Option<Naming>,
    /// The position being set up, while the set-up editor is open.
    pub editor: Option<Editor>,
    /// Where an author's arrow starts, while the secondary button is down.
    pub drawing: Option<Point>,
    /// Whether the box for the author's words is open.
    pub annotating: bool,
    /// Whether threats are marked and said (a comfort).
    pub show_threats: bool,
    /// What is threatened in the position shown, while they are.
    pub threats: Option<Threats>,
    /// The review of the game, under way or done.
    pub review: Option<Review>,
    /// The record of the finished game whose result the reader closed
    /// (until another game is opened).
    pub result_closed: Option<String>,
    /// The first visit's card is offered (no link, no saved game) until
    /// a choice is made or a move is played.
    pub welcome: bool,
    /// The lesson open, if one is.
    pub lesson: Option<LessonState>,
    /// The puzzle open, if one is.
    pub puzzle: Option<PuzzleState>,
    /// The lessons done, a bit each.
    pub lessons_done: crate::lessons::Done,
}

impl App {
    /// Whether the result of a finished game is shown: the game is over
    /// at the move shown, which is its last, in play mode, and the reader
    /// has not closed it.
    pub fn result_shown(&self) -> bool {
        self.game.outcome().is_some()
            && self.mode == Mode::Play
            && self.lesson.is_none()
            && self.puzzle.is_none()
            && self.game.ply() == self.game.moves().len()
            && self
                .result_closed
                .as_ref()
                .is_none_or(|closed| *closed != self.game.record().to_string())
    }

    /// A new game under `rules` on a canvas of `width` × `height` CSS pixels.
    pub fn new(game: Game, width: f64, height: f64) -> App {
        let layout = Layout::fit(game.rules().board(), width, height, false);
        let tree = Tree::new(&game);
        let mut app = App {
            legal: Vec::new(),
            line: tree.main_line(),
            tree,
            game,
            pick: Pick::default(),
            press: None,
            animation: None,
            layout,
            size: (width, height),
            animate: true,
            computer: Computer::default(),
            notice: None,
            mode: Mode::Play,
            link_moves: None,
            shared: None,
            refusal: None,
            lang: Lang::default(),
            naming: None,
            editor: None,
            drawing: None,
            annotating: false,
            show_threats: false,
            threats: None,
            review: None,
            result_closed: None,
            welcome: false,
            lesson: None,
            puzzle: None,
            lessons_done: 0,
        };
        app.refresh();
        app
    }

    /// The attackers and the defenders drawn: the position shown, or the
    /// one being set up.
    pub fn pieces(&self) -> [PointSet; 2] {
        match &self.editor {
            Some(e) => [e.attackers, e.defenders],
            None => [self.position().attackers(), self.position().defenders()],
        }
    }

    /// Words in the board's language, with its side names.
    pub fn say(&self) -> Say {
        Say::new(self.lang, self.game.rules().preset).named(self.naming)
    }

    /// The shown position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Changes the state; returns whether the board must be redrawn.
    pub fn update(&mut self, msg: Msg) -> bool {
        let plan = !matches!(msg, Msg::Tick(_) | Msg::Drag(..) | Msg::Resize(..));
        let changed = self.apply(msg);
        if plan {
            let before = self.computer.thinking.clone();
            self.computer.plan(&self.game);
            let reviewed = self.plan_review();
            return changed || reviewed || before != self.computer.thinking;
        }
        changed
    }

    fn apply(&mut self, msg: Msg) -> bool {
        if self.editor.is_some() {
            return self.edit(msg);
        }
        if msg == Msg::Edit {
            // The editor plays both sides at the screen.
            self.computer.set_players([Player::Human, Player::Human]);
            self.editor = Some(Editor::from_position(
                *self.game.rules(),
                self.game.position(),
            ));
            self.pick.clear();
            self.press = None;
            self.animation = None;
            return true;
        }
        self.apply_always(msg)
    }

    /// [`App::apply`] outside the set-up editor.
    fn apply_always(&mut self, msg: Msg) -> bool {
        if self.computer.moving() && matches!(msg, Msg::Press(..) | Msg::Choose(_)) {
            // The computer is moving: the board waits.
            return false;
        }
        let navigation = matches!(
            msg,
            Msg::Undo
                | Msg::Redo
                | Msg::GraphAt(_)
                | Msg::Back
                | Msg::GoTo(_)
                | Msg::GoToEnd
                | Msg::OpenLink(_)
                | Msg::Enter(_)
        );
        if msg == Msg::Review && self.mode == Mode::View {
            return false;
        }
        let play = matches!(
            msg,
            Msg::NewGame(..)
                | Msg::Welcome(..)
                | Msg::Lesson(..)
                | Msg::Puzzle(..)
                | Msg::Rematch
                | Msg::Hint
                | Msg::MoveNow
                | Msg::Promote(_)
                | Msg::Delete(_)
        );
        if (self.mode == Mode::View && navigation) || (self.mode != Mode::Play && play) {
            return false;
        }
        match msg {
            Msg::Press(x, y) => self.press(x, y),
            Msg::Drag(x, y) => match &mut self.press {
                Some(press) => {
                    press.at = (x, y);
                    let (dx, dy) = (x - press.from.0, y - press.from.1);
                    press.dragging |= dx.hypot(dy) > DRAG_THRESHOLD;
                    press.dragging
                }
                None => false,
            },
            Msg::Release(x, y) => self.release(x, y),
            Msg::CancelPointer => self.press.take().is_some(),
            Msg::Choose(p) => self.choose(p, true) || self.refusal.is_some(),
            Msg::StopChain => match self.pick.can_stop() {
                Some(m) => {
                    let route = self.pick.route().to_vec();
                    self.play(m, route, true);
                    true
                }
                None => false,
            },
            Msg::Deselect => {
                let had = !self.pick.is_empty() || self.refusal.is_some();
                self.pick.clear();
                self.refusal = None;
                // Escape with nothing chosen closes the result.
                had || (self.result_shown() && self.update(Msg::CloseResult))
            }
            Msg::CloseResult => {
                let shown = self.result_shown();
                if shown {
                    self.result_closed = Some(self.game.record().to_string());
                }
                shown
            }
            Msg::Undo => {
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
            Msg::Redo => self.navigate(|g| {
                g.redo();
            }),
            Msg::Back => self.navigate(|g| {
                g.undo();
            }),
            Msg::GoTo(ply) => self.navigate(|g| g.go_to(ply)),
            Msg::GoToEnd => self.navigate(|g| g.go_to(usize::MAX)),
            Msg::Enter(n) => self.tree.numbered(n).is_some_and(|node| self.enter(node)),
            Msg::Promote(n) => self.promote(n),
            Msg::Delete(n) => self.delete(n),
            Msg::NewGame(rules, players) => self.new_game(rules, players),
            Msg::Lesson(msg) => self.lesson(msg),
            Msg::Puzzle(msg) => self.puzzle(msg),
            Msg::Welcome(choice) => self.welcome(choice),
            Msg::Rematch => {
                let [a, d] = self.computer.players;
                let players = if self.computer.plays() {
                    [d, a]
                } else {
                    [a, d]
                };
                self.new_game(*self.game.rules(), players)
            }
            Msg::Resize(w, h) => {
                self.relayout(w, h, self.layout.flipped);
                true
            }
            Msg::Flip => {
                self.relayout(self.size.0, self.size.1, !self.layout.flipped);
                true
            }
            Msg::Review => self.start_review(),
            Msg::CancelReview => self.cancel_review(),
            Msg::GraphAt(fraction) => match &self.review {
                Some(review) => {
                    let ply = crate::graph::ply_at(fraction, review.plies());
                    self.navigate(|g| g.go_to(ply))
                }
                None => false,
            },
            Msg::ShowThreats(on) => {
                self.show_threats = on;
                self.threats = on.then(|| Threats::of(self.game.position()));
                true
            }
            Msg::Language(lang) => {
                // A refusal was said in the language it was made in.
                self.refusal = None;
                std::mem::replace(&mut self.lang, lang) != lang
            }
            Msg::Tick(now) => self.tick(now),
            Msg::WatchPause(ms) => {
                self.computer.watch_pause = ms;
                false
            }
            Msg::Computer(answer) => {
                let (play, changed) = self.computer.answer(&self.game, answer);
                if let Some((m, route)) = play {
                    self.play(m, route, true);
                }
                changed
            }
            Msg::Hint => self.computer.ask_hint(&self.game),
            Msg::MoveNow => match self.computer.move_now(&self.game) {
                Some((m, route)) => {
                    self.play(m, route, true);
                    true
                }
                None => false,
            },
            Msg::OpenLink(fragment) => match link::open(self.lang, &fragment) {
                Some(opened) => {
                    let reply = opened.reply;
                    self.open(opened);
                    let moves = self.game.moves().len();
                    let people = !self.computer.plays();
                    self.link_moves = (reply && moves > 0 && people).then_some(moves);
                    true
                }
                None => false,
            },
            Msg::Shared(copied) => {
                self.shared = Some(copied);
                true
            }
            Msg::Notice(text) => {
                self.notice = Some(text);
                true
            }
            Msg::DrawFrom(x, y) => {
                self.drawing = self.layout.point_at(self.game.rules().board(), x, y);
                false
            }
            Msg::DrawTo(x, y) => {
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
            Msg::Annotate => {
                self.annotating = !self.annotating;
                true
            }
            Msg::Comment(words) => {
                let node = self.shown();
                let comment = notes::with_words(self.tree.comment(node), &words);
                self.tree.set_comment(node, comment);
                true
            }
            // Outside the editor: only `Edit` opens it (in `apply`).
            Msg::Edit | Msg::EditTurn(_) | Msg::EditRules(_) | Msg::EditClear | Msg::EditPlay => {
                false
            }
            Msg::Pause => {
                self.computer.paused = !self.computer.paused;
                if self.computer.paused {
                    self.computer.thinking = None;
                }
                true
            }
        }
    }

    /// Shows an opened game (a link's, a saved one, an embedded board's),
    /// with what was wrong with its record.
    pub fn open(&mut self, opened: Opened) {
        self.lesson = None;
        self.puzzle = None;
        self.game = opened.tree.game(opened.shown);
        self.line = opened.tree.line(opened.shown);
        self.tree = opened.tree;
        self.notice = opened.problem;
        self.result_closed = None;
        self.animation = None;
        self.computer.thinking = None;
        self.shared = None;
        self.relayout(self.size.0, self.size.1, self.layout.flipped);
        self.refresh();
    }

    fn relayout(&mut self, w: f64, h: f64, flipped: bool) {
        self.size = (w, h);
        self.layout = Layout::fit(self.game.rules().board(), w, h, flipped);
    }

    /// After the shown position changed: new legal moves (none unless
    /// moves may be played), no selection.
    pub fn refresh(&mut self) {
        // A lesson or a puzzle judges one move: none after it, until it is
        // taken back.
        if let Some(lesson) = &mut self.lesson
            && self.game.ply() == 0
        {
            lesson.verdict = None;
        }
        let judged = self.lesson.is_some_and(|l| l.verdict.is_some())
            || (self.puzzle.is_some() && self.game.ply() > 0);
        self.legal = if self.game.outcome().is_some() || self.mode != Mode::Play || judged {
            Vec::new()
        } else {
            self.game.legal_moves()
        };
        self.pick.clear();
        self.press = None;
        self.computer.hint = None;
        self.refusal = None;
        self.threats = self.show_threats.then(|| Threats::of(self.game.position()));
    }

    fn navigate(&mut self, go: impl FnOnce(&mut Game)) -> bool {
        let before = self.game.ply();
        go(&mut self.game);
        if self.game.ply() == before {
            return false;
        }
        self.animation = None;
        self.refresh();
        true
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
}

mod edit;
mod lines;
mod msg;
mod newcomer;
mod pointer;
mod reviewing;
#[cfg(test)]
mod tests;
