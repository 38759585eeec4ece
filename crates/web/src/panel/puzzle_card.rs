//! The puzzle's card (the game page's only): the puzzle's number, its
//! task, what the move played was, the answer when asked for, and Show
//! the answer, Again, Next and Leave (each names its message in the
//! markup, `data-msg`).

use asalto_core::{Preset, Side};
use web_sys::{Element, HtmlButtonElement, HtmlElement};

use crate::root::{Root, set_text};
use asalto_ui::app::App;
use asalto_ui::newcomer::puzzles;
use asalto_ui::say::text;

/// The card's elements.
pub(crate) struct PuzzleCard {
    card: HtmlElement,
    title: Element,
    task: Element,
    said: Element,
    answer: HtmlButtonElement,
}

impl PuzzleCard {
    /// The card of `root`.
    pub(crate) fn new(root: &Root) -> Result<PuzzleCard, wasm_bindgen::JsValue> {
        Ok(PuzzleCard {
            card: root.find("puzzle")?,
            title: root.find("puzzle-title")?,
            task: root.find("puzzle-task")?,
            said: root.find("puzzle-said")?,
            answer: root.find("puzzle-answer")?,
        })
    }

    /// Shows the puzzle open, or hides the card.
    pub(crate) fn sync(&mut self, app: &App) {
        self.card.set_hidden(app.puzzle().is_none());
        let Some(state) = app.puzzle() else {
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
        let side = app
            .game()
            .position_at(0)
            .map_or(Side::Attacker, |p| p.turn());
        // Under other rules than the standard game's, the task names them.
        let preset = app.game().rules().preset;
        let task = if preset == Preset::Assault {
            say.of(side).t(&puzzles::TASK)
        } else {
            say.of(side)
                .f(&puzzles::TASK_RULES, &[text::preset_name(say.lang, preset)])
        };
        set_text(&self.task, &task);
        let verdict = app.puzzle_verdict();
        let solved = matches!(verdict, Some((_, true)));
        let said = match &verdict {
            _ if state.answer_shown => say.f(&puzzles::ANSWER, &[puzzle.answer]),
            Some((played, true)) => say.f(&puzzles::RIGHT, &[played]),
            Some((played, false)) => match app.refutation() {
                Some(reply) => say.f(&puzzles::WRONG_REPLY, &[played, &reply]),
                None => say.f(&puzzles::WRONG, &[played]),
            },
            None => app.tried().map_or_else(String::new, |(played, reply)| {
                say.f(&puzzles::WRONG_REPLY, &[played, reply])
            }),
        };
        set_text(&self.said, &said);
        self.answer.set_disabled(state.answer_shown || solved);
    }
}
