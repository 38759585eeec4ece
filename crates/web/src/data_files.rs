//! The data files a board fetches the first time it needs them: a
//! language's words (`words/fr.json`, see [`asalto_ui::words`]) and the
//! puzzles (`puzzles.txt`, see [`asalto_ui::newcomer::puzzles`]). Each is read from
//! the page's `<script id="asalto-words-fr">` or `<script
//! id="asalto-puzzles">` if it has one (the single-file build), else
//! fetched from `<meta name="asalto-words">`'s folder (`www/asalto-board.js`
//! names the one beside it; the puzzles lie beside that folder), else from
//! beside the page. A file that cannot be fetched or read is reported with
//! the reason: the board goes on in English, or without the puzzle.

use std::pin::Pin;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Document, Response};

use asalto_ui::lang::{self, Lang};
use asalto_ui::newcomer::puzzles;

use crate::events;
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

/// A file's text, of a task that awaits it.
type Text = Pin<Box<dyn Future<Output = Result<String, String>>>>;

/// A file's text: the page's element `inline` if it has one, else `file`
/// in the words' folder, fetched. Boxed: one copy of its code serves the
/// tasks that await it.
fn text(inline: String, file: String) -> Text {
    Box::pin(async move {
        let window = web_sys::window().ok_or("no window")?;
        let document = window.document().ok_or("no document")?;
        if let Some(text) = document
            .get_element_by_id(&inline)
            .and_then(|e| e.text_content())
        {
            return Ok(text);
        }
        let url = format!("{}{file}", words_folder(&document));
        let response = JsFuture::from(window.fetch_with_str(&url))
            .await
            .map_err(|e| reason(&e))?;
        let response: Response = response.dyn_into().map_err(|e| reason(&e))?;
        if !response.ok() {
            return Err(format!("{url}: HTTP {}", response.status()));
        }
        let body = response.text().map_err(|e| reason(&e))?;
        let body = JsFuture::from(body).await.map_err(|e| reason(&e))?;
        body.as_string().ok_or_else(|| "not text".to_owned())
    })
}

/// Runs `then` once `lang` can be spoken: at once for English and for a
/// language already installed, else once its file is installed, or with
/// the reason it could not be.
pub(crate) fn ensure_words(lang: Lang, then: impl FnOnce(Result<(), String>) + 'static) {
    if lang::installed(lang) {
        return then(Ok(()));
    }
    let then: Box<dyn FnOnce(Result<(), String>)> = Box::new(then);
    events::spawn(async move { then(fetch_words(lang).await) });
}

/// Fetches and installs `lang`'s words, keeping the part's writer of the
/// markup's words.
async fn fetch_words(lang: Lang) -> Result<(), String> {
    // Its reader, a part of the module, is fetched beside the file.
    events::spawn(async {
        let _ = parts::prefetch_words().await;
    });
    let failed = |why: String| format!("the {} words {why}", lang.name());
    let (inline, file) = (
        format!("asalto-words-{}", lang.code()),
        format!("{}.json", lang.code()),
    );
    let text = text(inline, file)
        .await
        .map_err(|why| failed(format!("could not be fetched: {why}")))?;
    match parts::install_words(lang, text).await {
        Ok(writer) => {
            root::keep_writer(writer);
            Ok(())
        }
        Err(PartError::Unloaded) => Err(failed(
            "could not be read: a part of the game could not be fetched".to_owned(),
        )),
        Err(PartError::Refused(why)) => Err(failed(format!("did not read: {why}"))),
    }
}

/// Runs `then` once the puzzles are installed (at once if they are), or
/// with the reason they could not be fetched.
pub(crate) fn ensure_puzzles(then: impl FnOnce(Result<(), String>) + 'static) {
    if puzzles::installed() {
        return then(Ok(()));
    }
    events::spawn(async move {
        let text = text("asalto-puzzles".to_owned(), "../puzzles.txt".to_owned());
        // Kept for the page's life, as the puzzles borrow from it.
        then(text.await.map(|text| {
            puzzles::install(Box::leak(text.into_boxed_str()));
        }));
    });
}
