//! The data files a board fetches the first time it needs them: a
//! language's words (`words/fr.json`, see [`asalto_ui::words`]) and the
//! puzzles (`puzzles.txt`, see [`asalto_ui::newcomer::puzzles`]). Each is read from
//! the page's `<script id="asalto-words-fr">` or `<script
//! id="asalto-puzzles">` if it has one (the single-file build), else
//! fetched from `<meta name="asalto-words">`'s folder (`www/asalto-board.js`
//! names the one beside it; the puzzles lie beside that folder), else from
//! beside the page. A file that cannot be fetched or read is reported with
//! the reason: the board goes on in English, or without the puzzle.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Document, Response};

use asalto_ui::lang::{self, Lang};
use asalto_ui::newcomer::puzzles;

use crate::parts::{self, PartError};
use crate::root;

/// The folder of the word files.
fn words_folder(document: &Document) -> String {
    document
        .query_selector("meta[name=asalto-words]")
        .ok()
        .flatten()
        .and_then(|meta| meta.get_attribute("content"))
        .unwrap_or_else(|| "words/".to_owned())
}

/// The reason a promise was rejected, in words.
fn reason(e: &JsValue) -> String {
    e.as_string()
        .or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| e.message().into()))
        .unwrap_or_else(|| "no reason given".to_owned())
}

/// Runs `then` with a file's text: the page's element `inline` if it has
/// one, else what `address` (given the page's document) names, fetched.
fn text(
    inline: &str,
    address: impl FnOnce(&Document) -> String,
    then: impl FnOnce(Result<String, String>) + 'static,
) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return then(Err("no document".to_owned()));
    };
    if let Some(text) = document
        .get_element_by_id(inline)
        .and_then(|e| e.text_content())
    {
        return then(Ok(text));
    }
    let Some(window) = web_sys::window() else {
        return then(Err("no window".to_owned()));
    };
    let url = address(&document);
    // `then` runs once, from whichever callback settles first.
    let then = Rc::new(Cell::new(Some(then)));
    let settle = move |result: Result<String, String>| {
        if let Some(then) = then.take() {
            then(result);
        }
    };
    let failed = {
        let settle = settle.clone();
        move |why: String| settle(Err(why))
    };
    let read = {
        let failed = failed.clone();
        move |body: js_sys::Promise| {
            let done = Closure::once(move |body: JsValue| {
                settle(body.as_string().ok_or_else(|| "not text".to_owned()));
            });
            let refused = Closure::once(move |e: JsValue| failed(reason(&e)));
            let _ = body.then2(&done, &refused);
            // One of them runs, once; both are small.
            done.forget();
            refused.forget();
        }
    };
    let fetched = {
        let failed = failed.clone();
        let url = url.clone();
        Closure::once(
            move |response: JsValue| match response.dyn_into::<Response>() {
                Ok(r) if r.ok() => match r.text() {
                    Ok(body) => read(body),
                    Err(e) => failed(reason(&e)),
                },
                Ok(r) => failed(format!("{url}: HTTP {}", r.status())),
                Err(e) => failed(reason(&e)),
            },
        )
    };
    let refused = Closure::once(move |e: JsValue| failed(reason(&e)));
    let _ = window.fetch_with_str(&url).then2(&fetched, &refused);
    fetched.forget();
    refused.forget();
}

/// Runs `then` once `lang` can be spoken: at once for English and for a
/// language already installed, else once its file is installed, or with
/// the reason it could not be.
pub(crate) fn ensure_words(lang: Lang, then: impl FnOnce(Result<(), String>) + 'static) {
    if lang::installed(lang) {
        return then(Ok(()));
    }
    // Its reader, a part of the module, is fetched beside the file.
    wasm_bindgen_futures::spawn_local(async {
        let _ = parts::prefetch_words().await;
    });
    let inline = format!("asalto-words-{}", lang.code());
    let address = |document: &Document| format!("{}{}.json", words_folder(document), lang.code());
    text(&inline, address, move |text| {
        let failed = move |why: String| format!("the {} words {why}", lang.name());
        let text = match text {
            Ok(text) => text,
            Err(why) => return then(Err(failed(format!("could not be fetched: {why}")))),
        };
        wasm_bindgen_futures::spawn_local(async move {
            let installed = parts::install_words(lang, text).await;
            then(installed.map(root::keep_writer).map_err(|e| match e {
                PartError::Unloaded => {
                    failed("could not be read: a part of the game could not be fetched".to_owned())
                }
                PartError::Refused(why) => failed(format!("did not read: {why}")),
            }));
        });
    });
}

/// Runs `then` once the puzzles are installed (at once if they are), or
/// with the reason they could not be fetched.
pub(crate) fn ensure_puzzles(then: impl FnOnce(Result<(), String>) + 'static) {
    if puzzles::installed() {
        return then(Ok(()));
    }
    let address = |document: &Document| format!("{}../puzzles.txt", words_folder(document));
    text("asalto-puzzles", address, move |text| {
        // Kept for the page's life, as the puzzles borrow from it.
        then(text.map(|text| {
            puzzles::install(Box::leak(text.into_boxed_str()));
        }));
    });
}
