//! The browser's events, turned into the board's messages: the pointer on
//! the canvas, the keyboard (on the page and on the point buttons), the
//! buttons and the move list, the reader's choices, the window's size and
//! colour scheme, and on the game page an address edited by hand. Each
//! handler holds the board weakly and sends it a [`Msg`] (or asks it for a
//! dialog, the worker or a size check); nothing here changes the state.

use std::rc::Rc;

use asalto_core::Side;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    Element, Event, EventTarget, HtmlElement, HtmlInputElement, HtmlSelectElement, KeyboardEvent,
    PointerEvent, TouchEvent,
};

use crate::board::LiveBoard;
use crate::data_files;
use crate::dialogs::new_game::NewGameDialog;
use crate::points::Points;
use crate::root::Root;
use asalto_ui::app::{
    AuthorMsg, EditorMsg, GameMsg, LessonMsg, Msg, NavMsg, PageMsg, PointerMsg, PuzzleMsg, Welcome,
};
use asalto_ui::board::cursor::Arrow;
use asalto_ui::keep::settings::Settings;
use asalto_ui::lang::{Lang, Say};
use asalto_ui::newcomer::puzzles::{self, PuzzleChoice};

/// Calls `handler` with the board for every `kind` event on `target`.
fn on<E: JsCast>(
    board: &Rc<LiveBoard>,
    target: &EventTarget,
    kind: &str,
    passive: bool,
    handler: impl Fn(&Rc<LiveBoard>, E) + 'static,
) -> Result<(), JsValue> {
    let handler = move |board: &Rc<LiveBoard>, e: Event| handler(board, e.unchecked_into());
    on_event(board, target, kind, passive, Box::new(handler))
}

/// A handler of a board's events.
type BoardHandler = Box<dyn Fn(&Rc<LiveBoard>, Event)>;

/// [`on`] for any event, the handler boxed: the board looked up once here
/// rather than in a copy for each handler.
fn on_event(
    board: &Rc<LiveBoard>,
    target: &EventTarget,
    kind: &str,
    passive: bool,
    handler: BoardHandler,
) -> Result<(), JsValue> {
    let weak = Rc::downgrade(board);
    board.listeners.on(target, kind, passive, move |e: Event| {
        if let Some(board) = weak.upgrade() {
            handler(&board, e);
        }
    })
}

/// Starts listening to everything the board of `root` answers.
pub(crate) fn listen(board: &Rc<LiveBoard>, root: &Root) -> Result<(), JsValue> {
    pointer(board)?;
    let window = board.window();
    // The window's size (and pixel ratio), and the board's own box,
    // which an embedding page may change.
    on(board, &window, "resize", true, |b, _: Event| b.resize())?;
    board.observe_size()?;
    // On the game page, a fragment edited by hand, or another game's
    // link, opens that game; the fragment the page wrote changes nothing.
    if !board.embedded() {
        on(board, &window, "hashchange", true, |b, _: Event| {
            let (hash, same) = b.address_changed();
            if !same {
                open_fragment(b, &hash);
            }
        })?;
    }
    for query in ["(prefers-color-scheme: dark)", "(prefers-contrast: more)"] {
        if let Ok(Some(list)) = window.match_media(query) {
            on(board, &list, "change", true, |b, _: Event| b.retheme())?;
        }
    }
    comforts(board, root)?;
    on(
        board,
        &root.keys(),
        "keydown",
        false,
        |b, e: KeyboardEvent| {
            key(b, &e);
        },
    )?;
    buttons(board, root)?;
    points(board, root)?;
    let weak = Rc::downgrade(board);
    NewGameDialog::attach(root, &board.listeners, board.sender(), move || {
        weak.upgrade().map(|b| b.current())
    })
}

