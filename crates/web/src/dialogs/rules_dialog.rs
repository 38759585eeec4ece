//! The Rules dialog: the game's rules in plain words
//! (`asalto_ui::say::rules_text`, in a part of the module: `parts`), with
//! the source they come from and where the sources disagree, written when
//! it opens and kept in step while open.

use std::cell::Cell;
use std::rc::Rc;

use asalto_core::Rules;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlDialogElement};

use crate::events::{self, Sender};
use crate::parts;
use crate::root::Root;
use asalto_ui::app::{Msg, PageMsg};
use asalto_ui::lang::Lang;

/// The Rules dialog and the rules its text was written for.
pub(crate) struct RulesDialog {
    dialog: HtmlDialogElement,
    text: Element,
    /// The rules and language of the text last asked for (written once
    /// its part is loaded).
    shown: Rc<Cell<Option<(Rules, Lang)>>>,
}

impl RulesDialog {
    /// The dialog of `root` (`#rules-dialog`, its text in `#rules-text`).
    pub(crate) fn new(root: &Root) -> Result<RulesDialog, JsValue> {
        Ok(RulesDialog {
            dialog: root.find("rules-dialog")?,
            text: root.find("rules-text")?,
            shown: Rc::default(),
        })
    }

    /// Opens it on `rules`, in `lang`, once its text is written; a part
    /// that does not load is said through `sender`.
    pub(crate) fn show(&self, rules: &Rules, lang: Lang, sender: Sender) {
        self.write(rules, lang, Some(sender));
    }

    /// Keeps it open on the rules shown, in the board's language.
    pub(crate) fn sync(&self, rules: &Rules, lang: Lang) {
        if self.dialog.open() {
            self.write(rules, lang, None);
        }
    }

    /// Writes the text for `rules` if it was written for others (only
    /// when the dialog opens or is open: it costs nothing at startup),
    /// then opens the dialog if `opening` (with the sender of the board's
    /// messages).
    fn write(&self, rules: &Rules, lang: Lang, opening: Option<Sender>) {
        let dialog = self.dialog.clone();
        let open = move || {
            if !dialog.open() {
                let _ = dialog.show_modal();
            }
        };
        if self.shown.get() == Some((*rules, lang)) {
            if opening.is_some() {
                open();
            }
            return;
        }
        self.shown.set(Some((*rules, lang)));
        let (text, shown, rules) = (self.text.clone(), Rc::clone(&self.shown), *rules);
        events::spawn(async move {
            match parts::rules_html(lang, rules).await {
                // Only the text last asked for.
                Ok(html) if shown.get() == Some((rules, lang)) => {
                    text.set_inner_html(&html);
                    if opening.is_some() {
                        open();
                    }
                }
                Ok(_) => {}
                Err(parts::Unloaded) => {
                    shown.set(None);
                    if let Some(sender) = opening {
                        sender.send(Msg::Page(PageMsg::PartUnloaded));
                    }
                }
            }
        });
    }
}
