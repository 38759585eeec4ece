//! The App's handling of the course: opening a lesson on the board,
//! judging the move played, the hint, leaving.

use asalto_core::{Move, Preset, Side};

use super::{App, LessonMsg, LessonState};
use crate::computer::Player;
use crate::lessons::LESSONS;

impl App {
    /// Handles a lesson message; returns whether anything changed.
    pub(super) fn lesson(&mut self, msg: LessonMsg) -> bool {
        match msg {
            LessonMsg::Open(index) => self.open_lesson(index),
            LessonMsg::Again => match self.lesson {
                Some(l) => self.open_lesson(l.index),
                None => false,
            },
            LessonMsg::Resume => {
                let first = (0..LESSONS.len())
                    .find(|i| self.lessons_done >> i & 1 == 0)
                    .unwrap_or(0);
                self.open_lesson(first)
            }
            LessonMsg::Next => match self.lesson {
                Some(l) => self.open_lesson(l.index + 1),
                None => false,
            },
            LessonMsg::Hint => match &mut self.lesson {
                Some(l) if !l.hint => {
                    l.hint = true;
                    true
                }
                _ => false,
            },
            LessonMsg::Leave => {
                let left = self.lesson.is_some();
                if left {
                    self.new_game(Preset::Assault.rules(), [Player::Human; 2]);
                }
                left
            }
            LessonMsg::Restore(done) => {
                let changed = self.lessons_done != done;
                self.lessons_done = done;
                changed
            }
        }
    }

    fn open_lesson(&mut self, index: usize) -> bool {
        let Some(lesson) = LESSONS.get(index) else {
            return false;
        };
        self.welcome = false;
        self.new_game(*lesson.game().rules(), [Player::Human; 2]);
        self.lesson = Some(LessonState {
            index,
            verdict: None,
            hint: false,
        });
        true
    }

    /// After `m` was played by `side`: whether it did the open lesson's
    /// task (kept as done if it did).
    pub(super) fn judge_lesson(&mut self, side: Side, m: &Move) {
        let Some(lesson) = &mut self.lesson else {
            return;
        };
        if lesson.verdict.is_some() {
            return;
        }
        let met = LESSONS[lesson.index].goal.met(side, m, &self.game);
        lesson.verdict = Some(met);
        if met {
            self.lessons_done |= 1 << lesson.index;
        }
    }
}
