//! The Web Worker that runs the computer player (`crates/worker`): started
//! as soon as the computer plays a side (or the reader comes to *Hint*),
//! sent the request the state wants, ended when the state no longer wants
//! the answer, and restarted after a failure. Its messages are
//! `asalto-protocol`'s, read with `serde_wasm_bindgen`; they come back to
//! the board as [`ComputerMsg::Answer`] through a [`Sender`]. One that does not
//! parse, and a worker that fails, come back as an [`Answer::Error`].

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_split_helpers::wasm_split;
use web_sys::{ErrorEvent, MessageEvent, Worker};

use crate::events::{self, Sender};
use crate::parts::Unloaded;
use asalto_ui::app::{ANIMATION_MS, ComputerMsg, Msg};
use asalto_ui::computer::{Answer, Request};

/// The worker's script: the page's `<meta name="asalto-worker">` if it has
/// one (`www/asalto-board.js` adds it for other pages, the single-file
/// build points it at the worker inlined in the file), else Trunk's loader
/// for `crates/worker` beside the game page (see index.html).
pub(crate) fn script() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("meta[name=asalto-worker]").ok().flatten())
        .and_then(|meta| meta.get_attribute("content"))
        .unwrap_or_else(|| "./asalto-worker_loader.js".to_owned())
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Sends `request` to `worker`.
fn post(worker: &Worker, request: &Request) {
    if let Ok(value) = serde_wasm_bindgen::to_value(request) {
        let _ = worker.post_message(&value);
    }
}

/// A Web Worker and its handlers, made in a part of the module (the
/// computer's [`make`], the pack's `tables::make`).
pub(crate) struct Made {
    /// The worker.
    pub(crate) worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl Made {
    /// `worker`, its messages and errors going to these handlers.
    pub(crate) fn new(
        worker: Worker,
        on_message: Closure<dyn FnMut(MessageEvent)>,
        on_error: Closure<dyn FnMut(ErrorEvent)>,
    ) -> Made {
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Made {
            worker,
            _on_message: on_message,
            _on_error: on_error,
        }
    }

    /// Waits for `making` (a worker made in a part of the module), then
    /// keeps it where `slot` says in `state`: in the running worker it was
    /// started for, unless that one is gone (then it ends at once). One
    /// that could not be made is said to `failed`, if still wanted.
    pub(crate) fn settle<S: 'static>(
        state: Weak<RefCell<S>>,
        making: impl Future<Output = Result<Result<Made, JsValue>, Unloaded>> + 'static,
        slot: impl for<'a> FnOnce(&'a mut S) -> Option<&'a mut Option<Made>> + 'static,
        failed: impl FnOnce(String) + 'static,
    ) {
        events::spawn(async move {
            let made = match making.await {
                Ok(Ok(made)) => Ok(made),
                Ok(Err(e)) => Err(e.as_string().unwrap_or_else(|| "no Web Worker".to_owned())),
                Err(Unloaded) => Err("its code could not be fetched (offline?)".to_owned()),
            };
            let Some(state) = state.upgrade() else { return };
            let why = match (made, slot(&mut state.borrow_mut())) {
                (Ok(made), Some(kept)) => {
                    *kept = Some(made);
                    return;
                }
                (Ok(made), None) => return made.worker.terminate(),
                (Err(why), Some(_)) => why,
                (Err(_), None) => return,
            };
            failed(why);
        });
    }
}

/// A running worker (or one being made) and what it was sent.
struct Running {
    /// The worker, once made.
    made: Option<Made>,
    /// Started ahead of any request ([`WorkerLink::warm`]): a failure to
    /// start is said when a request comes, not now.
    quiet: bool,
    ready: bool,
    /// The request sent or waiting for the worker to be ready, and when.
    request: Option<(Request, f64)>,
    /// Whether the worker has answered it: it is free for the next, and
    /// nothing needs ending.
    answered: bool,
}

impl Running {
    /// Ends the worker, if it was made.
    fn end(self) {
        if let Some(made) = self.made {
            made.worker.terminate();
        }
    }
}

#[derive(Default)]
struct State {
    running: Option<Running>,
    /// How many workers were started: a worker made for an earlier one
    /// (ended before it was made) is ended at once.
    started: u32,
    /// How long a move waits after its request (the pause the players
    /// chose when the computer plays itself), in ms; `None`: not at all
    /// (a review's answers, which move nothing).
    pause: Option<f64>,
}

/// One board's link to its worker.
pub(crate) struct WorkerLink {
    state: Rc<RefCell<State>>,
    sender: Sender,
}

impl WorkerLink {
    /// A link whose answers go to `sender`; no worker runs yet.
    pub(crate) fn new(sender: Sender) -> WorkerLink {
        WorkerLink {
            state: Rc::default(),
            sender,
        }
    }

    /// Starts the worker ahead of a request that seems near (the pointer
    /// or the focus on Hint), so that it has loaded and warmed up by the
    /// time the request comes. A worker that cannot start says so then.
    pub(crate) fn warm(&self) {
        let mut state = self.state.borrow_mut();
        if state.running.is_none() {
            state.running = Some(self.start(&mut state, true));
        }
    }

