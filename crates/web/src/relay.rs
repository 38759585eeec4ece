//! The game page's two modules and the handover between them.
//!
//! The page starts with the first module (this crate without its `full`
//! feature, built by `crates/lite`): the board and its panel in English,
//! small enough to paint and answer at once. It then asks the page's loader
//! for the full module (`asaltoFull` in Trunk.toml's loader) and hands the
//! board over ([`Handover`]) once that has loaded and the board is at rest,
//! or as soon as it has loaded when the reader wants what only the full
//! module has: New game, Rules, Hint, another language, a computer player.
//! The full module's `take_over` mounts the board again on the same
//! elements, in the state handed over, and presses the control that asked
//! (or starts the computer's worker if the pointer or the focus is on Hint).

#[cfg(not(feature = "full"))]
pub(crate) use lite::{Relay, hand_over_page};

#[cfg(feature = "full")]
pub use full::take_over;

/// The first module's side: asks for the full module, hands over.
#[cfg(not(feature = "full"))]
mod lite {
    use std::cell::Cell;
    use std::rc::Rc;

    use js_sys::{Function, Promise};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::{Event, EventTarget, Window};

    use crate::comfort::Comfort;
    use crate::dom::{self, Board, Root, Setting};
    use crate::handover::{Handover, Then};
    use crate::lang::Lang;

    #[wasm_bindgen]
    extern "C" {
        /// The page loader's promise of the full module's `take_over`,
        /// loaded on the first call.
        #[wasm_bindgen(catch, js_name = asaltoFull)]
        fn asalto_full() -> Result<Promise, JsValue>;
    }

    /// What the board says when the reader asked for what only the full
    /// module has, and it could not load (the first module speaks English).
    const UNLOADED: &str =
        "The rest of the game could not be loaded: check the connection and try again.";

    /// What the board says when the full module failed to take it over
    /// (the game is saved at each move: a reload finds it).
    const STOPPED: &str =
        "The rest of the game could not start: reload the page to play on (the game is kept).";

    /// How long a board that is not at rest puts the handover off (ms).
    const RETRY_MS: i32 = 250;

    /// One board's handover.
    #[derive(Debug, Default)]
    pub(crate) struct Relay {
        /// The full module was asked for.
        asked: Cell<bool>,
        /// The handover must not wait for the board to be at rest.
        now: Cell<bool>,
        /// The control to press once the full module has the board.
        then: Cell<Option<Then>>,
    }

