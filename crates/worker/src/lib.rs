//! The computer player in a Web Worker, so that the page never waits for
//! it. The page loads this module in a dedicated worker and talks to it by
//! messages ([`protocol`]); one search runs at a time, and the page stops
//! a search by ending the worker. On loading, the worker warms its search
//! up ([`protocol::warm_up`]) before it says it is ready; the page starts
//! it as soon as a side is given to the computer.

pub mod protocol;

#[cfg(target_arch = "wasm32")]
mod worker {
    use std::cell::RefCell;

    use asalto_search::{Engine, TABLE_MIB};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    use crate::protocol::{Request, answer, serve, warm_up};

    thread_local! {
        static ENGINE: RefCell<Engine> = RefCell::new(Engine::new(TABLE_MIB));
    }

    /// Starts listening when the worker has loaded the module.
    #[wasm_bindgen(start)]
    pub fn start() {
        console_error_panic_hook::set_once();
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let listener = Closure::<dyn Fn(MessageEvent)>::new(|e: MessageEvent| {
            let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
            let post = |v: JsValue| {
                let _ = scope.post_message(&v);
            };
            let Some(request) = Request::read(&e.data()) else {
                return post(answer(
                    -1.0,
                    "error",
                    &[("message", "not a request".into())],
                ));
            };
            let performance = scope.performance();
            let now = || {
                performance
                    .as_ref()
                    .map_or_else(js_sys::Date::now, |p| p.now())
            };
            ENGINE.with_borrow_mut(|engine| serve(engine, &request, &now, &post));
        });
        scope.set_onmessage(Some(listener.as_ref().unchecked_ref()));
        listener.forget();
        let performance = scope.performance();
        warm_up(&|| {
            performance
                .as_ref()
                .map_or_else(js_sys::Date::now, |p| p.now())
        });
        let _ = scope.post_message(&answer(0.0, "ready", &[]));
    }
}
