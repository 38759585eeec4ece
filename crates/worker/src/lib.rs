//! The computer player in a Web Worker, so that the page never waits for
//! it. The page loads this module in a dedicated worker and talks to it in
//! the typed messages of `asalto-protocol`, carried by
//! `serde_wasm_bindgen`; one search runs at a time, and the page stops a
//! search by ending the worker. On loading, the worker warms its search up
//! ([`protocol::warm_up`]) before it says it is ready; the page starts it as
//! soon as a side is given to the computer.

pub mod protocol;

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
