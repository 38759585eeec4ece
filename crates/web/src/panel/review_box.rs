//! The review's part of the panel: its progress while it runs, then its
//! counts, the graph (turns along its axis, the sides named) and the table
//! of mistakes, each written only when it changed.

use asalto_search::review::Class;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlElement};

use crate::root::Root;
use asalto_ui::app::App;
use asalto_ui::lang::Say;
use asalto_ui::study::graph;
use asalto_ui::words::play as play_words;

/// The review's part of the panel.
pub(crate) struct ReviewBox {
    boxed: HtmlElement,
    status: Element,
    progress: Element,
    cancel: HtmlElement,
    graph: Element,
    table: Element,
    /// The graph and the table as last written.
    written: (String, String),
}

impl ReviewBox {
    pub(crate) fn new(root: &Root) -> Result<ReviewBox, JsValue> {
        let table: Element = root.find("review-table")?;
        Ok(ReviewBox {
            boxed: root.find("review-box")?,
            status: root.find("review-status")?,
            progress: root.find("review-progress")?,
            cancel: root.find("review-cancel")?,
            graph: root.find("graph")?,
            table: table.first_element_child().unwrap_or(table),
            written: Default::default(),
        })
    }

    /// Shows the review: its progress while it runs, then its counts; the
    /// graph at the ply shown and the table of its mistakes.
    pub(crate) fn sync(&mut self, app: &App, say: Say) {
        let Some(review) = app.review() else {
            self.boxed.set_hidden(true);
            return;
        };
        self.boxed.set_hidden(false);
        let (done, all) = review.progress();
        self.cancel.set_hidden(review.done());
        let _ = self.progress.set_attribute("max", &all.to_string());
        let _ = self.progress.set_attribute("value", &done.to_string());
        let _ = self
            .progress
            .toggle_attribute_with_force("hidden", review.done());
        let status = if review.done() {
            let count = |c| {
                review
                    .moves
                    .iter()
                    .flatten()
                    .filter(|r| r.class == c)
                    .count()
                    .to_string()
            };
            say.f(
                &play_words::REVIEWED,
                &[
                    &count(Class::Inaccuracy),
                    &count(Class::Mistake),
                    &count(Class::Blunder),
                ],
            )
        } else {
            say.f(
                &play_words::REVIEWING,
                &[&done.to_string(), &all.to_string()],
            )
        };
        self.status.set_text_content(Some(&status));
        let series = review.series();
        let graph = graph::svg(&series, &review.moves, &review.captures(), app.game().ply())
            + &graph::labels(say, series.len().saturating_sub(1));
        let table = graph::table(
            say,
            &series,
            &review.moves,
            &review.texts(),
            &review.better(),
        );
        if self.written != (graph.clone(), table.clone()) {
            self.graph.set_inner_html(&graph);
            self.table.set_inner_html(&table);
            self.written = (graph, table);
        }
    }
}
