//! The panel beside the board: the status line, the captured line, the
//! note, the rules line, the buttons' states, the computer's line, the
//! play-by-link invitation, the move list and the point buttons and
//! coordinates over the canvas. [`Panel::sync`] writes them from the state,
//! each only when it changed.

use asalto_core::{PointSet, Side};
use wasm_bindgen::prelude::*;
use web_sys::{
    Element, HtmlButtonElement, HtmlCanvasElement, HtmlElement, HtmlSelectElement,
    HtmlTextAreaElement,
};

use crate::coordinates::Coordinates;
use crate::panel::lesson_card::LessonCard;
use crate::panel::puzzle_card::PuzzleCard;
use crate::panel::review_box::ReviewBox;
use crate::panel::welcome::WelcomeCard;
use crate::points::Points;
use crate::root::{Root, missing, set_text};
use asalto_ui::app::App;
use asalto_ui::app::overlay::{self, Overlay};
use asalto_ui::board::layout::Layout;
use asalto_ui::board::threats::Threats;
use asalto_ui::computer::Player;
use asalto_ui::keep::embed::Mode;
use asalto_ui::lang::capitalise;
use asalto_ui::perfect::Known;
use asalto_ui::say::{solved, text};
use asalto_ui::study::move_list;
use asalto_ui::study::notes;
use asalto_ui::words::page as words;
use asalto_ui::words::play as play_words;

pub(crate) mod lesson_card;
pub(crate) mod puzzle_card;
pub(crate) mod review_box;
pub(crate) mod welcome;

/// The panel's elements, and what they were last written for.
pub(crate) struct Panel {
    canvas: HtmlCanvasElement,
    status: Element,
    captured: Element,
    note: Element,
    /// The author's comment on the position shown (text, never markup).
    comment: HtmlElement,
    rules_line: Element,
    /// Each side's goal, and the names beside each side's colour (the game
    /// page's only).
    goal: Option<(Element, [Element; 2])>,
    /// The first visit's card (the game page's only).
    welcome: Option<WelcomeCard>,
    /// The lesson's card (the game page's only).
    lesson: Option<LessonCard>,
    /// The puzzle's card (the game page's only).
    puzzle: Option<PuzzleCard>,
    moves: HtmlElement,
    undo: HtmlButtonElement,
    redo: HtmlButtonElement,
    /// The buttons that step to the start or one move back, and to the
    /// end: those the markup has (the game page all, a board Start and End).
    to_start: Vec<HtmlButtonElement>,
    to_end: Vec<HtmlButtonElement>,
    stop: HtmlButtonElement,
    hint: HtmlButtonElement,
    move_now: HtmlButtonElement,
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
    /// The review: its box, status, progress, Cancel, graph and table,
    /// and the graph and table as last written.
    review: ReviewBox,
    /// Send, for a friend's reply (the game page's only).
    send: Option<HtmlButtonElement>,
    /// The last move, for screen readers (in the status live region).
    said: Element,
    /// The game's buttons that do not apply to a position being set up
    /// (those this board has): disabled while the editor is open.
    game_only: Vec<HtmlButtonElement>,
    /// The set-up editor's button, its panel, its side-to-move select and
    /// its verdict on the position.
    edit: HtmlElement,
    editor: HtmlElement,
    ed_turn: HtmlSelectElement,
    ed_rules: HtmlSelectElement,
    ed_state: Element,
    /// The Comment button and the box for the author's words (the game
    /// page's only), and the move whose words the box was filled with.
    annotate: Option<(HtmlElement, HtmlTextAreaElement)>,
    annotating_for: Option<usize>,
    /// The point buttons over the canvas.
    pub(crate) points: Points,
    coordinates: Coordinates,
    /// The layout as last published on the canvas.
    shown_layout: Option<Layout>,
}

