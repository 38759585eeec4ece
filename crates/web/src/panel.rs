//! The panel beside the board: the status line, the captured line, the
//! note, the rules line, the buttons' states, the computer's line, the
//! play-by-link invitation, the move list and the point buttons and
//! coordinates over the canvas. [`Panel::sync`] writes them from the state,
//! each only when it changed.

use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlButtonElement, HtmlCanvasElement, HtmlElement, HtmlTextAreaElement};

use crate::coordinates::Coordinates;
use crate::panel::cards::Cards;
use crate::panel::welcome::WelcomeCard;
use crate::points::Points;
use crate::root::{Root, missing, set_text};
use crate::storage;
use asalto_ui::app::App;
use asalto_ui::app::panel_view::{Button, MoveList, PanelView};
use asalto_ui::board::layout::Layout;
use asalto_ui::newcomer::lessons;
use asalto_ui::study::notes;

pub(crate) mod cards;
mod editor_card;
mod lesson_card;
mod puzzle_card;
mod review_box;
pub(crate) mod welcome;

/// The panel's elements, and the view they were last written from.
pub(crate) struct Panel {
    canvas: HtmlCanvasElement,
    status: Element,
    captured: Element,
    note: Element,
    /// The author's comment on the position shown (text, never markup).
    comment: HtmlElement,
    rules_line: Element,
    /// Each side's goal, and the names beside each side's colour.
    goal: (Element, [Element; 2]),
    /// The first visit's card.
    welcome: WelcomeCard,
    /// The cards of a lesson, a puzzle, a review and the set-up editor.
    pub(crate) cards: Cards,
    /// The lessons done as last kept in the browser's storage.
    lessons_kept: Option<lessons::Done>,
    moves: HtmlElement,
    /// The buttons the view sets, by id.
    buttons: Vec<(&'static str, HtmlButtonElement)>,
    pause: HtmlButtonElement,
    thinking: Element,
    invite: Element,
    /// The result over the board, and its words.
    result: HtmlElement,
    result_text: Element,
    /// What the dashed lines mean, where the rules use them.
    legend: HtmlElement,
    /// What is threatened, in words, while threats are shown.
    threats: HtmlElement,
    /// What perfect play makes of the position, where there is a pack.
    perfect: HtmlElement,
    /// The last move, for screen readers (in the status live region).
    said: Element,
    /// The set-up editor's button (its card is one of `cards`).
    edit: HtmlElement,
    /// The Comment button and the box for the author's words, and the move
    /// whose words the box was filled with.
    annotate: (HtmlElement, HtmlTextAreaElement),
    annotating_for: Option<usize>,
    /// The point buttons over the canvas.
    pub(crate) points: Points,
    coordinates: Coordinates,
    /// The layout as last published on the canvas.
    shown_layout: Option<Layout>,
    /// The view last written.
    last: Option<PanelView>,
}

impl Panel {
    /// The panel of `root`, which must hold every element of the frame's
    /// (www/parts/frame.html).
    pub(crate) fn new(root: &Root) -> Result<Panel, JsValue> {
        let document = root.document().ok_or_else(|| missing("document"))?;
        let points = root.find("points")?;
        Ok(Panel {
            canvas: root.find("board")?,
            status: root.find("status")?,
            captured: root.find("captured")?,
            note: root.find("note")?,
            comment: root.find("comment")?,
            rules_line: root.find("rules-line")?,
            goal: goal(root)?,
            welcome: WelcomeCard::new(root)?,
            cards: Cards::new(root.clone()),
            lessons_kept: None,
            moves: root.find("moves")?,
            buttons: PanelView::BUTTONS
                .iter()
                .map(|&id| Ok((id, root.find(id)?)))
                .collect::<Result<_, JsValue>>()?,
            pause: root.find("pause")?,
            thinking: root.find("thinking")?,
            invite: root.find("invite")?,
            result: root.find("result")?,
            result_text: root.find("result-text")?,
            legend: root.find("legend")?,
            threats: root.find("threats")?,
            perfect: root.find("perfect")?,
            said: root.find("said")?,
            annotate: (root.find("annotate")?, root.find("comment-input")?),
            annotating_for: None,
            edit: root.find("edit")?,
            coordinates: Coordinates::new(&document, &points)?,
            points: Points::new(points, document),
            shown_layout: None,
            last: None,
        })
    }

