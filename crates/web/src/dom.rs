//! The page: finds its elements, turns browser events into [`Msg`]s, runs
//! [`App::update`], writes the panel's text and schedules at most one
//! canvas redraw per animation frame (none while nothing changes).

use std::cell::{Cell, OnceCell, RefCell};
use std::rc::Rc;

use asalto_core::{Game, PointSet, Rules, Side};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    AbortController, AddEventListenerOptions, CanvasRenderingContext2d, Document, Element, Event,
    EventTarget, HtmlButtonElement, HtmlCanvasElement, HtmlElement, HtmlInputElement,
    HtmlSelectElement, KeyboardEvent, PointerEvent, ResizeObserver, ShadowRoot, TouchEvent, Window,
};

use crate::app::{App, Msg};
use crate::audio;
use crate::comfort::{self, Comfort};
use crate::computer::{Player, Request};
use crate::coordinates::Coordinates;
use crate::cursor::Arrow;
#[cfg(feature = "full")]
use crate::dialog::{NewGameDialog, RulesDialog};
use crate::lang::Lang;
use crate::layout::Layout;
use crate::link::{self, Source};
use crate::points::Points;
use crate::render::{self, Layers, Sprites, Theme};
use crate::saved::{self, Saved};
use crate::text;
use crate::words::page::{self as words, PAGE};
#[cfg(feature = "full")]
use crate::worker::Link;

/// A kept-alive event listener.
type Listener = Closure<dyn FnMut(Event)>;

/// One board on the page with everything it owns.
pub struct Board {
    page: RefCell<Page>,
    on_frame: OnceCell<Closure<dyn FnMut(f64)>>,
    listeners: RefCell<Vec<Listener>>,
    /// Ends every listener at once (when the board is handed over).
    abort: AbortController,
    /// Handed over to the full module: the board does nothing more.
    pub(crate) retired: Cell<bool>,
    /// The reader's choices.
    comfort: Cell<Comfort>,
    /// Watches the canvas's size.
    observer: OnceCell<(ResizeObserver, Closure<dyn FnMut()>)>,
    /// The computer player's worker, once started.
    #[cfg(feature = "full")]
    pub(crate) link: RefCell<Option<Link>>,
    /// The handover to the full module, asked for or under way.
    #[cfg(not(feature = "full"))]
    pub(crate) relay: crate::relay::Relay,
}

struct Page {
    app: App,
    theme: Theme,
    sprites: Sprites,
    window: Window,
    /// The top layer, which takes the input; the base layer is under it.
    canvas: HtmlCanvasElement,
    base: HtmlCanvasElement,
    layers: Layers,
    scale: f64,
    status: Element,
    captured: Element,
    note: Element,
    rules_line: Element,
    moves: HtmlElement,
    undo: HtmlButtonElement,
    redo: HtmlButtonElement,
    stop: HtmlButtonElement,
    hint: HtmlButtonElement,
    move_now: HtmlButtonElement,
    pause: HtmlButtonElement,
    thinking: Element,
    invite: Element,
    /// The last move, for screen readers (in the status live region).
    said: Element,
    #[cfg(feature = "full")]
    rules_dialog: RulesDialog,
    points: Points,
    coordinates: Coordinates,
    /// The move list as last written: (moves, ply, rules, position,
    /// players, language) to skip rewrites.
    shown: Option<(usize, usize, Rules, PositionKey, [Player; 2], Lang)>,
    /// The layout as last published on the canvas.
    shown_layout: Option<Layout>,
    /// The page address's fragment as the board last read or wrote it;
    /// another one is an edit whose `hashchange` is still to come.
    address: String,
    frame_pending: bool,
    setting: Setting,
}

/// A position's identity, as [`asalto_core::Position::key`] gives it.
pub(crate) type PositionKey = (PointSet, PointSet, Side, u8);

/// The attribute of the `#board` canvas that names the module running the
/// board: `lite` (the game page's first module) or `full`.
pub(crate) const MODULE: &str = "data-module";

/// This module's name in [`MODULE`].
const THIS_MODULE: &str = if cfg!(feature = "full") {
    "full"
} else {
    "lite"
};

/// Failure to find what the page must contain.
fn missing(what: &str) -> JsValue {
    JsValue::from_str(&format!("asalto: the page has no {what}"))
}

/// Where a board's elements are found by id: the game page itself, or the
/// shadow root of an embedded board (see `element`).
#[derive(Clone)]
pub(crate) enum Root {
    /// The game page's document.
    Page(Document),
    /// An embedded board's own tree.
    Shadow(ShadowRoot),
}

impl Root {
    /// The element `#id` in this tree, of type `T`.
    pub(crate) fn find<T: JsCast>(&self, id: &str) -> Result<T, JsValue> {
        let found = match self {
            Root::Page(document) => document.get_element_by_id(id),
            Root::Shadow(shadow) => shadow.get_element_by_id(id),
        };
        found
            .and_then(|e| e.dyn_into::<T>().ok())
            .ok_or_else(|| missing(&format!("#{id} of the right kind")))
    }

    /// The document that makes the tree's elements.
    pub(crate) fn document(&self) -> Option<Document> {
        match self {
            Root::Page(document) => Some(document.clone()),
            Root::Shadow(shadow) => shadow.owner_document(),
        }
    }

