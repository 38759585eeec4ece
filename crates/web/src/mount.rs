//! Putting a board on a page: the reader's choices and language, the game
//! to open (a link's, else the saved one, else a new one), then the board
//! built ([`LiveBoard::new`]), listening (`listen`) and shown. The game page
//! mounts here, and fetches the module's parts once it is idle
//! (`prefetch`); `element` mounts embedded boards with the same steps.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Document, Window};

use crate::board::{LiveBoard, Setting};
use crate::data_files;
use crate::dialogs::new_game;
use crate::events;
use crate::listen::{listen, open_puzzle};
use crate::panel::cards;
use crate::parts;
use crate::root::{self, Root};
use crate::storage;
use crate::worker;
use asalto_ui::app::{App, LessonMsg, Msg, NavMsg, Welcome};
use asalto_ui::keep::saved::{self, Saved};
use asalto_ui::keep::settings::Settings;
use asalto_ui::lang::Lang;
use asalto_ui::newcomer::puzzles;

/// The reader's choices kept for a board of `setting` on `root`, and the
/// language it speaks.
pub(crate) fn choices(setting: &Setting, root: &Root, window: &Window) -> (Settings, Lang) {
    let comfort = storage::comfort(window, setting.embedded);
    let lang = setting.language(comfort, || root::language(root, window));
    (comfort, lang)
}

/// Builds a board on `root` with `setting` and the reader's `choices`,
/// lets `prepare` choose its game, starts listening and shows it.
pub(crate) fn mount(
    root: &Root,
    setting: Setting,
    choices: (Settings, Lang),
    prepare: impl FnOnce(&mut App),
) -> Result<Rc<LiveBoard>, JsValue> {
    let board = LiveBoard::new(root, setting, choices, prepare)?;
    listen(&board, root)?;
    board.show();
    Ok(board)
}

/// Builds the game page on the document's elements (a page whose `#board`
/// canvas is in the document itself) and starts listening. The game is a
/// link's, else the one saved on this page, else a new standard game.
pub fn mount_page(window: &Window, document: Document) -> Result<(), JsValue> {
    // The benchmark's "module running" moment (see "asalto-ready" below).
    if let Some(performance) = window.performance() {
        let _ = performance.mark("asalto-start");
    }
    let path = window.location().pathname().unwrap_or_default();
    let save_key = saved::key(&path, "page");
    let setting = Setting {
        embedded: false,
        save_key: Some(save_key.clone()),
        origin: String::new(),
        lang: None,
        tables: crate::tables::address(None),
        tell: None,
    };
    let root = Root::Page(document);
    let choices = choices(&setting, &root, window);
    let window = window.clone();
    with_words(choices, move |choices, unspoken| {
        let reader = window.clone();
        // The saved game is read first (an earlier version's takes a part
        // of the module), and used only without a link.
        storage::load(&reader, &save_key, move |saved| {
            if let Err(e) = start_page(&window, &root, setting, choices, unspoken, saved) {
                web_sys::console::error_1(&e);
            }
        });
        Ok(())
    });
    Ok(())
}

/// Starts the game page's board: a link's game or puzzle, else `saved`,
/// else the first visit's card.
fn start_page(
    window: &Window,
    root: &Root,
    setting: Setting,
    choices: (Settings, Lang),
    unspoken: Option<String>,
    saved: Option<Saved>,
) -> Result<(), JsValue> {
    let hash = window.location().hash().unwrap_or_default();
    let puzzle = puzzles::from_fragment(&hash);
    let board = mount(root, setting, choices, |app| {
        // A link's game (or puzzle) comes first, read before anything
        // writes the address.
        if puzzle.is_none() && !app.update(Msg::Nav(NavMsg::OpenLink(hash))) {
            match saved {
                Some(saved) => app.restore(&saved),
                None => {
                    app.update(Msg::Welcome(Welcome::Offer));
                }
            }
        }
        app.update(Msg::Lesson(LessonMsg::Restore(storage::lessons_done(
            window,
        ))));
        if let Some(players) = storage::chosen_players(window) {
            app.remember_chosen(players);
        }
        app.add_notice(unspoken);
    })?;
    if let Some(choice) = puzzle {
        open_puzzle(&board, choice);
    }
    // The benchmark's "painted and interactive" moment.
    if let Some(performance) = window.performance() {
        let _ = performance.mark("asalto-ready");
    }
    prefetch(window);
    Ok(())
}

/// Runs `then` with the reader's `choices` once their language's words
/// are installed (at once for English), or in English with the reason they
/// could not be; an error it returns is logged.
pub(crate) fn with_words(
    (comfort, lang): (Settings, Lang),
    then: impl FnOnce((Settings, Lang), Option<String>) -> Result<(), JsValue> + 'static,
) {
    data_files::ensure_words(lang, move |installed| {
        let done = match installed {
            Ok(()) => then((comfort, lang), None),
            Err(why) => then((comfort, Lang::En), Some(why)),
        };
        if let Err(e) = done {
            web_sys::console::error_1(&e);
        }
    });
}

/// How long after the game page is up its parts are fetched (when the
/// browser is next idle), in ms: after the first seconds, a click finds
/// its part at hand.
const PREFETCH_AFTER_MS: i32 = 3000;

/// Fetches every part, one after another (they are small), once the game
/// page has been up [`PREFETCH_AFTER_MS`] and the browser is idle. A part
/// that does not come is fetched again when it is used.
fn prefetch(window: &Window) {
    let idle = window.clone();
    let fetch = Closure::once_into_js(|| {
        events::spawn(async {
            let _ = parts::prefetch_rules().await;
            let _ = parts::prefetch_figure().await;
            let _ = new_game::prefetch().await;
            let _ = cards::prefetch().await;
            worker::prefetch().await;
        });
    });
    let wait = Closure::once_into_js(move || {
        // Browsers without requestIdleCallback fetch them now.
        if idle.request_idle_callback(fetch.unchecked_ref()).is_err() {
            let _ = fetch
                .unchecked_ref::<js_sys::Function>()
                .call0(&JsValue::NULL);
        }
    });
    let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
        wait.unchecked_ref(),
        PREFETCH_AFTER_MS,
    );
}
