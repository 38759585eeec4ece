//! The files' letters and the ranks' numbers along the board's edges: text
//! over the canvas (`.coordinates`, hidden by CSS when the reader turns
//! them off), placed where [`Layout::coordinates`] says. Text in the page
//! costs nothing to start, where the canvas's first text waits for fonts.

use std::fmt::Write;

use wasm_bindgen::prelude::*;
use web_sys::{Document, Element, HtmlElement};

use asalto_ui::board::layout::{Layout, px};

/// The coordinates of one board.
pub(crate) struct Coordinates {
    group: HtmlElement,
    /// The layout they were placed for.
    placed: Option<Layout>,
}

impl Coordinates {
    /// Makes their element, just before `points` (the point buttons).
    pub(crate) fn new(document: &Document, points: &Element) -> Result<Coordinates, JsValue> {
        let group: HtmlElement = document.create_element("div")?.unchecked_into();
        group.set_class_name("coordinates");
        group.set_attribute("aria-hidden", "true")?;
        points.before_with_node_1(&group)?;
        Ok(Coordinates {
            group,
            placed: None,
        })
    }

    /// Places them for layout `l`, if they were placed for another.
    pub(crate) fn place(&mut self, l: Layout) -> Result<(), JsValue> {
        if self.placed == Some(l) {
            return Ok(());
        }
        self.placed = Some(l);
        let labels = l.coordinates();
        let mut html = String::new();
        for (_, text) in &labels {
            let _ = write!(html, "<span>{text}</span>");
        }
        self.group.set_inner_html(&html);
        // Placed through the style object, not style attributes, which a
        // page's Content-Security-Policy may refuse.
        let spans = self.group.children();
        for (i, ((x, y), _)) in (0..).zip(&labels) {
            if let Some(span) = spans.item(i) {
                let style = span.unchecked_into::<HtmlElement>().style();
                style.set_property("left", &px(*x))?;
                style.set_property("top", &px(*y))?;
            }
        }
        self.group
            .style()
            .set_property("font-size", &px(l.spacing * 0.24))
    }
}