    /// The element whose classes choose the board's look (`contrast`,
    /// `no-coordinates`): the page's root, or the embedded board's host.
    fn element(&self) -> Option<Element> {
        match self {
            Root::Page(document) => document.document_element(),
            Root::Shadow(shadow) => Some(shadow.host()),
        }
    }

    /// Where the board hears the keyboard: the whole page, or only its
    /// own tree (so each embedded board keeps its own focus).
    fn keys(&self) -> EventTarget {
        match self {
            Root::Page(document) => document.clone().into(),
            Root::Shadow(shadow) => shadow.clone().into(),
        }
    }
}

/// How a board lives on its page.
pub(crate) struct Setting {
    /// An `<asalto-board>` in another page, not the game page: the page
    /// address is not its game, and the reader's choices are kept apart.
    pub embedded: bool,
    /// The local-storage key of the saved game, if the game is saved.
    pub save_key: Option<String>,
    /// What the board was given (see [`Saved::origin`]).
    pub origin: String,
    /// The language its page asks for, if any.
    pub lang: Option<Lang>,
}

impl Setting {
    /// The language a board speaks: the reader's choice (in `comfort`),
    /// else the one its page asks for, else `found`.
    fn language(&self, comfort: Comfort, found: impl FnOnce() -> Lang) -> Lang {
        comfort.lang.or(self.lang).unwrap_or_else(found)
    }

    /// The reader's choices kept for this board, and the language it speaks.
    pub(crate) fn choices(&self, root: &Root, window: &Window) -> (Comfort, Lang) {
        let comfort = window
            .local_storage()
            .ok()
            .flatten()
            .and_then(|s| s.get_item(comfort::key(self.embedded)).ok().flatten())
            .and_then(|text| Comfort::decode(&text))
            .unwrap_or(Comfort::default_for(self.embedded));
        let lang = self.language(comfort, || language(root, window));
        (comfort, lang)
    }
}

thread_local! {
    /// The boards on the page; they live as long as it does.
    static BOARDS: RefCell<Vec<Rc<Board>>> = const { RefCell::new(Vec::new()) };
}

/// The saved game under `key`, if one can be read.
pub(crate) fn load(window: &Window, key: &str) -> Option<Saved> {
    let storage = window.local_storage().ok()??;
    Saved::decode(&storage.get_item(key).ok()??)
}

/// Shows a saved game and gives its sides to their players.
pub(crate) fn restore(app: &mut App, saved: &Saved) {
    if let Some(opened) = link::read(app.lang, &saved.record, Source::Saved) {
        app.open(opened);
        app.computer.set_players(saved.players);
    }
}

/// Builds the game page on the document's elements (a page whose `#board`
/// canvas is in the document itself) and starts listening. The game is a
/// link's, else the one saved on this page, else a new standard game.
pub fn mount_page(window: &Window, document: Document) -> Result<(), JsValue> {
    // The benchmark's "module running" moment (see "asalto-ready" below).
    if let Some(performance) = window.performance() {
        let _ = performance.mark("asalto-start");
    }
    let setting = page_setting(window);
    let root = Root::Page(document);
    let choices = setting.choices(&root, window);
    // The first module speaks only English: it leaves other readers' page
    // to the full module from the start.
    #[cfg(not(feature = "full"))]
    if choices.1 != Lang::En {
        // Marked, so that the full module does not start the page itself.
        root.find::<Element>("board")?
            .set_attribute(MODULE, THIS_MODULE)?;
        crate::relay::hand_over_page(window.clone(), root, setting, choices.0);
        return Ok(());
    }
    mount_game(window, root, setting, choices)?;
    // The benchmark's "painted and interactive" moment.
    if let Some(performance) = window.performance() {
        let _ = performance.mark("asalto-ready");
    }
    Ok(())
}

/// Mounts the game page's board ([`page_setting`]) with the reader's
/// `choices`, on a link's game, else the saved one, else a new one.
pub(crate) fn mount_game(
    window: &Window,
    root: Root,
    setting: Setting,
    choices: (Comfort, Lang),
) -> Result<Rc<Board>, JsValue> {
    let save_key = setting.save_key.clone().unwrap_or_default();
    let hash = window.location().hash().unwrap_or_default();
    let prepare = Box::new(|app: &mut App| {
        // A link's game comes first, read before anything writes the
        // address; the saved game is read only without one.
        if !app.update(Msg::OpenLink(hash))
            && let Some(saved) = load(window, &save_key)
        {
            restore(app, &saved);
        }
    });
    Board::mount(root, setting, choices, prepare)
}

/// How the game page's board lives: its game saved under the page's path.
pub(crate) fn page_setting(window: &Window) -> Setting {
    let path = window.location().pathname().unwrap_or_default();
    Setting {
        embedded: false,
        save_key: Some(saved::key(&path, "page")),
        origin: String::new(),
        lang: None,
    }
}

