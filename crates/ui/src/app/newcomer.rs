//! The App's handling of a newcomer's way in: the first visit's card,
//! the course (opening a lesson on the board, judging the move played,
//! the hint, leaving) and the puzzles (the same, judged against the one
//! proved answer).

use asalto_core::{Move, MoveText, Preset, Side};

use super::{Activity, App, LessonMsg, Msg, PuzzleMsg, Welcome};
use crate::computer::Player;
use crate::keep::embed::Mode;
use crate::newcomer::lessons::EXERCISES;
use crate::newcomer::puzzles;

/// How long a lesson's or a puzzle's wrong try and the reply that answers
/// it stay on the board before they are taken back, in milliseconds.
pub const TAKE_BACK_MS: f64 = 2500.0;

/// A lesson open: which, whether its task was done by the move played
/// (`None` before one is), and whether its hint is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LessonState {
    /// The lesson's number in [`crate::newcomer::lessons::LESSONS`] (and
    /// [`crate::newcomer::lessons::EXERCISES`]).
    pub index: usize,
    /// Whether the move played did the task.
    pub verdict: Option<bool>,
    /// Whether the hint is shown.
    pub hint: bool,
}

/// A puzzle open: which, and whether the answer is said. The move tried
/// is the game's first ([`App::puzzle_verdict`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PuzzleState {
    /// The puzzle's number in [`puzzles::all`].
    pub index: usize,
    /// Whether the answer is said.
    pub answer_shown: bool,
}

impl App {
    /// Whether the card that offers the ways to play is shown: on a first
    /// visit before a move is played, and over a game opened from a link
    /// not yet finished and not being reviewed, to play on from it
    /// ([`App::link_view`]).
    pub fn welcome_shown(&self) -> bool {
        let offered = if self.link_view() {
            // A review of it is the reader's answer for now.
            self.game.outcome().is_none() && self.review().is_none()
        } else {
            self.welcome_offered() && self.game.moves().is_empty()
        };
        offered && self.mode == Mode::Play
    }

    /// Handles the card's choice; returns whether anything changed. Over a
    /// link's game the game stays and its players change.
    pub(super) fn welcome(&mut self, choice: Welcome) -> bool {
        if choice == Welcome::Offer {
            self.activity = Activity::Welcome;
        } else if self.welcome_offered() {
            self.activity = Activity::Play;
        }
        self.friend = choice == Welcome::Friend;
        let players = match choice {
            Welcome::Offer => return true,
            Welcome::Friend => [Player::Human; 2],
            Welcome::Computer(side, level) => {
                let mut players = [Player::Computer(level); 2];
                players[usize::from(side == Side::Defender)] = Player::Human;
                players
            }
        };
        if self.link_view() {
            self.link_record = None;
            self.computer.set_players(players);
            self.chosen = Some(players);
            return true;
        }
        players == [Player::Human; 2] || self.new_game(*self.game.rules(), players)
    }

    /// Handles a lesson message; returns whether anything changed.
    pub(super) fn on_lesson(&mut self, msg: LessonMsg) -> bool {
        match msg {
            LessonMsg::Open(index) => self.open_lesson(index),
            LessonMsg::Again => match self.lesson() {
                Some(l) => self.open_lesson(l.index),
                None => false,
            },
            LessonMsg::Resume => {
                let first = (0..EXERCISES.len())
                    .find(|i| self.lessons_done >> i & 1 == 0)
                    .unwrap_or(0);
                self.open_lesson(first)
            }
            LessonMsg::Next => match self.lesson() {
                Some(l) => self.open_lesson(l.index + 1),
                None => false,
            },
            LessonMsg::Hint => {
                let _ = self.retry();
                match &mut self.activity {
                    Activity::Lesson(l) if !l.hint => {
                        l.hint = true;
                        true
                    }
                    _ => false,
                }
            }
            LessonMsg::TryAgain => self.retry(),
            LessonMsg::Leave => self.leave(self.lesson().is_some()),
            LessonMsg::Restore(done) => {
                let changed = self.lessons_done != done;
                self.lessons_done = done;
                changed
            }
        }
    }

    /// Leaves the lessons or the puzzles, if `open`, for a new game.
    fn leave(&mut self, open: bool) -> bool {
        open && self.new_game(Preset::Assault.rules(), [Player::Human; 2])
    }

    /// After a lesson's or a puzzle's wrong try (its first move): the
    /// computer's best reply is asked for, and played, to show why it
    /// fails; the next tap takes both back ([`App::retry`]).
    pub(super) fn ask_refutation(&mut self) {
        let lesson = self.lesson().is_some_and(|l| l.verdict == Some(false));
        let puzzle = self.puzzle().is_some_and(|p| !p.answer_shown)
            && self.puzzle_verdict().is_some_and(|(_, right)| !right);
        if (lesson || puzzle) && self.game.ply() == 1 {
            self.computer.ask_reply(&self.game);
        }
    }

