//! The puzzle's card (the game page's only): the puzzle's number, its
//! task, what the move played was, the answer when asked for, and Show
//! the answer, Again, Next and Leave (each names its message in the
//! markup, `data-msg`).

use asalto_core::Side;
use web_sys::{Element, HtmlButtonElement, HtmlElement};

use crate::root::{Root, set_text};
use asalto_ui::app::App;
use asalto_ui::newcomer::puzzles;

/// The card's elements.
pub(crate) struct PuzzleCard {
    card: HtmlElement,
    title: Element,
    task: Element,
    said: Element,
    answer: HtmlButtonElement,
}

impl PuzzleCard {
    /// The card of `root`, if it has one.
    pub(crate) fn new(root: &Root) -> Option<PuzzleCard> {
        Some(PuzzleCard {
            card: root.find("puzzle").ok()?,
            title: root.find("puzzle-title").ok()?,
            task: root.find("puzzle-task").ok()?,
            said: root.find("puzzle-said").ok()?,
            answer: root.find("puzzle-answer").ok()?,
        })
    }

    /// Shows the puzzle open, or hides the card.
    pub(crate) fn sync(&mut self, app: &App) {
        self.card.set_hidden(app.puzzle.is_none());
        let Some(state) = app.puzzle else {
            return;
        };
        let Some(puzzle) = puzzles::all().get(state.index) else {
            return;
        };
        let say = app.say();
        let count = puzzles::all().len().to_string();
        set_text(
            &self.title,
            &say.f(
                &puzzles::PUZZLE_OF,
                &[&(state.index + 1).to_string(), &count],
            ),
        );
        // The side to move in the puzzle's position (the game's start).
        let side = app.game.position_at(0).map_or(Side::Attacker, |p| p.turn());
        set_text(&self.task, &say.of(side).t(&puzzles::TASK));
        let verdict = app.puzzle_verdict();
        let solved = matches!(verdict, Some((_, true)));
        let mut said = match &verdict {
            Some((played, true)) => say.f(&puzzles::RIGHT, &[played]),
            Some((played, false)) => say.f(&puzzles::WRONG, &[played]),
            None => String::new(),
        };
        if state.answer_shown && !solved {
            if !said.is_empty() {
                said.push(' ');
            }
            said.push_str(&say.f(&puzzles::ANSWER, &[puzzle.answer]));
        }
        set_text(&self.said, &said);
        self.answer.set_disabled(state.answer_shown || solved);
    }
}