/// Presses, drags and releases on the canvas.
fn pointer(board: &Rc<LiveBoard>) -> Result<(), JsValue> {
    let canvas = board.canvas();
    let target: &EventTarget = canvas.as_ref();
    on(board, target, "pointerdown", true, |b, e: PointerEvent| {
        // The secondary button draws the author's arrows and rings.
        if e.button() == 2 {
            b.dispatch(Msg::Author(AuthorMsg::DrawFrom(
                e.offset_x().into(),
                e.offset_y().into(),
            )));
            return;
        }
        if e.button() != 0 {
            return;
        }
        let (x, y) = (e.offset_x().into(), e.offset_y().into());
        if b.grabs(x, y) {
            let _ = b.canvas().set_pointer_capture(e.pointer_id());
        }
        b.dispatch(Msg::Pointer(PointerMsg::Press(x, y)));
    })?;
    on(board, target, "pointermove", true, |b, e: PointerEvent| {
        b.dispatch(Msg::Pointer(PointerMsg::Drag(
            e.offset_x().into(),
            e.offset_y().into(),
        )));
    })?;
    on(board, target, "pointerup", true, |b, e: PointerEvent| {
        let (x, y) = (e.offset_x().into(), e.offset_y().into());
        b.dispatch(if e.button() == 2 {
            Msg::Author(AuthorMsg::DrawTo(x, y))
        } else {
            Msg::Pointer(PointerMsg::Release(x, y))
        });
    })?;
    // No menu over the board: its secondary button draws.
    on(board, target, "contextmenu", false, |_, e: Event| {
        e.prevent_default()
    })?;
    on(board, target, "pointercancel", true, |b, _: Event| {
        b.dispatch(Msg::Pointer(PointerMsg::Cancel));
    })?;
    // A touch that starts on something movable must not scroll the page;
    // any other touch scrolls as usual.
    on(board, target, "touchstart", false, |b, e: TouchEvent| {
        let rect = b.canvas().get_bounding_client_rect();
        if let Some(t) = e.touches().get(0) {
            let x = f64::from(t.client_x()) - rect.left();
            let y = f64::from(t.client_y()) - rect.top();
            if b.grabs(x, y) {
                e.prevent_default();
            }
        }
    })
}

/// The reader's choices under the controls.
fn comforts(board: &Rc<LiveBoard>, root: &Root) -> Result<(), JsValue> {
    for id in [
        "opt-coordinates",
        "opt-contrast",
        "opt-sound",
        "opt-threats",
        "opt-lang",
    ] {
        let root_again = root.clone();
        on(
            board,
            &root.find(id)?,
            "change",
            true,
            move |b, _: Event| {
                if let Err(e) = read_comfort(&root_again).and_then(|c| b.choose(&root_again, c)) {
                    web_sys::console::error_1(&e);
                }
            },
        )?;
    }
    Ok(())
}

/// The choices the boxes and the language select show.
fn read_comfort(root: &Root) -> Result<Settings, JsValue> {
    let ticked = |id| root.find::<HtmlInputElement>(id).map(|b| b.checked());
    let chosen = root.find::<HtmlSelectElement>("opt-lang")?.value();
    Ok(Settings {
        coordinates: ticked("opt-coordinates")?,
        contrast: ticked("opt-contrast")?,
        sound: ticked("opt-sound")?,
        threats: ticked("opt-threats")?,
        lang: Some(Lang::from_tag(&chosen).unwrap_or_default()),
    })
}

