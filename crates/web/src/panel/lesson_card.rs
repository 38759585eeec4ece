//! The lesson's card (the game page's only): the lesson's number and
//! title, the stars of the lessons done, its task, what the move played
//! did, and Hint, Again, Next and Leave (each names its message in the
//! markup, `data-msg`). Keeps the lessons done in the browser's storage.

use web_sys::{Element, HtmlButtonElement, HtmlElement};

use crate::root::{Root, set_text};
use crate::storage;
use asalto_ui::app::App;
use asalto_ui::newcomer::lessons::{self, LESSONS};

/// The card's elements.
pub(crate) struct LessonCard {
    card: HtmlElement,
    title: Element,
    stars: Element,
    task: Element,
    said: Element,
    hint: HtmlButtonElement,
    next: HtmlButtonElement,
    /// The lessons done as last stored.
    kept: Option<lessons::Done>,
}

impl LessonCard {
    /// The card of `root`, if it has one.
    pub(crate) fn new(root: &Root) -> Option<LessonCard> {
        Some(LessonCard {
            card: root.find("lesson").ok()?,
            title: root.find("lesson-title").ok()?,
            stars: root.find("lesson-stars").ok()?,
            task: root.find("lesson-task").ok()?,
            said: root.find("lesson-said").ok()?,
            hint: root.find("lesson-hint").ok()?,
            next: root.find("lesson-next").ok()?,
            kept: None,
        })
    }

    /// Shows the lesson open, or hides the card; stores the lessons done
    /// when they changed.
    pub(crate) fn sync(&mut self, app: &App) {
        if self.kept != Some(app.lessons_done) {
            if self.kept.is_some()
                && let Some(window) = web_sys::window()
            {
                storage::keep_lessons_done(&window, app.lessons_done);
            }
            self.kept = Some(app.lessons_done);
        }
        self.card.set_hidden(app.lesson.is_none());
        let Some(state) = app.lesson else {
            return;
        };
        let say = app.say();
        let lesson = &LESSONS[state.index];
        let (number, count) = ((state.index + 1).to_string(), LESSONS.len().to_string());
        set_text(
            &self.title,
            &say.f(
                &lessons::LESSON_OF,
                &[&number, &count, &say.t(&lesson.title)],
            ),
        );
        let done = (0..LESSONS.len()).filter(|i| app.lessons_done >> i & 1 == 1);
        let stars: String = (0..LESSONS.len())
            .map(|i| {
                if app.lessons_done >> i & 1 == 1 {
                    '★'
                } else {
                    '☆'
                }
            })
            .collect();
        set_text(&self.stars, &stars);
        let _ = self.stars.set_attribute(
            "aria-label",
            &say.f(&lessons::DONE_OF, &[&done.count().to_string(), &count]),
        );
        set_text(&self.task, &say.t(&lesson.task));
        let said = match state.verdict {
            Some(true) => say.t(&lessons::WELL_DONE),
            Some(false) => say.t(&lessons::NOT_QUITE),
            None if state.hint => say.f(&lessons::HINT, &[&say.t(&lesson.hint)]),
            None => String::new(),
        };
        set_text(&self.said, &said);
        self.hint
            .set_disabled(state.hint || state.verdict.is_some());
        self.next.set_disabled(state.index + 1 >= LESSONS.len());
    }
}