impl Board {
    /// Builds a board on the elements of `root` (which must hold every
    /// element of index.html's panel) with the reader's `choices`
    /// ([`Setting::choices`]), lets `prepare` choose its game,
    /// draws it and starts listening. The board lives as long as the page.
    pub(crate) fn mount(
        root: Root,
        setting: Setting,
        (comfort, lang): (Comfort, Lang),
        prepare: Box<dyn FnOnce(&mut App) + '_>,
    ) -> Result<Rc<Board>, JsValue> {
        let window = web_sys::window().ok_or_else(|| missing("window"))?;
        let canvas: HtmlCanvasElement = root.find("board")?;
        let base: HtmlCanvasElement = root.find("board-base")?;
        let context = |c: &HtmlCanvasElement| -> Result<CanvasRenderingContext2d, JsValue> {
            Ok(c.get_context("2d")?
                .ok_or_else(|| missing("2d canvas"))?
                .dyn_into()?)
        };
        let layers = Layers {
            base: context(&base)?,
            top: context(&canvas)?,
        };
        let document = root.document().ok_or_else(|| missing("document"))?;
        canvas.set_attribute(MODULE, THIS_MODULE)?;
        // The words and the look first, so that the page is laid out once
        // before the board's size is read (and not again for the colours).
        // The first module's words are the markup's own (English).
        #[cfg(feature = "full")]
        speak(&root, lang)?;
        show_comfort(&root, comfort)?;
        let rect = canvas.get_bounding_client_rect();
        let game = Game::new(&Rules::default()).map_err(|e| JsValue::from_str(&e.to_string()))?;
        let mut app = App::new(game, rect.width(), rect.height());
        app.lang = lang;
        app.animate = !media(&window, "(prefers-reduced-motion: reduce)");
        app.computer
            .seed_with((js_sys::Math::random() * 2f64.powi(53)) as u64);
        // The game is opened in the board's language: a bad link says so in it.
        prepare(&mut app);
        app.computer.plan(&app.game);
        let points = root.find("points")?;
        let page = Page {
            theme: read_theme(&window, &canvas),
            sprites: Sprites::default(),
            app,
            canvas,
            base,
            layers,
            scale: 1.0,
            status: root.find("status")?,
            captured: root.find("captured")?,
            note: root.find("note")?,
            rules_line: root.find("rules-line")?,
            moves: root.find("moves")?,
            undo: root.find("undo")?,
            redo: root.find("redo")?,
            stop: root.find("stop")?,
            hint: root.find("hint")?,
            move_now: root.find("move-now")?,
            pause: root.find("pause")?,
            thinking: root.find("thinking")?,
            invite: root.find("invite")?,
            said: root.find("said")?,
            #[cfg(feature = "full")]
            rules_dialog: RulesDialog::new(&root)?,
            coordinates: Coordinates::new(&document, &points)?,
            points: Points::new(points, document),
            shown: None,
            shown_layout: None,
            address: window.location().hash().unwrap_or_default(),
            frame_pending: false,
            setting,
            window,
        };
        let board = Rc::new(Board {
            comfort: Cell::new(comfort),
            page: RefCell::new(page),
            on_frame: OnceCell::new(),
            listeners: RefCell::new(Vec::new()),
            abort: AbortController::new()?,
            retired: Cell::new(false),
            observer: OnceCell::new(),
            #[cfg(feature = "full")]
            link: RefCell::new(None),
            #[cfg(not(feature = "full"))]
            relay: crate::relay::Relay::default(),
        });
        let weak = Rc::downgrade(&board);
        let _ = board.on_frame.set(Closure::new(move |time: f64| {
            if let Some(board) = weak.upgrade() {
                board.frame(time);
            }
        }));
        board.resize();
        board.listen_all(&root)?;
        #[cfg(feature = "full")]
        NewGameDialog::attach(&board, &root)?;
        board.page.borrow_mut().sync_panel();
        board.frame(0.0);
        board.sync_worker();
        BOARDS.with(|boards| boards.borrow_mut().push(board.clone()));
        Ok(board)
    }
}

impl Board {
    /// The board mounted on `root`'s elements, if one is.
    pub(crate) fn of(root: &Root) -> Option<Rc<Board>> {
        let canvas: HtmlCanvasElement = root.find("board").ok()?;
        BOARDS.with(|boards| {
            boards
                .borrow()
                .iter()
                .find(|b| b.page.borrow().canvas == canvas)
                .cloned()
        })
    }

    /// Lets `prepare` change the board's game under a new `setting` (its
    /// language included), then shows it.
    pub(crate) fn reconfigure(
        self: &Rc<Self>,
        root: &Root,
        setting: Setting,
        prepare: impl FnOnce(&mut App),
    ) -> Result<(), JsValue> {
        {
            let mut page = self.page.borrow_mut();
            let page = &mut *page;
            page.app.lang = setting.language(self.comfort.get(), || page.app.lang);
            speak(root, page.app.lang)?;
            page.setting = setting;
            prepare(&mut page.app);
            page.app.computer.plan(&page.app.game);
            page.sync_panel();
        }
        self.request_frame();
        self.sync_worker();
        Ok(())
    }
}