/// The buttons, the move list, Rules, Hint and Share.
fn buttons(board: &Rc<LiveBoard>, root: &Root) -> Result<(), JsValue> {
    on(board, &root.find("moves")?, "click", true, |b, e: Event| {
        let Some(button) = e
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|el| el.closest("button").ok().flatten())
        else {
            return;
        };
        let number = |name: &str| button.get_attribute(name)?.parse().ok();
        let msg = if let Some(n) = number("data-n") {
            Msg::Nav(NavMsg::Enter(n))
        } else if let Some(n) = number("data-promote") {
            Msg::Game(GameMsg::Promote(n))
        } else if let Some(n) = number("data-delete") {
            Msg::Game(GameMsg::Delete(n))
        } else {
            return;
        };
        b.dispatch(msg);
    })?;
    // Every button that names a message (`data-msg`) sends it.
    on(board, &root.keys(), "click", true, |b, e: Event| {
        let name = e
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|el| el.closest("[data-msg]").ok().flatten())
            .and_then(|el| el.get_attribute("data-msg"));
        if let Some(msg) = name.as_deref().and_then(Msg::named) {
            b.dispatch(msg);
        }
    })?;
    let hint: EventTarget = root.find("hint")?;
    for intent in ["pointerenter", "focus"] {
        on(board, &hint, intent, true, |b, _: Event| b.warm_worker())?;
    }
    on(board, &root.find("rules")?, "click", true, |b, _: Event| {
        b.show_rules();
    })?;
    welcome(board, root)?;
    // The More menu closes once one of its buttons is chosen.
    if let Ok(menu) = root.find::<HtmlElement>("more-menu") {
        let open = menu.clone();
        on(board, menu.as_ref(), "click", true, move |_, e: Event| {
            let chosen = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|el| el.closest("button").ok().flatten());
            if chosen.is_some() {
                let _ = open.hide_popover();
            }
        })?;
    }
    // Embedded boards have no Share, Diagram or Embed.
    if let Ok(share) = root.find::<EventTarget>("share") {
        on(board, &share, "click", true, |b, _: Event| b.share(false))?;
    }
    // A click on the review's graph shows the move under it.
    let graph: Element = root.find("graph")?;
    let area = graph.clone();
    on(
        board,
        graph.as_ref(),
        "click",
        true,
        move |b, e: PointerEvent| {
            let width = f64::from(area.client_width().max(1));
            b.dispatch(Msg::Nav(NavMsg::GraphAt(f64::from(e.offset_x()) / width)));
        },
    )?;
    // The result's New game is the panel's.
    if let (Ok(again), Ok(new)) = (
        root.find::<EventTarget>("result-new"),
        root.find::<HtmlElement>("new"),
    ) {
        on(board, &again, "click", true, move |_, _: Event| new.click())?;
    }
    if let Ok(send) = root.find::<EventTarget>("send") {
        on(board, &send, "click", true, |b, _: Event| b.share(true))?;
    }
    if let Ok(diagram) = root.find::<EventTarget>("diagram") {
        on(board, &diagram, "click", true, |b, _: Event| {
            b.download_figure()
        })?;
    }
    if let Ok(embed) = root.find::<EventTarget>("embed") {
        on(board, &embed, "click", true, |b, _: Event| {
            b.copy_embed_code()
        })?;
    }
    // The author's words, as they are typed.
    if let Ok(input) = root.find::<web_sys::HtmlTextAreaElement>("comment-input") {
        let typed = input.clone();
        on(board, input.as_ref(), "input", true, move |b, _: Event| {
            b.dispatch(Msg::Author(AuthorMsg::Comment(typed.value())));
        })?;
    }
    // The set-up editor's side to move, rule set, link and code.
    on_choice(board, root, "ed-turn", |v| {
        v.parse()
            .ok()
            .map(|side| Msg::Editor(EditorMsg::Turn(side)))
    })?;
    // Any lesson, from the lesson card's list.
    on_choice(board, root, "lesson-pick", |v| {
        v.parse().ok().map(|i| Msg::Lesson(LessonMsg::Open(i)))
    })?;
    on_choice(board, root, "ed-rules", |v| {
        v.parse()
            .ok()
            .map(|preset| Msg::Editor(EditorMsg::Rules(preset)))
    })?;
    on(
        board,
        &root.find("ed-link")?,
        "click",
        true,
        |b, _: Event| {
            b.copy_setup(false);
        },
    )?;
    on(
        board,
        &root.find("ed-code")?,
        "click",
        true,
        |b, _: Event| {
            b.copy_setup(true);
        },
    )?;
    Ok(())
}

/// The day it is where the reader is: days since 1970-01-01 in their
/// time zone (the puzzle of the day changes at their midnight).
fn today() -> u64 {
    let now = js_sys::Date::new_0();
    let local = now.get_time() - now.get_timezone_offset() * 60_000.0;
    (local / 86_400_000.0).floor().max(0.0) as u64
}

/// Opens what a page fragment asks for: a puzzle (`#puzzle`,
/// `#puzzle=N`) once the puzzles are fetched, else a game's link at once.
pub(crate) fn open_fragment(board: &Rc<LiveBoard>, fragment: &str) {
    match puzzles::from_fragment(fragment) {
        Some(choice) => open_puzzle(board, choice),
        None => board.dispatch(Msg::Nav(NavMsg::OpenLink(fragment.to_owned()))),
    }
}

