//! Where a board's elements are: the game page's document or an embedded
//! board's shadow root ([`Root`]), and what the board writes on them
//! outside the canvas and the panel: the markup's words in the board's
//! language, the reader's choices shown, the colours read from CSS.

use std::cell::Cell;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    Document, Element, EventTarget, HtmlInputElement, HtmlSelectElement, ShadowRoot, Window,
};

use crate::render::Theme;
use asalto_ui::keep::settings::Settings;
use asalto_ui::lang::Lang;
use asalto_ui::words::page::{self as words, PAGE};

/// Writes `text` into `element` when it differs (a screen reader hears
/// a live region only when its words change).
pub(crate) fn set_text(element: &Element, text: &str) {
    if element.text_content().as_deref() != Some(text) {
        element.set_text_content(Some(text));
    }
}

/// Failure to find the element `#id` of the kind the board needs.
#[inline(never)]
fn missing_id(id: &str) -> JsValue {
    missing(&format!("#{id} of the right kind"))
}

/// Failure to find what the page must contain.
pub(crate) fn missing(what: &str) -> JsValue {
    JsValue::from_str(&format!("asalto: the page has no {what}"))
}

/// Where a board's elements are found by id: the game page itself, or the
/// shadow root of an embedded board (see `element`).
#[derive(Clone)]
pub(crate) enum Root {
    /// The game page's document.
    Page(Document),
    /// An embedded board's own tree.
    Shadow(ShadowRoot),
}

impl Root {
    /// The element `#id` in this tree, of type `T`.
    pub(crate) fn find<T: JsCast>(&self, id: &str) -> Result<T, JsValue> {
        self.by_id(id)?.dyn_into().map_err(|_| missing_id(id))
    }

    /// The element `#id` in this tree, of any kind (one copy of the code
    /// for every kind [`Root::find`] is asked for).
    #[inline(never)]
    fn by_id(&self, id: &str) -> Result<Element, JsValue> {
        let found = match self {
            Root::Page(document) => document.get_element_by_id(id),
            Root::Shadow(shadow) => shadow.get_element_by_id(id),
        };
        found.ok_or_else(|| missing_id(id))
    }

    /// The document that makes the tree's elements.
    pub(crate) fn document(&self) -> Option<Document> {
        match self {
            Root::Page(document) => Some(document.clone()),
            Root::Shadow(shadow) => shadow.owner_document(),
        }
    }

    /// The element whose classes choose the board's look (`contrast`,
    /// `no-coordinates`): the page's root, or the embedded board's host.
    pub(crate) fn element(&self) -> Option<Element> {
        match self {
            Root::Page(document) => document.document_element(),
            Root::Shadow(shadow) => Some(shadow.host()),
        }
    }

    /// Where the board hears the keyboard: the whole page, or only its
    /// own tree (so each embedded board keeps its own focus).
    pub(crate) fn keys(&self) -> EventTarget {
        match self {
            Root::Page(document) => document.clone().into(),
            Root::Shadow(shadow) => shadow.clone().into(),
        }
    }
}

/// Shows the reader's choices: the boxes ticked and the look's attributes
/// set (the colours must be read again after).
pub(crate) fn show_comfort(root: &Root, comfort: Settings) -> Result<(), JsValue> {
    for (id, on) in [
        ("opt-coordinates", comfort.coordinates),
        ("opt-contrast", comfort.contrast),
        ("opt-sound", comfort.sound),
        ("opt-threats", comfort.threats),
    ] {
        root.find::<HtmlInputElement>(id)?.set_checked(on);
    }
    if let Some(look) = root.element() {
        look.toggle_attribute_with_force("data-contrast", comfort.contrast)?;
        look.toggle_attribute_with_force("data-no-coordinates", !comfort.coordinates)?;
    }
    Ok(())
}

/// The language of a board nobody chose one for: an embedded board's
/// page's (the nearest `lang` around it), else the browser's first that
/// the interface speaks, else English.
pub(crate) fn language(root: &Root, window: &Window) -> Lang {
    let page = match root {
        Root::Page(_) => None,
        Root::Shadow(shadow) => shadow
            .host()
            .closest("[lang]")
            .ok()
            .flatten()
            .and_then(|e| e.get_attribute("lang")),
    };
    let browser: Vec<String> = window
        .navigator()
        .languages()
        .iter()
        .filter_map(|tag| tag.as_string())
        .collect();
    Lang::first_of(page.iter().chain(&browser).map(String::as_str))
}