    /// What takes a lesson's or a puzzle's wrong try and its reply back,
    /// sent [`TAKE_BACK_MS`] after the reply is on the board; `None` while
    /// no reply is shown.
    pub fn take_back(&self) -> Option<Msg> {
        self.refutation()?;
        if self.lesson().is_some() {
            Some(Msg::Lesson(LessonMsg::TryAgain))
        } else {
            self.puzzle().map(|_| Msg::Puzzle(PuzzleMsg::TryAgain))
        }
    }

    /// The reply played to a lesson's or a puzzle's wrong try, if it has
    /// come.
    pub fn refutation(&self) -> Option<String> {
        self.game
            .move_text(1)
            .filter(|_| self.game.ply() >= 2)
            .map(|t| t.to_string())
    }

    /// A lesson's or a puzzle's last wrong try and the reply that
    /// answered it, once taken back, until the next move.
    pub fn tried(&self) -> Option<(&str, &str)> {
        self.tried.as_ref().map(|(m, r)| (m.as_str(), r.as_str()))
    }

    /// After a lesson's or a puzzle's wrong move: back to its start for
    /// another try (a lesson's hint as it was), the try and its reply
    /// kept to be said. Returns whether it went back.
    pub(super) fn retry(&mut self) -> bool {
        let tried = self.game.move_text(0).map(|t| t.to_string());
        let tried = tried.zip(self.refutation());
        let lesson = self.lesson().filter(|l| l.verdict == Some(false));
        let puzzle = self
            .puzzle()
            .filter(|p| !p.answer_shown && self.puzzle_verdict().is_some_and(|(_, right)| !right));
        if let Some(l) = lesson {
            self.open_lesson(l.index);
            if let Activity::Lesson(open) = &mut self.activity {
                open.hint = l.hint;
            }
        } else if let Some(p) = puzzle {
            self.open_puzzle(p.index);
        } else {
            return false;
        }
        self.tried = tried;
        true
    }

    fn open_lesson(&mut self, index: usize) -> bool {
        let Some(lesson) = EXERCISES.get(index) else {
            return false;
        };
        self.new_game(*lesson.game().rules(), [Player::Human; 2]);
        self.tried = None;
        self.activity = Activity::Lesson(LessonState {
            index,
            verdict: None,
            hint: false,
        });
        true
    }

    /// Handles a puzzle message; returns whether anything changed.
    pub(super) fn on_puzzle(&mut self, msg: PuzzleMsg) -> bool {
        let open = self.puzzle().map(|p| p.index);
        match msg {
            PuzzleMsg::Open(index) => self.open_puzzle(index),
            PuzzleMsg::Again => open.is_some_and(|i| self.open_puzzle(i)),
            PuzzleMsg::Next => {
                open.is_some_and(|i| self.open_puzzle((i + 1) % puzzles::all().len().max(1)))
            }
            // The answer said and played in place of any move tried.
            PuzzleMsg::Answer => match (self.puzzle(), open.and_then(|i| puzzles::all().get(i))) {
                (Some(p), Some(puzzle)) if !p.answer_shown => {
                    self.open_puzzle(p.index);
                    let answer = puzzle.answer.parse().ok();
                    let m = answer.and_then(|t: MoveText| t.to_move(self.position()).ok());
                    if let Some(m) = m {
                        let route =
                            crate::computer::route(&MoveText::from_move(self.position(), &m));
                        self.play(m, route, true);
                    }
                    if let Activity::Puzzle(open) = &mut self.activity {
                        open.answer_shown = true;
                    }
                    true
                }
                _ => false,
            },
            PuzzleMsg::TryAgain => self.retry(),
            PuzzleMsg::Leave => self.leave(self.puzzle().is_some()),
        }
    }

    fn open_puzzle(&mut self, index: usize) -> bool {
        let Some(puzzle) = puzzles::all().get(index) else {
            let count = puzzles::all().len().to_string();
            self.notice = Some(self.say().f(
                &puzzles::NO_SUCH,
                &[&index.saturating_add(1).to_string(), &count],
            ));
            return true;
        };
        self.new_game(*puzzle.game().rules(), [Player::Human; 2]);
        self.tried = None;
        self.activity = Activity::Puzzle(PuzzleState {
            index,
            answer_shown: false,
        });
        true
    }

    /// The open puzzle's verdict once a move is shown: the move tried (the
    /// game's first, as the record writes it) and whether it is the answer.
    pub fn puzzle_verdict(&self) -> Option<(String, bool)> {
        let puzzle = puzzles::all().get(self.puzzle()?.index)?;
        let tried = self.game.move_text(0).filter(|_| self.game.ply() > 0)?;
        let tried = tried.to_string();
        let right = tried == puzzle.answer;
        Some((tried, right))
    }

    /// After `m` was played by `side`: whether it did the open lesson's
    /// task (kept as done if it did).
    pub(super) fn judge_lesson(&mut self, side: Side, m: &Move) {
        let Activity::Lesson(lesson) = &mut self.activity else {
            return;
        };
        if lesson.verdict.is_some() {
            return;
        }
        let met = EXERCISES[lesson.index].goal.met(side, m, &self.game);
        lesson.verdict = Some(met);
        if met {
            self.lessons_done |= 1 << lesson.index;
        }
    }
}
