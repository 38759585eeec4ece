//! One board on a page and everything it owns: the state ([`App`]), its two
//! canvases, the panel, the Rules dialog and the computer's worker. Every
//! change goes through [`LiveBoard::dispatch`]: a [`Msg`] into
//! [`App::update`], then, if anything changed, the panel written, the
//! address and the saved game kept in step, the worker given its task and
//! one redraw asked for the next animation frame (none while nothing
//! changes). Events reach it from `listen`; it is built by `mount`.

use std::cell::{Cell, OnceCell, RefCell};
use std::rc::Rc;

use asalto_core::{Game, Rules};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ResizeObserver, Window};

use crate::audio;
use crate::data_files;
use crate::dialogs::new_game::Current;
use crate::dialogs::rules_dialog::RulesDialog;
use crate::events::{self, Listeners, Sender};
use crate::panel::{Panel, cards};
use crate::parts::PartError;
use crate::render::{Layers, Sprites, Theme};
use crate::root::{self, Root, missing};
use crate::storage;
use crate::tables::TablesLink;
use crate::worker::WorkerLink;
use asalto_ui::app::{App, HOLD_MS, Msg, PageMsg, PageSetup, SettingsMsg, TAKE_BACK_MS};
use asalto_ui::board::cursor::Arrow;
use asalto_ui::keep::link;
use asalto_ui::keep::saved::Saved;
use asalto_ui::keep::settings::{self, Settings};
use asalto_ui::lang::Lang;

/// Tells an embedded board's page what the board shows.
pub(crate) type Teller = Rc<dyn Fn(&App)>;

/// How a board lives on its page.
#[derive(Clone)]
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
    /// The absolute address of its endgame pack's index, if it has one
    /// (`tables::address`).
    pub tables: Option<String>,
    /// What tells an embedded board's page what it shows, each time the
    /// game shown changes (made by `element`, whose part holds its code).
    pub tell: Option<Teller>,
}

impl Setting {
    /// The language a board speaks: the reader's choice (in `settings`),
    /// else the one its page asks for, else `found`.
    pub(crate) fn language(&self, comfort: Settings, found: impl FnOnce() -> Lang) -> Lang {
        comfort.lang.or(self.lang).unwrap_or_else(found)
    }
}

/// What the board draws on and writes to, with the state.
struct View {
    app: App,
    theme: Theme,
    sprites: Sprites,
    window: Window,
    /// The top layer, which takes the input; the base layer is under it.
    canvas: HtmlCanvasElement,
    base: HtmlCanvasElement,
    layers: Layers,
    scale: f64,
    panel: Panel,
    rules_dialog: RulesDialog,
    /// The page address's fragment as the board last read or wrote it;
    /// another one is an edit whose `hashchange` is still to come.
    address: String,
    /// The page address's fragment as it was when the board last read a
    /// link from it: the address while that link's game is shown as it
    /// opened ([`App::as_opened`]).
    given: String,
    frame_pending: bool,
    setting: Setting,
}

/// One board on a page, alive: its state, canvases, panel and worker (not
/// to be confused with `asalto_core::Board`, the board's geometry).
pub(crate) struct LiveBoard {
    view: RefCell<View>,
    on_frame: OnceCell<Closure<dyn FnMut(f64)>>,
    /// Its event handlers (see `listen`).
    pub(crate) listeners: Listeners,
    /// The reader's choices.
    comfort: Cell<Settings>,
    /// Watches the canvas's size.
    observer: OnceCell<(ResizeObserver, Closure<dyn FnMut()>)>,
    /// The computer player's worker.
    worker: OnceCell<WorkerLink>,
    /// The endgame pack's worker.
    tables: OnceCell<TablesLink>,
}

mod copy;
mod frame;

thread_local! {
    /// The boards on the page; they live as long as it does.
    static BOARDS: RefCell<Vec<Rc<LiveBoard>>> = const { RefCell::new(Vec::new()) };
}