    /// Makes the worker's task match the state: ends a search nobody
    /// wants any more, sends the request `wanted`. A worker is started as
    /// soon as the computer `plays`, so that it has loaded and warmed up
    /// before its first move; its moves wait `pause` ms after the request.
    pub(crate) fn sync(&self, wanted: Option<Request>, plays: bool, pause: Option<f64>) {
        let mut state = self.state.borrow_mut();
        state.pause = pause;
        let sent = state
            .running
            .as_ref()
            .and_then(|r| r.request.as_ref().map(|(r, _)| r.id));
        let answered = state.running.as_ref().is_some_and(|r| r.answered);
        let wanted_id = wanted.as_ref().map(|r| r.id);
        if sent.is_some() && sent != wanted_id && !answered {
            // The only way to stop a search in a worker is to end it.
            if let Some(old) = state.running.take() {
                old.end();
            }
        }
        let idle = state.running.is_none();
        if (wanted.is_none() && !(plays && idle)) || (sent.is_some() && sent == wanted_id) {
            return;
        }
        if idle {
            state.running = Some(self.start(&mut state, false));
        }
        if let (Some(running), Some(request)) = (state.running.as_mut(), wanted) {
            if let Some(made) = running.made.as_ref().filter(|_| running.ready) {
                post(&made.worker, &request);
            }
            running.request = Some((request, now()));
            running.answered = false;
        }
    }

    /// A worker being made: its code is a part of the module ([`make`]),
    /// fetched the first time. One that cannot be made says so (unless
    /// `quiet` and nothing was asked of it yet) as its request's failure.
    fn start(&self, state: &mut State, quiet: bool) -> Running {
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
            move |why| {
                let message = format!("the computer player cannot start: {why}");
                fail(&weak, &sender, message);
            },
        );
        Running {
            made: None,
            quiet,
            ready: false,
            request: None,
            answered: false,
        }
    }
}

/// A worker for the link whose state is `state`, its answers going to
/// `sender`: in a part of the module of its own (see `crate::parts`),
/// with the code that reads them.
#[wasm_split(computer, fallible, preload(preload))]
fn make(state: Weak<RefCell<State>>, sender: Sender) -> Result<Result<Made, JsValue>, Unloaded> {
    Ok(made(state, sender))
}

/// Fetches the part of the module [`make`] is in, if it is not yet.
pub(crate) async fn prefetch() {
    let _ = preload().await;
}

/// The worker [`make`] makes.
fn made(state: Weak<RefCell<State>>, sender: Sender) -> Result<Made, JsValue> {
    let worker = Worker::new(&script())?;
    let on_message = {
        let (state, sender) = (state.clone(), sender.clone());
        Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            match serde_wasm_bindgen::from_value(e.data()) {
                Ok(answer) => said(&state, &sender, answer),
                Err(e) => {
                    let message = format!("the computer player's answer did not parse: {e}");
                    fail(&state, &sender, message);
                }
            }
        })
    };
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
        e.prevent_default();
        let message = format!("the computer player stopped: {}", e.message());
        fail(&state, &sender, message);
    });
    Ok(Made::new(worker, on_message, on_error))
}

/// The message of a request that failed.
fn failed(id: Option<u32>, message: String) -> Msg {
    Msg::Computer(ComputerMsg::Answer(Answer::Error { id, message }))
}

/// Takes in what the worker said.
fn said(state: &Weak<RefCell<State>>, sender: &Sender, answer: Answer) {
    let Some(state) = state.upgrade() else { return };
    let wait = {
        let mut state = state.borrow_mut();
        let pause = state.pause;
        let Some(running) = state.running.as_mut() else {
            return;
        };
        match &answer {
            Answer::Ready => {
                running.ready = true;
                if let (Some(made), Some((request, _))) = (&running.made, &running.request) {
                    post(&made.worker, request);
                }
                return;
            }
            // A move waits for the last animation, and when the computer
            // plays itself, for the pause the players chose. Its request is
            // done: the next one goes to the same worker, which keeps what
            // it has learnt (a worker is ended only to stop a search).
            Answer::Move { .. } => {
                running.answered = true;
                let sent = running.request.as_ref().map_or(0.0, |(_, t)| *t);
                pause.map_or(0.0, |p| p.max(ANIMATION_MS * 2.0) - (now() - sent))
            }
            // Progress and errors are shown at once.
            Answer::Progress { .. } | Answer::Error { .. } => 0.0,
        }
    };
    if wait > 1.0 {
        sender.later(wait, Msg::Computer(ComputerMsg::Answer(answer)));
    } else {
        sender.send(Msg::Computer(ComputerMsg::Answer(answer)));
    }
}

/// Ends the worker after a failure and says so for its request.
fn fail(state: &Weak<RefCell<State>>, sender: &Sender, message: String) {
    let Some(state) = state.upgrade() else { return };
    let Some(old) = state.borrow_mut().running.take() else {
        return;
    };
    let id = old.request.as_ref().map(|(r, _)| r.id);
    let quiet = old.quiet && id.is_none();
    // Its handlers may be the one running: wasm-bindgen frees a closure
    // dropped during its call once the call has returned.
    old.end();
    if !quiet {
        sender.send(failed(id, message));
    }
}
