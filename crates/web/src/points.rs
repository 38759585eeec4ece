//! The board's points as buttons over the canvas (`#points`): each named
//! by its point and what stands on it, so a screen reader reads the board
//! and plays on it; the keyboard moves among them along the board's lines
//! (`asalto_ui::board::cursor`), one of them in the tab order at a time.
//! They let the pointer through to the canvas.

use asalto_core::{BoardId, Point, PointSet, PositionKey};
use wasm_bindgen::prelude::*;
use web_sys::{Document, Element, HtmlElement};

use asalto_ui::app::App;
use asalto_ui::board::cursor::{self, Arrow};
use asalto_ui::board::layout::{Layout, px};
use asalto_ui::lang::Say;
use asalto_ui::say::text;

/// The point buttons of one board.
pub(crate) struct Points {
    group: Element,
    document: Document,
    /// The board they were made for, their buttons and labels.
    board: Option<BoardId>,
    buttons: Vec<(Point, HtmlElement, String)>,
    layout: Option<Layout>,
    /// What the buttons' names were written for: the position, the points
    /// picked and the points that may be picked.
    named: Option<(PositionKey, Vec<Point>, PointSet, Say, PointSet, PointSet)>,
    /// The point in the tab order.
    cursor: Option<Point>,
}

impl Points {
    /// The buttons will live in `group` (made by `document`).
    pub(crate) fn new(group: Element, document: Document) -> Points {
        Points {
            group,
            document,
            board: None,
            buttons: Vec::new(),
            layout: None,
            named: None,
            cursor: None,
        }
    }

    /// The point a button stands for.
    pub(crate) fn point_of(element: &Element) -> Option<Point> {
        element
            .closest("[data-point]")
            .ok()
            .flatten()?
            .get_attribute("data-point")?
            .parse()
            .ok()
    }

    /// Makes the buttons match the state: one per point of the board, over
    /// its point, named for what stands there.
    pub(crate) fn sync(&mut self, app: &App) -> Result<(), JsValue> {
        let id = app.game().rules().board;
        if self.board != Some(id) {
            self.group.set_inner_html("");
            self.buttons.clear();
            for p in id.board().points().iter() {
                let button: HtmlElement = self.document.create_element("button")?.unchecked_into();
                button.set_attribute("type", "button")?;
                button.set_attribute("data-point", &p.to_string())?;
                button.set_tab_index(-1);
                self.group.append_child(&button)?;
                self.buttons.push((p, button, String::new()));
            }
            self.board = Some(id);
            self.layout = None;
            self.named = None;
            // The cursor starts at the middle of the board.
            let board = id.board();
            let (w, h) = (i32::from(board.width()), i32::from(board.height()));
            let middle = board.points().iter().min_by_key(|p| {
                let (x, y) = (i32::from(p.file()), i32::from(p.rank()));
                (2 * x + 1 - w).abs() + (2 * y - 1 - h).abs()
            });
            self.cursor = None;
            if let Some(p) = middle {
                self.set_cursor(p, false);
            }
        }
        if self.layout != Some(app.layout()) {
            let l = app.layout();
            let size = px(l.spacing * 0.8);
            for (p, button, _) in &self.buttons {
                let (x, y) = l.pixel(*p);
                let style = button.style();
                style.set_property("left", &px(x))?;
                style.set_property("top", &px(y))?;
                style.set_property("width", &size)?;
                style.set_property("height", &size)?;
            }
            self.layout = Some(l);
        }
        // The names change with the position and the move being entered,
        // not with every pointer move.
        let position = app.position();
        let targets = app.targets();
        let picked = app.pick().route();
        let say = app.say();
        let [attackers, defenders] = app.pieces();
        let named = (
            position.key(),
            picked.to_vec(),
            targets,
            say,
            attackers,
            defenders,
        );
        if self.named.as_ref() == Some(&named) {
            return Ok(());
        }
        self.named = Some(named);
        for (p, button, shown) in &mut self.buttons {
            let label = match app.editor() {
                // In the set-up editor: what stands there, chosen in turn.
                Some(_) => text::setup_label(say, attackers, defenders, *p),
                None => text::point_label(say, position, *p, picked, targets),
            };
            if *shown != label {
                button.set_attribute("aria-label", &label)?;
                *shown = label;
            }
        }
        Ok(())
    }

    /// Puts `p` in the tab order, and the focus on it if `focus`.
    fn set_cursor(&mut self, p: Point, focus: bool) {
        for (q, button, _) in &self.buttons {
            if *q == p {
                button.set_tab_index(0);
                if focus {
                    let _ = button.focus();
                }
            } else if Some(*q) == self.cursor {
                button.set_tab_index(-1);
            }
        }
        self.cursor = Some(p);
    }

    /// Moves the focus from the button of `from` for `arrow`, along the
    /// board's lines as the board is shown.
    pub(crate) fn step(&mut self, app: &App, from: Point, arrow: Arrow) {
        let arrow = if app.layout().flipped {
            arrow.flipped()
        } else {
            arrow
        };
        let to = cursor::step(app.game().rules().board(), from, arrow);
        self.set_cursor(to, true);
    }

    /// Remembers `p` as the cursor (after a click on its button).
    pub(crate) fn chosen(&mut self, p: Point) {
        self.set_cursor(p, false);
    }
}
