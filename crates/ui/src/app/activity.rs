//! What the board is for just now: one activity at a time, so that a
//! lesson under review or a puzzle on the first visit's card cannot be
//! written. The set-up editor opens over any of them and gives it back
//! when it closes without a game of its own.

use super::{App, LessonState, PuzzleState};
use crate::editor::Editor;
use crate::study::review::Review;

/// The board's one activity.
#[derive(Debug, Clone, Default)]
pub enum Activity {
    /// A game of the reader's own.
    #[default]
    Play,
    /// The first visit's card is offered (no link, no saved game) until a
    /// choice is made or a move is played.
    Welcome,
    /// A lesson of the course.
    Lesson(LessonState),
    /// A puzzle.
    Puzzle(PuzzleState),
    /// The review of the game, under way or done (a done one stays for
    /// its graph until another game or activity).
    Review(Box<Review>),
    /// The set-up editor, open over the activity it gives back.
    Edit(Box<Editing>),
}

/// The set-up editor open: the position being set up and what it was
/// opened over.
#[derive(Debug, Clone)]
pub struct Editing {
    /// The position being set up.
    pub editor: Editor,
    /// The activity the editor was opened over, back when it closes.
    pub over: Activity,
}

impl Activity {
    /// The activity under the editor, or this one when it is not open.
    fn beneath(&self) -> &Activity {
        match self {
            Activity::Edit(e) => &e.over,
            other => other,
        }
    }
}

/// What a page reads of the activity.
impl App {
    /// What the board is for just now.
    pub fn activity(&self) -> &Activity {
        &self.activity
    }

    /// The lesson open, if one is.
    pub fn lesson(&self) -> Option<LessonState> {
        match self.activity {
            Activity::Lesson(l) => Some(l),
            _ => None,
        }
    }

    /// The puzzle open, if one is.
    pub fn puzzle(&self) -> Option<PuzzleState> {
        match self.activity {
            Activity::Puzzle(p) => Some(p),
            _ => None,
        }
    }

    /// The review of the game, under way or done: shown, though paused,
    /// while the editor is open over it.
    pub fn review(&self) -> Option<&Review> {
        match self.activity.beneath() {
            Activity::Review(r) => Some(r),
            _ => None,
        }
    }

    /// The position being set up, while the set-up editor is open.
    pub fn editor(&self) -> Option<&Editor> {
        match &self.activity {
            Activity::Edit(e) => Some(&e.editor),
            _ => None,
        }
    }

    /// Whether the first visit's card is offered (shown only before a
    /// move: [`App::welcome_shown`]).
    pub(super) fn welcome_offered(&self) -> bool {
        matches!(self.activity, Activity::Welcome)
    }

    /// Opens the set-up editor over the activity, on the position shown.
    pub(super) fn open_editor(&mut self) {
        let editor = Editor::from_position(*self.game.rules(), self.game.position());
        let over = std::mem::take(&mut self.activity);
        self.activity = Activity::Edit(Box::new(Editing { editor, over }));
    }

    /// Closes the set-up editor, giving back what it was opened over.
    pub(super) fn close_editor(&mut self) {
        if let Activity::Edit(e) = std::mem::take(&mut self.activity) {
            self.activity = e.over;
        }
    }
}
