//! The module's parts: code a first visit does not need, loaded the first
//! time it is used. Each function marked `#[wasm_split(NAME, fallible)]`
//! here is, with the code only it reaches, cut into `split_NAME.wasm` by
//! `scripts/web-parts.sh`; calling it fetches that file once (natively,
//! and in a build without the cut, it is an ordinary call). A part that
//! cannot be fetched is [`Unloaded`]: its caller sends
//! [`PageMsg::PartUnloaded`](asalto_ui::app::PageMsg::PartUnloaded) and
//! the game plays on; the next call tries again.
//!
//! The parts of code in `asalto-ui` are here; those of this crate's own
//! code are beside it (`dialogs::new_game::open_dialog`,
//! `element::mount_in`, `panel::cards::cards`). The game page fetches
//! them all once it is idle (`mount::prefetch`), so that a first click
//! does not wait for the network.

use asalto_core::{Record, Rules};
use wasm_bindgen::JsValue;
use web_sys::Document;

use crate::export;
use crate::root::{self, WordsWriter};
use asalto_ui::keep::saved::Saved;
use asalto_ui::lang::{Lang, Words};
use asalto_ui::say::rules_text;
use asalto_ui::study::graph;
use asalto_ui::study::review::Review;
use wasm_split_helpers::{SplitLoaderError, wasm_split};

/// A part of the module could not be fetched or instantiated.
#[derive(Debug)]
pub(crate) struct Unloaded;

impl From<SplitLoaderError> for Unloaded {
    fn from(_: SplitLoaderError) -> Unloaded {
        Unloaded
    }
}

/// Why a part gave no answer: it did not load, or its input was refused.
pub(crate) enum PartError {
    /// The part did not load.
    Unloaded,
    /// The input was refused: why.
    Refused(String),
}

impl From<SplitLoaderError> for PartError {
    fn from(_: SplitLoaderError) -> PartError {
        PartError::Unloaded
    }
}

/// Downloads the figure of `record`'s last position (SVG, and PNG drawn
/// at `scale` times its size) and, with a review and the ply shown, the
/// review's graph (SVG).
#[wasm_split(figure, fallible, preload(prefetch_figure))]
pub(crate) fn download_figure(
    document: Document,
    record: Record,
    options: asalto_diagram::Options,
    scale: f64,
    review: Option<(Review, usize)>,
) -> Result<(), PartError> {
    let refused =
        |e: JsValue| PartError::Refused(e.as_string().unwrap_or_else(|| format!("{e:?}")));
    let svg = asalto_diagram::svg(&record, None, &options)
        .map_err(|e| PartError::Refused(e.to_string()))?;
    export::figure(&document, &svg, options.size, scale).map_err(refused)?;
    if let Some((review, ply)) = review {
        let graph = graph::svg(&review.series(), &review.moves, &review.captures(), ply);
        export::svg_file(&document, &graph::standalone(&graph), "asalto-graph.svg")
            .map_err(refused)?;
    }
    Ok(())
}

/// A language's word file (JSON text), read and installed for `lang`;
/// serde's reader is not a first visit's, which speaks English, nor is
/// what writes the markup's words, which it gives.
#[wasm_split(words, fallible, preload(prefetch_words))]
pub(crate) fn install_words(lang: Lang, text: String) -> Result<WordsWriter, PartError> {
    let json = js_sys::JSON::parse(&text).map_err(|_| PartError::Refused("not JSON".to_owned()))?;
    let words: Words =
        serde_wasm_bindgen::from_value(json).map_err(|e| PartError::Refused(e.to_string()))?;
    asalto_ui::lang::install(lang, words);
    Ok(root::write_words)
}

/// A game saved by an earlier version, read: version 2's JSON or the
/// first version's text; `None` if it does not read or cannot be opened.
#[wasm_split(saved, fallible)]
pub(crate) fn saved_earlier(text: String) -> Result<Option<Saved>, Unloaded> {
    if !text.starts_with('{') {
        return Ok(Saved::from_version_1(&text));
    }
    let json = js_sys::JSON::parse(&text).ok();
    Ok(json
        .and_then(|json| serde_wasm_bindgen::from_value(json).ok())
        .and_then(Saved::from_version_2))
}

/// The Rules dialog's text: `rules` in plain words, in `lang`.
#[wasm_split(rules, fallible, preload(prefetch_rules))]
pub(crate) fn rules_html(lang: Lang, rules: Rules) -> Result<String, Unloaded> {
    Ok(rules_text::html(lang, &rules))
}