    /// Writes the panel from the state ([`PanelView`]), each part only
    /// when it changed; the move list and what is said of the move only
    /// when the game shown `changed` ([`App::shown_changed`]).
    pub(crate) fn sync(&mut self, app: &App, changed: bool) {
        let view = PanelView::of(app, changed);
        let last = self.last.take();
        // Whether a part of the view differs from what was written last.
        macro_rules! new {
            ($part:ident) => {
                last.as_ref().is_none_or(|l| l.$part != view.$part)
            };
        }
        if new!(status) {
            self.status.set_text_content(Some(&view.status));
        }
        if new!(captured) {
            self.captured.set_text_content(Some(&view.captured));
        }
        if new!(note) {
            self.note.set_text_content(Some(&view.note));
        }
        if new!(comment) {
            shown_text(&self.comment, view.comment.as_deref());
        }
        for (name, value) in &view.canvas {
            if self.canvas.get_attribute(name).as_deref() != Some(value.as_str()) {
                let _ = self.canvas.set_attribute(name, value);
            }
        }
        if new!(rules_line) {
            self.rules_line.set_text_content(Some(&view.rules_line));
        }
        let (goal, names) = &self.goal;
        set_text(goal, &view.goal);
        for (name, text) in names.iter().zip(&view.side_names) {
            set_text(name, text);
        }
        self.welcome.sync(app);
        self.keep_lessons_done(app);
        self.cards.sync(app);
        for (id, element) in &self.buttons {
            let button = view.button(id);
            if let Some(b) = button
                && last.as_ref().is_none_or(|l| l.button(id) != button)
            {
                apply(element, b);
            }
        }
        if new!(result) {
            self.result.set_hidden(view.result.is_none());
            if let Some(result) = &view.result {
                self.result_text.set_text_content(Some(result));
            }
        }
        if new!(legend) {
            shown_text(&self.legend, view.legend.as_deref());
        }
        if new!(threats) {
            shown_text(&self.threats, view.threats.as_deref());
        }
        if new!(perfect) {
            shown_text(&self.perfect, view.perfect.as_deref());
        }
        if new!(pause) {
            self.pause.set_text_content(Some(&view.pause));
        }
        // One line, cut short where it is narrow: the whole of it on hover.
        if new!(thinking) {
            let _ = self.thinking.set_attribute("title", &view.thinking);
            self.thinking.set_text_content(Some(&view.thinking));
        }
        self.publish_layout(app.layout());
        let editing = if app.editor().is_some() {
            "true"
        } else {
            "false"
        };
        let _ = self.edit.set_attribute("aria-pressed", editing);
        self.sync_annotate(app);
        if let Err(e) = self
            .coordinates
            .place(app.layout())
            .and_then(|()| self.points.sync(app))
        {
            web_sys::console::error_1(&e);
        }
        if new!(invite) {
            self.invite.set_text_content(Some(&view.invite));
        }
        if let Some(list) = &view.moves {
            self.show_moves(list, app.game().moves().is_empty());
        }
        self.last = Some(view);
    }

    /// Writes the move list and what the live region says, and brings the
    /// move shown into view.
    fn show_moves(&self, list: &MoveList, empty: bool) {
        self.moves.set_inner_html(&list.html);
        // The live region speaks when its text changes: once a move; it
        // reads the author's comment too.
        self.said.set_text_content(Some(&list.said));
        // An empty list has nothing to show, and reading its height would
        // lay the page out at startup.
        if !empty && let Ok(Some(current)) = self.moves.query_selector("[aria-current]") {
            let list: &Element = self.moves.as_ref();
            let current: HtmlElement = current.unchecked_into();
            let (top, height) = (current.offset_top(), current.offset_height());
            let view = list.client_height();
            if top < list.scroll_top() || top + height > list.scroll_top() + view {
                list.set_scroll_top(top - view / 2);
            }
        }
    }

    /// Keeps the lessons done in the browser's storage when they change.
    fn keep_lessons_done(&mut self, app: &App) {
        let done = app.lessons_done();
        if self.lessons_kept.is_some_and(|kept| kept != done)
            && let Some(window) = web_sys::window()
        {
            storage::keep_lessons_done(&window, done);
        }
        self.lessons_kept = Some(done);
    }

    /// Shows the box for the author's words while it is open, filled with
    /// the words about the position shown when it opens or the move shown
    /// changes (not while the author types).
    fn sync_annotate(&mut self, app: &App) {
        let (button, input) = &self.annotate;
        let pressed = if app.annotating() { "true" } else { "false" };
        let _ = button.set_attribute("aria-pressed", pressed);
        input.set_hidden(!app.annotating());
        let node = app.tree().number(app.shown());
        if !app.annotating() {
            self.annotating_for = None;
        } else if self.annotating_for != Some(node) {
            self.annotating_for = Some(node);
            input.set_value(&notes::spoken(app.comment()).unwrap_or_default());
        }
    }

    /// Publishes layout `l` on the canvas (`data-layout`: origin, spacing,
    /// size, flipped), for tests and tools that need to find points on it.
    fn publish_layout(&mut self, l: Layout) {
        if self.shown_layout == Some(l) {
            return;
        }
        self.shown_layout = Some(l);
        // Numbers formatted by JS: Rust's float formatting is large.
        let numbers = js_sys::Array::new();
        for n in [
            l.origin.0,
            l.origin.1,
            l.spacing,
            f64::from(l.size.0),
            f64::from(l.size.1),
            f64::from(u8::from(l.flipped)),
        ] {
            numbers.push(&JsValue::from_f64(n));
        }
        let text = String::from(numbers.join(" "));
        let _ = self.canvas.set_attribute("data-layout", &text);
    }
}

/// Writes a button's state: enabled or not; where the state decides,
/// shown, or not shown with its place kept (the panel does not jump) or
/// gone.
fn apply(element: &HtmlButtonElement, button: Button) {
    element.set_disabled(!button.enabled);
    if let Some(shown) = button.shown {
        element.set_hidden(!shown);
        let class = element.class_list();
        let _ = if button.kept && !shown {
            class.add_1("kept")
        } else {
            class.remove_1("kept")
        };
    }
}

/// Shows `element` with `text`, or hides it where there is none.
fn shown_text(element: &HtmlElement, text: Option<&str>) {
    element.set_hidden(text.is_none());
    element.set_text_content(text);
}

/// The goal's text and the two side names of its colour legend
/// (`#goal .goal-text`, `#goal .side-name`).
fn goal(root: &Root) -> Result<(Element, [Element; 2]), JsValue> {
    let goal: Element = root.find("goal")?;
    let text = goal.query_selector(".goal-text")?;
    let names = goal.query_selector_all(".side-name")?;
    let name = |i| names.item(i)?.dyn_into::<Element>().ok();
    match (text, name(0), name(1)) {
        (Some(text), Some(a), Some(b)) => Ok((text, [a, b])),
        _ => Err(missing("#goal's text and side names")),
    }
}
