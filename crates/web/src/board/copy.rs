//! What a board gives away: the game's link, the code that shows it in an
//! article, the set-up editor's position, and the position as a figure
//! (copied to the clipboard, or downloaded); how it went is said in the
//! note line.

use std::rc::Rc;

use asalto_core::{Game, NodeId, Tree};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use super::{LiveBoard, View};
use crate::events;
use crate::parts::{self, PartError};
use crate::root;
use asalto_ui::app::{Msg, PageMsg};
use asalto_ui::keep::embed;
use asalto_ui::keep::link;
use asalto_ui::lang::Say;
use asalto_ui::say::text::Copied;
use asalto_ui::words::page as words;
use asalto_ui::words::play as play_words;

impl LiveBoard {
    /// Copies the link of the game shown (the page's address with the
    /// game's fragment) to the clipboard, marked `&reply` if it is sent
    /// for a friend's reply; how it went comes back as [`PageMsg::Shared`].
    pub(crate) fn share(self: &Rc<Self>, reply: bool) {
        let url = {
            let view = self.view.borrow();
            let href = view.window.location().href().unwrap_or_default();
            let bare = href.split('#').next().unwrap_or_default();
            let fragment = link::fragment(view.app.tree(), view.app.shown());
            let mark = if reply { "&reply" } else { "" };
            format!("{bare}#{fragment}{mark}")
        };
        let done = if reply { Copied::Reply } else { Copied::Link };
        self.to_clipboard(
            &url,
            Box::new(move |copied| {
                Msg::Page(PageMsg::Shared(copied.map_or(Copied::Refused, |()| done)))
            }),
        );
    }

    /// Downloads the position shown as a figure (SVG and PNG), in the
    /// board's look: dark or light as the page, black and white under high
    /// contrast, coordinates as the reader chose; a review's graph goes
    /// with it. The figure's code is a part of the module
    /// ([`parts::download_figure`]).
    pub(crate) fn download_figure(self: &Rc<Self>) {
        let (document, record, options, scale, review) = {
            let view = self.view.borrow();
            let Some(document) = view.window.document() else {
                return;
            };
            let record = view.app.tree().record_to(view.app.shown());
            let theme = if self.comfort.get().contrast {
                asalto_diagram::Theme::Print
            } else if root::media(&view.window, "(prefers-color-scheme: dark)") {
                asalto_diagram::Theme::Dark
            } else {
                asalto_diagram::Theme::Light
            };
            let options = asalto_diagram::Options {
                size: 600,
                theme,
                coordinates: self.comfort.get().coordinates,
            };
            let review = view
                .app
                .review()
                .map(|r| (r.clone(), view.app.game().ply()));
            (document, record, options, view.scale, review)
        };
        let sender = self.sender();
        events::spawn(async move {
            match parts::download_figure(document, record, options, scale, review).await {
                Ok(()) => {}
                Err(PartError::Unloaded) => sender.send(Msg::Page(PageMsg::PartUnloaded)),
                Err(PartError::Refused(e)) => web_sys::console::error_1(&e.into()),
            }
        });
    }

    /// Copies the code that shows the game (all of it, at the move shown)
    /// in an article: an `<asalto-board>` element and an `embed.html`
    /// address; how it went is said in the note line.
    pub(crate) fn copy_embed_code(self: &Rc<Self>) {
        let (code, lang) = {
            let view = self.view.borrow();
            let code = embed::embed_code(view.app.tree(), view.app.shown(), &view.embed_address());
            (code, view.app.lang())
        };
        self.copy(&code, lang.of(&words::EMBED_COPIED).to_owned());
    }

    /// Copies the set-up editor's position: its link (`code` false) or the
    /// code that shows it in an article.
    pub(crate) fn copy_setup(self: &Rc<Self>, code: bool) {
        let (text, done) = {
            let view = self.view.borrow();
            let Some(rules) = view.app.editor().and_then(|e| e.rules()) else {
                return;
            };
            let lang = view.app.lang();
            if code {
                let Ok(game) = Game::new(&rules) else { return };
                let code =
                    embed::embed_code(&Tree::new(&game), NodeId::START, &view.embed_address());
                (code, lang.of(&words::EMBED_COPIED).to_owned())
            } else {
                let href = view.window.location().href().unwrap_or_default();
                let bare = href.split('#').next().unwrap_or_default();
                let url = format!("{bare}#{}", link::encode(&rules.to_string()));
                (url, lang.of(&play_words::SETUP_LINK_COPIED).to_owned())
            }
        };
        self.copy(&text, done);
    }

    /// Copies `text` to the clipboard; the note line then says `done`, or
    /// why it could not be copied.
    fn copy(self: &Rc<Self>, text: &str, done: String) {
        let lang = self.language();
        self.to_clipboard(
            text,
            Box::new(move |copied| {
                Msg::Page(PageMsg::Notice(copied.map_or_else(
                    |e| {
                        let why = e.as_string().unwrap_or_else(|| format!("{e:?}"));
                        Say::plain(lang).f(&words::EMBED_REFUSED, &[&why])
                    },
                    |()| done,
                )))
            }),
        );
    }

    /// Writes `text` to the clipboard (at once: the browser allows it only
    /// while the click that asked is fresh), then sends the message `said`
    /// makes of how it went.
    fn to_clipboard(
        self: &Rc<Self>,
        text: &str,
        said: Box<dyn FnOnce(Result<(), JsValue>) -> Msg>,
    ) {
        let written = self.window().navigator().clipboard().write_text(text);
        let sender = self.sender();
        events::spawn(async move {
            sender.send(said(JsFuture::from(written).await.map(drop)));
        });
    }
}

impl View {
    /// The address of `embed.html` beside the page.
    fn embed_address(&self) -> String {
        let href = self.window.location().href().unwrap_or_default();
        web_sys::Url::new_with_base("embed.html", &href)
            .map(|u| u.href())
            .unwrap_or_else(|_| "embed.html".to_owned())
    }
}