/// Shows the reader's choices: the boxes ticked and the look's attributes
/// set (the colours must be read again after).
fn show_comfort(root: &Root, comfort: Comfort) -> Result<(), JsValue> {
    for (id, on) in [
        ("opt-coordinates", comfort.coordinates),
        ("opt-contrast", comfort.contrast),
        ("opt-sound", comfort.sound),
    ] {
        root.find::<HtmlInputElement>(id)?.set_checked(on);
    }
    if let Some(look) = root.element() {
        look.toggle_attribute_with_force("data-contrast", comfort.contrast)?;
        look.toggle_attribute_with_force("data-no-coordinates", !comfort.coordinates)?;
    }
    Ok(())
}

/// The language of a board nobody chose one for: an embedded board's
/// page's (the nearest `lang` around it), else the browser's first that
/// the interface speaks, else English.
pub(crate) fn language(root: &Root, window: &Window) -> Lang {
    let page = match root {
        Root::Page(_) => None,
        Root::Shadow(shadow) => shadow
            .host()
            .closest("[lang]")
            .ok()
            .flatten()
            .and_then(|e| e.get_attribute("lang")),
    };
    let browser: Vec<String> = window
        .navigator()
        .languages()
        .iter()
        .filter_map(|tag| tag.as_string())
        .collect();
    Lang::first_of(page.iter().chain(&browser).map(String::as_str))
}

/// Writes the markup's words (every `data-t` element of the tree) in
/// `lang`, and says which language the board speaks (to the browser, and
/// in the language select).
fn speak(root: &Root, lang: Lang) -> Result<(), JsValue> {
    root.find::<HtmlSelectElement>("opt-lang")?
        .set_value(lang.code());
    let found = match root {
        Root::Page(document) => document.query_selector_all("[data-t]")?,
        Root::Shadow(shadow) => shadow.query_selector_all("[data-t]")?,
    };
    for i in 0..found.length() {
        let Some(element) = found.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
            continue;
        };
        let key = element.get_attribute("data-t").unwrap_or_default();
        // Only what differs is written: a page already in its language
        // is not laid out again.
        for (_, slot, t) in PAGE.iter().filter(|(k, _, _)| *k == key) {
            let text = lang.of(t);
            let attribute = slot.attribute();
            let shown = match attribute {
                None => element.text_content(),
                Some(name) => element.get_attribute(name),
            };
            if shown.as_deref() != Some(text) {
                match attribute {
                    None => element.set_text_content(Some(text)),
                    Some(name) => element.set_attribute(name, text)?,
                }
            }
        }
    }
    match root {
        Root::Page(document) => {
            if let Some(html) = document.document_element()
                && html.get_attribute("lang").as_deref() != Some(lang.code())
            {
                html.set_attribute("lang", lang.code())?;
            }
            document.set_title(lang.of(&words::TITLE));
        }
        // Inside the board: the element's own lang is its page's to set.
        Root::Shadow(shadow) => {
            let children = shadow.children();
            for i in 0..children.length() {
                if let Some(child) = children.item(i) {
                    child.set_attribute("lang", lang.code())?;
                }
            }
        }
    }
    Ok(())
}

