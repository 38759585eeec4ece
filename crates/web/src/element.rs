//! `<asalto-board>`: a board embedded in any page. `www/asalto-board.js`
//! defines the element, gives it a shadow root holding the board's
//! elements and calls [`mount_board`], which reads the element's attributes
//! ([`Embed`]) and mounts a [`Board`] there. Each board has its own state,
//! keyboard focus and saved game.

use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlElement, ShadowRoot};

use crate::app::App;
use crate::dom::{Board, Root, Setting, load, restore};
use crate::embed::{Control, Embed, Mode};
use crate::link::{self, Source};
use crate::saved;

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

/// Mounts a board in `shadow`, the shadow root of the `<asalto-board>`
/// element `host`, as its attributes say. A bad attribute is named inside
/// the board, which plays on with the default in its place.
#[wasm_bindgen]
pub fn mount_board(host: HtmlElement, shadow: ShadowRoot) -> Result<(), JsValue> {
    // embed.html hands its whole fragment over in one attribute.
    let embed = match host.get_attribute("fragment") {
        Some(fragment) => Embed::from_fragment(&fragment),
        None => Embed::read(&|name| host.get_attribute(name)),
    };
    let root = Root::Shadow(shadow);
    for (control, _) in Control::ALL {
        let shown = embed.controls.contains(&control);
        for id in element_ids(control) {
            root.find::<Element>(id)?
                .toggle_attribute_with_force("hidden", !shown)?;
        }
    }
    if embed.mode == Mode::Replay {
        // Words for stepping through a game, not for taking moves back.
        root.find::<Element>("undo")?
            .set_attribute("data-t", "back")?;
        root.find::<Element>("redo")?
            .set_attribute("data-t", "forward")?;
    }
    let window = web_sys::window().ok_or_else(|| JsValue::from_str("asalto: no window"))?;
    let path = window.location().pathname().unwrap_or_default();
    let setting = Setting {
        embedded: true,
        save_key: (embed.mode == Mode::Play).then(|| saved::key(&path, &board_name(&host))),
        origin: embed.record(),
        lang: embed.lang,
    };
    let saved = setting
        .save_key
        .as_ref()
        .and_then(|key| load(&window, key))
        .filter(|s| s.origin == setting.origin);
    let prepare = Box::new(|app: &mut App| {
        app.mode = embed.mode;
        let mut problems = embed.problems.clone();
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
    });
    Board::mount(root, setting, prepare).map(|_| ())
}