/// Opens the puzzle `choice` once the puzzles are fetched, or says why
/// they could not be.
pub(crate) fn open_puzzle(board: &Rc<LiveBoard>, choice: PuzzleChoice) {
    let board = board.clone();
    data_files::ensure_puzzles(move |fetched| {
        board.dispatch(match fetched {
            Ok(()) => Msg::Puzzle(PuzzleMsg::Open(choice.index(today()))),
            Err(why) => {
                let say = Say::plain(board.language());
                Msg::Page(PageMsg::Notice(say.f(&puzzles::NOT_FETCHED, &[&why])))
            }
        });
    });
}

/// The first visit's card's computer buttons, where the page has them:
/// the computer plays the other side at the level chosen on the card;
/// and the puzzle of the day.
fn welcome(board: &Rc<LiveBoard>, root: &Root) -> Result<(), JsValue> {
    // The puzzle of the day, from the card and the More menu.
    for id in ["welcome-puzzle", "puzzles"] {
        if let Ok(button) = root.find::<EventTarget>(id) {
            on(board, &button, "click", true, |b, _: Event| {
                open_puzzle(b, PuzzleChoice::Today);
            })?;
        }
    }
    for (id, side) in [
        ("welcome-attack", Side::Attacker),
        ("welcome-defend", Side::Defender),
    ] {
        let Ok(button) = root.find::<EventTarget>(id) else {
            return Ok(());
        };
        let root = root.clone();
        on(board, &button, "click", true, move |b, _: Event| {
            let level = crate::panel::welcome::chosen_level(&root);
            b.dispatch(Msg::Welcome(Welcome::Computer(side, level)));
        })?;
    }
    Ok(())
}

/// Dispatches the message a new value of the select `id` gives, if any.
fn on_choice(
    board: &Rc<LiveBoard>,
    root: &Root,
    id: &str,
    msg: fn(&str) -> Option<Msg>,
) -> Result<(), JsValue> {
    let select: HtmlSelectElement = root.find(id)?;
    let chosen = select.clone();
    on(
        board,
        select.as_ref(),
        "change",
        true,
        move |b, _: Event| {
            if let Some(m) = msg(&chosen.value()) {
                b.dispatch(m);
            }
        },
    )
}

/// The point buttons: arrows move along the board's lines, Enter or a
/// click chooses, Escape lets go.
fn points(board: &Rc<LiveBoard>, root: &Root) -> Result<(), JsValue> {
    let points: EventTarget = root.find("points")?;
    let point = |e: &Event| {
        e.target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|el| Points::point_of(&el))
    };
    on(
        board,
        &points,
        "keydown",
        false,
        move |b, e: KeyboardEvent| {
            let Some(from) = point(&e) else { return };
            if let Some(arrow) = Arrow::from_key(&e.key()) {
                e.prevent_default();
                b.step_points(from, arrow);
            } else if e.key() == "Escape" {
                b.dispatch(Msg::Pointer(PointerMsg::Deselect));
            }
        },
    )?;
    on(board, &points, "click", true, move |b, e: Event| {
        if let Some(p) = point(&e) {
            b.point_chosen(p);
            b.dispatch(Msg::Pointer(PointerMsg::Choose(p)));
        }
    })
}

/// ←/→/Home/End step through the game, Escape drops the selection;
/// not while typing in a field, with a dialog open, or on the board's
/// points (where the arrows move among them).
fn key(board: &Rc<LiveBoard>, e: &KeyboardEvent) {
    if e.alt_key() || e.ctrl_key() || e.meta_key() {
        return;
    }
    let typing = e
        .target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .is_some_and(|el| {
            el.closest("input, select, textarea, dialog, #points")
                .ok()
                .flatten()
                .is_some()
        });
    if typing {
        return;
    }
    let msg = match e.key().as_str() {
        "ArrowLeft" => Msg::Nav(NavMsg::Back),
        "ArrowRight" => Msg::Nav(NavMsg::Redo),
        "Home" => Msg::Nav(NavMsg::GoTo(0)),
        "End" => Msg::Nav(NavMsg::GoToEnd),
        "Escape" => Msg::Pointer(PointerMsg::Deselect),
        _ => return,
    };
    // Escape keeps its own work too: it closes the More menu.
    if e.key() != "Escape" {
        e.prevent_default();
    }
    board.dispatch(msg);
}
