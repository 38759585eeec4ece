//! The Web Worker that runs the computer player (`crates/worker`): started
//! on the first request, sent the request the state wants, ended when the
//! state no longer wants the answer, and restarted after a failure. Its
//! messages come back as [`Msg::Computer`].

use std::rc::{Rc, Weak};

use js_sys::{Object, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker};

use crate::app::{ANIMATION_MS, Msg};
use crate::computer::{Answer, Choice, Request};
use crate::dom::Board;

/// The worker's script: the page's `<meta name="asalto-worker">` if it has
/// one (`www/asalto-board.js` adds it for other pages, the single-file
/// build points it at the worker inlined in the file), else Trunk's loader
/// for `crates/worker` beside the game page (see index.html).
fn script() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("meta[name=asalto-worker]").ok().flatten())
        .and_then(|meta| meta.get_attribute("content"))
        .unwrap_or_else(|| "./asalto-worker_loader.js".to_owned())
}

/// A running worker and what it was sent.
pub struct Link {
    worker: Worker,
    ready: bool,
    /// The request sent or waiting for the worker to be ready, and when.
    request: Option<(Request, f64)>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

fn field(data: &JsValue, name: &str) -> JsValue {
    Reflect::get(data, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

fn text(data: &JsValue, name: &str) -> String {
    field(data, name).as_string().unwrap_or_default()
}

/// Reads the move of a message: `best` (text), `route` (point indices)
/// and `capture`.
fn choice(data: &JsValue) -> Choice {
    let route = js_sys::Array::from(&field(data, "route"))
        .iter()
        .filter_map(|v| v.as_f64())
        .filter_map(|i| asalto_core::Point::from_index(i as u8))
        .collect();
    Choice {
        text: text(data, "best"),
        route,
        capture: field(data, "capture").is_truthy(),
    }
}

/// Reads a worker message; `None` for "ready" and anything unknown.
fn answer(data: &JsValue) -> Option<Answer> {
    let id = field(data, "id").as_f64().map(|id| id as u32);
    match text(data, "kind").as_str() {
        "progress" => Some(Answer::Progress {
            id: id?,
            depth: field(data, "depth").as_f64().unwrap_or(0.0) as u32,
            best: choice(data),
        }),
        "move" => Some(Answer::Move {
            id: id?,
            best: choice(data),
        }),
        "error" => Some(Answer::Failed {
            id,
            message: text(data, "message"),
        }),
        _ => None,
    }
}

fn post(worker: &Worker, request: &Request) {
    let object = Object::new();
    let set = |name: &str, value: JsValue| {
        let _ = Reflect::set(&object, &JsValue::from_str(name), &value);
    };
    set("id", f64::from(request.id).into());
    set("record", request.record.as_str().into());
    set("level", request.level.into());
    if let Some(ms) = request.millis {
        set("millis", ms.into());
    }
    set("fresh", request.fresh.into());
    // Seeds travel as numbers below 2^53.
    set("seed", ((request.seed >> 11) as f64).into());
    let _ = worker.post_message(&object);
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

impl Link {
    /// Starts a worker whose messages go to `board`.
    fn start(board: Weak<Board>) -> Result<Link, JsValue> {
        let worker = Worker::new(&script())?;
        let on_message = {
            let board = board.clone();
            Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                if let Some(b) = board.upgrade() {
                    b.worker_said(&e.data());
                }
            })
        };
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
            e.prevent_default();
            if let Some(b) = board.upgrade() {
                let message = format!("the computer player stopped: {}", e.message());
                b.worker_failed(message);
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(Link {
            worker,
            ready: false,
            request: None,
            _on_message: on_message,
            _on_error: on_error,
        })
    }
}

impl Board {
    /// Starts the worker ahead of a request that seems near (the pointer
    /// or the focus on Hint), so that it has loaded and warmed up by the
    /// time the request comes. A worker that cannot start says so then.
    pub(crate) fn warm_worker(self: &Rc<Self>) {
        let mut link = self.link.borrow_mut();
        if link.is_none() {
            *link = Link::start(Rc::downgrade(self)).ok();
        }
    }

    /// Makes the worker's task match the state: ends a search nobody
    /// wants any more, sends the request the state has made.
    pub(crate) fn sync_worker(self: &Rc<Self>) {
        let wanted = self.computer_request();
        let mut link = self.link.borrow_mut();
        let sent = link
            .as_ref()
            .and_then(|l| l.request.as_ref().map(|(r, _)| r.id));
        if sent.is_some() && sent != wanted.as_ref().map(|r| r.id) {
            // The only way to stop a search in a worker is to end it.
            if let Some(old) = link.take() {
                old.worker.terminate();
            }
        }
        // A worker is started as soon as the computer plays a side, so that
        // it has loaded and warmed up before its first move.
        let plays = self.page_computer_plays();
        if wanted.is_none() && !(plays && link.is_none()) {
            return;
        }
        if sent.is_some() && sent == wanted.as_ref().map(|r| r.id) {
            return;
        }
        if link.is_none() {
            match Link::start(Rc::downgrade(self)) {
                Ok(new) => *link = Some(new),
                Err(e) => {
                    drop(link);
                    let message = e.as_string().unwrap_or_else(|| "no Web Worker".to_owned());
                    return self
                        .worker_failed(format!("the computer player cannot start: {message}"));
                }
            }
        }
        if let (Some(l), Some(request)) = (link.as_mut(), wanted) {
            if l.ready {
                post(&l.worker, &request);
            }
            l.request = Some((request, now()));
        }
    }

    fn worker_said(self: &Rc<Self>, data: &JsValue) {
        if text(data, "kind") == "ready" {
            let mut link = self.link.borrow_mut();
            if let Some(l) = link.as_mut() {
                l.ready = true;
                if let Some((request, _)) = &l.request {
                    post(&l.worker, request);
                }
            }
            return;
        }
        let Some(answer) = answer(data) else { return };
        // A move waits for the last animation, and when the computer plays
        // itself, for the pause the players chose.
        let wait = match &answer {
            Answer::Move { .. } => {
                let sent = self
                    .link
                    .borrow()
                    .as_ref()
                    .and_then(|l| l.request.as_ref().map(|(_, t)| *t))
                    .unwrap_or(0.0);
                let pause = self.watch_pause().max(ANIMATION_MS * 2.0);
                pause - (now() - sent)
            }
            _ => 0.0,
        };
        if wait > 1.0 {
            self.later(wait, Msg::Computer(answer));
        } else {
            self.dispatch(Msg::Computer(answer));
        }
    }

    fn worker_failed(self: &Rc<Self>, message: String) {
        let id = {
            let mut link = self.link.borrow_mut();
            let id = link
                .as_ref()
                .and_then(|l| l.request.as_ref().map(|(r, _)| r.id));
            if let Some(old) = link.take() {
                old.worker.terminate();
            }
            id
        };
        self.dispatch(Msg::Computer(Answer::Failed { id, message }));
    }
}
