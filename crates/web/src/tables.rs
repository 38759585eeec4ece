//! A board's tables' worker (`crates/worker` started under the name
//! `asalto_protocol::TABLES_WORKER`): started when the board first wants a
//! position looked up in its endgame pack, sent each probe the state
//! wants ([`asalto_ui::perfect::Perfect::wanted`]) once, its answers handed
//! back as [`ComputerMsg::Solved`]. A worker that cannot start or stops
//! is said as [`Solved::Unavailable`]: the board plays on without perfect
//! play.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;
use wasm_split_helpers::wasm_split;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions};

use crate::events::Sender;
use crate::parts::Unloaded;
use crate::worker::Made;
use asalto_protocol::{Probe, Solved, TABLES_WORKER};
use asalto_ui::app::{ComputerMsg, Msg};

/// A running tables' worker (or one being made).
struct Running {
    /// The worker, once made.
    made: Option<Made>,
    ready: bool,
}

#[derive(Default)]
struct State {
    running: Option<Running>,
    /// How many workers were started: a worker made for an earlier one
    /// (ended before it was made) is ended at once.
    started: u32,
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
            state.running = Some(self.start(&mut state));
        }
        if let Some(made) = state
            .running
            .as_ref()
            .filter(|r| r.ready)
            .and_then(|r| r.made.as_ref())
        {
            post(&made.worker, probe);
        }
        state.sent = Some(probe.clone());
    }

    /// A worker being made: its code is a part of the module ([`make`]),
    /// fetched the first time. One that cannot be made says so.
    fn start(&self, state: &mut State) -> Running {
        state.started += 1;
        let started = state.started;
        let (weak, sender) = (Rc::downgrade(&self.state), self.sender.clone());
        Made::settle(
            weak.clone(),
            make(weak.clone(), sender.clone()),
            move |s: &mut State| {
                let same = s.started == started;
                s.running.as_mut().filter(|_| same).map(|r| &mut r.made)
            },
            move |why| fail(&weak, &sender, format!("its worker cannot start: {why}")),
        );
        Running {
            made: None,
            ready: false,
        }
    }
}

/// A tables' worker for the link whose state is `state`, its answers
/// going to `sender`: in a part of the module of its own (see
/// `crate::parts`), with the code that reads them.
#[wasm_split(tables, fallible)]
fn make(state: Weak<RefCell<State>>, sender: Sender) -> Result<Result<Made, JsValue>, Unloaded> {
    Ok(made(state, sender))
}

/// The worker [`make`] makes.
fn made(state: Weak<RefCell<State>>, sender: Sender) -> Result<Made, JsValue> {
    let options = WorkerOptions::new();
    options.set_name(TABLES_WORKER);
    let worker = Worker::new_with_options(&crate::worker::script(), &options)?;
    let on_message = {
        let (state, sender) = (state.clone(), sender.clone());
        Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            match serde_wasm_bindgen::from_value(e.data()) {
                Ok(Solved::Ready) => ready(&state),
                Ok(answer) => sender.send(solved(answer)),
                Err(e) => fail(&state, &sender, format!("its answer did not parse: {e}")),
            }
        })
    };
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
        e.prevent_default();
        fail(
            &state,
            &sender,
            format!("its worker stopped: {}", e.message()),
        );
    });
    Ok(Made::new(worker, on_message, on_error))
}

/// The worker has loaded: the probe waiting for it goes.
fn ready(state: &Weak<RefCell<State>>) {
    let Some(state) = state.upgrade() else { return };
    let mut state = state.borrow_mut();
    let State { running, sent, .. } = &mut *state;
    if let Some(running) = running {
        running.ready = true;
        if let (Some(made), Some(probe)) = (&running.made, sent) {
            post(&made.worker, probe);
        }
    }
}

/// Ends the worker after a failure and says so.
fn fail(state: &Weak<RefCell<State>>, sender: &Sender, message: String) {
    let Some(state) = state.upgrade() else { return };
    let old = state.borrow_mut().running.take();
    if let Some(made) = old.and_then(|old| old.made) {
        made.worker.terminate();
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
