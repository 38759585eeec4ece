//! A board's tables' worker (`crates/worker` started under the name
//! `asalto_protocol::TABLES_WORKER`): started when the board first wants a
//! position looked up in its endgame pack, sent each probe the state
//! wants ([`asalto_ui::perfect::Perfect::wanted`]) once, its answers handed
//! back as [`ComputerMsg::Solved`]. A worker that cannot start or stops
//! is said as [`Solved::Unavailable`]: the board plays on without perfect
//! play.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions};

use crate::events::Sender;
use asalto_protocol::{Probe, Solved, TABLES_WORKER};
use asalto_ui::app::{ComputerMsg, Msg};

/// A running tables' worker.
struct Running {
    worker: Worker,
    ready: bool,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

#[derive(Default)]
struct State {
    running: Option<Running>,
    /// The last probe sent (or waiting for the worker to be ready).
    sent: Option<Probe>,
}

/// One board's link to its tables' worker.
pub(crate) struct TablesLink {
    state: Rc<RefCell<State>>,
    sender: Sender,
}

fn solved(answer: Solved) -> Msg {
    Msg::Computer(ComputerMsg::Solved(answer))
}

fn post(worker: &Worker, probe: &Probe) {
    if let Ok(value) = serde_wasm_bindgen::to_value(probe) {
        let _ = worker.post_message(&value);
    }
}

impl TablesLink {
    /// A link whose answers go to `sender`; no worker runs yet.
    pub(crate) fn new(sender: Sender) -> TablesLink {
        TablesLink {
            state: Rc::default(),
            sender,
        }
    }

    /// Sends `wanted` unless it was sent already, starting the worker
    /// the first time.
    pub(crate) fn sync(&self, wanted: Option<&Probe>) {
        let Some(probe) = wanted else { return };
        let mut state = self.state.borrow_mut();
        if state.sent.as_ref().is_some_and(|p| p.id == probe.id) {
            return;
        }
        if state.running.is_none() {
            match self.start() {
                Ok(running) => state.running = Some(running),
                Err(e) => {
                    let why = e.as_string().unwrap_or_else(|| "no Web Worker".to_owned());
                    let message = format!("its worker cannot start: {why}");
                    let id = Some(probe.id);
                    return self
                        .sender
                        .later(0.0, solved(Solved::Unavailable { id, message }));
                }
            }
        }
        if let Some(running) = state.running.as_ref().filter(|r| r.ready) {
            post(&running.worker, probe);
        }
        state.sent = Some(probe.clone());
    }

    fn start(&self) -> Result<Running, JsValue> {
        let options = WorkerOptions::new();
        options.set_name(TABLES_WORKER);
        let worker = Worker::new_with_options(&crate::worker::script(), &options)?;
        let on_message = {
            let (state, sender) = (Rc::downgrade(&self.state), self.sender.clone());
            Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                match serde_wasm_bindgen::from_value(e.data()) {
                    Ok(Solved::Ready) => ready(&state),
                    Ok(answer) => sender.send(solved(answer)),
                    Err(e) => fail(&state, &sender, format!("its answer did not parse: {e}")),
                }
            })
        };
        let on_error = {
            let (state, sender) = (Rc::downgrade(&self.state), self.sender.clone());
            Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
                e.prevent_default();
                fail(
                    &state,
                    &sender,
                    format!("its worker stopped: {}", e.message()),
                );
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(Running {
            worker,
            ready: false,
            _on_message: on_message,
            _on_error: on_error,
        })
    }
}

/// The worker has loaded: the probe waiting for it goes.
fn ready(state: &Weak<RefCell<State>>) {
    let Some(state) = state.upgrade() else { return };
    let mut state = state.borrow_mut();
    let State { running, sent } = &mut *state;
    if let Some(running) = running {
        running.ready = true;
        if let Some(probe) = sent {
            post(&running.worker, probe);
        }
    }
}

/// Ends the worker after a failure and says so.
fn fail(state: &Weak<RefCell<State>>, sender: &Sender, message: String) {
    let Some(state) = state.upgrade() else { return };
    let old = state.borrow_mut().running.take();
    if let Some(old) = old {
        old.worker.terminate();
    }
    sender.send(solved(Solved::Unavailable { id: None, message }));
}

/// The pack a board reads: `given` (an `<asalto-board>`'s `tables`), else
/// the page's `<meta name="asalto-tables">` (the site's default, empty
/// unless set when the site is built), as an absolute address against the
/// page's; `None` for neither.
pub(crate) fn address(given: Option<&str>) -> Option<String> {
    let document = web_sys::window()?.document()?;
    let meta = || {
        document
            .query_selector("meta[name=asalto-tables]")
            .ok()
            .flatten()
            .and_then(|m| m.get_attribute("content"))
    };
    let value = given.map(str::to_owned).or_else(meta)?;
    let value = value.trim();
    if value.is_empty() {
        return None;
    }
    let base = document.base_uri().ok().flatten().unwrap_or_default();
    // An address that does not read is kept as given: fetching it says why.
    Some(web_sys::Url::new_with_base(value, &base).map_or_else(|_| value.to_owned(), |u| u.href()))
}
