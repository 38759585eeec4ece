//! The panel's cards that only a lesson, a puzzle, a review or the set-up
//! editor shows: their code is a part of the module (`cards`), fetched
//! the first time one of them is needed ([`needed`]) or when the game page
//! prefetches its parts. Until it has come they stay as the markup has
//! them: hidden.

use wasm_split_helpers::wasm_split;

use crate::panel::editor_card::EditorCard;
use crate::panel::lesson_card::LessonCard;
use crate::panel::puzzle_card::PuzzleCard;
use crate::panel::review_box::ReviewBox;
use crate::parts::PartError;
use crate::root::Root;
use asalto_ui::app::App;

/// The cards, written from the state.
pub(crate) trait Written {
    /// Writes each card from `app`, showing only those it needs.
    fn sync(&mut self, app: &App);
}

/// One board's cards: none until their part has come.
pub(crate) struct Cards {
    written: Option<Box<dyn Written>>,
    /// Whether their part was asked for since no card was needed.
    asked: bool,
    /// The tree their elements are in.
    root: Root,
}

impl Cards {
    /// The cards of `root`, their part not yet asked for.
    pub(crate) fn new(root: Root) -> Cards {
        Cards {
            written: None,
            asked: false,
            root,
        }
    }

    /// Writes them from `app`, once their part has come.
    pub(crate) fn sync(&mut self, app: &App) {
        if let Some(written) = &mut self.written {
            written.sync(app);
        }
    }

    /// The tree of their elements, the first time a card is needed
    /// ([`needed`]) and their part was not asked for since none was; the
    /// part then comes through [`Cards::set`]. (A part that did not come
    /// is asked for again when a card is next needed.)
    pub(crate) fn wanted(&mut self, app: &App) -> Option<Root> {
        if self.written.is_some() {
            return None;
        }
        if !needed(app) {
            self.asked = false;
            return None;
        }
        if self.asked {
            return None;
        }
        self.asked = true;
        Some(self.root.clone())
    }

    /// Takes the code that writes them, its part come.
    pub(crate) fn set(&mut self, written: Box<dyn Written>) {
        self.written = Some(written);
    }
}

/// Whether `app` shows one of the cards.
fn needed(app: &App) -> bool {
    app.lesson().is_some()
        || app.puzzle().is_some()
        || app.review().is_some()
        || app.editor().is_some()
}

/// The four cards of one board.
struct Four {
    lesson: LessonCard,
    puzzle: PuzzleCard,
    review: ReviewBox,
    editor: EditorCard,
}

impl Written for Four {
    fn sync(&mut self, app: &App) {
        self.lesson.sync(app);
        self.puzzle.sync(app);
        self.review.sync(app, app.say());
        self.editor.sync(app);
    }
}

/// The cards of `root` (which must hold the frame's elements,
/// www/parts/frame.html).
#[wasm_split(cards, fallible, preload(prefetch))]
pub(crate) fn cards(root: Root) -> Result<Box<dyn Written>, PartError> {
    let found = || -> Result<Four, wasm_bindgen::JsValue> {
        Ok(Four {
            lesson: LessonCard::new(&root)?,
            puzzle: PuzzleCard::new(&root)?,
            review: ReviewBox::new(&root)?,
            editor: EditorCard::new(&root)?,
        })
    };
    match found() {
        Ok(four) => Ok(Box::new(four)),
        Err(e) => Err(PartError::Refused(
            e.as_string()
                .unwrap_or_else(|| "a card is missing".to_owned()),
        )),
    }
}
