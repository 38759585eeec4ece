//! Fetching a language's word file (`words/fr.json`, see [`asalto_ui::words`])
//! the first time a board speaks it: from the page's
//! `<script type="application/json" id="asalto-words-fr">` if it has one
//! (the single-file build), else from `<meta name="asalto-words">`'s folder
//! (`www/asalto-board.js` names the one beside it), else from `words/`
//! beside the page. The file is read with serde (`serde_wasm_bindgen`) and
//! installed; a file that cannot be fetched or read leaves the board in
//! English, with the reason.

use std::cell::Cell;
use std::rc::Rc;

use js_sys::Promise;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Document, Response};

use asalto_ui::lang::{self, Lang, Words};

/// Where `lang`'s file is fetched from.
fn address(document: &Document, lang: Lang) -> String {
    let folder = document
        .query_selector("meta[name=asalto-words]")
        .ok()
        .flatten()
        .and_then(|meta| meta.get_attribute("content"))
        .unwrap_or_else(|| "words/".to_owned());
    format!("{folder}{}.json", lang.code())
}

/// Reads and installs a word file's parsed JSON.
fn install(lang: Lang, json: JsValue) -> Result<(), String> {
    let words: Words = serde_wasm_bindgen::from_value(json)
        .map_err(|e| format!("the {} words did not read: {e}", lang.name()))?;
    lang::install(lang, words);
    Ok(())
}

/// The reason a promise was rejected, in words.
fn reason(e: &JsValue) -> String {
    e.as_string()
        .or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| e.message().into()))
        .unwrap_or_else(|| "no reason given".to_owned())
}

/// Runs `then` once `lang` can be spoken: at once for English and for a
/// language already installed, else once its file is installed, or with
/// the reason it could not be.
pub(crate) fn ensure(lang: Lang, then: impl FnOnce(Result<(), String>) + 'static) {
    if lang::installed(lang) {
        return then(Ok(()));
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return then(Err("no document".to_owned()));
    };
    let inline = document
        .get_element_by_id(&format!("asalto-words-{}", lang.code()))
        .and_then(|e| e.text_content());
    if let Some(text) = inline {
        let read = js_sys::JSON::parse(&text)
            .map_err(|e| reason(&e))
            .and_then(|json| install(lang, json));
        return then(read);
    }
    let Some(window) = web_sys::window() else {
        return then(Err("no window".to_owned()));
    };
    let url = address(&document, lang);
    // `then` runs once, from whichever callback settles first.
    let then = Rc::new(Cell::new(Some(then)));
    let settle = move |result: Result<(), String>| {
        if let Some(then) = then.take() {
            then(result);
        }
    };
    let failed = {
        let settle = settle.clone();
        move |why: String| {
            settle(Err(format!(
                "the {} words could not be fetched: {why}",
                lang.name()
            )));
        }
    };
    let read = {
        let failed = failed.clone();
        move |json: Promise| {
            let done = Closure::once(move |json: JsValue| settle(install(lang, json)));
            let refused = Closure::once(move |e: JsValue| failed(reason(&e)));
            let _ = json.then2(&done, &refused);
            // One of them runs, once; both are small.
            done.forget();
            refused.forget();
        }
    };
    let fetched = {
        let failed = failed.clone();
        Closure::once(
            move |response: JsValue| match response.dyn_into::<Response>() {
                Ok(r) if r.ok() => match r.json() {
                    Ok(json) => read(json),
                    Err(e) => failed(reason(&e)),
                },
                Ok(r) => failed(format!("{url}: HTTP {}", r.status())),
                Err(e) => failed(reason(&e)),
            },
        )
    };
    let refused = Closure::once(move |e: JsValue| failed(reason(&e)));
    let _ = window
        .fetch_with_str(&address(&document, lang))
        .then2(&fetched, &refused);
    fetched.forget();
    refused.forget();
}
