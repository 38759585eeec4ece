//! The lesson's card (the game page's only): the lesson's number and
//! title, the stars of the lessons done, its task, what the move played
//! did, and Hint, Again, Next and Leave (each names its message in the
//! markup, `data-msg`).

use web_sys::{Element, HtmlButtonElement, HtmlElement, HtmlOptionElement, HtmlSelectElement};

use crate::root::{Root, set_text};
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
    /// Every lesson, to open any (and go back): its options as last
    /// written.
    pick: HtmlSelectElement,
    listed: Vec<String>,
}

impl LessonCard {
    /// The card of `root`.
    pub(crate) fn new(root: &Root) -> Result<LessonCard, wasm_bindgen::JsValue> {
        Ok(LessonCard {
            card: root.find("lesson")?,
            title: root.find("lesson-title")?,
            stars: root.find("lesson-stars")?,
            task: root.find("lesson-task")?,
            said: root.find("lesson-said")?,
            hint: root.find("lesson-hint")?,
            next: root.find("lesson-next")?,
            pick: root.find("lesson-pick")?,
            listed: Vec::new(),
        })
    }

    /// Shows the lesson open, or hides the card.
    pub(crate) fn sync(&mut self, app: &App) {
        self.card.set_hidden(app.lesson().is_none());
        let Some(state) = app.lesson() else {
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
        let done = (0..LESSONS.len()).filter(|i| app.lessons_done() >> i & 1 == 1);
        let stars: String = (0..LESSONS.len())
            .map(|i| {
                if app.lessons_done() >> i & 1 == 1 {
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
        self.list(app);
        // Why a tap was refused comes first, here where it is seen.
        let said = match (state.verdict, app.refusal()) {
            (Some(true), _) => say.t(&lessons::WELL_DONE),
            (Some(false), _) => match app.refutation() {
                Some(reply) => say.f(&lessons::NOT_QUITE_REPLY, &[&reply]),
                None => say.t(&lessons::NOT_QUITE),
            },
            (None, Some(why)) => why.to_owned(),
            (None, None) if state.hint => say.f(&lessons::HINT, &[&say.t(&lesson.hint)]),
            (None, None) => app.tried().map_or_else(String::new, |(_, reply)| {
                say.f(&lessons::NOT_QUITE_REPLY, &[reply])
            }),
        };
        set_text(&self.said, &said);
        let done = state.verdict == Some(true);
        self.hint.set_disabled(state.hint || done);
        self.next.set_disabled(state.index + 1 >= LESSONS.len());
        // The way on is the main button once the task is done.
        let _ = self.next.class_list().toggle_with_force("primary", done);
    }

    /// Writes the list of lessons (each starred when done) where it
    /// changed, the open one chosen.
    fn list(&mut self, app: &App) {
        let say = app.say();
        let names: Vec<String> = LESSONS
            .iter()
            .enumerate()
            .map(|(i, lesson)| {
                let star = if app.lessons_done() >> i & 1 == 1 {
                    '★'
                } else {
                    '☆'
                };
                format!("{star} {}. {}", i + 1, say.t(&lesson.title))
            })
            .collect();
        if names != self.listed {
            self.pick.set_inner_html("");
            for (i, name) in names.iter().enumerate() {
                if let Ok(option) = HtmlOptionElement::new_with_text_and_value(name, &i.to_string())
                {
                    let _ = self.pick.append_child(&option);
                }
            }
            self.listed = names;
        }
        if let Some(state) = app.lesson() {
            self.pick.set_value(&state.index.to_string());
        }
    }
}