fn media(window: &Window, query: &str) -> bool {
    window
        .match_media(query)
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

fn read_theme(window: &Window, element: &Element) -> Theme {
    let mut theme = Theme::default();
    let Ok(Some(style)) = window.get_computed_style(element) else {
        return theme;
    };
    let fields: [(&str, &mut String); 9] = [
        ("--board", &mut theme.board),
        ("--ink", &mut theme.ink),
        ("--fortress", &mut theme.fortress),
        ("--attacker", &mut theme.attacker),
        ("--defender", &mut theme.defender),
        ("--rim", &mut theme.rim),
        ("--highlight", &mut theme.highlight),
        ("--target", &mut theme.target),
        ("--danger", &mut theme.danger),
    ];
    for (name, field) in fields {
        if let Ok(value) = style.get_property_value(name) {
            let value = value.trim();
            if !value.is_empty() {
                *field = value.to_owned();
            }
        }
    }
    theme
}

impl Board {
    /// Runs `msg` through `update`; redraws and rewrites the panel if it
    /// changed anything.
    pub fn dispatch(self: &Rc<Self>, msg: Msg) {
        if self.retired.get() {
            return;
        }
        let (changed, played) = {
            let app = &mut self.page.borrow_mut().app;
            let before = app.game.ply();
            let changed = app.update(msg);
            let ply = app.game.ply();
            let played = ply == before + 1 && ply == app.game.moves().len();
            (
                changed,
                played
                    .then(|| comfort::sound_of_last_move(&app.game))
                    .flatten(),
            )
        };
        if let Some(sound) = played.filter(|_| self.comfort.get().sound) {
            audio::play(sound);
        }
        if changed {
            self.page.borrow_mut().sync_panel();
            self.request_frame();
            self.sync_worker();
        }
    }

    /// A JS function that dispatches `msg` when called.
    fn dispatcher(self: &Rc<Self>, msg: Msg) -> js_sys::Function {
        let board = Rc::downgrade(self);
        Closure::once_into_js(move || {
            if let Some(b) = board.upgrade() {
                b.dispatch(msg);
            }
        })
        .unchecked_into()
    }

    /// Dispatches `msg` after `ms` milliseconds.
    pub(crate) fn later(self: &Rc<Self>, ms: f64, msg: Msg) {
        let callback = self.dispatcher(msg);
        let window = self.page.borrow().window.clone();
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&callback, ms as i32);
    }

    /// Copies the link of the game shown (the page's address with the
    /// game's fragment) to the clipboard; how it went comes back as
    /// [`Msg::Shared`].
    fn share(self: &Rc<Self>) {
        let (url, clipboard) = {
            let page = self.page.borrow();
            let location = page.window.location();
            let href = location.href().unwrap_or_default();
            let bare = href.split('#').next().unwrap_or_default();
            let url = format!("{bare}#{}", link::fragment(&page.app.game));
            (url, page.window.navigator().clipboard())
        };
        let settle = |msg: Msg| {
            let board = Rc::downgrade(self);
            Closure::once(move |_: JsValue| {
                if let Some(b) = board.upgrade() {
                    b.dispatch(msg);
                }
            })
        };
        let (copied, refused) = (settle(Msg::Shared(true)), settle(Msg::Shared(false)));
        let _ = clipboard.write_text(&url).then2(&copied, &refused);
        // One of them runs once; both are small.
        copied.forget();
        refused.forget();
    }

    /// The players and the pause between computer moves.
    pub(crate) fn players(&self) -> ([Player; 2], u32) {
        let computer = &self.page.borrow().app.computer;
        (computer.players, computer.watch_pause)
    }

    /// Whether the computer plays a side.
    pub(crate) fn page_computer_plays(&self) -> bool {
        self.page.borrow().app.computer.plays()
    }

    /// The request the computer wants answered, if any.
    pub(crate) fn computer_request(&self) -> Option<Request> {
        let page = self.page.borrow();
        page.app
            .computer
            .thinking
            .as_ref()
            .map(|t| t.request.clone())
    }

    /// The pause between moves when the computer plays itself, else 0.
    pub(crate) fn watch_pause(&self) -> f64 {
        let computer = &self.page.borrow().app.computer;
        if computer.watching() {
            f64::from(computer.watch_pause)
        } else {
            0.0
        }
    }

    fn request_frame(&self) {
        let mut page = self.page.borrow_mut();
        if page.frame_pending || self.retired.get() {
            return;
        }
        if let Some(callback) = self.on_frame.get() {
            page.frame_pending = page
                .window
                .request_animation_frame(callback.as_ref().unchecked_ref())
                .is_ok();
        }
    }

    fn frame(&self, time: f64) {
        if self.retired.get() {
            return;
        }
        let animating = {
            let mut page = self.page.borrow_mut();
            page.frame_pending = false;
            page.app.update(Msg::Tick(time));
            let page = &mut *page;
            render::draw(
                &page.layers,
                &page.app,
                &page.theme,
                page.scale,
                &mut page.sprites,
            );
            page.app.animating()
        };
        if animating {
            self.request_frame();
        }
    }

    /// Fits the canvas backing store to its CSS size and the pixel ratio,
    /// if either changed.
    fn resize(self: &Rc<Self>) {
        let (w, h) = {
            let mut page = self.page.borrow_mut();
            let rect = page.canvas.get_bounding_client_rect();
            let scale = page.window.device_pixel_ratio().max(1.0);
            let (w, h) = (
                (rect.width() * scale).round() as u32,
                (rect.height() * scale).round() as u32,
            );
            let same = page.scale == scale
                && page.app.size == (rect.width(), rect.height())
                && (page.canvas.width(), page.canvas.height()) == (w, h);
            if same {
                return;
            }
            page.scale = scale;
            for canvas in [&page.canvas, &page.base] {
                canvas.set_width(w);
                canvas.set_height(h);
            }
            // A new size clears the base layer: draw it again.
            page.sprites = Sprites::default();
            (rect.width(), rect.height())
        };
        self.dispatch(Msg::Resize(w, h));
    }

    /// Re-reads the colours from CSS (after a colour-scheme change).
    fn retheme(self: &Rc<Self>) {
        {
            let mut page = self.page.borrow_mut();
            page.theme = read_theme(&page.window, &page.canvas);
        }
        self.request_frame();
    }

    /// Takes the reader's choices from the boxes, shows and keeps them.
    fn choose_comfort(self: &Rc<Self>, root: &Root) -> Result<(), JsValue> {
        let ticked = |id| root.find::<HtmlInputElement>(id).map(|b| b.checked());
        let chosen = root.find::<HtmlSelectElement>("opt-lang")?.value();
        let lang = Lang::from_tag(&chosen).unwrap_or_default();
        // A language is kept once the reader picks one.
        let picked = lang != self.language();
        let comfort = Comfort {
            coordinates: ticked("opt-coordinates")?,
            contrast: ticked("opt-contrast")?,
            sound: ticked("opt-sound")?,
            lang: if picked {
                Some(lang)
            } else {
                self.comfort.get().lang
            },
        };
        if picked {
            // The first module speaks English only: another language is the
            // full module's (it reads the choice kept below).
            #[cfg(not(feature = "full"))]
            self.hand_over(true);
            #[cfg(feature = "full")]
            {
                speak(root, lang)?;
                self.dispatch(Msg::Language(lang));
            }
        }
        let before = self.comfort.replace(comfort);
        if (before.contrast, before.coordinates) != (comfort.contrast, comfort.coordinates) {
            show_comfort(root, comfort)?;
        }
        // Only contrast changes the colours.
        if before.contrast != comfort.contrast {
            self.retheme();
        }
        let page = self.page.borrow();
        if let Ok(Some(storage)) = page.window.local_storage() {
            let key = comfort::key(page.setting.embedded);
            let _ = storage.set_item(key, &comfort.encode());
        }
        Ok(())
    }

    /// The state.
    #[cfg(not(feature = "full"))]
    pub(crate) fn app(&self) -> std::cell::Ref<'_, App> {
        std::cell::Ref::map(self.page.borrow(), |page| &page.app)
    }

    /// Whether nothing is under way: no press, animation or piece picked,
    /// and the keyboard not among the board's points.
    #[cfg(not(feature = "full"))]
    pub(crate) fn at_rest(&self) -> bool {
        let page = self.page.borrow();
        let app = &page.app;
        let keyboard = page
            .window
            .document()
            .and_then(|d| d.active_element())
            .and_then(|e| e.closest("#points").ok().flatten())
            .is_some();
        app.press.is_none() && !app.animating() && app.pick.is_empty() && !keyboard
    }

    /// Whether the page's address was edited and its `hashchange` has not
    /// come yet.
    #[cfg(not(feature = "full"))]
    pub(crate) fn address_edited(&self) -> bool {
        let page = self.page.borrow();
        page.window.location().hash().ok().as_ref() != Some(&page.address)
    }

    /// Says `text` in the note line until the next move or game.
    #[cfg(not(feature = "full"))]
    pub(crate) fn tell(&self, text: &str) {
        let mut page = self.page.borrow_mut();
        page.app.notice = Some(text.to_owned());
        page.sync_panel();
    }

    /// Ends the board: it stops listening, drawing and watching its size,
    /// and takes its coordinates off the page (the next board writes its
    /// own on the same elements).
    #[cfg(not(feature = "full"))]
    pub(crate) fn retire(&self) {
        self.retired.set(true);
        self.abort.abort();
        if let Some((observer, _)) = self.observer.get() {
            observer.disconnect();
        }
        self.page.borrow().coordinates.remove();
    }

    /// The language the board speaks.
    pub(crate) fn language(&self) -> Lang {
        self.page.borrow().app.lang
    }

    /// The rules of the game shown.
    pub(crate) fn rules(&self) -> Rules {
        *self.page.borrow().app.game.rules()
    }

    /// Adds `handler` for `kind` events on `target`, kept alive with the board.
    pub(crate) fn on<E: JsCast>(
        self: &Rc<Self>,
        target: &EventTarget,
        kind: &str,
        passive: bool,
        handler: impl Fn(&Rc<Board>, E) + 'static,
    ) -> Result<(), JsValue> {
        let weak = Rc::downgrade(self);
        let closure = Listener::new(move |event: Event| {
            if let Some(board) = weak.upgrade() {
                handler(&board, event.unchecked_into());
            }
        });
        let options = AddEventListenerOptions::new();
        options.set_passive(passive);
        options.set_signal(&self.abort.signal());
        target.add_event_listener_with_callback_and_add_event_listener_options(
            kind,
            closure.as_ref().unchecked_ref(),
            &options,
        )?;
        self.listeners.borrow_mut().push(closure);
        Ok(())
    }

    fn listen_all(self: &Rc<Self>, root: &Root) -> Result<(), JsValue> {
        let (canvas, window) = {
            let page = self.page.borrow();
            (page.canvas.clone(), page.window.clone())
        };
        let canvas_target: &EventTarget = canvas.as_ref();
        self.on(canvas_target, "pointerdown", true, |b, e: PointerEvent| {
            if e.button() != 0 {
                return;
            }
            let page = b.page.borrow();
            if page.app.grabs(e.offset_x().into(), e.offset_y().into()) {
                let _ = page.canvas.set_pointer_capture(e.pointer_id());
            }
            drop(page);
            b.dispatch(Msg::Press(e.offset_x().into(), e.offset_y().into()));
        })?;
        self.on(canvas_target, "pointermove", true, |b, e: PointerEvent| {
            b.dispatch(Msg::Drag(e.offset_x().into(), e.offset_y().into()));
        })?;
        self.on(canvas_target, "pointerup", true, |b, e: PointerEvent| {
            b.dispatch(Msg::Release(e.offset_x().into(), e.offset_y().into()));
        })?;
        self.on(canvas_target, "pointercancel", true, |b, _: Event| {
            b.dispatch(Msg::CancelPointer);
        })?;
        // A touch that starts on something movable must not scroll the page;
        // any other touch scrolls as usual.
        self.on(canvas_target, "touchstart", false, |b, e: TouchEvent| {
            let page = b.page.borrow();
            let rect = page.canvas.get_bounding_client_rect();
            if let Some(t) = e.touches().get(0) {
                let (x, y) = (
                    f64::from(t.client_x()) - rect.left(),
                    f64::from(t.client_y()) - rect.top(),
                );
                if page.app.grabs(x, y) {
                    e.prevent_default();
                }
            }
        })?;
        // The window's size (and pixel ratio), and the board's own box,
        // which an embedding page may change.
        self.on(&window, "resize", true, |b, _: Event| b.resize())?;
        let weak = Rc::downgrade(self);
        let on_resize = Closure::<dyn FnMut()>::new(move || {
            if let Some(board) = weak.upgrade() {
                board.resize();
            }
        });
        let observer = ResizeObserver::new(on_resize.as_ref().unchecked_ref())?;
        observer.observe(&canvas);
        let _ = self.observer.set((observer, on_resize));
        // On the game page, a fragment edited by hand, or another game's
        // link, opens that game; the fragment the page wrote changes nothing.
        if !self.page.borrow().setting.embedded {
            self.on(&window, "hashchange", true, |b, _: Event| {
                let (hash, same) = {
                    let mut page = b.page.borrow_mut();
                    let hash = page.window.location().hash().unwrap_or_default();
                    let fragment = link::fragment(&page.app.game);
                    let same = hash.strip_prefix('#') == Some(fragment.as_str());
                    page.address.clone_from(&hash);
                    (hash, same)
                };
                if !same {
                    b.dispatch(Msg::OpenLink(hash));
                }
            })?;
        }
        self.listen_controls(root)
    }

    /// The colour scheme, the keyboard, the move list and the buttons.
    fn listen_controls(self: &Rc<Self>, root: &Root) -> Result<(), JsValue> {
        let (window, moves) = {
            let page = self.page.borrow();
            (page.window.clone(), page.moves.clone())
        };
        for query in ["(prefers-color-scheme: dark)", "(prefers-contrast: more)"] {
            if let Ok(Some(list)) = window.match_media(query) {
                self.on(&list, "change", true, |b, _: Event| b.retheme())?;
            }
        }
        for id in ["opt-coordinates", "opt-contrast", "opt-sound", "opt-lang"] {
            let root_again = root.clone();
            self.on(
                &root.find::<EventTarget>(id)?,
                "change",
                true,
                move |b, _: Event| {
                    if let Err(e) = b.choose_comfort(&root_again) {
                        web_sys::console::error_1(&e);
                    }
                },
            )?;
        }
        self.on(&root.keys(), "keydown", false, |b, e: KeyboardEvent| {
            b.key(&e);
        })?;
        self.on(&moves, "click", true, |b, e: Event| {
            let ply = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|el| el.closest("[data-ply]").ok().flatten())
                .and_then(|el| el.get_attribute("data-ply"))
                .and_then(|ply| ply.parse().ok());
            if let Some(ply) = ply {
                b.dispatch(Msg::GoTo(ply));
            }
        })?;
        for (id, msg) in [
            ("undo", Msg::Undo),
            ("redo", Msg::Redo),
            ("stop", Msg::StopChain),
            ("flip", Msg::Flip),
            ("move-now", Msg::MoveNow),
            ("pause", Msg::Pause),
            ("first", Msg::GoTo(0)),
            ("last", Msg::GoToEnd),
        ] {
            // The game page has no First and Last (Home and End do it).
            let Ok(button) = root.find::<EventTarget>(id) else {
                continue;
            };
            self.on(&button, "click", true, move |b, _: Event| {
                b.dispatch(msg.clone());
            })?;
        }
        let points: EventTarget = root.find("points")?;
        self.on(&points, "keydown", false, |b, e: KeyboardEvent| {
            let Some(from) = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|el| Points::point_of(&el))
            else {
                return;
            };
            if let Some(arrow) = Arrow::from_key(&e.key()) {
                e.prevent_default();
                let page = &mut *b.page.borrow_mut();
                page.points.step(&page.app, from, arrow);
            } else if e.key() == "Escape" {
                b.dispatch(Msg::Deselect);
            }
        })?;
        self.on(&points, "click", true, |b, e: Event| {
            let point = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|el| Points::point_of(&el));
            if let Some(p) = point {
                b.page.borrow_mut().points.chosen(p);
                b.dispatch(Msg::Choose(p));
            }
        })?;
        #[cfg(feature = "full")]
        {
            self.on(
                &root.find::<EventTarget>("rules")?,
                "click",
                true,
                |b, _: Event| {
                    let mut page = b.page.borrow_mut();
                    let page = &mut *page;
                    page.rules_dialog.show(page.app.game.rules(), page.app.lang);
                },
            )?;
            let hint: EventTarget = root.find("hint")?;
            self.on(&hint, "click", true, |b, _: Event| b.dispatch(Msg::Hint))?;
            for intent in ["pointerenter", "focus"] {
                self.on(&hint, intent, true, |b, _: Event| b.warm_worker())?;
            }
        }
        // The first module leaves New game, Rules and Hint to the full one.
        #[cfg(not(feature = "full"))]
        self.listen_relay(root)?;
        if let Ok(share) = root.find::<EventTarget>("share") {
            self.on(&share, "click", true, |b, _: Event| b.share())?;
        }
        Ok(())
    }

    /// ←/→/Home/End step through the game, Escape drops the selection;
    /// not while typing in a field, with a dialog open, or on the board's
    /// points (where the arrows move among them).
    fn key(self: &Rc<Self>, e: &KeyboardEvent) {
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
            "ArrowLeft" => Msg::Undo,
            "ArrowRight" => Msg::Redo,
            "Home" => Msg::GoTo(0),
            "End" => Msg::GoToEnd,
            "Escape" => Msg::Deselect,
            _ => return,
        };
        e.prevent_default();
        self.dispatch(msg);
    }
}

