//! The Rules dialog: the game's rules in plain words
//! (`asalto_ui::say::rules_text`), with the source they come from and where
//! the sources disagree, written when it opens and kept in step while open.

use asalto_core::Rules;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlDialogElement};

use crate::root::Root;
use asalto_ui::lang::Lang;
use asalto_ui::say::rules_text;

/// The Rules dialog and the rules its text was written for.
pub(crate) struct RulesDialog {
    dialog: HtmlDialogElement,
    text: Element,
    shown: Option<(Rules, Lang)>,
}

impl RulesDialog {
    /// The dialog of `root` (`#rules-dialog`, its text in `#rules-text`).
    pub(crate) fn new(root: &Root) -> Result<RulesDialog, JsValue> {
        Ok(RulesDialog {
            dialog: root.find("rules-dialog")?,
            text: root.find("rules-text")?,
            shown: None,
        })
    }

    /// Opens it on `rules`, in `lang`.
    pub(crate) fn show(&mut self, rules: &Rules, lang: Lang) {
        self.write(rules, lang);
        let _ = self.dialog.show_modal();
    }

    /// Keeps it open on the rules shown, in the board's language.
    pub(crate) fn sync(&mut self, rules: &Rules, lang: Lang) {
        if self.dialog.open() {
            self.write(rules, lang);
        }
    }

    /// Writes the text for `rules` if it was written for others (only
    /// when the dialog opens or is open: it costs nothing at startup).
    fn write(&mut self, rules: &Rules, lang: Lang) {
        if self.shown != Some((*rules, lang)) {
            self.shown = Some((*rules, lang));
            self.text.set_inner_html(&rules_text::html(lang, rules));
        }
    }
}