impl LiveBoard {
    /// Builds a board on the elements of `root` (which must hold every
    /// element of index.html's panel) with the reader's `settings`, speaking
    /// `lang`, and lets `prepare` choose its game. It listens to nothing
    /// yet (`listen`) and has drawn nothing ([`LiveBoard::show`]); it lives as
    /// long as the page.
    pub(crate) fn new(
        root: &Root,
        setting: Setting,
        (comfort, lang): (Settings, Lang),
        prepare: impl FnOnce(&mut App),
    ) -> Result<Rc<LiveBoard>, JsValue> {
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
        // The words and the look first, so that the page is laid out once
        // before the board's size is read (and not again for the colours).
        root::speak(root, lang)?;
        root::show_comfort(root, comfort)?;
        let rect = canvas.get_bounding_client_rect();
        let game = Game::new(&Rules::default()).map_err(|e| JsValue::from_str(&e.to_string()))?;
        let mut app = App::new(game, rect.width(), rect.height());
        // The game is opened in the board's language: a bad link says so in it.
        app.set_up(PageSetup {
            lang,
            threats: comfort.threats,
            animate: !root::media(&window, "(prefers-reduced-motion: reduce)"),
            seed: (js_sys::Math::random() * 2f64.powi(53)) as u64,
        });
        app.set_tables(setting.tables.clone());
        prepare(&mut app);
        app.plan();
        let view = View {
            theme: root::read_theme(&window, &canvas),
            sprites: Sprites::default(),
            app,
            panel: Panel::new(root)?,
            rules_dialog: RulesDialog::new(root)?,
            canvas,
            base,
            layers,
            scale: 1.0,
            address: window.location().hash().unwrap_or_default(),
            given: window.location().hash().unwrap_or_default(),
            frame_pending: false,
            setting,
            window,
        };
        let board = Rc::new(LiveBoard {
            comfort: Cell::new(comfort),
            view: RefCell::new(view),
            on_frame: OnceCell::new(),
            listeners: Listeners::default(),
            observer: OnceCell::new(),
            worker: OnceCell::new(),
            tables: OnceCell::new(),
        });
        let weak = Rc::downgrade(&board);
        let _ = board.on_frame.set(Closure::new(move |time: f64| {
            if let Some(board) = weak.upgrade() {
                board.frame(time);
            }
        }));
        let _ = board.worker.set(WorkerLink::new(board.sender()));
        let _ = board.tables.set(TablesLink::new(board.sender()));
        board.resize();
        BOARDS.with(|boards| boards.borrow_mut().push(board.clone()));
        Ok(board)
    }

    /// Writes the panel, draws the first frame and starts the worker if
    /// the computer plays.
    pub(crate) fn show(self: &Rc<Self>) {
        self.view.borrow_mut().sync();
        self.fetch_cards();
        self.frame(0.0);
        self.sync_worker();
    }

    /// The board mounted on `root`'s elements, if one is.
    pub(crate) fn of(root: &Root) -> Option<Rc<LiveBoard>> {
        let canvas: HtmlCanvasElement = root.find("board").ok()?;
        BOARDS.with(|boards| {
            boards
                .borrow()
                .iter()
                .find(|b| b.view.borrow().canvas == canvas)
                .cloned()
        })
    }

    /// A sender of messages to this board.
    pub(crate) fn sender(self: &Rc<Self>) -> Sender {
        let board = Rc::downgrade(self);
        Sender::new(move |msg| {
            if let Some(b) = board.upgrade() {
                b.dispatch(msg);
            }
        })
    }

    /// Runs `msg` through `update`; redraws and rewrites the panel if it
    /// changed anything.
    pub(crate) fn dispatch(self: &Rc<Self>, msg: Msg) {
        let (changed, played, take_back, hold_over) = {
            let app = &mut self.view.borrow_mut().app;
            let before = app.game().ply();
            let refuted = app.take_back().is_some();
            let held = app.hold_over();
            let changed = app.update(msg);
            // A wrong try's reply just played: both go back in a moment.
            let take_back = app.take_back().filter(|_| !refuted);
            // The Marshal's move just held for the pack: it waits so long.
            let hold_over = app.hold_over().filter(|now| held.as_ref() != Some(now));
            let ply = app.game().ply();
            let played = ply == before + 1 && ply == app.game().moves().len();
            (
                changed,
                played
                    .then(|| settings::sound_of_last_move(app.game()))
                    .flatten(),
                take_back,
                hold_over,
            )
        };
        if let Some(msg) = take_back {
            self.sender().later(TAKE_BACK_MS, msg);
        }
        if let Some(msg) = hold_over {
            self.sender().later(HOLD_MS, msg);
        }
        if let Some(sound) = played.filter(|_| self.comfort.get().sound) {
            audio::play(sound);
        }
        if changed {
            self.view.borrow_mut().sync();
            self.fetch_cards();
            self.request_frame();
            self.sync_worker();
        }
    }

