//! The set-up editor's card: who moves, the presets of the board in the reader's language and what the core
//! crate makes of the position.

use asalto_core::Side;
use web_sys::{Element, HtmlElement, HtmlSelectElement};

use crate::root::Root;
use asalto_ui::app::App;
use asalto_ui::lang::capitalise;
use asalto_ui::say::text;

/// The editor's card, its side-to-move and rules selects and its verdict
/// on the position.
pub(crate) struct EditorCard {
    editor: HtmlElement,
    turn: HtmlSelectElement,
    rules: HtmlSelectElement,
    state: Element,
}

impl EditorCard {
    /// The card of `root`.
    pub(crate) fn new(root: &Root) -> Result<EditorCard, wasm_bindgen::JsValue> {
        Ok(EditorCard {
            editor: root.find("editor")?,
            turn: root.find("ed-turn")?,
            rules: root.find("ed-rules")?,
            state: root.find("ed-state")?,
        })
    }

    /// Shows the card while the editor is open.
    pub(crate) fn sync(&self, app: &App) {
        let editing = app.editor();
        self.editor.set_hidden(editing.is_none());
        let Some(editor) = editing else { return };
        let say = app.say();
        let options = self.turn.children();
        for (i, side) in [Side::Attacker, Side::Defender].into_iter().enumerate() {
            if let Some(option) = options.item(i as u32) {
                option.set_text_content(Some(&capitalise(say.side(side, false))));
            }
        }
        self.turn.set_value(editor.turn.name());
        let options: String = editor
            .presets()
            .iter()
            .map(|&p| {
                let name = text::preset_name(app.lang(), p)
                    .replace('&', "&amp;")
                    .replace('<', "&lt;");
                format!("<option value=\"{}\">{name}</option>", p.name())
            })
            .collect();
        if self.rules.inner_html() != options {
            self.rules.set_inner_html(&options);
        }
        self.rules.set_value(editor.base.preset.name());
        self.state.set_text_content(Some(&editor.state(say)));
    }
}