    /// Marks the control `then` as busy (its action comes once the full
    /// module has loaded), or no longer.
    fn busy(then: Then, on: bool) {
        let button = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id(then.id()));
        if let Some(button) = button {
            let _ = if on {
                button.set_attribute("aria-busy", "true")
            } else {
                button.remove_attribute("aria-busy")
            };
        }
    }

    /// Logs why the full module did not load.
    fn log_unloaded(e: &JsValue) {
        web_sys::console::error_2(&"asalto: the full module did not load".into(), e);
    }

    /// Calls the full module's `take_over` with `state`.
    fn call(take_over: &JsValue, state: &str) -> Result<(), JsValue> {
        take_over
            .dyn_ref::<Function>()
            .ok_or_else(|| JsValue::from_str("asalto: the full module has no take_over"))?
            .call1(&JsValue::NULL, &JsValue::from_str(state))?;
        Ok(())
    }

    /// Asks the page's loader for the full module: `taken` gets its
    /// `take_over` once it has loaded, `failed` why it did not (at once
    /// when the page has no loader to ask).
    fn with_full(taken: impl FnOnce(JsValue) + 'static, failed: impl FnOnce(JsValue) + 'static) {
        let promise = match asalto_full() {
            Ok(promise) => promise,
            Err(e) => return failed(e),
        };
        let (taken, failed) = (Closure::once(taken), Closure::once(failed));
        let _ = promise.then2(&taken, &failed);
        // One of them runs once.
        taken.forget();
        failed.forget();
    }

    /// Lets the full module start the page (the first module mounted
    /// nothing: the reader's language is not English). If it cannot load,
    /// the first module mounts the board itself, in English, and says why.
    pub(crate) fn hand_over_page(window: Window, root: Root, setting: Setting, comfort: Comfort) {
        with_full(
            |take_over| {
                if let Err(e) = call(&take_over, "") {
                    web_sys::console::error_1(&e);
                }
            },
            move |e| {
                log_unloaded(&e);
                match dom::mount_game(&window, root, setting, (comfort, Lang::En)) {
                    Ok(board) => board.tell(UNLOADED),
                    Err(e) => web_sys::console::error_1(&e),
                }
            },
        );
    }

    impl Board {
        /// The controls that only the full module has hand the board over
        /// when pressed, and the board is handed over anyway once the page
        /// is idle and the full module has loaded.
        pub(crate) fn listen_relay(self: &Rc<Self>, root: &Root) -> Result<(), JsValue> {
            for then in Then::ALL {
                let button: EventTarget = root.find(then.id())?;
                self.on(&button, "click", true, move |b, _: Event| {
                    b.relay.then.set(Some(then));
                    busy(then, true);
                    b.hand_over(true);
                })?;
            }
            // Asked for once the page is idle, so that its download and
            // compiling take nothing from the first paint.
            let board = Rc::downgrade(self);
            let ask = Closure::once_into_js(move || {
                if let Some(b) = board.upgrade() {
                    b.hand_over(false);
                }
            });
            let window = web_sys::window().ok_or("asalto: no window")?;
            if window.request_idle_callback(ask.unchecked_ref()).is_err() {
                window.set_timeout_with_callback(ask.unchecked_ref())?;
            }
            Ok(())
        }

        /// Hands the board over once the full module has loaded: at once
        /// if `now` (or if it was asked for so before), else when the board
        /// is at rest.
        pub(crate) fn hand_over(self: &Rc<Self>, now: bool) {
            if now {
                self.relay.now.set(true);
            }
            if self.relay.asked.replace(true) {
                return;
            }
            let taker = Rc::downgrade(self);
            let keeper = taker.clone();
            with_full(
                move |take_over| {
                    if let Some(b) = taker.upgrade() {
                        b.give(take_over);
                    }
                },
                move |e| {
                    if let Some(b) = keeper.upgrade() {
                        b.not_handed_over(&e);
                    }
                },
            );
        }

        /// The full module could not load (`e` says why): the board plays
        /// on, asks again next time, and says so if the reader asked for
        /// more.
        fn not_handed_over(self: &Rc<Self>, e: &JsValue) {
            log_unloaded(e);
            self.relay.asked.set(false);
            if self.relay.now.replace(false) {
                if let Some(then) = self.relay.then.take() {
                    busy(then, false);
                }
                self.tell(UNLOADED);
            }
        }

        /// The computer plays only in the full module: a board where it
        /// plays is handed over at once.
        pub(crate) fn sync_worker(self: &Rc<Self>) {
            if self.page_computer_plays() || self.computer_request().is_some() {
                self.hand_over(true);
            }
        }

        /// Gives the board to the full module's `take_over`, or waits for
        /// the board to be at rest (and, in any case, for an edited address
        /// to be opened, which the full module would not see as edited).
        fn give(self: &Rc<Self>, take_over: JsValue) {
            if self.retired.get() {
                return;
            }
            if self.address_edited() || (!self.relay.now.get() && !self.at_rest()) {
                let board = Rc::downgrade(self);
                let again = Closure::once_into_js(move || {
                    if let Some(b) = board.upgrade() {
                        b.give(take_over);
                    }
                });
                if let Some(window) = web_sys::window() {
                    let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                        again.unchecked_ref(),
                        RETRY_MS,
                    );
                }
                return;
            }
            let then = self.relay.then.get();
            let state = Handover::of(&self.app(), then).encode();
            if let Some(then) = then {
                busy(then, false);
            }
            self.retire();
            if let Err(e) = call(&take_over, &state) {
                web_sys::console::error_1(&e);
                self.tell(STOPPED);
            }
        }
    }
}

/// The full module's side: takes the board over.
#[cfg(feature = "full")]
mod full {
    use wasm_bindgen::prelude::*;
    use web_sys::HtmlElement;

    use crate::dom::{self, Board, Root};
    use crate::handover::{Handover, Then};

    /// Takes the game page's board over from the first module, in the
    /// state `state` ([`Handover::encode`]), then presses the control the
    /// reader pressed; with an empty `state`, starts the page afresh.
    #[wasm_bindgen]
    pub fn take_over(state: &str) -> Result<(), JsValue> {
        let window = web_sys::window().ok_or("asalto: no window")?;
        let document = window.document().ok_or("asalto: no document")?;
        if state.is_empty() {
            return dom::mount_page(&window, document);
        }
        let handover =
            Handover::decode(state).ok_or("asalto: the first module's state is unreadable")?;
        let root = Root::Page(document);
        let setting = dom::page_setting(&window);
        let choices = setting.choices(&root, &window);
        let restore = Box::new(|app: &mut _| handover.restore(app));
        let board = Board::mount(root.clone(), setting, choices, restore)?;
        // The pointer or the focus came to Hint before the handover.
        let hint: HtmlElement = root.find(Then::Hint.id())?;
        if hint.matches(":hover, :focus")? {
            board.warm_worker();
        }
        if let Some(then) = handover.then {
            root.find::<HtmlElement>(then.id())?.click();
        }
        Ok(())
    }
}