    /// Lets `prepare` change the board's game under a new `setting`,
    /// speaking `lang` (its words installed), then shows it.
    pub(crate) fn reconfigure(
        self: &Rc<Self>,
        root: &Root,
        setting: Setting,
        lang: Lang,
        prepare: impl FnOnce(&mut App),
    ) -> Result<(), JsValue> {
        {
            let mut view = self.view.borrow_mut();
            let view = &mut *view;
            view.app.update(Msg::Settings(SettingsMsg::Language(lang)));
            root::speak(root, lang)?;
            view.app.set_tables(setting.tables.clone());
            view.setting = setting;
            prepare(&mut view.app);
            view.app.plan();
            view.sync();
        }
        self.fetch_cards();
        self.request_frame();
        self.sync_worker();
        Ok(())
    }

    /// Gives the worker the task the state wants.
    fn sync_worker(&self) {
        let (wanted, plays, pause) = {
            let view = self.view.borrow();
            let computer = view.app.computer();
            // A review's answers are taken at once; a move waits.
            let reviewing = computer
                .thinking
                .as_ref()
                .is_some_and(|t| t.review.is_some());
            let pause = if reviewing {
                None
            } else if computer.watching() {
                Some(f64::from(computer.watch_pause))
            } else {
                Some(0.0)
            };
            let wanted = computer.thinking.as_ref().map(|t| t.request.clone());
            (wanted, computer.plays(), pause)
        };
        if let Some(worker) = self.worker.get() {
            worker.sync(wanted, plays, pause);
        }
        if let Some(tables) = self.tables.get() {
            tables.sync(self.view.borrow().app.perfect().wanted());
        }
    }

    /// Fetches the panel's cards the first time one is needed, and writes
    /// the panel again once they have come.
    fn fetch_cards(self: &Rc<Self>) {
        let Some(root) = ({
            let view = &mut *self.view.borrow_mut();
            view.panel.cards.wanted(&view.app)
        }) else {
            return;
        };
        let (board, sender) = (Rc::downgrade(self), self.sender());
        events::spawn(async move {
            match cards::cards(root).await {
                Ok(cards) => {
                    if let Some(board) = board.upgrade() {
                        let mut view = board.view.borrow_mut();
                        view.panel.cards.set(cards);
                        view.sync();
                    }
                }
                Err(PartError::Unloaded) => sender.send(Msg::Page(PageMsg::PartUnloaded)),
                Err(PartError::Refused(why)) => web_sys::console::error_1(&why.into()),
            }
        });
    }

    /// Starts the worker ahead of a request that seems near.
    pub(crate) fn warm_worker(&self) {
        if let Some(worker) = self.worker.get() {
            worker.warm();
        }
    }

    /// What the New game dialog opens with.
    pub(crate) fn current(&self) -> Current {
        let app = &self.view.borrow().app;
        (
            *app.game().rules(),
            app.new_game_players(),
            app.computer().watch_pause,
            app.lang(),
        )
    }

    /// The reader's choices.
    pub(crate) fn comfort(&self) -> Settings {
        self.comfort.get()
    }

    /// The language the board speaks.
    pub(crate) fn language(&self) -> Lang {
        self.view.borrow().app.lang()
    }

    /// The page's window.
    pub(crate) fn window(&self) -> Window {
        self.view.borrow().window.clone()
    }

    /// The top canvas, which takes the pointer.
    pub(crate) fn canvas(&self) -> HtmlCanvasElement {
        self.view.borrow().canvas.clone()
    }

    /// Whether a press at canvas pixel (x, y) would take a piece.
    pub(crate) fn grabs(&self, x: f64, y: f64) -> bool {
        self.view.borrow().app.grabs(x, y)
    }

    /// Whether this board is the game page's (its game in the address).
    pub(crate) fn embedded(&self) -> bool {
        self.view.borrow().setting.embedded
    }

    /// Opens the Rules dialog on the game's rules.
    pub(crate) fn show_rules(self: &Rc<Self>) {
        let view = self.view.borrow();
        view.rules_dialog
            .show(view.app.game().rules(), view.app.lang(), self.sender());
    }

    /// Moves the keyboard from point button `from` along `arrow`.
    pub(crate) fn step_points(&self, from: asalto_core::Point, arrow: Arrow) {
        let view = &mut *self.view.borrow_mut();
        view.panel.points.step(&view.app, from, arrow);
    }

    /// Marks point button `p` as the one chosen (it keeps the tab order).
    pub(crate) fn point_chosen(&self, p: asalto_core::Point) {
        self.view.borrow_mut().panel.points.chosen(p);
    }