/// What writes the markup's words in a language: [`write_words`], which
/// the words part brings (see `parts::install_words`).
pub(crate) type WordsWriter = fn(&Root, Lang) -> Result<(), JsValue>;

thread_local! {
    static WRITER: Cell<Option<WordsWriter>> = const { Cell::new(None) };
}

/// Keeps the writer of the markup's words, once the words part has come.
pub(crate) fn keep_writer(writer: WordsWriter) {
    WRITER.set(Some(writer));
}

/// Writes the markup's words in `lang`, and says which language the board
/// speaks (to the browser, and in the language select). The markup is
/// written in English: until another language's words have come, with the
/// part that writes them, English has nothing to write.
pub(crate) fn speak(root: &Root, lang: Lang) -> Result<(), JsValue> {
    root.find::<HtmlSelectElement>("opt-lang")?
        .set_value(lang.code());
    match WRITER.get() {
        Some(write) => write(root, lang)?,
        None if lang == Lang::En => {}
        None => return Err(missing(&format!("writer of the {} words", lang.name()))),
    }
    match root {
        Root::Page(document) => {
            if let Some(html) = document.document_element()
                && html.get_attribute("lang").as_deref() != Some(lang.code())
            {
                html.set_attribute("lang", lang.code())?;
            }
            document.set_title(lang.of(&words::TITLE));
        }
        // Inside the board: the element's own lang is its page's to set.
        Root::Shadow(shadow) => {
            let children = shadow.children();
            for i in 0..children.length() {
                if let Some(child) = children.item(i) {
                    child.set_attribute("lang", lang.code())?;
                }
            }
        }
    }
    Ok(())
}

/// Writes the markup's words (every `data-t` element of the tree) in
/// `lang`; only what differs, so that a page already in its language is
/// not laid out again.
pub(crate) fn write_words(root: &Root, lang: Lang) -> Result<(), JsValue> {
    let found = match root {
        Root::Page(document) => document.query_selector_all("[data-t]")?,
        Root::Shadow(shadow) => shadow.query_selector_all("[data-t]")?,
    };
    for i in 0..found.length() {
        let Some(element) = found.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
            continue;
        };
        let key = element.get_attribute("data-t").unwrap_or_default();
        for (_, slot, t) in PAGE.iter().filter(|(k, _, _)| *k == key) {
            let text = lang.of(t);
            let attribute = slot.attribute();
            let shown = match attribute {
                None => element.text_content(),
                Some(name) => element.get_attribute(name),
            };
            if shown.as_deref() != Some(text) {
                match attribute {
                    None => element.set_text_content(Some(text)),
                    Some(name) => element.set_attribute(name, text)?,
                }
            }
        }
    }
    Ok(())
}

/// Whether the media query `query` matches.
pub(crate) fn media(window: &Window, query: &str) -> bool {
    window
        .match_media(query)
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// The board's colours, from the CSS custom properties of `element`.
pub(crate) fn read_theme(window: &Window, element: &Element) -> Theme {
    let mut theme = Theme::default();
    let Ok(Some(style)) = window.get_computed_style(element) else {
        return theme;
    };
    let fields: [(&str, &mut String); 11] = [
        ("--board", &mut theme.board),
        ("--ink", &mut theme.ink),
        ("--fortress", &mut theme.fortress),
        ("--attacker", &mut theme.attacker),
        ("--defender", &mut theme.defender),
        ("--rim", &mut theme.rim),
        ("--highlight", &mut theme.highlight),
        ("--target", &mut theme.target),
        ("--danger", &mut theme.danger),
        ("--annotation", &mut theme.annotation),
        ("--hint", &mut theme.hint),
    ];
    for (name, field) in fields {
        if let Ok(value) = style.get_property_value(name) {
            let value = value.trim();
            if !value.is_empty() {
                *field = value.to_owned();
            }
        }
    }
    theme
}
