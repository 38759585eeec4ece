//! The first visit's card (the game page's only): play the computer as
//! either side at a chosen strength, play a friend, or learn the rules;
//! over a game opened from a link, the same choices play on from it.
//! [`WelcomeCard::sync`] shows it while [`App::welcome_shown`]; its
//! buttons send [`Msg::Welcome`](asalto_ui::app::Msg::Welcome) (Play a
//! friend and Learn by the message their markup names, `data-msg`; the
//! others from `listen`).

use asalto_core::Side;
use asalto_search::Level;
use web_sys::{HtmlElement, HtmlSelectElement};

use crate::root::Root;
use asalto_ui::app::App;
use asalto_ui::lang::Lang;
use asalto_ui::say::text;
use asalto_ui::words::play as words;

/// The level the card offers first: strong enough to be a game, weak
/// enough for a newcomer to win.
pub const FIRST_LEVEL: Level = Level::Soldier;

/// The card's elements.
pub(crate) struct WelcomeCard {
    card: HtmlElement,
    /// Its titles: a first visit's, and a link's game's (play on).
    titles: [HtmlElement; 2],
    sides: [HtmlElement; 2],
    level: HtmlSelectElement,
    /// The language its words were last written in.
    written: Option<Lang>,
}

impl WelcomeCard {
    /// The card of `root`.
    pub(crate) fn new(root: &Root) -> Result<WelcomeCard, wasm_bindgen::JsValue> {
        Ok(WelcomeCard {
            card: root.find("welcome")?,
            titles: [root.find("welcome-title")?, root.find("welcome-link")?],
            sides: [root.find("welcome-attack")?, root.find("welcome-defend")?],
            level: root.find("welcome-level")?,
            written: None,
        })
    }

    /// Shows or hides the card; writes its words in the reader's language.
    pub(crate) fn sync(&mut self, app: &App) {
        let shown = app.welcome_shown();
        self.card.set_hidden(!shown);
        let title = usize::from(app.link_view());
        if self.titles[title].hidden() {
            self.titles[title].set_hidden(false);
            self.titles[1 - title].set_hidden(true);
            let _ = self
                .card
                .set_attribute("aria-labelledby", &self.titles[title].id());
        }
        // Written in each language as it is chosen, shown or not.
        if self.written == Some(app.lang()) {
            return;
        }
        self.written = Some(app.lang());
        let say = app.say();
        for (button, side) in self.sides.iter().zip([Side::Attacker, Side::Defender]) {
            button.set_text_content(Some(&say.of(side).t(&words::WELCOME_AS)));
        }
        // Written again in the new language, the choice kept.
        let chosen = match self.level.length() {
            0 => Level::ALL
                .iter()
                .position(|&l| l == FIRST_LEVEL)
                .unwrap_or(0),
            _ => self.level.selected_index().max(0) as usize,
        };
        let options: String = Level::ALL
            .iter()
            .enumerate()
            .map(|(i, &level)| {
                let selected = if i == chosen { " selected" } else { "" };
                format!(
                    "<option value=\"{i}\"{selected}>{}</option>",
                    text::level_name(app.lang(), level)
                )
            })
            .collect();
        self.level.set_inner_html(&options);
    }
}

/// The level chosen on the card of `root` (the first level if it has none).
pub(crate) fn chosen_level(root: &Root) -> Level {
    root.find::<HtmlSelectElement>("welcome-level")
        .ok()
        .and_then(|s| s.value().parse::<usize>().ok())
        .and_then(|i| Level::ALL.get(i).copied())
        .unwrap_or(FIRST_LEVEL)
}