    /// After a `hashchange`: the address's fragment, and whether it is the
    /// game shown (the fragment the board wrote changes nothing).
    pub(crate) fn address_changed(&self) -> (String, bool) {
        let mut view = self.view.borrow_mut();
        let hash = view.window.location().hash().unwrap_or_default();
        let fragment = link::fragment(view.app.tree(), view.app.shown());
        let same = hash.strip_prefix('#') == Some(fragment.as_str());
        view.address.clone_from(&hash);
        view.given.clone_from(&hash);
        (hash, same)
    }

    /// Takes the reader's new choices: shows and keeps them, and speaks a
    /// language picked.
    pub(crate) fn choose(self: &Rc<Self>, root: &Root, chosen: Settings) -> Result<(), JsValue> {
        let picked = chosen.lang.filter(|&lang| lang != self.language());
        // A language is kept once the reader picks one.
        let comfort = Settings {
            lang: picked.or(self.comfort.get().lang),
            ..chosen
        };
        if let Some(lang) = picked {
            let (board, root) = (Rc::downgrade(self), root.clone());
            data_files::ensure_words(lang, move |installed| {
                let Some(board) = board.upgrade() else { return };
                match installed
                    .and_then(|()| root::speak(&root, lang).map_err(|e| format!("{e:?}")))
                {
                    Ok(()) => board.dispatch(Msg::Settings(SettingsMsg::Language(lang))),
                    Err(why) => {
                        // The select shows the language still spoken.
                        let _ = root::speak(&root, board.language());
                        board.dispatch(Msg::Page(PageMsg::Notice(why)));
                    }
                }
            });
        }
        let before = self.comfort.replace(comfort);
        if before.threats != comfort.threats {
            self.dispatch(Msg::Settings(SettingsMsg::ShowThreats(comfort.threats)));
        }
        if (before.contrast, before.coordinates) != (comfort.contrast, comfort.coordinates) {
            root::show_comfort(root, comfort)?;
        }
        // Only contrast changes the colours.
        if before.contrast != comfort.contrast {
            self.retheme();
        }
        storage::keep_comfort(&self.window(), self.embedded(), comfort);
        Ok(())
    }
}

impl View {
    /// Writes the panel from the state, and when the game shown changed,
    /// keeps the address and the saved game in step.
    fn sync(&mut self) {
        let changed = self.app.shown_changed();
        self.panel.sync(&self.app, changed);
        if changed {
            self.sync_address();
            self.save();
            if let Some(tell) = &self.setting.tell {
                tell(&self.app);
            }
        }
        self.rules_dialog
            .sync(self.app.game().rules(), self.app.lang());
    }

    /// Keeps the page address's fragment in step with the game shown,
    /// replacing the history entry (one entry per game, not per move). A
    /// new standard game on a page opened without a link leaves it bare,
    /// a link that could not be followed stays as it was given until the
    /// next move, a link's game shown as it opened has the link as it was
    /// given, and an address edited
    /// since the board last saw it stays for its `hashchange` to open.
    fn sync_address(&mut self) {
        if self.setting.embedded || self.app.notice().is_some() {
            return;
        }
        let game = self.app.game();
        let now = self.window.location().hash().unwrap_or_default();
        let wanted = if self.app.as_opened() {
            self.given.clone()
        } else {
            format!("#{}", self.app.fragment())
        };
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

    /// Keeps the game for the next visit, if this board saves its game
    /// (boards that only replay or show have no key; a lesson's or a
    /// puzzle's position is not a game to come back to, nor a link's game
    /// until the reader plays on: the reader's own game stays kept).
    fn save(&self) {
        if let Some(key) = self
            .setting
            .save_key
            .as_ref()
            .filter(|_| self.app.lesson().is_none() && self.app.puzzle().is_none())
            .filter(|_| !self.app.link_view())
        {
            let (tree, shown) = (self.app.tree(), self.app.shown());
            let last = tree.main_end();
            let saved = Saved {
                at: (shown != last).then(|| tree.number(shown)),
                ..Saved::new(
                    self.setting.origin.clone(),
                    tree.record().to_string(),
                    self.app.computer().players,
                )
            };
            storage::save(&self.window, key, &saved);
        }
        // The game page keeps the reader's last choice of players for the
        // New game dialog of a later visit.
        if let Some(players) = self.app.chosen().filter(|_| !self.setting.embedded) {
            storage::keep_chosen_players(&self.window, players);
        }
    }
}
