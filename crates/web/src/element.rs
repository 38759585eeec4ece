//! `<asalto-board>`: a board embedded in any page. `www/asalto-board.js`
//! defines the element, gives it a shadow root holding the board's
//! elements and calls [`mount_board`] with its attributes (typed:
//! [`Attributes`], read with `serde_wasm_bindgen`), which mounts a
//! [`LiveBoard`] there, and [`update_board`] when the page changes them. Each
//! board has its own state, keyboard focus and saved game.

use std::rc::Rc;

use js_sys::Promise;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use wasm_split_helpers::wasm_split;
use web_sys::{CustomEvent, CustomEventInit, Element, HtmlElement, ShadowRoot};

use crate::board::{LiveBoard, Setting, Teller};
use crate::listen::open_puzzle;
use crate::mount::{choices, mount, with_words};
use crate::parts::Unloaded;
use crate::root::{Root, language};
use crate::storage;
use asalto_ui::app::App;
use asalto_ui::keep::embed::{Attributes, Control, Embed, Mode, Shown};
use asalto_ui::keep::saved::{self, Saved};
use asalto_ui::lang::{Lang, Say};
use asalto_ui::words::embed as words;

/// The elements each control shows or hides inside the board (the game
/// page's frame, www/parts/frame.html).
fn element_ids(control: Control) -> &'static [&'static str] {
    match control {
        Control::Status => &["status", "captured"],
        Control::Moves => &["moves"],
        Control::Back => &["back", "undo"],
        Control::Forward => &["redo"],
        Control::First => &["first"],
        Control::Last => &["last"],
        Control::Flip => &["flip"],
        Control::New => &["new"],
        Control::Hint => &["hint"],
        Control::Options => &["options"],
        Control::Rules => &["rules"],
        Control::Edit => &["edit"],
        Control::Review => &["review"],
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

/// The board's options, as the element's script passes them (its
/// attributes, or the fragment embed.html hands over whole).
fn options(attributes: JsValue) -> Result<Embed, JsValue> {
    let attributes: Attributes = serde_wasm_bindgen::from_value(attributes)?;
    Ok(attributes.embed())
}

/// Shows the controls the options ask for: More where Rules or Set up is
/// one of them, Undo only where moves are played.
fn show_controls(root: &Root, embed: &Embed) -> Result<(), JsValue> {
    let shown = |control| embed.controls.contains(&control);
    for (control, _) in Control::ALL {
        for id in element_ids(control) {
            root.find::<Element>(id)?
                .toggle_attribute_with_force("hidden", !shown(control))?;
        }
    }
    let more = shown(Control::Rules) || shown(Control::Edit);
    root.find::<Element>("more")?
        .toggle_attribute_with_force("hidden", !more)?;
    let undo = shown(Control::Back) && embed.mode == Mode::Play;
    root.find::<Element>("undo")?
        .toggle_attribute_with_force("hidden", !undo)?;
    Ok(())
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
        tables: crate::tables::address(embed.tables.as_deref()),
        tell: Some(teller(host.clone())),
    })
}

/// Tells the page of `host` what its board shows: a `gamechange` event
/// whose `detail` is a [`Shown`].
fn teller(host: HtmlElement) -> Teller {
    Rc::new(move |app: &App| {
        let init = CustomEventInit::new();
        // `result: null` while the game goes on, as a page would test it.
        let serializer = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
        if let Ok(detail) = Shown::of(app.game(), app.tree(), app.shown()).serialize(&serializer) {
            init.set_detail(&detail);
        }
        if let Ok(event) = CustomEvent::new_with_event_init_dict("gamechange", &init) {
            let _ = host.dispatch_event(&event);
        }
    })
}

/// Mounts a board in `shadow`, the shadow root of the `<asalto-board>`
/// element `host`, with the options of `attributes` (an object of the
/// attributes' values, see [`Attributes`]); the promise settles once the
/// board is up. A bad attribute is named inside the board, which plays on
/// with the default in its place. A board that cannot be built (the
/// browser refused it a canvas, say) rejects with a sentence in the board's
/// language that says why. The board then tells its page what it shows in a
/// `change` event (its `detail` is a [`Shown`](asalto_ui::keep::embed::Shown)).
///
/// The element's code is a part of the module (`mount_in`), fetched by
/// the first board of a page: one that cannot fetch it rejects too.
#[wasm_bindgen]
pub fn mount_board(host: HtmlElement, shadow: ShadowRoot, attributes: JsValue) -> Promise {
    let root = Root::Shadow(shadow.clone());
    wasm_bindgen_futures::future_to_promise(async move {
        match mount_in(host, shadow, attributes).await {
            Ok(mounted) => JsFuture::from(mounted).await,
            Err(Unloaded) => Err(could_not_start(&root, JsValue::from_str(UNLOADED))),
        }
    })
}