impl Panel {
    /// The panel of `root`, which must hold every element of index.html's.
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
            goal: goal(root),
            welcome: WelcomeCard::new(root),
            lesson: LessonCard::new(root),
            puzzle: PuzzleCard::new(root),
            moves: root.find("moves")?,
            undo: root.find("undo")?,
            redo: root.find("redo")?,
            to_start: ["first", "back"]
                .iter()
                .filter_map(|id| root.find(id).ok())
                .collect(),
            to_end: root.find("last").into_iter().collect(),
            stop: root.find("stop")?,
            hint: root.find("hint")?,
            move_now: root.find("move-now")?,
            pause: root.find("pause")?,
            thinking: root.find("thinking")?,
            invite: root.find("invite")?,
            result: root.find("result")?,
            result_text: root.find("result-text")?,
            legend: root.find("legend")?,
            threats: root.find("threats")?,
            perfect: root.find("perfect")?,
            review: ReviewBox::new(root)?,
            send: root.find("send").ok(),
            said: root.find("said")?,
            annotate: root
                .find("annotate")
                .ok()
                .zip(root.find("comment-input").ok()),
            annotating_for: None,
            game_only: ["share", "diagram", "embed", "annotate", "send", "review"]
                .iter()
                .filter_map(|id| root.find(id).ok())
                .collect(),
            edit: root.find("edit")?,
            editor: root.find("editor")?,
            ed_turn: root.find("ed-turn")?,
            ed_rules: root.find("ed-rules")?,
            ed_state: root.find("ed-state")?,
            coordinates: Coordinates::new(&document, &points)?,
            points: Points::new(points, document),
            shown_layout: None,
        })
    }

    /// Writes the panel from the state; the move list and what is said of
    /// the move only when the game shown `changed` ([`App::shown_changed`]).
    pub(crate) fn sync(&mut self, app: &App, changed: bool) {
        let game = &app.game;
        let lang = app.lang;
        let say = app.say();
        let computer = &app.computer;
        let status = match &app.editor {
            Some(editor) => text::setup_status(say, editor.turn),
            None => text::status(say, game, &app.pick, computer),
        };
        self.status.set_text_content(Some(&status));
        self.captured
            .set_text_content(Some(&text::captured(say, game)));
        let note = match (&app.notice, &app.refusal) {
            (Some(notice), _) => notice.clone(),
            // A lesson says it in its card.
            (None, Some(why)) if app.lesson.is_none() => why.clone(),
            // A figure that only shows a position says nothing of its move.
            (None, _) if app.mode == Mode::View => String::new(),
            (None, _) => text::last_move_note(say, game),
        };
        self.note.set_text_content(Some(&note));
        let comment = notes::spoken(app.comment());
        self.comment.set_hidden(comment.is_none());
        self.comment.set_text_content(comment.as_deref());
        // What the board marks, for tests and tools: the author's shapes
        // (as `[%draw]` writes them), the hint, the last move's route and
        // the pieces that must capture.
        let shapes: Vec<String> = notes::drawn(app.comment())
            .iter()
            .map(notes::shape_text)
            .collect();
        let overlay = Overlay::of(app);
        for (name, value) in [
            ("data-shapes", shapes.join(" ")),
            ("data-hint", overlay::names(overlay.hint)),
            ("data-route", overlay::names(overlay.route)),
            ("data-forced", overlay::names(overlay.forced)),
            ("data-perfect", overlay::perfect_names(&overlay.perfect)),
            (
                "data-values",
                app.perfect
                    .known(&app.game)
                    .filter(|_| app.shows_perfect())
                    .map_or_else(String::new, Known::text),
            ),
            (
                "data-threats",
                overlay::names(app.threats.as_ref().map_or(PointSet::EMPTY, Threats::taken)),
            ),
            (
                "data-unsafe",
                overlay::names(
                    app.threats
                        .as_ref()
                        .map_or(PointSet::EMPTY, Threats::unsafe_points),
                ),
            ),
        ] {
            if self.canvas.get_attribute(name).as_deref() != Some(value.as_str()) {
                let _ = self.canvas.set_attribute(name, &value);
            }
        }
        let rules = *game.rules();
        let line = text::preset_line(lang, rules.preset);
        let custom = rules.to_string();
        // A lesson's position is its card's business, not the rules line's.
        let line = if custom == rules.preset.name() || app.lesson.is_some() || app.puzzle.is_some()
        {
            line
        } else {
            format!("{line} ({custom})")
        };
        self.rules_line.set_text_content(Some(&line));
        if let Some((goal, names)) = &self.goal {
            set_text(goal, &text::goal(say, &rules));
            for (name, side) in names.iter().zip([Side::Attacker, Side::Defender]) {
                set_text(name, &capitalise(say.side(side, false)));
            }
        }
        if let Some(welcome) = &mut self.welcome {
            welcome.sync(app);
        }
        if let Some(lesson) = &mut self.lesson {
            lesson.sync(app);
        }
        if let Some(puzzle) = &mut self.puzzle {
            puzzle.sync(app);
        }
        let editing = app.editor.is_some();
        let (at_start, at_end) = (game.ply() == 0, game.ply() == game.moves().len());
        self.undo.set_disabled(editing || at_start);
        self.redo.set_disabled(editing || at_end);
        for button in &self.to_start {
            button.set_disabled(editing || at_start);
        }
        for button in &self.to_end {
            button.set_disabled(editing || at_end);
        }
        // Stop here keeps its place where the rules let a chain stop.
        let may_stop = rules.chain == asalto_core::Chain::MayStop;
        slot(&self.stop, may_stop, app.pick.can_stop().is_some());
        let human_to_move = computer.player(game.position().turn()) == Player::Human;
        self.hint.set_disabled(
            editing || computer.thinking.is_some() || game.outcome().is_some() || !human_to_move,
        );
        // Move now and Pause keep their places while the computer plays:
        // shown only while it is thinking or paused (or plays itself).
        let over = game.outcome().is_some();
        let watching = computer.players.iter().all(|p| *p != Player::Human);
        let pausable = !over && (computer.moving() || computer.paused || watching);
        slot(&self.move_now, computer.plays(), computer.moving());
        slot(&self.pause, computer.plays() && !over, pausable);
        let finished = app.result_shown();
        self.result.set_hidden(!finished);
        if finished {
            self.result_text
                .set_text_content(Some(&text::result(say, game, computer.reader())));
        }
        let legend = rules.marked_lines.then(|| say.t(&play_words::LEGEND));
        self.legend.set_hidden(legend.is_none());
        self.legend.set_text_content(legend.as_deref());
        self.review.sync(app, say);
        let threats = app.threats.as_ref().map(|t| t.said(say));
        self.threats.set_hidden(threats.is_none());
        if self.threats.text_content() != threats {
            self.threats.set_text_content(threats.as_deref());
        }
        let perfect = app
            .shows_perfect()
            .then(|| solved::line(say, game, &app.perfect))
            .flatten();
        self.perfect.set_hidden(perfect.is_none());
        if self.perfect.text_content() != perfect {
            self.perfect.set_text_content(perfect.as_deref());
        }
        let pause = if computer.paused {
            &words::RESUME
        } else {
            &words::PAUSE
        };
        self.pause.set_text_content(Some(lang.of(pause)));
        // One line, cut short where it is narrow: the whole of it on hover.
        let line = text::computer_line(say, game, computer);
        if self.thinking.text_content().as_deref() != Some(line.as_str()) {
            let _ = self.thinking.set_attribute("title", &line);
            self.thinking.set_text_content(Some(&line));
        }
        self.publish_layout(app.layout);
        self.sync_editor(app);
        for button in &self.game_only {
            button.set_disabled(editing);
        }
        self.sync_annotate(app);
        if let Err(e) = self
            .coordinates
            .place(app.layout)
            .and_then(|()| self.points.sync(app))
        {
            web_sys::console::error_1(&e);
        }
        if let Some(send) = &self.send {
            // Send keeps its place while two people play.
            let people = !computer.plays() && app.mode == Mode::Play;
            slot(send, people, app.can_send());
        }
        self.invite.set_text_content(Some(&text::invite(
            say,
            game,
            (app.link_moves, app.friend_offered()),
            app.shared,
        )));
        if !changed {
            return;
        }
        let tools = app.mode == Mode::Play;
        let list = move_list::html(&app.tree, app.shown(), lang, tools);
        self.moves.set_inner_html(&list);
        // The live region speaks when its text changes: once a move; it
        // reads the author's comment too.
        let said = text::said(say, game);
        let said = match notes::spoken(app.comment()) {
            Some(comment) => format!("{said} {comment}"),
            None => said,
        };
        self.said.set_text_content(Some(&said));
        // The move shown in view (an empty list has nothing to show, and
        // reading its height would lay the page out at startup).
        if !game.moves().is_empty()
            && let Ok(Some(current)) = self.moves.query_selector("[aria-current]")
        {
            let list: &Element = self.moves.as_ref();
            let current: HtmlElement = current.unchecked_into();
            let (top, height) = (current.offset_top(), current.offset_height());
            let view = list.client_height();
            if top < list.scroll_top() || top + height > list.scroll_top() + view {
                list.set_scroll_top(top - view / 2);
            }
        }
    }

    /// Shows the set-up editor while it is open: who moves, and what the
    /// core crate makes of the position.
    fn sync_editor(&self, app: &App) {
        let editing = app.editor.as_ref();
        let _ = self.edit.set_attribute(
            "aria-pressed",
            if editing.is_some() { "true" } else { "false" },
        );
        self.editor.set_hidden(editing.is_none());
        let Some(editor) = editing else { return };
        let say = app.say();
        let options = self.ed_turn.children();
        for (i, side) in [Side::Attacker, Side::Defender].into_iter().enumerate() {
            if let Some(option) = options.item(i as u32) {
                option.set_text_content(Some(&capitalise(say.side(side, false))));
            }
        }
        self.ed_turn.set_value(editor.turn.name());
        // The presets of this board, named in the reader's language.
        let options: String = editor
            .presets()
            .iter()
            .map(|&p| {
                let name = text::preset_name(app.lang, p)
                    .replace('&', "&amp;")
                    .replace('<', "&lt;");
                format!("<option value=\"{}\">{name}</option>", p.name())
            })
            .collect();
        if self.ed_rules.inner_html() != options {
            self.ed_rules.set_inner_html(&options);
        }
        self.ed_rules.set_value(editor.base.preset.name());
        self.ed_state.set_text_content(Some(&editor.state(say)));
    }

    /// Shows the box for the author's words while it is open, filled with
    /// the words about the position shown when it opens or the move shown
    /// changes (not while the author types).
    fn sync_annotate(&mut self, app: &App) {
        let Some((button, input)) = &self.annotate else {
            return;
        };
        let pressed = if app.annotating { "true" } else { "false" };
        let _ = button.set_attribute("aria-pressed", pressed);
        input.set_hidden(!app.annotating);
        let node = app.tree.number(app.shown());
        if !app.annotating {
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

/// Shows `button` if `shown`; else, while `kept` (its place is kept, the
/// panel does not jump), it stays in the layout unseen, and otherwise is
/// gone.
fn slot(button: &HtmlButtonElement, kept: bool, shown: bool) {
    button.set_hidden(!shown);
    let class = button.class_list();
    let _ = if kept && !shown {
        class.add_1("kept")
    } else {
        class.remove_1("kept")
    };
}

/// The goal's text and the two side names of its colour legend, where the
/// page has them (`#goal .goal-text`, `#goal .side-name`).
fn goal(root: &Root) -> Option<(Element, [Element; 2])> {
    let goal: Element = root.find("goal").ok()?;
    let text = goal.query_selector(".goal-text").ok()??;
    let names = goal.query_selector_all(".side-name").ok()?;
    let name = |i| names.item(i)?.dyn_into::<Element>().ok();
    Some((text, [name(0)?, name(1)?]))
}
