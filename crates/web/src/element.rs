//! `<asalto-board>`: a board embedded in any page. `www/asalto-board.js`
//! defines the element, gives it a shadow root holding the board's
//! elements and calls [`mount_board`], which reads the element's attributes
//! ([`Embed`]) and mounts a [`Board`] there, and [`update_board`] when the
//! page changes them. Each board has its own state, keyboard focus and
//! saved game.

use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlElement, ShadowRoot, Window};

use crate::app::App;
use crate::dom::{Board, Root, Setting, language, load, restore};
use crate::embed::{Control, Embed, Mode};
use crate::lang::Say;
use crate::link::{self, Source};
use crate::saved::{self, Saved};
use crate::words::embed as words;

/// The elements each control shows or hides inside the board.
fn element_ids(control: Control) -> &'static [&'static str] {
    match control {
        Control::Status => &["status", "captured"],
        Control::Moves => &["moves-box"],
        Control::Back => &["undo"],
        Control::Forward => &["redo"],
        Control::First => &["first"],
        Control::Last => &["last"],
        Control::Flip => &["flip"],
        Control::New => &["new"],
        Control::Hint => &["hint"],
        Control::Options => &["options"],
        Control::Rules => &["rules"],
    }
}

/// The board's name in its saved game's key: its `id`, or its place among
/// the page's boards.
fn board_name(host: &HtmlElement) -> String {
    if !host.id().is_empty() {
        return host.id();
    }
    let place = host.owner_document().and_then(|d| {
        let boards = d.query_selector_all("asalto-board").ok()?;
        (0..boards.length()).find(|&i| {
            boards
                .get(i)
                .is_some_and(|b| b.is_same_node(Some(host.as_ref())))
        })
    });
    format!("board-{}", place.unwrap_or(0))
}

/// The board's options: its attributes, or the fragment embed.html hands
/// over whole in one attribute.
fn options(host: &HtmlElement) -> Embed {
    match host.get_attribute("fragment") {
        Some(fragment) => Embed::from_fragment(&fragment),
        None => Embed::read(&|name| host.get_attribute(name)),
    }
}

/// Shows the controls the options ask for, named for the mode.
fn show_controls(root: &Root, embed: &Embed) -> Result<(), JsValue> {
    for (control, _) in Control::ALL {
        let shown = embed.controls.contains(&control);
        for id in element_ids(control) {
            root.find::<Element>(id)?
                .toggle_attribute_with_force("hidden", !shown)?;
        }
    }
    // In a replay, words for stepping through a game, not for taking
    // moves back.
    let replay = embed.mode == Mode::Replay;
    root.find::<Element>("undo")?
        .set_attribute("data-t", if replay { "back" } else { "undo" })?;
    root.find::<Element>("redo")?
        .set_attribute("data-t", if replay { "forward" } else { "redo" })
}

/// How the board lives in its page, as the options say.
fn setting(host: &HtmlElement, embed: &Embed) -> Result<Setting, JsValue> {
    let window = web_sys::window().ok_or_else(|| JsValue::from_str("asalto: no window"))?;
    let path = window.location().pathname().unwrap_or_default();
    Ok(Setting {
        embedded: true,
        save_key: (embed.mode == Mode::Play).then(|| saved::key(&path, &board_name(host))),
        origin: embed.record(),
        lang: embed.lang,
    })
}

/// Gives `app` the options' game (or `saved`, the game saved from them),
/// mode and players, and names the options that could not be used.
fn configure(app: &mut App, embed: &Embed, saved: Option<Saved>) {
    app.mode = embed.mode;
    let mut problems: Vec<String> = embed.problems.iter().map(|p| p.text(app.lang)).collect();
    match saved {
        Some(saved) => restore(app, &saved),
        None => {
            if let Some(opened) = link::read(app.lang, &embed.record(), Source::Attributes) {
                app.open(opened);
            }
            app.computer.set_players(embed.players());
            let first = match embed.mode {
                Mode::Replay => Some(embed.ply.unwrap_or(0)),
                _ => embed.ply,
            };
            if let Some(ply) = first {
                app.game.go_to(ply);
                app.refresh();
            }
        }
    }
    problems.extend(app.notice.take());
    app.notice = (!problems.is_empty()).then(|| problems.join(" "));
}

/// Mounts a board in `shadow`, the shadow root of the `<asalto-board>`
/// element `host`, as its attributes say. A bad attribute is named inside
/// the board, which plays on with the default in its place. A board that
/// cannot be built (the browser refused it a canvas, say) fails with a
/// sentence in the board's language that says why.
#[wasm_bindgen]
pub fn mount_board(host: HtmlElement, shadow: ShadowRoot) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("asalto: no window")?;
    let root = Root::Shadow(shadow);
    mount(&host, root.clone(), &window).map_err(|e| {
        let why = e
            .as_string()
            .or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| e.message().into()))
            .unwrap_or_else(|| format!("{e:?}"));
        let lang = language(&root, &window);
        Say::plain(lang).f(&words::COULD_NOT_START, &[&why]).into()
    })
}

/// [`mount_board`]'s work.
fn mount(host: &HtmlElement, root: Root, window: &Window) -> Result<(), JsValue> {
    let embed = options(host);
    show_controls(&root, &embed)?;
    let setting = setting(host, &embed)?;
    let saved = setting
        .save_key
        .as_ref()
        .and_then(|key| load(window, key))
        .filter(|s| s.origin == setting.origin);
    let choices = setting.choices(&root, window);
    let prepare = Box::new(|app: &mut App| configure(app, &embed, saved));
    Board::mount(root, setting, choices, prepare).map(|_| ())
}

/// Shows the board mounted in `shadow` as the attributes of `host` now
/// say, after the page changed them: the game of its `rules` and `moves`
/// (from the start, not a game saved from the old ones), its mode,
/// controls, players, first move shown and language.
#[wasm_bindgen]
pub fn update_board(host: HtmlElement, shadow: ShadowRoot) -> Result<(), JsValue> {
    let embed = options(&host);
    let root = Root::Shadow(shadow);
    show_controls(&root, &embed)?;
    let board = Board::of(&root).ok_or_else(|| JsValue::from_str("asalto: no board here"))?;
    board.reconfigure(&root, setting(&host, &embed)?, |app| {
        configure(app, &embed, None);
    })
}
