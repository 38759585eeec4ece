//! How browser events, timers and tasks reach a board: [`Listeners`] keeps
//! event handlers alive as long as their owner, a [`Sender`] carries a
//! [`Msg`] to the board it was made for (nothing if the board is gone), at
//! once or after a delay, and [`spawn`] runs a task (a fetch, a part of the
//! module awaited). The parts of the page (dialogs, the worker link)
//! send their messages through a `Sender` and never see the board itself.

use std::cell::RefCell;
use std::pin::Pin;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{AddEventListenerOptions, Event, EventTarget};

use asalto_ui::app::Msg;

/// Sends messages to one board.
#[derive(Clone)]
pub(crate) struct Sender(Rc<dyn Fn(Msg)>);

impl Sender {
    /// A sender that hands each message to `dispatch`.
    pub(crate) fn new(dispatch: impl Fn(Msg) + 'static) -> Sender {
        Sender(Rc::new(dispatch))
    }

    /// Sends `msg` now.
    pub(crate) fn send(&self, msg: Msg) {
        (self.0)(msg);
    }

    /// Sends `msg` after `ms` milliseconds (0: once the current task is
    /// done, so never into an update under way).
    pub(crate) fn later(&self, ms: f64, msg: Msg) {
        let this = self.clone();
        let callback = Closure::once_into_js(move || this.send(msg));
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                callback.unchecked_ref(),
                ms as i32,
            );
        }
    }
}

/// Runs `task` on the page's executor. Boxed, so that the executor's code
/// is in the module once rather than once for each kind of task.
pub(crate) fn spawn(task: impl Future<Output = ()> + 'static) {
    let task: Pin<Box<dyn Future<Output = ()>>> = Box::pin(task);
    wasm_bindgen_futures::spawn_local(task);
}

/// An event handler as the browser holds it.
type Handler = Closure<dyn FnMut(Event)>;

/// Event handlers, kept alive with their owner.
#[derive(Default)]
pub(crate) struct Listeners(RefCell<Vec<Handler>>);

impl Listeners {
    /// Calls `handler` for every `kind` event on `target`; `passive` says
    /// it never prevents the default.
    pub(crate) fn on<E: JsCast>(
        &self,
        target: &EventTarget,
        kind: &str,
        passive: bool,
        handler: impl Fn(E) + 'static,
    ) -> Result<(), JsValue> {
        self.add(
            target,
            kind,
            passive,
            Handler::new(move |event: Event| handler(event.unchecked_into())),
        )
    }

    /// Adds `closure` as the `kind` listener on `target`, and keeps it.
    fn add(
        &self,
        target: &EventTarget,
        kind: &str,
        passive: bool,
        closure: Handler,
    ) -> Result<(), JsValue> {
        let options = AddEventListenerOptions::new();
        options.set_passive(passive);
        target.add_event_listener_with_callback_and_add_event_listener_options(
            kind,
            closure.as_ref().unchecked_ref(),
            &options,
        )?;
        self.0.borrow_mut().push(closure);
        Ok(())
    }
}
