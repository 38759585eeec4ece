//! The computer player in a Web Worker, so that the page never waits for
//! it. The page loads this module in a dedicated worker and talks to it in
//! the typed messages of `asalto-protocol`, carried by
//! `serde_wasm_bindgen`; one search runs at a time, and the page stops a
//! search by ending the worker. On loading, the worker warms its search up
//! ([`protocol::warm_up`]) before it says it is ready; the page starts it as
//! soon as a side is given to the computer.
//!
//! Started with the name [`asalto_protocol::TABLES_WORKER`], the same
//! module is a board's tables' worker instead: it reads an endgame pack
//! over HTTP (`http`) and answers [`asalto_protocol::Probe`]s ([`tables`]),
//! the latest first, without searching.

#[cfg(target_arch = "wasm32")]
mod http;
pub mod protocol;
pub mod tables;

#[cfg(target_arch = "wasm32")]
mod worker {
    use std::cell::RefCell;

    use asalto_protocol::{Answer, Request};
    use asalto_search::{Engine, TABLE_MIB};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    use crate::protocol::{serve, warm_up};

    thread_local! {
        static ENGINE: RefCell<Engine> = RefCell::new(Engine::new(TABLE_MIB));
    }

    fn scope() -> DedicatedWorkerGlobalScope {
        js_sys::global().unchecked_into()
    }

    /// Sends `answer` to the page (every answer serializes: it holds no
    /// number beyond a JS number's range).
    fn post(answer: Answer) {
        if let Ok(value) = serde_wasm_bindgen::to_value(&answer) {
            let _ = scope().post_message(&value);
        }
    }

    /// Milliseconds on the worker's clock.
    fn now() -> f64 {
        scope()
            .performance()
            .map_or_else(js_sys::Date::now, |p| p.now())
    }

    /// Starts listening when the worker has loaded the module.
    #[wasm_bindgen(start)]
    pub fn start() {
        console_error_panic_hook::set_once();
        if scope().name() == asalto_protocol::TABLES_WORKER {
            return super::reader::start();
        }
        let listener = Closure::<dyn Fn(MessageEvent)>::new(|e: MessageEvent| {
            match serde_wasm_bindgen::from_value::<Request>(e.data()) {
                Ok(request) => ENGINE.with_borrow_mut(|engine| {
                    serve(engine, &request, &now, &mut post);
                }),
                Err(why) => post(Answer::Error {
                    id: None,
                    message: format!("not a request: {why}"),
                }),
            }
        });
        scope().set_onmessage(Some(listener.as_ref().unchecked_ref()));
        listener.forget();
        warm_up(&now);
        post(Answer::Ready);
    }
}

/// The tables' worker: probes in, answers out, one at a time.
#[cfg(target_arch = "wasm32")]
mod reader {
    use std::cell::RefCell;

    use asalto_protocol::{Probe, Solved};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    use crate::http::Http;
    use crate::tables::Opened;

    /// The pack opened last, and the probe waiting for the one under way.
    #[derive(Default)]
    struct Reader {
        opened: Option<Opened<Http>>,
        busy: bool,
        waiting: Option<Probe>,
    }

    thread_local! {
        static READER: RefCell<Reader> = RefCell::default();
    }

    fn post(solved: &Solved) {
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        if let Ok(value) = serde_wasm_bindgen::to_value(solved) {
            let _ = scope.post_message(&value);
        }
    }

    /// Listens for probes.
    pub fn start() {
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let listener = Closure::<dyn Fn(MessageEvent)>::new(|e: MessageEvent| {
            match serde_wasm_bindgen::from_value::<Probe>(e.data()) {
                Ok(probe) => {
                    let idle = READER.with_borrow_mut(|r| {
                        r.waiting = Some(probe);
                        !std::mem::replace(&mut r.busy, true)
                    });
                    if idle {
                        wasm_bindgen_futures::spawn_local(serve());
                    }
                }
                Err(why) => post(&Solved::Unavailable {
                    id: None,
                    message: format!("not a probe: {why}"),
                }),
            }
        });
        scope.set_onmessage(Some(listener.as_ref().unchecked_ref()));
        listener.forget();
        post(&Solved::Ready);
    }

    /// Answers the waiting probe, then any that came meanwhile (the
    /// latest of them).
    async fn serve() {
        loop {
            let Some((probe, opened)) = READER.with_borrow_mut(|r| match r.waiting.take() {
                Some(p) => Some((p, r.opened.take())),
                None => {
                    r.busy = false;
                    None
                }
            }) else {
                return;
            };
            let mut opened = match opened.filter(|o| o.address == probe.tables) {
                Some(o) => Ok(o),
                None => {
                    Opened::open(probe.tables.clone(), Http::new(probe.tables.clone()).await).await
                }
            };
            // A newer probe waiting: this one is given up, unanswered (the
            // board asks only about what it shows).
            let superseded = || READER.with_borrow(|r| r.waiting.is_some());
            let solved = match &mut opened {
                Ok(o) => o.answer_unless(&probe, &superseded).await,
                Err(message) => Some(Solved::Unavailable {
                    id: Some(probe.id),
                    message: message.clone(),
                }),
            };
            if let Some(solved) = solved {
                post(&solved);
            }
            READER.with_borrow_mut(|r| r.opened = opened.ok());
        }
    }
}