/// Why a board did not start when its part of the module could not be
/// fetched (the browser's own reason is in the console).
const UNLOADED: &str = "its code could not be fetched";

/// The sentence that says a board could not start, and why (`e`), in its
/// language.
fn could_not_start(root: &Root, e: JsValue) -> JsValue {
    let why = e
        .as_string()
        .or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| e.message().into()))
        .unwrap_or_else(|| format!("{e:?}"));
    let lang = web_sys::window().map_or(Lang::En, |w| language(root, &w));
    Say::plain(lang).f(&words::COULD_NOT_START, &[&why]).into()
}

/// [`mount_board`]'s work, in the element's part of the module.
#[wasm_split(element, fallible)]
fn mount_in(
    host: HtmlElement,
    shadow: ShadowRoot,
    attributes: JsValue,
) -> Result<Promise, Unloaded> {
    let root = Root::Shadow(shadow);
    let could_not_start = {
        let root = root.clone();
        move |e: JsValue| could_not_start(&root, e)
    };
    let started = (|| {
        let window = web_sys::window().ok_or("asalto: no window")?;
        let embed = options(attributes)?;
        show_controls(&root, &embed)?;
        let setting = setting(&host, &embed)?;
        let choices = choices(&setting, &root, &window);
        Ok::<_, JsValue>((window, embed, setting, choices))
    })();
    let (window, embed, setting, choices) = match started {
        Ok(started) => started,
        Err(e) => return Ok(Promise::reject(&could_not_start(e))),
    };
    Ok(Promise::new(&mut |resolve, reject| {
        let (root, could_not_start) = (root.clone(), could_not_start.clone());
        let (window, embed, setting) = (window.clone(), embed.clone(), setting.clone());
        with_words(choices, move |choices, unspoken| {
            let key = setting.save_key.clone();
            let start = move |saved: Option<Saved>| {
                let saved = saved.filter(|s| s.origin == setting.origin);
                let mounted = mount(&root, setting, choices, |app: &mut App| {
                    app.configure(&embed, saved.as_ref());
                    app.add_notice(unspoken);
                });
                let settled = match mounted {
                    Ok(board) => {
                        // A puzzle once the puzzles are fetched.
                        if let Some(choice) = embed.puzzle {
                            open_puzzle(&board, choice);
                        }
                        resolve.call0(&JsValue::NULL)
                    }
                    Err(e) => reject.call1(&JsValue::NULL, &could_not_start(e)),
                };
                if let Err(e) = settled {
                    web_sys::console::error_1(&e);
                }
            };
            // The saved game is read first (an earlier version's takes a
            // part of the module).
            match key {
                Some(key) => storage::load(&window, &key, start),
                None => start(None),
            }
            Ok(())
        });
    }))
}

/// Shows the board mounted in `shadow` as `attributes` (the attributes of
/// `host`) now say, after the page changed them: the game of its `rules`
/// and `moves` (from the start, not a game saved from the old ones), its
/// mode, controls, players, first move shown and language.
///
/// Called only once [`mount_board`] has settled, so its part is at hand.
#[wasm_bindgen]
pub async fn update_board(
    host: HtmlElement,
    shadow: ShadowRoot,
    attributes: JsValue,
) -> Result<(), JsValue> {
    update_in(host, shadow, attributes)
        .await
        .unwrap_or_else(|Unloaded| Err(JsValue::from_str(UNLOADED)))
}

/// [`update_board`]'s work, in the element's part of the module.
#[wasm_split(element, fallible)]
fn update_in(
    host: HtmlElement,
    shadow: ShadowRoot,
    attributes: JsValue,
) -> Result<Result<(), JsValue>, Unloaded> {
    Ok(update(host, shadow, attributes))
}

/// Shows the new options (see [`update_board`]).
fn update(host: HtmlElement, shadow: ShadowRoot, attributes: JsValue) -> Result<(), JsValue> {
    let embed = options(attributes)?;
    let root = Root::Shadow(shadow);
    show_controls(&root, &embed)?;
    let board = LiveBoard::of(&root).ok_or_else(|| JsValue::from_str("asalto: no board here"))?;
    let setting = setting(&host, &embed)?;
    let lang = setting.language(board.comfort(), || board.language());
    with_words((board.comfort(), lang), move |(_, lang), unspoken| {
        board.reconfigure(&root, setting, lang, |app| {
            app.configure(&embed, None);
            app.add_notice(unspoken);
        })?;
        if let Some(choice) = embed.puzzle {
            open_puzzle(&board, choice);
        }
        Ok(())
    });
    Ok(())
}
