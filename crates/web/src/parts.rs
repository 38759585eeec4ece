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
//! `element::mount_in`). The game page fetches them all once it is idle
//! (`mount::prefetch`), so that a first click does not wait for the
//! network.

use asalto_core::{Record, Rules};
use asalto_ui::lang::Lang;
use asalto_ui::say::rules_text;
use wasm_split_helpers::{SplitLoaderError, wasm_split};

/// A part of the module could not be fetched or instantiated.
#[derive(Debug)]
pub(crate) struct Unloaded;

impl From<SplitLoaderError> for Unloaded {
    fn from(_: SplitLoaderError) -> Unloaded {
        Unloaded
    }
}

/// Why a figure was not made: its part did not load, or the record was
/// refused.
pub(crate) enum FigureError {
    /// The part did not load.
    Part,
    /// The record was refused: why.
    Record(String),
}

impl From<SplitLoaderError> for FigureError {
    fn from(_: SplitLoaderError) -> FigureError {
        FigureError::Part
    }
}

/// The figure (SVG) of `record`'s last position.
#[wasm_split(figure, fallible, preload(prefetch_figure))]
pub(crate) fn figure_svg(
    record: Record,
    options: asalto_diagram::Options,
) -> Result<String, FigureError> {
    asalto_diagram::svg(&record, None, &options).map_err(|e| FigureError::Record(e.to_string()))
}

/// The Rules dialog's text: `rules` in plain words, in `lang`.
#[wasm_split(rules, fallible, preload(prefetch_rules))]
pub(crate) fn rules_html(lang: Lang, rules: Rules) -> Result<String, Unloaded> {
    Ok(rules_text::html(lang, &rules))
}