impl Page {
    /// Keeps the page address's fragment in step with the game shown,
    /// replacing the history entry (one entry per game, not per move). A
    /// new standard game on a page opened without a link leaves it bare,
    /// a link that could not be followed stays as it was given until the
    /// next move, and an address edited since the board last saw it stays
    /// for its `hashchange` to open.
    fn sync_address(&mut self) {
        if self.setting.embedded || self.app.notice.is_some() {
            return;
        }
        let game = &self.app.game;
        let location = self.window.location();
        let now = location.hash().unwrap_or_default();
        let wanted = format!("#{}", link::fragment(game));
        let bare = now.is_empty() && game.ply() == 0 && *game.rules() == Rules::default();
        if now != self.address || now == wanted || bare {
            return;
        }
        if let Ok(history) = self.window.history()
            && history
                .replace_state_with_url(&JsValue::NULL, "", Some(&wanted))
                .is_ok()
        {
            self.address = wanted;
        }
    }

    /// Writes the panel's text from the state.
    fn sync_panel(&mut self) {
        let game = &self.app.game;
        let lang = self.app.lang;
        self.status.set_text_content(Some(&text::status(
            lang,
            game,
            &self.app.pick,
            &self.app.computer,
        )));
        self.captured
            .set_text_content(Some(&text::captured(lang, game)));
        let note = match (&self.app.notice, &self.app.refusal) {
            (Some(notice), _) => notice.clone(),
            (None, Some(why)) => why.clone(),
            (None, None) => text::last_move_note(lang, game),
        };
        self.note.set_text_content(Some(&note));
        let rules = *game.rules();
        let line = text::preset_line(lang, rules.preset);
        let custom = rules.to_string();
        let line = if custom == rules.preset.name() {
            line
        } else {
            format!("{line} ({custom})")
        };
        self.rules_line.set_text_content(Some(&line));
        self.undo.set_disabled(game.ply() == 0);
        self.redo.set_disabled(game.ply() == game.moves().len());
        self.stop.set_hidden(self.app.pick.can_stop().is_none());
        let computer = &self.app.computer;
        let human_to_move = computer.player(game.position().turn()) == Player::Human;
        self.hint.set_disabled(
            computer.thinking.is_some() || game.outcome().is_some() || !human_to_move,
        );
        self.move_now.set_hidden(!computer.moving());
        self.pause.set_hidden(!computer.plays());
        let pause = if computer.paused {
            &words::RESUME
        } else {
            &words::PAUSE
        };
        self.pause.set_text_content(Some(lang.of(pause)));
        self.thinking
            .set_text_content(Some(&text::computer_line(lang, game, computer)));
        let l = self.app.layout;
        if self.shown_layout != Some(l) {
            self.shown_layout = Some(l);
            // For tests and tools that need to find points on the canvas.
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
        if let Err(e) = self
            .coordinates
            .place(l)
            .and_then(|()| self.points.sync(&self.app))
        {
            web_sys::console::error_1(&e);
        }
        self.invite.set_text_content(Some(&text::invite(
            lang,
            game,
            self.app.link_moves,
            self.app.shared,
        )));
        let shown = (
            game.moves().len(),
            game.ply(),
            rules,
            game.position().key(),
            self.app.computer.players,
            lang,
        );
        if self.shown != Some(shown) {
            self.shown = Some(shown);
            self.moves.set_inner_html(&move_list(game));
            // The live region speaks when its text changes: once a move.
            self.said.set_text_content(Some(&text::said(lang, game)));
            // The last move in view (an empty list has nothing to show, and
            // reading its height would lay the page out at startup).
            if !game.moves().is_empty() {
                let ol: &Element = self.moves.as_ref();
                ol.set_scroll_top(ol.scroll_height());
            }
            self.sync_address();
            self.save();
        }
        #[cfg(feature = "full")]
        self.rules_dialog.sync(&rules, lang);
    }

    /// Keeps the game for the next visit, if this board saves its game
    /// (boards that only replay or show have no key).
    fn save(&self) {
        let Some(key) = &self.setting.save_key else {
            return;
        };
        let saved = Saved {
            origin: self.setting.origin.clone(),
            record: self.app.game.record().to_string(),
            players: self.app.computer.players,
        };
        if let Ok(Some(storage)) = self.window.local_storage() {
            // Full or forbidden storage only costs the next visit its game.
            let _ = storage.set_item(key, &saved.encode());
        }
    }
}

/// The move list's items: each the text of a move (only point names and
/// `-x@`, so nothing needs escaping), the current one marked.
fn move_list(game: &Game) -> String {
    let mut html = String::new();
    for i in 0..game.moves().len() {
        let Some(text) = game.move_text(i) else {
            continue;
        };
        let ply = i + 1;
        let class = if ply > game.ply() {
            " class=\"undone\""
        } else {
            ""
        };
        let current = if ply == game.ply() {
            " aria-current=\"step\""
        } else {
            ""
        };
        html.push_str(&format!(
            "<li data-ply=\"{ply}\"{class}{current}><button type=\"button\">{text}</button></li>"
        ));
    }
    html
}
